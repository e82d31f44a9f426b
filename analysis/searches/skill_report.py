"""The skill report: Markdown, a plot and the data of a :class:`numbergames.analysis.searches.skill.Ladder`.

Written whole or not at all (:func:`numbergames.analysis.reports.writer.report_folder`): ``report.md``,
``summary.json``, ``ladder.csv`` (one row per match), ``players.csv`` (one row per player)
and ``ladder.png``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from numbergames.analysis.reports import results
from numbergames.analysis.reports.writer import report_folder
from numbergames.analysis.reports.report import new_figure, rules_section
from numbergames.analysis.reports.formatting import md_block, md_table, p_text, pct, pct_range

from numbergames.analysis.searches.skill import Ladder, Match
from numbergames.analysis.running.folders import folder_path


def _elo(value: Any) -> str:
    return "n/a" if value is None or (isinstance(value, float) and np.isnan(value)) else f"{value:+.0f}"


def _row(m: Match) -> list[str]:
    seats = [f"{pct(w / m.games)}" for w in m.wins_by_seat]
    return [f"`{m.player}`", f"`{m.opponent}`", f"{m.games:,}", *seats,
            f"**{pct(m.mean)}** ({pct_range(m.low, m.high)})", p_text(m.p_value), _elo(m.elo)]


def _step_rows(ladder: Ladder, chain: str, kind: str = "step") -> list[list[str]]:
    return [_row(m) for m in ladder.matches if m.kind == kind and m.chain == chain]


def _family(ladder: Ladder, chain: str) -> Any:
    return next(f for f in ladder.game.players.search if f.name == chain)


def doubling_sentence(ladder: Ladder, chain: str) -> str:
    """A search chain in one or two sentences: its smallest budget against its base, then
    whether each doubling of the budget pays (its interval above the fair share), or the
    first doubling where it stops paying (the chain flattens there)."""
    steps = [m for m in ladder.matches if m.kind == "step" and m.chain == chain]
    if not steps:
        return ""
    fair = 1 / ladder.players
    first, doublings = steps[0], steps[1:]
    text = (f"`{first.player}` against its base `{first.opponent}`: {pct(first.mean)} "
            f"({pct_range(first.low, first.high)}).")
    if not doublings:
        return text
    clear = [m.low > fair for m in doublings]
    if all(clear):
        last = doublings[-1]
        return text + (f" Every doubling of the budget pays ({len(doublings)} of "
                       f"{len(doublings)}, each interval above the fair share): the last, "
                       f"`{last.player}` against `{last.opponent}`, {pct(last.mean)} "
                       f"({pct_range(last.low, last.high)}).")
    k = clear.index(False)
    flat = doublings[k]
    text += ((f" Doubling the budget pays up to `{doublings[k - 1].player}`; then" if k else
              " The first doubling does not pay clearly:")
             + f" `{flat.player}` against `{flat.opponent}` {pct(flat.mean)} "
             f"({pct_range(flat.low, flat.high)}), an interval that "
             + ("lies below the fair share" if flat.high < fair else "includes the fair share"))
    later = doublings[k + 1:]
    note = ladder.presentation.flat_notes.get(chain, "")
    why = f" Why: {note.rstrip('.')}." if note else ""
    if not later:
        return text + ": the chain flattens there." + why
    return text + ("; later: " + ", ".join(
        f"`{m.player}` against `{m.opponent}` {pct(m.mean)} ({pct_range(m.low, m.high)})"
        for m in later) + f" — {sum(clear)} of {len(doublings)} doublings clear." + why)


def _strongest_sentence(ladder: Ladder) -> str:
    strongest = ladder.strongest
    fixed_top = ladder.rungs.fixed[-1]
    if strongest == fixed_top:
        met = [m for m in ladder.matches if m.kind == "best"]
        if not met:
            return f" The strongest player measured is the fixed player `{fixed_top}`."
        return (f" The strongest player measured is the fixed player `{fixed_top}`: the top of "
                "every search chain scores against it " + ", ".join(
                    f"`{m.player}` {pct(m.mean)} ({pct_range(m.low, m.high)})" for m in met)
                + f", against a fair share of {pct(1 / ladder.players)}.")
    best = ladder._against(strongest, fixed_top)
    text = f" The strongest player measured is `{strongest}`"
    if best is not None:
        seats = ", ".join(pct(w / best.games) for w in best.wins_by_seat)
        text += (f": against the best fixed player `{fixed_top}` it wins {pct(best.mean)} "
                 f"({pct_range(best.low, best.high)}) over all seats ({seats} from seats "
                 f"{', '.join(map(str, range(len(best.wins_by_seat))))})")
        if best.seat_edges:
            text += "; " + every_seat_clause(best)
    return text + "."


def _points(value: float) -> str:
    return f"{value * 100:+.1f}"


def every_seat_clause(m: Match) -> str:
    """Whether ``m``'s player beats its opponent from every seat (:class:`numbergames.analysis.searches.skill.SeatEdge`:
    its points there minus the opponent's own there in self-play), in one clause."""
    edges = ", ".join(f"{_points(e.edge)} ({_points(e.low)} to {_points(e.high)})"
                      for e in m.seat_edges)
    if m.every_seat:
        return (f"from every seat it scores more than `{m.opponent}` itself scores there "
                f"(self-play on the same keys): {edges} points from seats "
                f"{', '.join(str(e.seat) for e in m.seat_edges)}, each interval above 0")
    short = [e for e in m.seat_edges if not e.low > 0]
    return (f"not clearly from every seat: against what `{m.opponent}` itself scores in a "
            f"seat (self-play on the same keys) it gains {edges} points from seats "
            f"{', '.join(str(e.seat) for e in m.seat_edges)}, the interval of seat"
            f"{'s' if len(short) > 1 else ''} {', '.join(str(e.seat) for e in short)} "
            "not above 0")


def seat_edges_section(ladder: Ladder) -> str:
    """The top of every search chain against the strongest fixed player seat by seat, each
    seat's rate against that player's own in self-play; empty when none was measured."""
    rows = [[f"`{m.player}`", f"`{m.opponent}`", str(e.seat), f"{e.games:,}", pct(e.points),
             pct(e.self_play), f"**{_points(e.edge)}** ({_points(e.low)} to {_points(e.high)})",
             p_text(e.p_value)]
            for m in ladder.matches if m.seat_edges for e in m.seat_edges]
    if not rows:
        return ""
    fixed_top = ladder.rungs.fixed[-1]
    return ("#### From every seat\n\n"
            "A seat has its own advantage, so a player's rate from a seat is set against the "
            f"rate `{fixed_top}` itself gets from that seat when it plays every seat, on the "
            "same keys: the *edge* is the mean over keys of the difference (points: a win 1, "
            "a draw its share), with its paired 95% interval and a test against 0. An edge "
            f"whose interval lies above 0 beats `{fixed_top}` from that seat, whatever the "
            "seat is worth.\n\n"
            + md_table(["player", "against", "seat", "games", "its points",
                        f"`{fixed_top}` in self-play", "edge (pts, 95% CI)", "test vs 0"],
                       rows, "llrrrrrr"))


def _luck_base_sentence(ladder: Ladder) -> str:
    base = ladder.rungs.luck_baseline
    if base == ladder.rungs.baseline:
        return ""
    note = ladder.presentation.luck_note
    return (f"The weakest player here is `{base}`, not `{ladder.rungs.baseline}`"
            + (f": {note.rstrip('.')}" if note else "") + ". ")


def versus_section(ladder: Ladder) -> str:
    """The match of the game's search against OpenSpiel's ``MCTSBot`` at equal simulations
    (:mod:`numbergames.analysis.searches.versus_spiel`), or why there is none."""
    v = ladder.versus
    head = "### Against OpenSpiel's MCTSBot\n\n"
    if "note" in v:
        return head + (f"No match of `{v['family']}-N` against OpenSpiel's `MCTSBot`: "
                       if v.get("family") else "No match against OpenSpiel's `MCTSBot`: ") \
            + v["note"].rstrip(".") + "."
    rows = {r["seat"]: r for r in v["rows"]}
    every = rows.get("all seats")
    verdict = ("above the fair share from every seat and over all seats, each interval "
               "excluding it" if v["above_fair"] else
               "not above the fair share with its interval excluding it from every seat")
    seats = [[str(r["seat"]), f"{r['finished']:,}", f"{r['wins']} / {r['draws']} / {r['losses']}",
              f"{pct(r['share'])} ({pct_range(r['share_low'], r['share_high'])})",
              p_text(r["p_value"])] for r in v["rows"]]
    s = v["seconds_per_game"]
    off = "" if v["family"] in {name for name, _ in ladder.rungs.chains} else (
        f"; `{v['family']}-N`, the search family every game has, is not on this game's "
        f"ladder: the game's players' docstring says why")
    return head + (
        f"`{v['player']}` (the toolkit's search, in C{off}) against OpenSpiel's `MCTSBot` with the "
        f"same {v['budget']} simulations a decision (its UCT exploration constant "
        f"{v['uct_c']}, UCT's for returns of 0 or 1), through the bridge on kernel-backed states: `{v['player']}` in one "
        f"seat, `MCTSBot` in every other, every seat in turn, {v['games_per_seat']:,} games a "
        f"seat on the same dice. `MCTSBot` rolls out with `{v['rollout']}` "
        f"({v['rollout_reason'].rstrip('.')}). The budget is one at which `MCTSBot` plays a "
        f"game in seconds ({s['openspiel']:.2f} s a game here, `{v['player']}` "
        f"{s['mcts']:.3f} s). Result: {verdict}"
        + (f" — {pct(every['share'])} ({pct_range(every['share_low'], every['share_high'])}) "
           f"over all seats against a fair share of {pct(v['fair'])}." if every else ".")
        + "\n\n" + md_table(["seat", "finished", "W / D / L", "share (95% CI)", "test vs fair"],
                            seats, "lrrrr"))


def render_markdown(ladder: Ladder) -> str:
    """The report's Markdown."""
    s = ladder.summary
    luck = ladder.luck
    n = ladder.players
    seat_heads = [f"as seat {i}" for i in range(n)]
    fixed = " → ".join(f"`{p}`" for p in ladder.rungs.fixed)
    searches = "; ".join(f"{' → '.join(f'`{p}`' for p in players)}"
                         for _, players in ladder.rungs.chains)
    chains = f"the fixed players {fixed}" + (
        f", and the search {'families' if len(ladder.rungs.chains) > 1 else 'player'} at "
        f"doubling budgets: {searches}" if searches else "")
    doubling = " ".join(doubling_sentence(ladder, name) for name, _ in ladder.rungs.chains)
    after = _strongest_sentence(ladder) + (f" {doubling}" if doubling else "")
    rules_phrase = "the standard rules" if not ladder.rules.changed() or list(
        ladder.rules.changed()) == ["players"] else "the rules below"
    intro = (
        f"# {ladder.game.title}: skill versus luck\n\n"
        f"How much does playing better pay in {ladder.game.title}? This report climbs the "
        f"game's skill ladder — {chains} — and pits every player against the one below it "
        f"and against `{ladder.rungs.baseline}`, from every seat, with {rules_phrase} for "
        f"{n} players. Matches of fixed players play {ladder.sims:,} games per seat, matches "
        f"with a search player {ladder.search_sims:,} (search is slow)"
        + (f", and the search chains' tops against the weakest player, the strongest fixed "
           f"player and each other {ladder.top_sims:,} (the verdicts on the strongest player "
           f"and the luck share rest on them)" if ladder.top_sims
           and ladder.top_sims != ladder.search_sims else "") + ". Every seating plays "
        f"the same dice (seed {ladder.seed}): a *duplicate* match, which cancels much of the "
        "luck of the seats. A draw counts as the player's share of it, and an unfinished "
        "game for neither player. Every rate has its 95% confidence interval.\n\n"
        + (f"**In short:** no luck share: {luck['no_luck_share']}.{after}"
           if luck["luck_share"] is None else
           f"**In short:** the luck share of {ladder.game.title} is "
           f"**{pct(luck['luck_share'])}** (95% CI "
           f"{pct_range(luck['luck_share_low'], luck['luck_share_high'])}): the strongest "
           f"player measured, `{luck['best_player']}`, wins {pct(luck['best_win_rate'])} of "
           f"its games against `{luck['baseline']}`, which is what a game of pure skill would "
           f"give if {pct(luck['luck_share'])} of its results were decided by a coin flip "
           f"instead.{after}"))
    head = ["player", "against", "games per seat", *seat_heads, "all seats (95% CI)",
            "test vs fair", "Elo"]
    align = "llr" + "r" * n + "rrr"
    parts = [intro, "## The ladder\n\nEach player against the one below it on its chain. "
             "*All seats* is the player's share of wins over every seating; the test asks "
             f"whether it differs from the fair share {pct(1 / n)}."]
    parts.append("### Fixed players\n\n" + md_table(head, _step_rows(ladder, "policies"), align))
    top = _step_rows(ladder, "policies", "top")
    if top:
        parts.append(f"### `{ladder.rungs.fixed[-1]}` against the other fixed players\n\n"
                     "The strongest fixed player also meets every fixed player it does not "
                     "meet as a step or as the baseline.\n\n" + md_table(head, top, align))
    for name, chain_players in ladder.rungs.chains:
        family = _family(ladder, name)
        parts.append(f"### `{name}-N` at doubling budgets\n\nThe search player `{name}-N`: "
                     f"{family.doc}; the chain starts from `{chain_players[0]}` itself. "
                     f"{doubling_sentence(ladder, name)}\n\n"
                     + md_table(head, _step_rows(ladder, name), align))
    tops = [m for m in ladder.matches if m.kind in ("best", "head", "luck")]
    if tops:
        rows = [_row(m) for m in tops]
        parts.append("### The strongest players\n\nThe top of every search chain against the "
                     f"best fixed player `{ladder.rungs.fixed[-1]}` and against each other"
                     + (f", and against the luck baseline `{ladder.rungs.luck_baseline}`"
                        if any(m.kind == "luck" for m in tops) else "")
                     + f".{_strongest_sentence(ladder)}\n\n" + md_table(head, rows, align))
        edges = seat_edges_section(ladder)
        if edges:
            parts.append(edges)
    if ladder.versus is not None:
        parts.append(versus_section(ladder))
    players = ladder.players_table
    rows = [[f"`{r.player}`", r.chain,
             "fair share" if r.player == ladder.rungs.baseline else
             (f"{pct(r.win_rate_vs_baseline)} ({pct_range(r.low, r.high)})"
              if r.win_rate_vs_baseline == r.win_rate_vs_baseline else "n/a"),
             _elo(r.elo_direct), _elo(r.elo_steps)] for r in players.itertuples()]
    parts.append(
        f"## Against `{ladder.rungs.baseline}`\n\nEvery player's share of wins over all seats "
        f"against `{ladder.rungs.baseline}`, and (two players) its Elo rating with "
        f"`{ladder.rungs.baseline}` at 0: directly from that match, and summed along the steps "
        "of its chain. Where the two disagree, strength is not transitive (a player can beat "
        "the one below it by more than it beats the weakest).\n\n"
        + md_table(["player", "chain", f"wins vs {ladder.rungs.baseline} (95% CI)",
                  "Elo (direct)", "Elo (steps)"], rows, "llrrr")
        + "\n\n![The skill ladder](ladder.png)")
    parts.append(
        f"## Skill versus luck: the figure\n\nNo luck share: {luck['no_luck_share']}."
        if luck["luck_share"] is None else
        "## Skill versus luck: the figure\n\n"
        "In a game of pure skill the stronger player always wins. If a share *L* of the "
        "results were instead drawn by a fair lottery among the seats, the strongest player "
        f"would win *w = (1 − L) + L/{n}* of its games against the weakest, so "
        f"*L = (1 − w) / (1 − 1/{n})*: the share of results that would have to be replaced "
        "by coin flips to make a pure-skill game look like this one (0: pure skill, 1: pure "
        f"luck). {_luck_base_sentence(ladder)}Here *w* = {pct(luck['best_win_rate'])} "
        f"({pct_range(luck['best_win_rate_low'], luck['best_win_rate_high'])}), the win rate "
        f"over all seats of the strongest player measured, `{luck['best_player']}`, against "
        f"`{luck['baseline']}`, so *L* = "
        f"{pct(luck['luck_share'])} ({pct_range(luck['luck_share_low'], luck['luck_share_high'])}). "
        "It is an upper bound as far as strength is transitive: a stronger player than any on "
        "the ladder would lower it.")
    parts.append(rules_section(s))
    command = s.get("command")
    parts.append("## Reproduce\n\n" + (f"{md_block(command, 'sh')}\n\n" if command else "")
                 + f"- Seed: `{ladder.seed}`\n- Games per seat: {ladder.sims:,} (fixed players), "
                 f"{ladder.search_sims:,} (search)"
                 + (f", {ladder.top_sims:,} (the search chains' tops)" if ladder.top_sims
                    and ladder.top_sims != ladder.search_sims else "")
                 + f"\n- Run time: {ladder.elapsed_s:,.1f} s\n"
                 f"- Toolkit version: `{s['version']}`\n- Created: {s['created']}\n"
                 "- Data: `ladder.csv` (one row per match), `players.csv` (one row per player), "
                 "`summary.json`")
    return "\n\n".join(parts) + "\n"


def plot_ladder(ladder: Ladder, path: Path) -> None:
    """Left: each step's win rate over all seats; right: each player against the baseline."""
    from matplotlib.ticker import PercentFormatter

    figure = new_figure(11, 4.4)
    left, right = figure.subplots(1, 2)
    fair = 1 / ladder.players
    names = ["policies", *(name for name, _ in ladder.rungs.chains)]
    palette = dict(zip(names, ["tab:blue", "tab:green", "tab:orange", "tab:purple", "tab:red"]))
    palette |= {m.chain: "tab:gray" for m in ladder.matches if m.chain not in palette}

    def bars(ax: Any, matches: list[Match], label: Any, title: str) -> None:
        x = np.arange(len(matches))
        rates = np.array([m.mean for m in matches])
        errors = np.abs(np.array([[m.mean - m.low for m in matches],
                                  [m.high - m.mean for m in matches]]))
        colors = [palette[m.chain] for m in matches]
        ax.bar(x, rates, color=colors, width=0.65)
        ax.errorbar(x, rates, yerr=errors, fmt="none", ecolor="black", capsize=4, linewidth=1)
        for i, m in enumerate(matches):
            for seat, wins in enumerate(m.wins_by_seat):
                ax.plot(i - 0.18 + 0.36 * seat / max(1, len(m.wins_by_seat) - 1), wins / m.games,
                        marker="v^<>os*d"[seat % 8], color="black", markersize=4, linestyle="none",
                        label=f"from seat {seat}" if i == 0 else None)
        ax.axhline(fair, color="dimgray", linestyle="--", linewidth=1, label=f"fair share {pct(fair)}")
        ax.set_xticks(x, [label(m) for m in matches], rotation=30, ha="right", fontsize=8)
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
        ax.set_title(title, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)

    steps = [m for m in ladder.matches if m.kind == "step"]
    base = ladder.rungs.baseline
    against = [m for m in ladder.matches if m.opponent == base]
    bars(left, steps, lambda m: f"{m.player}\nvs {m.opponent}", "each player against the one below")
    bars(right, against, lambda m: m.player, f"each player against {base}")
    left.set_ylabel("share of games won (all seats, 95% CI)")
    left.legend(fontsize=8, loc="lower right")
    colours = ", ".join(f"{palette[n].removeprefix('tab:')}: "
                        f"{'fixed players' if n == 'policies' else n + '-N'}" for n in names)
    figure.suptitle(f"{ladder.game.title}: the skill ladder ({colours})", fontsize=11)
    figure.savefig(path, format="png")


@results.write_report.register
def write_report(ladder: Ladder, out: str | Path | None = None) -> Path:
    """Write the report folder (default ``reports/<game>/skill``) whole or not at all;
    returns its path."""
    out = folder_path(out) or ladder.default_out()
    with report_folder(out) as report:
        report.markdown(render_markdown(ladder))
        report.summary(ladder.summary)
        report.table("ladder.csv", ladder.table)
        report.table("players.csv", ladder.players_table)
        report.figure("ladder.png", plot_ladder, ladder, inputs=(
            ladder.matches, ladder.players, ladder.rungs.baseline, ladder.rungs.chains,
            ladder.game.title))
    return out
