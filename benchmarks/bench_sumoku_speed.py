"""Speed sumoku's layout search: hands decided a second, kernel against reference.

    python benchmarks/bench_sumoku_speed.py [--hands 200] [--keys 3 5 8 10] [--budget 2e6]
                                            [--reference-hands 12] [--reference-budget 2e5]

Random 10-tile hands (``numbergames.solver.sumoku.speed.random_hands``), the same on every key, CPU
time, one core. First the whole decision as the speed analysis makes it (``layout.search``
with the kernel's strip search: a quick strip search, the cover proof in Python, the full
strip search) on ``--hands`` hands per key: hands decided a second, nodes a second. Then
the strip search alone, kernel (``kernel_strip_search``) against reference
(``strip_search``), on the first ``--reference-hands`` hands with ``--reference-budget``
nodes each: nodes a second for both and their ratio (the two must reach the same status
with the same nodes on every hand: checked).
"""
from __future__ import annotations

import argparse

from before_after import best_cpu
from numbergames.solver.sumoku.layout import kernel_strip_search, search, strip_search
from numbergames.solver.sumoku.speed import random_hands


def timed(function, hands, keys, budget, **kw):
    """(the results of ``function`` on every hand and key, their CPU seconds)."""
    seconds, results = best_cpu(
        lambda: [function(h, key, budget=budget, **kw) for key in keys for h in hands], repeats=1)
    return results, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--keys", type=int, nargs="+", default=[3, 5, 8, 10])
    parser.add_argument("--budget", type=float, default=2e6)
    parser.add_argument("--reference-hands", type=int, default=12)
    parser.add_argument("--reference-budget", type=float, default=2e5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    hands = random_hands(args.hands, 10, args.seed)
    whole, whole_s = timed(search, hands, args.keys, int(args.budget), kernel=True)
    nodes = sum(r.nodes for r in whole)
    statuses = {s: sum(r.status == s for r in whole) for s in ("found", "impossible", "gave_up")}
    print(f"10-tile hands, keys {args.keys}, seed {args.seed}")
    print(f"whole decisions (kernel strip search, budget {int(args.budget):,}): {len(whole)} "
          f"hands in {whole_s:.2f} s = {len(whole) / whole_s:.1f} hands/s, "
          f"{nodes / whole_s / 1e6:.1f} million nodes/s; {statuses}")
    shared = hands[:args.reference_hands]
    budget = int(args.reference_budget)
    fast, fast_s = timed(kernel_strip_search, shared, args.keys, budget)
    slow, slow_s = timed(strip_search, shared, args.keys, budget)
    assert [(r.status, r.nodes) for r in slow] == [(r.status, r.nodes) for r in fast], \
        "the engines disagree"
    nodes = sum(r.nodes for r in fast)
    print(f"strip search alone, {len(fast)} hands, budget {budget:,}, {nodes:,} nodes (the "
          "same in both):")
    print(f"  kernel    {fast_s:8.3f} s = {nodes / fast_s / 1e6:8.2f} million nodes/s, "
          f"{len(fast) / fast_s:8.1f} hands/s")
    print(f"  reference {slow_s:8.3f} s = {nodes / slow_s / 1e6:8.3f} million nodes/s, "
          f"{len(slow) / slow_s:8.2f} hands/s")
    print(f"  ratio kernel / reference: {slow_s / fast_s:.0f}x")


if __name__ == "__main__":
    main()
