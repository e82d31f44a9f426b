"""Games in chunks: which keys a run plays, how chunk tasks are cut, and how their results
are gathered — the one place the runner, the results store and the cluster share.

Games come in chunks of :data:`CHUNK_SIZE`. Chunk ``k`` of a run with seed ``s`` draws its
game keys from ``PCG64(SeedSequence(s, spawn_key=(k,)))`` — the same stream as
``SeedSequence(s).spawn(k + 1)[k]`` — one 64-bit word per game, in order; the kernel plays
each game from its key alone. So the result of a run depends on (game, rules, policies,
seed, number of games) only: never on the number of workers, and the first ``m`` games of
a chunk are the same whatever ``m`` is.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from numbergames.analysis.statistics.tally import Tally, merge_parts
from numbergames.solver.params import Rules
from numbergames.solver.registry import SEAT_PREFIX, find_game

CHUNK_SIZE = 16_384
"""Games per chunk: a constant, so results never depend on the worker count."""
MAX_BATCH = 8
"""Most chunks one task of a worker plays."""

Task = tuple[int, int] | tuple[int, int, int]
"""``(chunk, size)``: play games ``0..size-1`` of a chunk; ``(chunk, start, size)``:
play only games ``start..size-1`` (the rest of a stored short chunk, or a piece)."""


def chunk_keys(seed: int, chunk: int, size: int = CHUNK_SIZE) -> np.ndarray:
    """The first ``size`` game keys of chunk ``chunk`` of a run seeded ``seed``."""
    sequence = np.random.SeedSequence(seed, spawn_key=(chunk,))
    return np.random.PCG64(sequence).random_raw(size)


def plan_chunks(games: int, first_chunk: int = 0) -> list[tuple[int, int]]:
    """``(chunk index, games in it)`` for a run of ``games`` games; the last may be short.

    >>> plan_chunks(2 * CHUNK_SIZE + 5)[-1]
    (2, 5)
    """
    full, rest = divmod(games, CHUNK_SIZE)
    sizes = [CHUNK_SIZE] * full + ([rest] if rest else [])
    return [(first_chunk + i, size) for i, size in enumerate(sizes)]


def span(task: Task) -> tuple[int, int, int]:
    """``(chunk, start, stop)`` of a task."""
    return (task[0], 0, task[1]) if len(task) == 2 else task  # type: ignore[return-value]


def played(task: Task) -> int:
    """How many games a task plays."""
    _, start, size = span(task)
    return size - start


def play(game_name: str, rules: Rules, policies: tuple[str, ...], seed: int,
         batch: Sequence[Task]) -> list[dict[str, np.ndarray]]:
    """Play a batch of consecutive chunk tasks (runs in a worker process or on a Dask
    worker): each task's games from their keys, by the game's kernel."""
    spec = find_game(game_name)
    return [dict(spec.play_chunk(rules, policies, chunk_keys(seed, chunk, size)[start:]))
            for chunk, start, size in map(span, batch)]


def batches(chunks: Sequence[Task], workers: int) -> list[list[Task]]:
    """Consecutive chunks grouped into tasks: about 32 tasks per worker, at most
    :data:`MAX_BATCH` chunks each, so that per-task costs stay small and progress flows."""
    size = max(1, min(MAX_BATCH, -(-len(chunks) // (32 * workers))))
    return [list(chunks[i:i + size]) for i in range(0, len(chunks), size)]


def expand(part: Mapping[str, np.ndarray], per_seat: Mapping[str, str]) -> dict[str, np.ndarray]:
    """A chunk's arrays with each per-seat array (``seat_<name>``, shape (n, players)) as
    the columns ``<name>_0``, ``<name>_1``, ... (views, not copies)."""
    columns: dict[str, np.ndarray] = {}
    for key, data in part.items():
        name = per_seat.get(key)
        if name is None:
            columns[key] = data
        else:
            columns.update({f"{name}_{seat}": data[:, seat] for seat in range(data.shape[1])})
    return columns


class Collector:
    """Gathers chunk results, in order: the rows of the first ``keep`` games (all when
    None) into one preallocated array per column (room for ``capacity`` games, the most
    the run may reach), and, when ``tally`` is given (a :class:`numbergames.analysis.statistics.tally.Tally` of the
    run's game and players), every chunk counted into it and into the parts
    ``fields(columns, players)`` gives (:func:`numbergames.analysis.statistics.tally.merge_parts`) — so that a run
    keeps figures of every game but rows of no more than ``keep``.

    The arrays of the declared per-seat columns (``per_seat``, as
    :attr:`numbergames.solver.registry.GameSpec.per_seat` lists them; each travels as ``seat_<name>``
    of shape (n, players)) become the columns ``<name>_0``, ``<name>_1``, ...; memory is
    the kept rows plus one chunk. ``columns`` names the table's columns for a run that saw
    no chunk's rows (every chunk answered by its stored summary, ``keep`` 0): its table is
    then empty with those columns, as when the chunks were played.

    ``derive`` turns the kept columns into the table a user sees: the game's derived columns
    added (:meth:`numbergames.solver.registry.GameSpec.with_derived` of the run's rules). It is
    applied to the table only, never to what is counted, stored or written to ``games.npz``.
    """

    def __init__(self, capacity: int, per_seat: Sequence[str] = (), keep: int | None = None,
                 tally=None, fields=None, columns: Sequence[str] = (),
                 derive: Callable[[Mapping[str, np.ndarray]], Mapping[str, np.ndarray]] | None
                 = None) -> None:
        self.capacity = capacity
        self.keep = capacity if keep is None else min(capacity, keep)
        self.filled = 0
        self.seen = 0
        self.columns: dict[str, np.ndarray] = {}
        self.per_seat = {SEAT_PREFIX + name: name for name in per_seat}
        self.tally, self.fields, self.parts = tally, fields, None
        self.declared = tuple(columns)
        self.derive = derive

    def add(self, part: Mapping[str, np.ndarray]):
        """Count a chunk's games in and keep the rows wanted; returns the chunk's own
        ``(tally, parts)`` (None without a tally)."""
        columns = expand(part, self.per_seat)
        size = len(next(iter(columns.values()))) if columns else 0
        counted = None
        if self.tally is not None:
            tally = Tally.of(columns, self.tally.players, self.tally.traits)
            parts = None
            if self.fields is not None:
                parts = self.fields(pd.DataFrame(columns, copy=False), self.tally.players)
            self._count(tally, parts)
            counted = (tally, parts)
        start, self.seen = self.seen, self.seen + size
        if self.seen > self.capacity:
            raise RuntimeError(f"collected {self.seen} games, room for {self.capacity}")
        take = max(0, min(size, self.keep - start))
        for column, values in columns.items():
            if column not in self.columns:
                self.columns[column] = np.empty(self.keep, dtype=values.dtype)
            self.columns[column][start:start + take] = values[:take]
        self.filled = start + take
        return counted

    def add_summary(self, tally, parts, size: int) -> None:
        """Count in a chunk of ``size`` games known by its summary alone (no rows: the chunk
        must lie beyond the rows kept)."""
        if self.tally is None or self.seen < self.keep:
            raise RuntimeError("a chunk's summary stands for games whose rows are not kept")
        self._count(tally, parts if self.fields is not None else None)
        self.seen += size
        if self.seen > self.capacity:
            raise RuntimeError(f"collected {self.seen} games, room for {self.capacity}")

    def _count(self, tally, parts) -> None:
        self.tally.merge(tally)
        if parts is not None:
            self.parts = parts if self.parts is None else merge_parts(self.parts, parts)

    def frame(self):
        """The kept games as a DataFrame (one row per game), with the derived columns."""
        if not self.columns:  # no chunk's rows seen: no games, the declared columns
            columns = {name: np.zeros(0, dtype=np.int64) for name in self.declared}
        else:
            columns = {name: values[:self.filled] for name, values in self.columns.items()}
        if self.derive is not None and columns:
            columns = dict(self.derive(columns))
        return pd.DataFrame(columns, copy=False)
