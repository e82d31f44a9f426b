"""Fixtures shared by the whole suite.

``checks`` is the test-only C helper module (tests/cext/checks.pyx): wrappers that expose
the shared C routines of cext/ (dice, bit sets, Man Home's numbering of sides) so tests
can hold them against their Python twins. It is not part of the installed package, so
the fixture compiles it once with Cython and setuptools into pytest's cache folder, keyed
by a hash of its sources (the .pyx, every cext/**/*.pxd it may cimport, the Cython and
Python versions), and imports it from there; a later session reuses the build. Workers
that need it at the same moment may each build it (3.5 s); each build is put in place
atomically, so none reads a half-written file.
"""
import fcntl
import functools
import hashlib
import importlib.util
import os
import shutil
import signal
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
CHECKS_PYX = ROOT / "tests" / "cext" / "checks.pyx"


def _absl_logs_to_the_real_stderr() -> None:
    """open-spiel imports absl, whose logging handler keeps the ``sys.stderr`` of the
    moment it is made: under pytest, the capture's file. A later ``logging.config.dictConfig``
    (import-linter's, in tests/test_architecture.py) closes every handler, and absl's then
    closes that file: pytest's capture fails for every later test of the process ("I/O
    operation on closed file"). Pointed at the real stderr, it closes nothing."""
    try:
        from absl import logging as absl_logging
    except ImportError:  # without the openspiel extra
        return
    absl_logging.get_absl_handler().python_handler.stream = sys.__stderr__


_absl_logs_to_the_real_stderr()


def _hypothesis_without_deadlines() -> None:
    """Hypothesis's property tests keep no clock (its default fails an example that takes over
    200 ms): on a busy machine any example may, and the suite must pass there too; an example
    that hangs is ended by the suite's timeout (pyproject.toml)."""
    from hypothesis import settings

    settings.register_profile("suite", deadline=None)
    settings.load_profile("suite")


_hypothesis_without_deadlines()


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: one worker more than the cores this process may use. Many tests wait —
    on a command in a subprocess, a Dask cluster starting, a signal's moment — and an extra
    worker keeps the cores busy meanwhile (2 cores: 3 workers)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return cores + 1


def pytest_configure(config) -> None:
    """One table cache (:mod:`numbergames.solver.tablecache`) for the whole session, new and empty: the
    expert's standard table (11 seconds) is solved once for every xdist worker and every
    command a test runs (they inherit the environment), and never read from or left in
    the user's own cache. Set here, in the main process, before the workers start."""
    from numbergames.solver.tablecache import ENV

    if hasattr(config, "workerinput"):  # an xdist worker: the main process set it
        return
    folder = tempfile.mkdtemp(prefix="numbergames-tables-")
    config._numbergames_tables = (folder, os.environ.get(ENV))
    os.environ[ENV] = folder


def pytest_unconfigure(config) -> None:
    from numbergames.solver.tablecache import ENV

    folder, before = getattr(config, "_numbergames_tables", (None, None))
    if folder is None:
        return
    shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = before


SLOW = {
    # the widest reference-engine nets: measured seconds on the 2-core machine (the suite's
    # whole budget is 5 minutes); each has narrower cases of the same check in the suite
    "tests/sumoku/test_state.py::test_rows_as_the_engine_returned_them_before_the_api"
    "[lookahead,lookahead-10911575977458253652]": 3.8,
    "tests/sumoku/test_state.py::test_rows_as_the_engine_returned_them_before_the_api"
    "[random,search-1,greedy-14497892154943102585]": 3.8,
    "tests/sumoku/test_state.py::test_rows_as_the_engine_returned_them_before_the_api"
    "[lookahead,lookahead,lookahead,lookahead-12047254049451111851]": 3.7,
    "tests/shoo/test_kernel.py::test_the_same_games_under_variants[names1-values1]": 4.5,
    "tests/shoo/test_kernel.py::test_the_same_games_under_variants[names2-values2]": 3.8,
    "tests/test_kernel_decisions.py::test_every_player_decides_as_the_reference_does"
    "[sosooyoo-search-1]": 5.8,
    "tests/test_kernel_decisions.py::test_every_player_decides_as_the_reference_does"
    "[sumoku-lookahead]": 3.8,
    "tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games"
    "[sumoku-hand=4,players=3,key=challenge,single_tile=larger-lookahead]": 2.9,
    "tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games"
    "[sumoku-hand=3,players=4,six_value=per_line,stuck=draw,start_tie=first-lookahead]": 2.1,
    "tests/test_spiel.py::test_mcts_and_toolkit_players_play_through_evaluate_bots"
    "[sosooyoo]": 5.0,
    "tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games"
    "[manhome-men_to_win=1-expert-expert]": 3.9,
    "tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games"
    "[manhome-men_to_win=1-expert-greedy-random-greedy]": 3.8,
    "tests/test_kernel_decisions.py::test_random_walks_visit_the_same_nodes[sumoku-{}]": 3.2,
    # (tests/test_mcts.py compares Shoo's mcts node by node on 6-move games)
    "tests/test_kernel_decisions.py::test_every_player_decides_as_the_reference_does"
    "[shoo-mcts-1]": 5.8,
    # Shoo's folder took 1,211 test-seconds (618 s on 2 busy cores, issue 41): its reference
    # search is slow. Seconds of that run; each keeps narrower cases in the suite (the games
    # of search-10 against random, the duels of depth 2, the reports' agreement, greedy and
    # search-1 rows, tests/shoo/test_search.py's endgames to depth 5 and 6)
    "tests/shoo/test_search.py::test_kernel_and_reference_search_alike[6]": 156.8,
    "tests/shoo/test_search.py::test_kernel_and_reference_search_alike[3]": 44.3,
    "tests/shoo/test_search.py::test_kernel_and_reference_play_the_same_search_games"
    "[names1-12-2]": 153.5,
    "tests/shoo/test_search.py::test_kernel_and_reference_play_the_same_search_games"
    "[names0-12-2]": 72.3,
    "tests/shoo/test_policies.py::test_every_player_finishes_a_short_game_with_legal_moves"
    "[search-2-10]": 56.9,
    "tests/shoo/test_state.py::test_the_rows_of_the_engine_before_the_api"
    "[random,search-2-{'max_plies': 10, 'hush': 'shoo_off'}0]": 36.2,
    "tests/shoo/test_state.py::test_the_rows_of_the_engine_before_the_api"
    "[random,search-2-{'max_plies': 10, 'hush': 'shoo_off'}1]": 35.8,
    "tests/shoo/test_state.py::test_the_registered_reference_plays_through_the_api": 36.1,
    "tests/shoo/test_tactics.py::test_kernel_and_reference_search_duels_alike[5-4]": 22.9,
    # the suite's slowest on 2026-12-07 (seconds of a whole run on an idle 2-core machine,
    # 752 s in all); each keeps a narrower case of the same check in the suite
    # (tests/analysis/test_toy_games.py ranks every kind of game in the overview; Shoo's
    # search is compared to the reference's at the depth-5 and depth-6 endgames and in the
    # duels; Sumoku's mcts-N keeps its 3-player case)
    "tests/analysis/test_skill.py::test_report_regenerates_every_game_and_ranks_them": 112.8,
    "tests/shoo/test_search.py::test_kernel_and_reference_play_the_same_search_games"
    "[names2-4-1]": 57.3,
    "tests/sumoku/test_mcts_search.py::test_kernel_makes_the_references_choices[2-8-20-8]": 44.1,
    "tests/test_kernel_decisions.py::test_every_player_decides_as_the_reference_does"
    "[shoo-search-1]": 32.3,
    # seconds of a run on the busy machine (about five times the quiet figure); the suite
    # keeps Shoo's other recorded reference games, the evaluate_bots games of Man Home and
    # Shoo, the search-1 example position (test_examine's text with search and perft)
    "tests/test_same_reference_games.py::test_the_same_reference_games_as_before"
    "[shoo-greedy,random-Nonep-{'odd_horse': 'field', 'repetition': 3}]": 46.4,
    "tests/test_spiel.py::test_mcts_and_toolkit_players_play_through_evaluate_bots"
    "[sumoku]": 54.4,
    # seconds of a run on the busy machine (2026-12-08); the suite keeps Sumoku's brute force
    # of one key without six-as-nine (tests/sumoku/test_spot.py)
    "tests/sumoku/test_spot.py::test_spot_counts_equal_every_set_checked": 40.4,
}
"""Tests marked ``slow`` here (node id: seconds), besides those marked ``slow`` where they are
written: left out of the suite (``-m 'not slow'`` in pyproject.toml's addopts) and run, all of
them, by ``python -m pytest -m slow`` (README.md, "Set up")."""


SLOW_CASES = Path(__file__).with_name("slow_cases.txt")
"""The wider cases of parametrized checks, one a line (seconds, a tab, the node id): marked
``slow`` as :data:`SLOW`'s are (the file's head says how they were chosen)."""


HEAVY_CASES = Path(__file__).with_name("heavy_cases.txt")
"""The suite's heaviest tests, run first (the file's head says why), in the format of
:data:`SLOW_CASES`."""


def cases(path: Path) -> dict[str, float]:
    """A file of cases read (``seconds<TAB>node id`` a line, ``#`` comments): node id ->
    seconds."""
    found = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            seconds, nodeid = line.split("\t", 1)
            found[nodeid] = float(seconds)
    return found


def slow_cases() -> dict[str, float]:
    """:data:`SLOW_CASES` read: node id -> seconds."""
    return cases(SLOW_CASES)


def pytest_collection_modifyitems(items) -> None:
    """The tests of :data:`SLOW` and :data:`SLOW_CASES` are marked ``slow``; the heaviest
    (:data:`HEAVY_CASES`) go first, the heaviest of them first, the others keep their order
    (every xdist worker sorts its collection alike, so the workers agree on it)."""
    slow = SLOW.keys() | slow_cases().keys()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)
    heavy = cases(HEAVY_CASES)
    items.sort(key=lambda item: -heavy.get(item.nodeid, 0.0))


def _sources_key() -> str:
    import Cython

    digest = hashlib.sha256()
    for part in (Cython.__version__, sys.version, sysconfig.get_config_var("EXT_SUFFIX")):
        digest.update(str(part).encode() + b"\0")
    for path in (CHECKS_PYX, *sorted((ROOT / "cext").rglob("*.pxd"))):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_checks(cache: Path) -> Path:
    """The compiled checks module for the current sources, built into cache/<key>/ unless
    it is there already; returns the path of the extension file."""
    key = _sources_key()
    built = cache / key / f"checks{sysconfig.get_config_var('EXT_SUFFIX')}"
    if built.exists():
        return built
    with open(cache / "build.lock", "w") as lock:  # one xdist worker builds, the others wait
        fcntl.flock(lock, fcntl.LOCK_EX)
        if built.exists():
            return built
        _build_checks(cache, key, built)
    return built


def _build_checks(cache: Path, key: str, built: Path) -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    work = Path(tempfile.mkdtemp(prefix="build-", dir=cache))
    try:
        # -O0: the build takes a few seconds instead of ten; the helpers test what the
        # routines compute (integer arithmetic, the same at every level), not their speed.
        extension = Extension("checks", [str(CHECKS_PYX)], extra_compile_args=["-O0"])
        modules = cythonize([extension], include_path=[str(ROOT)], build_dir=str(work / "c"),
                            language_level=3, quiet=True)
        command = Distribution({"name": "checks", "ext_modules": modules}).get_command_obj(
            "build_ext")
        command.build_lib, command.build_temp = str(work / "lib"), str(work / "tmp")
        command.ensure_finalized()
        command.run()
        built.parent.mkdir(exist_ok=True)
        os.replace(command.get_ext_fullpath("checks"), built)  # atomic: no half-written file
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for old in cache.iterdir():  # builds of earlier sources
        if old.is_dir() and old.name != key and not old.name.startswith("build-"):
            shutil.rmtree(old, ignore_errors=True)


@pytest.fixture(autouse=True)
def no_signal_reaches_the_test_process():
    """A test that sends SIGINT or SIGTERM must send it to a child process, never to the
    test process itself: there the KeyboardInterrupt lands wherever the process happens to
    be (in an xdist worker, outside the test: the worker crashed, and crashed again on the
    rerun). So each test runs with a handler that records these signals (a second Ctrl-C
    in one test is let through, so that pressing it twice still stops a run without
    xdist), and a test whose process received one fails (an error at its teardown) with a
    message naming the signal. tests/test_signal_guard.py checks both ways."""
    from numbergames.analysis.running.interrupts import SIGNALS, handled

    caught: list[int] = []
    before = {signum: signal.getsignal(signum) for signum in SIGNALS}

    def record(signum, frame) -> None:
        if signum in caught and callable(before[signum]):
            before[signum](signum, frame)
        caught.append(signum)

    with handled(SIGNALS, record):
        yield
    if caught:
        names = ", ".join(dict.fromkeys(signal.Signals(s).name for s in caught))
        pytest.fail(f"{names} reached the test process itself: a test signals a child "
                    "process it started, never its own process", pytrace=False)


@pytest.fixture(scope="session")
def checks(request, tmp_path_factory):
    """The test-only C helpers (tests/cext/checks.pyx), compiled for this session."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("cext-checks") if cache is not None else tmp_path_factory.mktemp(
        "cext-checks")
    path = build_checks(Path(folder))
    spec = importlib.util.spec_from_file_location("checks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def benchmark_script():
    """``benchmark_script(name)``: the module of ``benchmarks/<name>.py``
    (:func:`tests.scripts.load_script`)."""
    return functools.partial(load_script, ROOT / "benchmarks")
