"""Shoo's kernel (``cext/shoo/play.pyx``) as the toolkit calls it, and what it is compiled
with: the kernel imports nothing from ``solver/`` (tests/test_architecture.py).

* :func:`constants` — every number the kernel shares with this readable code (the field's
  squares and neighbours, the order of the move kinds, the piece codes, how a hushable
  traveller came to its square, the values of ``hush``, the players' codes, the
  evaluation's weights, the search's sizes and Zobrist keys, the ending codes, the tables
  of the action ids of :mod:`numbergames.solver.shoo.state`), written into ``cext/shoo/constants.pxd``
  when the package is built (:mod:`numbergames.solver.kernel_constants`).
* :func:`config` — the plain configuration of one call: the rules, each seat's player as
  numbers and the start position; :func:`position_data` — a position as plain numbers.
* :func:`play_chunk` (the game's registered kernel: the generic loop of
  ``cext/common/decisions.pxi`` over the kernel's decision API, its rows read back by
  :func:`numbergames.solver.kernel_rows.split`), :func:`kernel_state` (one kernel game through the
  decision API, as :class:`numbergames.solver.shoo.state.ShooState` plays it) and :func:`state_view`
  (what the differential test compares), :func:`perft`, :func:`detect`,
  :func:`position_key`, :func:`search_values`, :func:`evaluation`,
  :func:`evaluated_positions` and :class:`Positions` — the kernel with the rules, positions,
  moves and players of the rest of the toolkit.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from numbergames.solver import kernel_rules
from numbergames.solver.kernel_constants import player_codes
from numbergames.solver.kernel_rows import split
from numbergames.solver.registry import DRAW
from numbergames.solver.shoo.board import FIRST_ROWS, NEIGHBOURS, RAYS, SIZE, SQUARES, homes
from numbergames.solver.shoo.state import (_DIGITS, _FIELDS, ENDED_BY_LIMIT, ENDED_BY_REPETITION,
                               ENDED_BY_WIN, RECENT, ShooState, encoder)
from numbergames.solver.shoo.evaluation import (BLOCKER_WEIGHT, DANGER_WEIGHT, DISTANCE_WEIGHT,
                                    EXPOSED_WEIGHT, HORSE_WEIGHT, MOUNT_WEIGHT, STABLED_COST,
                                    THREAT_WEIGHT, WIN, king_distance)
from numbergames.solver.shoo.moves import Kind
from numbergames.solver.shoo.policies import MCTS, PLAYERS, POLICY_NAMES, SEARCH
from numbergames.solver.shoo.position import (DISMOUNT, EMPTY, FOOT, HORSE, NONE, RETURN, RIDER, STEP,
                                  Position)
from numbergames.solver.shoo.rules import REPETITION_PLIES, ShooRules
from numbergames.solver.shoo.search import (COUNT_BASE, HELD_BASE, HUSH_BASE, INFINITY, MAX_DEPTH,
                                NODE_UNIT, PARTIAL_DEPTH, PIECE_KEYS, PLY_BASE, SHOO_BASE,
                                SIDE_BASE, TABLE_BITS)

RULES = ShooRules
"""The rules the kernel's Config holds as one ``Rules`` struct (``c.rules``), made from the
dataclass's fields with their codes (``HUSH_*``) by :mod:`numbergames.solver.kernel_rules`."""
HISTORY_PLIES = REPETITION_PLIES
"""The longest game (``max_plies``) the kernel plays under a draw by repetition: its state
holds the positions of the game so far (a copy of a state copies them), room for this many
moves (the rules refuse longer games with a draw by repetition)."""
DIGIT_HOWS = ("sq", "nb:frm", "nb:via", "ln:frm", "ln:via")
"""The kinds of digit of an action id (numbergames.solver.shoo.state), numbered for the kernel."""


def constants() -> tuple[dict[str, int], dict[str, tuple[str, list[Any]]]]:
    """The enums and tables ``cext/shoo/constants.pxd`` holds."""
    if PLY_BASE & (PLY_BASE - 1):
        raise ValueError(f"the Zobrist base of the move count must be a power of 2, not {PLY_BASE}")
    width = max(len(n) for n in NEIGHBOURS)
    ids = encoder()
    if ids.field.squares != SQUARES:
        raise ValueError("the kernel plays on the 9 x 9 field")
    nb_width, ln_width = max(map(len, ids.neighbours)), max(map(len, ids.lines))
    kinds = len(Kind)
    digit_field = [[_FIELDS.index(name) for name, _ in _DIGITS[k]] for k in Kind]
    digit_how = [[DIGIT_HOWS.index(how) for _, how in _DIGITS[k]] for k in Kind]
    digits = max(map(len, digit_field))
    enums = {"NSQ": SQUARES, "NONE": NONE, "NEIGHBOURS_MAX": width,
             "EMPTY": EMPTY, "HORSE": HORSE, "FOOT": FOOT, "RIDER": RIDER,
             "NKINDS": kinds, "ACTION_COUNT": ids.count, "ACTION_SHOOS": ids.shoos,
             "NB_WIDTH": nb_width, "LN_WIDTH": ln_width, "MAX_DIGITS": digits,
             **{f"D_{how.replace(':', '_').upper()}": code
                for code, how in enumerate(DIGIT_HOWS)},
             "HISTORY_PLIES": HISTORY_PLIES, "RECENT": RECENT,
             **{f"K_{kind.name}": int(kind) for kind in Kind},
             "H_STEP": STEP, "H_DISMOUNT": DISMOUNT, "H_RETURN": RETURN,
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES), "P_MCTS": len(POLICY_NAMES) + 1,
             "DISTANCE_WEIGHT": DISTANCE_WEIGHT, "HORSE_WEIGHT": HORSE_WEIGHT,
             "THREAT_WEIGHT": THREAT_WEIGHT, "DANGER_WEIGHT": DANGER_WEIGHT,
             "BLOCKER_WEIGHT": BLOCKER_WEIGHT, "STABLED_COST": STABLED_COST, "WIN": WIN,
             "MOUNT_WEIGHT": MOUNT_WEIGHT, "EXPOSED_WEIGHT": EXPOSED_WEIGHT,
             "INFINITY": INFINITY, "NODE_UNIT": NODE_UNIT, "MAX_DEPTH": MAX_DEPTH,
             "PARTIAL_DEPTH": PARTIAL_DEPTH,
             "TABLE_BITS": TABLE_BITS, "COUNT_BASE": COUNT_BASE, "SIDE_BASE": SIDE_BASE,
             "HELD_BASE": HELD_BASE, "SHOO_BASE": SHOO_BASE, "HUSH_BASE": HUSH_BASE,
             "PLY_SHIFT": PLY_BASE.bit_length() - 1,
             "DRAW": DRAW, "ENDED_WIN": ENDED_BY_WIN, "ENDED_LIMIT": ENDED_BY_LIMIT,
             "ENDED_REPETITION": ENDED_BY_REPETITION,
             }
    arrays = {
        "NEIGHBOUR_SQUARES": ("int", [[*n, *[NONE] * (width - len(n))] for n in NEIGHBOURS]),
        "PIECE_KEY": ("uint64_t", [list(row) for row in PIECE_KEYS]),
        # each square's eight queen rays (board.RAYS), the squares outwards, NONE past the end
        "RAY_SQUARES": ("int8_t", [[[*ray, *[NONE] * (SIZE - 1 - len(ray))] for ray in rays]
                                   for rays in RAYS]),
        # the action ids (numbergames.solver.shoo.state.Encoder): each block's first id (hush, kind), each
        # kind's digits (the field of the move, frm via put to = 0..3, and how it is counted,
        # D_*, and its radix; -1 past the last), each square's neighbours and line squares
        # (with itself) in ascending order (NONE past the last) and each square's rank among them
        "BLOCK_START": ("int32_t", list(ids.starts)),
        "DIGIT_FIELD": ("int", [[*d, *[-1] * (digits - len(d))] for d in digit_field]),
        "DIGIT_HOW": ("int", [[*d, *[-1] * (digits - len(d))] for d in digit_how]),
        "DIGIT_RADIX": ("int", [[*ids.radices[k], *[1] * (digits - len(ids.radices[k]))]
                                for k in Kind]),
        "NB_SQUARE": ("int", [[*n, *[NONE] * (nb_width - len(n))] for n in ids.neighbours]),
        "LN_SQUARE": ("int", [[*n, *[NONE] * (ln_width - len(n))] for n in ids.lines]),
        "NB_RANK": ("int8_t", [[ids.neighbour_rank[s].get(t, -1) for t in range(SQUARES)]
                               for s in range(SQUARES)]),
        "LN_RANK": ("int8_t", [[ids.line_rank[s].get(t, -1) for t in range(SQUARES)]
                               for s in range(SQUARES)]),
    }
    return enums, arrays


def config(rules: ShooRules, policies: Sequence[str] = ("random", "random")) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (checked names):
    the home areas and first rows as bit sets (Python integers, bit ``s`` for square
    ``s``), the rules' choices as numbers and flags, each seat's player code and budget,
    and the start position (:func:`position_data`)."""
    if len(policies) != 2:
        raise ValueError(f"Shoo has two seats, not {len(policies)} players")
    codes, budgets = player_codes(PLAYERS, policies, POLICY_NAMES, SEARCH, MCTS)
    areas = homes(rules.corners)
    return {"home": [int(area) for area in areas],
            "home_base": [home_base(area) for area in areas],
            "home_distance": home_distances(tuple(int(area) for area in areas)),
            "first_row": [int(row) for row in FIRST_ROWS], "rules": kernel_rules.values(rules),
            "policy": codes, "budget": budgets, "start": _start(rules)}


def home_base(area: int) -> int:
    """The lowest square of a home area, which must be a 3 x 3 block: the kernel reads the
    area's squares as three runs of 3 bits, 9 apart, from there (``home_index``)."""
    base = (area & -area).bit_length() - 1
    block = sum(1 << (base + 9 * row + col) for row in range(3) for col in range(3))
    if area != block or base % 9 > 6:
        raise ValueError("the kernel's home areas are 3 x 3 blocks of the 9 x 9 field")
    return base


@functools.lru_cache(maxsize=None)
def home_distances(areas: tuple[int, ...]) -> np.ndarray:
    """``[seat, subset, s]``: the king distance from square ``s`` to the nearest square of a
    subset of the seat's home area (evaluation.standing's ``min(king_distance(s, t) for t
    in targets)``), the subset numbered by its squares' bits in ascending square order;
    127 for the empty subset (no traveller outside then). int8, C order, read-only (one
    array a pair of home areas)."""
    out = np.full((len(areas), 512, SQUARES), 127, dtype=np.int8)
    distance = np.array([[king_distance(s, t) for t in range(SQUARES)]
                         for s in range(SQUARES)])
    for seat, area in enumerate(areas):
        squares = [s for s in range(SQUARES) if area >> s & 1]
        for subset in range(1, 512):
            targets = [t for j, t in enumerate(squares) if subset >> j & 1]
            out[seat, subset] = distance[:, targets].min(axis=1)
    out.flags.writeable = False
    return out


def position_data(position: Position) -> tuple:
    """A 9 x 9 position as the kernel reads it: ``(board, stable_horses, stabled, pasture,
    side, held, shoo, ply, hush)``, ``board`` the 81 piece codes, ``hush`` ``(to, how,
    origin)`` or None."""
    hush = None if position.hush is None else tuple(position.hush)
    return (list(position.board), list(position.stable_horses), list(position.stabled),
            list(position.pasture), position.side, position.held, position.shoo,
            position.ply, hush)


def _start(rules: ShooRules) -> tuple:
    from numbergames.solver.shoo.position import start

    return position_data(start(rules))


def play_chunk(rules: ShooRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key from the start by the kernel: the declared result columns
    (``seat_<name>`` of shape (n, 2)); the registered kernel."""
    from numbergames.cext.shoo.play import play_chunk as kernel

    from numbergames.solver.shoo import SPEC

    rows = kernel(config(rules, policies), np.ascontiguousarray(keys, dtype=np.uint64))
    return split(SPEC, rows, 2)


def kernel_state(rules: ShooRules, policies: Sequence[str], key: int,
                 position: Position | None = None) -> Any:
    """The kernel's game of ``key`` at its start (or from ``position``, as
    ``ShooState(position=position)``), through the decision API
    (``numbergames.cext.shoo.play.KernelState``: the methods of :class:`ShooState`, in C)."""
    from numbergames.cext.shoo.play import KernelState

    data = config(rules, policies)
    if position is not None:
        data["start"] = position_data(position)
    return KernelState(data, key)


def _position_view(key: tuple) -> tuple:
    board, stable_horses, stabled, pasture, side, held, shoo, hush = key
    return (tuple(board), tuple(stable_horses), tuple(stabled), tuple(pasture), side, held,
            shoo, None if hush is None else tuple(hush))


def state_view(state: ShooState) -> tuple:
    """The reference state as the kernel's ``KernelState.view()`` gives it: the position
    (its key: board, stable horses, stabled travellers, pastures, side to move, held horse,
    shoo, the hush pending) and its move count, the end (winner, how), the counters of the
    result row and, under a draw by repetition, the positions seen with their counts
    (sorted). Shoo has one kind of node, the side to move's move, and no streams in it."""
    position = state.position
    seen = tuple(sorted((_position_view(key), count) for key, count in state.seen.items()))
    return (_position_view(position.key()), position.ply,
            NONE if state.winner is None else state.winner,
            NONE if state.ended_by is None else state.ended_by,
            state.decision_plies, state.hushes, tuple(state.shoos), tuple(state.shoo_offs),
            tuple(state.captures), seen)


def evaluated_positions(rules: ShooRules, policies: Sequence[str], keys: np.ndarray) -> int:
    """Play one game per key as :func:`play_chunk` does; returns the number of positions
    the players evaluated (a search's nodes), for benchmarks."""
    from numbergames.cext.shoo.play import evaluated_positions as kernel

    return kernel(config(rules, policies), np.ascontiguousarray(keys, dtype=np.uint64))


def perft(rules: ShooRules, position: Position, depth: int,
          progress: Callable[[int], Any] | None = None) -> int:
    """numbergames.solver.shoo.perft.perft by the kernel (over positions, without the positions seen);
    ``progress(done)`` is called every few milliseconds with
    the move generations done so far."""
    from numbergames.cext.shoo.play import perft as kernel

    return kernel(config(rules), position_data(position), depth, progress)


def detect(rules: ShooRules, position: Position) -> tuple[list[int], list[int]]:
    """moves.detect by the kernel: (shooable squares, shooed-off squares)."""
    from numbergames.cext.shoo.play import detect as kernel

    return kernel(config(rules), position_data(position))


def position_key(position: Position) -> int:
    """search.zobrist by the kernel."""
    from numbergames.cext.shoo.play import position_key as kernel

    return kernel(position_data(position))


def search_values(rules: ShooRules, position: Position,
                  budget: int) -> tuple[list[int], int, int]:
    """search.search by the kernel with ``budget * NODE_UNIT`` nodes: (each legal move's
    value, the depth completed, the nodes visited)."""
    from numbergames.cext.shoo.play import search_values as kernel

    return kernel(config(rules), position_data(position), budget)


def evaluation(rules: ShooRules, position: Position, seat: int) -> int:
    """evaluation.evaluate by the kernel."""
    from numbergames.cext.shoo.play import evaluation as kernel

    return kernel(config(rules), position_data(position), seat)


def Positions(rules: ShooRules, positions: Sequence[Position]) -> Any:
    """Many positions as the kernel's C states, for timing its routines over them
    (``detect_all(repeats)``, ``count_moves(repeats)``)."""
    from numbergames.cext.shoo.play import Positions as kernel

    return kernel(config(rules), [position_data(p) for p in positions])
