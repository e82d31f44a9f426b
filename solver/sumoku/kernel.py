"""Sumoku's kernels (``cext/sumoku/``) as the toolkit calls them, and what they are compiled
with: the kernels import nothing from ``solver/`` (DESIGN.md).

* :func:`constants` — every number the kernels share with this readable code (the tiles'
  numbering, a line's lengths, a "6" read as 9, the key die, the players' codes, the rows of
  the result arrays), written into ``cext/sumoku/constants.pxd`` when the package is built
  (:mod:`solver.kernel_constants`).
* :func:`config` — the plain configuration of one call: the rules and each seat's player as
  numbers.
* :func:`play_chunk`, :func:`trace_game` and :func:`count_plays` — the main game's kernel
  with the rules and players of the rest of the toolkit (``play_chunk`` is the game's
  registered kernel). The line and layout kernels take plain numbers and lists already
  (``cext.sumoku.lines.check_lines``, ``cext.sumoku.layout.search_kinds``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from solver.kernel_constants import player_codes
from solver.registry import DRAW
from solver.sumoku.engine import GAME_COLUMNS, SEAT_COLUMNS
from solver.sumoku.lines import ENCODED_MAX, MAX_LINE, MIN_LINE
from solver.sumoku.policies import (LOOKAHEAD_WIDTH, MAX_BUDGET, PLAYERS, POLICY_NAMES, SEARCH,
                                    SEARCH_ROLLOUT)
from solver.sumoku.rules import KEY_CHALLENGE, KEY_DIE, SumokuRules
from solver.sumoku.tiles import (COPIES, KEY_FACES, NINE, NKINDS, NTILES, NUMBERS, SIX, is_six,
                                 kind_colour, kind_number)

KEY_MODES = ("fixed", KEY_DIE, KEY_CHALLENGE)
"""How the key is set, in the kernel's codes: a fixed number, rolled, or the challenge."""
STANDARD = ("winner", "turns", "decision_turns")


def constants() -> tuple[dict[str, int], dict[str, tuple[str, list[Any]]]]:
    """The enums and tables ``cext/sumoku/constants.pxd`` holds."""
    enums = {"NKINDS": NKINDS, "NUMBERS": NUMBERS, "COPIES": COPIES, "NTILES": NTILES,
             "MIN_LINE": MIN_LINE, "MAX_LINE": MAX_LINE, "ENCODED_MAX": ENCODED_MAX, "SIX": SIX,
             "NINE": NINE,             "DRAW": DRAW, "MAXP": SumokuRules.parameters()["players"].high,
             "WIDTH": LOOKAHEAD_WIDTH, "MAX_BUDGET": MAX_BUDGET,
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES), "P_ROLLOUT": POLICY_NAMES.index(SEARCH_ROLLOUT),
             **{f"K_{mode.upper()}": code for code, mode in enumerate(KEY_MODES)},
             **{f"G_{name.upper()}": row for row, name in enumerate((*STANDARD, *GAME_COLUMNS))},
             "NGAME": len(STANDARD) + len(GAME_COLUMNS),
             **{f"S_{name.upper()}": row for row, name in enumerate(SEAT_COLUMNS)},
             "NSEAT": len(SEAT_COLUMNS)}
    arrays = {"KIND_COLOUR": ("int", [kind_colour(k) for k in range(NKINDS)]),
              "KIND_NUMBER": ("int", [kind_number(k) for k in range(NKINDS)]),
              "KIND_IS_SIX": ("int", [int(is_six(k)) for k in range(NKINDS)]),
              "KEY_FACES": ("int", list(KEY_FACES))}
    return enums, arrays


def config(rules: SumokuRules, policies: Sequence[str]) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (checked names)."""
    if len(policies) != rules.players:
        raise ValueError(f"need {rules.players} policies, got {len(policies)}")
    codes, budgets = player_codes(PLAYERS, policies, POLICY_NAMES, SEARCH)
    mode = KEY_MODES.index(rules.key) if rules.key in KEY_MODES else 0
    return {"players": rules.players, "hand": rules.hand, "key_mode": mode,
            "fixed_key": rules.fixed_key or 0, "six_is_nine": rules.six_is_nine,
            "per_line": rules.six_value == "per_line",
            "smallest_hand": rules.start == "smallest_hand",
            "tie_random": rules.start_tie == "random", "stuck_draw": rules.stuck == "draw",
            "single_both": rules.single_tile == "both", "bonus": rules.bonus,
            "out_ends": rules.out_ends, "penalty": rules.penalty, "policy": codes,
            "budget": budgets}


def play_chunk(rules: SumokuRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key by the kernel: the declared result columns (the registered kernel)."""
    from cext.sumoku.play import play_chunk as kernel

    game, seat = kernel(config(rules, policies), np.ascontiguousarray(keys, dtype=np.uint64))
    result = {name: game[row] for row, name in enumerate((*STANDARD, *GAME_COLUMNS))}
    result.update({f"seat_{name}": seat[row] for row, name in enumerate(SEAT_COLUMNS)})
    return result


def trace_game(rules: SumokuRules, policies: Sequence[str], key: int,
               cap: int = 1 << 16) -> tuple[np.ndarray, dict[str, Any]]:
    """One game by the kernel: its decisions ``(seat, number of plays, chosen index)`` and its
    final state (the reference engine's ``trace`` and board)."""
    from cext.sumoku.play import trace_game as kernel

    return kernel(config(rules, policies), key, cap)


def count_plays(rules: SumokuRules, cells: Mapping[tuple[int, int], tuple[int, int]],
                hand: Sequence[int], key: int, repeat: int = 1) -> int:
    """The number of legal plays of ``hand`` on a board of ``cells``, by the kernel's move
    generator (``repeat`` times, for timing)."""
    from cext.sumoku.play import count_plays as kernel

    return kernel(config(rules, ["greedy"] * rules.players), cells, hand, key, repeat)
