"""Two runs of the same games compared game by game: paired differences of every metric.

Runs that share a seed share their per-game keys, so game *i* of one set of rules and game
*i* of another roll the same dice until the rules first make a difference (common random
numbers). Comparing them game by game (paired) removes much of the noise; this module
holds that statistics, for :mod:`analysis.whatif` and any other comparison of runs.

Per variant: the standard metrics of :func:`analysis.stats.summarize`, each with a 95%
interval — seat 0's win rate and completion with Wilson intervals, first-player advantage
with seat 0's Wilson interval shifted by the fair share ``1/players``, mean length of
finished games with ``mean ± 1.96·sd/√n``, and balance and decision rate by linearisation
(below).

Per variant against the base, for every measure, paired game by game: each measure is
written as the mean of per-game values ``x_i`` (exactly, or to first order — the
linearisation, or influence values, of a measure that is not a plain mean; no bootstrap):

* ``seat0_win_rate``: ``x_i = 1`` when seat 0 wins game *i*, else 0 (all games);
* ``turns_mean`` = ``M = Σ turns·f / Σ f`` with ``f_i = 1`` when game *i* finished (the
  mean length of finished games, a ratio of sums over all games): ``x_i = t_i`` when every
  game finished, else ``x_i = M + f_i·(t_i − M) / mean(f)``, whose mean is exactly ``M`` —
  so the paired difference is the difference of the two runs' mean lengths even when
  different games finish under the two rules;
* ``completion``: ``x_i = 1`` when game *i* finished (has a winner), else 0 (all games);
* ``decision_rate`` = ``R = Σ decision_turns / Σ turns`` (all games), a ratio of sums:
  ``x_i = R + (d_i − R·t_i) / mean(t)``, whose mean is exactly ``R``;
* ``balance`` = ``1 − (rate of seat a − rate of seat b)``, a and b the seats with the
  highest and the lowest win rate (all games; per variant, ``balance_high_seat`` and
  ``balance_low_seat``): ``x_i = 1 − 1[seat a wins i] + 1[seat b wins i]``, whose mean is
  exactly the balance. The interval and the test treat a and b as fixed at their
  estimates, which is right when they are clearly apart from the other seats; when two
  seats are close to tied for the highest (or the lowest) rate, e.g. in a nearly balanced
  game, the max and min are not smooth there and the interval is too narrow (and near 1 it
  is clipped to 1);
* ``first_player_advantage`` = seat 0's win rate − ``1/players``: its difference from the
  base is seat 0's win-rate difference minus the change of the fair share — with the same
  number of players exactly seat 0's, the same hypothesis, so it is **not** tested again
  (``first_player_advantage_p`` is NaN and ``first_player_advantage_p_holm`` repeats seat
  0's adjusted p); only a variant with another number of players gets a test of its own.

One comparison is one test: a measure whose per-game differences are a fixed multiple of
seat 0's (the first-player advantage with the same number of players; the balance of two
players when every game finishes and the same seat is ahead in both runs, whose
differences are exactly ∓2 × seat 0's) shares seat 0's test, and a difference that is the
same in every game (e.g. the completion when every game finishes under both rules) has
no sampling error and is no test at all. Neither is counted in the Holm family
(``<measure>_test`` says which each p-value is, :data:`OWN`).

The per-variant interval of a linearised measure is ``mean(x) ± 1.96·sd(x)/√n``, clipped
to [0, 1]. The paired difference ``d_i = x_i(variant) − x_i(base)``: its mean (the
difference of the two measures), ``SE = sd(d)/√n``, the 95% normal interval and the
two-sided normal p-value; the SE an independent comparison of the same games would have
had, ``√(var_variant/n + var_base/n)``; and the variance reduction ``(independent SE /
paired SE)²``. The p-values of all variant × measure tests (grid points and variant files
alike, every measure; :attr:`analysis.whatif.Sweep.tests` counts them) are adjusted together with Holm's
step-down method (:func:`holm`).

Nothing here names a game: the columns are the standard ones every kernel returns
(:data:`analysis.stats.REQUIRED_COLUMNS`).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from analysis.distributions import norm_ppf, norm_sf
from analysis.simulation import Analysis
from analysis.stats import wilson_interval

CONFIDENCE = 0.95
Z = norm_ppf(0.5 + CONFIDENCE / 2)
MEASURES: dict[str, str] = {"seat0_win_rate": "seat 0's win rate",
                            "first_player_advantage": "first-player advantage",
                            "turns_mean": "mean game length (turns)",
                            "balance": "balance",
                            "completion": "completion",
                            "decision_rate": "decision rate"}
"""The measures compared with the base, paired game by game (every standard metric)."""



def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (NaN stays NaN and is not counted).

    The k-th smallest of m p-values becomes ``max over j ≤ k of min(1, (m − j + 1)·p_(j))``.

    >>> [round(p, 6) for p in holm([0.01, 0.04, 0.03, 0.005])]
    [0.03, 0.06, 0.06, 0.02]
    """
    p = np.asarray(p_values, dtype=float)
    adjusted = np.full(p.shape, math.nan)
    valid = np.flatnonzero(~np.isnan(p))
    m = len(valid)
    running = 0.0
    for rank, index in enumerate(valid[np.argsort(p[valid], kind="stable")]):
        running = max(running, min(1.0, (m - rank) * p[index]))
        adjusted[index] = running
    return [float(v) for v in adjusted]


@dataclass(frozen=True)
class Paired:
    """A paired difference ``mean(variant − base)`` over the same games."""

    n: int
    diff: float
    lo: float
    hi: float
    se: float
    independent_se: float
    p_value: float

    @property
    def variance_reduction(self) -> float:
        """Independent variance / paired variance (NaN when the paired SE is 0)."""
        return (self.independent_se / self.se) ** 2 if self.se > 0 else math.nan


def _p_value(diff: float, se: float) -> float:
    """Two-sided normal p-value of ``diff`` with standard error ``se`` (NaN if unknown)."""
    if math.isnan(diff) or math.isnan(se):
        return math.nan
    if se > 0:
        return 2 * norm_sf(abs(diff) / se)
    return 1.0 if diff == 0 else 0.0


def paired_difference(variant: np.ndarray, base: np.ndarray) -> Paired:
    """Paired difference of two equally long samples, game ``i`` against game ``i``.

    The samples may be per-game values whose mean is a measure only to first order
    (influence values, see the module docstring): the difference is ``mean(variant) −
    mean(base)`` either way.

    >>> p = paired_difference(np.array([1.0, 1.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0, 1.0]))
    >>> p.diff, round(p.se, 3), round(p.independent_se, 3)
    (0.25, 0.25, 0.382)
    """
    a, b = np.asarray(variant, dtype=float), np.asarray(base, dtype=float)
    if a.shape != b.shape:
        raise ValueError("paired samples must have the same length")
    n = len(a)
    if n < 2:
        return Paired(n, float(a.mean() - b.mean()) if n else math.nan,
                      math.nan, math.nan, math.nan, math.nan, math.nan)
    d = a - b
    diff = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(n)
    independent = math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / n)
    return Paired(n, diff, diff - Z * se, diff + Z * se, se, independent, _p_value(diff, se))


def shifted(paired: Paired, shift: float) -> Paired:
    """``paired`` moved by the constant ``shift`` (same SE, its own p-value)."""
    diff = paired.diff + shift
    return Paired(paired.n, diff, paired.lo + shift, paired.hi + shift, paired.se,
                  paired.independent_se, _p_value(diff, paired.se))


def extreme_seats(winner: np.ndarray, players: int) -> tuple[int, int]:
    """The seats with the highest and the lowest win rate (the first of equal ones), as
    :func:`analysis.stats.summarize` takes them for the balance.

    >>> extreme_seats(np.array([1, 1, 0, -1, 2, 1]), 3)
    (1, 0)
    """
    wins = np.bincount(winner[winner >= 0], minlength=players)
    return int(np.argmax(wins)), int(np.argmin(wins))


def _ratio(top: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    """Per-game values of the ratio of sums ``R = Σ top / Σ bottom``, linearised: ``R + (top
    − R·bottom) / mean(bottom)``, whose mean is exactly ``R`` (NaN when ``Σ bottom`` is 0)."""
    total = float(bottom.sum())
    if total <= 0:
        return np.full(len(top), math.nan)
    rate = float(top.sum()) / total
    return rate + (top - rate * bottom) / (total / len(top))


def per_game(games: pd.DataFrame, players: int) -> dict[str, np.ndarray]:
    """Per-game values ``x_i`` of each tested measure, over all games; the mean of ``x`` is
    the measure itself (see the module docstring). First-player advantage is seat 0's win
    rate shifted (:func:`paired_measures`)."""
    winner = games["winner"].to_numpy().astype(np.int64)
    turns = games["turns"].to_numpy().astype(float)
    decisions = games["decision_turns"].to_numpy().astype(float)
    finished = (winner >= 0).astype(float)
    high, low = extreme_seats(winner, players)
    balance = 1.0 - (winner == high) + (winner == low).astype(float)
    # the mean length of finished games is Σ turns·finished / Σ finished: just the turns
    # when every game finished
    length = turns if finished.all() else _ratio(turns * finished, finished)
    return {"seat0_win_rate": (winner == 0).astype(float),
            "turns_mean": length,
            "balance": balance,
            "completion": finished,
            "decision_rate": _ratio(decisions, turns)}


def linear_interval(x: np.ndarray) -> tuple[float, float]:
    """``mean(x) ± 1.96·sd(x)/√n`` clipped to [0, 1] (a linearised share); NaN for n < 2."""
    n = len(x)
    if n < 2 or np.isnan(x).any():
        return math.nan, math.nan
    mean, half = float(x.mean()), Z * float(x.std(ddof=1)) / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


OWN, SEAT0, EXACT, NONE, BASE = "own", "seat0", "exact", "none", "base"
"""What a comparison's p-value is (column ``<measure>_test``): a test of its own, counted
in the Holm family (``own``); the same hypothesis as seat 0's win rate, not counted again
and given seat 0's adjusted p (``seat0``); a difference that is the same in every game,
known without sampling error, so not a test (``exact``: p is 1 when no game differs, else
0, and not adjusted); no test possible (``none``: fewer than two games); the base row."""


def paired_measures(games: pd.DataFrame, players: int, base_games: pd.DataFrame,
                    base_players: int) -> dict[str, tuple[Paired, str]]:
    """The paired difference ``games − base_games`` (game ``i`` against game ``i``) of every
    measure, and what its p-value is (see :data:`OWN`).

    First-player advantage is seat 0's win rate shifted by the change of the fair share:
    with the same number of players it is seat 0's test. The balance of two seats is too
    when its per-game differences are exactly ±2 × seat 0's (every game finished and the
    same seat ahead in both runs)."""
    base_values = per_game(base_games, base_players)
    differences: dict[str, Paired] = {}
    per_game_diffs: dict[str, np.ndarray] = {}
    for measure, x in per_game(games, players).items():
        differences[measure] = paired_difference(x, base_values[measure])
        per_game_diffs[measure] = x - base_values[measure]
    differences["first_player_advantage"] = shifted(
        differences["seat0_win_rate"], 1 / base_players - 1 / players)
    seat0 = per_game_diffs["seat0_win_rate"]
    twice = {"first_player_advantage": players == base_players,
             "balance": any(np.array_equal(per_game_diffs["balance"], k * seat0) for k in (2, -2))}
    found: dict[str, tuple[Paired, str]] = {}
    for measure in MEASURES:
        paired = differences[measure]
        if math.isnan(paired.p_value):
            kind = NONE
        elif paired.se == 0:
            kind = EXACT
        elif twice.get(measure):
            kind = SEAT0
        else:
            kind = OWN
        found[measure] = (paired, kind)
    return found


def paired_columns(result: Analysis, reference: Analysis) -> dict[str, Any]:
    """The paired differences ``result − reference`` of every measure
    (:func:`paired_measures`) as table columns; the p-value of a measure that is seat 0's
    test is NaN (``<measure>_test`` says what each is)."""
    row: dict[str, Any] = {}
    for measure, (paired, kind) in paired_measures(
            result.games, result.stats.players, reference.games,
            reference.stats.players).items():
        row[f"{measure}_diff"] = paired.diff
        row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"] = paired.lo, paired.hi
        row[f"{measure}_paired_se"] = paired.se
        row[f"{measure}_independent_se"] = paired.independent_se
        row[f"{measure}_variance_reduction"] = paired.variance_reduction
        row[f"{measure}_p"] = math.nan if kind in (SEAT0, NONE) else paired.p_value
        row[f"{measure}_test"] = kind
        row[f"{measure}_pairs"] = paired.n
    return row


def add_holm(*tables: pd.DataFrame | None) -> None:
    """Holm-adjusted columns ``<measure>_p_holm`` in every table: Holm's method over the
    tests of their own (``<measure>_test == "own"``) of all the tables together, one
    family; an exact difference keeps its p; a measure that is seat 0's test takes seat 0's
    adjusted p (None stands for no table)."""
    present = [table for table in tables if table is not None]
    for table in present:
        if table.empty:
            for m in MEASURES:
                table[f"{m}_p_holm"] = pd.Series(dtype=float)
    present = [table for table in present if not table.empty]
    if not present:
        return
    p = [table[[f"{m}_p" for m in MEASURES]].to_numpy(dtype=float) for table in present]
    kinds = [table[[f"{m}_test" for m in MEASURES]].to_numpy() for table in present]
    family = holm(np.concatenate([pi[ki == OWN] for pi, ki in zip(p, kinds)]))
    seat0 = list(MEASURES).index("seat0_win_rate")
    start = 0
    for table, pi, ki in zip(present, p, kinds):
        adjusted = np.full(pi.shape, math.nan)
        own = ki == OWN
        adjusted[own] = family[start:start + int(own.sum())]
        start += int(own.sum())
        adjusted[ki == EXACT] = pi[ki == EXACT]
        same = ki == SEAT0
        adjusted[same] = np.broadcast_to(adjusted[:, [seat0]], pi.shape)[same]
        table[[f"{m}_p_holm" for m in MEASURES]] = adjusted


def count_tests(table: pd.DataFrame | None) -> int:
    """How many tests of their own ``table`` holds (the size of its Holm family)."""
    if table is None or table.empty:
        return 0
    return int((table[[f"{m}_test" for m in MEASURES]] == OWN).to_numpy().sum())


def variant_columns(result: Analysis) -> dict[str, Any]:
    """Every measure of one run with its 95% interval, as table columns ``<measure>``,
    ``<measure>_lo``, ``<measure>_hi`` (and the balance's extreme seats)."""
    s = result.stats
    row: dict[str, Any] = {"games": s.games}
    row["seat0_win_rate"] = s.win_rate_by_seat[0]
    row["seat0_win_rate_lo"], row["seat0_win_rate_hi"] = s.win_rate_ci_by_seat[0]
    row["first_player_advantage"] = s.first_player_advantage
    row["first_player_advantage_lo"], row["first_player_advantage_hi"] = \
        s.first_player_advantage_ci
    finished = s.games - s.unfinished
    half = Z * s.turns_std / math.sqrt(finished) if finished > 1 else math.nan
    row["turns_mean"] = s.turns_mean
    row["turns_mean_lo"], row["turns_mean_hi"] = s.turns_mean - half, s.turns_mean + half
    values = per_game(result.games, s.players)
    row["balance"] = s.balance
    row["balance_lo"], row["balance_hi"] = linear_interval(values["balance"])
    row["balance_high_seat"], row["balance_low_seat"] = extreme_seats(
        result.games["winner"].to_numpy().astype(np.int64), s.players)
    row["completion"] = s.completion
    row["completion_lo"], row["completion_hi"] = wilson_interval(finished, s.games)
    row["decision_rate"] = s.decision_rate
    row["decision_rate_lo"], row["decision_rate_hi"] = linear_interval(values["decision_rate"])
    return row
