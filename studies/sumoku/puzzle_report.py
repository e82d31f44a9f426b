"""``analyze exact sumoku team`` and ``analyze exact sumoku solo``: team and solo sumoku as
puzzles (:mod:`numbergames.solver.sumoku.puzzles`, which counts them), as reports: the tables with each
share's 95% Wilson interval, and a picture of an example layout."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports.formatting import md_block, md_table, pct, pct_range
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.reports.writer import ReportFolder, report_folder
from numbergames.solver.sumoku.grow import GROW_BUDGET, LINE_STEPS, grow
from numbergames.solver.sumoku.layout import DEFAULT_BUDGET
from numbergames.solver.sumoku.pattern import format_pattern
from numbergames.solver.sumoku.puzzles import (SOLO_BATCH, SOLO_FIRST, TEAMS, SoloGame, check_count,
                                   solo_rows, team_rows)
from numbergames.solver.sumoku.speed import SPEED_KEYS, check_key
from numbergames.solver.sumoku.tiles import NTILES, kind
from numbergames.studies.sumoku.picture import draw_layout
from numbergames.studies.sumoku.speed_report import with_share

DEFAULT_DEALS = 50
DEFAULT_GAMES = 20


def _budget(value: int) -> int:
    return check_count("the step budget", value)


def team_table(keys: Sequence[int] = SPEED_KEYS, teams: Sequence[int] = TEAMS,
               deals: int = 50, seed: int = 0, budget: int = GROW_BUDGET) -> pd.DataFrame:
    """Per key and number of teams: hands laid out whole, with a Wilson interval, and the
    tiles placed by the hands that were not (:func:`numbergames.solver.sumoku.puzzles.team_rows`).

    >>> t = team_table(keys=(5,), teams=(4,), deals=2, seed=1)
    >>> list(t.columns)[:6]
    ['key', 'teams', 'tiles', 'hands', 'laid_out', 'p_laid_out']
    """
    return pd.DataFrame([with_share(row, "laid_out", "hands", "p_laid_out")
                         for row in team_rows(keys, teams, deals, seed, budget)])


def solo_table(keys: Sequence[int] = SPEED_KEYS, games: int = 100, seed: int = 0,
               budget: int = GROW_BUDGET) -> tuple[pd.DataFrame, list[SoloGame]]:
    """Per key: how often the first 16 are laid out, with a Wilson interval, how often all
    96, and the tiles placed; with every game played
    (:func:`numbergames.solver.sumoku.puzzles.solo_rows`)."""
    rows, played = solo_rows(keys, games, seed, budget)
    return (pd.DataFrame([with_share(row, "first_laid_out", "games", "p_first")
                          for row in rows]), played)


def _shown(report: ReportFolder, name: str, alt: str, layout, key: int, values, title: str,
           pinned) -> str:
    """The end of the sentence introducing an example layout: the pattern as text and its
    picture (drawn into ``report``), or, when the grower laid out no tile within its steps
    (``--steps 1``), that there is none to show."""
    if not layout:
        return " (within its step budget the grower laid out no tile: raise --steps to see one)."
    report.figure(name, draw_layout, layout, key, values, title)
    return f":\n\n```\n{format_pattern(layout, pinned)}\n```\n\n![{alt}]({name})\n"


def _write(report: ReportFolder, summary: dict[str, Any], text: str) -> None:
    report.summary(summary)
    report.markdown(text)


def _reproduce(summary: dict[str, Any], default: str) -> str:
    return f"""## Reproduce

{md_block(summary['command'] or default, 'sh')}

Seed {summary['seed']}, toolkit version {summary['version']}, {summary['elapsed_s']:.0f} s
in all.
"""


def run_team(out: str | Path | None = None, *, sims: int = DEFAULT_DEALS, seed: int = 0,
             workers: int | None = None, deals: int = DEFAULT_DEALS,
             steps: int = GROW_BUDGET, keys: Sequence[int] = SPEED_KEYS,
             command: str | None = None, say: Callable[[str], None] = lambda text: None) -> Path:
    """Team sumoku: ``min(deals, sims)`` deals per key and number of teams."""
    keys = [check_key(k) for k in keys]
    count = check_count("deals", min(deals, sims))
    steps = _budget(steps)
    out_dir = Path(out) if out is not None else Path("reports/sumoku-team")
    start = time.perf_counter()
    say(f"team sumoku: {count} deals per key and number of teams")
    table = team_table(keys, TEAMS, count, seed, steps)
    rng = np.random.default_rng(seed)
    example_hand = sorted(kind(int(x)) for x in rng.permutation(NTILES)[:NTILES // 4])
    example = grow(example_hand, keys[0], rng=rng, budget=steps)
    with report_folder(out_dir) as report:
        report.table("team.csv", table)
        shown = _shown(report, "team-layout.png", "a team layout", example.layout, keys[0],
                       example.cell_values, f"{example.placed} tiles, 4 teams",
                       example.pinned())
        summary = {"game": "sumoku", "analysis": "team", "seed": seed, "deals": count,
                   "steps": steps, "version": package_version(), "command": command,
                   "hands": int(table["hands"].sum()), "laid_out": int(table["laid_out"].sum()),
                   "elapsed_s": round(time.perf_counter() - start, 2)}
        rows = [[str(r.key), str(r.teams), str(r.tiles), f"{r.hands:,}", f"{r.laid_out:,}",
                 pct(r.p_laid_out), pct_range(r.ci_low, r.ci_high), str(r.gave_up),
                 "" if r.gave_up == 0 else f"{r.mean_placed_short:.1f}", str(r.least_placed)]
                for r in table.itertuples()]
        md = md_table(["key", "teams", "tiles", "hands", "laid out", "P(laid out)",
                       "95% interval", "not laid out (gave up)", "mean tiles placed then",
                       "fewest placed"], rows, "rrrrrrrrrr")
        _write(report, summary, f"""# Team sumoku: can a team lay out all its tiles?

With 2, 3 or 4 teams the 96 tiles are dealt out, 48, 32 or 24 a team (RULES.md rule 37),
and each team assembles all of its tiles into one pattern. Here a search grows each team's
pattern line by line (rule 49, `grow.py`): every new line crosses one tile already laid at
right angles and touches nothing else, tiles and places tried in random order, longer lines
first, random restarts, at most {steps:,} steps a hand (a step: one tile tried in a line;
one line at most {LINE_STEPS} steps). It lays out **{summary['laid_out']:,} of
{summary['hands']:,}** team hands whole. A hand it does not lay out is counted as *gave
up*, with the tiles of the largest pattern it found; it is not proven impossible (no team
hand is: the complete search of `layout.py` does not reach 24 tiles).

{md}

In `team.csv`; {count} deals per key and number of teams, the deals drawn afresh for each.

## An example

A 24-tile hand on key {keys[0]}, {example.placed} tiles laid out{shown}

{_reproduce(summary, 'analyze exact sumoku team')}""")
    return out_dir


def run_solo(out: str | Path | None = None, *, sims: int = DEFAULT_GAMES, seed: int = 0,
             workers: int | None = None, games: int = DEFAULT_GAMES,
             steps: int = GROW_BUDGET, keys: Sequence[int] = SPEED_KEYS,
             command: str | None = None, say: Callable[[str], None] = lambda text: None) -> Path:
    """Solo sumoku: ``min(games, sims)`` puzzles per key."""
    keys = [check_key(k) for k in keys]
    count = check_count("games", min(games, sims))
    steps = _budget(steps)
    out_dir = Path(out) if out is not None else Path("reports/sumoku-solo")
    start = time.perf_counter()
    say(f"solo sumoku: {count} puzzles per key")
    table, played = solo_table(keys, count, seed, steps)
    best = max(played, key=lambda g: (g.placed, -g.key))
    with report_folder(out_dir) as report:
        report.table("solo.csv", table)
        shown = _shown(report, "solo-layout.png", "a solo layout", best.layout.layout,
                       best.key, best.layout.cell_values, f"solo, {best.placed} tiles",
                       best.layout.pinned())
        summary = {"game": "sumoku", "analysis": "solo", "seed": seed, "games": count,
                   "steps": steps, "version": package_version(), "command": command,
                   "elapsed_s": round(time.perf_counter() - start, 2)}
        rows = [[str(r.key), f"{r.games:,}", pct(r.p_first), pct_range(r.ci_low, r.ci_high),
                 str(r.first_impossible), str(r.first_gave_up), f"{r.all_96:,}",
                 f"{r.mean_placed:.1f}", f"{r.median_placed:.0f}", str(r.least_placed)]
                for r in table.itertuples()]
        md = md_table(["key", "puzzles", "first 16 laid out", "95% interval",
                       "first 16 proven impossible", "first 16 gave up", "all 96 laid out",
                       "mean tiles placed", "median", "fewest"], rows, "rrrrrrrrrr")
        _write(report, summary, f"""# Solo sumoku: how many of the 96 tiles can one pattern hold?

Solo sumoku (RULES.md rules 38, 39): draw {SOLO_FIRST} tiles and lay them out as one
pattern in which no line repeats a colour **or a number**; then add {SOLO_BATCH} tiles at a
time to the same pattern, trying to use all {NTILES}. Here (rule 49) the pattern is grown
line by line (`grow.py`, at most {steps:,} steps a batch); when the grower does not lay out
the first {SOLO_FIRST}, the complete layout search (`layout.py`, {DEFAULT_BUDGET:,} nodes)
decides them: found, proven impossible, or gave up. A batch of {SOLO_BATCH} that cannot be
added whole ends the puzzle; the tiles counted are those of the largest pattern found.

{md}

In `solo.csv`; {count} puzzles per key.

## The largest pattern

Key {best.key}, {best.placed} tiles{shown}

{_reproduce(summary, 'analyze exact sumoku solo')}""")
    return out_dir
