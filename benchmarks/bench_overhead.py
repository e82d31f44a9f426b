"""The fixed cost of a command, before and after, in one run (the machines are shared).

    python benchmarks/bench_overhead.py [--rev 1d2de15 | --old DIR] [--rounds 5] [--sims 1e6]

Measures an old build (``--rev``, default 1d2de15, the state before issue 9, built into a
temporary folder; or ``--old DIR``) and this checkout in alternating rounds
(benchmarks/before_after.py), each in subprocesses importing the build measured:

* the Man Home kernel's games/s on one core (``play_chunk`` on 2**16 keys, greedy and
  random; CPU time, the best of three in each round);
* ``analyze manhome --sims N --workers 2 --no-store`` end to end (wall, into a new folder:
  start-up, games, statistics, games.npz, plots, report);
* a stored repeat: ``analyze manhome --sims 1e5 --seed 8`` run again in a folder that holds
  its results store and report (wall; every game loaded, the report rewritten).

Prints the median of each and the ratio new/old (below 1 for seconds, above 1 for games/s:
the current checkout is faster). ``--repeats`` is the former name of ``--rounds``.
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from before_after import (add_build_options, alternate, best_wall, builds, old_name, print_ratios,
                          run_json)

KERNEL = """
import json, sys, numpy as np
find_game = imported("solver.registry").find_game
play_chunk = find_game("manhome").load_kernel()  # the kernel wherever the build keeps it
prepare = imported("solver.manhome.policies").prepare
rules = imported("solver.manhome.rules").ManHomeRules()
keys = np.random.PCG64(1).random_raw(2 ** 16)
out = {}
for policy in sys.argv[1:]:
    seats = (policy, policy)
    prepare(rules, seats)
    play_chunk(rules, seats, keys[:1024])  # warm
    out[f"kernel {policy}"] = len(keys) / best_cpu(play_chunk, rules, seats, keys, repeats=3)[0]
print(json.dumps(out))
"""
ANALYZE = """
import sys
status = run_analyze(*sys.argv[1:])
if status:
    raise SystemExit(f"analyze exited with {status}")
print(0)
"""
POLICIES = ("greedy", "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser, rev="1d2de15")
    parser.add_argument("--repeats", type=int, dest="rounds", help=argparse.SUPPRESS)
    parser.add_argument("--sims", default="1e6", help="games of the end-to-end run (default 1e6)")
    options = parser.parse_args()
    sims = str(int(float(options.sims)))

    with tempfile.TemporaryDirectory(prefix="bench-overhead-") as tmp, \
            builds(options) as sources:
        root, runs = Path(tmp), iter(range(10 ** 9))

        def analyze(source: Path, cwd: Path, *argv: str) -> float:
            """Wall seconds of ``analyze argv`` with ``source`` in ``cwd``, start-up included."""
            return best_wall(lambda: run_json(source, ANALYZE, *argv, "--quiet", cwd=cwd))[0]

        scratch = {}
        for name, source in sources.items():
            scratch[source] = root / name / "scratch"
            scratch[source].mkdir(parents=True)
            # the stored run the repeats answer from (and a warm-up of everything)
            analyze(source, scratch[source], "manhome", "--sims", "1e5", "--seed", "8")

        def measure(source: Path) -> dict[str, float]:
            figures = run_json(source, KERNEL, *POLICIES)
            out = scratch[source].parent / f"run-{next(runs)}"
            figures["end to end"] = analyze(source, scratch[source].parent, "manhome", "--sims",
                                            sims, "--workers", "2", "--no-store", "--out",
                                            str(out))
            figures["stored repeat"] = analyze(source, scratch[source], "manhome", "--sims",
                                               "1e5", "--seed", "8")
            return figures

        figures = alternate(sources, options.rounds, measure)

    labels = {"kernel greedy": "kernel games/s, one core, greedy (2**16 games)",
              "kernel random": "kernel games/s, one core, random (2**16 games)",
              "end to end": f"analyze manhome --sims {float(sims):.0e} --workers 2 --no-store, s",
              "stored repeat": "stored repeat of analyze manhome --sims 1e5 --seed 8, s"}
    print(f"\nmedians of {options.rounds} rounds; old = {old_name(options)}, new = this checkout")
    width = max(map(len, labels.values()))
    print_ratios({k: v for k, v in figures.items() if k.startswith("kernel")}, labels.get, width)
    print_ratios({k: v for k, v in figures.items() if not k.startswith("kernel")}, labels.get,
                 width, "{:.2f}")


if __name__ == "__main__":
    main()
