"""Sumoku greedy games per CPU-second (2 and 3 players) and plays counted per second, before
and after, in one run.

    python benchmarks/bench_sumoku_greedy.py (--old DIR | --rev REV) [--rounds 5] [--games 300]

Measures an old build (``--old DIR``, built in place, or ``--rev``) and this checkout in
alternating rounds (benchmarks/before_after.py), each in a subprocess importing the build
measured:
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

from before_after import add_build_options, alternate, builds, old_name, print_ratios, run_json
from bench_sumoku import positions

MEASURE = """
import json, pickle, sys, numpy as np
kernel = imported("solver.sumoku.kernel")
SumokuRules = imported("solver.sumoku.rules").SumokuRules
games, found = int(sys.argv[1]), pickle.load(open(sys.argv[2], "rb"))
out = {}
keys = np.arange(1, games + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
for players in (2, 3):
    rules, seats = SumokuRules(players=players), ["greedy"] * players
    kernel.play_chunk(rules, seats, keys[:games // 10])   # warm
    out[f"greedy games/s, {players} players"] = games / best_cpu(
        kernel.play_chunk, rules, seats, keys)[0]
rules = SumokuRules()
seconds, plays = best_cpu(lambda: sum(kernel.count_plays(rules, cells, hand, key)
                                      for cells, hand, key in found))
out["plays counted/s"] = plays / seconds
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser)
    parser.add_argument("--games", type=int, default=300, help="greedy games a measurement")
    options = parser.parse_args()
    from numbergames.solver.sumoku.rules import SumokuRules

    found = positions(SumokuRules(), range(3))
    with tempfile.TemporaryDirectory(prefix="bench-sumoku-") as tmp, builds(options) as sources:
        hands = Path(tmp) / "hands.pkl"
        hands.write_bytes(pickle.dumps(found))
        figures = alternate(sources, options.rounds, lambda source: run_json(
            source, MEASURE, str(options.games), str(hands)))
    print(f"\nSumoku, medians of {options.rounds} alternated rounds; old = {old_name(options)}, "
          f"new = this checkout; {len(found)} hands counted")
    print_ratios(figures)


if __name__ == "__main__":
    sys.exit(main())
