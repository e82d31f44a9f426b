"""Shoo's kernel (``cext/shoo/play.pyx``) as the toolkit calls it, and what it is compiled
with: the kernel imports nothing from ``solver/`` (DESIGN.md).

* :func:`constants` — every number the kernel shares with this readable code (the field's
  squares and neighbours, the order of the move kinds, the piece codes, how a hushable
  traveller came to its square, the values of ``hush``, the players' codes, the
  evaluation's weights, the search's sizes and Zobrist keys, the ending codes, the rows of
  the result arrays), written into ``cext/shoo/constants.pxd`` when the package is built
  (:mod:`solver.kernel_constants`).
* :func:`config` — the plain configuration of one call: the rules and each seat's player as
  numbers; :func:`position_data` — a position as plain numbers.
* :func:`play_chunk` (the game's registered kernel), :func:`perft`, :func:`move_keys`,
  :func:`pack_move`, :func:`detect`, :func:`position_key`, :func:`search_values`,
  :func:`evaluation`, :func:`evaluated_positions` and :class:`Positions` — the kernel with
  the rules, positions, moves and players of the rest of the toolkit.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from solver.kernel_constants import player_codes
from solver.registry import DRAW
from solver.shoo import GAME_COLUMNS, SEAT_COLUMNS
from solver.shoo.board import FIRST_ROWS, NEIGHBOURS, SQUARES, homes
from solver.shoo.state import ENDED_BY_LIMIT, ENDED_BY_REPETITION, ENDED_BY_WIN
from solver.shoo.evaluation import (BLOCKER_WEIGHT, DANGER_WEIGHT, DISTANCE_WEIGHT,
                                    HORSE_WEIGHT, STABLED_COST, THREAT_WEIGHT, WIN,
                                    king_distance)
from solver.shoo.moves import Kind, Move
from solver.shoo.policies import PLAYERS, POLICY_NAMES, SEARCH
from solver.shoo.position import (DISMOUNT, FOOT, HORSE, NONE, RETURN, RIDER, STEP,
                                  Position)
from solver.shoo.rules import HUSHES, ShooRules
from solver.shoo.search import (COUNT_BASE, HELD_BASE, HUSH_BASE, INFINITY, MAX_DEPTH,
                                NODE_UNIT, PIECE_KEYS, PLY_BASE, SHOO_BASE, SIDE_BASE,
                                TABLE_BITS)

STANDARD = ("winner", "turns", "decision_turns")
"""The standard result columns, the first rows of the kernel's game array."""
GAME_ROWS = (*STANDARD, *GAME_COLUMNS)
"""The rows of the kernel's game array."""


def constants() -> tuple[dict[str, int], dict[str, tuple[str, list[Any]]]]:
    """The enums and tables ``cext/shoo/constants.pxd`` holds."""
    if PLY_BASE & (PLY_BASE - 1):
        raise ValueError(f"the Zobrist base of the move count must be a power of 2, not {PLY_BASE}")
    width = max(len(n) for n in NEIGHBOURS)
    enums = {"NSQ": SQUARES, "NONE": NONE, "NEIGHBOURS_MAX": width,
             "HORSE": HORSE, "FOOT": FOOT, "RIDER": RIDER,
             **{f"K_{kind.name}": int(kind) for kind in Kind},
             "H_STEP": STEP, "H_DISMOUNT": DISMOUNT, "H_RETURN": RETURN,
             **{f"HUSH_{name.upper()}": code for code, name in enumerate(HUSHES)},
             **{f"P_{name.upper()}": code for code, name in enumerate(POLICY_NAMES)},
             "P_SEARCH": len(POLICY_NAMES),
             "DISTANCE_WEIGHT": DISTANCE_WEIGHT, "HORSE_WEIGHT": HORSE_WEIGHT,
             "THREAT_WEIGHT": THREAT_WEIGHT, "DANGER_WEIGHT": DANGER_WEIGHT,
             "BLOCKER_WEIGHT": BLOCKER_WEIGHT, "STABLED_COST": STABLED_COST, "WIN": WIN,
             "INFINITY": INFINITY, "NODE_UNIT": NODE_UNIT, "MAX_DEPTH": MAX_DEPTH,
             "TABLE_BITS": TABLE_BITS, "COUNT_BASE": COUNT_BASE, "SIDE_BASE": SIDE_BASE,
             "HELD_BASE": HELD_BASE, "SHOO_BASE": SHOO_BASE, "HUSH_BASE": HUSH_BASE,
             "PLY_SHIFT": PLY_BASE.bit_length() - 1,
             "DRAW": DRAW, "ENDED_WIN": ENDED_BY_WIN, "ENDED_LIMIT": ENDED_BY_LIMIT,
             "ENDED_REPETITION": ENDED_BY_REPETITION,
             **{f"G_{name.upper()}": row for row, name in enumerate(GAME_ROWS)},
             "NGAME": len(GAME_ROWS),
             **{f"S_{name.upper()}": row for row, name in enumerate(SEAT_COLUMNS)},
             "NSEAT": len(SEAT_COLUMNS)}
    arrays = {
        "NEIGHBOUR_SQUARES": ("int", [[*n, *[NONE] * (width - len(n))] for n in NEIGHBOURS]),
        "KING_DISTANCE": ("int", [[king_distance(s, t) for t in range(SQUARES)]
                                  for s in range(SQUARES)]),
        "PIECE_KEY": ("uint64_t", [list(row) for row in PIECE_KEYS]),
    }
    return enums, arrays


def config(rules: ShooRules, policies: Sequence[str] = ("random", "random")) -> dict[str, Any]:
    """The kernel's configuration for ``rules`` and one player per seat (checked names):
    the home areas and first rows as bit sets (Python integers, bit ``s`` for square
    ``s``), the rules' choices as numbers and flags, each seat's player code and budget."""
    if len(policies) != 2:
        raise ValueError(f"Shoo has two seats, not {len(policies)} players")
    codes, budgets = player_codes(PLAYERS, policies, POLICY_NAMES, SEARCH)
    return {"home": [int(area) for area in homes(rules.corners)],
            "first_row": [int(row) for row in FIRST_ROWS], "hush": HUSHES.index(rules.hush),
            "leave_home": rules.leave_home, "call_next_to": rules.call_next_to,
            "hold_move": rules.hold_move, "escape_by_horse": rules.escape_by_horse,
            "max_plies": rules.max_plies, "repetition": rules.repetition,
            "policy": codes, "budget": budgets}


def position_data(position: Position) -> tuple:
    """A 9 x 9 position as the kernel reads it: ``(board, stable_horses, stabled, pasture,
    side, held, shoo, ply, hush)``, ``board`` the 81 piece codes, ``hush`` ``(to, how,
    origin)`` or None."""
    hush = None if position.hush is None else tuple(position.hush)
    return (list(position.board), list(position.stable_horses), list(position.stabled),
            list(position.pasture), position.side, position.held, position.shoo,
            position.ply, hush)


def _start(rules: ShooRules) -> tuple:
    from solver.shoo.position import start

    return position_data(start(rules))


def play_chunk(rules: ShooRules, policies: Sequence[str],
               keys: np.ndarray) -> dict[str, np.ndarray]:
    """One game per key from the start by the kernel: the declared result columns (int32;
    ``seat_<name>`` of shape (n, 2)); the registered kernel."""
    from cext.shoo.play import play_chunk as kernel

    game, seat = kernel(config(rules, policies), _start(rules),
                        np.ascontiguousarray(keys, dtype=np.uint64))
    result = {name: game[row] for row, name in enumerate(GAME_ROWS)}
    result.update({f"seat_{name}": seat[row] for row, name in enumerate(SEAT_COLUMNS)})
    return result


def evaluated_positions(rules: ShooRules, policies: Sequence[str], keys: np.ndarray) -> int:
    """Play one game per key as :func:`play_chunk` does; returns the number of positions
    the players evaluated (a search's nodes), for benchmarks."""
    from cext.shoo.play import evaluated_positions as kernel

    if rules.repetition:
        raise ValueError("evaluated_positions does not track repetitions")
    return kernel(config(rules, policies), _start(rules),
                  np.ascontiguousarray(keys, dtype=np.uint64))


def perft(rules: ShooRules, position: Position, depth: int,
          progress: Callable[[int], Any] | None = None) -> int:
    """engine.perft by the kernel; ``progress(done)`` is called every few milliseconds with
    the move generations done so far."""
    from cext.shoo.play import perft as kernel

    return kernel(config(rules), position_data(position), depth, progress)


def move_keys(rules: ShooRules, position: Position) -> np.ndarray:
    """The packed keys of the legal moves of ``position``, ascending (canonical order)."""
    from cext.shoo.play import move_keys as kernel

    return kernel(config(rules), position_data(position))


def pack_move(move: Move) -> int:
    """The packed key of a :class:`solver.shoo.moves.Move`."""
    from cext.shoo.play import pack_move as kernel

    return kernel(int(move.hush), int(move.kind), move.frm, move.via, move.put, move.to,
                  move.shoo)


def detect(rules: ShooRules, position: Position) -> tuple[list[int], list[int]]:
    """moves.detect by the kernel: (shooable squares, shooed-off squares)."""
    from cext.shoo.play import detect as kernel

    return kernel(config(rules), position_data(position))


def position_key(position: Position) -> int:
    """search.zobrist by the kernel."""
    from cext.shoo.play import position_key as kernel

    return kernel(position_data(position))


def search_values(rules: ShooRules, position: Position,
                  budget: int) -> tuple[list[int], int, int]:
    """search.search by the kernel with ``budget * NODE_UNIT`` nodes: (each legal move's
    value, the depth completed, the nodes visited)."""
    from cext.shoo.play import search_values as kernel

    return kernel(config(rules), position_data(position), budget)


def evaluation(rules: ShooRules, position: Position, seat: int) -> int:
    """policies.evaluate by the kernel."""
    from cext.shoo.play import evaluation as kernel

    return kernel(config(rules), position_data(position), seat)


def Positions(rules: ShooRules, positions: Sequence[Position]) -> Any:
    """Many positions as the kernel's C states, for timing its routines over them
    (``detect_all(repeats)``, ``count_moves(repeats)``)."""
    from cext.shoo.play import Positions as kernel

    return kernel(config(rules), [position_data(p) for p in positions])
