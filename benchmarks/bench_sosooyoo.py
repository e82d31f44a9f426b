"""So-Soo-Yoo kernel speed against the reference engine, measured in one run.

    python benchmarks/bench_sosooyoo.py [--sims 20000] [--players 4]

Prints, for each player (``adaptive`` and ``random`` by default) with the same player in
every seat on the standard board: the kernel's games/s on one core (CPU time, result
arrays included), the reference engine's games/s on a smaller sample of the same keys, and
the ratio (the goal is 100x or more). ``random`` players rarely win the real game (a win
needs exactly six rings), so their games run to ``max_turns``: they are timed with
``--random-turns`` (default 1000) as the cut-off, stated in the output.
"""
from __future__ import annotations

import argparse

import numpy as np

from before_after import best_cpu
from numbergames.solver.sosooyoo.kernel import play_chunk
from numbergames.solver.sosooyoo import reference_row
from numbergames.solver.sosooyoo.policies import prepare
from numbergames.solver.sosooyoo.rules import SoSooYooRules


def kernel_rate(rules: SoSooYooRules, seats: list[str], sims: int) -> float:
    keys = np.random.PCG64(1).random_raw(sims)
    prepare(rules, seats)  # the board's tables are built once, not timed
    play_chunk(rules, seats, keys[:10])
    return sims / best_cpu(play_chunk, rules, seats, keys, repeats=1)[0]


def reference_rate(rules: SoSooYooRules, seats: list[str], sims: int) -> float:
    keys = np.random.PCG64(1).random_raw(sims)
    return sims / best_cpu(lambda: [reference_row(rules, seats, int(key)) for key in keys],
                           repeats=1)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=float, default=2e4, help="kernel games per player")
    parser.add_argument("--reference-sims", type=int, default=200,
                        help="reference-engine games per player")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--random-turns", type=int, default=1000)
    parser.add_argument("--policies", default="adaptive,random")
    args = parser.parse_args()
    print(f"So-Soo-Yoo, {args.players} players, standard board, one core (CPU time)")
    print(f"{'player':<10} {'kernel games/s':>15} {'reference games/s':>18} {'ratio':>8}")
    for name in args.policies.split(","):
        rules = SoSooYooRules(players=args.players)
        sims, ref = int(args.sims), args.reference_sims
        if name == "random":
            rules = rules.replace(max_turns=args.random_turns)
            sims, ref = max(1, sims // 20), max(1, ref // 10)
        seats = [name] * args.players
        fast = kernel_rate(rules, seats, sims)
        slow = reference_rate(rules, seats, ref)
        note = f"  (max_turns={rules.max_turns})" if name == "random" else ""
        print(f"{name:<10} {fast:>15,.0f} {slow:>18,.1f} {fast / slow:>7,.0f}x{note}")


if __name__ == "__main__":
    main()
