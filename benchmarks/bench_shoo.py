"""Shoo kernel speed against the reference engine, measured in one run.

    python benchmarks/bench_shoo.py [--positions 2000] [--games 200] [--reference-perft 2]
                                    [--search-budget 20] [--reference-searches 3]

Prints, on one core (CPU time):

* shoo detection — every shooable traveller and every one a shoo would send off, for a
  whole position — in positions/s, on random placements (crowded: shoos are common);
* legal-move generation in positions/s and moves/s, on the positions of random games;
* perft from the start in leaf nodes/s (the kernel to depth 3, the reference to
  ``--reference-perft``);

* the search of ``search-N`` (solver/shoo/search.py) in nodes/s, on positions of random
  games, with the depth it completes (the reference searches fewer positions);

each with the kernel's ratio to the reference; then whole games (playouts) per second for
``random``, ``greedy`` and the search budgets of the skill ladder against ``greedy``, with
their mean length and the positions the players evaluated or searched per second.

    python benchmarks/bench_shoo.py (--old DIR | --rev REV) [--rounds 5] [--greedy-games 100]

compares instead two builds of the kernel in one run: ``DIR`` (an old tree built in place,
e.g. a worktree of main after ``python setup.py build_ext --inplace``) or ``REV`` (built
into a temporary folder) and this checkout, in alternating rounds
(benchmarks/before_after.py), each measurement a subprocess importing the build measured; it
prints the medians of the rounds and the ratios new/old of greedy's games per CPU-second (2
players, standard rules), move generation in positions/s (the positions of 5 random games,
as above), the search-N nodes/s and the perft leaves/s (depth 3 from the start).
"""
from __future__ import annotations

import argparse

import numpy as np

from before_after import (add_build_options, alternate, best_cpu, builds, old_name, print_ratios,
                          run_json)
from numbergames.solver.shoo import kernel
from numbergames.solver.dice import Stream
from numbergames.solver.shoo.perft import perft
from numbergames.solver.shoo.policies import PLAYERS
from numbergames.solver.shoo.search import NODE_UNIT, search
from numbergames.solver.shoo.moves import detect, legal_moves, make_move
from numbergames.solver.shoo.position import start
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_placement


def timed(function, *args) -> tuple[float, object]:
    return best_cpu(function, *args, repeats=1)


def game_positions(rules: ShooRules, games: int) -> list:
    """Every position of a few random games (150 moves at most)."""
    out = []
    for key in range(games):
        stream, position = Stream(key), start(rules)
        while position.winner() is None and position.ply < 150:
            out.append(position)
            moves = legal_moves(position)
            position = make_move(position, moves[stream.choose(len(moves))])
    return out


def row(what: str, fast: float, slow: float, unit: str) -> None:
    print(f"{what:<28} {fast:>14,.0f} {slow:>14,.0f} {fast / slow:>9,.0f}x  {unit}")


COMPARE = """
import json, sys
import numpy as np
Stream = imported("solver.dice").Stream
kernel = imported("solver.shoo.kernel")
moves = imported("solver.shoo.moves")
start = imported("solver.shoo.position").start
ShooRules = imported("solver.shoo.rules").ShooRules
games, budget = int(sys.argv[1]), int(sys.argv[2])
rules = ShooRules()
positions = []
for key in range(5):
    stream, position = Stream(key), start(rules)
    while position.winner() is None and position.ply < 150:
        positions.append(position)
        legal = moves.legal_moves(position)
        position = moves.make_move(position, legal[stream.choose(len(legal))])
out = {}
keys = np.arange(1, games + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
seconds, _ = best_cpu(kernel.play_chunk, rules, ("greedy", "greedy"), keys)
out["greedy games/s"] = games / seconds
batch = kernel.Positions(rules, positions)
repeats = max(1, 200_000 // len(positions))
seconds, _ = best_cpu(batch.count_moves, repeats)
out["move generation positions/s"] = len(positions) * repeats / seconds
searched = positions[::max(1, len(positions) // 40)]
seconds, nodes = best_cpu(lambda: sum(kernel.search_values(rules, p, budget)[2] for p in searched))
out[f"search-{budget} nodes/s"] = nodes / seconds
seconds, leaves = best_cpu(kernel.perft, rules, start(rules), 3)
out["perft leaves/s"] = leaves / seconds
print(json.dumps(out))
"""


def compare(options: argparse.Namespace) -> None:
    """The kernel of the old build against this checkout's (module docstring),
    alternating, medians of ``--rounds``."""
    with builds(options) as sources:
        figures = alternate(sources, options.rounds, lambda source: run_json(
            source, COMPARE, str(options.greedy_games), str(options.search_budget)))
    print(f"\nShoo kernel, standard rules, one core (CPU time), medians of {options.rounds} "
          f"alternating rounds; old = {old_name(options)}, new = this checkout")
    print_ratios(figures, width=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser)
    parser.add_argument("--greedy-games", type=int, default=100,
                        help="greedy games a measurement (--old)")
    parser.add_argument("--positions", type=int, default=2000,
                        help="random placements for shoo detection")
    parser.add_argument("--games", type=int, default=200, help="kernel games per player")
    parser.add_argument("--reference-perft", type=int, default=2,
                        help="depth of the reference's perft from the start (3 takes a minute)")
    parser.add_argument("--search-budget", type=int, default=20,
                        help="N of the search-N timed (N * %d nodes a move)" % NODE_UNIT)
    parser.add_argument("--reference-searches", type=int, default=3,
                        help="positions the reference searches (each takes seconds)")
    args = parser.parse_args()
    if args.old is not None or args.rev is not None:
        compare(args)
        return
    rules = ShooRules()
    stream = Stream(1)
    placements = [random_placement(rules, stream) for _ in range(args.positions)]
    print("Shoo, standard rules, one core (CPU time)")
    print(f"{'':<28} {'kernel':>14} {'reference':>14} {'ratio':>10}")

    batch = kernel.Positions(rules, placements)
    repeats = max(1, 20_000_000 // len(placements))
    seconds, _ = timed(batch.detect_all, repeats)
    fast = len(placements) * repeats / seconds
    seconds, _ = timed(lambda: [detect(p) for p in placements])
    row("shoo detection", fast, len(placements) / seconds, "positions/s")

    positions = game_positions(rules, 5)
    moves = sum(len(legal_moves(p)) for p in positions)
    batch = kernel.Positions(rules, positions)
    repeats = max(1, 200_000 // len(positions))
    seconds, _ = timed(batch.count_moves, repeats)
    fast = len(positions) * repeats / seconds
    seconds, _ = timed(lambda: [legal_moves(p) for p in positions])
    slow = len(positions) / seconds
    row("move generation", fast, slow, f"positions/s ({moves / len(positions):.0f} moves each)")
    row("", fast * moves / len(positions), slow * moves / len(positions), "moves/s")

    position = start(rules)
    seconds, nodes = timed(kernel.perft, rules, position, 3)
    fast = nodes / seconds
    seconds, ref_nodes = timed(perft, position, args.reference_perft)
    row(f"perft (3 vs {args.reference_perft})", fast, ref_nodes / seconds, "leaf nodes/s")

    searched = positions[::max(1, len(positions) // 40)]
    seconds, found = timed(lambda: [kernel.search_values(rules, p, args.search_budget)
                                    for p in searched])
    fast, depths = sum(count for _, _, count in found) / seconds, [d for _, d, _ in found]
    seconds, ref_nodes = timed(lambda: sum(
        search(p, legal_moves(p), args.search_budget * NODE_UNIT)[2]
        for p in searched[:args.reference_searches]))
    row(f"search-{args.search_budget}", fast, ref_nodes / seconds,
        f"nodes/s (depth {min(depths)}-{max(depths)}, mean {np.mean(depths):.1f})")

    print()
    print(f"{'kernel games':<28} {'games/s':>14} {'moves/s':>14} {'mean moves':>10} "
          f"{'evaluations/s':>14}")
    keys = np.random.PCG64(1).random_raw(args.games)
    family = PLAYERS.search[0]
    for names, share in ((("random", "random"), 1), (("greedy", "greedy"), 1),
                         *(((f"{family.name}-{b}", "greedy"), b) for b in family.budgets)):
        n = max(2, args.games // share)
        seconds, result = timed(kernel.play_chunk, rules, names, keys[:n])
        plies = int(result["turns"].sum())
        nodes = kernel.evaluated_positions(rules, names, keys[:n])
        print(f"{' v '.join(names):<28} {n / seconds:>14,.1f} {plies / seconds:>14,.0f} "
              f"{plies / n:>10,.0f} {nodes / seconds:>14,.0f}")


if __name__ == "__main__":
    main()
