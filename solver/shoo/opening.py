"""The opening question's pieces that need no games: the two choices, the players of the
study (the skill ladder from :data:`solver.shoo.policies.PLAYERS`, or names given), the
interval of a score, and which choice a difference favours.

A *score* is a seat's mean points: a win 1, a draw ½. Its 95% interval is the Wilson
interval of the score taken as a share of ``n`` games (:func:`score_interval`): exact
Wilson without draws, wider than needed with them (a game's points vary less when some are
½), and never of width 0 — where ``mean ± 1.96·sd/√n`` would say 100.0–100.0% after 20
games won of 20.

The games themselves are played and read by :mod:`solver.shoo.opening_report`.
"""
from __future__ import annotations

import numpy as np
from statistics import NormalDist

from solver.shoo.policies import PLAYERS

OPENINGS = ("first_move", "extra_horse")
"""The toss winner's two choices (values of the rules parameter ``opening``)."""
CHOICE_WORDS = {"first_move": "the first move", "extra_horse": "the extra horse"}
Z = NormalDist().inv_cdf(0.975)
"""The normal quantile of a 95% interval."""


def score_interval(points: np.ndarray) -> tuple[float, float]:
    """The 95% Wilson interval of the mean of ``points`` (each 0, ½ or 1) as a share of
    ``len(points)`` trials; NaN for no games.

    >>> [round(x, 4) for x in score_interval(np.ones(20))]
    [0.8389, 1.0]
    >>> [round(x, 4) for x in score_interval(np.full(20, 0.5))]
    [0.2993, 0.7007]
    """
    n = len(points)
    if n == 0:
        return float("nan"), float("nan")
    p = float(np.mean(points))
    denom = 2 * (n + Z ** 2)
    centre = (2 * n * p + Z ** 2) / denom
    half = Z / denom * float(np.sqrt(4 * n * p * (1 - p) + Z ** 2))
    return (0.0 if p == 0 else centre - half), (1.0 if p == 1 else centre + half)


def ladder(budgets: int = 1) -> tuple[str, ...]:
    """The skill ladder's players, weakest first: the fixed players and the first
    ``budgets`` search budgets of the ladder's search family (all of them when ``budgets``
    is negative).

    >>> ladder(0) == PLAYERS.ladder
    True
    """
    if not PLAYERS.search:
        return tuple(PLAYERS.ladder)
    family = PLAYERS.search[0]
    chosen = family.budgets if budgets < 0 else family.budgets[:budgets]
    return (*PLAYERS.ladder, *(f"{family.name}-{b}" for b in chosen))


def parse_players(text: str) -> tuple[str, ...]:
    """Players from ``"random,greedy,search-4"``; ValueError with one line for an unknown,
    repeated or missing name."""
    names = tuple(name.strip() for name in text.split(","))
    if not text.strip() or not all(names):
        raise ValueError(f"--players needs comma-separated player names, got {text!r}")
    for name in names:
        if not PLAYERS.knows(name):
            raise ValueError(f"unknown player {name!r}; allowed: {PLAYERS.help()}")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"--players names {', '.join(repeated)} more than once")
    return names


def verdict(lo: float, hi: float) -> str:
    """Which choice a difference *extra horse − first move* with the 95% interval ``lo`` to
    ``hi`` favours: ``"horse"``, ``"move"``, or ``"neither"`` when the interval holds 0.

    >>> verdict(0.01, 0.05), verdict(-0.05, -0.01), verdict(-0.01, 0.05)
    ('horse', 'move', 'neither')
    """
    if lo > 0:
        return "horse"
    if hi < 0:
        return "move"
    return "neither"
