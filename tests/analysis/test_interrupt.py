"""Ctrl-C at any moment: exit status 130 and one line, no traceback, a sound store, no
report folder, and the same command then resumes from the finished chunks."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from analysis import interrupts, runner
from solver.manhome.rules import ManHomeRules

ANALYZE = [sys.executable, "-c", "import sys; from analysis.entry import main; sys.exit(main())"]
STARTED = [sys.executable, "-c", "import sys; open('started', 'w').close(); "
           "from analysis.entry import main; sys.exit(main())"]
"""The console script, telling when Python itself has started (a Ctrl-C before that is
the interpreter's own business)."""


def _interrupt(argv, delay, cwd):
    """Start ``analyze argv`` in a process group of its own, press Ctrl-C for the whole
    group (as a terminal does) after ``delay`` seconds; (status, stderr)."""
    (cwd / "started").unlink(missing_ok=True)
    process = subprocess.Popen(STARTED + argv, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    while not (cwd / "started").exists() and process.poll() is None:
        time.sleep(0.005)
    time.sleep(delay)
    try:
        os.killpg(process.pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    _, err = process.communicate(timeout=120)
    return process.returncode, err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
def test_ctrl_c_at_any_moment_then_resume(tmp_path):
    argv = ["manhome", "--sims", "4e6", "--workers", "2", "--store", "s.sqlite", "--out", "out"]
    # while the modules load, while workers start, and while games are played
    for delay in (0.05, 0.8, 2.5):
        status, err = _interrupt(argv, delay, tmp_path)
        assert status == 130, (delay, err)
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
