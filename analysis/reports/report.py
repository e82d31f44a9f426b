"""One folder per analysis: a readable Markdown report, two plots and the data.

:func:`write_report` turns a run's summary (the JSON-ready dict that becomes
``summary.json``) and its per-game table into a folder::

    <out_dir>/report.md      prose and tables for designers, teachers and players
    <out_dir>/summary.json   every figure of the report, for reuse
    <out_dir>/games.npz      one row per game (see :mod:`numbergames.analysis.reports.gamedata`)
    <out_dir>/win_rate.png   win rate per seat with its confidence interval
    <out_dir>/length.png     distribution of game length (histogram and CDF)

The folder appears complete or not at all: everything is built in a hidden
sibling folder that replaces ``out_dir`` only once every file is written.

Nothing here knows a particular game: the game contributes its name, rules,
policies and ready-made Markdown sections. Statistics come in computed (see
:mod:`numbergames.analysis.statistics.stats`); this module only renders them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports.formatting import (conf_text, count_text, decimals_for, md_block, md_code,
                                 md_table, md_text, num, p_text, pct, pct_range, plot_text,
                                 share_text, turns_text)
from numbergames.analysis.statistics.outcomes import finished as finished_games
from numbergames.analysis.reports.gamedata import alongside, save_games
from numbergames.analysis.running.provenance import kept
from numbergames.analysis.statistics.tally import percentiles
from numbergames.analysis.reports.writer import ReportFolder, report_folder
from numbergames.solver.params import value_text
from numbergames.solver.registry import find_game

REQUIRED_KEYS: tuple[str, ...] = (
    "game", "rules", "policies", "players", "games", "unfinished", "wins_by_seat",
    "win_rate_by_seat", "win_rate_ci_by_seat", "first_player_advantage",
    "first_player_advantage_ci", "first_player_p_value", "seat_chi2", "seat_chi2_p_value",
    "turns_mean", "turns_median", "turns_p10", "turns_p90", "turns_max", "turns_std",
    "balance", "completion", "decision_rate",
)
"""Summary keys a report cannot do without; provenance keys (``title``, ``seed``,
``command``, ``version``, ``created``, ``elapsed_s``, ``games_per_s``) are optional."""

REQUIRED_COLUMNS: tuple[str, ...] = ("winner", "turns")
"""Per-game columns the plots need."""

METRIC_DEFINITIONS: dict[str, str] = {
    "balance": "1 − (highest − lowest seat points share): 1 when every seat wins equally "
    "often, 0 when one seat always wins.",
    "completion": "Share of games that ended (won, drawn or lost) rather than being cut off.",
    "decision_rate": "Share of turns on which the player to move had more than one "
    "distinct legal choice; a low value means the dice decide most turns.",
}
"""One-line meaning of each standard metric, as defined in :mod:`numbergames.analysis.statistics.stats`."""

FILES: tuple[str, ...] = ("report.md", "summary.json", "games.npz", "win_rate.png", "length.png")
"""The files of a finished report folder."""


# --------------------------------------------------------------------------- Markdown


def complete(summary: Mapping[str, Any]) -> dict[str, Any]:
    """``summary`` with the keys of a win/loss game that an older ``summary.json`` lacks
    (every game finished or cut off, no draws): the reports read both."""
    full = dict(summary)
    full.setdefault("finished", int(full["games"]) - int(full["unfinished"]))
    full.setdefault("points_by_seat", full["win_rate_by_seat"])
    full.setdefault("points_ci_by_seat", full["win_rate_ci_by_seat"])
    full.setdefault("draw_rate", None)
    full.setdefault("no_winner", 0)
    full.setdefault("judged", True)
    return full


def _seat_decimals(summary: Mapping[str, Any]) -> int:
    """Decimals for the win rates: set by the narrowest seat interval."""
    widths = [num(hi) - num(lo) for lo, hi in summary["win_rate_ci_by_seat"]
              if num(lo) is not None and num(hi) is not None]
    return decimals_for(min(widths)) if widths else 1


def _solo(summary: Mapping[str, Any]) -> bool:
    return int(summary["players"]) == 1


def _draws(summary: Mapping[str, Any]) -> bool:
    """Whether the game can be drawn (the draw rate is reported)."""
    return summary.get("draw_rate") is not None


def too_few(summary: Mapping[str, Any]) -> str | None:
    """The sentence that withholds a verdict when too few games finished, else None."""
    if summary.get("judged", True):
        return None
    return (f"Only {count_text(summary['finished'])} of {count_text(summary['games'])} games "
            "finished: too few to judge (every rate counts finished games only, and an "
            "unfinished game is neither a win nor a draw).")


def _seat0_measure(summary: Mapping[str, Any]) -> str:
    """What seat 0's share is: its win rate, or its points when draws count half."""
    return "scores" if _draws(summary) else "wins"


def first_player_sentence(summary: Mapping[str, Any]) -> str:
    """One sentence on seat 0's results against the fair share, and how sure it is."""
    summary = complete(summary)
    withheld = too_few(summary)
    if withheld:
        return withheld
    players = int(summary["players"])
    rate = summary["points_by_seat"][0] if _draws(summary) else summary["win_rate_by_seat"][0]
    lo, hi = summary["points_ci_by_seat"][0]
    adv = num(summary["first_player_advantage"]) or 0.0
    adv_lo, adv_hi = (num(v) for v in summary["first_player_advantage_ci"])
    d = decimals_for(None if lo is None or hi is None else hi - lo)
    side = "above" if adv >= 0 else "below"
    what = ("Seat 0 scores" if _draws(summary) else "Seat 0 wins")
    of = (" of the points (a draw counts as a share)" if _draws(summary)
          else " of the finished games")
    text = (f"{what} {pct(rate, d)}{of} ({conf_text(summary)} CI {pct_range(lo, hi, d)}), "
            f"{abs(adv) * 100:.{d}f} points {side} the fair share of {pct(1 / players, d)}")
    p_value = p_text(summary["first_player_p_value"])
    if adv_lo is None or adv_hi is None:
        return text + f" ({p_value})."
    text += f" (difference {adv_lo * 100:+.{d}f} to {adv_hi * 100:+.{d}f} points)"
    if adv_lo > 0 or adv_hi < 0:
        kind = "edge" if adv > 0 else "handicap"
        return text + f"; this {kind} is statistically clear ({p_value})."
    return text + (
        f"; this difference is not distinguishable from zero ({p_value}), so going first "
        "shows no clear advantage or disadvantage at this number of games."
    )


def _advantage_in_short(summary: Mapping[str, Any]) -> str:
    """A short verdict on going first (or on solving, alone), for the opening paragraph."""
    withheld = too_few(summary)
    if withheld:
        return withheld
    lo, hi = summary["win_rate_ci_by_seat"][0]
    d = decimals_for(None if lo is None or hi is None else hi - lo)
    if _solo(summary):
        return (f"The puzzle is solved in {pct(summary['solve_rate'], d)} of the finished "
                f"games ({conf_text(summary)} CI {pct_range(lo, hi, d)}).")
    adv_lo, adv_hi = (num(v) for v in summary["first_player_advantage_ci"])
    fair = 1 / int(summary["players"])
    rate = summary["points_by_seat"][0] if _draws(summary) else summary["win_rate_by_seat"][0]
    if adv_lo is not None and adv_lo > 0:
        verdict = "a clear edge for seat 0"
    elif adv_hi is not None and adv_hi < 0:
        verdict = "a clear handicap for seat 0"
    else:
        verdict = "no clear edge or handicap for seat 0"
    if len(set(summary["policies"])) > 1:
        verdict += " (the seats' policies differ, so this is not the seat order alone)"
    draws = (f" {pct(summary['draw_rate'], d)} of the games are drawn."
             if _draws(summary) else "")
    return (f"Seat 0 {_seat0_measure(summary)} {pct(rate, d)} of "
            f"{'the points' if _draws(summary) else 'games'} against a fair share of "
            f"{pct(fair, d)}: {verdict}.{draws}")


def _policy_phrase(policies: Sequence[str]) -> str:
    if len(policies) == 1:
        return f"played by the `{policies[0]}` policy"
    if len(set(policies)) == 1:
        return (f"every seat played by the `{policies[0]}` policy, so any difference "
                "between seats comes from the seat itself")
    return "played by " + ", ".join(f"`{p}` (seat {i})" for i, p in enumerate(policies))


def _game_title(name: str) -> str:
    """The registered game's title (its name, if it is not registered)."""
    try:
        return find_game(name).title
    except LookupError:
        return name


def _intro(summary: Mapping[str, Any]) -> str:
    title = summary.get("title") or f"{summary['game']}: Monte Carlo analysis"
    seed = summary.get("seed")
    seeded = "" if seed is None else (
        f" The games come from seed {seed}, so the command under [Reproduce](#reproduce) "
        "gives exactly the same games again.")
    length = "No game finished." if num(summary["turns_median"]) is None else (
        f"A typical game lasts {turns_text(summary['turns_median'])} turns (median), and 80% of "
        f"games end between {turns_text(summary['turns_p10'])} and {turns_text(summary['turns_p90'])} "
        "turns.")
    who = ("one player" if _solo(summary) else f"{summary['players']} players")
    order = "" if _solo(summary) else " Seat 0 moves first."
    return (
        f"# {md_text(title)}\n\n"
        f"This report summarises {count_text(summary['games'])} simulated games of "
        f"**{_game_title(summary['game'])}** for {who}, "
        f"{_policy_phrase(summary['policies'])}.{order}{seeded} Every rate "
        f"comes with its {conf_text(summary)} confidence interval (CI), the range that contains "
        f"the true value with {conf_text(summary)} confidence given this many games. All rules "
        "parameters are listed under [Rules](#rules).\n\n"
        f"**In short:** {_advantage_in_short(summary)} {length}"
    )


def _who_wins(summary: Mapping[str, Any]) -> str:
    d = _seat_decimals(summary)
    draws = _draws(summary)
    if _solo(summary):
        lo, hi = summary["win_rate_ci_by_seat"][0]
        rows = [[str(summary["policies"][0]), count_text(summary["wins_by_seat"][0]),
                 count_text(summary["no_winner"]), pct(summary["solve_rate"], d),
                 pct_range(lo, hi, d)]]
        parts = ["## How often it is solved",
                 md_table(["Policy", "Solved", "Not solved", "Solve rate",
                           f"{conf_text(summary)} CI"], rows, "lrrrr"),
                 "![Solve rate](win_rate.png)"]
        withheld = too_few(summary)
        if withheld:
            parts.append(withheld)
        if int(summary["unfinished"]):
            parts.append(_unfinished_sentence(summary))
        return "\n\n".join(parts)
    rows = []
    for seat, policy in enumerate(summary["policies"]):
        lo, hi = summary["win_rate_ci_by_seat"][seat]
        row = [str(seat), str(policy), count_text(summary["wins_by_seat"][seat]),
               pct(summary["win_rate_by_seat"][seat], d), pct_range(lo, hi, d)]
        if draws:
            plo, phi = summary["points_ci_by_seat"][seat]
            row += [pct(summary["points_by_seat"][seat], d), pct_range(plo, phi, d)]
        rows.append(row)
    header = ["Seat", "Policy", "Wins", "Win rate", f"{conf_text(summary)} CI"]
    if draws:
        header += ["Points", f"{conf_text(summary)} CI"]
    table = md_table(header, rows, "rlrrr" + "rr" * draws)
    parts = ["## Who wins", table, "![Win rate per seat](win_rate.png)"]
    if draws:
        lo, hi = summary["draw_rate_ci"] or (None, None)
        parts.append(f"{count_text(summary['draws'])} games were drawn: "
                     f"{pct(summary['draw_rate'], d)} of the finished games "
                     f"({conf_text(summary)} CI {pct_range(lo, hi, d)}). *Points* count a "
                     "win as 1 and a draw as a share of 1 among the seats it is shared by, "
                     "so the first-player advantage below is not biased by draws.")
    parts.append(first_player_sentence(summary))
    unfinished = int(summary["unfinished"])
    if unfinished:
        parts.append(f"Rates count the {count_text(summary['finished'])} finished games; the "
                     f"{count_text(unfinished)} unfinished games are neither wins nor draws and "
                     "are counted apart.")
    parts.append(_chi2_sentence(summary))
    if len(set(summary["policies"])) > 1:
        parts.append("The seats are played by different policies, so differences between "
                     "seats mix the effect of seat order with the strength of each policy.")
    return "\n\n".join(parts)


def _chi2_sentence(summary: Mapping[str, Any]) -> str:
    chi2, p = num(summary["seat_chi2"]), num(summary["seat_chi2_p_value"])
    if chi2 is None:
        return "No game had a winner, so there is no test of whether the seats win equally often."
    if not summary.get("judged", True):
        return "With so few finished games there is no test of whether the seats win equally often."
    players = int(summary["players"])
    decided = sum(int(w) for w in summary["wins_by_seat"])
    alpha = 1 - float(summary.get("confidence", 0.95))
    verdict = ("the seats do not win equally often" if p is not None and p < alpha else
               "the differences between seats are within what chance alone produces")
    return (f"Among the {decided:,} games with a winner, a chi-square test of whether wins are "
            f"spread evenly over the {players} seats gives χ² = {chi2:.1f} with "
            f"{players - 1} degree{'s' if players > 2 else ''} of freedom ({p_text(p)}): {verdict}.")


def _unfinished_sentence(summary: Mapping[str, Any]) -> str:
    unfinished, games = int(summary["unfinished"]), int(summary["games"])
    if unfinished == 0:
        return "Every game finished."
    return (f"{unfinished:,} of {games:,} games ({share_text(unfinished / games)}) were cut off "
            "before they ended (for example at a turn limit); they are left out of the rates "
            "and of the lengths above, since their length says nothing about how long a game "
            "lasts.")


def _scores(summary: Mapping[str, Any]) -> str | None:
    """The ``## Scores`` section of a game that declares a score column."""
    means = summary.get("score_mean_by_seat")
    if not means:
        return None
    def interval(low: Any, high: Any) -> str:   # none with fewer than two finished games
        a, b = num(low), num(high)
        return "n/a" if a is None or b is None else f"{a:.2f} to {b:.2f}"

    rows = [[str(seat), str(policy), f"{means[seat]:.2f}",
             interval(*summary["score_ci_by_seat"][seat])]
            for seat, policy in enumerate(summary["policies"])]
    text = ("## Scores\n\nMean score per seat over the finished games.\n\n"
            + md_table(["Seat", "Policy", "Mean score", f"{conf_text(summary)} CI"], rows, "rlrr"))
    if summary.get("margin_mean") is not None:
        text += (f"\n\nThe winner's mean margin over the runner-up is "
                 f"{summary['margin_mean']:.2f} points.")
    ties = (summary.get("traits") or {}).get("ties")
    if ties:
        text += f" Ties: {ties}"
    return text


def _length(summary: Mapping[str, Any]) -> str:
    heading = "## How long games last"
    if num(summary["turns_mean"]) is None:
        return "\n\n".join([heading, "No game finished, so there are no lengths to show.",
                             _unfinished_sentence(summary)])
    prose = (
        "Lengths count every player's turns together and cover the finished games only. "
        f"A game lasts {turns_text(summary['turns_mean'])} turns on average and half of the games "
        f"are over within {turns_text(summary['turns_median'])} turns; 10% end within "
        f"{turns_text(summary['turns_p10'])} turns and 90% within {turns_text(summary['turns_p90'])}. "
        f"The longest game took {turns_text(summary['turns_max'])} turns; the standard deviation "
        f"is {turns_text(summary['turns_std'])} turns."
    )
    keys = ("turns_mean", "turns_median", "turns_p10", "turns_p90", "turns_max", "turns_std")
    header = ["Mean", "Median", "10th percentile", "90th percentile", "Longest", "Std. dev."]
    table = md_table(header, [[turns_text(summary[k]) for k in keys]], "rrrrrr")
    return "\n\n".join([heading, prose, table,
                        "![Distribution of game length](length.png)",
                        _unfinished_sentence(summary)])


def _metrics(summary: Mapping[str, Any]) -> str:
    balance = num(summary["balance"])
    values = {
        "balance": ("n/a (one player)" if _solo(summary) else "n/a") if balance is None
        else f"{balance:.3f}",
        "completion": pct(summary["completion"]),
        "decision_rate": pct(summary["decision_rate"]),
    }
    rows = [[name.replace("_", " ").capitalize(), values[name], METRIC_DEFINITIONS[name]]
            for name in values]
    return ("## Standard metrics\n\nThe same three numbers are reported for every game, so "
            "games and rules variants can be compared side by side.\n\n"
            + md_table(["Metric", "Value", "What it means"], rows, "lrl"))


def rules_section(summary: Mapping[str, Any]) -> str:
    """The ``## Rules`` section: every rules parameter of ``summary['rules']``."""
    rules: Mapping[str, Any] = summary["rules"]
    if not rules:
        return "## Rules\n\nThis game has no rules parameters."
    rows = [[f"`{name}`", f"`{value_text(value)}`"] for name, value in rules.items()]
    return ("## Rules\n\nEvery rules parameter of this run; any of them can be changed with "
            "`--set name=value`.\n\n" + md_table(["Parameter", "Value"], rows, "ll"))


def _reproduce(summary: Mapping[str, Any]) -> str:
    command = summary.get("command")
    if command:
        head = f"To make exactly these games again, run:\n\n{md_block(command, 'sh')}"
    else:
        head = ("The command line was not recorded. The same game, rules, policies, seed and "
                "number of games give exactly the same games again.")
    elapsed, speed = num(summary.get("elapsed_s")), num(summary.get("games_per_s"))
    run_time = "n/a" if elapsed is None else f"{elapsed:,.1f} s"
    if speed is not None:
        run_time += f" ({speed:,.0f} games per second)"
    if summary.get("games_loaded"):
        run_time += (f"; {count_text(summary['games_loaded'])} of the games were loaded from the "
                     f"results store {md_code(summary.get('store'))} (run "
                     f"{md_code(summary.get('run_id'))}), "
                     "not played again")
    kept = summary.get("games_kept")
    if kept is not None and kept < summary["games"]:
        head += (f"\n\n`games.npz` holds the rows of the first {count_text(kept)} games only "
                 "(`--keep-games`); every figure of this report counts all "
                 f"{count_text(summary['games'])}, merged chunk by chunk.")
    items = [("Seed", f"`{summary.get('seed', 'n/a')}`"), ("Games", count_text(summary["games"])),
             ("Policies", ", ".join(f"`{p}`" for p in summary["policies"])),
             ("Toolkit version", f"`{summary.get('version', 'n/a')}`"),
             ("Created", str(summary.get("created", "n/a"))), ("Run time", run_time)]
    return "## Reproduce\n\n" + head + "\n\n" + "\n".join(f"- {k}: {v}" for k, v in items)


def render_markdown(summary: Mapping[str, Any], sections: Sequence[str] = ()) -> str:
    """The text of ``report.md``: standard sections, then the game's, then rules."""
    summary = complete(summary)
    parts = [_intro(summary), _who_wins(summary), *filter(None, [_scores(summary)]),
             _length(summary), _metrics(summary),
             *(s.strip() for s in sections if s.strip()), rules_section(summary), _reproduce(summary)]
    return "\n\n".join(parts) + "\n"


# --------------------------------------------------------------------------- plots


def new_figure(width: float, height: float) -> Any:
    """A matplotlib Figure drawn by the Agg canvas: no pyplot, no global backend state."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=120, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def plot_win_rate(summary: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Bar chart of win rate per seat with CI error bars and the fair share dashed."""
    from matplotlib.ticker import PercentFormatter

    summary = complete(summary)
    players = int(summary["players"])
    shares = "points_by_seat" if _draws(summary) else "win_rate_by_seat"
    rates = np.array([np.nan if r is None else float(r) for r in summary[shares]])
    cis = np.array([[np.nan if v is None else float(v) for v in ci]
                    for ci in summary[shares.replace("_by", "_ci_by") if _draws(summary)
                                      else "win_rate_ci_by_seat"]],
                   dtype=float).reshape(-1, 2)
    errors = np.nan_to_num(np.abs(np.stack([rates - cis[:, 0], cis[:, 1] - rates])))
    fair = 1 / players
    d = _seat_decimals(summary)

    figure = new_figure(max(5.5, 1.4 * players + 2.5), 4.2)
    ax = figure.add_subplot()
    seats = np.arange(players)
    colors = ["tab:orange"] + ["tab:blue"] * (players - 1)
    ax.bar(seats, rates, color=colors, width=0.6)
    ax.errorbar(seats, rates, yerr=errors, fmt="none", ecolor="black", capsize=6, linewidth=1.2,
                label=f"{conf_text(summary)} confidence interval")
    if players > 1:
        ax.axhline(fair, color="dimgray", linestyle="--", linewidth=1.2,
                   label=f"fair share 1/{players} = {pct(fair)}")
    known = np.append(cis[:, 1], rates)
    top = float(np.nanmax(known)) if np.isfinite(known).any() else fair
    for seat, rate in zip(seats, rates):
        if np.isfinite(rate):
            ax.text(seat, rate + errors[1, seat] + 0.015 * max(top, fair), pct(rate, d),
                    ha="center", va="bottom", fontsize=10)
    if not np.isfinite(rates).any():
        ax.text(0.5, 0.5, "no finished games", ha="center", va="center",
                transform=ax.transAxes, fontsize=14)
    ax.set_xticks(seats, [f"seat {s}\n({p})" for s, p in enumerate(summary["policies"])])
    ax.set_ylim(0, max(top, fair) * 1.25)
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    ax.set_ylabel("share of the points (a draw shared)" if _draws(summary) else
                  "share of the finished games solved" if players == 1 else
                  "share of the finished games won")
    ax.set_title(f"Who wins: {plot_text(summary.get('title') or summary['game'])}\n"
                 f"{count_text(summary['games'])} games, seat 0 moves first", fontsize=11)
    ax.legend(loc="best", fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    figure.savefig(path, format="png")


def length_histogram(games: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """The finished games' lengths (won, drawn or lost by all) and how many games had
    each, ascending (what :class:`numbergames.analysis.statistics.tally.Tally` keeps for any number of games)."""
    done = games["turns"].to_numpy()[finished_games(games["winner"].to_numpy())]
    if done.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if (done.dtype.kind == "i" or (done.dtype.kind == "u" and done.dtype.itemsize < 8)) and (
            0 <= done.min() and done.max() < 1 << 24):
        tally = np.bincount(done)
        values = np.flatnonzero(tally)
        return values, tally[values]
    return np.unique(done, return_counts=True)


def plot_length(lengths: tuple[np.ndarray, np.ndarray], summary: Mapping[str, Any],
                path: str | os.PathLike[str]) -> None:
    """Histogram of finished games' length over its empirical CDF; p10/median/p90 marked.
    ``lengths``: the finished games' lengths and their counts (:func:`length_histogram`)."""
    from matplotlib.ticker import PercentFormatter

    values, counts = (np.asarray(a) for a in lengths)
    finished = int(counts.sum())
    figure = new_figure(7.5, 5.5)
    hist_ax, cdf_ax = figure.subplots(2, 1, sharex=True, height_ratios=[3, 2])
    hist_ax.set_title(f"How long games last: {plot_text(summary.get('title') or summary['game'])}\n"
                      f"{finished:,} finished games", fontsize=11)
    if finished == 0:
        hist_ax.text(0.5, 0.5, "no finished games", ha="center", va="center",
                     transform=hist_ax.transAxes, fontsize=14)
        figure.savefig(path, format="png")
        return
    lo, hi = int(values[0]), int(values[-1])
    edges = (np.arange(lo, hi + 2) - 0.5 if hi - lo < 120
             else np.linspace(lo - 0.5, hi + 0.5, 101))
    heights, _ = np.histogram(values, bins=edges, weights=counts)
    hist_ax.stairs(heights / finished, edges, fill=True, color="tab:blue", alpha=0.8)
    cdf_ax.step(values, np.cumsum(counts) / finished, where="post", color="tab:blue")

    marks = [("10th percentile", "turns_p10", ":", 10),
             ("median", "turns_median", "--", 50),
             ("90th percentile", "turns_p90", ":", 90)]
    for label, key, style, percent in marks:
        value = num(summary.get(key))
        value = float(percentiles(values, counts, [percent])[0]) if value is None else value
        for ax in (hist_ax, cdf_ax):
            ax.axvline(value, color="black", linestyle=style, linewidth=1.2,
                       label=f"{label}: {turns_text(value)} turns" if ax is hist_ax else None)
    hist_ax.legend(loc="upper right", fontsize=9)
    hist_ax.yaxis.set_major_formatter(PercentFormatter(xmax=1))
    hist_ax.set_ylabel("share of finished games")
    cdf_ax.set_ylim(0, 1.02)
    cdf_ax.set_yticks([0, 0.1, 0.5, 0.9])
    cdf_ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    cdf_ax.set_ylabel("finished by then")
    cdf_ax.set_xlabel("turns (all players together)")
    for ax in (hist_ax, cdf_ax):
        ax.grid(alpha=0.3)
        ax.set_axisbelow(True)
    unfinished = int(summary.get("unfinished", 0))
    if unfinished:
        cdf_ax.annotate(f"{unfinished:,} unfinished games not shown", xy=(1, 0),
                        xycoords="axes fraction", xytext=(-4, 4), textcoords="offset points",
                        ha="right", va="bottom", fontsize=8, color="dimgray")
    figure.savefig(path, format="png")


# --------------------------------------------------------------------------- the folder


def _check_inputs(summary: Mapping[str, Any], games: pd.DataFrame) -> None:
    """ValueError when the summary or the table lacks what the report needs."""
    missing = [k for k in REQUIRED_KEYS if k not in summary]
    if missing:
        raise ValueError(f"summary lacks {', '.join(missing)}")
    players = int(summary["players"])
    for key in ("policies", "wins_by_seat", "win_rate_by_seat", "win_rate_ci_by_seat"):
        if len(summary[key]) != players:
            raise ValueError(f"summary[{key!r}] has {len(summary[key])} entries, "
                             f"expected one per seat ({players})")
    absent = [c for c in REQUIRED_COLUMNS if c not in games.columns]
    if absent:
        raise ValueError(f"games lacks column(s) {', '.join(absent)}")


def _write_files(report: ReportFolder, summary: Mapping[str, Any], games: pd.DataFrame,
                 sections: Sequence[str], lengths: tuple[np.ndarray, np.ndarray]) -> None:
    """Write every file of the report (plots drawn from the same figures as the folder's
    it replaces are copied from it)."""
    report.summary(summary)
    with alongside(save_games, report.path("games.npz"), games):  # written while plots are drawn
        report.figure("win_rate.png", plot_win_rate, summary)
        report.figure("length.png", plot_length, lengths, summary, inputs=(summary, *lengths))
    report.markdown(render_markdown(summary, sections))


def write_report(out_dir: str | os.PathLike[str], summary: Mapping[str, Any],
                 games: pd.DataFrame, sections: Sequence[str] = (),
                 lengths: tuple[np.ndarray, np.ndarray] | None = None) -> Path:
    """Write the report folder ``out_dir`` (see the module docstring); returns its path.

    ``sections`` are the game's own Markdown sections (each starting with a
    ``## `` heading), placed after the standard ones. ``games`` are the rows kept (every
    game, or the first ``summary["games_kept"]``); ``lengths`` the finished games' length
    histogram of every game (default: from ``games``). The folder is built in a
    hidden sibling ``.<name>.tmp-<pid>`` and swapped in only when complete; on any
    error the sibling is removed and an existing ``out_dir`` is left as it was. When every
    figure of ``summary`` is that of the report being replaced, that report's provenance
    (date, timing, command, store, version) is kept (:func:`numbergames.analysis.running.provenance.kept`), so
    the folder is rewritten byte for byte.
    Raises UserError when ``out_dir`` cannot be written and ValueError when the
    summary or table lacks what the report needs.
    """
    _check_inputs(summary, games)
    summary = kept(out_dir, summary)  # the same figures: the report it replaces, as it was
    lengths = length_histogram(games) if lengths is None else lengths
    with report_folder(out_dir) as report:
        _write_files(report, summary, games, sections, lengths)
    return Path(out_dir)


# --------------------------------------------------------------------------- terminal


def format_terminal_summary(summary: Mapping[str, Any]) -> str:
    """A short plain-text summary for the terminal: seats, advantage, length, metrics."""
    summary = complete(summary)
    d = _seat_decimals(summary)
    conf = conf_text(summary)
    rows = [["seat", "policy", "solved" if int(summary["players"]) == 1 else "wins",
             "win rate", f"{conf} CI"]]
    for seat, (policy, wins, rate, (lo, hi)) in enumerate(zip(
            summary["policies"], summary["wins_by_seat"],
            summary["win_rate_by_seat"], summary["win_rate_ci_by_seat"])):
        rows.append([str(seat), str(policy), count_text(wins), pct(rate, d),
                     pct_range(lo, hi, d, dash="-")])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    table = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]

    adv = num(summary["first_player_advantage"])
    adv_lo, adv_hi = (num(v) for v in summary["first_player_advantage_ci"] or (None, None))
    advantage = "n/a" if adv is None else f"{adv * 100:+.{d}f} points"
    if adv_lo is not None and adv_hi is not None:
        advantage += f" ({conf} CI {adv_lo * 100:+.{d}f} to {adv_hi * 100:+.{d}f})"
    balance = num(summary["balance"])
    speed, elapsed = num(summary.get("games_per_s")), num(summary.get("elapsed_s"))
    facts = []
    if not summary["judged"]:
        facts.append(("verdict", f"none: only {count_text(summary['finished'])} games finished"))
    if summary["draw_rate"] is not None:
        facts.append(("draws", f"{pct(summary['draw_rate'], d)} of finished games"))
    if int(summary["players"]) > 1:
        facts.append(("first-player advantage",
                      f"{advantage}, {p_text(summary['first_player_p_value'])}"))
    facts += [
        ("turns (finished games)", f"mean {turns_text(summary['turns_mean'])}, median "
         f"{turns_text(summary['turns_median'])}, p90 {turns_text(summary['turns_p90'])}"),
        ("unfinished", f"{count_text(summary['unfinished'])} of {count_text(summary['games'])}"),
        ("balance", "n/a" if balance is None else f"{balance:.3f}"),
        ("completion", pct(summary["completion"])),
        ("decision rate", pct(summary["decision_rate"])),
        ("speed", ("n/a" if speed is None else f"{speed:,.0f} games/s")
         + ("" if elapsed is None else f" ({elapsed:,.1f} s)")),
    ]
    if summary.get("store"):
        loaded = int(summary.get("games_loaded") or 0)
        played = summary["games"] - loaded
        facts.append(("store", f"{summary['store']}, run {summary.get('run_id', 'n/a')}: "
                      + (f"{count_text(loaded)} games loaded, {count_text(played)} played" if played
                         else "every game loaded, none played")))
    if summary.get("out"):
        facts.append(("report", str(summary["out"])))
    key_width = max(len(k) for k, _ in facts)
    title = summary.get("title") or summary["game"]
    who = "1 player" if int(summary["players"]) == 1 else f"{summary['players']} players"
    head = (f"{title}\n{summary['game']}, {who}, "
            f"{count_text(summary['games'])} games, seed {summary.get('seed', 'n/a')}")
    lines = [head, "", *table, "", *(f"{k.ljust(key_width)}  {v}" for k, v in facts)]
    return "\n".join(lines)
