"""What-if sweeps: how cheap a repeat is, and what common random numbers save, in one run.

    python benchmarks/bench_whatif.py [--sims 2e5]

Prints, for the issue's sweep (``--vary tie=defender,attacker --vary men_to_win=2,3,4``):
the wall time of the sweep played afresh into an empty results store, of the same sweep
answered from the store, and their ratio; then, per variant, the variance reduction of
pairing (common random numbers) for seat 0's win rate and the mean length — the factor
by which independent runs would need more games for the same interval.
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from before_after import best_wall
from numbergames.analysis.searches.simulation import parse_sims
from numbergames.analysis.searches.whatif import sweep

VARY = {"tie": ["defender", "attacker"], "men_to_win": [2, 3, 4]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", default="2e5", help="games per variant (default 2e5)")
    parser.add_argument("--workers", type=int, default=None, help="local workers (default all)")
    args = parser.parse_args()
    sims = parse_sims(args.sims)
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "runs.sqlite"
        played, fresh = best_wall(lambda: sweep("manhome", VARY, sims, workers=args.workers,
                                                store=store))
        stored, again = best_wall(lambda: sweep("manhome", VARY, sims, workers=args.workers,
                                                store=store))
    variants = len(fresh.results)
    assert all(r.games_loaded == sims for r in again.results)
    assert again.table.equals(fresh.table)
    print(f"sweep of {variants} rules sets x {sims:,} games")
    print(f"  played afresh:        {played:8.2f} s")
    print(f"  answered from store:  {stored:8.2f} s   ({played / stored:.0f}x faster, same table)")
    print("variance reduction of pairing (independent variance / paired variance):")
    print(f"  {'variant':32s} {'seat 0 win rate':>16s} {'mean length':>12s}")
    for row in fresh.table[~fresh.table["is_base"]].to_dict("records"):
        print(f"  {row['variant']:32s} {row['seat0_win_rate_variance_reduction']:15.2f}x "
              f"{row['turns_mean_variance_reduction']:11.2f}x")


if __name__ == "__main__":
    main()
