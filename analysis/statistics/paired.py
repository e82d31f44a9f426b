"""Two runs of the same games compared game by game: paired differences of every metric.

Runs that share a seed share their per-game keys, so game *i* of one set of rules and game
*i* of another roll the same dice until the rules first make a difference (common random
numbers). Comparing them game by game (paired) removes much of the noise; this module
holds that statistics, for :mod:`numbergames.analysis.searches.whatif` and any other comparison of runs.

Per variant: the standard metrics of :func:`numbergames.analysis.statistics.stats.summarize`, each with a 95%
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
players when no game is drawn and the same seat is ahead in both runs, whose differences
are exactly ∓2 × seat 0's — finished or not, since linearised its per-game values are
``2 − 2·x_i`` or ``2·x_i`` of seat 0's ``x_i``) shares seat 0's test, and a difference
that is the same in every game (e.g. the completion when every game finishes under both
rules) has no sampling error and is no test at all. Neither is counted in the Holm family
(``<measure>_test`` says which each p-value is, :data:`OWN`). Both are decided exactly
(``Σ (d_i − k·seat0_i)² = 0``; a variance of 0), not by comparing rounded floats.

The per-variant interval of a linearised measure is ``mean(x) ± 1.96·sd(x)/√n``, clipped
to [0, 1]. The paired difference ``d_i = x_i(variant) − x_i(base)``: its mean (the
difference of the two measures), ``SE = sd(d)/√n``, the 95% normal interval and the
two-sided normal p-value; the SE an independent comparison of the same games would have
had, ``√(var_variant/n + var_base/n)``; and the variance reduction ``(independent SE /
paired SE)²``. The p-values of all variant × measure tests (grid points and variant files
alike, every measure; :attr:`numbergames.analysis.searches.whatif.Sweep.tests` counts them) are adjusted together with Holm's
step-down method (:func:`holm`).

Every figure comes from sums that merge chunk by chunk (:mod:`numbergames.analysis.statistics.pairsums`: each
``x_i`` is linear in a few whole-number per-game features, so its mean and variance, and
those of ``x(variant) − x(base)``, follow exactly from the features' sums and sums of
products, own and across the two runs): :func:`variant_columns_of`,
:func:`paired_measures_of` and :func:`paired_columns_of` take a
:class:`~numbergames.analysis.statistics.pairsums.PairedSums` of any number of chunks, and give the same figures,
bit for bit, however the games were cut into chunks. Means and variances are exact
fractions rounded once. :func:`variant_columns`, :func:`paired_measures` and
:func:`paired_columns` do the same for whole tables of games (one chunk).

Nothing here names a game: the columns are the standard ones every kernel returns
(:data:`numbergames.analysis.statistics.stats.REQUIRED_COLUMNS`).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.statistics.distributions import norm_sf
from numbergames.analysis.statistics.pairsums import (Form, PairedSums, combine, extreme_seats, features,
                               mean_and_variance, values, vanishes)
from numbergames.analysis.statistics.stats import Z, Summary, wilson_interval
from numbergames.solver.registry import Traits

MEASURES: dict[str, str] = {"seat0_win_rate": "seat 0's win rate",
                            "solve_rate": "solve rate",
                            "first_player_advantage": "first-player advantage",
                            "draw_rate": "draw rate",
                            "score_mean": "mean score",
                            "turns_mean": "mean game length (turns)",
                            "balance": "balance",
                            "completion": "completion",
                            "decision_rate": "decision rate"}
"""Every measure a comparison may hold, in order; :func:`measures` picks a game's."""
SHARES = frozenset(MEASURES) - {"score_mean", "turns_mean"}
"""The measures that are shares, in [0, 1]: a difference of two of them is in [-1, 1]."""
UNIT = (0.0, 1.0)
"""The range of a share (a win, a game's points)."""


def measures(traits: Traits, players: int) -> list[str]:
    """The measures compared for a game with these traits and players: with opponents seat
    0's win rate, the first-player advantage (points: a draw counts its share), the draw
    rate where draws happen and the balance; alone the solve rate (and the mean score where
    the game scores); always the mean length, completion and decision rate.

    >>> measures(Traits(True, (2, 4)), 2)
    ['seat0_win_rate', 'first_player_advantage', 'turns_mean', 'balance', 'completion', 'decision_rate']
    """
    if players == 1:
        chosen = ["solve_rate"] + (["score_mean"] if traits.score else [])
    else:
        chosen = ["seat0_win_rate", "first_player_advantage"] + (
            ["draw_rate"] if traits.draws else []) + ["balance"]
    chosen += ["turns_mean", "completion", "decision_rate"]
    return [m for m in MEASURES if m in chosen]


def present(table: pd.DataFrame) -> list[str]:
    """The measures a comparison table holds (its ``<measure>_test`` columns)."""
    return [m for m in MEASURES if f"{m}_test" in table.columns]



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


def paired_difference(variant: np.ndarray, base: np.ndarray,
                      span: tuple[float, float] | None = None) -> Paired:
    """Paired difference of two equally long samples, game ``i`` against game ``i``.

    The samples may be per-game values whose mean is a measure only to first order
    (influence values, see the module docstring): the difference is ``mean(variant) −
    mean(base)`` either way.

    >>> p = paired_difference(np.array([1.0, 1.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0, 1.0]))
    >>> p.diff, round(p.se, 3), round(p.independent_se, 3)
    (0.25, 0.25, 0.382)

    ``span``: the range ``(low, high)`` of the measure both means estimate (a share: (0,
    1)), so the difference lies in ``[low - high, high - low]`` and its interval is cut to
    that: a few games give a normal interval wider than any difference can be.

    >>> p = paired_difference(np.array([0.0, 1.0]), np.array([1.0, 1.0]), span=UNIT)
    >>> p.diff, p.lo, round(p.hi, 3)
    (-0.5, -1.0, 0.48)
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
    lo, hi = diff - Z * se, diff + Z * se
    if span is not None:
        width = span[1] - span[0]
        lo, hi = max(lo, -width), min(hi, width)
    return Paired(n, diff, lo, hi, se, independent, _p_value(diff, se))


def per_game(games: pd.DataFrame, players: int, traits: Traits) -> dict[str, np.ndarray]:
    """Per-game values ``x_i`` of each measure of :func:`measures`, over all games (NaN
    where a ratio's bottom sums to 0); the mean of ``x`` is the measure itself (see the
    module docstring): :func:`numbergames.analysis.statistics.pairsums.values` evaluated on the rows. The
    first-player advantage is given as seat 0's points (shifted by the fair share in
    :func:`paired_measures`)."""
    sums = PairedSums.of([games], [players], traits)
    table = features(games, players, traits).astype(float)
    found: dict[str, np.ndarray] = {}
    for measure, form in values(sums, 0).items():
        coefficients = np.zeros(table.shape[1])
        for (_, k), c in (form or {}).items():
            coefficients[k] = float(c)
        found[measure] = table @ coefficients if form is not None else np.full(
            len(table), math.nan)
    return found


OWN, SEAT0, EXACT, NONE, BASE = "own", "seat0", "exact", "none", "base"
"""What a comparison's p-value is (column ``<measure>_test``): a test of its own, counted
in the Holm family (``own``); the same hypothesis as seat 0's win rate, not counted again
and given seat 0's adjusted p (``seat0``); a difference that is the same in every game,
known without sampling error, so not a test (``exact``: p is 1 when no game differs, else
0, and not adjusted); no test possible (``none``: fewer than two games); the base row."""


def _paired(sums: PairedSums, variant: Form | None, base: Form | None,
            span: tuple[float, float] | None, shift: Fraction = Fraction(0)) -> Paired:
    """:func:`paired_difference` of two runs' per-game values given as forms over
    ``sums``, from exact moments (one rounding each), then moved by ``shift``."""
    n = sums.n
    if variant is None or base is None:
        return Paired(n, *[math.nan] * 6)
    mean, variance = mean_and_variance(sums, combine((1, variant), (-1, base)))
    if mean is None:
        return Paired(n, *[math.nan] * 6)
    if variance is None:
        return Paired(n, float(mean + shift), *[math.nan] * 5)
    variances = [mean_and_variance(sums, form)[1] for form in (variant, base)]
    se = math.sqrt(float(variance / n))
    independent = math.sqrt(float(sum(variances) / n))
    middle = float(mean)
    lo, hi = middle - Z * se, middle + Z * se
    if span is not None:
        width = span[1] - span[0]
        lo, hi = max(lo, -width), min(hi, width)
    diff = float(mean + shift)
    lo, hi = (lo + float(shift), hi + float(shift)) if shift else (lo, hi)
    return Paired(n, diff, lo, hi, se, independent, _p_value(diff, se))


def _seat0_test(sums: PairedSums, measure: str, x: dict[str, Form | None],
                y: dict[str, Form | None], same_players: bool) -> bool:
    """Whether ``measure``'s per-game differences ``x − y`` are a fixed multiple of seat
    0's in every game, decided exactly: equal to them (the first-player advantage, same
    players) or ±2 × them (the balance)."""
    multiples = {"first_player_advantage": (1,) if same_players else (),
                 "balance": (2, -2)}.get(measure, ())
    forms = [x.get(measure), y.get(measure), x.get("seat0_win_rate"), y.get("seat0_win_rate")]
    if not multiples or any(form is None for form in forms):
        return False
    own = combine((1, forms[0]), (-1, forms[1]))
    seat0 = combine((1, forms[2]), (-1, forms[3]))
    return any(vanishes(sums, combine((1, own), (-k, seat0))) for k in multiples)


def paired_measures_of(sums: PairedSums, variant: int,
                       base: int) -> dict[str, tuple[Paired, str]]:
    """The paired difference run ``variant`` − run ``base`` (game ``i`` against game ``i``)
    of every measure of :func:`measures` both runs have, from their sums, and what its
    p-value is (see :data:`OWN`).

    First-player advantage is seat 0's points shifted by the change of the fair share: with
    the same number of players and no draws it is seat 0's test. The balance of two seats
    is too when its per-game differences are exactly ±2 × seat 0's (no game drawn and the
    same seat ahead in both runs)."""
    players, base_players = sums.players[variant], sums.players[base]
    x, y = values(sums, variant), values(sums, base)
    shift = Fraction(1, base_players) - Fraction(1, players)
    found: dict[str, tuple[Paired, str]] = {}
    for measure in MEASURES:
        if measure not in x or measure not in y:
            continue
        paired = _paired(sums, x[measure], y[measure], UNIT if measure in SHARES else None,
                         shift if measure == "first_player_advantage" else Fraction(0))
        if math.isnan(paired.p_value):
            kind = NONE
        elif paired.se == 0:
            kind = EXACT
        elif _seat0_test(sums, measure, x, y, players == base_players):
            kind = SEAT0
        else:
            kind = OWN
        found[measure] = (paired, kind)
    return found


def paired_columns_of(sums: PairedSums, variant: int, base: int) -> dict[str, Any]:
    """The paired differences run ``variant`` − run ``base`` of every measure
    (:func:`paired_measures_of`) as table columns; the p-value of a measure that is seat
    0's test is NaN (``<measure>_test`` says what each is)."""
    row: dict[str, Any] = {}
    for measure, (paired, kind) in paired_measures_of(sums, variant, base).items():
        row[f"{measure}_diff"] = paired.diff
        row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"] = paired.lo, paired.hi
        row[f"{measure}_paired_se"] = paired.se
        row[f"{measure}_independent_se"] = paired.independent_se
        row[f"{measure}_variance_reduction"] = paired.variance_reduction
        row[f"{measure}_p"] = math.nan if kind in (SEAT0, NONE) else paired.p_value
        row[f"{measure}_test"] = kind
        row[f"{measure}_pairs"] = paired.n
    return row


def _two_runs(games: pd.DataFrame, players: int, base_games: pd.DataFrame,
              base_players: int, traits: Traits) -> PairedSums:
    """The sums of a base (run 0) and a variant (run 1), each table one chunk."""
    return PairedSums.of([base_games, games], [base_players, players], traits)


def paired_measures(games: pd.DataFrame, players: int, base_games: pd.DataFrame,
                    base_players: int, traits: Traits) -> dict[str, tuple[Paired, str]]:
    """:func:`paired_measures_of` of two tables of games (``games`` − ``base_games``)."""
    return paired_measures_of(_two_runs(games, players, base_games, base_players, traits),
                              1, 0)


def paired_columns(games: pd.DataFrame, players: int, base_games: pd.DataFrame,
                   base_players: int, traits: Traits) -> dict[str, Any]:
    """:func:`paired_columns_of` of two tables of games (``games`` − ``base_games``)."""
    return paired_columns_of(_two_runs(games, players, base_games, base_players, traits),
                             1, 0)


def add_holm(*tables: pd.DataFrame | None) -> None:
    """Holm-adjusted columns ``<measure>_p_holm`` in every table: Holm's method over the
    tests of their own (``<measure>_test == "own"``) of all the tables together, one
    family; an exact difference keeps its p; a measure that is seat 0's test takes seat 0's
    adjusted p (None stands for no table)."""
    given = [table for table in tables if table is not None]
    for table in given:
        if table.empty:
            for m in present(table):
                table[f"{m}_p_holm"] = pd.Series(dtype=float)
    given = [table for table in given if not table.empty]
    if not given:
        return
    names = [present(table) for table in given]
    p = [table[[f"{m}_p" for m in ms]].to_numpy(dtype=float) for table, ms in zip(given, names)]
    kinds = [table[[f"{m}_test" for m in ms]].to_numpy() for table, ms in zip(given, names)]
    family = holm(np.concatenate([pi[ki == OWN] for pi, ki in zip(p, kinds)]))
    start = 0
    for table, ms, pi, ki in zip(given, names, p, kinds):
        seat0 = ms.index("seat0_win_rate") if "seat0_win_rate" in ms else 0
        adjusted = np.full(pi.shape, math.nan)
        own = ki == OWN
        adjusted[own] = family[start:start + int(own.sum())]
        start += int(own.sum())
        adjusted[ki == EXACT] = pi[ki == EXACT]
        same = ki == SEAT0
        adjusted[same] = np.broadcast_to(adjusted[:, [seat0]], pi.shape)[same]
        table[[f"{m}_p_holm" for m in ms]] = adjusted


def count_tests(table: pd.DataFrame | None) -> int:
    """How many tests of their own ``table`` holds (the size of its Holm family)."""
    if table is None or table.empty:
        return 0
    return int((table[[f"{m}_test" for m in present(table)]] == OWN).to_numpy().sum())


def _interval(sums: PairedSums, form: Form | None) -> tuple[float, float]:
    """``mean(x) ± 1.96·sd(x)/√n`` clipped to [0, 1] (a linearised share) of ``form``'s
    per-game values, from exact moments; NaN for n < 2 or undefined values."""
    mean, variance = mean_and_variance(sums, form) if form is not None else (None, None)
    if variance is None:
        return math.nan, math.nan
    middle, half = float(mean), Z * math.sqrt(float(variance / sums.n))
    return max(0.0, middle - half), min(1.0, middle + half)


def variant_columns_of(sums: PairedSums, run: int, stats: Summary) -> dict[str, Any]:
    """Every measure of run ``run`` with its 95% interval, as table columns ``<measure>``,
    ``<measure>_lo``, ``<measure>_hi`` (and the balance's extreme seats); ``stats`` is the
    run's :func:`numbergames.analysis.statistics.stats.summarize`, the intervals of the balance and the decision
    rate come from ``sums``."""
    s, traits = stats, sums.traits
    row: dict[str, Any] = {"games": s.games}
    forms = values(sums, run)
    finished = s.finished
    half = Z * s.turns_std / math.sqrt(finished) if finished > 1 else math.nan
    length = {"turns_mean": s.turns_mean, "turns_mean_lo": s.turns_mean - half,
              "turns_mean_hi": s.turns_mean + half}
    if s.players == 1:
        row["solve_rate"] = s.solve_rate
        row["solve_rate_lo"], row["solve_rate_hi"] = s.solve_rate_ci or (math.nan, math.nan)
        if "score_mean" in forms:
            row["score_mean"] = s.score_mean_by_seat[0] if s.score_mean_by_seat else math.nan
            lo, hi = s.score_ci_by_seat[0] if s.score_ci_by_seat else (math.nan, math.nan)
            row["score_mean_lo"], row["score_mean_hi"] = lo, hi
        row.update(length)
    else:
        row["seat0_win_rate"] = s.win_rate_by_seat[0]
        row["seat0_win_rate_lo"], row["seat0_win_rate_hi"] = s.win_rate_ci_by_seat[0]
        row["first_player_advantage"] = s.first_player_advantage
        row["first_player_advantage_lo"], row["first_player_advantage_hi"] = \
            s.first_player_advantage_ci or (math.nan, math.nan)
        if traits.draws:
            row["draw_rate"] = s.draw_rate
            row["draw_rate_lo"], row["draw_rate_hi"] = s.draw_rate_ci or (math.nan, math.nan)
        row.update(length)
        row["balance"] = s.balance
        row["balance_lo"], row["balance_hi"] = _interval(sums, forms["balance"])
        row["balance_high_seat"], row["balance_low_seat"] = extreme_seats(sums, run)
    row["completion"] = s.completion
    row["completion_lo"], row["completion_hi"] = wilson_interval(finished, s.games)
    row["decision_rate"] = s.decision_rate
    row["decision_rate_lo"], row["decision_rate_hi"] = _interval(sums, forms["decision_rate"])
    return row


def variant_columns(games: pd.DataFrame, stats: Summary, traits: Traits) -> dict[str, Any]:
    """:func:`variant_columns_of` of one table of games (``stats`` its summary)."""
    return variant_columns_of(PairedSums.of([games], [stats.players], traits), 0, stats)
