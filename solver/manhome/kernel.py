"""Man Home's kernels (``cext/manhome/``) as the toolkit calls them, and what they are
compiled with: the kernels import nothing from ``solver/`` (DESIGN.md).

* :func:`constants` — every number the kernels share with this readable code (the board's
  size, Death and Home, the order of the move kinds and outcomes, the action of each d6
  face, the prime factors of every square, the players' and tie rules' codes, the greedy
  player's ranks, the expert's value scale, the rows of the result arrays, the largest
  duel), written into ``cext/manhome/constants.pxd`` when the package is built
  (:mod:`solver.kernel_constants`).
* :func:`config` — the plain configuration of one call: the rules and each seat's player
  as numbers, with the solved tables the table players and the expert play from.
* :func:`play_chunk` (the game's registered kernel), :func:`trace_game` and
  :func:`play_solitaire` — the playout kernel (``cext/manhome/play.pyx``) with the rules
  and players of the rest of the toolkit. The exact solvers' kernels
  (``cext/manhome/solitaire.pyx``, ``cext/manhome/duel.pyx``) are called the same way by
  :mod:`solver.manhome.exact_kernels` (below the solvers and players, which use them).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from solver.manhome.duel import MAX_PAIRS, NO_STATE
from solver.manhome.state import ACTION_OF_ROLL, EMPTY, Kind, Outcome
from solver.manhome.policies import (GREEDY_RANKS, POLICY_NAMES, SEARCH, SEARCH_ROLLOUT,
                                     VALUE_SCALE, expert_table, parse_policy, policy_table)
from solver.manhome.rules import (DEATH, HOME, MAX_MEN, MAX_PLAYERS, PRIME_FACTORS, ROW, SQUARES,
                                  TIES, ManHomeRules)
from solver.manhome.states import FIRST_SQUARE

GAME_COLUMNS = ("winner", "turns", "decision_turns")
"""The per-game result columns, in the kernel's order."""
SEAT_COLUMNS = ("turns", "home", "kills", "deaths", "killed")
"""The per-seat counters, in the order of the rows of the kernel's per-seat array."""
TABLE_POLICIES = ("solitaire", "optimal")
"""The players that play from a solved table."""
MOST_PRIMES = max(len(primes) for primes in PRIME_FACTORS)
"""Most distinct prime factors of one square (3 below 72)."""


def constants() -> tuple[dict[str, int], dict[str, tuple[str, list[Any]]]]:
    """The enums and tables ``cext/manhome/constants.pxd`` holds."""
    enums = {"SQUARES": SQUARES, "DEATH": DEATH, "HOME": HOME, "FIRST_SQUARE": FIRST_SQUARE,
             "EMPTY": EMPTY, "ROW": ROW,
             "D6": len(ACTION_OF_ROLL),
             "MAX_ROWS": ManHomeRules.parameters()["board_rows"].high,
             "MAXP": MAX_PLAYERS, "MAXM": MAX_MEN, "MOST_PRIMES": MOST_PRIMES,
             "MAXMOVES": MAX_MEN * MOST_PRIMES,
             **{f"K_{kind.name}": int(kind) for kind in Kind},
             "NKINDS": len(Kind), "NACTIONS": len(Kind) - 1,
             **{f"O_{outcome.name}": int(outcome) for outcome in Outcome},
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES), "NPOLICIES": len(POLICY_NAMES),
             "P_ROLLOUT": POLICY_NAMES.index(SEARCH_ROLLOUT),
             **{f"TIE_{tie.upper()}": code for code, tie in enumerate(TIES)},
             **{f"RANK_{name.upper()}": rank for name, rank in GREEDY_RANKS.items()},
             "VALUE_SCALE": VALUE_SCALE, "NO_STATE": NO_STATE, "MAX_PAIRS": MAX_PAIRS,
             **{f"S_{name.upper()}": row for row, name in enumerate(SEAT_COLUMNS)},
             "NSEAT": len(SEAT_COLUMNS)}
    faces = len(ACTION_OF_ROLL)
    arrays = {"KIND_OF_ROLL": ("int", [0] + [int(ACTION_OF_ROLL[face])
                                             for face in range(1, faces + 1)]),
              "PRIME_COUNT": ("int", [len(primes) for primes in PRIME_FACTORS]),
              "PRIMES": ("int", [list(primes) + [0] * (MOST_PRIMES - len(primes))
                                 for primes in PRIME_FACTORS]),
              "IS_PRIME": ("int", [int(primes == (square,))
                                   for square, primes in enumerate(PRIME_FACTORS)])}
    return enums, arrays


def _space(space: Any) -> dict[str, int]:
    """A side numbering (:class:`solver.manhome.states.SideSpace`) as plain numbers."""
    return {"board_rows": space.board_rows, "men_per_player": space.men_per_player,
            "men_to_win": space.men_to_win, "cap": space.cap}


def config(rules: ManHomeRules, policies: Sequence[str],
           players: int | None = None) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (``players`` seats,
    default the rules'): numbers, and the solved tables of the table players
    (``tables``: code -> (side numbering, decisions)) and of the expert (``goes``)."""
    players = rules.players if players is None else players
    if len(policies) != players:
        raise ValueError(f"need {players} policies, got {len(policies)}")
    codes, budgets = [], []
    tables: dict[int, tuple[dict[str, int], np.ndarray]] = {}
    goes = None
    for name in policies:
        family, budget = parse_policy(name)
        code = len(POLICY_NAMES) if family == SEARCH else POLICY_NAMES.index(family)
        codes.append(code)
        budgets.append(budget)
        if family in TABLE_POLICIES and code not in tables:
            solved = policy_table(name, rules)
            tables[code] = (_space(solved.space),
                            np.ascontiguousarray(solved.decisions, dtype=np.uint8))
        if family == "expert" and goes is None:
            space, values = expert_table(rules)
            goes = (_space(space), np.ascontiguousarray(values, dtype=np.int64))
    q_num, q_den = rules.attacker_win_chance
    return {"players": players, "men_per_player": rules.men_per_player,
            "men_to_win": rules.men_to_win, "tie": TIES.index(rules.tie),
            "extra_turn": bool(rules.extra_turn), "max_turns": rules.max_turns,
            "board_rows": rules.board_rows, "policy": codes, "budget": budgets,
            "q_num": q_num, "q_den": q_den, "bonus": VALUE_SCALE if rules.extra_turn else 0,
            "tables": tables, "goes": goes}


def play_chunk(rules: ManHomeRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key by the kernel: the declared result columns (the registered kernel).

    ``winner``, ``turns``, ``decision_turns`` have shape (n,); ``turns``, ``home``,
    ``kills``, ``deaths``, ``killed`` per seat are under ``seat_<name>`` with shape
    (n, players).
    """
    from cext.manhome.play import play_chunk as kernel

    winner, game, seat = kernel(config(rules, policies),
                                np.ascontiguousarray(keys, dtype=np.uint64))
    # every counter is at most max_turns: send the narrowest type the rules allow
    counter = np.int16 if rules.max_turns <= np.iinfo(np.int16).max else np.int32
    result = {"winner": winner}
    result.update({name: game[row].astype(counter, copy=False)
                   for row, name in enumerate(GAME_COLUMNS[1:])})
    for row, name in enumerate(SEAT_COLUMNS):
        result["seat_" + name] = seat[row].astype(np.int8 if name == "home" else counter,
                                                  copy=False)
    return result


def trace_game(rules: ManHomeRules, policies: Sequence[str],
               key: int) -> tuple[np.ndarray, dict[str, Any]]:
    """Play one game by the kernel and return its steps: a (turns, 5) int32 array of
    (seat, kind, source, target, outcome), and its final counters as a dict."""
    from cext.manhome.play import trace_game as kernel

    return kernel(config(rules, policies), key)


def play_solitaire(rules: ManHomeRules, keys: np.ndarray) -> np.ndarray:
    """One player alone with the ``solitaire`` policy: the turns each game took to bring
    ``men_to_win`` men home (-1 when cut off; for checking the exact solitaire values)."""
    from cext.manhome.play import play_solitaire as kernel

    return kernel(config(rules, ["solitaire"], players=1),
                  np.ascontiguousarray(keys, dtype=np.uint64))
