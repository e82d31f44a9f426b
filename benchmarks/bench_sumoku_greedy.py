"""Sumoku greedy games per CPU-second (2 and 3 players) and plays counted per second, before
and after, in one run.

    python benchmarks/bench_sumoku_greedy.py --old DIR [--rounds 5] [--games 300]

Measures an old build (``--old DIR``, built in place) and this checkout (built in place)
in alternating rounds, each in a subprocess whose PYTHONPATH points at the build measured:
the greedy player in every seat of ``play_chunk`` on a fixed set of keys with 2 and with 3
players (the default rules otherwise), and the kernel's move generator counting every play
(``count_plays``, the exhaustive enumeration the random player and a lookahead's replies
use) on every hand before every turn of 3 greedy games of the reference engine. CPU
seconds, the best of two in a round; prints the medians and the ratios new/old.
"""
from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from pathlib import Path

from bench_overhead import alternate, measured_json, print_ratios

MEASURE = """
import json, pickle, sys, time, numpy as np
from numbergames.solver.sumoku.kernel import count_plays, play_chunk
from numbergames.solver.sumoku.rules import SumokuRules
games, found = int(sys.argv[1]), pickle.load(open(sys.argv[2], "rb"))
out = {}
keys = np.arange(1, games + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
for players in (2, 3):
    rules = SumokuRules(players=players)
    play_chunk(rules, ["greedy"] * players, keys[:games // 10])   # warm
    best = float("inf")
    for _ in range(2):
        cpu = time.process_time()
        play_chunk(rules, ["greedy"] * players, keys)
        best = min(best, time.process_time() - cpu)
    out[f"greedy games/s, {players} players"] = games / best
rules = SumokuRules()
best = float("inf")
for _ in range(2):
    cpu = time.process_time()
    plays = sum(count_plays(rules, cells, hand, key) for cells, hand, key in found)
    best = min(best, time.process_time() - cpu)
out["plays counted/s"] = plays / best
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="an old build, built in place")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--games", type=int, default=300, help="greedy games a measurement")
    options = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_sumoku import positions
    from numbergames.solver.sumoku.rules import SumokuRules

    found = positions(SumokuRules(), range(3))
    builds = {"old": options.old, "new": Path(__file__).resolve().parent.parent}
    with tempfile.TemporaryDirectory(prefix="bench-sumoku-") as tmp:
        hands = Path(tmp) / "hands.pkl"
        hands.write_bytes(pickle.dumps(found))
        figures = alternate(builds, options.rounds, lambda source: measured_json(
            source, MEASURE, str(options.games), str(hands)))
    print(f"\nSumoku, medians of {options.rounds} alternated rounds; old = {options.old}, "
          f"new = this checkout; {len(found)} hands counted")
    print_ratios(figures)

if __name__ == "__main__":
    sys.exit(main())
