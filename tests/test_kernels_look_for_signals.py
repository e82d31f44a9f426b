"""Every kernel's long loops see a pending signal within 0.1 CPU second.

A kernel runs in C without the GIL, where Python cannot run a signal's handler; every long
loop counts its work and looks for signals every few milliseconds of it
(``cext/common/interrupt.pxd``). Man Home's ``ply-N`` and ``adapt-N`` counted nothing
inside their search (a ply-4 decision: 6.9 CPU s before the look) and a game a unit
between games (``analyze manhome --policy ply-2`` ignored SIGTERM for minutes); Sumoku's
mcts-65536 counted a simulation a unit whatever its playout cost (0.15 CPU s).

For each game's slowest players, a child process plays their games, or asks them for
decision after decision (``KernelState.decide``, one search each), in the kernel; a
profiling timer (``ITIMER_PROF``: it fires after so much CPU time of the process, however
busy the machine) then fires, and its handler raises. The child measures the CPU time
from the timer's moment to the exception's arrival in Python: at most 0.1 CPU s. A child
that does not stop at all is ended by its own CPU limit (``RLIMIT_CPU``), never by a
clock on the wall.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer") or os.name != "posix",
                                reason="a profiling interval timer and RLIMIT_CPU")

BOUND_CPU_S = 0.1
"""CPU seconds from the timer's moment to the exception in Python, at most."""
AFTER_CPU_S = 0.3
"""The timer fires this much CPU time into the kernel call."""
NO_STOP_CPU_S = 5
"""The child's own CPU limit past the timer: a kernel that never looks is ended by it."""

CHILD = r"""
import json, math, resource, signal, sys, time

import numpy as np

from numbergames.solver.registry import games

class Fired(Exception):
    pass

game, policy, mode, after, no_stop = sys.argv[1:4] + [float(a) for a in sys.argv[4:6]]
spec = games()[game]
module = spec.kernel.module()
rules = spec.rules.from_values({})
policies = [policy] * spec.seats(rules)
spec.players.prepare(rules, policies)
module.kernel_state(rules, policies, 1)           # the tables built, before the timer


def fired(signum, frame):
    raise Fired


signal.signal(signal.SIGPROF, fired)
started = time.process_time()
resource.setrlimit(resource.RLIMIT_CPU, (math.ceil(started + after + no_stop),
                                         resource.RLIM_INFINITY))
signal.setitimer(signal.ITIMER_PROF, after)
try:
    if mode == "games":                           # the loop over games (play_chunk)
        module.play_chunk(rules, policies, np.arange(1, 1 << 24, dtype=np.uint64))
    else:                                         # the loop inside a search: decide
        key = 1
        while True:
            state = module.kernel_state(rules, policies, key)
            while not state.is_terminal():
                state.apply_action(state.draw_chance() if state.is_chance_node()
                                   else state.decide())
            key += 1
except Fired:
    print(json.dumps({"late": time.process_time() - (started + after)}))
else:
    print(json.dumps({"late": None}))             # the call ended before the timer
"""

SLOW = [
    # (game, player, the loop: over games or inside one decision's search)
    ("manhome", "expert", "games"),
    ("manhome", "ply-2", "games"),
    ("manhome", "ply-4", "decide"),
    ("manhome", "adapt-4", "decide"),
    ("manhome", "search-65536", "decide"),
    ("manhome", "mcts-65536", "decide"),
    ("sumoku", "mcts-65536", "decide"),
    ("sumoku", "search-1024", "decide"),
    ("shoo", "mcts-65536", "decide"),
    ("shoo", "search-1000", "decide"),
    ("sosooyoo", "search-4096", "decide"),
    ("sosooyoo", "mcts-65536", "decide"),
]


@pytest.mark.parametrize("game, player, mode", SLOW, ids=["-".join(case) for case in SLOW])
def test_a_kernel_stops_within_a_tenth_of_a_cpu_second_of_a_signal(game, player, mode):
    done = subprocess.run([sys.executable, "-c", CHILD, game, player, mode, str(AFTER_CPU_S),
                           str(NO_STOP_CPU_S)], capture_output=True, text=True)
    assert done.returncode != -signal.SIGXCPU, (
        f"{game} {player}: still in the kernel {NO_STOP_CPU_S} CPU s after the signal")
    assert done.returncode == 0, done.stderr[-2000:]
    late = json.loads(done.stdout.splitlines()[-1])["late"]
    assert late is not None, "the kernel call ended before the timer fired"
    assert late <= BOUND_CPU_S, f"{game} {player} ({mode}): {late:.3f} CPU s after the signal"
