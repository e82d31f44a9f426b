"""What each game's outcome is worth to each seat: its *points*.

A finished game gives the winner 1 point and the others 0; a draw is shared — between all
seats in a win/draw/loss game, between the seats tied for the best score in a score game
(:mod:`numbergames.solver.registry` says how engines report outcomes). A game cut off unfinished is
neither a win nor a draw: its row is NaN and every rate leaves it out. The statistics, the
what-if comparisons and the skill ladder all count wins this way, so a draw is half a win
between two players everywhere.
"""
from __future__ import annotations

import numpy as np

from numbergames.solver.registry import DRAW, SCORES, UNFINISHED, Traits


def finished(winner: np.ndarray) -> np.ndarray:
    """Which games ended (won, drawn or lost by all), as booleans."""
    return np.asarray(winner) != UNFINISHED


def scores(games, name: str, players: int) -> np.ndarray:
    """The per-seat column ``name`` of a table of games as an (n, players) float array."""
    return np.stack([games[f"{name}_{s}"].to_numpy(dtype=float) for s in range(players)], axis=1)


def points(games, players: int, traits: Traits) -> np.ndarray:
    """Each seat's points in each game, shape (n, players); NaN rows for unfinished games.

    >>> import pandas as pd
    >>> from numbergames.solver.registry import WIN_DRAW_LOSS
    >>> games = pd.DataFrame({"winner": [0, 1, -2, -1]})
    >>> points(games, 2, Traits(False, (2, 2), WIN_DRAW_LOSS)).tolist()
    [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [nan, nan]]
    """
    winner = games["winner"].to_numpy().astype(np.int64)
    n = len(winner)
    result = np.zeros((n, players))
    won = winner >= 0
    result[np.flatnonzero(won), winner[won]] = 1.0
    drawn = winner == DRAW
    if drawn.any():
        if traits.outcome == SCORES:
            values = scores(games, traits.score, players)[drawn]
            top = values == values.max(axis=1, keepdims=True)
            result[drawn] = top / top.sum(axis=1, keepdims=True)
        else:
            result[drawn] = 1.0 / players
    result[~finished(winner)] = np.nan
    return result
