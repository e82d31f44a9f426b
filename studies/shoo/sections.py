"""What a Shoo report adds to the standard one: how the games ended (a win by either side, a
draw at the move limit ``max_plies``, a draw by repetition), how often shooing, shooing off,
captures and hushes happen, per game and per side, and where the travellers stood at the
end.

The standard report already gives win/draw/loss per seat with intervals and the game
length; these sections add only the game's own counters (the columns of
:mod:`numbergames.solver.shoo`: ``ended_by``, ``hushes``, ``shoos_s``, ``shoo_offs_s``, ``captures_s``,
``home_s``). :func:`tally_fields` counts a chunk of games into mergeable parts;
:func:`summary_fields` computes the figures from them (they go into ``summary.json``);
:func:`report_sections` writes them as Markdown.

The kernel counts what happened, not what could have: how often a shoo was possible but not
named is not recorded, so no section says it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.analysis.reports.formatting import md_table, pct, pct_range
from numbergames.analysis.statistics.tally import count, total

COLOURS = ("Blue", "White")
"""Seat 0 is Blue (the toss winner), seat 1 White."""
ENDINGS = {0: "won", 1: "drawn at the move limit", 2: "drawn by repetition"}
"""``ended_by`` codes, in words."""
SEAT_EVENTS = {"shoos": "shoos named", "shoo_offs": "own travellers shooed off",
               "captures": "horses captured"}
"""Per-seat event counters, in words."""
HUSHING = ("lose_move", "shoo_off")
"""The values of the rules parameter ``hush`` under which a move can be hushed."""
OPENING_REPORT = "../../shoo-opening/report.md"
"""The opening analysis's report, relative to a standard report in ``reports/shoo/<run>/``."""


def _rate(count: int, total: int) -> dict[str, Any]:
    """A count, its share of ``total`` and the share's 95% Wilson interval, by scipy's
    ``binomtest`` as the committed reports were made (the shared
    :func:`numbergames.analysis.statistics.stats.wilson_interval` is the same formula, its quantile one unit in
    the last place away: using it would move five summary.json values by 1e-17)."""
    if not total:
        return {"count": count, "share": None, "lo": None, "hi": None}
    from scipy.stats import binomtest  # imported when a report is written, not at start-up

    interval = binomtest(count, total).proportion_ci(0.95, method="wilson")
    return {"count": count, "share": count / total, "lo": float(interval.low),
            "hi": float(interval.high)}


def _mean(part: int, games: int) -> float | None:
    return part / games if games else None


ENDING_KEYS = {0: "won", 1: "move_limit", 2: "repetition"}
"""``ended_by`` codes, as ``summary.json`` names them."""


def tally_fields(games: Any, players: int) -> dict[str, Any]:
    """A chunk's parts: games and turns per way of ending and per winning seat, the hushes'
    and every per-seat counter's sums and games with one or more (per seat and for both
    seats together), the travellers home, summed."""
    ended_by = np.asarray(games["ended_by"])
    winner = np.asarray(games["winner"])
    turns = np.asarray(games["turns"], dtype=np.int64)
    hushes = np.asarray(games["hushes"])
    events = {"hushes": {"sum": total(hushes), "with": count(hushes > 0)}}
    for name in SEAT_EVENTS:
        seats = np.stack([np.asarray(games[f"{name}_{s}"], dtype=np.int64)
                          for s in range(players)], axis=1)
        both = seats.sum(axis=1)
        events[name] = {"sum": total(both), "with": count(both > 0),
                        "by_seat": [total(seats[:, s]) for s in range(players)],
                        "with_by_seat": [count(seats[:, s] > 0) for s in range(players)]}
    return {
        "games": len(games),
        "ended": {name: count(ended_by == code) for code, name in ENDING_KEYS.items()},
        "ended_turns": {name: total(turns[ended_by == code]) for code, name in ENDING_KEYS.items()},
        "won_by": [count(winner == s) for s in range(players)],
        "won_turns": [total(turns[winner == s]) for s in range(players)],
        "events": events,
        "home": [total(games[f"home_{s}"]) for s in range(players)],
    }


def summary_fields(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own figures for ``summary.json``.

    ``ended``: per way of ending (``won``, ``move_limit``, ``repetition``) the games, their
    share and its 95% interval, ``won_by`` the wins of each seat; ``turns_by_ending``: the
    mean length of the games that ended each way; ``events``: per counter (``hushes`` for
    the game, ``shoos``/``shoo_offs``/``captures`` for both seats together) the mean per
    game and the share of games with one or more (with interval), and per seat
    ``by_seat`` means and ``games_with_by_seat`` shares; ``home_by_seat``: travellers in
    their home area at the end, mean per seat.
    """
    players = int(summary["players"])
    n = parts["games"]
    ended = {name: _rate(parts["ended"][name], n) for name in ENDING_KEYS.values()}
    turns_by_ending = {name: _mean(parts["ended_turns"][name], parts["ended"][name])
                       for name in ENDING_KEYS.values()}
    hushes = parts["events"]["hushes"]
    events: dict[str, Any] = {"hushes": {"per_game": _mean(hushes["sum"], n),
                                         "games_with": _rate(hushes["with"], n)}}
    for name in SEAT_EVENTS:
        e = parts["events"][name]
        events[name] = {
            "per_game": _mean(e["sum"], n),
            "games_with": _rate(e["with"], n),
            "by_seat": [_mean(e["by_seat"][s], n) for s in range(players)],
            "games_with_by_seat": [_rate(e["with_by_seat"][s], n) for s in range(players)],
        }
    home = [_mean(parts["home"][s], n) for s in range(players)]
    return {"ended": ended, "won_by": list(parts["won_by"]), "turns_by_ending": turns_by_ending,
            "events": events, "home_by_seat": home}


def _with_ci(rate: Mapping[str, Any]) -> str:
    if rate["share"] is None:
        return "n/a"
    return f"{pct(rate['share'])} ({pct_range(rate['lo'], rate['hi'])})"


def _num(value: float | None, fmt: str = "{:.2f}") -> str:
    return "n/a" if value is None else fmt.format(value)


def report_sections(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> list[str]:
    """Two sections — how the games ended, and shooing, captures and hushes — and a pointer
    to the opening analysis."""
    figures = summary_fields(summary, parts)
    games = parts["games"]
    players = int(summary["players"])
    policies = summary["policies"]
    rules = summary.get("rules", {})
    names = [f"{COLOURS[s] if s < len(COLOURS) else f'seat {s}'} (seat {s}, `{policies[s]}`)"
             for s in range(players)]
    ended, turns = figures["ended"], figures["turns_by_ending"]
    rows = []
    for s in range(players):
        rows.append([f"won by {names[s]}", f"{figures['won_by'][s]:,}",
                     _with_ci(_rate(figures["won_by"][s], games)),
                     _num(_mean(parts["won_turns"][s], parts["won_by"][s]), "{:.1f}")])
    for key, words in (("move_limit", f"drawn at the move limit ({rules.get('max_plies', '?')} moves)"),
                       ("repetition", "drawn by repetition")):
        rows.append([words, f"{ended[key]['count']:,}", _with_ci(ended[key]),
                     _num(turns[key], "{:.1f}")])
    repetition = rules.get("repetition", 0)
    note = ("no draw by repetition under these rules (`repetition=0`)" if not repetition else
            f"a position seen for the {repetition}th time is a draw (`repetition={repetition}`)")
    ending = ["## How the games ended", "",
              f"Of {games:,} games, {_with_ci(ended['move_limit'])} reached the move limit "
              f"`max_plies` and were drawn there; {note}. Shares with 95% intervals; lengths "
              "in moves of both players together.", "",
              md_table(["ending", "games", "share (95% CI)", "mean length"], rows, "lrrr")]
    events = figures["events"]
    hush = events["hushes"]
    event_rows = [["hushes (a move begun by hushing the opponent's last one)",
                   _num(hush["per_game"]), _with_ci(hush["games_with"]),
                   *(["—"] * players)]]
    for name, words in SEAT_EVENTS.items():
        e = events[name]
        event_rows.append([words, _num(e["per_game"]), _with_ci(e["games_with"]),
                           *(f"{_num(e['by_seat'][s])} · {pct(e['games_with_by_seat'][s]['share'])}"
                             for s in range(players))])
    hush_rule = rules.get("hush", "illegal")
    seats_text = "; ".join(f"{names[s]} {_num(figures['home_by_seat'][s])}"
                           for s in range(players))
    counters = ["## Shooing, captures and hushes", "",
                "Per game: the mean count over all games and the share of games with one or "
                "more (95% interval); per side: the mean count per game · the share of games "
                "in which that side had one or more. *Shoos named* counts the shoos a side "
                "named, *own travellers shooed off* those of its travellers sent back to the "
                f"stable, *horses captured* the horses it took from under the opponent's "
                f"travellers. Hushes are counted for the game, not per side (`hush={hush_rule}`"
                + ("; under it nobody hushes, so there are none" if hush_rule not in HUSHING
                   else "") + ").", "",
                md_table(["event", "per game", "games with one or more",
                          *(f"{COLOURS[s] if s < len(COLOURS) else s}" for s in range(players))],
                         event_rows, "lrr" + "r" * players),
                "", f"Travellers in their own home area at the end, mean per game: {seats_text}.",
                "", "What moving first is worth for each player on the skill ladder, and the "
                "first move against the extra horse under the other reading of the odd "
                f"horse: [the opening analysis]({OPENING_REPORT})."]
    return ["\n".join(ending), "\n".join(counters)]
