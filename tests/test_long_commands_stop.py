"""Every long-running command stops within a second on Ctrl-C or SIGTERM, mid-run.

`analyze position shoo --perft 5` ran for minutes and only SIGKILL stopped it: a kernel
in C never gave Python the chance to run the signal's handler. Now every long kernel loop
looks for signals every few milliseconds (``cext/common/interrupt.pxd``). For each
long-running command — the position tools, every exact analysis, every game's skill
ladder (search players), games played in this process (``--workers 1``) and search
players at their largest budgets — this starts the command as a user would, waits until it
is at work (its first stage line, or its processes have used some CPU time past their
start: a clock that a busy machine does not run ahead of the command), then sends

* Ctrl-C as a terminal does, to the whole process group, or
* SIGTERM as a supervisor does (``kill PID``), to the command alone,

and asserts: exit within a second with status 130 (143 after SIGTERM) and one line on
stderr after the progress lines, no process of its session left behind, and no output but
what is allowed (a results store's finished chunks): no report folder, no hidden staging
folder.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self") or not hasattr(os, "killpg"),
                                reason="process groups, and /proc to find the session")

ANALYZE = [sys.executable, "-c", "import sys; from analyze.entry import main; sys.exit(main())"]
HAND = "hand: " + " ".join(f"{c}{n}" for c in "ROYG" for n in range(1, 7))
"""24 tiles of four colours: a layout search that runs to its budget."""
STAGE = "stage"
"""Wait for the command's first stage line on stderr (the exact analyses print them)."""
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

COMMANDS = [
    # (argv, what to wait for: STAGE or CPU seconds used by its processes, signal); a
    # command has started (Python, numpy, pandas, the toolkit) in about 0.6 CPU seconds
    (["position", "shoo", "--perft", "5"], 1.2, signal.SIGINT),
    (["position", "sumoku", "--set", "key=7", "--search", "10000", HAND], 1.2, signal.SIGINT),
    (["exact", "manhome"], STAGE, signal.SIGINT),
    (["exact", "manhome", "--largest"], STAGE, signal.SIGTERM),
    (["exact", "sosooyoo"], STAGE, signal.SIGTERM),
    (["exact", "sumoku", "tables"], STAGE, signal.SIGINT),
    (["exact", "sumoku", "speed"], STAGE, signal.SIGTERM),
    (["exact", "sumoku", "spot"], STAGE, signal.SIGINT),
    (["exact", "sumoku", "team"], STAGE, signal.SIGTERM),
    (["exact", "sumoku", "solo"], STAGE, signal.SIGINT),
    (["exact", "shoo", "reduced"], STAGE, signal.SIGTERM),
    (["exact", "shoo", "opening", "--workers", "1"], STAGE, signal.SIGINT),
    (["skill", "manhome", "--workers", "1"], 1.5, signal.SIGTERM),
    (["skill", "sosooyoo", "--budgets", "4096", "--workers", "1"], 1.5, signal.SIGINT),
    (["skill", "sumoku", "--budgets", "1024", "--workers", "2"], 1.5, signal.SIGTERM),
    (["skill", "shoo", "--workers", "1"], 1.5, signal.SIGINT),
    (["shoo", "--workers", "1", "--sims", "1e4"], 1.2, signal.SIGTERM),
    (["sumoku", "--workers", "1", "--sims", "1e4"], 1.2, signal.SIGINT),
    (["manhome", "--policy", "search-65536", "--sims", "50", "--workers", "1"], 1.2,
     signal.SIGTERM),
    (["sosooyoo", "--policy", "search-4096", "--sims", "50", "--workers", "1"], 1.2,
     signal.SIGINT),
]


def _stats(sid: int) -> list[list[str]]:
    """``/proc/PID/stat`` of the live processes of session ``sid`` (zombies waiting to be
    reaped are gone), the fields after the command's name, ``[pid, ...]`` first."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append([entry, *fields])
    return found


def _session(sid: int) -> list[int]:
    """The live processes of session ``sid``."""
    return [int(fields[0]) for fields in _stats(sid)]


def _cpu_seconds(sid: int) -> float:
    """The user and system CPU time used so far by the live processes of session ``sid``."""
    return sum(int(fields[12]) + int(fields[13]) for fields in _stats(sid)) / TICK


def _left_behind(folder: Path) -> list[str]:
    """What the command wrote that it should not have: anything but a results store."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if not p.is_dir() and not p.name.startswith("runs.sqlite")) + sorted(
        p.relative_to(folder).as_posix() for p in folder.rglob(".*"))


@pytest.mark.parametrize("argv, wait, signum", COMMANDS,
                         ids=[f"{' '.join(a[:3])}-{s.name}" for a, _, s in COMMANDS])
def test_a_long_command_stops_within_a_second(tmp_path, argv, wait, signum):
    err_path = tmp_path.parent / f"{tmp_path.name}.err"
    with open(err_path, "w") as err:
        process = subprocess.Popen(ANALYZE + argv, cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=err, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while (err_path.read_text().count("\n") < 1 if wait == STAGE
               else _cpu_seconds(process.pid) < wait):
            assert process.poll() is None, f"ended before the signal: {err_path.read_text()}"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        time.sleep(0.3 if wait == STAGE else 0.05)   # at work, past the stage line
        assert process.poll() is None, f"ended before the signal: {err_path.read_text()}"
        sent = time.monotonic()
        if signum == signal.SIGINT:
            os.killpg(process.pid, signum)   # Ctrl-C: the terminal signals the whole group
        else:
            os.kill(process.pid, signum)     # a supervisor's `kill PID`
        status = process.wait(timeout=30)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    lines = [line for line in err_path.read_text().splitlines()
             if not line.startswith("[")]   # the stage and progress lines
    assert status == 128 + signum, lines
    assert took < 1.0, f"{took:.2f} s to stop"
    assert len(lines) == 1 and "interrupted" in lines[0] and "Traceback" not in lines[0], lines
    time.sleep(0.2)   # the workers, if any, are being killed with their parent
    assert _session(process.pid) == []
    assert _left_behind(tmp_path) == []
