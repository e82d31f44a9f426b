"""Every kernel's games per CPU-second, for every player, before and after, in one run.

    python benchmarks/bench_kernels.py [--rev 6b4309f | --old DIR] [--rounds 5]
                                       [--only manhome,shoo]

Measures an old build (``--rev``, default 6b4309f, main before the kernels were rebuilt on
the decision API in C, issue 19, built into a temporary folder; or ``--old DIR``) and this
checkout in alternating rounds (benchmarks/before_after.py), each in a subprocess
importing the build measured: for every registered game and each of its
fixed players (every seat the same player, the rules' default number of players) and a
small search budget, the registered kernel's ``play_chunk`` on a fixed set of keys, in CPU
seconds (the best of two in a round: other users of the machine only ever slow it).

Prints the median games/s of each build and the ratio new/old (above 1: this checkout is
faster); the issue asks that none be below 0.97.
"""
from __future__ import annotations

import argparse
import sys

from before_after import add_build_options, alternate, builds, old_name, print_ratios, run_json

GAMES = {"manhome": 20_000, "sosooyoo": 2_000, "sumoku": 100, "shoo": 200}
"""Games per measurement: a fraction of a CPU-second for the game's random player."""
SEARCH_SHARE = 20
"""A search player plays this many times fewer games."""

MEASURE = """
import json, sys, numpy as np
find_game = imported("solver.registry").find_game
game, n, share = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
spec = find_game(game)
rules = spec.rules()
seats = spec.seats(rules)
out = {}
for name in [*spec.players.fixed, *(f"{s.name}-2" for s in spec.players.search)]:
    count = max(1, n // share) if spec.players.is_search(name) else n
    policies = [name] * seats
    try:
        spec.players.check(rules, policies)
    except ValueError:
        continue
    spec.players.prepare(rules, policies)
    keys = np.arange(1, count + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    spec.play_chunk(rules, policies, keys[:max(1, count // 10)])   # warm
    out[name] = count / best_cpu(spec.play_chunk, rules, policies, keys)[0]
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser, rev="6b4309f")
    parser.add_argument("--only", default=",".join(GAMES), help="games, comma-separated")
    options = parser.parse_args()
    games = [g.strip() for g in options.only.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; allowed: {', '.join(GAMES)}")

    with builds(options) as sources:
        figures = alternate(sources, options.rounds, lambda source: {
            (game, player): rate for game in games for player, rate in run_json(
                source, MEASURE, game, str(GAMES[game]), str(SEARCH_SHARE)).items()})

    print(f"\ngames per CPU-second, medians of {options.rounds} rounds; "
          f"old = {old_name(options)}, new = this checkout")
    worst = print_ratios(figures, lambda key: f"{key[0]:10} {key[1]:14}", 25)
    if worst is not None:
        print(f"\nslowest ratio: {worst:.3f} (the issue asks for none below 0.970)")


if __name__ == "__main__":
    sys.exit(main())
