"""``analyze exact sumoku`` (the default analysis): the two puzzle tables side by side —
``speed.csv`` (P(a random 10-tile hand can be laid out), per key, with its interval) and
``spot.csv`` (the exact spot counts and the exact chance a display holds a spot) — with a
short report that links the full reports of speed, spot, team and solo sumoku.

The tables are those of :mod:`numbergames.studies.sumoku.speed_report` (from the counts of
:mod:`numbergames.solver.sumoku.speed`) and :mod:`numbergames.studies.sumoku.spot_report`; this module only puts
them in one folder.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from numbergames.analysis.reports.formatting import md_table, pct, pct_range
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.reports.writer import report_folder
from numbergames.analysis.running.folders import folder_path
from numbergames.solver.sumoku.layout import DEFAULT_BUDGET
from numbergames.solver.sumoku.speed import SPEED_KEYS
from numbergames.studies.sumoku.speed_report import solvable_table
from numbergames.studies.sumoku.spot_report import spot_table

DEFAULT_OUT = Path("reports/sumoku-exact")
HANDS = 1000
"""Random 10-tile hands per key by default (``--sims``)."""
VARIATIONS = (("speed", "sumoku-speed"), ("spot", "sumoku-spot"), ("team", "sumoku-team"),
              ("solo", "sumoku-solo"))


def run(out: str | Path | None = None, *, sims: int = HANDS, seed: int = 0,
        workers: int | None = None, command: str | None = None,
        say: Callable[[str], None] = lambda text: None) -> Path:
    """Decide ``sims`` random hands per key, count the spots, write both tables and the
    report; returns the folder. ``workers`` is accepted for the contract (one process)."""
    if sims < 1:
        raise ValueError(f"bad --sims {sims}; at least 1 hand a key")
    out_dir = folder_path(out) or DEFAULT_OUT
    start = time.perf_counter()
    say(f"speed sumoku: {sims:,} hands on each key {SPEED_KEYS[0]}..{SPEED_KEYS[-1]}")
    speed = solvable_table(SPEED_KEYS, sims, seed, budget=DEFAULT_BUDGET)
    say("spot sumoku: the exact counts")
    spot = spot_table()
    with report_folder(out_dir) as report:
        report.table("speed.csv", speed)
        report.table("spot.csv", spot)
        summary = {"game": "sumoku", "analysis": "tables", "seed": seed, "hands_per_key": sims,
                   "budget": DEFAULT_BUDGET, "version": package_version(), "command": command,
                   "gave_up": int(speed["gave_up"].sum()),
                   "elapsed_s": round(time.perf_counter() - start, 2)}
        report.summary(summary)
        report.markdown(render(speed, spot, summary))
    return out_dir


def render(speed: pd.DataFrame, spot: pd.DataFrame, summary: dict) -> str:
    """The report: both tables, what they mean, and links to the variations' reports."""
    speed_rows = [[str(int(r.key)), f"{int(r.hands):,}", f"{int(r.solvable):,}", pct(r.p_solvable),
                   pct_range(r.ci_low, r.ci_high), f"{int(r.impossible):,}",
                   f"{int(r.gave_up):,}"] for r in speed.itertuples()]
    spot_rows = [[str(int(r.key)), f"{int(r.spot_sets):,}", f"{int(r.all_sets):,}",
                  f"{r.p_display_has_spot:.6f}"] for r in spot.itertuples()]
    hardest = speed.loc[speed["p_solvable"].idxmin()]
    links = ", ".join(f"[{name}](../{folder}/report.md)" for name, folder in VARIATIONS)
    return "\n".join([
        "# Sumoku's puzzles: speed and spot sumoku in two tables", "",
        f"Full reports of the variations: {links}. Keys 3 to 5 are the key die's; 6 to 10 "
        "the challenge's (two rolls added).", "",
        "## Speed sumoku: can a hand of 10 be laid out? (`speed.csv`)", "",
        f"{summary['hands_per_key']:,} random 10-tile hands from the 96 tiles (the same hands "
        "on every key), each decided by the layout search (RULES.md rule 47): a layout found, "
        f"proven impossible, or given up after {summary['budget']:,} nodes. A hand given up "
        "counts as not solvable, so each share is a lower bound. The hardest key is "
        f"{int(hardest.key)}: {pct(hardest.p_solvable)} of hands can be laid out.", "",
        md_table(["key", "hands", "solvable", "P(solvable)", "95% interval",
                  "proven impossible", "gave up"], speed_rows, "rrrrrrr"), "",
        "## Spot sumoku: spots among 4 tiles and in a display of 10 (`spot.csv`)", "",
        "A spot is 4 tiles of 4 colours whose sum (each \"6\" read as 6 or 9) is a multiple "
        "of the key (RULES.md rule 41). Both figures are exact: the sets are counted out of "
        "C(96, 4), and the chance that a display of 10 holds a spot is counted over every "
        "display, nothing sampled.", "",
        md_table(["key", "spot sets", "all sets", "P(a display of 10 holds a spot)"],
                 spot_rows, "rrrr"), "",
        "## How this was made", "",
        f"`{summary['command']}` (version {summary['version']}, seed {summary['seed']}); "
        f"{summary['elapsed_s']:.0f} s.", ""])
