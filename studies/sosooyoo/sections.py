"""What a So-Soo-Yoo report adds to the standard one: how the games were won, how long
they took in rounds, how often the game's events happened and decided a game, and the
teacher's figures — the numbers each child said (RULES.md rule 36).

:func:`tally_fields` counts a chunk of games into mergeable parts; :func:`summary_fields`
computes the figures from them (they go into ``summary.json``); :func:`report_sections`
writes them as Markdown.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.analysis.reports.formatting import count_text, md_table, pct
from numbergames.analysis.statistics.tally import count, hist_mean, hist_percentiles, histogram, total

KINDS = {1: "popsicle", 2: "rainbow"}
"""``win_kind`` codes of a won game."""
DECIDED_BY = ("plain", "bump", "swap", "double_zero")
"""``decided_by`` codes 0..3."""
DECIDED_WORDS = {"plain": "plain (collecting, a discard or nothing)", "bump": "a bump",
                 "swap": "a swap", "double_zero": "a double zero"}
EVENTS = {"double_zeros": "double zeros rolled", "bumps": "pieces bumped", "swaps": "swaps"}
"""Game-level event counters, in words."""
TEACHER = {"landings": "numbers said (landings)", "spaces": "different spaces",
           "facts": "different multiplication facts"}
"""Per-seat counters a teacher asks about, in words."""
SEAT_COUNTERS = {"rings": "rings held at the end", **TEACHER,
                 "bumps": "pieces bumped", "swaps": "swaps made"}
"""Every per-seat counter, in words."""


def _mean(part: int, games: int) -> float:
    return round(part / games, 4) if games else float("nan")


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


def tally_fields(games: Any, players: int) -> dict[str, Any]:
    """A chunk's parts: the won games by kind and by what decided them, the rounds'
    histogram, each event's sum and games with one, each per-seat counter's sums."""
    winner = np.asarray(games["winner"])
    won = winner >= 0
    kind = np.asarray(games["win_kind"])[won]
    decided = np.asarray(games["decided_by"])[won]
    return {
        "games": len(games), "won": count(won),
        "kinds": {name: count(kind == code) for code, name in KINDS.items()},
        "decided": {name: count(decided == code) for code, name in enumerate(DECIDED_BY)},
        "rounds": histogram(np.asarray(games["rounds"], dtype=np.int64)),
        "events": {name: {"sum": total(games[name]), "with": count(np.asarray(games[name]) > 0)}
                   for name in EVENTS},
        "seats": {name: [total(games[f"{name}_{s}"]) for s in range(players)]
                  for name in SEAT_COUNTERS},
    }


def summary_fields(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own figures for ``summary.json``.

    ``wins_by_kind`` (games won by a popsicle and by a rainbow) and their shares of the won
    games; ``rounds_mean``/``rounds_median``; ``events``: per event the mean per game and
    the share of games with at least one; ``decided_by``: of the won games, how many the
    winner's last turn won with a plain turn, a bump, a swap or a double zero, with shares;
    ``teacher``: per seat the mean numbers said (landings), different spaces and
    multiplication facts per game, and the same over all children.
    """
    players = int(summary["players"])
    n, n_won = parts["games"], parts["won"]
    wins_by_kind, decided_counts = dict(parts["kinds"]), dict(parts["decided"])
    rounds = parts["rounds"]
    events = {name: {"per_game": _mean(parts["events"][name]["sum"], n),
                     "games_with": _share(parts["events"][name]["with"], n)}
              for name in EVENTS}
    teacher = {name: {"by_seat": [_mean(parts["seats"][name][s], n) for s in range(players)],
                      "per_child": _mean(sum(parts["seats"][name]), n * players)}
               for name in TEACHER}
    return {
        "wins_by_kind": wins_by_kind,
        "wins_by_kind_share": {k: _share(v, n_won) for k, v in wins_by_kind.items()},
        "rounds_mean": round(hist_mean(rounds), 4) if n else float("nan"),
        "rounds_median": float(hist_percentiles(rounds, [50])[0]) if n else None,
        "events": events,
        "decided_by": decided_counts,
        "decided_by_share": {k: _share(v, n_won) for k, v in decided_counts.items()},
        "teacher": teacher,
    }


def report_sections(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> list[str]:
    """Three sections: how the games were won, events and length, and what each child
    said and did."""
    figures = summary_fields(summary, parts)
    players = int(summary["players"])
    policies = summary["policies"]
    kinds, kind_share = figures["wins_by_kind"], figures["wins_by_kind_share"]
    n_won = sum(kinds.values())
    won = ["## How the games were won", "",
           f"Of {count_text(n_won)} games won, {pct(kind_share['popsicle'])} by a popsicle "
           f"(six rings of one colour) and {pct(kind_share['rainbow'])} by a rainbow (one of "
           "each colour). What the winner's last turn used (RULES.md rule 36; a swap counts "
           "before a bump, a bump before a double zero):", "",
           md_table(["winner's last turn", "games", "share of wins"],
                    [[DECIDED_WORDS[name], count_text(figures["decided_by"][name]),
                      pct(figures["decided_by_share"][name])] for name in DECIDED_BY], "lrr")]
    events = ["## Length and events", "",
              f"A game lasts {figures['rounds_mean']:.1f} rounds on average (median "
              f"{figures['rounds_median']:g}; a round is one turn of every player).", "",
              md_table(["event", "per game", "games with one or more"],
                       [[words, f"{figures['events'][name]['per_game']:.2f}",
                         pct(figures["events"][name]["games_with"])]
                        for name, words in EVENTS.items()], "lrr")]
    teacher = figures["teacher"]
    seats = ["## What each child said and did", "",
             "Means per game. A child says the numbers of every space they land on; "
             "*spaces* counts the different ones, *facts* those that are a product of two "
             "or more primes (\"2 × 2 × 3 × 5 is 60\"). Over all children: "
             + ", ".join(f"{teacher[n]['per_child']:.1f} {w}" for n, w in TEACHER.items())
             + " per game.", "",
             md_table(["seat", "policy", *SEAT_COUNTERS],
                      [[str(s), policies[s],
                        *(f"{parts['seats'][name][s] / parts['games']:.2f}"
                          for name in SEAT_COUNTERS)]
                       for s in range(players)], "ll" + "r" * len(SEAT_COUNTERS))]
    return ["\n".join(won), "\n".join(events), "\n".join(seats)]
