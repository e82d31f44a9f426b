"""So-Soo-Yoo's kernel (``cext/sosooyoo/play.pyx``) as the toolkit calls it, and what it is
compiled with: the kernel imports nothing from ``solver/`` (checked by
tests/test_architecture.py).

The kernel is the game's decision API in C (``cext/common/decisions.pxi``): the nodes, the
action ids and the chance outcomes of :mod:`numbergames.solver.sosooyoo.state`, the players of
:mod:`numbergames.solver.sosooyoo.policies`.

* :func:`constants` — every number the kernel shares with this readable code (the colours,
  the board's largest size, the dice, the decisions and chance nodes, the action ids, the
  END and BUMP_TO option codes, the players' codes and weights, how a win and its deciding
  turn are coded), written into ``cext/sosooyoo/constants.pxd`` when the package is built
  (:mod:`numbergames.solver.kernel_constants`; the result row's columns come from
  :mod:`numbergames.solver.kernel_rows`).
* :func:`config` — the plain configuration of one call: the rules as the kernel's ``Rules``
  struct holds them (:func:`numbergames.solver.kernel_rules.values`; the struct is made from
  :data:`RULES` into the same constants.pxd) and ``say_error``'s threshold, each seat's
  player as numbers, and the board's tables (each space's targets, the spaces that state a
  product, the distance and walk tables, ``adaptive``'s exact-count values) as lists and
  arrays.
* :func:`play_chunk` — the kernel's games with the rules and players of the rest of the
  toolkit (the game's registered kernel); :func:`kernel_state` — one kernel game node by
  node; :func:`state_view` — a reference state as the kernel's ``view()`` shows its own.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from numbergames.solver import kernel_rules
from numbergames.solver.kernel_constants import player_codes
from numbergames.solver.kernel_rows import split
from numbergames.solver.registry import UNFINISHED
from numbergames.solver.sosooyoo.board import board_flags, move_table, states_product
from numbergames.solver.sosooyoo.engine import (END_DISCARD, END_NOTHING, END_SWAP, MOVE_DIE, NCOL, NOBODY,
                                    RANDOM_BUMP, SAY_BITS, TENS_DIE, UNITS_DIE, Chance,
                                    DecidedBy, Decision, WinKind, say_threshold)
from numbergames.solver.sosooyoo.policies import (CONTESTED, FAR, IMPOSSIBLE, MCTS_MIN_KEYS, MCTS_WIDTH,
                                      MCTS_Z_TENTHS, NEED_WEIGHT, PLAYERS, TURN_MIX,
                                      PLAYOUT_TURNS, POLICY_NAMES, POPSICLE_WEIGHT, RAINBOW,
                                      MCTS, RING_WORTH, SEARCH, SEARCH_ROLLOUT, TOUR_RINGS,
                                      landing_values, tables)
from numbergames.solver.sosooyoo.rules import MAX_SPACES, WIN_RINGS, SoSooYooRules
from numbergames.solver.sosooyoo.state import END, NUM_ACTIONS, PLACEMENTS, RANDOM, RING, SoSooYooState

RULES = SoSooYooRules
"""The rules the kernel's Config holds as one ``Rules`` struct (``c.rules``), made from the
dataclass's fields with their codes (``DOUBLE_ZERO_*`` ...) by
:mod:`numbergames.solver.kernel_rules`; ``say_threshold`` (``say_error`` as a bound on the
dice word) is the one value the Config holds that is worked out from them (:func:`config`)."""
NODE_OVER = -1
"""The node kind :func:`state_view` gives once the game is over."""


def constants() -> tuple[dict[str, int], dict[str, tuple[str, list[Any]]]]:
    """The enums ``cext/sosooyoo/constants.pxd`` holds (no tables: those depend on the
    rules and come in through :func:`config`)."""
    enums = {"MAXP": SoSooYooRules.parameters()["players"].high, "NCOL": NCOL,
             "MAXS": MAX_SPACES + 1, "NOBODY": NOBODY, "UNFINISHED": UNFINISHED,
             "TENS_DIE": TENS_DIE, "UNITS_DIE": UNITS_DIE, "MOVE_DIE": MOVE_DIE,
             "SAY_SHIFT": 64 - SAY_BITS, "WIN_RINGS": WIN_RINGS, "RANDOM_BUMP": RANDOM_BUMP,
             "END_NOTHING": END_NOTHING, "END_SWAP": END_SWAP, "END_DISCARD": END_DISCARD,
             **{f"D_{d.name}": int(d) for d in Decision},
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES), "P_MCTS": len(POLICY_NAMES) + 1,
             "P_ROLLOUT": POLICY_NAMES.index(SEARCH_ROLLOUT),
             "RAINBOW": RAINBOW, "NEED_WEIGHT": NEED_WEIGHT, "POPSICLE_WEIGHT": POPSICLE_WEIGHT,
             "IMPOSSIBLE": IMPOSSIBLE, "FAR": FAR, "PLAYOUT_TURNS": PLAYOUT_TURNS,
             "MCTS_WIDTH": MCTS_WIDTH, "MCTS_Z_TENTHS": MCTS_Z_TENTHS,
             "MCTS_MIN_KEYS": MCTS_MIN_KEYS,
             "RING_WORTH": RING_WORTH, "CONTESTED": CONTESTED, "TOUR_RINGS": TOUR_RINGS,
             **{f"WIN_{k.name}": int(k) for k in WinKind if k != WinKind.NONE},
             **{f"BY_{k.name}": int(k) for k in DecidedBy},
             **{f"C_{k.name}": int(k) for k in Chance}, "NODE_OVER": NODE_OVER,
             "A_RANDOM": RANDOM, "A_RING": RING, "A_END": END, "PLACEMENTS": PLACEMENTS,
             "MAX_ACTIONS": max(NUM_ACTIONS, PLACEMENTS)}
    return enums, {"TURN_MIX": ("uint64_t", [TURN_MIX])}


def config(rules: SoSooYooRules, policies: Sequence[str]) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (checked names)."""
    if len(policies) != rules.players:
        raise ValueError(f"need {rules.players} policies, got {len(policies)}")
    codes, budgets = player_codes(PLAYERS, policies, POLICY_NAMES, SEARCH, MCTS)
    dist, reach = tables(rules)
    return {"rules": kernel_rules.values(rules), "say_threshold": say_threshold(rules.say_error),
            "policy": codes, "budget": budgets,
            "targets": move_table(**board_flags(rules)),
            "product": [0, *(int(states_product(s)) for s in range(1, rules.board_size + 1))],
            "dist": np.ascontiguousarray(dist, dtype=np.int64),
            "reach": np.ascontiguousarray(reach, dtype=np.uint8),
            "landing": np.ascontiguousarray(landing_values(rules), dtype=np.float64)}


def play_chunk(rules: SoSooYooRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key by the kernel: the declared result columns (the registered kernel):
    arrays of shape (n,), and ``seat_<name>`` of shape (n, players)."""
    from numbergames.cext.sosooyoo.play import play_chunk as kernel
    from numbergames.solver.sosooyoo import SPEC

    rows = kernel(config(rules, policies), np.ascontiguousarray(keys, dtype=np.uint64))
    return split(SPEC, rows, rules.players)


def kernel_state(rules: SoSooYooRules, policies: Sequence[str], key: int):
    """The kernel's game of ``key`` at its start, node by node (``KernelState``)."""
    from numbergames.cext.sosooyoo.play import KernelState

    return KernelState(config(rules, policies), key)


def state_view(state: SoSooYooState) -> tuple:
    """The reference ``state`` as the kernel's ``KernelState.view()`` shows its own: the
    node (kind, chooser, subject), then everything of the position that matters for the
    rest of the game and its result row."""
    g, node = state.game, state.node
    kind, chooser, subject = ((NODE_OVER, NOBODY, NOBODY) if node is None
                              else (int(node.kind), node.chooser, node.subject))
    return (kind, chooser, subject, tuple(g.pos), tuple(map(tuple, g.held)),
            tuple(g.ring_space), tuple(g.boneyard), g.in_hand, g.mover, g.to_move, g.winner,
            g.turns, g.decision_turns, g.moves_left, g.roll, tuple(g.landings),
            tuple(g.bumps), tuple(g.swaps), g.double_zeros, tuple(sorted(g.visited)),
            tuple(tuple(sorted(s)) for s in g.said), g.win_kind, g.decided_by,
            tuple(sorted(g.taken)), int(g.decided), int(g.turn_bumped), int(g.turn_swapped),
            int(g.turn_double_zero))
