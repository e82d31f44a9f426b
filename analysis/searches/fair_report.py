"""The report of a fair search (:mod:`numbergames.analysis.searches.fair`): ``report.md``,
``summary.json``, ``fair.csv`` (every tried value) and ``advantage.png`` (the first-player
advantage against the lever, with its intervals and the zero line); and its terminal table."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from numbergames.analysis.reports import results
from numbergames.analysis.reports.formatting import md_table
from numbergames.analysis.reports.writer import report_folder
from numbergames.analysis.running.folders import folder_path
from numbergames.analysis.running.provenance import now, package_version
from numbergames.analysis.searches.fair import FIRST_GAMES, Fair, look_z, out_folder
from numbergames.solver.params import value_text

FILES = ("report.md", "summary.json", "fair.csv", "advantage.png")
"""The files of a fair search's folder."""


def summary(result: Fair) -> dict[str, Any]:
    """Everything ``summary.json`` holds."""
    return {
        "game": result.game.name, "title": result.game.title, "lever": result.lever,
        "rules": result.rules.as_dict(), "players": result.players,
        "policies": list(result.policies), "seed": result.seed,
        "precision_points": result.precision, "error_rate": result.alpha,
        "range": [result.low, result.high], "status": result.status, "best": result.best,
        "interval": list(result.interval) if result.interval else None,
        "neighbours": list(result.neighbours) if result.neighbours else None,
        "answer": result.sentence(), "fresh": result.fresh,
        "games_spent": result.games_spent, "games_played": result.games_played,
        "values_tried": len(result.table), "tried": result.table.to_dict("records"),
        "second": result.second, "second_value": result.second_value,
        "length_target_rounds": result.length,
        "pairs": None if result.pairs is None else result.pairs.to_dict("records"),
        "elapsed_s": round(result.elapsed_s, 3), "store": result.store,
        "command": result.command, "version": package_version(), "created": now(),
    }


def _who(result: Fair) -> str:
    seats = result.policies
    return seats[0] if len(set(seats)) == 1 else " vs ".join(seats)


def render_markdown(result: Fair) -> str:
    """The report for people."""
    n = result.players
    changed = {k: v for k, v in result.rules.changed().items() if k != result.lever}
    rules = ", ".join(f"{k}={value_text(v)}" for k, v in changed.items()) or "the pinned defaults"
    rows = []
    for row in result.table.to_dict("records"):
        rows.append([value_text(row["value"]), f"{row['games']:,}",
                     f"{row['advantage']:+.2f}", f"{row['lo']:+.2f} to {row['hi']:+.2f}",
                     f"seat {row['worst_seat']} {row['worst_gap']:+.2f}",
                     " / ".join(f"{100 * row[f'share_{s}']:.1f}" for s in range(n)),
                     f"{row['rounds_mean']:.2f}", row["verdict"]])
    table = md_table(["value", "games", "seat 0 − fair (points)", "95% interval",
                      "worst seat", "shares by seat (%)", "mean rounds", "verdict"], rows,
                     "rrrrlrrl")
    fresh = result.fresh
    return "\n".join([
        f"# Fair {result.lever}? {result.game.title}, {n} players, {_who(result)}",
        "",
        f"**{result.sentence()}**",
        "",
        f"The players: {', '.join(f'seat {s} {p}' for s, p in enumerate(result.policies))}. "
        f"The other rules: {rules}. The lever {result.lever} ("
        f"{result.game.rules.parameters()[result.lever].doc}) was searched from "
        f"{value_text(result.low)} to {value_text(result.high)}.",
        "",
        "## How it was found",
        "",
        f"Every value was played with seed {result.seed}, so every value rolled the same dice "
        f"(common random numbers). A value's games doubled from {FIRST_GAMES:,} until its "
        f"first-player advantage was rejected as either side of 0, or its interval was within "
        f"±{result.precision:g} points of it with 0 inside (*fair*). The interval of the k-th "
        f"look of the search is at the level {result.alpha:g}·6/(π²k²), so the chance that "
        f"any value is put on the wrong side is at most {result.alpha:g} (the last look's "
        f"bound was z = {look_z(max(1, int(result.table['looks'].sum())), result.alpha):.2f}). "
        f"The ends of the range first, then bisection for the last value where seat 0 is "
        f"ahead and the first where it is behind. {len(result.table)} values tried, "
        f"{result.games_spent:,} games in all ({result.games_played:,} played now, the rest "
        f"read from the results store).",
        "",
        table,
        "",
        f"The answer measured again on fresh games (seed {fresh['seed']}, {fresh['games']:,} "
        f"games, never those it was found with): seat 0 {fresh['advantage']:+.2f} points "
        f"({fresh['lo']:+.2f} to {fresh['hi']:+.2f}) from the fair share; shares by seat "
        + " / ".join(f"{100 * s:.1f}%" for s in fresh["shares"])
        + f"; mean length {fresh['rounds_mean']:.2f} rounds.",
        "",
        *_pairs_section(result),
        "![first-player advantage by value](advantage.png)",
        "",
        f"These figures are about the players named above: a stronger player may need another "
        f"value. Reproduce: `{result.command or 'analyze fair ' + result.game.name + ' --lever ' + result.lever}`.",
        "",
    ])


def _pairs_section(result: Fair) -> list[str]:
    """A pair search's second lever: each tried value, its first lever's fair value and
    the length of that game against the target."""
    if result.pairs is None:
        return []
    second, lever = result.second, result.lever
    rows = [[value_text(r[second]), value_text(r[lever]), r["status"],
             f"{r['rounds_mean']:.2f}", f"{r['rounds_lo']:.2f} to {r['rounds_hi']:.2f}",
             r["length"]] for r in result.pairs.to_dict("records")]
    return [f"## The length: {second} for {result.length:g} rounds", "",
            f"For each value of {second} tried, the fair value of {lever} (its own search, "
            f"every look counted in the one error rate) and the mean length of that game; "
            f"the table above holds every value of {lever} tried, by {second}.", "",
            md_table([second, f"fair {lever}", "status", "mean rounds", "95% interval",
                      "against the target"], rows, "rrlrrl"), ""]


def _plot(result: Fair, path: Path) -> None:
    """The advantage against the lever, 95% error bars, the zero line and the answer."""
    from numbergames.analysis.reports.report import new_figure

    table = result.table
    figure = new_figure(6.4, 4.2)
    ax = figure.add_subplot()
    x = table["value"].to_numpy(dtype=float)
    y = table["advantage"].to_numpy(dtype=float)
    err = np.nan_to_num(np.abs(np.stack([y - table["lo"].to_numpy(float),
                                         table["hi"].to_numpy(float) - y])))
    ax.errorbar(x, y, yerr=err, marker="o", capsize=4, linewidth=1.2, label="tried values")
    ax.axhline(0, color="dimgray", linestyle="--", linewidth=1, label="fair")
    if result.interval is not None:
        ax.axvspan(float(result.interval[0]) - 0.02, float(result.interval[1]) + 0.02,
                   color="tab:green", alpha=0.15, label="not rejected as fair")
    ax.axvline(float(result.best), color="tab:green", linewidth=1, label=f"answer {value_text(result.best)}")
    ax.set_xlabel(result.lever)
    ax.set_ylabel("seat 0's share − fair share (points)")
    ax.set_title(f"{result.game.title}: first-player advantage by {result.lever}, 95% CI",
                 fontsize=10)
    ax.legend(fontsize=8)
    figure.savefig(path, format="png")


@results.write_report.register
def write_report(result: Fair, out: str | Path | None = None) -> Path:
    """Write the fair search's folder (default ``reports/<game>/fair-<lever>``) whole or not
    at all; returns its path."""
    out_dir = folder_path(out) or default_out(result)
    with report_folder(out_dir) as report:
        report.figure("advantage.png", _plot, result,
                      inputs=(result.table.drop(columns=["looks"]), result.best,
                              result.interval, result.lever))
        report.summary(summary(result))
        report.table("fair.csv", result.table)
        if result.pairs is not None:
            report.table("pairs.csv", result.pairs)
        report.markdown(render_markdown(result))
    return out_dir


def default_out(result: Fair) -> Path:
    """The search's standard folder (:func:`numbergames.analysis.searches.fair.out_folder`)."""
    return out_folder(result.game, result.rules, result.policies, result.lever, result.second)


def format_table(result: Fair) -> str:
    """The terminal table: every tried value, then the answer."""
    lines = [f"{'value':>8}  {'games':>9}  {'seat 0 - fair':>13}  {'95% interval':>17}  verdict"]
    for row in result.table.to_dict("records"):
        adv = row["advantage"]
        lines.append(f"{value_text(row['value']):>8}  {row['games']:>9,}  "
                     f"{adv:>+13.2f}  {row['lo']:>+7.2f} to {row['hi']:>+6.2f}  {row['verdict']}"
                     if not math.isnan(adv) else
                     f"{value_text(row['value']):>8}  {row['games']:>9,}  {'-':>13}  "
                     f"{'-':>17}  {row['verdict']}")
    lines += ["", result.sentence(), f"{result.games_spent:,} games"]
    return "\n".join(lines)
