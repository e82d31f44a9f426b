"""Man Home's kernels (``cext/manhome/``) as the toolkit calls them, and what they are
compiled with: the kernels import nothing from ``solver/`` (checked by
tests/test_architecture.py).

* :func:`constants` — every number the kernels share with this readable code (the board's
  size, Death and Home, the order of the move kinds and outcomes, the action of each d6
  face, the prime factors of every square and where each move lands, the players' and tie rules' codes, the greedy
  player's ranks, the expert's value scale, the rules' struct, the phases and action ids of the decision API,
  the largest duel; the result rows' columns come from :mod:`numbergames.solver.kernel_rows`), written
  into ``cext/manhome/constants.pxd`` when the package is built (:mod:`numbergames.solver.kernel_constants`).
* :func:`config` — the plain configuration of one call: the rules and each seat's player
  as numbers, with the solved tables the table players and the expert play from.
* :func:`play_chunk` (the game's registered kernel), :func:`kernel_state` (one kernel game
  through the decision API, for the differential tests, with :func:`state_view` of a
  reference state to compare it with) and :func:`play_solitaire` — the playout kernel
  (``cext/manhome/play.pyx``, the decision API of :mod:`numbergames.solver.manhome.state` in C) with
  the rules and players of the rest of the toolkit. The exact solvers' kernels
  (``cext/manhome/solitaire.pyx``, ``cext/manhome/duel.pyx``) are called the same way by
  :mod:`numbergames.solver.manhome.exact_kernels` (below the solvers and players, which use them).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from numbergames.solver.manhome.duel import MAX_PAIRS, NO_STATE
from numbergames.solver import kernel_rules
from numbergames.solver.kernel_rows import split
from numbergames.solver.manhome.state import (ACTION, ACTION_OF_ROLL, ATTACKER_WINS, DEFENDER_HOLDS, EMPTY,
                                  FIRST_MOVE_ACTION, NEW_MAN, Kind, ManHomeState, Outcome,
                                  Phase, action_moves)
from numbergames.solver.manhome.policies import (ADAPT, GREEDY_RANKS, MCTS, MCTS_KEEP, MCTS_ROLLOUT, PLY,
                                     POLICY_NAMES, SEARCH, SEARCH_ROLLOUT, VALUE_SCALE,
                                     adapt_table, expert_table, parse_policy, policy_table,
                                     race_table)
from numbergames.solver.manhome.race import RACE_SCALE
from numbergames.solver.manhome.rules import (DEATH, HOME, MAX_MEN, MAX_PLAYERS, PRIME_FACTORS, ROW, SQUARES,
                                  ManHomeRules)
from numbergames.solver.manhome.sides import FIRST_SQUARE

RULES = ManHomeRules
"""The rules the kernel's Config holds as one ``Rules`` struct (``c.rules``), made from the
dataclass's fields with their codes (``TIE_*``) by :mod:`numbergames.solver.kernel_rules`."""
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
             "MAX_ACTIONS": max(SQUARES, MAX_MEN * MOST_PRIMES, len(ACTION_OF_ROLL) + 1),
             **{f"K_{kind.name}": int(kind) for kind in Kind},
             **{f"PH_{phase.name}": int(phase) for phase in Phase},
             "A_NEW_MAN": NEW_MAN, "A_ACTION": ACTION, "DEFENDER_HOLDS": DEFENDER_HOLDS,
             "ATTACKER_WINS": ATTACKER_WINS, "FIRST_MOVE_ACTION": FIRST_MOVE_ACTION,
             "NKINDS": len(Kind), "NACTIONS": len(Kind) - 1,
             **{f"O_{outcome.name}": int(outcome) for outcome in Outcome},
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES), "P_MCTS": len(POLICY_NAMES) + 1,
             "P_PLY": len(POLICY_NAMES) + 2, "P_ADAPT": len(POLICY_NAMES) + 3,
             "RACE_SCALE": RACE_SCALE,
             "NPOLICIES": len(POLICY_NAMES),
             "P_ROLLOUT": POLICY_NAMES.index(SEARCH_ROLLOUT),
             "P_MCTS_ROLLOUT": POLICY_NAMES.index(MCTS_ROLLOUT),
             "MCTS_KEEP": MCTS_KEEP,
             **{f"RANK_{name.upper()}": rank for name, rank in GREEDY_RANKS.items()},
             "VALUE_SCALE": VALUE_SCALE, "NO_STATE": NO_STATE, "MAX_PAIRS": MAX_PAIRS}
    faces = len(ACTION_OF_ROLL)
    arrays = {"KIND_OF_ROLL": ("int", [0] + [int(ACTION_OF_ROLL[face])
                                             for face in range(1, faces + 1)]),
              "PRIME_COUNT": ("int", [len(primes) for primes in PRIME_FACTORS]),
              "PRIMES": ("int", [list(primes) + [0] * (MOST_PRIMES - len(primes))
                                 for primes in PRIME_FACTORS]),
              "MOVE_TARGET": ("int8_t", [[_targets(kind, square) for square in range(SQUARES)]
                                          for kind in Kind]),
              "IS_PRIME": ("int", [int(primes == (square,))
                                   for square, primes in enumerate(PRIME_FACTORS)])}
    return enums, arrays


def _targets(kind: Kind, square: int) -> list[int]:
    """Where a man on ``square`` lands by each (man, prime) entry of an action of ``kind``
    (:func:`numbergames.solver.manhome.state.action_moves`), padded with 0 to :data:`MOST_PRIMES`."""
    moves = action_moves([square], kind) if kind != Kind.NEW_MAN and square >= FIRST_SQUARE else []
    return [m.target for m in moves] + [0] * (MOST_PRIMES - len(moves))


def _space(space: Any) -> dict[str, int]:
    """A side numbering (:class:`numbergames.solver.manhome.sides.SideSpace`) as plain numbers."""
    return {"board_rows": space.board_rows, "men_per_player": space.men_per_player,
            "men_to_win": space.men_to_win, "cap": space.cap}


def config(rules: ManHomeRules, policies: Sequence[str],
           players: int | None = None) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (``players`` seats,
    default the rules'): the rules' fields as the kernel's ``Rules`` struct holds them
    (``rules``, :func:`numbergames.solver.kernel_rules.values`), the players' codes and
    budgets, and the solved tables of the table players
    (``tables``: code -> (side numbering, decisions)), of the expert (``goes``; also
    for mcts, whose simulations expert plays), of ``ply-N`` (``race``: the race table,
    :mod:`numbergames.solver.manhome.race`) and of ``adapt-N`` (``adapt``: the race table mixed with its
    envelope, numbered as ``race``)."""
    players = rules.players if players is None else players
    if len(policies) != players:
        raise ValueError(f"need {players} policies, got {len(policies)}")
    codes, budgets = [], []
    tables: dict[int, tuple[dict[str, int], np.ndarray]] = {}
    goes = race = adapt = None
    for name in policies:
        family, budget = parse_policy(name)
        code = (len(POLICY_NAMES) if family == SEARCH else len(POLICY_NAMES) + 1
                if family == MCTS else len(POLICY_NAMES) + 2 if family == PLY
                else len(POLICY_NAMES) + 3 if family == ADAPT
                else POLICY_NAMES.index(family))
        codes.append(code)
        budgets.append(budget)
        if family in TABLE_POLICIES and code not in tables:
            solved = policy_table(name, rules)
            tables[code] = (_space(solved.space),
                            np.ascontiguousarray(solved.decisions, dtype=np.uint8))
        # (mcts plays its simulations with MCTS_ROLLOUT in every seat)
        if "expert" in (family, MCTS_ROLLOUT if family == MCTS else None) and goes is None:
            space, values = expert_table(rules)
            goes = (_space(space), np.ascontiguousarray(values, dtype=np.int64))
        if family in (PLY, ADAPT) and race is None:
            space, table = race_table(rules)
            race = (_space(space), np.ascontiguousarray(table, dtype=np.uint16))
        if family == ADAPT and adapt is None:
            adapt = np.ascontiguousarray(adapt_table(rules)[1], dtype=np.uint16)
    q_num, q_den = rules.attacker_win_chance
    return {"players": players, "rules": kernel_rules.values(rules),
            "policy": codes, "budget": budgets,
            "q_num": q_num, "q_den": q_den, "bonus": VALUE_SCALE if rules.extra_turn else 0,
            "tables": tables, "goes": goes, "race": race, "adapt": adapt}


def play_chunk(rules: ManHomeRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key by the kernel: the declared result columns (the registered kernel,
    :func:`numbergames.solver.kernel_rows.split` of the kernel's rows).

    ``winner``, ``turns``, ``decision_turns`` have shape (n,); ``turns``, ``home``,
    ``kills``, ``deaths``, ``killed`` per seat are under ``seat_<name>`` with shape
    (n, players).
    """
    from numbergames.cext.manhome.play import play_chunk as kernel
    from numbergames.solver.manhome import SPEC

    rows = kernel(config(rules, policies), np.ascontiguousarray(keys, dtype=np.uint64))
    return split(SPEC, rows, rules.players)


def kernel_state(rules: ManHomeRules, policies: Sequence[str], key: int):
    """The kernel's game of ``key`` through the decision API
    (``cext/common/decisions.pxi``'s ``KernelState``), with one player per seat."""
    from numbergames.cext.manhome.play import KernelState

    return KernelState(config(rules, policies), key)


def state_view(state: ManHomeState) -> tuple:
    """A reference state (:class:`~numbergames.solver.manhome.state.ManHomeState`) as the kernel's
    ``KernelState.view()`` gives its own: board, men by seat, reserves, men home, seat to
    move, winner, turns, decision turns, turns, kills, deaths and killed by seat, the phase
    (the node within the turn), the kind of the turn at a MOVE or FACE_OFF node (else -1),
    whether the turn has had a choice, the move waiting for its face-off (else ()), the goes
    ended and the head-start turns left by seat."""
    in_move = state.phase in (Phase.MOVE, Phase.FACE_OFF)
    return (tuple(state.board), tuple(tuple(m) for m in state.men), tuple(state.reserve),
            tuple(state.home), state.to_move, state.winner, state.turns,
            state.decision_turns, tuple(state.turns_by_seat), tuple(state.kills),
            tuple(state.deaths), tuple(state.killed), int(state.phase),
            int(state.kind) if in_move else -1, int(state.decision),
            tuple(state.pending) if state.pending is not None else (), state.goes,
            tuple(state.head_left))


def play_solitaire(rules: ManHomeRules, keys: np.ndarray) -> np.ndarray:
    """One player alone with the ``solitaire`` policy: the turns each game took to bring
    ``men_to_win`` men home (-1 when cut off; for checking the exact solitaire values)."""
    from numbergames.cext.manhome.play import play_solitaire as kernel

    return kernel(config(rules, ["solitaire"], players=1),
                  np.ascontiguousarray(keys, dtype=np.uint64))
