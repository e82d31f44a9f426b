"""Outcome statistics for a batch of simulated games, chosen from the game's traits.

Input is one row per game in a :class:`pandas.DataFrame` with the standard columns
(:data:`numbergames.solver.registry.STANDARD_COLUMNS`): ``winner`` (a seat, or
:data:`~numbergames.solver.registry.UNFINISHED`, :data:`~numbergames.solver.registry.DRAW`,
:data:`~numbergames.solver.registry.NO_WINNER`), ``turns`` (all players together) and
``decision_turns`` (turns that offered more than one distinct legal choice), and for a
score game its per-seat score columns. Any other columns are ignored.

Every rate is over the **finished** games: an unfinished game (cut off, e.g. at a turn
limit) is neither a win nor a draw, and is counted apart (``unfinished``). Each seat's
*points* (:mod:`numbergames.analysis.statistics.outcomes`) are 1 for a win and its share of a draw.

With two or more players:

* ``win_rate_by_seat[s]`` = wins of seat ``s`` / finished games, with Wilson intervals;
  ``draw_rate`` likewise (None when the game cannot be drawn);
* ``points_by_seat[s]`` = mean points of seat ``s`` (its win rate when there are no draws);
* ``first_player_advantage`` = ``points_by_seat[0] - 1/players``: without draws its
  interval is seat 0's Wilson interval shifted by ``-1/players`` and its p-value the
  two-sided exact binomial test of seat 0's wins against ``1/players``; with draws a
  normal interval of the mean points and a z-test;
* ``seat_chi2`` / ``seat_chi2_p_value``: Pearson chi-square of the wins per seat among the
  games with a winner against a uniform split (``NaN`` when no game has one);
* ``balance`` = ``1 - (max(points_by_seat) - min(points_by_seat))``.

With one player (a puzzle): ``solve_rate`` (won games / finished games) with its Wilson
interval; the first-player advantage, balance and chi-square are not defined (None).

For any game: ``score_mean_by_seat`` with normal intervals when the game declares a score
column (and for a score game the mean winning ``margin``, best minus second-best score);
``completion`` = finished / all games; ``decision_rate`` = ``sum(decision_turns) /
sum(turns)`` over all games; ``turns_*``: mean, median, 10th/90th percentile (linear
interpolation), max and sample standard deviation (``ddof=1``) of the finished games'
lengths (an unfinished game's length says nothing about how long a game lasts).

``judged`` is False when fewer than :data:`MIN_JUDGED` games finished: the reports then
give no verdict (on fairness, on skill), saying that too few games finished to judge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.statistics import distributions
from numbergames.analysis.statistics.plain import plain
from numbergames.analysis.statistics.tally import Tally, moments, percentiles
from numbergames.solver.registry import (DRAW, NO_WINNER, SCORES, STANDARD_COLUMNS, UNFINISHED,
                             Traits)

REQUIRED_COLUMNS: tuple[str, ...] = STANDARD_COLUMNS
CONFIDENCE = 0.95
"""The confidence level of every interval the toolkit reports."""
Z = distributions.norm_ppf(0.5 + CONFIDENCE / 2)
"""The standard normal quantile of :data:`CONFIDENCE` (two-sided)."""
MIN_JUDGED = 30
"""Fewest finished games for a verdict (fair or not, skill or luck)."""
TWO_PLAYER_WIN_LOSS = Traits(chance=True, players=(2, 8))
"""The traits assumed when none are given: a game of chance won by one seat."""


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
    finished: int
    unfinished: int
    outcome: str
    wins_by_seat: list[int]
    win_rate_by_seat: list[float]
    win_rate_ci_by_seat: list[tuple[float, float]]
    draws: int
    draw_rate: float | None
    draw_rate_ci: tuple[float, float] | None
    no_winner: int
    """Finished games that nobody won (an unsolved puzzle)."""
    points_by_seat: list[float]
    points_ci_by_seat: list[tuple[float, float]]
    first_player_advantage: float | None
    first_player_advantage_ci: tuple[float, float] | None
    first_player_p_value: float | None
    seat_chi2: float | None
    seat_chi2_p_value: float | None
    solve_rate: float | None
    solve_rate_ci: tuple[float, float] | None
    score_mean_by_seat: list[float] | None
    score_ci_by_seat: list[tuple[float, float]] | None
    margin_mean: float | None
    turns_mean: float
    turns_median: float
    turns_p10: float
    turns_p90: float
    turns_max: int
    turns_std: float
    balance: float | None
    completion: float
    decision_rate: float
    judged: bool
    confidence: float = CONFIDENCE

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict: plain ints/floats, tuples as lists, NaN as None."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}


def mean_interval(values: np.ndarray, confidence: float = CONFIDENCE,
                  span: tuple[float, float] | None = None) -> tuple[float, float]:
    """``mean ± z·sd/√n`` of ``values`` (NaN bounds with fewer than two), cut to ``span``
    when the values (a share's, points') cannot leave it.

    >>> mean_interval(np.array([0.0, 0.5, 1.0]), span=(0.0, 1.0))
    (0.0, 1.0)
    """
    n = len(values)
    if n < 2:
        return math.nan, math.nan
    return interval(float(values.mean()), float(values.std(ddof=1)), n, confidence, span)


def interval(mean: float, sd: float, n: int, confidence: float = CONFIDENCE,
             span: tuple[float, float] | None = None) -> tuple[float, float]:
    """``mean ± z·sd/√n`` (NaN bounds with fewer than two values), cut to ``span``."""
    if n < 2:
        return math.nan, math.nan
    z = Z if confidence == CONFIDENCE else distributions.norm_ppf(0.5 + confidence / 2)
    half = z * sd / math.sqrt(n)
    if span is not None:
        return max(mean - half, span[0]), min(mean + half, span[1])
    return mean - half, mean + half


def _z_test(mean: float, sd: float, n: int, fair: float) -> float:
    """Two-sided normal p-value of a sample mean against ``fair``."""
    if n < 2:
        return math.nan
    se = sd / math.sqrt(n)
    diff = mean - fair
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return 2 * distributions.norm_sf(abs(diff) / se)


def summarize(games: pd.DataFrame, players: int, confidence: float = CONFIDENCE,
              traits: Traits | None = None) -> Summary:
    """Compute the outcome metrics of ``games`` (one row per game) for a game with these
    ``traits`` (default: a game of chance won by one seat, :data:`TWO_PLAYER_WIN_LOSS`):
    :func:`summarize_tally` of their :class:`~numbergames.analysis.statistics.tally.Tally`.

    Raises ValueError for ``players < 1``, missing columns, no rows, winner values the
    outcome kind does not allow, or bad turn counts.
    """
    traits = TWO_PLAYER_WIN_LOSS if traits is None else traits
    _check_players(players, traits)
    missing = [c for c in REQUIRED_COLUMNS if c not in games.columns]
    if missing:
        raise ValueError(f"missing required columns: {', '.join(missing)}")
    if len(games) == 0:
        raise ValueError("no games to summarize")
    return summarize_tally(Tally.of(games, players, traits), confidence)


def _check_players(players: int, traits: Traits) -> None:
    if players < 1 or (players == 1) != (traits.players[1] == 1):
        raise ValueError(f"players must be in {traits.players[0]}..{traits.players[1]}, "
                         f"got {players}")


def summarize_tally(tally: Tally, confidence: float = CONFIDENCE) -> Summary:
    """The outcome metrics of the games counted in ``tally`` (see the module docstring):
    the same figures whether the tally was made of the rows at once or merged chunk by
    chunk."""
    players, traits = tally.players, tally.traits
    _check_players(players, traits)
    n = tally.games
    if n == 0:
        raise ValueError("no games to summarize")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")

    n_finished = tally.finished
    wins = np.array(tally.wins(), dtype=np.int64)
    draws = tally.outcomes.get(DRAW, 0)
    cis = [wilson_interval(int(k), n_finished, confidence) if n_finished else (math.nan, math.nan)
           for k in wins]
    rates = wins / n_finished if n_finished else np.full(players, math.nan)
    seat_points = [moments(tally.points[s], tally.points_sq[s], n_finished, tally.scale)
                   if n_finished else (math.nan, math.nan) for s in range(players)]
    points_mean = np.array([mean for mean, _ in seat_points])
    if traits.draws:
        points_ci = [interval(mean, sd, n_finished, confidence, (0.0, 1.0))
                     for mean, sd in seat_points]
    else:
        points_ci = list(cis)
    fair = 1.0 / players

    advantage = advantage_ci = advantage_p = chi2 = chi2_p = balance = None
    solve_rate = solve_ci = None
    if players == 1:
        solve_rate, solve_ci = (float(rates[0]), cis[0]) if n_finished else (None, None)
    elif n_finished:
        advantage = float(points_mean[0]) - fair
        low, high = points_ci[0]
        advantage_ci = (low - fair, high - fair)
        if traits.draws and draws:
            advantage_p = _z_test(*seat_points[0], n_finished, fair)
        else:
            advantage_p = distributions.binomtest_pvalue(int(wins[0]), n_finished, fair)
        balance = 1.0 - float(points_mean.max() - points_mean.min())
        if wins.sum():
            chi2, chi2_p = distributions.chisquare_uniform(wins)

    score_mean = score_ci = margin = None
    if traits.score is not None and n_finished:
        seat_scores = [moments(tally.scores[s], tally.scores_sq[s], n_finished)
                       for s in range(players)]
        score_mean = [mean for mean, _ in seat_scores]
        score_ci = [interval(mean, sd, n_finished, confidence) for mean, sd in seat_scores]
        if traits.outcome == SCORES and players > 1:
            margin = tally.margin / n_finished

    if n_finished:
        values, counts = tally.length_histogram()
        p10, median, p90 = percentiles(values, counts, [10, 50, 90])
        total = int((values * counts).sum())
        squares = sum(v * v * c for v, c in zip(values.tolist(), counts.tolist()))
        mean, std = moments(total, squares, n_finished)
        turns_max = int(values[-1])
    else:
        p10 = median = p90 = mean = std = math.nan
        turns_max = 0

    return Summary(
        players=players,
        games=n,
        finished=n_finished,
        unfinished=n - n_finished,
        outcome=traits.outcome,
        wins_by_seat=[int(k) for k in wins],
        win_rate_by_seat=[float(r) for r in rates],
        win_rate_ci_by_seat=cis,
        draws=draws,
        draw_rate=(draws / n_finished if n_finished else None) if traits.draws else None,
        draw_rate_ci=(wilson_interval(draws, n_finished, confidence) if n_finished else None)
        if traits.draws else None,
        no_winner=tally.outcomes.get(NO_WINNER, 0),
        points_by_seat=[float(v) for v in points_mean],
        points_ci_by_seat=[(float(a), float(b)) for a, b in points_ci],
        first_player_advantage=advantage,
        first_player_advantage_ci=advantage_ci,
        first_player_p_value=advantage_p,
        seat_chi2=chi2,
        seat_chi2_p_value=chi2_p,
        solve_rate=solve_rate,
        solve_rate_ci=solve_ci,
        score_mean_by_seat=score_mean,
        score_ci_by_seat=score_ci,
        margin_mean=margin,
        turns_mean=mean,
        turns_median=float(median),
        turns_p10=float(p10),
        turns_p90=float(p90),
        turns_max=turns_max,
        turns_std=std,
        balance=balance,
        completion=n_finished / n,
        decision_rate=tally.decision_turns / tally.turns if tally.turns else math.nan,
        judged=n_finished >= MIN_JUDGED,
        confidence=confidence,
    )
