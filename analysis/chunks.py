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

from collections.abc import Mapping, Sequence

import numpy as np

from solver.params import Rules
from solver.registry import SEAT_PREFIX, find_game

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


class Collector:
    """Gathers chunk results, in order, into one preallocated array per column.

    The arrays of the declared per-seat columns (``per_seat``, as
    :attr:`solver.registry.GameSpec.per_seat` lists them; each travels as ``seat_<name>``
    of shape (n, players)) become the columns ``<name>_0``, ``<name>_1``, ...; memory is
    the final arrays plus one chunk.
    """

    def __init__(self, games: int, per_seat: Sequence[str] = ()) -> None:
        self.games = games
        self.filled = 0
        self.columns: dict[str, np.ndarray] = {}
        self.per_seat = {SEAT_PREFIX + name: name for name in per_seat}

    def add(self, part: Mapping[str, np.ndarray]) -> None:
        start = self.filled
        for key, data in part.items():
            name = self.per_seat.get(key)
            parts = ({f"{name}_{seat}": data[:, seat] for seat in range(data.shape[1])}
                     if name is not None else {key: data})
            for column, values in parts.items():
                if column not in self.columns:
                    self.columns[column] = np.empty(self.games, dtype=values.dtype)
                self.columns[column][start:start + len(values)] = values
            self.filled = start + len(data)

    def frame(self):
        """The gathered games as a DataFrame (one row per game)."""
        import pandas as pd

        if self.filled != self.games:
            raise RuntimeError(f"collected {self.filled} of {self.games} games")
        return pd.DataFrame(self.columns, copy=False)
