"""So-Soo-Yoo's board analysis: seconds for the standard board (199 spaces).

    PYTHONPATH=. python benchmarks/bench_sosooyoo_exact.py [--report]

Prints the seconds of each part of :func:`numbergames.solver.sosooyoo.exact.analyse` on the pinned
rules (move graph, distance table, walks, the two value iterations over all 199 x 199
target/start pairs), the best of three runs, and the vectorised value iteration against its
plain-Python twin on one target. With --report, also the whole report folder
(:func:`numbergames.studies.sosooyoo.exact_report.run`: six boards and four figures) into a temporary
folder.
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import networkx as nx

from before_after import best_wall
from numbergames.solver.sosooyoo.board import board_graph, move_table
from numbergames.solver.sosooyoo.exact import (analyse, distance_table, solve_turns, turns_reference,
                                   walk_reach)
from numbergames.solver.sosooyoo.rules import SoSooYooRules


def best(f, repeat: int = 3) -> tuple[float, object]:
    """The least wall seconds of ``repeat`` calls of ``f`` and its result."""
    return best_wall(f, repeats=repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="also time the whole report")
    args = parser.parse_args()
    rules = SoSooYooRules()
    move_table.cache_clear()
    seconds, graph = best(lambda: (move_table.cache_clear(), board_graph(199))[1])
    print(f"move graph            {seconds:8.3f} s  ({graph.number_of_edges()} links)")
    seconds, table = best(lambda: distance_table(graph))
    print(f"distance table        {seconds:8.3f} s  (diameter {table.max()})")
    adjacency = nx.to_numpy_array(graph, nodelist=range(1, 200), dtype=int)
    seconds, _ = best(lambda: walk_reach(adjacency))
    print(f"walks of 1..6 moves   {seconds:8.3f} s")
    moves = move_table(199)
    for exact in (False, True):
        seconds, solution = best(lambda: solve_turns(moves, exact=exact))
        print(f"turns, {'exact count' if exact else 'any move   '}    {seconds:8.3f} s  "
              f"({solution.sweeps} sweeps, 199 targets)")
    seconds, _ = best(lambda: turns_reference(moves, 1, exact=True), repeat=1)
    print(f"  plain-Python twin   {seconds:8.3f} s  (one target, exact count)")
    seconds, _ = best(lambda: analyse(rules))
    print(f"exact analysis, all   {seconds:8.3f} s")
    if args.report:
        from numbergames.studies.sosooyoo.exact_report import run
        with tempfile.TemporaryDirectory() as tmp:
            seconds, _ = best(lambda: run(Path(tmp) / "board", rules=rules), repeat=1)
            print(f"report folder         {seconds:8.3f} s  (six boards, four figures)")


if __name__ == "__main__":
    main()
