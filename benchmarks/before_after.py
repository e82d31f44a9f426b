"""Before and after in one run: the helper every benchmark that compares builds or times
things stands on, so that each script is its measurement only.

A *build* is a folder holding the toolkit built in place: this checkout (:data:`ROOT`), a
revision built into a temporary folder (:func:`build`: ``git archive`` and ``setup.py
build_ext --inplace``), or one given (``--old DIR``, e.g. a worktree of main after ``python
setup.py build_ext --inplace``). A measurement runs in a subprocess that imports from its
build alone (:func:`env`: PYTHONPATH is the build, and ``build_site/sitecustomize.py`` calls
:func:`enter_build` in it and in every process it starts); it prints one JSON object
(:func:`run_json`), or answers requests line by line (:class:`Worker`). :func:`alternate`
measures the builds in turn, round after round, so that a burst of load from other users
of the machine hits them alike; :func:`print_ratios` prints the medians and new/old.

In a measurement's code, :func:`imported` imports a module of either layout (``solver.registry``
is ``numbergames.solver.registry`` from 401d092 on, ``solver.registry`` before), and
:func:`best_cpu` is the best of a few runs in CPU seconds (other users only ever slow a run).
A script::

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser, rev="6b4309f")
    options = parser.parse_args()
    with builds(options) as sources:
        figures = alternate(sources, options.rounds, lambda source: run_json(source, CODE))
    print_ratios(figures)

Only the standard library here: a measurement's process imports this module before the
build it measures.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
"""This folder (benchmarks/)."""
ROOT = HERE.parent
"""This checkout: the build "new"."""
SITE = HERE / "build_site"
"""The folder of the ``sitecustomize`` that puts a measurement's process in its build."""
BUILD_VARIABLE = "BEFORE_AFTER_BUILD"
"""The environment variable naming the build a process imports from."""

PREFIX = "numbergames."


# ------------------------------------------------------------- inside a measurement


def enter_build(source: str | os.PathLike) -> None:
    """Import the toolkit from ``source`` alone in this process: drop the finders of any
    editable install (they map ``numbergames.*`` to the checkout installed, whatever the
    PYTHONPATH), and, when the build has the ``numbergames`` namespace (401d092 on), find
    ``numbergames.<folder>`` in the build's folder of that name, as setup.py's mapping
    does once installed. Before the namespace, the build's top-level folders are found on
    PYTHONPATH as they are."""
    source = os.fspath(source)
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if "editable" not in str(getattr(finder, "__module__", ""))]
    if os.path.isfile(os.path.join(source, "numbergames", "__init__.py")):
        import numbergames

        if source not in numbergames.__path__:
            numbergames.__path__.append(source)


def imported(name: str) -> Any:
    """The module ``name`` (``"solver.registry"``) of the build measured: under the
    ``numbergames`` namespace, else (a build before 401d092) at the top level."""
    try:
        return importlib.import_module(PREFIX + name)
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith(PREFIX.rstrip(".")):
            raise
    return importlib.import_module(name)


def run_analyze(*argv: str) -> int:
    """``analyze argv`` run in this process by the build measured: its exit status (0: it
    ended well)."""
    main = imported("analyze.entry").main
    sys.argv = ["analyze", *argv]
    try:
        status = main()
    except SystemExit as exc:
        status = exc.code
    return status or 0


def best_cpu(function: Callable[..., Any], *args: Any, repeats: int = 2) -> tuple[float, Any]:
    """(the least CPU seconds of ``repeats`` calls of ``function(*args)``, the last
    result): other users of the machine only ever slow a run."""
    return _best(time.process_time, function, args, repeats)


def best_wall(function: Callable[..., Any], *args: Any, repeats: int = 1) -> tuple[float, Any]:
    """:func:`best_cpu` in wall seconds (for what runs in other processes or waits)."""
    return _best(time.perf_counter, function, args, repeats)


def _best(clock: Callable[[], float], function: Callable[..., Any], args: tuple,
          repeats: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(max(1, repeats)):
        start = clock()
        result = function(*args)
        best = min(best, clock() - start)
    return best, result


def run_for(seconds: float, step: Callable[[int], Any], cpu: bool = True,
            most: int | None = None) -> tuple[int, float]:
    """Call ``step(i)`` for i = 0, 1, ... until ``seconds`` have passed (CPU seconds, or
    wall with ``cpu`` False; one call at least) or ``most`` calls: (the units done, the
    seconds taken). A call returning an int did that many units; any other, one."""
    clock = time.process_time if cpu else time.perf_counter
    units, calls, start = 0, 0, clock()
    while (most is None or calls < most) and (calls == 0 or clock() - start < seconds):
        done = step(calls)
        units += done if isinstance(done, int) and not isinstance(done, bool) else 1
        calls += 1
    return units, clock() - start


def best_alternating(repeats: int, *timers: Callable[[], float]) -> list[float]:
    """The least value of each timer (a call returning seconds) over ``repeats`` rounds,
    the timers taking turns in each round so that a burst of load hits them alike."""
    best = [float("inf")] * len(timers)
    for _ in range(repeats):
        for i, timer in enumerate(timers):
            best[i] = min(best[i], timer())
    return best


# ------------------------------------------------------------------ the builds


def build(rev: str, folder: Path) -> Path:
    """The toolkit at git revision ``rev`` of this checkout, compiled in place in ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], cwd=folder,
                   check=True, capture_output=True)
    return folder


def add_build_options(parser: argparse.ArgumentParser, rev: str | None = None,
                      rounds: int = 5) -> None:
    """``--rev REV`` (default ``rev``; built into a temporary folder), ``--old DIR`` (a
    build already made: no --rev) and ``--rounds N`` (alternating rounds)."""
    parser.add_argument("--rev", default=rev, help="the old revision, built into a temporary "
                        f"folder{f' (default {rev})' if rev else ''}")
    parser.add_argument("--old", type=Path, metavar="DIR",
                        help="an old build already made, built in place (instead of --rev)")
    parser.add_argument("--rounds", type=int, default=rounds,
                        help=f"alternating rounds (default {rounds})")


def old_name(options: argparse.Namespace) -> str:
    """What the old build is, for a heading (its folder or its revision)."""
    return str(options.old) if options.old is not None else str(options.rev)


@contextlib.contextmanager
def builds(options: argparse.Namespace) -> Iterator[dict[str, Path]]:
    """``{"old": the old build, "new": this checkout}`` (:func:`add_build_options`'s
    options): ``--old`` as given, else ``--rev`` built into a temporary folder, removed
    on leaving."""
    if options.old is not None:
        yield {"old": options.old, "new": ROOT}
        return
    if not options.rev:
        raise SystemExit("an old build is needed: --old DIR or --rev REV")
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        print(f"building {options.rev} ...", flush=True)
        start = time.perf_counter()
        old = build(options.rev, Path(tmp) / "old")
        print(f"built in {time.perf_counter() - start:.0f} s", flush=True)
        yield {"old": old, "new": ROOT}


def env(source: Path, **extra: str) -> dict[str, str]:
    """The environment of a process that imports from the build ``source`` alone."""
    path = os.pathsep.join(str(p) for p in (source, SITE, HERE))
    return {**os.environ, "PYTHONPATH": path, BUILD_VARIABLE: str(source), **extra}


def python(*argv: str) -> list[str]:
    """A Python command that imports from PYTHONPATH, not from its current folder (-P)."""
    return [sys.executable, "-P", *argv]


PREAMBLE = "from before_after import best_cpu, best_wall, imported, run_analyze\n"
"""What every measurement's code may use without importing it."""


def run_json(source: Path, code: str, *argv: str, cwd: Path | None = None) -> Any:
    """The JSON value that ``python -c code argv`` prints last, run with the build ``source``
    (``code`` may use :func:`imported`, :func:`best_cpu` and :func:`best_wall`)."""
    done = subprocess.run(python("-c", PREAMBLE + code, *argv), env=env(source), cwd=cwd,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the measurement failed with {source}:\n{done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


class Worker:
    """A process of the build ``source`` running ``code`` (with :data:`PREAMBLE`), which
    reads one JSON request a line from stdin and prints one JSON answer a line: for what
    keeps state between measurements (tables solved once, a configuration)."""

    def __init__(self, source: Path, code: str, *argv: str) -> None:
        self.source = source
        self.process = subprocess.Popen(python("-c", PREAMBLE + code, *argv), env=env(source),
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def ask(self, **request: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the measuring process of {self.source} stopped")
        return json.loads(line)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ------------------------------------------------------------- rounds and ratios


Figures = dict[Any, dict[str, list[float]]]
"""``{figure: {build: [its value in each round]}}``."""


def alternate(builds: Mapping[str, Path], rounds: int,
              measure: Callable[[Path], Mapping[Any, float]]) -> Figures:
    """``measure(source)`` (``{figure: value}``) of each build in turn, ``rounds`` times,
    the first build changing with each round, so that a burst of load hits them alike."""
    figures: Figures = {}
    names = list(builds)
    for round_ in range(rounds):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            for what, value in measure(builds[name]).items():
                figures.setdefault(what, {}).setdefault(name, []).append(value)
        print(f"round {round_ + 1} of {rounds} done", flush=True)
    return figures


def medians(figures: Figures) -> dict[Any, dict[str, float]]:
    """The median of each figure's rounds, by build."""
    return {what: {name: statistics.median(values) for name, values in kept.items()}
            for what, kept in figures.items()}


def print_ratios(figures: Figures, label: Callable[[Any], str] = str, width: int = 32,
                 number: str = "{:,.0f}") -> float | None:
    """One line a figure: the medians of the old and new builds' rounds (``number``
    formats them) and new/old; returns the smallest ratio (None when no figure has both
    builds)."""
    print(f"{'':{width}} {'old':>14} {'new':>14} {'new/old':>8}")
    worst = None
    for what, kept in medians(figures).items():
        if set(kept) != {"old", "new"}:
            print(f"{label(what):{width}} (in one build only)")
            continue
        old, new = kept["old"], kept["new"]
        worst = new / old if worst is None else min(worst, new / old)
        print(f"{label(what):{width}} {number.format(old):>14} {number.format(new):>14} "
              f"{new / old:8.3f}")
    return worst
