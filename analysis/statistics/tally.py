"""A run's standard figures as a tally that merges: computed per chunk, added chunk by chunk,
so that a run's memory grows with its chunks and never with its games (issue 20).

:class:`Tally` holds, in Python integers (exact, whatever the number of games):

* ``outcomes`` — how many games ended with each ``winner`` code (a seat, or
  :data:`~numbergames.solver.registry.DRAW`, :data:`~numbergames.solver.registry.UNFINISHED`,
  :data:`~numbergames.solver.registry.NO_WINNER`);
* ``lengths`` — the finished games' ``turns`` as an exact histogram (value → games), from
  which the mean, median, 10th and 90th percentiles (numpy's linear interpolation, to the
  bit: :func:`percentiles`), maximum and standard deviation follow;
* ``turns`` and ``decision_turns`` — their sums over every game;
* ``points`` — each seat's points summed over the finished games, and their squares, in
  units of 1/:func:`point_scale` (a share of a draw, 1/k of a point, is then a whole
  number);
* for a game with a score column, each seat's score summed over the finished games and
  its squares, and (a score game) the winning margins' sum.

Two tallies of the same run's chunks add (:meth:`Tally.merge`) to the tally of the chunks
together: a sum is a sum, in any order, so a run of any size gives exactly the figures its
rows would (:func:`numbergames.analysis.statistics.stats.summarize` computes every figure from a tally).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from numbergames.solver.registry import DRAW, NO_WINNER, SCORES, UNFINISHED, Traits


def point_scale(players: int) -> int:
    """The unit of points: every share of a draw (1/k of a point, k ≤ players) is a whole
    number of them.

    >>> point_scale(2), point_scale(4)
    (2, 12)
    """
    return math.lcm(*range(1, players + 1))


def _int_column(games: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    """Column ``name`` as an int64 array; ValueError if not whole numbers."""
    return whole(games[name], name)


def whole(values, name: str) -> np.ndarray:
    """``values`` (of column ``name``) as an int64 array; ValueError if not whole numbers."""
    values = np.asarray(values)
    if np.issubdtype(values.dtype, np.integer):
        return values.astype(np.int64, copy=False)
    if np.issubdtype(values.dtype, np.floating) and np.all(
            np.isfinite(values) & (values == np.round(values))):
        return values.astype(np.int64)
    raise ValueError(f"column {name!r} must hold whole numbers")


def histogram(values: np.ndarray) -> Counter:
    """Value → count of an int64 array."""
    if values.size == 0:
        return Counter()
    low = int(values.min())
    if int(values.max()) - low < 1 << 24:
        counts = np.bincount(values - low)
        seen = np.flatnonzero(counts)
        return Counter(dict(zip((seen + low).tolist(), counts[seen].tolist())))
    found, counts = np.unique(values, return_counts=True)
    return Counter(dict(zip(found.tolist(), counts.tolist())))


def _sums(values: np.ndarray) -> tuple[list[int], list[int]]:
    """Per-column sums and sums of squares of an (n, k) int64 array, as Python ints."""
    return ([int(v) for v in values.sum(axis=0, dtype=np.int64)],
            [int(v) for v in (values * values).sum(axis=0, dtype=np.int64)])


@dataclass
class Tally:
    """The standard figures of some games of one run, ready to merge (module docstring)."""

    players: int
    traits: Traits
    games: int = 0
    outcomes: Counter = field(default_factory=Counter)
    lengths: Counter = field(default_factory=Counter)
    turns: int = 0
    decision_turns: int = 0
    points: list[int] = field(default_factory=list)
    points_sq: list[int] = field(default_factory=list)
    scores: list[int] | None = None
    scores_sq: list[int] | None = None
    margin: int = 0

    def __post_init__(self) -> None:
        if not self.points:
            self.points, self.points_sq = [0] * self.players, [0] * self.players
        if self.traits.score is not None and self.scores is None:
            self.scores, self.scores_sq = [0] * self.players, [0] * self.players

    @property
    def scale(self) -> int:
        return point_scale(self.players)

    @classmethod
    def of(cls, games: Mapping[str, np.ndarray], players: int, traits: Traits) -> Tally:
        """The tally of a table of games (a DataFrame or a mapping of column arrays)."""
        tally = cls(players, traits)
        tally.add(games)
        return tally

    def add(self, games: Mapping[str, np.ndarray]) -> None:
        """Count a chunk of games (one row each) in; ValueError for values the game's
        outcome kind does not allow or bad turn counts."""
        players, traits = self.players, self.traits
        winner = _int_column(games, "winner")
        turns = _int_column(games, "turns")
        decision_turns = _int_column(games, "decision_turns")
        if winner.size == 0:
            return
        codes = {UNFINISHED, NO_WINNER} | ({DRAW} if traits.draws else set())
        if winner.max() >= players or not set(np.unique(winner[winner < 0]).tolist()) <= codes:
            raise ValueError(f"winner must be a seat 0..{players - 1} or an outcome code a "
                             f"{traits.outcome} game allows "
                             f"({', '.join(map(str, sorted(codes)))})")
        if turns.min() < 0:
            raise ValueError("turns must be non-negative")
        if decision_turns.min() < 0 or np.any(decision_turns > turns):
            raise ValueError("decision_turns must be in 0..turns")
        done = winner != UNFINISHED
        self.games += int(winner.size)
        self.outcomes.update(histogram(winner))
        self.lengths.update(histogram(turns[done]))
        self.turns += int(turns.sum())
        self.decision_turns += int(decision_turns.sum())
        score = (np.stack([_int_column(games, f"{traits.score}_{s}") for s in range(players)],
                          axis=1)[done] if traits.score is not None else None)
        units = self._points(winner[done], score)
        total, squares = _sums(units)
        self.points = [a + b for a, b in zip(self.points, total)]
        self.points_sq = [a + b for a, b in zip(self.points_sq, squares)]
        if score is not None:
            total, squares = _sums(score)
            self.scores = [a + b for a, b in zip(self.scores, total)]
            self.scores_sq = [a + b for a, b in zip(self.scores_sq, squares)]
            if traits.outcome == SCORES and players > 1 and len(score):
                ordered = np.sort(score, axis=1)
                self.margin += int((ordered[:, -1] - ordered[:, -2]).sum())

    def _points(self, winner: np.ndarray, score: np.ndarray | None) -> np.ndarray:
        """Each finished game's points per seat, in units of 1/scale (numbergames.analysis.statistics.outcomes)."""
        scale = self.scale
        units = np.zeros((winner.size, self.players), dtype=np.int64)
        won = winner >= 0
        units[np.flatnonzero(won), winner[won]] = scale
        drawn = winner == DRAW
        if drawn.any():
            if self.traits.outcome == SCORES:
                values = score[drawn]
                top = values == values.max(axis=1, keepdims=True)
                units[drawn] = top * (scale // top.sum(axis=1, keepdims=True))
            else:
                units[drawn] = scale // self.players
        return units

    def merge(self, other: Tally) -> Tally:
        """This tally and ``other`` (of the same run's other games) together, in place."""
        if (other.players, other.traits) != (self.players, self.traits):
            raise ValueError("tallies of different games or numbers of players do not merge")
        self.games += other.games
        self.outcomes.update(other.outcomes)
        self.lengths.update(other.lengths)
        self.turns += other.turns
        self.decision_turns += other.decision_turns
        self.points = [a + b for a, b in zip(self.points, other.points)]
        self.points_sq = [a + b for a, b in zip(self.points_sq, other.points_sq)]
        if self.scores is not None:
            self.scores = [a + b for a, b in zip(self.scores, other.scores)]
            self.scores_sq = [a + b for a, b in zip(self.scores_sq, other.scores_sq)]
        self.margin += other.margin
        return self

    # ------------------------------------------------------------------ what it says

    @property
    def finished(self) -> int:
        return self.games - self.outcomes.get(UNFINISHED, 0)

    def wins(self) -> list[int]:
        return [self.outcomes.get(seat, 0) for seat in range(self.players)]

    def length_histogram(self) -> tuple[np.ndarray, np.ndarray]:
        """The finished games' lengths and how many games had each, ascending."""
        values = np.array(sorted(self.lengths), dtype=np.int64)
        return values, np.array([self.lengths[v] for v in values.tolist()], dtype=np.int64)


def percentiles(values: np.ndarray, counts: np.ndarray, q) -> np.ndarray:
    """``np.percentile(sample, q)`` (its default, linear interpolation) of the sample that
    holds ``counts[i]`` times ``values[i]`` (ascending), computed from the counts — to the
    bit what numpy gives for the sample itself.

    >>> percentiles(np.array([1, 2, 5]), np.array([3, 1, 2]), [10, 50, 90])
    array([1. , 1.5, 5. ])
    """
    n = int(counts.sum())
    quantiles = np.true_divide(np.asanyarray(q), 100)
    # numpy's own steps (numpy/lib/_function_base_impl.py: the 'linear' method's virtual
    # index, _get_indexes, _get_gamma, _lerp)
    virtual = np.asanyarray((n - 1) * quantiles)
    previous = np.floor(virtual)
    following = previous + 1
    above = virtual >= n - 1
    previous[above] = following[above] = -1
    below = virtual < 0
    previous[below] = following[below] = 0
    previous_i, following_i = previous.astype(np.intp), following.astype(np.intp)
    ends = np.cumsum(counts)

    def order_statistic(index: np.ndarray) -> np.ndarray:
        index = np.where(index < 0, n + index, index)
        return values[np.searchsorted(ends, index, side="right")]

    low, high = order_statistic(previous_i), order_statistic(following_i)
    gamma = np.asanyarray(virtual - previous_i, dtype=virtual.dtype)
    difference = high - low
    result = np.add(low, difference * gamma)
    np.subtract(high, difference * (1 - gamma), out=result, where=gamma >= 0.5,
                casting="unsafe", dtype=type(result.dtype))
    return result


def moments(sum_: int, squares: int, n: int, scale: int = 1) -> tuple[float, float]:
    """(mean, sample standard deviation, ddof=1) of ``n`` values whose sum is ``sum_`` and
    sum of squares ``squares``, all in units of 1/``scale``; exact until the last rounding
    (the standard deviation is NaN for fewer than two values).

    >>> moments(6, 14, 3)
    (2.0, 1.0)
    """
    mean = sum_ / (n * scale)
    if n < 2:
        return mean, math.nan
    # var = (n Σx² - (Σx)²) / (n (n - 1)), exactly, then one square root
    numerator = n * squares - sum_ * sum_
    variance = numerator / (n * (n - 1) * scale * scale)
    return mean, math.sqrt(variance)


# --------------------------------------------------------------------------- a game's own parts
#
# A study's own figures (studies/<game>/sections.py) come from *parts* it computes per chunk:
# nested dicts (and lists) whose leaves are whole numbers (counts, sums) or histograms
# (Counter: value -> games). Parts of the same run's chunks merge leaf by leaf.


def merge_parts(a, b):
    """``a`` and ``b`` (parts of the same shape) added leaf by leaf: numbers add, histograms
    add their counts, lists and dicts merge item by item (a key only one side has is kept).

    >>> merge_parts({"n": 2, "h": Counter({3: 1}), "s": [1, 2]},
    ...             {"n": 5, "h": Counter({3: 2, 4: 1}), "s": [10, 20]})
    {'n': 7, 'h': Counter({3: 3, 4: 1}), 's': [11, 22]}
    """
    if isinstance(a, Counter):
        return a + b if isinstance(b, Counter) else _mismatch(a, b)
    if isinstance(a, dict):
        if not isinstance(b, dict):
            _mismatch(a, b)
        return {**a, **{k: merge_parts(a[k], v) if k in a else v for k, v in b.items()}}
    if isinstance(a, list):
        if not isinstance(b, list) or len(a) != len(b):
            _mismatch(a, b)
        return [merge_parts(x, y) for x, y in zip(a, b)]
    if isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer)):
        return int(a) + int(b)
    return _mismatch(a, b)


def _mismatch(a, b):
    raise ValueError(f"parts of different shapes do not merge: {type(a).__name__} and "
                     f"{type(b).__name__}")


def count(mask: np.ndarray) -> int:
    """How many of ``mask`` are true."""
    return int(np.count_nonzero(mask))


def total(values: np.ndarray) -> int:
    """The exact sum of whole numbers."""
    return int(np.asarray(values).sum(dtype=np.int64))


def hist_mean(hist: Counter) -> float:
    """The mean of the sample a histogram counts (NaN when empty)."""
    n = sum(hist.values())
    return sum(v * c for v, c in hist.items()) / n if n else math.nan


def hist_percentiles(hist: Counter, q) -> np.ndarray:
    """:func:`percentiles` of the sample a histogram counts."""
    values = np.array(sorted(hist), dtype=np.int64)
    return percentiles(values, np.array([hist[v] for v in values.tolist()], dtype=np.int64), q)
