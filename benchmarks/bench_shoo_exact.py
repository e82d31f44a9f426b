"""Speed of the reduced-Shoo exact solver (solver/shoo/exact.py), measured in one run.

    python benchmarks/bench_shoo_exact.py [--size 4] [--travellers 1] [--horses 1]

Prints, in CPU time on one core, for one reduced game from its start: the enumeration of
the reachable positions (positions/s, and the same positions' children made the plain way,
``make_move`` over ``legal_moves``, for the ratio), the retrograde analysis (positions/s),
and the process's peak memory.
"""
from __future__ import annotations

import argparse

from before_after import best_cpu
from numbergames.solver.shoo.exact import peak_mib, reachable, retrograde
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--travellers", type=int, default=1)
    parser.add_argument("--horses", type=int, default=1)
    args = parser.parse_args()
    game, rules = Reduced(args.size, args.travellers, args.horses), ShooRules()
    enumerate_s, graph = best_cpu(reachable, game, game.start(rules), repeats=1)
    retro_s, _ = best_cpu(retrograde, graph, repeats=1)
    sample = range(0, graph.states, max(1, graph.states // 2000))
    positions = [graph.position(i) for i in sample]
    plain_s, _ = best_cpu(lambda: [[make_move(p, m).key() for m in legal_moves(p)]
                                   for p in positions if p.winner() is None], repeats=1)
    plain_s *= graph.states / len(positions)
    print(f"{game.label}: {graph.states:,} positions, {graph.edges:,} distinct moves")
    print(f"  enumeration   {graph.states / enumerate_s:12,.0f} positions/s "
          f"({enumerate_s:.2f} s; plain make_move over legal_moves would take about "
          f"{plain_s:.2f} s for the children alone: ratio {plain_s / enumerate_s:.2f})")
    print(f"  retrograde    {graph.states / retro_s:12,.0f} positions/s ({retro_s:.2f} s)")
    print(f"  peak memory   {peak_mib():12,.0f} MiB")


if __name__ == "__main__":
    main()
