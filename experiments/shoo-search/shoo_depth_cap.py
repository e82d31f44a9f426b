"""Shoo's ``search-N`` against perfect play on a solved reduced field, with the search's depth
cap (:data:`numbergames.solver.shoo.search.MAX_DEPTH`, 16 plies since this measure; 8 before) and its
rule for ties as parameters: is it the cap, the budget or the ties that kept 4x4 under 95%
(solver/shoo/exact_play.py)?

    PYTHONPATH=$PWD python experiments/shoo-search/shoo_depth_cap.py
        [--size 4] [--budget 16] [--cap 16]
        [--ties uniform|static] [--positions 300] [--seed 20261123]

On the first ``--positions`` of the 300 positions ``analyze exact shoo`` samples a field
(seed ``--seed``; the report's is 20261123), the share where the search's move keeps the
perfect-play value, *expected over its ties* (a tie of k moves, j of them keeping the value,
counts j / k — the report draws one), and how deep the deciding iteration went. ``--ties
static`` breaks a tie of the search's values by the moves' depth-1 values (the evaluation of
the position after the move, greedy's with the duel tactics; within a distinct move's
entries too), then uniformly.

Measured 2026-11-28 (reference engine, 300 positions a sample; the report's seed / seed 7):

| 4x4 | cap 8 | cap 16 |
| --- | --- | --- |
| search-16, uniform ties | 0.941 / 0.927 | 0.941 / 0.927 |
| search-16, static ties | 0.951 / 0.933 | |
| search-64, uniform ties | 0.942 (report's sample) | **0.961 / 0.959** |
| search-64, static ties | | 0.970 / 0.967 |

``search-16`` stops at the cap of 8 in 48 and 51 of the 300 positions, and at 16 in 12 and
21, keeping the same share either way; ``search-64`` with cap 16 goes 8.6 plies deep on
average, 16 in 24. So at 6,400 nodes the cap, not the evaluation, is what held 4x4 under
95%; at 1,600 it is the budget. Other fields, cap 16, the report's first 30 positions:
``search-64`` keeps 29 of 30 on 3x3 (10.3 plies deep on average) and 30 of 30 on 5x5 (6.7).
The cap is 16 since (the exact report run again with ``search-64``).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from contextlib import contextmanager

import numbergames.solver.shoo.search as shoo_search
from numbergames.solver.shoo.exact import solve
from numbergames.solver.shoo.exact_play import sample_positions
from numbergames.solver.shoo.policies import allowed, best_of_groups, distinct_moves
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.search import NODE_UNIT, AlphaBeta, search
from numbergames.solver.shoo.state import ShooState

REPORT_SEED = 20261123      # studies/shoo/exact_report.py's
REPORT_POSITIONS = 300


@contextmanager
def depth_cap(cap: int):
    """The search module's :data:`MAX_DEPTH` set to ``cap`` for the block."""
    old = shoo_search.MAX_DEPTH
    shoo_search.MAX_DEPTH = cap
    try:
        yield
    finally:
        shoo_search.MAX_DEPTH = old


def picks(state: ShooState, budget: int, ties: str) -> tuple[list[int], int]:
    """The moves (indices into ``state.moves()``) the search ties for best, after the tie
    rule, and the depth of the deciding iteration."""
    moves = state.moves()
    values, depth, _ = search(state.position, moves, budget * NODE_UNIT)
    groups = distinct_moves(moves, allowed(state))
    if ties == "uniform":
        return best_of_groups(groups, values), depth
    engine = AlphaBeta(state.position, 0)
    keys = {i: (values[i], engine.child_value(state.position, moves[i])) for g in groups
            for i in g}
    entries = [max(g, key=lambda i: (keys[i], -i)) for g in groups]    # a group's best
    top = max(keys[i] for i in entries)
    return [i for i in entries if keys[i] == top], depth


def kept(size: int, budget: int, cap: int, ties: str, positions: int,
         seed: int) -> tuple[float, int, Counter]:
    """(kept expected over ties, positions, depths reached) on the sample's first
    ``positions``."""
    solution = solve(Reduced(size, 1, 1), ShooRules())
    indices = sample_positions(solution, REPORT_POSITIONS, seed)[:positions]
    total, depths = 0.0, Counter()
    with depth_cap(cap):
        for i in indices:
            position, moves, values = solution.move_values(int(i))
            if len(moves) == 1:
                total += 1
                continue
            best, depth = picks(ShooState(position=position), budget, ties)
            depths[depth] += 1
            total += sum(values[b] == int(solution.value[i]) for b in best) / len(best)
    return total, len(indices), depths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--budget", type=int, default=16)
    parser.add_argument("--cap", type=int, default=shoo_search.MAX_DEPTH)
    parser.add_argument("--ties", choices=("uniform", "static"), default="uniform")
    parser.add_argument("--positions", type=int, default=REPORT_POSITIONS)
    parser.add_argument("--seed", type=int, default=REPORT_SEED)
    args = parser.parse_args(argv)
    if args.budget < 1 or not 2 <= args.cap <= 64 or not 1 <= args.positions <= REPORT_POSITIONS:
        print(f"shoo_depth_cap: --budget must be 1 or more, --cap 2..64, --positions "
              f"1..{REPORT_POSITIONS}", file=sys.stderr)
        return 2
    total, n, depths = kept(args.size, args.budget, args.cap, args.ties, args.positions,
                            args.seed)
    searched = sum(depths.values())
    mean = sum(d * c for d, c in depths.items()) / searched if searched else 0.0
    print(f"{args.size}x{args.size}, search-{args.budget}, cap {args.cap}, {args.ties} ties, "
          f"seed {args.seed}: keeps the value at {total:.2f} of {n} = {total / n:.3f}; "
          f"depth {mean:.2f} on average, at the cap in {depths[args.cap]} of {searched}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
