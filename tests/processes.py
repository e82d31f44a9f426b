"""The child processes of the signal tests, read from ``/proc`` (Linux): who lives, in which
session, how much CPU time it has used; and waiting for one of them to change, by polling
its status with a deadline that only bounds a hang (the tests never wait on a clock for
something to happen: a busy machine may take any time)."""
from __future__ import annotations

import os
import time
from collections.abc import Callable

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
HANG_S = 120.0
"""Seconds of waiting after which a test says the child hangs (a bound, not a measure)."""


def stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (the state first), or None
    when the process is gone (reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def cpu_of(fields: list[str]) -> float:
    """The CPU seconds of a process's stat fields: its own user and system time and those
    of its children it has reaped."""
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICK


def in_session(sid: int, zombies: bool = False) -> dict[int, list[str]]:
    """The processes of session ``sid`` (pid: stat fields); zombies only if asked."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = stat(entry)
            if fields and int(fields[3]) == sid and (zombies or fields[0] != "Z"):
                found[int(entry)] = fields
    return found


def session_cpu(sid: int) -> float:
    """The CPU seconds used so far by session ``sid``: every process of it, the zombies not
    yet reaped among them (a zombie's figures are final), and the children they reaped."""
    return sum(cpu_of(fields) for fields in in_session(sid, zombies=True).values())


def children(pid: int) -> list[int]:
    """The pids of the processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = stat(entry)
            if fields and int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting to be reaped does not)."""
    fields = stat(pid)
    return fields is not None and fields[0] != "Z"


def wait_until(done: Callable[[], bool], what: str, seconds: float = HANG_S) -> None:
    """Poll ``done()`` until it holds; AssertionError naming ``what`` after ``seconds``
    (a hang)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"{what}: not after {seconds:.0f} s"
        time.sleep(0.01)


def catches(pid: int, signum: int) -> bool:
    """Whether process ``pid`` has a handler installed for ``signum`` (``SigCgt`` in
    ``/proc/PID/status``): e.g. the ``analyze`` command's for SIGTERM, installed first thing."""
    try:
        with open(f"/proc/{pid}/status") as file:
            for line in file:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except OSError:
        pass
    return False
