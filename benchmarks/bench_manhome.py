"""Man Home speed and memory, as ratios measured in one run (the machines are shared).

    python benchmarks/bench_manhome.py [--sims 1e6]

Prints: kernel games/s on one core per policy (result arrays included), the reference
engine's games/s and the kernel/reference ratio, the runner's scaling from 1 to 2
workers, the same for search players (a small run split into pieces), ``analyze manhome
--sims N`` end to end, and peak memory against the number of games with the per-game result
arrays taken out (benchmarks/before_after.py times them).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from before_after import ROOT, best_alternating, best_cpu, best_wall, run_json
from numbergames.analysis.running.runner import run
from numbergames.analysis.searches.simulation import parse_sims
from numbergames.solver.manhome import reference_row
from numbergames.solver.manhome.kernel import play_chunk
from numbergames.solver.manhome.policies import prepare
from numbergames.solver.manhome.rules import ManHomeRules

RULES = ManHomeRules()


def kernel_rate(policy: str, sims: int, seats: tuple[str, str] | None = None) -> tuple[float, float]:
    """(games per second of CPU time, CPU seconds) of the kernel on one core."""
    keys = np.random.PCG64(1).random_raw(sims)
    seats = seats or (policy, policy)
    prepare(RULES, seats)  # a solved table is built once, not timed
    cpu, _ = best_cpu(play_chunk, RULES, seats, keys, repeats=1)
    return sims / cpu, cpu


def reference_rate(policy: str, sims: int, seats: tuple[str, str] | None = None) -> float:
    keys = np.random.PCG64(1).random_raw(sims)
    seats = seats or (policy, policy)
    cpu, _ = best_cpu(lambda: [reference_row(RULES, seats, int(key)) for key in keys], repeats=1)
    return sims / cpu


def runner_seconds(policy: str, sims: int, workers: int, seats: tuple[str, str] | None = None) -> float:
    return best_wall(run, "manhome", RULES, seats or (policy, policy), sims, 0, workers)[0]


def end_to_end(sims: int, workers: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        return best_wall(lambda: subprocess.run([  # this checkout's command, whatever the PATH
            sys.executable, "-m", "numbergames.analyze", "manhome", "--sims", str(sims),
            "--workers", str(workers), "--quiet", "--no-store", "--out",
            str(Path(tmp) / "report")], check=True))[0]


PEAK = """
import json, re, sys
from pathlib import Path
run = imported("analysis.running.runner").run
ManHomeRules = imported("solver.manhome.rules").ManHomeRules
games = run("manhome", ManHomeRules(), ("random", "random"), int(sys.argv[1]), seed=0, workers=1).games
# VmHWM, not ru_maxrss: ru_maxrss keeps the parent's peak across fork and exec
peak = int(re.search(r"VmHWM:\s+(\d+) kB", Path("/proc/self/status").read_text()).group(1))
print(json.dumps({"peak": peak * 1024,
                  "arrays": int(games.memory_usage(index=False).sum())}))
"""


def peak_memory(sims: int) -> tuple[int, int]:
    data = run_json(ROOT, PEAK, str(sims))
    return data["peak"], data["arrays"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", default="1e6")
    parser.add_argument("--repeats", type=int, default=3, help="rounds for the wall-clock timings")
    options = parser.parse_args()
    sims, repeats = parse_sims(options.sims), options.repeats
    mib = 2 ** 20

    print(f"== kernel, one core, {sims:,} two-player games (result arrays included)")
    rates = {}
    for policy in ("random", "greedy", "expert"):
        n = sims if policy != "expert" else sims // 10
        rates[policy], cpu = max(kernel_rate(policy, n) for _ in range(repeats))
        print(f"{policy:>7}: {rates[policy]:>12,.0f} games/s   ({cpu:.2f} s of CPU for {n:,} "
              f"games, best of {repeats})")

    print("== reference engine (pure Python), one core")
    for policy, n in (("random", 3000), ("greedy", 3000), ("expert", 600)):
        ref = reference_rate(policy, n)
        print(f"{policy:>7}: {ref:>12,.0f} games/s   kernel/reference = {rates[policy] / ref:,.0f}x")

    print(f"== runner scaling, {sims:,} games (wall seconds, best of {repeats})")
    for policy in ("random", "greedy"):
        one, two = best_alternating(repeats, lambda: runner_seconds(policy, sims, 1),
                           lambda: runner_seconds(policy, sims, 2))
        print(f"{policy:>7}: 1 worker {one:.2f} s, 2 workers {two:.2f} s, speed-up {one / two:.2f}x")

    print("== search players against greedy (kernel on one core; reference; runner in pieces)")
    for budget, n, ref_n in ((8, 2000, 4), (32, 600, 2), (128, 200, 1)):
        seats = (f"search-{budget}", "greedy")
        rate, cpu = max(kernel_rate("", n, seats) for _ in range(repeats))
        ref = reference_rate("", ref_n, seats)
        print(f"search-{budget:<4}: {rate:>8,.0f} games/s, reference {ref:,.2f} games/s, "
              f"kernel/reference = {rate / ref:,.0f}x")
    n = 1000
    one, two = best_alternating(repeats, lambda: runner_seconds("", n, 1, ("search-16", "greedy")),
                       lambda: runner_seconds("", n, 2, ("search-16", "greedy")))
    print(f"search-16, {n:,} games (one chunk, split into pieces): 1 worker {one:.2f} s, "
          f"2 workers {two:.2f} s, speed-up {one / two:.2f}x")

    print(f"== analyze manhome --sims {sims:,} end to end (start-up, games, stats, report, "
          f"plots; best of {repeats})")
    one, two = best_alternating(repeats, lambda: end_to_end(sims, 1), lambda: end_to_end(sims, 2))
    print(f"1 worker {one:.2f} s, 2 workers {two:.2f} s wall (speed-up {one / two:.2f}x)")

    print("== peak memory (one process) against games played")
    for n in (sims // 10, sims, 4 * sims):
        peak, arrays = peak_memory(n)
        print(f"{n:>10,} games: peak {peak / mib:7.1f} MiB, result arrays {arrays / mib:6.1f} MiB, "
              f"rest {(peak - arrays) / mib:6.1f} MiB")


if __name__ == "__main__":
    main()
