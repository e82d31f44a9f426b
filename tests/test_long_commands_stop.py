"""Every long-running command stops within one CPU second of Ctrl-C or SIGTERM, mid-run.

`analyze position shoo --perft 5` ran for minutes and only SIGKILL stopped it: a kernel
in C never gave Python the chance to run the signal's handler; and `analyze manhome
--policy ply-2` ignored SIGTERM for minutes (its search counted no work). Now every long
kernel loop looks for signals every few milliseconds of work (``cext/common/interrupt.pxd``;
tests/test_kernels_look_for_signals.py holds each game's slowest players to 0.1 CPU s).
For each long-running command — the position tools, every exact analysis, every game's
skill ladder (search players), games played in this process (``--workers 1``) and search
players at their largest budgets — this starts the command as a user would, waits until it
is at work (its first stage line and 0.3 CPU s more, or its processes have used some CPU
time past their start: a clock that a busy machine does not run ahead of the command), then
sends

* Ctrl-C as a terminal does, to the whole process group, or
* SIGTERM as a supervisor does (``kill PID``), to the command alone,

and asserts: the command's processes use at most one CPU second between the signal and its
exit (read from /proc: the session's CPU time at the signal, and at the exit, the command
a zombie not yet reaped; never a wall clock, which a busy machine runs ahead), status 130
(143 after SIGTERM) and one line on stderr after the progress lines, no process of its
session left behind, and no output but what is allowed (a results store's finished
chunks): no report folder, no hidden staging folder.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import in_session, session_cpu, stat, wait_until

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self") or not hasattr(os, "killpg"),
                                reason="process groups, and /proc to find the session")

ANALYZE = [sys.executable, "-c", "import sys; from numbergames.analyze.entry import main; sys.exit(main())"]
HAND = "hand: " + " ".join(f"{c}{n}" for c in "ROYG" for n in range(1, 7))
"""24 tiles of four colours: a layout search that runs to its budget."""
STAGE = "stage"
"""Wait for the command's first stage line on stderr (the exact analyses print them)."""
AT_WORK_CPU_S = 0.3
"""After a stage line, the CPU seconds the command uses before the signal (at work in it)."""
STOP_CPU_S = 1.0
"""The CPU seconds a command may use between the signal and its exit."""
SMALL_RACE = {"board_rows": 2, "men_per_player": 3, "men_to_win": 2}
"""Man Home's rules for the race searches: their race and adapt tables solve in a twentieth
of a second (the standard game's, in 50 CPU s, would be most of the suite's time), and the
searches' loops are the same."""
PLY = ["manhome", "--sims", "1e5", "--workers", "1", "--no-store", "--quiet",
       *(f"--set={k}={v}" for k, v in SMALL_RACE.items()), "--policy"]
"""Man Home's race searches (their tables solved beforehand: the command starts playing
within about 1.3 CPU s; signalled at 3)."""

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
    *[(PLY + [player], 3.0, signum) for player in ("ply-2", "ply-4", "adapt-2", "adapt-4")
      for signum in (signal.SIGINT, signal.SIGTERM)],
]


def _left_behind(folder: Path) -> list[str]:
    """What the command wrote that it should not have: anything but a results store."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if not p.is_dir() and not p.name.startswith("runs.sqlite")) + sorted(
        p.relative_to(folder).as_posix() for p in folder.rglob(".*"))


@pytest.fixture(scope="module")
def race_tables():
    """Man Home's race and adapt tables, solved into the session's table cache
    (tests/conftest.py) before a command needs them."""
    from numbergames.solver.manhome.policies import prepare
    from numbergames.solver.manhome.rules import ManHomeRules

    prepare(ManHomeRules(**SMALL_RACE), ["ply-2", "adapt-2"])


def _ids(argv: list[str], signum: signal.Signals) -> str:
    return f"{' '.join(argv[:3] if argv[:len(PLY)] != PLY else argv[:1] + argv[-1:])}-" \
           f"{signum.name}"


@pytest.mark.parametrize("argv, wait, signum", COMMANDS,
                         ids=[_ids(argv, signum) for argv, _, signum in COMMANDS])
def test_a_long_command_stops_within_a_cpu_second(request, tmp_path, argv, wait, signum):
    if argv[:len(PLY)] == PLY:
        request.getfixturevalue("race_tables")
    err_path = tmp_path.parent / f"{tmp_path.name}.err"
    with open(err_path, "w") as err:
        process = subprocess.Popen(ANALYZE + argv, cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=err, start_new_session=True)
    sid = process.pid

    def working(cpu: float) -> bool:
        fields = stat(sid)
        assert fields and fields[0] != "Z", f"ended before the signal: {err_path.read_text()}"
        return session_cpu(sid) >= cpu

    try:
        if wait == STAGE:
            wait_until(lambda: working(0) and err_path.read_text().count("\n") >= 1,
                       "the first stage line")
            wait = session_cpu(sid) + AT_WORK_CPU_S       # at work, past the stage line
        wait_until(lambda: working(wait), f"{wait:.1f} CPU s of work")
        at_signal = session_cpu(sid)
        if signum == signal.SIGINT:
            os.killpg(sid, signum)   # Ctrl-C: the terminal signals the whole group
        else:
            os.kill(sid, signum)     # a supervisor's `kill PID`
        wait_until(lambda: (stat(sid) or ["Z"])[0] == "Z", "the command to end")
        used = session_cpu(sid) - at_signal          # the command a zombie: its final figures
        status = process.wait()
    finally:
        if process.poll() is None:
            os.killpg(sid, signal.SIGKILL)
            process.wait()
    lines = [line for line in err_path.read_text().splitlines()
             if not line.startswith("[")]   # the stage and progress lines
    print(f"{used:.2f} CPU s from the signal to the exit")   # shown by pytest -rP
    assert status == 128 + signum, lines
    assert used <= STOP_CPU_S, f"{used:.2f} CPU s to stop"
    assert len(lines) == 1 and "interrupted" in lines[0] and "Traceback" not in lines[0], lines
    # the workers, if any, are being killed with their parent
    wait_until(lambda: not in_session(sid), "a process of the command left behind")
    assert _left_behind(tmp_path) == []
