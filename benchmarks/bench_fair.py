"""The fair search against a plain grid sweep, at equal precision on the answer.

    python benchmarks/bench_fair.py [GAME LEVER] [--players N] [--policy NAME]
                                    [--precision 0.5] [--range LOW,HIGH] [--set NAME=VALUE]

Default: 3-player Sumoku's graded lever (issue 43, point 6). Prints the games and seconds
of ``analyze fair``'s search (:mod:`numbergames.analysis.searches.fair`: every value on the
same seed, the range's ends then bisection, each value's games doubling until decided or
within ``--precision`` points) and of the grid sweep as TAG tunes rules: every value of the
range played on fresh seeds, each until its 95% half-width is ``--precision`` points — what
a grid needs to say which values are fair at that precision — and the ratio of their games.
Both answers are printed: the grid's fair values are those whose 95% interval holds 0.
"""
from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

from numbergames.analysis.running.request import find_spec
from numbergames.analysis.searches.fair import FIRST_GAMES, Measure, _Search, plan_fair
from numbergames.analysis.statistics.stats import Z
from numbergames.solver.params import parse_assignments, value_text


def grid(request, store, precision: float) -> tuple[int, float, list[tuple]]:
    """Every value of the range on its own seed, each until its 95% half-width is
    ``precision``: games, seconds and (value, advantage, half-width) rows."""
    search = _Search(request, store, None, False)
    values = (range(request.low, request.high + 1) if request.integer
              else [request.low + (request.high - request.low) * k / 64 for k in range(65)])
    start, rows, games_in_all = time.perf_counter(), [], 0
    for k, value in enumerate(values):
        one = Measure(value, request.plan_of(value, seed=request.seed + 1 + k))
        games = min(FIRST_GAMES, request.sims)
        while True:
            search._play(one, games)
            if (one.finished > 1 and Z * one.se <= precision) or games >= request.sims:
                break
            wanted = math.ceil(games * (Z * one.se / precision) ** 2 * 1.05)
            games = min(request.sims, max(2 * games, wanted))
        games_in_all += one.games
        rows.append((value, one.advantage, Z * one.se))
    return games_in_all, time.perf_counter() - start, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="sumoku")
    parser.add_argument("lever", nargs="?", default=None,
                        help="default: the game's first graded lever")
    parser.add_argument("--players", default=None)
    parser.add_argument("--policy", default=None)
    parser.add_argument("--precision", type=float, default=0.5)
    parser.add_argument("--range", default=None, metavar="LOW,HIGH")
    parser.add_argument("--sims", default="1e6", help="the most games of one value")
    parser.add_argument("--set", dest="assignments", action="append", default=[])
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    spec = find_spec(args.game)
    lever = args.lever or next((n for n, p in spec.rules.levers().items()
                                if p.lever == "graded"), None)
    if lever is None:
        sys.exit(f"{spec.name} has no graded lever")
    players = args.players if args.players is not None else (3 if spec.name == "sumoku" else None)
    low, high = args.range.split(",") if args.range else (None, None)
    request = plan_fair(spec.name, lever, args.sims, players=players, policy=args.policy,
                        precision=args.precision, low=low, high=high, workers=args.workers,
                        **parse_assignments(args.assignments))
    from numbergames.analysis.running.store import Store

    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "runs.sqlite")
        start = time.perf_counter()
        found = request.run(store=store)
        search_s = time.perf_counter() - start
        grid_games, grid_s, rows = grid(request, store, args.precision)
    fair_grid = [value_text(v) for v, adv, half in rows if abs(adv) <= half]
    print(f"{spec.title}, {request.game.seats(request.rules)} players, "
          f"{', '.join(dict.fromkeys(request.policies))}: {lever} in "
          f"{value_text(request.low)}..{value_text(request.high)}, precision "
          f"±{args.precision:g} points")
    print(f"  fair search: {found.games_spent - found.fresh['games']:>11,} games "
          f"{search_s:8.1f} s  ({len(found.table)} values; answer {value_text(found.best)}, "
          f"{found.status}, fair {found.interval}; +{found.fresh['games']:,} fresh games)")
    print(f"  grid sweep:  {grid_games:>11,} games {grid_s:8.1f} s  ({len(rows)} values; "
          f"95% intervals holding 0: {', '.join(fair_grid) or 'none'})")
    print(f"  the grid plays {grid_games / (found.games_spent - found.fresh['games']):.1f}x the "
          f"search's games ({grid_games / found.games_spent:.1f}x with the fresh games)")


if __name__ == "__main__":
    main()
