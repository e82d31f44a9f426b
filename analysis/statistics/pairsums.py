"""The sums a what-if's paired figures come from, added chunk by chunk (bounded memory).

Every measure of :mod:`numbergames.analysis.statistics.paired` is the mean of per-game values ``x_i = Σ_k c_k
F_ik`` (exactly, or linearised: see that module's docstring), linear in a few whole-number
per-game *features* ``F`` (:func:`feature_names`): the constant 1, the finished indicator
``f``, seat 0's win, the draw, each seat's points in units of
1/:func:`numbergames.analysis.statistics.tally.point_scale` (0 for an unfinished game), alone the score of a
finished game, the turns, the turns of a finished game and the decision turns. The
coefficients ``c`` depend only on sums over all games (a ratio ``Σ top / Σ bottom``, the
share of finished games, the extreme seats). So the mean and the sample variance of ``x``
(one run) and of ``x(variant) − x(base)`` (two runs over the same keys) follow exactly
from:

* per run ``r``, its *own* block ``Σ_i F_ik(r) F_il(r)`` (its first row, the constant
  feature's, holds ``Σ_i F_il(r)`` and the number of games);
* per pair ``(r, q)`` of runs asked for, the *cross* block ``Σ_i F_ik(r) F_il(q)``, game
  ``i`` of one run against game ``i`` of the other.

:class:`PairedSums` holds these as Python integers: chunk ``k`` of every run is added at
once (:meth:`PairedSums.add`), sums of any chunks merge (:meth:`PairedSums.merge`), in any
order, to exactly the sums of all the games. A per-game value is a :data:`Form` (rational
coefficients over the features of one or more runs); :func:`values` gives each measure's
form, :func:`mean_and_variance` its mean and variance as exact fractions, :func:`vanishes`
whether it is 0 in every game. Nothing rounds before the caller turns a fraction into a
float.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np

from numbergames.analysis.statistics.tally import point_scale, whole
from numbergames.solver.registry import DRAW, SCORES, UNFINISHED, Traits

EXACT_FLOAT = 2 ** 53
"""Whole numbers below this (in magnitude) and every sum of them that stays below it are
exact in float64, so a float matrix product of such features is the exact integer one."""

Form = dict[tuple[int, int], Fraction]
"""A per-game value ``Σ c · F_k(run)``: coefficient ``c`` by ``(run, feature index)``."""


def feature_names(players: int, traits: Traits) -> tuple[str, ...]:
    """The features of a run with ``players`` seats, in the order of :func:`features`.

    >>> from numbergames.solver.registry import WIN_DRAW_LOSS
    >>> feature_names(2, Traits(True, (2, 2), WIN_DRAW_LOSS))
    ('one', 'finished', 'win0', 'draw', 'points_0', 'points_1', 'turns', 'finished_turns', 'decision_turns')
    """
    names = ["one", "finished", "win0"]
    if players == 1:
        names += ["score"] if traits.score else []
    else:
        names += (["draw"] if traits.draws else []) + [f"points_{s}" for s in range(players)]
    return tuple(names + ["turns", "finished_turns", "decision_turns"])


def point_units(games: Mapping[str, np.ndarray], players: int, traits: Traits) -> np.ndarray:
    """Each seat's points in each game in units of 1/``point_scale(players)``, an (n,
    players) int64 array: :func:`numbergames.analysis.statistics.outcomes.points` times the scale, 0 (not NaN) for
    an unfinished game."""
    winner = whole(games["winner"], "winner")
    scale = point_scale(players)
    units = np.zeros((winner.size, players), dtype=np.int64)
    won = winner >= 0
    units[np.flatnonzero(won), winner[won]] = scale
    drawn = winner == DRAW
    if drawn.any():
        if traits.outcome == SCORES:
            score = np.stack([np.asarray(games[f"{traits.score}_{s}"], dtype=float)[drawn]
                              for s in range(players)], axis=1)
            top = score == score.max(axis=1, keepdims=True)
            units[drawn] = top * (scale // top.sum(axis=1, keepdims=True))
        else:
            units[drawn] = scale // players
    return units


def features(games: Mapping[str, np.ndarray], players: int, traits: Traits) -> np.ndarray:
    """The (n, k) int64 features of a table of games (a DataFrame or a mapping of column
    arrays), columns as :func:`feature_names` names them."""
    winner = whole(games["winner"], "winner")
    turns = whole(games["turns"], "turns")
    done = winner != UNFINISHED
    columns = [np.ones_like(winner), done, winner == 0]
    if players == 1:
        if traits.score:
            score = np.asarray(games[f"{traits.score}_0"])
            columns.append(whole(np.where(done, score, 0), traits.score))
    else:
        if traits.draws:
            columns.append(winner == DRAW)
        columns.extend(point_units(games, players, traits).T)
    columns += [turns, turns * done, whole(games["decision_turns"], "decision_turns")]
    return np.stack(columns, axis=1).astype(np.int64, copy=False)


def products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``Σ_i a_ik b_il`` of two (n, ·) int64 feature arrays, exactly, as an object array of
    Python ints: a float64 (BLAS) product when every product and partial sum is a whole
    number below 2**53 (bounded by ``max|a| · max|b| · n``), else int64, else Python ints."""
    n = len(a)
    if n == 0:
        return np.zeros((a.shape[1], b.shape[1]), dtype=np.int64).astype(object)
    bound = int(np.abs(a).max()) * int(np.abs(b).max()) * n
    if bound < EXACT_FLOAT:
        return (a.T.astype(float) @ b.astype(float)).astype(np.int64).astype(object)
    if bound < 2 ** 63:
        return (a.T @ b).astype(object)
    return a.T.astype(object) @ b.astype(object)


class PairedSums:
    """The own and cross sums (module docstring) of the runs of a sweep, chunk by chunk.

    ``players[r]`` is run ``r``'s number of players (runs may differ); run 0 is the base.
    Cross sums are kept for the base with every run and for the ``pairs`` ``(i, j)`` given
    (e.g. variant files against each other)."""

    def __init__(self, players: Sequence[int], traits: Traits,
                 pairs: Sequence[tuple[int, int]] = ()) -> None:
        self.players = tuple(int(p) for p in players)
        self.traits = traits
        self.names = [feature_names(p, traits) for p in self.players]
        runs = len(self.players)
        wanted = {(0, j) for j in range(1, runs)} | {(min(p), max(p)) for p in pairs
                                                     if p[0] != p[1]}
        if any(not 0 <= i < j < runs for i, j in wanted):
            raise ValueError(f"pairs must name runs 0..{runs - 1}")
        self.pairs = tuple(sorted(wanted))
        self.n = 0
        self.own = [np.zeros((len(k), len(k)), dtype=np.int64).astype(object)
                    for k in self.names]
        self.cross = {(i, j): np.zeros((len(self.names[i]), len(self.names[j])),
                                       dtype=np.int64).astype(object) for i, j in self.pairs}

    @classmethod
    def of(cls, runs: Sequence[Mapping[str, np.ndarray]], players: Sequence[int],
           traits: Traits, pairs: Sequence[tuple[int, int]] = ()) -> PairedSums:
        """The sums of whole runs' tables of games (one chunk each)."""
        sums = cls(players, traits, pairs)
        sums.add(runs)
        return sums

    def add(self, parts: Sequence[Mapping[str, np.ndarray]]) -> None:
        """Add chunk ``k`` of every run (``parts[r]``: run ``r``'s games of the chunk, one
        row each, in key order; all the same number of games)."""
        if len(parts) != len(self.players):
            raise ValueError(f"one chunk per run is needed ({len(self.players)})")
        found = [features(part, p, self.traits) for part, p in zip(parts, self.players)]
        sizes = {len(f) for f in found}
        if len(sizes) != 1:
            raise ValueError(f"the runs' chunks hold different numbers of games {sorted(sizes)}")
        for r, f in enumerate(found):
            self.own[r] = self.own[r] + products(f, f)
        for i, j in self.pairs:
            self.cross[i, j] = self.cross[i, j] + products(found[i], found[j])
        self.n += sizes.pop()

    def merge(self, other: PairedSums) -> PairedSums:
        """These sums and ``other``'s (the same runs' other chunks) together, in place."""
        if (other.players, other.traits, other.pairs) != (self.players, self.traits,
                                                          self.pairs):
            raise ValueError("sums of different runs or pairs do not merge")
        self.n += other.n
        self.own = [a + b for a, b in zip(self.own, other.own)]
        self.cross = {key: self.cross[key] + other.cross[key] for key in self.pairs}
        return self

    def block(self, r: int, q: int) -> np.ndarray:
        """``Σ_i F_ik(r) F_il(q)`` (KeyError for a pair whose sums were not kept)."""
        if r == q:
            return self.own[r]
        return self.cross[r, q] if r < q else self.cross[q, r].T

    def total(self, r: int, name: str) -> int:
        """``Σ_i`` of run ``r``'s feature ``name`` over every game."""
        return self.own[r][0, self.names[r].index(name)]


# --------------------------------------------------------------------------- forms


def combine(*terms: tuple[Fraction | int, Form]) -> Form:
    """``Σ weight · form`` (zero coefficients dropped)."""
    found: dict[tuple[int, int], Fraction] = {}
    for weight, form in terms:
        for key, c in form.items():
            found[key] = found.get(key, Fraction(0)) + weight * c
    return {key: c for key, c in found.items() if c}


def _integer(form: Form) -> tuple[list[tuple[int, int, int]], int]:
    """``form`` as ``[(run, feature, whole coefficient)]`` over one common denominator."""
    denominator = math.lcm(*(c.denominator for c in form.values())) if form else 1
    return [(r, k, int(c * denominator)) for (r, k), c in form.items()], denominator


def _sum_and_squares(sums: PairedSums, form: Form) -> tuple[Fraction, Fraction]:
    """``Σ_i x_i`` and ``Σ_i x_i²`` of the per-game values ``x`` of ``form``, exactly."""
    terms, denominator = _integer(form)
    linear = sum(c * sums.own[r][0, k] for r, k, c in terms)
    square = sum(c * d * sums.block(r, q)[k, l] for r, k, c in terms for q, l, d in terms)
    return Fraction(linear, denominator), Fraction(square, denominator * denominator)


def mean_and_variance(sums: PairedSums, form: Form) -> tuple[Fraction | None, Fraction | None]:
    """The mean and the sample variance (ddof=1) of ``form``'s per-game values, exactly;
    None when undefined (no games; fewer than two)."""
    n = sums.n
    if n == 0:
        return None, None
    total, squares = _sum_and_squares(sums, form)
    if n < 2:
        return total / n, None
    return total / n, (n * squares - total * total) / (n * (n - 1))


def vanishes(sums: PairedSums, form: Form) -> bool:
    """Whether ``form``'s per-game value is 0 in every game (``Σ x_i² = 0``, exactly)."""
    return _sum_and_squares(sums, form)[1] == 0


# --------------------------------------------------------------------------- the measures


def extreme_seats(sums: PairedSums, run: int) -> tuple[int, int]:
    """The seats with the highest and the lowest points of run ``run`` (summed over its
    finished games; the first of equal ones), as :func:`numbergames.analysis.statistics.stats.summarize` takes
    them for the balance."""
    totals = [sums.total(run, f"points_{s}") for s in range(sums.players[run])]
    return totals.index(max(totals)), totals.index(min(totals))


def values(sums: PairedSums, run: int) -> dict[str, Form | None]:
    """Each measure's per-game values of run ``run`` as a form (None when they are NaN: a
    ratio whose bottom sums to 0), as :mod:`numbergames.analysis.statistics.paired`'s docstring defines them;
    the first-player advantage is seat 0's points (the fair share is the caller's)."""
    players, traits, names = sums.players[run], sums.traits, sums.names[run]
    n = sums.n

    def feature(name: str, weight: Fraction | int = 1) -> Form:
        return {(run, names.index(name)): Fraction(weight)}

    def ratio(top: Form, bottom: Form) -> Form | None:
        # R + (top − R·bottom) / mean(bottom), R = Σ top / Σ bottom: its mean is exactly R
        total = _sum_and_squares(sums, bottom)[0]
        if total <= 0:
            return None
        rate = _sum_and_squares(sums, top)[0] / total
        return combine((rate, feature("one")), (n / total, top), (-rate * n / total, bottom))

    def over_finished(value: Form) -> Form | None:
        # the mean of ``value`` (0 when unfinished) over the finished games
        return value if sums.total(run, "finished") == n else ratio(value, feature("finished"))

    found: dict[str, Form | None] = {}
    if players == 1:
        found["solve_rate"] = over_finished(feature("win0"))
        if traits.score:
            found["score_mean"] = over_finished(feature("score"))
    else:
        scale = point_scale(players)
        high, low = extreme_seats(sums, run)
        found["seat0_win_rate"] = over_finished(feature("win0"))
        found["first_player_advantage"] = over_finished(feature("points_0", Fraction(1, scale)))
        if traits.draws:
            found["draw_rate"] = over_finished(feature("draw"))
        found["balance"] = over_finished(combine(
            (1, feature("finished")), (Fraction(-1, scale), feature(f"points_{high}")),
            (Fraction(1, scale), feature(f"points_{low}"))))
    found["turns_mean"] = over_finished(feature("finished_turns"))
    found["completion"] = feature("finished")
    found["decision_rate"] = ratio(feature("decision_turns"), feature("turns"))
    return found
