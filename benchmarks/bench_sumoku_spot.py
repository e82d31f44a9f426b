"""Spot sumoku speed: the exact display programme, readable against vectorised, and the
display checks and spot games of the report.

    python benchmarks/bench_sumoku_spot.py [--keys 3,4,5,6,7,8,9,10] [--reference-keys 3,4,5,6]
                                           [--displays 20000] [--games 1000]

Per key, the vectorised programme (``display_spot_ways_fast``) counts the displays of 10
holding a spot (wall time); on the reference keys the readable one
(``display_spot_ways``) counts them too, and the ratio is printed (both must agree).
Then Monte Carlo displays checked a second (``sample_displays``, key 5) and spot games a
second (``simulate_spot``, 4 players alike), one core.
"""
from __future__ import annotations

import argparse

import numpy as np

from before_after import best_wall
from numbergames.solver.sumoku.spot import display_spot_ways, display_spot_ways_fast, sample_displays
from numbergames.solver.sumoku.spot_game import SpotModel, simulate_spot


def timed(call):
    """(``call()``, its wall seconds)."""
    seconds, value = best_wall(call)
    return value, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", default="3,4,5,6,7,8,9,10")
    parser.add_argument("--reference-keys", default="3,4,5,6")
    parser.add_argument("--displays", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    reference_keys = {int(k) for k in args.reference_keys.split(",") if k}
    print("key  vectorised s  readable s  ratio")
    for key in (int(k) for k in args.keys.split(",")):
        fast, fast_s = timed(lambda: display_spot_ways_fast(key))
        if key in reference_keys:
            slow, slow_s = timed(lambda: display_spot_ways(key))
            assert slow == fast, (key, slow, fast)
            print(f"{key:>3}  {fast_s:12.2f}  {slow_s:10.2f}  {slow_s / fast_s:5.1f}")
        else:
            print(f"{key:>3}  {fast_s:12.2f}  {'-':>10}  {'-':>5}")
    _, s = timed(lambda: sample_displays(5, args.displays, np.random.default_rng(0)))
    print(f"Monte Carlo displays checked (key 5): {args.displays / s:,.0f} a second")
    _, s = timed(lambda: simulate_spot(SpotModel.alike(4), args.games, seed=0))
    print(f"spot games (4 players alike): {args.games / s:,.0f} a second")


if __name__ == "__main__":
    main()
