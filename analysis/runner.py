"""Seeded, chunked, parallel Monte Carlo for any registered game.

Games come in chunks of :data:`CHUNK_SIZE`. Chunk ``k`` of a run with seed ``s``
draws its game keys from ``PCG64(SeedSequence(s, spawn_key=(k,)))`` — the same
stream as ``SeedSequence(s).spawn(k + 1)[k]`` — one 64-bit word per game, in
order; the kernel plays each game from its key alone. So the result of a run
depends on (game, rules, policies, seed, number of games) only: never on the
number of workers, and the first ``m`` games of a chunk are the same whatever
``m`` is.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import pandas as pd

from solver.params import Rules
from solver.registry import GameSpec, find_game

CHUNK_SIZE = 16_384
"""Games per chunk: a constant, so results never depend on the worker count."""


def chunk_keys(seed: int, chunk: int, size: int = CHUNK_SIZE) -> np.ndarray:
    """The first ``size`` game keys of chunk ``chunk`` of a run seeded ``seed``."""
    sequence = np.random.SeedSequence(seed, spawn_key=(chunk,))
    return np.random.PCG64(sequence).random_raw(size)


def plan_chunks(games: int, first_chunk: int = 0) -> list[tuple[int, int]]:
    """``(chunk index, games in it)`` for a run of ``games`` games; the last may be short."""
    full, rest = divmod(games, CHUNK_SIZE)
    sizes = [CHUNK_SIZE] * full + ([rest] if rest else [])
    return [(first_chunk + i, size) for i, size in enumerate(sizes)]


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _play(game_name: str, rules: Rules, policies: tuple[str, ...], seed: int,
          chunk: int, size: int) -> dict[str, np.ndarray]:
    """Play one chunk (runs in a worker process)."""
    spec = find_game(game_name)
    return dict(spec.play_chunk(rules, policies, chunk_keys(seed, chunk, size)))


def _pool(workers: int) -> ProcessPoolExecutor:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def play_chunks(spec: GameSpec, rules: Rules, policies: Sequence[str], seed: int,
                chunks: Sequence[tuple[int, int]], workers: int = 1,
                on_chunk: Callable[[int], None] | None = None) -> Iterator[dict[str, np.ndarray]]:
    """The results of ``chunks`` in order, played by ``workers`` local processes.

    ``on_chunk(games)`` is called as each chunk finishes (for progress).
    """
    args = (spec.name, rules, tuple(policies), seed)
    if workers <= 1 or len(chunks) <= 1:
        for chunk, size in chunks:
            result = _play(*args, chunk, size)
            if on_chunk:
                on_chunk(size)
            yield result
        return
    with _pool(min(workers, len(chunks))) as pool:
        futures = [pool.submit(_play, *args, chunk, size) for chunk, size in chunks]
        if on_chunk:
            for future, (_, size) in zip(futures, chunks):
                future.add_done_callback(lambda _f, n=size: on_chunk(n))
        try:
            for future in futures:
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def to_frame(parts: Sequence[dict[str, np.ndarray]]) -> pd.DataFrame:
    """One DataFrame row per game from chunk results; ``seat_<name>`` arrays of shape
    (n, players) become columns ``<name>_0``, ``<name>_1``, ..."""
    columns: dict[str, np.ndarray] = {}
    for name in parts[0]:
        data = np.concatenate([part[name] for part in parts])
        if name.startswith("seat_"):
            for seat in range(data.shape[1]):
                columns[f"{name[5:]}_{seat}"] = data[:, seat]
        else:
            columns[name] = data
    return pd.DataFrame(columns)


@dataclass(frozen=True)
class RunResult:
    """Per-game results of a run and how long the simulation took."""

    games: pd.DataFrame
    elapsed_s: float


def run(game: str | GameSpec, rules: Rules, policies: Sequence[str], sims: int, seed: int,
        workers: int | None = None, progress: bool = False) -> RunResult:
    """Play ``sims`` games and return one row per game.

    ``workers`` local processes (default: all cores) share the chunks; the result
    is the same for any number of workers. ``progress`` shows a bar on stderr.
    """
    spec = find_game(game) if isinstance(game, str) else game
    if sims < 1:
        raise ValueError("sims must be at least 1")
    chunks = plan_chunks(sims)
    workers = default_workers() if workers is None else workers
    start = time.perf_counter()
    bar = _progress_bar(sims, spec.title, progress)
    try:
        parts = list(play_chunks(spec, rules, policies, seed, chunks, workers,
                                 on_chunk=bar.update if bar else None))
    finally:
        if bar:
            bar.close()
    return RunResult(to_frame(parts), time.perf_counter() - start)


def _progress_bar(total: int, title: str, enabled: bool):
    """A tqdm bar on stderr, or None; tqdm stays silent when stderr is not a terminal."""
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=title, unit="game", unit_scale=True, disable=None,
                mininterval=0.5, smoothing=0.1, leave=False)
