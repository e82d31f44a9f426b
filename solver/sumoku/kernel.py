"""Sumoku's kernels (``cext/sumoku/``) as the toolkit calls them, and what they are compiled
with: the kernels import nothing from ``solver/`` (tests/test_architecture.py).

* :func:`constants` — every number the kernels share with this readable code (the tiles'
  numbering, a line's lengths, a "6" read as 9, the key die, the players' codes, the rows of
  the result arrays), written into ``cext/sumoku/constants.pxd`` when the package is built
  (:mod:`numbergames.solver.kernel_constants`).
* :func:`config` — the plain configuration of one call: the rules as the kernel's ``Rules``
  struct holds them (:func:`numbergames.solver.kernel_rules.values`; the struct is made from
  :data:`RULES` into the same constants.pxd) and how the key is set, and each seat's player
  as numbers.
* :func:`play_chunk` (the game's registered kernel: whole games, their result rows),
  :func:`kernel_state` (one kernel game node by node through the decision API in C,
  ``cext/common/decisions.pxi``) and :func:`count_plays` (the kernel's move generator) —
  the main game's kernel with the rules and players of the rest of the toolkit;
  :func:`state_view` is the reference state (:mod:`numbergames.solver.sumoku.state`) as the kernel's
  ``KernelState.view()`` gives its own. The line and layout kernels take plain numbers and
  lists already (``numbergames.cext.sumoku.lines.check_lines``, ``numbergames.cext.sumoku.layout.search_kinds``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from numbergames.solver import kernel_rules
from numbergames.solver.kernel_constants import player_codes
from numbergames.solver.kernel_rows import split
from numbergames.solver.registry import DRAW
from numbergames.solver.sumoku.board import FREE
from numbergames.solver.sumoku.lines import ENCODED_MAX, MAX_LINE, MIN_LINE
from numbergames.solver.sumoku.policies import (LOOKAHEAD_WIDTH, MAX_BUDGET, MCTS, MCTS_EXPLORATION_PERMILLE,
                                    MCTS_SCALE, MCTS_TURNS, MCTS_WIDTH, PLAYERS, POLICY_NAMES,
                                    SEARCH, SEARCH_ROLLOUT)
from numbergames.solver.sumoku.rules import KEY_CHALLENGE, KEY_DIE, SumokuRules
from numbergames.solver.sumoku.state import BONUS, DEAL, KEY, OVER, PASS, PLAY, REFILL, START, SumokuState
from numbergames.solver.sumoku.tiles import (COPIES, KEY_FACES, NINE, NKINDS, NTILES, NUMBERS, SIX, is_six,
                                 kind_colour, kind_number)

RULES = SumokuRules
"""The rules the kernel's Config holds as one ``Rules`` struct (``c.rules``), made from the
dataclass's fields with their codes (``SIX_VALUE_*``, ``STUCK_*`` ...) by
:mod:`numbergames.solver.kernel_rules`; how the key is set (``key_mode``, ``fixed_key``) is
the one thing the Config holds that is worked out from them (:func:`config`)."""
KEY_MODES = ("fixed", KEY_DIE, KEY_CHALLENGE)
"""How the key is set, in the kernel's codes: a fixed number, rolled, or the challenge."""
PHASES = {"DEAL": DEAL, "START": START, "KEY": KEY, "PLAY": PLAY, "BONUS": BONUS,
          "REFILL": REFILL, "OVER": OVER}
"""The nodes of a game (:mod:`numbergames.solver.sumoku.state`), the kernel's ``PH_*``."""


def constants() -> tuple[dict[str, int], dict[str, tuple[str, list[Any]]]]:
    """The enums and tables ``cext/sumoku/constants.pxd`` holds."""
    enums = {"NKINDS": NKINDS, "NUMBERS": NUMBERS, "COPIES": COPIES, "NTILES": NTILES,
             "MIN_LINE": MIN_LINE, "MAX_LINE": MAX_LINE, "ENCODED_MAX": ENCODED_MAX, "SIX": SIX,
             "NINE": NINE, "FREE": FREE, "DRAW": DRAW, "PASS": PASS, "NFACES": len(KEY_FACES),
             **{f"PH_{name}": code for name, code in PHASES.items()},
             "MAXP": SumokuRules.parameters()["players"].high,
             "WIDTH": LOOKAHEAD_WIDTH, "MAX_BUDGET": MAX_BUDGET, "MCTS_WIDTH": MCTS_WIDTH,
             "MCTS_TURNS": MCTS_TURNS, "MCTS_SCALE": MCTS_SCALE,
             "MCTS_EXPLORATION_PERMILLE": MCTS_EXPLORATION_PERMILLE,
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES), "P_MCTS": len(POLICY_NAMES) + 1,
             "P_ROLLOUT": POLICY_NAMES.index(SEARCH_ROLLOUT),
             **{f"K_{mode.upper()}": code for code, mode in enumerate(KEY_MODES)}}
    arrays = {"KIND_COLOUR": ("int", [kind_colour(k) for k in range(NKINDS)]),
              "KIND_NUMBER": ("int", [kind_number(k) for k in range(NKINDS)]),
              "KIND_IS_SIX": ("int", [int(is_six(k)) for k in range(NKINDS)]),
              "KEY_FACES": ("int", list(KEY_FACES))}
    return enums, arrays


def config(rules: SumokuRules, policies: Sequence[str],
           exact_actions: bool = True) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (checked names).
    ``exact_actions``: the ids the kernel's players return are the canonical indices of
    the plays, as the reference players return them; without it the greedy, lookahead and
    search players prune the move generation (branch and bound, faster) and an id they
    return is good only for the ``apply_action`` that follows it (``cext/sumoku/policies.pxi``)."""
    if len(policies) != rules.players:
        raise ValueError(f"need {rules.players} policies, got {len(policies)}")
    codes, budgets = player_codes(PLAYERS, policies, POLICY_NAMES, SEARCH, MCTS)
    mode = KEY_MODES.index(rules.key) if rules.key in KEY_MODES else 0
    return {"rules": kernel_rules.values(rules), "key_mode": mode,
            "fixed_key": rules.fixed_key or 0, "policy": codes, "budget": budgets,
            "exact_actions": exact_actions}


def play_chunk(rules: SumokuRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key by the kernel: the declared result columns (the registered kernel)."""
    from numbergames.cext.sumoku.play import play_chunk as kernel
    from numbergames.solver.sumoku import SPEC

    rows = kernel(config(rules, policies, exact_actions=False),
                  np.ascontiguousarray(keys, dtype=np.uint64))
    return split(SPEC, rows, rules.players)


def kernel_state(rules: SumokuRules, policies: Sequence[str], key: int):
    """The kernel's game of ``key`` at its start, node by node (``KernelState``: the methods
    of the reference State, in C), with ``policies``' players deciding exactly as the
    reference players do (canonical action ids)."""
    from numbergames.cext.sumoku.play import KernelState

    return KernelState(config(rules, policies), key)


def state_view(state: SumokuState) -> tuple:
    """The reference ``state`` as the kernel's ``KernelState.view()`` gives its own: the
    node, the seat to move, the key, the turn's counters, the tie, the bag's kinds, the
    hands' kinds, the board and the seats' tallies (not the bag's order, nor the streams)."""
    n = state.num_players
    counts = [0] * NKINDS
    for t in state.bag:
        counts[t // COPIES] += 1
    return (state.phase, state.to_move, state.key, state.pending, state.idle,
            bool(state.decided), bool(state.acted), state.turns, state.decision_turns,
            state.passes, tuple(state._tied),
            tuple((k, c) for k, c in enumerate(counts) if c),
            tuple(tuple(t // COPIES for t in state.hands[s]) for s in range(n)),
            tuple(sorted(state.board.cells.items())),
            tuple(state.points), tuple(state.penalties), tuple(state.placed),
            tuple(state.bonuses))


def count_plays(rules: SumokuRules, cells: Mapping[tuple[int, int], tuple[int, int]],
                hand: Sequence[int], key: int, repeat: int = 1) -> int:
    """The number of legal plays of ``hand`` on a board of ``cells``, by the kernel's move
    generator (``repeat`` times, for timing)."""
    from numbergames.cext.sumoku.play import count_plays as kernel

    return kernel(config(rules, ["greedy"] * rules.players), cells, hand, key, repeat)
