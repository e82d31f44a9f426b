"""Outcome statistics for a batch of simulated games, independent of any game.

Input is one row per game in a :class:`pandas.DataFrame` with the columns

* ``winner`` -- seat index ``0..players-1`` of the winner, or ``-1`` when the
  game was cut off unfinished (e.g. at a turn limit);
* ``turns`` -- number of turns the game took, all players together;
* ``decision_turns`` -- how many of those turns offered the player more than
  one distinct legal choice.

Any other columns are ignored.

Standard outcome metrics (``games`` is the number of rows, finished or not):

* ``win_rate_by_seat[s]`` = wins of seat ``s`` / ``games``. An unfinished game
  is a win for nobody, so the rates sum to ``completion``.
* ``win_rate_ci_by_seat[s]`` -- Wilson score interval of that rate.
* ``first_player_advantage`` = ``win_rate_by_seat[0] - 1/players``; its
  interval is seat 0's Wilson interval shifted by ``-1/players``, and
  ``first_player_p_value`` is the two-sided exact binomial test of seat 0's
  wins out of ``games`` against ``p = 1/players``.
* ``seat_chi2`` / ``seat_chi2_p_value`` -- Pearson chi-square goodness-of-fit
  of the wins per seat among *finished* games against a uniform split
  (``NaN`` when no game finished).
* ``balance`` = ``1 - (max(win_rate_by_seat) - min(win_rate_by_seat))``:
  1 when every seat wins equally often, 0 when one seat always wins.
* ``completion`` = share of games that have a winner.
* ``decision_rate`` = ``sum(decision_turns) / sum(turns)`` over all games:
  the share of turns with a real choice (``NaN`` when no turn was played).
* ``turns_*`` -- length statistics over *finished* games only (unfinished
  games were truncated, so their length says nothing about game length):
  mean, median, 10th/90th percentile (linear interpolation), max, and sample
  standard deviation (``ddof=1``). With no finished game they are ``NaN``
  (``turns_max`` is 0); ``turns_std`` is ``NaN`` with fewer than two.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import pandas as pd

from analysis import distributions
from analysis.plain import plain

REQUIRED_COLUMNS: tuple[str, ...] = ("winner", "turns", "decision_turns")


def wilson_interval(
    successes: int, trials: int, confidence: float = 0.95
) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion ``successes / trials``."""
    if trials <= 0:
        raise ValueError(f"trials must be positive, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, got {successes}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return distributions.wilson_interval(int(successes), int(trials), confidence)


def difference_interval(
    k1: int, n1: int, k2: int, n2: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference ``k1/n1 - k2/n2`` of two independent proportions.

    Returns ``(diff, lo, hi)`` where ``(lo, hi)`` is Newcombe's hybrid score
    interval (method 10 of Newcombe 1998), combining the two Wilson intervals.
    """
    l1, u1 = wilson_interval(k1, n1, confidence)
    l2, u2 = wilson_interval(k2, n2, confidence)
    p1, p2 = k1 / n1, k2 / n2
    diff = p1 - p2
    lo = diff - math.hypot(p1 - l1, u2 - p2)
    hi = diff + math.hypot(u1 - p1, p2 - l2)
    return diff, lo, hi


def mean_difference_interval(
    a: np.ndarray, b: np.ndarray, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference ``mean(b) - mean(a)`` of two independent samples.

    Returns ``(diff, lo, hi)`` with Welch's t interval (unequal variances,
    Welch–Satterthwaite degrees of freedom); ``NaN`` bounds when either sample
    has fewer than two values.
    """
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if len(a) == 0 or len(b) == 0:
        return math.nan, math.nan, math.nan
    diff = float(b.mean() - a.mean())
    if len(a) < 2 or len(b) < 2:
        return diff, math.nan, math.nan
    va, vb = a.var(ddof=1) / len(a), b.var(ddof=1) / len(b)
    se2 = va + vb
    if se2 == 0:
        return diff, diff, diff
    df = se2**2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    half = distributions.t_ppf(0.5 + confidence / 2, df) * math.sqrt(se2)
    return diff, diff - half, diff + half


@dataclass(frozen=True)
class Summary:
    """Outcome metrics of a batch of games; see the module docstring."""

    players: int
    games: int
    unfinished: int
    wins_by_seat: list[int]
    win_rate_by_seat: list[float]
    win_rate_ci_by_seat: list[tuple[float, float]]
    first_player_advantage: float
    first_player_advantage_ci: tuple[float, float]
    first_player_p_value: float
    seat_chi2: float
    seat_chi2_p_value: float
    turns_mean: float
    turns_median: float
    turns_p10: float
    turns_p90: float
    turns_max: int
    turns_std: float
    balance: float
    completion: float
    decision_rate: float
    confidence: float = 0.95

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict: plain ints/floats, tuples as lists, NaN as None."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}


def _int_column(games: pd.DataFrame, name: str) -> np.ndarray:
    """Column ``name`` as an int64 array; ValueError if not whole numbers."""
    values = games[name].to_numpy()
    if np.issubdtype(values.dtype, np.integer):
        return values.astype(np.int64, copy=False)
    if np.issubdtype(values.dtype, np.floating) and np.all(
        np.isfinite(values) & (values == np.round(values))
    ):
        return values.astype(np.int64)
    raise ValueError(f"column {name!r} must hold whole numbers")


def summarize(games: pd.DataFrame, players: int, confidence: float = 0.95) -> Summary:
    """Compute the outcome metrics of ``games`` (one row per game).

    Win rates use all games as the denominator (unfinished games are a win for
    nobody); the chi-square test uses finished games only; the length
    statistics (``turns_mean`` .. ``turns_std``) are over finished games only.
    Raises ValueError for ``players < 2``, missing columns, no rows, winner
    values outside ``-1..players-1`` or bad turn counts.
    """
    if players < 2:
        raise ValueError(f"players must be at least 2, got {players}")
    missing = [c for c in REQUIRED_COLUMNS if c not in games.columns]
    if missing:
        raise ValueError(f"missing required columns: {', '.join(missing)}")
    n = len(games)
    if n == 0:
        raise ValueError("no games to summarize")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")

    winner = _int_column(games, "winner")
    turns = _int_column(games, "turns")
    decision_turns = _int_column(games, "decision_turns")
    if winner.min() < -1 or winner.max() >= players:
        raise ValueError(f"winner must be in -1..{players - 1}")
    if turns.min() < 0:
        raise ValueError("turns must be non-negative")
    if decision_turns.min() < 0 or np.any(decision_turns > turns):
        raise ValueError("decision_turns must be in 0..turns")

    finished = winner >= 0
    wins = np.bincount(winner[finished], minlength=players)
    n_finished = int(wins.sum())
    rates = wins / n
    cis = [wilson_interval(int(k), n, confidence) for k in wins]
    fair = 1.0 / players

    if n_finished:
        chi2, chi2_p = distributions.chisquare_uniform(wins)
        done = turns[finished]
        p10, median, p90 = np.percentile(done, [10, 50, 90])
        mean, turns_max = float(done.mean()), int(done.max())
        std = float(done.std(ddof=1)) if n_finished > 1 else math.nan
    else:
        chi2 = chi2_p = p10 = median = p90 = mean = std = math.nan
        turns_max = 0

    total_turns = int(turns.sum())
    return Summary(
        players=players,
        games=n,
        unfinished=n - n_finished,
        wins_by_seat=[int(k) for k in wins],
        win_rate_by_seat=[float(r) for r in rates],
        win_rate_ci_by_seat=cis,
        first_player_advantage=float(rates[0]) - fair,
        first_player_advantage_ci=(cis[0][0] - fair, cis[0][1] - fair),
        first_player_p_value=distributions.binomtest_pvalue(int(wins[0]), n, fair),
        seat_chi2=chi2,
        seat_chi2_p_value=chi2_p,
        turns_mean=mean,
        turns_median=float(median),
        turns_p10=float(p10),
        turns_p90=float(p90),
        turns_max=turns_max,
        turns_std=std,
        balance=1.0 - float(rates.max() - rates.min()),
        completion=n_finished / n,
        decision_rate=int(decision_turns.sum()) / total_turns if total_turns else math.nan,
        confidence=confidence,
    )
