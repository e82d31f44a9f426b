"""The kernels' result rows, laid out once from each game's declared columns.

A kernel's ``play_chunk`` (``cext/common/decisions.pxi``) returns one int32 row per game:
the game-level columns of the game's spec in order (:attr:`GameSpec.result_keys`: the
standard columns, then the game's own), then each per-seat column ``players`` wide. The
layout is not written twice: :func:`constants` gives the column numbers the kernels are
compiled with (``COL_<NAME>``, ``SEATCOL_<NAME>``, written into ``cext/<game>/constants.pxd``
by :mod:`numbergames.solver.kernel_constants`), and :func:`split` reads the rows back into the arrays the
rest of the toolkit takes (each in the narrowest integer type of :data:`NARROW` that holds
it).

>>> from numbergames.solver.registry import Column, GameSpec, Players, Rules, Traits
>>> spec = GameSpec("g", "G", Rules, Traits(False, (2, 2)), Players(("a",), "a"),
...                 columns=(Column("moves", "m"), Column("score", "s", per_seat=True)))
>>> constants(spec)
{'COL_WINNER': 0, 'COL_TURNS': 1, 'COL_DECISION_TURNS': 2, 'COL_MOVES': 3, 'NGAME_COLUMNS': 4, 'SEATCOL_SCORE': 0, 'NSEAT_COLUMNS': 1}
>>> import numpy as np
>>> parts = split(spec, np.array([[1, 40, 30, 7, 12, 300]], dtype=np.int32), players=2)
>>> {name: (part.tolist(), part.dtype.name) for name, part in parts.items()}
... # doctest: +NORMALIZE_WHITESPACE
{'winner': ([1], 'int16'), 'turns': ([40], 'int16'), 'decision_turns': ([30], 'int16'),
 'moves': ([7], 'int16'), 'seat_score': ([[12, 300]], 'int16')}
"""
from __future__ import annotations

from typing import Any

import numpy as np

from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.registry import STANDARD_COLUMNS, GameSpec

NARROW = (np.int16, np.int32)
"""The types a column may come back in, narrowest first: never below 16 bits, so that no
sum or difference a statistic takes of a column (of counts up to 32,767) can wrap."""


def layout(spec: GameSpec) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(game-level columns, per-seat columns)`` in the rows' order."""
    return ((*STANDARD_COLUMNS, *(c.name for c in spec.columns if not c.per_seat)),
            spec.per_seat)


def constants(spec: GameSpec) -> dict[str, int]:
    """The column numbers a kernel writes its rows with."""
    game, seat = layout(spec)
    return {**{f"COL_{name.upper()}": i for i, name in enumerate(game)},
            "NGAME_COLUMNS": len(game),
            **{f"SEATCOL_{name.upper()}": k for k, name in enumerate(seat)},
            "NSEAT_COLUMNS": len(seat)}


def decision_constants() -> dict[str, int]:
    """``current_player()``'s markers (:mod:`numbergames.solver.decision`), for every kernel."""
    return {"CHANCE": CHANCE, "TERMINAL": TERMINAL}


def narrow(values: np.ndarray, low: int | None = None, high: int | None = None) -> np.ndarray:
    """``values`` in the narrowest of :data:`NARROW` that holds them (contiguous); ``low``
    and ``high``, when known, are their least and greatest."""
    if low is None or high is None:
        low, high = (int(values.min()), int(values.max())) if values.size else (0, 0)
    for kind in NARROW:
        info = np.iinfo(kind)
        if info.min <= low and high <= info.max:
            return np.ascontiguousarray(values, dtype=kind)
    return np.ascontiguousarray(values)


def split(spec: GameSpec, rows: np.ndarray, players: int) -> dict[str, Any]:
    """The result columns of a kernel's rows (:attr:`GameSpec.result_keys`): game-level
    ones of shape (n,), per-seat ones (``seat_<name>``) of shape (n, players). Fastest on
    rows stored column by column, as the kernels return them."""
    game, seat = layout(spec)
    if rows.ndim != 2 or rows.shape[1] != len(game) + len(seat) * players:
        raise ValueError(f"rows of shape {rows.shape} do not fit {len(game)} game columns "
                         f"and {len(seat)} per-seat columns of {players} seats")
    if rows.shape[0]:
        lows, highs = rows.min(axis=0).tolist(), rows.max(axis=0).tolist()
    else:
        lows = highs = [0] * rows.shape[1]
    result = {name: narrow(rows[:, i], lows[i], highs[i]) for i, name in enumerate(game)}
    base = len(game)
    for k, name in enumerate(seat):
        first, last = base + k * players, base + (k + 1) * players
        result["seat_" + name] = narrow(rows[:, first:last], min(lows[first:last]),
                                        max(highs[first:last]))
    return result
