"""Ctrl-C at any moment: exit status 130 and one line, no traceback, a sound store, no
report folder, and the same command then resumes from the finished chunks."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading

import pytest

from numbergames.analysis.running import interrupts, runner
from numbergames.solver.manhome.rules import ManHomeRules
from tests.processes import HANG_S, alive, catches, children, wait_until

ANALYZE = [sys.executable, "-c", "import sys; from numbergames.analyze.entry import main; sys.exit(main())"]


def _interrupt(argv, moment, cwd, signum=signal.SIGINT):
    """Start ``analyze argv`` in a process group of its own, press Ctrl-C for the whole
    group (as a terminal does; or send ``signum``) once ``moment(pid)`` holds (polled: an
    event, never a delay that a busy machine may outlast); (status, stderr)."""
    process = subprocess.Popen(ANALYZE + argv, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        wait_until(lambda: moment(process.pid) or process.poll() is not None,
                   "the moment to interrupt")
        os.killpg(process.pid, signum)
    except ProcessLookupError:
        pass
    _, err = process.communicate(timeout=HANG_S)
    return process.returncode, err


@pytest.mark.skipif(not hasattr(os, "killpg") or not os.path.isdir("/proc/self"),
                    reason="process groups, and /proc to see the workers")
@pytest.mark.parametrize("signum, expected", [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
                         ids=["ctrl-c", "sigterm"])
def test_ctrl_c_at_any_moment_then_resume(tmp_path, signum, expected):
    # SIGTERM (a supervisor's stop, `kill`) stops a run as Ctrl-C does, with status 143
    argv = ["manhome", "--sims", "4e6", "--workers", "2", "--store", "s.sqlite", "--out", "out"]
    store = tmp_path / "s.sqlite"
    moments = [lambda pid, kept: catches(pid, signal.SIGTERM),   # while the modules load
                                                # (the command's handlers installed first)
               lambda pid, kept: bool(children(pid)),            # while the workers start
               lambda pid, kept: _stored_games(store) > kept]    # while games are played
    for moment in moments:
        kept = _stored_games(store)
        status, err = _interrupt(argv, lambda pid: moment(pid, kept), tmp_path, signum)
        assert status == expected, err
        assert err.count("\n") == 1 and "Traceback" not in err and "interrupted" in err, err
        assert not (tmp_path / "out").exists()
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]
    with sqlite3.connect(tmp_path / "s.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        kept = db.execute("SELECT COALESCE(SUM(games), 0) FROM chunks").fetchone()[0]
    assert kept > 0  # the last interrupt came after some chunks were done
    small = ["manhome", "--sims", str(kept), "--workers", "2", "--store", "s.sqlite",
             "--out", "resumed", "--quiet"]
    done = subprocess.run(ANALYZE + small, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "resumed" / "summary.json").read_text())
    assert summary["games_loaded"] == kept  # every finished chunk answered from the store


def test_a_ctrl_c_that_python_swallowed_still_stops_the_run(monkeypatch):
    # a KeyboardInterrupt raised inside a weakref or GC callback is printed as "ignored";
    # the recorded signal stops the run at the next chunk all the same
    monkeypatch.setattr(interrupts, "_received", True)
    with pytest.raises(KeyboardInterrupt):
        runner.run("manhome", ManHomeRules(), ("random", "random"), 100, 0, workers=1)


def _stored_games(path):
    if not path.exists():  # made whole, or not at all: never opened before it is there
        return 0
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        games = db.execute("SELECT COALESCE(SUM(games), 0) FROM chunks").fetchone()[0]
    db.close()
    return games


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds the workers in /proc")
@pytest.mark.parametrize("signum, group", [(signal.SIGKILL, False), (signal.SIGTERM, False),
                                           (signal.SIGTERM, True)],
                         ids=["kill-parent", "term-parent", "term-group"])
def test_workers_die_with_their_parent(tmp_path, signum, group):
    # `analyze ... | cat` then kill -TERM / -KILL of python: its fork workers lived on for
    # ever, holding the pipe open, so the reader never got end-of-file
    argv = ["manhome", "--sims", "4e6", "--workers", "2", "--store", "s.sqlite", "--out", "out"]
    process = subprocess.Popen(ANALYZE + argv, cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    workers, output = [], {}
    try:
        def ready() -> bool:   # two workers, and a chunk kept
            workers[:] = children(process.pid)
            assert process.poll() is None, "the command ended"
            return len(workers) >= 2 and _stored_games(tmp_path / "s.sqlite") > 0

        wait_until(ready, "two workers and a chunk")
        (os.killpg if group else os.kill)(process.pid, signum)
        readers = [threading.Thread(target=lambda n=n, pipe=pipe: output.update({n: pipe.read()}),
                                    daemon=True)
                   for n, pipe in (("out", process.stdout), ("err", process.stderr))]
        for reader in readers:
            reader.start()
        for reader in readers:  # end-of-file: no process holds the pipes any more
            reader.join(timeout=HANG_S)
        assert not any(reader.is_alive() for reader in readers), "a pipe was held open"
        status = process.wait(timeout=HANG_S)
        wait_until(lambda: not any(map(alive, workers)), "a worker outlived its parent")
    finally:
        for pid in workers:  # never leave one behind, even when the test fails
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
    if signum == signal.SIGKILL:
        assert status == -signal.SIGKILL
        return
    assert status == 143  # 128 + SIGTERM, as Ctrl-C gives 130
    err = output["err"].decode()
    assert err.count("\n") == 1 and "Traceback" not in err and "interrupted" in err, err
    assert "kept in the results store s.sqlite" in err
    assert not (tmp_path / "out").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]
    with sqlite3.connect(tmp_path / "s.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    assert _stored_games(tmp_path / "s.sqlite") > 0  # the finished chunks are kept


ORPHAN = """
import os, signal, sys
from numbergames.analysis.running import runner

if sys.argv[1] == "watchdog":  # as where prctl is missing: the watchdog thread
    def missing(*args, **kwargs):
        raise OSError("no prctl here")
    runner.ctypes.CDLL = missing
parent = os.getpid()
gone, held = os.pipe()          # end-of-file on `gone` once the parent has died
child = os.fork()
if child == 0:
    os.close(held)
    if sys.argv[1] == "late":
        os.read(gone, 1)        # the parent dies before the worker's start-up
    runner._die_with_parent(parent)
    os.write(1, b"armed\\n")     # one write each: the two lines never mix
    signal.pause()              # until killed with its parent
    os._exit(0)
os.close(gone)
os.write(1, b"%d\\n" % child)
if sys.argv[1] != "late":
    signal.pause()              # until the test kills it
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self") or not hasattr(os, "fork"),
                    reason="fork, and /proc to see the worker")
@pytest.mark.parametrize("how", ["prctl", "watchdog", "late"])
def test_a_worker_dies_with_its_parent(how):
    process = subprocess.Popen([sys.executable, "-c", ORPHAN, how], stdout=subprocess.PIPE,
                               text=True, start_new_session=True)
    # the parent prints the worker's pid; the worker says when it is armed (either first)
    lines = [process.stdout.readline() for _ in range(1 if how == "late" else 2)]
    child = int(next(line for line in lines if line.strip().isdigit()))
    try:
        if how != "late":
            assert "armed\n" in lines
            assert alive(child)  # armed, and alive while its parent is
            os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=HANG_S)
        wait_until(lambda: not alive(child), "the worker outlived its parent")
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
