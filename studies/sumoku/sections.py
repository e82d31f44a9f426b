"""What a Sumoku report adds to the standard one (which already gives wins, points, the
first-player advantage, mean scores, the mean margin and the length in turns): how the
scores and the winning margins are spread, each key's game (the die rolls 3, 4 or 5, and
the key changes the game), and how games end — tiles left, hand penalties, passes and
six-colour bonus turns (RULES.md rules 19 to 22, 26).

:func:`tally_fields` counts a chunk of games into mergeable parts; :func:`summary_fields`
computes the figures from them (they go into ``summary.json``); :func:`report_sections`
writes them as Markdown.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.analysis.reports.formatting import md_table, num, pct
from numbergames.analysis.statistics.stats import interval
from numbergames.analysis.statistics.tally import (count, hist_mean, hist_percentiles, histogram, moments,
                            point_scale, total)
from numbergames.solver.registry import UNFINISHED

CLOSE = (10, 25)
"""Margins (points) below which a game counts as close, for the margin table."""
ENDINGS = (("tiles left in the bag", "bag_left", "bag_left"),
           ("tiles left in the hands", "hands_left", "hands_left"),
           ("passes (turns with no play)", "passes", "passes"),
           ("bonus turns (six-colour lines)", "bonus_turns", "bonus"))
"""The rows of the table of how games end: label, spread in ``ending``, share's prefix."""


def _finished(games: Any) -> Any:
    return games[np.asarray(games["winner"]) != UNFINISHED]


def _seat_array(games: Any, name: str, players: int) -> np.ndarray:
    """(games, seats) of a per-seat column, as signed integers."""
    return np.column_stack([np.asarray(games[f"{name}_{s}"], dtype=np.int64)
                            for s in range(players)])


def _spread(hist: Counter) -> dict[str, float | None]:
    if not hist:
        return {"mean": None, "p10": None, "median": None, "p90": None}
    p10, median, p90 = hist_percentiles(hist, [10, 50, 90])
    return {"mean": round(hist_mean(hist), 3), "p10": float(p10), "median": float(median),
            "p90": float(p90)}


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


def tally_fields(games: Any, players: int) -> dict[str, Any]:
    """A chunk's parts, over its finished games: histograms of each seat's score, the
    winning score, the margin and the endings' counters; the close games; per key the
    games and the sums its row needs (seat 0's points share in units of
    1/:func:`~numbergames.analysis.statistics.tally.point_scale`, with its squares); per seat the tiles, penalty
    and bonus turns summed."""
    done = _finished(games)
    scores = _seat_array(done, "score", players)
    scale = point_scale(players)
    if len(done):
        top = scores == scores.max(axis=1, keepdims=True)
        seat0 = top[:, 0] * (scale // top.sum(axis=1))   # a tie shared (rule 23)
        best = scores.max(axis=1)
    else:
        seat0 = best = np.zeros(0, dtype=np.int64)
    margin = np.asarray(done["margin"], dtype=np.int64)
    key = np.asarray(done["key"], dtype=np.int64)
    turns = np.asarray(done["turns"], dtype=np.int64)
    bag = np.asarray(done["bag_left"], dtype=np.int64)
    left = np.asarray(done["tiles_left"], dtype=np.int64)
    passes = np.asarray(done["passes"], dtype=np.int64)
    bonus = np.asarray(done["bonus_turns"], dtype=np.int64)
    penalty = _seat_array(done, "penalty", players)
    by_key = {}
    for k in sorted(set(key.tolist())):
        mine = key == k
        by_key[str(k)] = {"games": count(mine), "best": total(best[mine]),
                          "scores": total(scores[mine]), "margin": total(margin[mine]),
                          "turns": total(turns[mine]), "bonus": total(bonus[mine]),
                          "seat0": total(seat0[mine]), "seat0_sq": total(seat0[mine] ** 2)}
    return {
        "finished": len(done),
        "scores": [histogram(scores[:, s]) for s in range(players)],
        "best": histogram(best), "margin": histogram(margin),
        "close": {str(c): count(margin < c) for c in CLOSE},
        "by_key": by_key,
        "bag_left": histogram(bag), "bag_left_games": count(bag > 0),
        "hands_left": histogram(left - bag), "hands_left_games": count(left > bag),
        "penalty_games": count((penalty > 0).any(axis=1)),
        "passes": histogram(passes), "passes_games": count(passes > 0),
        "bonus_turns": histogram(bonus), "bonus_games": count(bonus > 0),
        "seats": {"tiles": [total(v) for v in _seat_array(done, "tiles", players).T],
                  "penalty": [total(v) for v in penalty.T],
                  "bonus_turns": [total(v) for v in _seat_array(done, "bonus_turns", players).T]},
    }


def summary_fields(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own figures for ``summary.json``, over the finished games.

    ``score_spread_by_seat`` and ``winning_score`` (mean, p10, median, p90);
    ``margin_spread`` with ``margin_close`` (share of games won by less than each of
    :data:`CLOSE` points, a tie counting 0); ``by_key``: per key number played, the games,
    mean winning score and margin, turns, bonus turns, and seat 0's points share with its
    95% interval; ``ending``: tiles left in the bag and in the hands, hand penalties,
    passes and bonus turns per game, the share of games with one or more, and per seat
    the tiles placed, penalty and bonus turns.
    """
    players = int(summary["players"])
    n = parts["finished"]
    scale = point_scale(players)
    by_key = {}
    for k, row in sorted(parts["by_key"].items(), key=lambda item: int(item[0])):
        games = row["games"]
        mean, sd = moments(row["seat0"], row["seat0_sq"], games, scale)
        lo, hi = interval(mean, sd, games, span=(0.0, 1.0))
        by_key[k] = {
            "games": games, "share": _share(games, n),
            "winning_score": round(row["best"] / games, 3),
            "score_mean": round(row["scores"] / (games * players), 3),
            "margin_mean": round(row["margin"] / games, 3),
            "turns_mean": round(row["turns"] / games, 3),
            "bonus_per_game": round(row["bonus"] / games, 4),
            "seat0_points": round(mean, 6),
            "seat0_points_ci": [None if np.isnan(lo) else round(lo, 6),
                                None if np.isnan(hi) else round(hi, 6)]}
    seats = parts["seats"]
    return {
        "score_spread_by_seat": [_spread(hist) for hist in parts["scores"]],
        "winning_score": _spread(parts["best"]),
        "margin_spread": _spread(parts["margin"]),
        "margin_close": {c: _share(v, n) for c, v in parts["close"].items()},
        "by_key": by_key,
        "ending": {
            "bag_left": _spread(parts["bag_left"]),
            "bag_left_games": _share(parts["bag_left_games"], n),
            "hands_left": _spread(parts["hands_left"]),
            "hands_left_games": _share(parts["hands_left_games"], n),
            "penalty_games": _share(parts["penalty_games"], n),
            "passes": _spread(parts["passes"]), "passes_games": _share(parts["passes_games"], n),
            "bonus_turns": _spread(parts["bonus_turns"]),
            "bonus_games": _share(parts["bonus_games"], n),
            "tiles_by_seat": [round(v / n, 3) if n else math.nan for v in seats["tiles"]],
            "penalty_by_seat": [round(v / n, 3) if n else math.nan for v in seats["penalty"]],
            "bonus_by_seat": [round(v / n, 4) if n else math.nan for v in seats["bonus_turns"]],
        },
    }


def _fixed(value: float | None, digits: int = 1) -> str:
    """A figure with ``digits`` decimals, ``n/a`` when it is missing (None or NaN: no game
    finished), as the shared helpers write a missing figure."""
    number = num(value)
    return "n/a" if number is None else f"{number:.{digits}f}"


def report_sections(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> list[str]:
    """Three sections: scores and margins, the game by key, and how games end."""
    figures = summary_fields(summary, parts)
    players = int(summary["players"])
    policies = summary["policies"]
    win, margin = figures["winning_score"], figures["margin_spread"]
    scores = ["## Scores and winning margins", "",
              "Final scores (the hand penalty deducted), over the finished games: the middle "
              "80% of each seat's scores lies between p10 and p90.", "",
              md_table(["seat", "policy", "mean", "p10", "median", "p90"],
                       [[str(s), policies[s], _fixed(spread["mean"]), _fixed(spread["p10"], 0),
                         _fixed(spread["median"], 0), _fixed(spread["p90"], 0)]
                        for s, spread in enumerate(figures["score_spread_by_seat"])],
                       "rlrrrr")]
    close = figures["margin_close"]
    scores += ["", f"The winner scores {_fixed(win['median'], 0)} points in the median game "
               f"(p10 {_fixed(win['p10'], 0)}, p90 {_fixed(win['p90'], 0)}). The winning "
               f"margin, the top score minus the next, has median {_fixed(margin['median'], 0)} (p10 "
               f"{_fixed(margin['p10'], 0)}, p90 {_fixed(margin['p90'], 0)}); "
               + ", ".join(f"{pct(close[str(c)])} of games are won by fewer than {c} points"
                           for c in CLOSE) + " (a tie counts 0)."]
    keys = ["## The game by key", "",
            "The key changes the game: how many lines add up, how high the scores run. "
            "Seat 0's points share counts a win as 1 and a tie as a share (fair share "
            f"{1 / players:.3f}).", ""]
    key_rows = []
    for k, row in figures["by_key"].items():
        lo, hi = row["seat0_points_ci"]
        ci = "n/a" if lo is None else f"{lo:.3f}–{hi:.3f}"
        key_rows.append([k, f"{row['games']:,}", pct(row["share"]),
                         f"{row['winning_score']:.1f}", f"{row['score_mean']:.1f}",
                         f"{row['margin_mean']:.1f}", f"{row['turns_mean']:.1f}",
                         f"{row['bonus_per_game']:.2f}", f"{row['seat0_points']:.3f}", ci])
    keys.append(md_table(["key", "games", "share", "winning score", "mean score", "margin",
                          "turns", "bonus turns a game", "seat 0's points", "95% CI"],
                         key_rows, "rrrrrrrrrl"))
    end = figures["ending"]
    ending = ["## How games end", "",
              "A game ends when a full round places no tile (RULES.md rule 21). Means per "
              "game, and the share of games where it happens at all:", "",
              md_table(["at the end", "mean", "p90", "games with one or more"],
                       [[label, _fixed(end[name]["mean"], 2), _fixed(end[name]["p90"], 0),
                         pct(end[f"{games}_games"])] for label, name, games in ENDINGS],
                       "lrrr"),
              "", f"{pct(end['penalty_games'])} of games end with a hand penalty for someone. "
              "Per seat, means per game:", "",
              md_table(["seat", "policy", "tiles placed", "hand penalty", "bonus turns"],
                       [[str(s), policies[s], _fixed(end["tiles_by_seat"][s]),
                         _fixed(end["penalty_by_seat"][s], 2),
                         _fixed(end["bonus_by_seat"][s], 3)]
                        for s in range(players)], "rlrrr")]
    return ["\n".join(scores), "\n".join(keys), "\n".join(ending)]
