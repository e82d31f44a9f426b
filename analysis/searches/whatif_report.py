"""The what-if report: ``report.md``, ``summary.json``, ``variants.csv`` (``pairwise.csv``
with two or more variant files besides the base) and one plot per measure and varied parameter, written
by :func:`write_report` from a finished :class:`numbergames.analysis.searches.whatif.Sweep`; and the short
table the command line prints (:func:`format_table`).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from numbergames.analysis.statistics.paired import EXACT, MEASURES, OWN, SEAT0, present
from numbergames.analysis.statistics.stats import CONFIDENCE
from numbergames.analysis.reports.formatting import md_block, md_code, md_table, md_text, num, p_short
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.reports import results
from numbergames.analysis.reports.writer import report_folder
from numbergames.analysis.searches.whatif import Entry, Sweep, expand
from numbergames.analysis.running.folders import folder_path
from numbergames.solver.params import value_text


@results.write_report.register
def write_report(sweep: Sweep, out: str | Path | None = None) -> Path:
    """Write the report folder (default ``reports/<game>/whatif-<names>``) whole or not at
    all (:func:`numbergames.analysis.reports.writer.report_folder`); returns its path."""
    out_dir = folder_path(out) or sweep.default_out()
    with report_folder(out_dir) as report:
        plots = []
        for measure in sweep.measures:
            for name in sweep.varied:
                filename = f"{measure}_by_{name}.png"
                report.figure(filename, _plot, sweep, measure, name,
                              inputs=(sweep.table, sweep.varied, measure, name))
                plots.append((measure, name, filename))
        report.summary(sweep.summary)
        report.table("variants.csv", sweep.table)
        if sweep.pairwise is not None:
            report.table("pairwise.csv", sweep.pairwise)
        report.markdown(render_markdown(sweep, plots))
    return out_dir



PERCENT = ("seat0_win_rate", "solve_rate", "first_player_advantage", "draw_rate", "completion",
           "decision_rate")
"""The measures shown in percent (their differences in percentage points)."""
DECIMALS = {"balance": 3}
"""Decimals of a measure not in percent (default 2)."""


def measure_value(measure: str, value: Any, signed: bool = False) -> str:
    number = num(value)
    if number is None:
        return "n/a"
    if measure in PERCENT:
        return f"{number * 100:+.2f} pts" if signed else f"{number * 100:.2f}%"
    decimals = DECIMALS.get(measure, 2)
    return f"{number:+.{decimals}f}" if signed else f"{number:.{decimals}f}"


def measure_range(measure: str, lo: Any, hi: Any, signed: bool = False) -> str:
    a, b = num(lo), num(hi)
    if a is None or b is None:
        return "n/a"
    if measure in PERCENT:
        scale, unit, decimals = 100, (" pts" if signed else "%"), 2
    else:
        scale, unit, decimals = 1, "", DECIMALS.get(measure, 2)
    sign = "+" if signed else ""
    return f"{a * scale:{sign}.{decimals}f} to {b * scale:{sign}.{decimals}f}{unit}"


def _vr(value: Any) -> str:
    v = num(value)
    return "—" if v is None else f"{v:.2f}×"


def _own_test(row: Mapping[str, Any], measure: str) -> bool:
    """Whether ``measure`` is a test of its own in ``row`` (see :data:`numbergames.analysis.statistics.paired.OWN`)."""
    return row[f"{measure}_test"] == OWN


def _p_cell(row: Mapping[str, Any], measure: str) -> str:
    """The Holm-adjusted p of a table cell, marked when it is not a test of its own."""
    kind, p = row[f"{measure}_test"], p_short(row[f"{measure}_p_holm"])
    if kind == SEAT0:
        return p + " (= seat 0)"
    if kind == EXACT:
        return "no game differs" if row[f"{measure}_diff"] == 0 else "exact (every game alike)"
    return p


def _change(measure: str, row: Mapping[str, Any], name: str) -> str:
    """``+1.23 pts with <name> (paired 95% CI ..., Holm-adjusted p ...: a clear effect)``."""
    kind, diff = row[f"{measure}_test"], row[f"{measure}_diff"]
    head = f"{measure_value(measure, diff, True)} with {md_text(name)}"
    if kind == EXACT:
        return head + (" (no game differs)" if diff == 0
                       else " (exact: every game differs by as much)")
    if kind not in (OWN, SEAT0):
        return head + " (too few games for an interval)"
    p = num(row[f"{measure}_p_holm"])
    clear = p is not None and p < 1 - CONFIDENCE
    return (f"{head} (paired 95% CI "
            f"{measure_range(measure, row[f'{measure}_diff_lo'], row[f'{measure}_diff_hi'], True)}, "
            + ("seat 0's test, " if kind == SEAT0 else "")
            + f"Holm-adjusted p {p_short(p)}: "
            + ("a clear effect" if clear else "not distinguishable from no change") + ")")


HEADLINE = ("seat0_win_rate", "turns_mean")
"""The measures the reading names the largest change of (the first-player advantage in
place of seat 0's win rate when the number of players varies); of the others it names the
clearest change."""


def _reading(sweep: Sweep) -> str:
    """One line: the biggest change of each headline measure, and the clearest (largest
    |difference| / SE among the clear ones) of every other measure."""
    table = sweep.table[~sweep.table["is_base"]]
    if table.empty:
        return ("Every variant of the grid is the base itself, so there is nothing to compare "
                "(every difference is exactly 0).")
    rows = table.to_dict("records")
    tested = any(row.get("first_player_advantage_test", SEAT0) != SEAT0 for row in rows)
    # with another number of players (or with draws), seat 0's win rate is not the first
    # player's edge: the first-player advantage is then the headline; alone, the solve rate
    headline = (("solve_rate", "turns_mean") if "solve_rate" in sweep.measures else
                ("first_player_advantage", "turns_mean") if tested else HEADLINE)
    parts = []
    for measure in headline:
        sizes = table[f"{measure}_diff"].abs()
        if sizes.isna().all():
            continue
        biggest = table.loc[sizes.idxmax()]
        parts.append(f"the largest change in {MEASURES[measure]} is "
                     + _change(measure, biggest, biggest["variant"]))
    others = [m for m in sweep.measures if m not in headline]
    clear = []
    for row in rows:
        for measure in others:
            p = num(row[f"{measure}_p_holm"])
            if (row[f"{measure}_test"] in (OWN, EXACT) and p is not None
                    and p < 1 - CONFIDENCE):
                se = num(row[f"{measure}_paired_se"])
                size = abs(row[f"{measure}_diff"]) / se if se else math.inf
                clear.append((size, measure, row))
    words = ", ".join(MEASURES[m] for m in others if tested or m != "first_player_advantage")
    if clear:
        _, measure, row = max(clear, key=lambda c: c[0])
        parts.append(f"of the other measures ({words}), the clearest change is in "
                     f"{MEASURES[measure]}: " + _change(measure, row, row["variant"]))
    else:
        parts.append(f"none of the other measures ({words}) changes clearly (every "
                     "Holm-adjusted p ≥ 0.05)")
    return "**Reading:** " + "; ".join(parts) + "."


def _changes(rules: Any) -> str:
    """The rules that differ from the pinned defaults, as inline code (or "the defaults")."""
    changed = rules.changed()
    return ", ".join(f"`{k}={value_text(v)}`" for k, v in changed.items()) or "the pinned defaults"


def _sets(rules: Any) -> str:
    """``which sets `a=1`, `b=2``` (the rules that differ from the pinned defaults)."""
    return f"which sets {_changes(rules)}" if rules.changed() else "which keeps the pinned defaults"


def _file_name(entry: Entry) -> str:
    """``variant file **name** (`path`)``, or ``variant **name**`` for a Variant object."""
    if entry.path:
        return f"variant file **{md_text(entry.name)}** ({md_code(entry.path)})"
    return f"variant **{md_text(entry.name)}**"


def _what_is_compared(sweep: Sweep) -> str:
    """The sentences of the introduction that say what the base is and what is compared
    with it."""
    base = sweep.base
    base_rules = ", ".join(f"`{k}={value_text(v)}`" for k, v in base.rules.as_dict().items())
    head = sweep.entries[0]
    if head.name is not None:
        sentences = [f"The base is {_file_name(head)}, {_sets(base.rules)} "
                     f"(all rules: {base_rules})"]
    else:
        sentences = [f"The base is the rules {base_rules}"]
    n_grid = sum(e.kind == "grid" for e in sweep.entries)
    files = [(e, r) for e, r in zip(sweep.entries, sweep.results) if e.kind == "file"]
    each = "" if sweep.varied and files else ", each compared with the base"
    if sweep.varied:
        points = math.prod(len(v) for v in sweep.varied.values())
        ranges = " and ".join(f"`{n}` ∈ {{{', '.join(value_text(v) for v in vs)}}}"
                              for n, vs in sweep.varied.items())
        if n_grid == 0:
            sentences.append(f"The grid varies {ranges}, but its only point is the base "
                             "itself")
        else:
            sentences.append(
                f"The grid varies {ranges} on top of the base: {n_grid} "
                f"variant{'s' if n_grid != 1 else ''}{each}"
                + (" (the point equal to the base is the base row itself)" if n_grid < points
                   else ""))
    if files:
        sentences.append(
            f"{'Also compared' if sweep.varied else 'Compared'} with the base: "
            + "; ".join(f"{_file_name(e)}, {_sets(r.rules)}" for e, r in files))
    if sweep.varied and files:
        total = n_grid + len(files)
        sentences.append(f"That is {total} variants, each compared with the base")
    return ". ".join(sentences) + "."


NOTES: dict[str, str] = {
    "seat0_win_rate": ("Counted over the finished games (an unfinished game is neither a win "
                       "nor a draw); when some are cut off, linearised as the mean length is."),
    "solve_rate": ("The share of the finished games the player solves, alone; when some are "
                   "cut off, linearised as the mean length is."),
    "first_player_advantage": (
        "Seat 0's points (a win 1, a draw its share) minus the fair share 1/players, over "
        "the finished games; without draws its interval is seat 0's Wilson interval shifted "
        "by the fair share. With the same number of players and no draws its difference "
        "from the base *is* seat 0's win-rate difference, the same test, so it is not "
        "counted again: the Holm-adjusted p marked (= seat 0) is seat 0's. A variant with "
        "another number of players (another fair share), or a game with draws, has a test "
        "of its own."),
    "draw_rate": ("The share of the finished games that are drawn (Wilson interval); the "
                  "paired difference compares game by game whether each game is drawn."),
    "score_mean": ("The mean score over the finished games (normal interval); paired game "
                   "by game."),
    "turns_mean": (
        "The mean length of finished games (every turn of every player). When every game "
        "finishes, the paired difference compares the lengths game by game; when some are "
        "cut off (`max_turns`), each game counts as M + [finished] × (turns − M) / "
        "completion, whose mean is the mean length M, so the difference is always that of "
        "the two means shown, and a game that finishes under one rule only counts too."),
    "balance": (
        "1 − (highest − lowest seat points share), over the finished games. Its interval and its "
        "paired difference are linearised game by game (1 − [the highest seat wins] + "
        "[the lowest seat wins], whose mean is the balance) with the seats of the highest "
        "and the lowest rate held fixed at their estimates (`balance_high_seat`, "
        "`balance_low_seat` in `variants.csv`). That is right when those seats are clearly "
        "apart from the rest; when two seats are nearly tied for the highest or the lowest "
        "rate (a nearly balanced game) the interval is too narrow. With two players, no draws "
        "and the same seat ahead in both runs (games cut off or not: both measures count the "
        "finished games), the balance moves by exactly twice seat 0's win rate, game by game: the same test, marked (= seat 0) and not "
        "counted again."),
    "completion": ("The share of games that finished (won, drawn or lost); below 100% only when "
                   "games are cut off (`max_turns`). Wilson interval; the paired difference "
                   "compares game by game whether each game finished. Where every game "
                   "finishes under both rules no game differs: that is no test, and it is "
                   "not counted."),
    "decision_rate": (
        "Turns with a real choice / all turns, over all games (a ratio of sums R). Its "
        "interval and its paired difference are linearised game by game: each game counts "
        "as R + (decision turns − R × turns) / mean turns, whose mean is R."),
}
"""The paragraph above each measure's table."""


def _measure_section(sweep: Sweep, measure: str, plots: Sequence[tuple[str, str, str]]) -> str:
    """One measure's section: value and interval per variant, the paired difference."""
    words = MEASURES[measure]
    rows = []
    for row in sweep.table.to_dict("records"):
        base_row = row["is_base"]
        p = "—" if base_row else _p_cell(row, measure)
        rows.append([
            md_text(row["variant"]),
            measure_value(measure, row[measure], measure == "first_player_advantage"),
            measure_range(measure, row[f"{measure}_lo"], row[f"{measure}_hi"],
                   measure == "first_player_advantage"),
            measure_value(measure, row[f"{measure}_diff"], True),
            "—" if base_row else measure_range(measure, row[f"{measure}_diff_lo"],
                                        row[f"{measure}_diff_hi"], True),
            p, "—" if base_row else _vr(row[f"{measure}_variance_reduction"])])
    pictures = "\n\n".join(f"![{words} by {name}]({file})" for m, name, file in plots
                           if m == measure)
    return (f"## {words[0].upper() + words[1:]}\n\n{NOTES[measure]}\n\n"
            + md_table(["Variant", "Value", "95% CI", "Difference from base",
                     "Paired 95% CI", "Holm-adjusted p", "Variance reduction"], rows, "lrrrrrr")
            + ("\n\n" + pictures if pictures else ""))


def _pairwise_section(sweep: Sweep) -> str:
    """The table of every pair of variant files but the base (two or more of them): one
    row per pair and measure tested on its own."""
    pairs = sweep.pairwise
    assert pairs is not None
    rows = []
    for row in pairs.to_dict("records"):
        for measure in present(pairs):
            if not _own_test(row, measure):
                continue
            rows.append([md_text(row["a"]), md_text(row["b"]), MEASURES[measure],
                         measure_value(measure, row[f"{measure}_diff"], True),
                         measure_range(measure, row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"],
                                True),
                         p_short(row[f"{measure}_p_holm"]),
                         _vr(row[f"{measure}_variance_reduction"])])
    files = len(sweep._file_rows()) - 1
    return ("## Every pair of variant files\n\n"
            f"The {files} variant files compared with the base are also compared with each "
            "other, game by game (paired, the same seed): the difference B − A of every "
            "measure that is a test of its own (not one that is seat 0's test again, nor one "
            "where no game differs; `pairwise.csv` has them all). These "
            f"{sweep.pairwise_tests} tests are in the same Holm family as the tests against "
            f"the base above ({sweep.tests} in all), so every comparison in this report has "
            "one adjusted p-value. Data: `pairwise.csv`.\n\n"
            + md_table(["A", "B", "Measure", "B − A", "Paired 95% CI", "Holm-adjusted p",
                     "Variance reduction"], rows, "lllrrrr"))


def _precision_section(sweep: Sweep) -> str:
    """How ``--precision`` grew the games, and whether the target was met."""
    assert sweep.precision is not None
    steps = sweep.precision_steps
    last = steps[-1]
    target = f"{sweep.precision * 100:.2f} points"
    sizes = " → ".join(f"{s['games']:,}" for s in steps)
    if last["half_width"] <= sweep.precision:
        grew = (f"Games per variant grew {sizes}" if len(steps) > 1
                else f"The first {last['games']:,} games per variant were enough")
        end = (f"{grew}: the paired 95% half-width of seat 0's win-rate difference is at most "
               f"{target} for every variant (the widest is "
               f"{last['half_width'] * 100:.3f} points).")
    else:
        end = (f"Games per variant grew {sizes} and stopped at the ceiling of {sweep.sims:,} "
               f"games with the target of {target} **not** met: the widest paired 95% half-width of seat 0's win-rate difference "
               f"is {last['half_width'] * 100:.3f} points.")
    return "## Precision\n\n" + end


def render_markdown(sweep: Sweep, plots: Sequence[tuple[str, str, str]] = ()) -> str:
    """The text of ``report.md``."""
    base = sweep.base
    seats = base.policies[0] if len(set(base.policies)) == 1 else " vs ".join(base.policies)
    intro = (
        f"# {md_text(sweep.title)}\n\n"
        f"This report changes the rules of **{sweep.game.title}** and measures what each change "
        f"does. {_what_is_compared(sweep)} Every seat is played by `{seats}`. Each variant "
        f"plays {sweep.games:,} games with seed {sweep.seed}: **the same seed for every "
        "variant**, so game *i* of every variant rolls the same dice until the changed rule "
        "first makes a difference (common random numbers). The difference from the base is "
        "then measured game by game (paired), which is usually more precise than comparing "
        "two independent runs; the *variance reduction* column says by how much (independent "
        "variance / paired variance; 1× means pairing did not help).\n\n"
        f"Intervals are {CONFIDENCE * 100:g}%. The p-values test 'no difference from the "
        "base'" + (f"; they are adjusted with Holm's method over all {sweep.tests} tests of "
                   "this report, so a value below 0.05 is a clear effect even after looking "
                   "at them all" if sweep.tests else "") + ". One "
        "comparison counts once: a measure that moves game by game exactly as seat 0's win "
        "rate does (the first-player advantage unless the number of players changes, the "
        "balance of two players without draws and the same seat ahead in both runs) shares "
        "seat 0's test, marked "
        "(= seat 0), and a difference that is the same in every game (*no game differs*) is "
        "certain, not a test.\n\n"
        + _reading(sweep))
    sections = [intro]
    if sweep.precision is not None:
        sections.append(_precision_section(sweep))
    sections += [_measure_section(sweep, measure, plots) for measure in sweep.measures]
    if sweep.pairwise is not None:
        sections.append(_pairwise_section(sweep))
    command = sweep.command
    reproduce = (md_block(command, "sh") if command else
                 "The command line was not recorded; the same rules, policies, seed and number "
                 "of games give exactly the same games again.")
    sections.append(f"## Reproduce\n\n{reproduce}\n\n- Seed: `{sweep.seed}`\n"
                    f"- Games per variant: {sweep.games:,}\n"
                    f"- Data: `variants.csv` (one row per variant), "
                    + ("`pairwise.csv` (one row per pair of variant files), "
                       if sweep.pairwise is not None else "")
                    + f"`summary.json`\n"
                    f"- Toolkit version: `{package_version()}`; created {sweep.created}; "
                    f"run time {sweep.elapsed_s:,.2f} s")
    return "\n\n".join(sections) + "\n"


MAX_LINES = 6
"""The most lines of one plot (combinations of the other varied parameters)."""
AXIS: dict[str, str] = {"seat0_win_rate": "seat 0 win rate (%)",
                        "solve_rate": "games solved (%)",
                        "first_player_advantage": "seat 0 points − 1/players (pts)",
                        "draw_rate": "games drawn (%)",
                        "score_mean": "mean score",
                        "turns_mean": "mean turns (finished games)",
                        "balance": "balance (1 = every seat wins equally)",
                        "completion": "games finished (%)",
                        "decision_rate": "turns with a real choice (%)"}
"""The y-axis label of each measure's plot."""


def _plot(sweep: Sweep, measure: str, name: str, path: Path) -> None:
    """``measure`` against the values of ``name`` with 95% error bars; one line per
    combination of the other varied parameters (at most :data:`MAX_LINES`)."""
    from numbergames.analysis.reports.report import new_figure

    table = sweep.table[sweep.table["source"] != "file"]  # the base and the grid
    values = sweep.varied[name]
    others = [n for n in sweep.varied if n != name]
    combos = expand({n: sweep.varied[n] for n in others})
    shown = combos[:MAX_LINES]
    scale = 100 if measure in PERCENT else 1
    figure = new_figure(6.4, 4.2)
    ax = figure.add_subplot()
    x = np.arange(len(values), dtype=float)
    width = 0.25 / max(1, len(shown))
    for k, combo in enumerate(shown):
        ys, lo, hi = [], [], []
        for value in values:
            match = table[(table[name] == value)
                          & np.logical_and.reduce([table[n] == v for n, v in combo.items()]
                                                  or [np.ones(len(table), bool)])]
            if match.empty:  # the point equal to the base
                match = table[table["is_base"]]
            row = match.iloc[0]
            ys.append(row[measure] * scale)
            lo.append(row[f"{measure}_lo"] * scale)
            hi.append(row[f"{measure}_hi"] * scale)
        ys, lo, hi = map(np.asarray, (ys, lo, hi))
        label = ", ".join(f"{n}={value_text(v)}" for n, v in combo.items()) or None
        offset = (k - (len(shown) - 1) / 2) * width
        ax.errorbar(x + offset, ys, yerr=np.nan_to_num(np.abs(np.stack([ys - lo, hi - ys]))),
                    marker="o", capsize=4, linewidth=1.2, label=label)
    base = table[table["is_base"]].iloc[0]
    ax.axhline(base[measure] * scale, color="dimgray", linestyle="--", linewidth=1,
               label="base rules")
    ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    low, high = ax.get_ylim()
    if high - low < 1e-6 * max(1.0, abs(high)):  # every value the same, e.g. 100% finished
        middle = base[measure] * scale
        ax.set_ylim(middle - max(0.01, abs(middle) * 0.01), middle + max(0.01, abs(middle) * 0.01))
    ax.set_xticks(x, [value_text(v) for v in values])
    ax.set_xlabel(name)
    ax.set_ylabel(AXIS[measure])
    title = f"{MEASURES[measure]} by {name}, 95% CI"
    if len(combos) > len(shown):
        title += f" (first {len(shown)} of {len(combos)} lines)"
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    figure.savefig(path, format="png")


def format_table(sweep: Sweep) -> str:
    """A short plain-text table for the terminal."""
    def fmt(value: Any, spec: str, scale: float = 1) -> str:
        number = num(value)
        return "n/a" if number is None else format(number * scale, spec)

    def p(row: Mapping[str, Any], measure: str) -> str:
        return "exact" if row[f"{measure}_test"] == EXACT else p_short(row[f"{measure}_p_holm"])

    rows = [["variant", "seat 0 wins", "diff (pts)", "p (Holm)", "turns", "diff", "p (Holm)"]]
    for r in sweep.table.to_dict("records"):
        rows.append([r["variant"], fmt(r["seat0_win_rate"], ".2f", 100) + "%",
                     fmt(r["seat0_win_rate_diff"], "+.2f", 100), p(r, "seat0_win_rate"),
                     fmt(r["turns_mean"], ".2f"), fmt(r["turns_mean_diff"], "+.2f"),
                     p(r, "turns_mean")])
    text = _columns(rows)
    if sweep.pairwise is not None:
        pairs = [["pair (B - A)", "seat 0 wins", "p (Holm)", "turns", "p (Holm)"]]
        for r in sweep.pairwise.to_dict("records"):
            pairs.append([f"{r['b']} - {r['a']}", fmt(r["seat0_win_rate_diff"], "+.2f", 100),
                          p(r, "seat0_win_rate"), fmt(r["turns_mean_diff"], "+.2f"),
                          p(r, "turns_mean")])
        text += "\n\nevery pair of variant files besides the base (Holm with all the tests above):\n" + _columns(pairs)
    return text


def _columns(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))) for row in rows)
