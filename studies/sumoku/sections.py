"""What a Sumoku report adds to the standard one (which already gives wins, points, the
first-player advantage, mean scores, the mean margin and the length in turns): how the
scores and the winning margins are spread, each key's game (the die rolls 3, 4 or 5, and
the key changes the game), and how games end — tiles left, hand penalties, passes and
six-colour bonus turns (RULES.md rules 19 to 22, 26).

:func:`summary_fields` computes the figures (they go into ``summary.json``);
:func:`report_sections` writes them as Markdown.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from analysis.formatting import md_table, num, pct
from analysis.stats import mean_interval
from solver.registry import UNFINISHED

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


def _spread(values: np.ndarray) -> dict[str, float | None]:
    if not len(values):
        return {"mean": None, "p10": None, "median": None, "p90": None}
    return {"mean": round(float(values.mean()), 3),
            "p10": float(np.percentile(values, 10)), "median": float(np.median(values)),
            "p90": float(np.percentile(values, 90))}


def _shares(scores: np.ndarray) -> np.ndarray:
    """(games, seats): 1 to the top score, shared by a tie (rule 23)."""
    top = scores == scores.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def _share(mask: np.ndarray) -> float | None:
    return round(float(mask.mean()), 6) if len(mask) else None


def summary_fields(summary: Mapping[str, Any], games: Any) -> dict[str, Any]:
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
    done = _finished(games)
    scores = _seat_array(done, "score", players)
    shares = _shares(scores) if len(done) else np.zeros((0, players))
    margin = np.asarray(done["margin"], dtype=np.int64)
    key = np.asarray(done["key"], dtype=np.int64)
    by_key = {}
    for k in sorted(set(key.tolist())):
        mine = key == k
        lo, hi = mean_interval(shares[mine, 0], span=(0.0, 1.0))
        by_key[str(k)] = {
            "games": int(mine.sum()), "share": _share(mine),
            "winning_score": round(float(scores[mine].max(axis=1).mean()), 3),
            "score_mean": round(float(scores[mine].mean()), 3),
            "margin_mean": round(float(margin[mine].mean()), 3),
            "turns_mean": round(float(np.asarray(done["turns"])[mine].mean()), 3),
            "bonus_per_game": round(float(np.asarray(done["bonus_turns"])[mine].mean()), 4),
            "seat0_points": round(float(shares[mine, 0].mean()), 6),
            "seat0_points_ci": [None if np.isnan(lo) else round(lo, 6),
                                None if np.isnan(hi) else round(hi, 6)]}
    bag = np.asarray(done["bag_left"], dtype=np.int64)
    left = np.asarray(done["tiles_left"], dtype=np.int64)
    passes = np.asarray(done["passes"], dtype=np.int64)
    bonus = np.asarray(done["bonus_turns"], dtype=np.int64)
    penalty = _seat_array(done, "penalty", players)
    return {
        "score_spread_by_seat": [_spread(scores[:, s]) for s in range(players)],
        "winning_score": _spread(scores.max(axis=1) if len(done) else np.zeros(0)),
        "margin_spread": _spread(margin),
        "margin_close": {str(c): _share(margin < c) for c in CLOSE},
        "by_key": by_key,
        "ending": {
            "bag_left": _spread(bag), "bag_left_games": _share(bag > 0),
            "hands_left": _spread(left - bag), "hands_left_games": _share(left > bag),
            "penalty_games": _share((penalty > 0).any(axis=1)),
            "passes": _spread(passes), "passes_games": _share(passes > 0),
            "bonus_turns": _spread(bonus), "bonus_games": _share(bonus > 0),
            "tiles_by_seat": [round(float(v), 3) for v in
                              _seat_array(done, "tiles", players).mean(axis=0)],
            "penalty_by_seat": [round(float(v), 3) for v in penalty.mean(axis=0)],
            "bonus_by_seat": [round(float(v), 4) for v in
                              _seat_array(done, "bonus_turns", players).mean(axis=0)],
        },
    }


def _fixed(value: float | None, digits: int = 1) -> str:
    """A figure with ``digits`` decimals, ``n/a`` when it is missing (None or NaN: no game
    finished), as the shared helpers write a missing figure."""
    number = num(value)
    return "n/a" if number is None else f"{number:.{digits}f}"


def report_sections(summary: Mapping[str, Any], games: Any) -> list[str]:
    """Three sections: scores and margins, the game by key, and how games end."""
    figures = summary_fields(summary, games)
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
