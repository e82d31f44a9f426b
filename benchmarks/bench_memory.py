"""Peak memory of a long run on the driver, before and after, in one run (issue 20).

    python benchmarks/bench_memory.py (--old DIR | --rev REV) [--rounds 1] [--sims 2e7]
                                      [--workers 2] [--command run]

Runs ``analyze manhome --sims N --no-store --quiet`` (greedy, 2 players: the standard
run) with an old build (``--old DIR``: a tree built in place, e.g. a worktree of main; or
``--rev``, built into a temporary folder) and with this checkout, in alternating rounds
(benchmarks/before_after.py), each in a subprocess importing the build measured; prints the
driver's peak resident memory (``ru_maxrss`` of the command's own process, read by a small
wrapper: the worker processes are its children and are not counted; they hold a few chunks
each) and the wall time, the medians of the rounds. The old toolkit keeps every game's row
on the driver; this one keeps the rows of the first ``--keep-games`` (default 1e6) and
merges the figures chunk by chunk. ``--command whatif`` (two variants), ``skill`` (a ladder)
and ``store`` (a run kept in a results store) measure the same for a what-if, a skill ladder
and the store.

    python benchmarks/bench_memory.py --merge 60000

simulates the driver of a 1e9-game run (60,000 chunks of 16,384 games): the tallies and
Man Home parts of real chunks (each a chunk of a different seed, so the length histograms
differ) merged 60,000 times over, with the peak memory of the process and the seconds.
"""
from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

from before_after import (PREAMBLE, add_build_options, alternate, best_wall, builds, env,
                          medians, old_name, python, run_json)

RUN = """
import json, resource, sys
status = run_analyze(*sys.argv[1:])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"status": status, "peak_mib": peak}))
"""


COMMANDS = {
    "run": ["manhome"],
    "store": ["manhome", "--store", "runs.sqlite"],
    "whatif": ["whatif", "manhome", "--vary", "tie=defender,attacker"],
    "skill": ["skill", "manhome", "--budgets", "4", "--search-sims", "2000"],
}
"""What ``--command`` measures: a standard run, the same kept in a results store (chunk
summaries beyond the rows kept), a what-if of two variants, a skill ladder (its fixed
players' matches at ``--sims`` games a seat; one small search rung)."""


def measure(source: Path, sims: str, workers: int, extra: list[str],
            command: str = "run") -> dict:
    store = ["--no-store"] if command != "store" else []
    with tempfile.TemporaryDirectory() as folder:
        seconds, result = best_wall(lambda: run_json(
            source, RUN, *COMMANDS[command], "--sims", sims, "--workers", str(workers), *store,
            "--quiet", "--out", str(Path(folder) / "run"), *extra, cwd=Path(folder)))
        if result["status"] not in (0, None):
            raise SystemExit(f"the command failed with {source}: status {result['status']}")
        return {"peak_mib": result["peak_mib"], "seconds": seconds}


CLUSTER = """
import sys
from distributed import LocalCluster
with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                  dashboard_address=None) as cluster:
    print(cluster.scheduler_address, flush=True)
    sys.stdin.read()  # until the benchmark is done with it
"""


def measured(source: Path, options: argparse.Namespace) -> dict:
    """:func:`measure` of one build; with ``--dask`` on a local Dask cluster of its own (a
    process of its own, scheduler and workers importing that build: not the driver)."""
    if not options.dask:
        return measure(source, options.sims, options.workers, [], options.command)
    cluster = subprocess.Popen(python("-c", PREAMBLE + CLUSTER), env=env(source),
                               stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = cluster.stdout.readline().strip()
        return measure(source, options.sims, options.workers, ["--scheduler", address],
                       options.command)
    finally:
        cluster.stdin.close()
        cluster.wait(timeout=60)


def merge(chunks: int, distinct: int = 20) -> None:
    """Merge ``chunks`` chunk tallies (``distinct`` real chunks, round robin) as a 1e9-game
    run's driver does."""
    import copy
    import resource

    from numbergames.analysis.running.chunks import CHUNK_SIZE, Collector, chunk_keys
    from numbergames.analysis.statistics.stats import summarize_tally
    from numbergames.analysis.statistics.tally import Tally, merge_parts
    from numbergames.solver.registry import find_game
    from numbergames.studies import find_study

    spec, study = find_game("manhome"), find_study("manhome")
    rules = spec.rules()
    policies = ["greedy"] * spec.seats(rules)
    play = spec.load_kernel()
    tallies, parts = [], []
    for seed in range(distinct):
        one = Collector(CHUNK_SIZE, spec.per_seat, 0, Tally(2, spec.traits), study.tally_fields)
        one.add(dict(play(rules, policies, chunk_keys(seed, 0))))
        tallies.append(one.tally)
        parts.append(one.parts)

    def merged_all() -> tuple[Tally, object]:
        total, merged = Tally(2, spec.traits), copy.deepcopy(parts[0])
        for i in range(chunks):
            total.merge(tallies[i % distinct])
            if i:
                merged = merge_parts(merged, parts[i % distinct])
        return total, summarize_tally(total)

    seconds, (total, summary) = best_wall(merged_all)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{chunks:,} chunk summaries merged ({total.games:,} games): {seconds:.1f} s, peak "
          f"memory of the process {peak:,.0f} MiB; turns mean {summary.turns_mean:.3f}, "
          f"seat 0 wins {summary.win_rate_by_seat[0]:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser, rounds=1)
    parser.add_argument("--sims", default="2e7")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--command", choices=sorted(COMMANDS), default="run",
                        help="what to measure (default: a standard run)")
    parser.add_argument("--dask", action="store_true",
                        help="play on a local Dask cluster (2 workers of 1 thread) through "
                             "--scheduler: the driver's memory on a cluster")
    parser.add_argument("--merge", type=int, metavar="CHUNKS",
                        help="merge this many chunk summaries instead (a 1e9 run: 60000)")
    options = parser.parse_args()
    if options.merge:
        merge(options.merge)
        return
    if options.old is None and options.rev is None:
        parser.error("--old DIR or --rev REV is needed (or --merge CHUNKS)")
    with builds(options) as sources:
        figures = medians(alternate(sources, options.rounds,
                                    lambda source: measured(source, options)))
    old, new = ({what: kept[name] for what, kept in figures.items()} for name in ("old", "new"))
    store = " --no-store" if options.command != "store" else " (a new results store)"
    print(f"analyze {' '.join(COMMANDS[options.command])} --sims {options.sims} "
          f"--workers {options.workers}{store}{' on a local Dask cluster' if options.dask else ''}"
          f": peak memory of the driver, medians of {options.rounds} round(s); old = "
          f"{old_name(options)}, new = this checkout")
    print(f"{'build':<8}{'peak MiB':>12}{'seconds':>10}")
    for name, result in (("old", old), ("new", new)):
        print(f"{name:<8}{result['peak_mib']:>12,.0f}{result['seconds']:>10.1f}")
    print(f"new/old peak: {new['peak_mib'] / old['peak_mib']:.3f}")


if __name__ == "__main__":
    main()
