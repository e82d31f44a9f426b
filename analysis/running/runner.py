"""Seeded, chunked, parallel Monte Carlo for any registered game.

Games come in chunks (:mod:`numbergames.analysis.running.chunks`: which keys each chunk plays, and the
tasks the workers get), so the result of a run depends on (game, rules, policies,
seed, number of games) only, never on the number of workers.

With a results store (:mod:`numbergames.analysis.running.store`) a run loads the chunks it holds,
plays only the missing games (the missing keys of a short stored chunk, or whole
chunks), and saves each chunk as soon as it is complete — and a chunk played in
pieces (too few chunks for the workers: slow games) its first games as each piece
is joined, so an interrupted run resumes within the chunk; the games are the same
as without a store.
"""
from __future__ import annotations

import ctypes
import functools
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from numbergames.analysis.running import chunks as chunking
from numbergames.analysis.running import interrupts
from numbergames.analysis.running.chunks import Task
from numbergames.analysis.running.cluster import play_on_cluster
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.store import parts_id
from numbergames.analysis.statistics.tally import Tally
from numbergames.solver.params import Rules
from numbergames.solver.registry import GameSpec, find_game

if TYPE_CHECKING:
    import pandas as pd

    from numbergames.analysis.running.store import Store

MIN_PIECE = 64
"""Fewest games of a piece when a run has too few chunks to keep every worker busy."""
PIECES_PER_WORKER = 4
"""A run with fewer than this many chunks per worker splits its chunks into pieces."""
RUN_BLOCK_CHUNKS = 4096
"""Chunks :func:`run` plays with one pool of workers (67 million games) before the next."""
BLOCK_CHUNKS = 16
"""Chunks each run of :func:`together` plays before the next run takes its turn."""
IN_FLIGHT_PER_WORKER = 4
"""Tasks given out per worker ahead of the one this process reads: finished games wait in
memory for at most so many tasks, however many games the run has."""


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _pool(workers: int) -> ProcessPoolExecutor:
    """Local worker processes that leave Ctrl-C to this one and die with it
    (:func:`_start_worker`)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_start_worker, initargs=(os.getpid(),))


def run_tasks(function: Callable[[Any], Any], tasks: Sequence[Any],
              workers: int) -> Iterator[Any]:
    """``function(task)`` of every task, in this process in order (``workers`` 1) or in
    ``workers`` local processes that leave Ctrl-C to this one (:func:`_pool`), each result
    as soon as it is done (so in any order: a task says which it is). ``function`` and the
    tasks must pickle. Ctrl-C or SIGTERM stops the workers and ends the run
    (:mod:`numbergames.analysis.running.interrupts`)."""
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            interrupts.check()
            yield function(task)
        return
    with interrupts.deferred():  # the workers are forked here: not cut in the middle
        pool = _pool(min(workers, len(tasks)))
    try:
        pending = {pool.submit(function, task) for task in tasks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
            interrupts.check()
    except BaseException:  # Ctrl-C, SIGTERM, an error
        with interrupts.deferred():
            _stop(pool)
        interrupts.check()
        raise
    pool.shutdown()


PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process gets when its parent dies."""
WATCHDOG_INTERVAL_S = 0.5
"""How often a worker without ``prctl`` looks whether its parent is still there."""


def _start_worker(parent: int) -> None:
    """Start a worker process of ``parent`` (this process's pid, recorded before the fork).

    Ctrl-C reaches every process of the terminal's group: the workers ignore it and the
    parent stops them. SIGTERM keeps its default (the worker ends at once): the parent
    stops its run cleanly on SIGTERM and ends its workers with it. And a worker must never
    outlive its parent — a parent killed outright (SIGKILL, the OOM killer) can stop
    nothing, and its workers would play on for ever, holding its output pipe open — so the
    kernel kills the worker when the parent dies (:func:`_die_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's Python handler
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """Have this process killed when process ``parent`` ends: Linux's
    ``prctl(PR_SET_PDEATHSIG, SIGKILL)``, else a watchdog thread that looks every
    :data:`WATCHDOG_INTERVAL_S` seconds. A parent that ended before this call (this process
    is then another's child already) ends it at once. (For the kernel the parent is the
    thread that forked: the pool forks its workers in the thread that submits the tasks,
    the one that plays the run and stops the pool.)"""
    armed = False
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:  # the parent died before the call: nobody would kill us
        os._exit(1)
    if not armed:
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(WATCHDOG_INTERVAL_S)
            os._exit(1)

        threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now: their games are not wanted any more.

    A worker killed while it sends a result leaves half a message in the pool's result
    pipe, and Python 3.11's pool thread would wait for the rest of it for ever (hanging the
    process's exit). So once the workers are gone, this process closes its own end for
    writing too: the pool thread then reads end-of-file, marks the pool broken and ends,
    and this process waits for that (the pending futures are not cancelled: that thread
    fails them itself)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            # SIGKILL, not SIGTERM: a worker forked a moment ago still has this process's
            # deferring SIGTERM handler (it forks inside interrupts.deferred()) until its
            # initializer runs; SIGTERM then is recorded and dropped, and join() below waited
            # for ever (seen in CI: test_workers_and_store_give_the_same_games)
            process.kill()
    for process in processes:
        process.join()
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()
    thread = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False)
    if thread is not None:  # let it finish here, not race Python's exit handler
        thread.join(timeout=10)


def pieces(chunks: Sequence[Task], workers: int) -> list[list[Task]]:
    """Each chunk task as consecutive pieces ``(chunk, start, stop)``: one piece when there
    are chunks enough for the workers, else up to :data:`PIECES_PER_WORKER` pieces per
    worker in all, of at least :data:`MIN_PIECE` games (slow games, small runs).

    A game depends on its key alone, so the pieces' results joined are the chunk's.

    >>> pieces([(0, 1000)], 2)
    [[(0, 0, 125), (0, 125, 250), (0, 250, 375), (0, 375, 500), (0, 500, 625), (0, 625, 750), (0, 750, 875), (0, 875, 1000)]]
    >>> pieces([(0, 100), (1, 0, 50)], 1)
    [[(0, 0, 100)], [(1, 0, 50)]]
    """
    want = PIECES_PER_WORKER * workers
    split = -(-want // len(chunks)) if 0 < len(chunks) < want else 1
    result = []
    for task in chunks:
        chunk, start, stop = chunking.span(task)
        parts = max(1, min(split, (stop - start) // MIN_PIECE))
        bounds = [start + (stop - start) * i // parts for i in range(parts + 1)]
        result.append([(chunk, a, b) for a, b in zip(bounds, bounds[1:])])
    return result


def play_chunks(spec: GameSpec, rules: Rules, policies: Sequence[str], seed: int,
                chunks: Sequence[Task], workers: int = 1,
                on_chunk: Callable[[int], None] | None = None,
                scheduler: str | None = None,
                on_prefix: Callable[[int, Mapping[str, np.ndarray]], None] | None = None,
                ) -> Iterator[dict[str, np.ndarray]]:
    """The results of ``chunks`` (see :data:`Task`) in order, played by ``workers``
    local processes, or with ``scheduler`` (``tcp://host:port``) by the workers of
    that Dask cluster (the same tasks, so the same results). Too few chunks for the
    workers are played in :func:`pieces` and joined again.

    ``on_chunk(games)`` is called as each piece finishes (for progress);
    ``on_prefix(chunk, results)`` with a chunk task's results so far, in order, as each of
    its pieces but the last is joined (so that a store can keep them: an interrupted run
    of slow games then resumes within a chunk).
    """
    if scheduler is None and workers <= 1:
        yield from _play_tasks(spec, rules, policies, seed, chunks, workers, on_chunk, None)
        return
    split = pieces(chunks, workers)
    results = _play_tasks(spec, rules, policies, seed, [p for ps in split for p in ps],
                          workers, on_chunk, scheduler)
    try:
        for parts in split:
            joined: dict[str, np.ndarray] | None = None
            for number, _ in enumerate(parts):
                part = next(results)
                joined = part if joined is None else {
                    name: np.concatenate([joined[name], part[name]]) for name in joined}
                if on_prefix is not None and number < len(parts) - 1:
                    on_prefix(parts[0][0], joined)
            yield joined  # type: ignore[misc]
    finally:
        results.close()


def _play_tasks(spec: GameSpec, rules: Rules, policies: Sequence[str], seed: int,
                chunks: Sequence[Task], workers: int,
                on_chunk: Callable[[int], None] | None,
                scheduler: str | None) -> Iterator[dict[str, np.ndarray]]:
    """The results of ``chunks`` in order (see :func:`play_chunks`)."""
    args = (spec.name, rules, tuple(policies), seed)
    if scheduler is not None:
        if chunks:
            yield from play_on_cluster(args, chunks, scheduler, on_chunk)
        return
    if workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            result, = chunking.play(*args, [chunk])
            if on_chunk:
                on_chunk(chunking.played(chunk))
            yield result
        return
    tasks = chunking.batches(chunks, workers)
    spec.load_kernel()  # import it and build its tables once here, before the workers fork
    spec.players.prepare(rules, policies)
    pool = _pool(min(workers, len(tasks)))
    pending: deque = deque()
    waiting = iter(tasks)
    ahead = IN_FLIGHT_PER_WORKER * workers

    def submit(count: int) -> None:
        for task in itertools.islice(waiting, count):
            future = pool.submit(chunking.play, *args, task)
            if on_chunk:
                future.add_done_callback(
                    lambda _f, n=sum(map(chunking.played, task)): on_chunk(n))
            pending.append(future)

    try:
        with interrupts.deferred():  # the workers are forked here: not cut in the middle
            submit(ahead)
        while pending:  # pop each future as it is used, so its arrays can be freed
            future = pending.popleft()
            submit(1)  # the workers stay busy, but never run far ahead of this process
            yield from future.result()
    except BaseException:  # Ctrl-C, SIGTERM, an error, or the consumer stopped early
        with interrupts.deferred():  # a signal now must not cut the stop in the middle
            _stop(pool)
        # the workers share this process's group: when SIGTERM reached it, they may have
        # died of it before this process took it, and the pool then broke first
        interrupts.check()
        raise
    pool.shutdown()


@dataclass(frozen=True)
class RunResult:
    """Per-game results of a run, how long it took, and how many games came from a store;
    with a tally, the figures of every game and the rows of the first ``keep_games``."""

    games: "pd.DataFrame"
    """One row per game: every game, or the first ``keep_games`` when the run was asked to
    keep no more."""
    elapsed_s: float
    games_loaded: int = 0
    """Games read from the results store rather than played now."""
    tally: Tally | None = None
    """The standard figures of every game, merged chunk by chunk (when asked for)."""
    parts: Any = None
    """The game's own parts of every game (``fields`` of :func:`run`), merged."""
    total: int | None = None
    """Games in the run (``len(games)`` unless rows were dropped)."""

    @property
    def sims(self) -> int:
        return len(self.games) if self.total is None else self.total

    @property
    def games_played(self) -> int:
        """Games played by this call."""
        return self.sims - self.games_loaded


def _joined(head: Mapping[str, np.ndarray], tail: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """A stored short chunk followed by the games played to complete it."""
    if list(head) != list(tail):
        raise UserError(f"the results store holds columns {', '.join(head)} but the kernel plays "
                        f"{', '.join(tail)}; remove the store or use --no-store")
    return {name: np.concatenate([head[name], tail[name]]) for name in head}


class Run:
    """One run played chunk by chunk: what it has played or loaded so far, its record in a
    results store, and what it keeps of its games — the rows of the first ``keep_games``
    (all when None) and, with ``tally``, the figures of every game (a
    :class:`~numbergames.analysis.statistics.tally.Tally`) and the own parts ``fields(chunk, players)`` counts.

    :meth:`extend` plays (or loads) the next games; :func:`run` plays one run whole and
    :func:`together` several runs side by side, chunk by chunk, for figures that pair game
    *i* of one run with game *i* of another (a what-if, a match), in memory that grows with
    the chunks, not the games.

    With a ``store``, a chunk's rows are saved there when they are kept, and beyond
    ``keep_games`` its summary (tally and parts) instead; a stored chunk is loaded instead of
    played — its summary only where the run needs no rows of it. ``hold_rows=False``: the
    result holds no rows (a what-if or a match reads them chunk by chunk from
    :func:`together`); the store still keeps the first ``keep_games``, so that the same
    command resumes from them.
    """

    def __init__(self, spec: GameSpec, rules: Rules, policies: Sequence[str], seed: int, *,
                 capacity: int, store: Store | None = None, label: str | None = None,
                 keep_games: int | None = None, tally: bool = False,
                 fields: Callable[[Any, int], Any] | None = None, hold_rows: bool = True) -> None:
        if keep_games is not None and not tally:
            raise ValueError("keep_games needs tally: the figures of the games not kept")
        if not hold_rows and not tally:
            raise ValueError("a run that holds no rows needs tally: the figures of its games")
        self.spec, self.rules, self.policies, self.seed = spec, rules, tuple(policies), seed
        self.store, self.label, self.fields = store, label, fields
        self.keep = keep_games
        self.identity = None if store is None else store.identify(spec, rules, policies, seed)
        self.tally = Tally(spec.seats(rules), spec.traits) if tally else None
        self.collector = chunking.Collector(capacity, spec.per_seat,
                                           keep_games if hold_rows else 0, self.tally, fields,
                                           spec.frame_columns(spec.seats(rules)),
                                           functools.partial(spec.with_derived, rules=rules))
        self.parts_name = parts_id(fields)
        self.games = 0
        """Games played or loaded so far."""
        self.loaded = 0
        """Of them, games read from the store."""
        self.elapsed_s = 0.0
        self._registered = False
        self._prepared = False

    def _kept(self, chunk: int) -> bool:
        """Whether the rows of chunk ``chunk`` are kept (all or some of them)."""
        return self.keep is None or chunk * chunking.CHUNK_SIZE < self.keep

    def _save(self, chunk: int, part: Mapping[str, np.ndarray]) -> None:
        """Keep a chunk's rows, or the first of them, in the store."""
        if not self._registered:
            self.store.register(self.identity, self.label)  # type: ignore[union-attr, arg-type]
            self._registered = True
        self.store.save_chunk(self.identity.key, chunk, part)  # type: ignore[union-attr]

    def _save_summary(self, chunk: int, tally: Tally, parts: Any) -> None:
        if not self._registered:
            self.store.register(self.identity, self.label)  # type: ignore[union-attr, arg-type]
            self._registered = True
        self.store.save_summary(self.identity.key, chunk, tally, parts,  # type: ignore[union-attr]
                                self.parts_name)

    def extend(self, games: int, workers: int = 1, scheduler: str | None = None,
               bar: Any = None, rows: bool = False) -> list[dict[str, np.ndarray]]:
        """Play (or load) the games up to ``games`` in all; the run must stand at a whole
        number of chunks. With ``rows`` every added chunk's games are returned (as columns,
        :func:`numbergames.analysis.running.chunks.expand`), played again where the store holds only a summary."""
        if self.games % chunking.CHUNK_SIZE or games < self.games:
            raise ValueError("a run is extended from a whole number of chunks only")
        first = self.games // chunking.CHUNK_SIZE
        chunks = chunking.plan_chunks(games - self.games, first)
        store, key = self.store, None if self.identity is None else self.identity.key
        stored = store.stored_chunks(key) if store is not None else {}
        summaries = store.stored_summaries(key) if store is not None and self.tally else {}
        have, summarised = {}, set()
        for chunk, size in chunks:
            games_there, counted_by = summaries.get(chunk, (0, None))
            if (not rows and not self._kept(chunk) and games_there == size
                    and counted_by in (self.parts_name, None if self.fields else counted_by)
                    and stored.get(chunk, 0) < size):
                summarised.add(chunk)
                have[chunk] = size
            else:
                have[chunk] = min(size, stored.get(chunk, 0))
        todo = [(chunk, have[chunk], size) for chunk, size in chunks if have[chunk] < size]
        if todo and not self._prepared:
            self.spec.load_kernel()  # solved tables are built here, outside the games' timing
            self.spec.players.prepare(self.rules, self.policies)
            self._prepared = True
        start = time.perf_counter()
        head = None

        def save_prefix(chunk: int, tail: Mapping[str, np.ndarray]) -> None:
            if self._kept(chunk):  # beyond the rows kept, a chunk is stored whole (a summary)
                self._save(chunk, _joined(head, tail) if head is not None else tail)

        played = play_chunks(self.spec, self.rules, self.policies, self.seed, todo, workers,
                             on_chunk=bar.update if bar else None, scheduler=scheduler,
                             on_prefix=save_prefix if store is not None else None)
        added: list[dict[str, np.ndarray]] = []
        try:
            for chunk, size in chunks:
                head = None
                if chunk in summarised:
                    tally, parts = store.load_summary(  # type: ignore[union-attr]
                        key, chunk, size, self.tally.players, self.tally.traits)  # type: ignore[union-attr]
                    self.collector.add_summary(tally, parts, size)
                    self.loaded += size
                    if bar:
                        bar.update(size)
                    continue
                if have[chunk]:
                    part = head = store.load_chunk(key, chunk, have[chunk])  # type: ignore[union-attr]
                    self.loaded += have[chunk]
                    if bar:
                        bar.update(have[chunk])
                fresh = have[chunk] < size
                if fresh:
                    part = _joined(head, next(played)) if head is not None else next(played)
                counted = self.collector.add(part)
                if fresh and store is not None:
                    if self._kept(chunk) or counted is None:
                        self._save(chunk, part)
                    elif summaries.get(chunk) != (size, self.parts_name):  # not there already
                        self._save_summary(chunk, *counted)
                if rows:
                    added.append(chunking.expand(part, self.collector.per_seat))
                interrupts.check()
        finally:
            played.close()
            self.elapsed_s += time.perf_counter() - start
        self.games = games
        return added

    def result(self) -> RunResult:
        """What the run holds now."""
        parts = (self.collector.parts if self.collector.parts is not None or self.fields is None
                 else {})
        return RunResult(self.collector.frame(), self.elapsed_s, self.loaded, self.tally, parts,
                         self.games)


def run(game: str | GameSpec, rules: Rules, policies: Sequence[str], sims: int, seed: int,
        workers: int | None = None, progress: bool = False, store: Store | None = None,
        label: str | None = None, scheduler: str | None = None,
        keep_games: int | None = None, tally: bool = False,
        fields: Callable[[Any, int], Any] | None = None) -> RunResult:
    """Play ``sims`` games and return one row per game.

    With ``tally`` the result also holds every game's standard figures (a
    :class:`~numbergames.analysis.statistics.tally.Tally`) and the parts ``fields(chunk, players)`` counts
    (a game's own figures), merged chunk by chunk; ``keep_games`` then keeps the rows of
    the first so many games only, so that memory grows with the chunks, not the games.

    ``workers`` local processes (default: all cores) share the chunks; the result
    is the same for any number of workers. ``progress`` shows a bar on stderr.
    With a ``store``, chunks it holds are loaded instead of played, only missing
    games are played, and each completed chunk is saved at once (in this process;
    ``label`` names the run there): its rows, or beyond ``keep_games`` its summary; the
    games are the same as without a store.
    With ``scheduler`` (``tcp://host:port``) the workers of that Dask cluster play
    the chunks instead of local processes; the games are the same (the address is checked
    where it is used, :func:`numbergames.analysis.running.cluster.play_on_cluster`; a request checked it when it
    was made, :class:`numbergames.analysis.running.request.Request`).
    """
    spec = find_game(game) if isinstance(game, str) else game
    if sims < 1:
        raise ValueError("sims must be at least 1")
    workers = default_workers() if workers is None else workers
    one = Run(spec, rules, policies, seed, capacity=sims, store=store, label=label,
              keep_games=keep_games, tally=tally, fields=fields)
    bar = _progress_bar(sims, spec.title, progress)
    step = RUN_BLOCK_CHUNKS * chunking.CHUNK_SIZE
    try:
        while one.games < sims:  # in blocks: what a run lists of its chunks stays small
            one.extend(min(sims, one.games + step), workers, scheduler, bar)
    finally:
        if bar:
            bar.close()
    return one.result()




def together(runs: Sequence[Run], games: int, workers: int | None = None,
             scheduler: str | None = None, progress: bool = False,
             title: str = "") -> Iterator[list[dict[str, np.ndarray]]]:
    """Extend ``runs`` (standing at the same whole number of chunks) to ``games`` games each,
    side by side: :data:`BLOCK_CHUNKS` chunks of every run in turn, then the next ones; yields,
    chunk by chunk, the games of that chunk in every run (a list, in the order of ``runs``),
    so that game *i* of one run meets game *i* of the others while memory holds one block."""
    workers = default_workers() if workers is None else workers
    if not runs:
        return
    now = runs[0].games
    if any(r.games != now for r in runs):
        raise ValueError("runs played together must stand at the same game")
    bar = _progress_bar((games - now) * len(runs), title or runs[0].spec.title, progress)
    block = BLOCK_CHUNKS * chunking.CHUNK_SIZE
    try:
        while now < games:
            upto = min(games, now + block)
            parts = [r.extend(upto, workers, scheduler, bar, rows=True) for r in runs]
            for chunk in zip(*parts):
                yield list(chunk)
            now = upto
    finally:
        if bar:
            bar.close()


def _progress_bar(total: int, title: str, enabled: bool):
    """A tqdm bar on stderr, or None; tqdm stays silent when stderr is not a terminal."""
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=title, unit="game", unit_scale=True, disable=None,
                mininterval=0.5, smoothing=0.1, leave=False)
