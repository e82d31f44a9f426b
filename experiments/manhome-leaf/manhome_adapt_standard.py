"""Is ``adapt-N`` (Man Home's race search on the race table mixed with its envelope) at least
as strong as ``ply-N`` on the standard rules, where nothing is solved?

Duplicate matches (:func:`numbergames.analysis.searches.skill.play_match`: every seating on the same dice, seed
``--seed``) of ``adapt-N`` against ``ply-N`` and against ``expert`` for each depth of
``--depths``, ``--games`` games a seating, on the standard rules for 2 players.

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_adapt_standard.py [--depths 1,2]
        [--games 4000] [--seed 0] [--workers N]

Prints each match's share of wins over all seats with its 95% interval and from each seat.

Measured 2026-11-29 (seed 0, 4,000 games a seat, one worker): ``adapt-1`` against ``ply-1``
50.4% (49.8-51.1%, p = 0.19; 54.6% and 46.3% from seats 0, 1), against ``expert`` 50.8%
(50.0-51.7%, p = 0.05); ``adapt-2`` against ``ply-2`` 50.4% (49.8-51.1%, p = 0.18; 54.7%,
46.1%), against ``expert`` 51.0% (50.2-51.9%, p = 0.02; 55.3%, 46.8%) — where ``ply-2``
scores 51.0% (50.6-51.4%) against ``expert`` on the skill ladder. On the standard rules the
adapting table is as strong as the race table, not clearly stronger: the game leaves little
room above ``expert`` (:mod:`numbergames.solver.manhome.policies`). 6 minutes.
"""
from __future__ import annotations

import argparse
import sys
import time

from numbergames.analysis.searches.skill import play_match
from numbergames.solver.manhome.policies import PLY_MAX_DEPTH
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.registry import find_game


def matches(depths: list[int], games: int, seed: int, workers: int | None = None):
    """Each match as (player, opponent, :class:`numbergames.analysis.searches.skill.Match`, seconds)."""
    spec, rules = find_game("manhome"), ManHomeRules()
    for depth in depths:
        for opponent in (f"ply-{depth}", "expert"):
            start = time.perf_counter()
            match = play_match(spec, rules, f"adapt-{depth}", opponent, games, seed,
                               workers=workers)
            yield f"adapt-{depth}", opponent, match, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", default="1,2")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        depths = [int(d) for d in args.depths.split(",")]
        if not all(1 <= d <= PLY_MAX_DEPTH for d in depths) or args.games < 1:
            raise ValueError(f"every depth must be 1 to {PLY_MAX_DEPTH} and the games 1 or more")
        for player, opponent, m, seconds in matches(depths, args.games, args.seed, args.workers):
            seats = ", ".join(f"{w / m.games:.1%}" for w in m.wins_by_seat)
            print(f"{player} vs {opponent}: {m.mean:.1%} ({m.low:.1%}-{m.high:.1%}), "
                  f"p = {m.p_value:.3g}; from seats 0, 1: {seats}; {args.games:,} games a "
                  f"seat, {seconds:.0f} s", flush=True)
    except ValueError as error:
        print(f"manhome_adapt_standard: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
