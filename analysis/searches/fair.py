"""Fair rules, found: the value of a compensation rule (a *lever*) that makes a game fair.

A game's rules declare their levers (:attr:`numbergames.solver.params.Param.lever`): a
graded lever is a number whose effect on the seats grows with it (rings, points or men a
later seat starts with). :func:`fair` finds the value where the first-player advantage —
seat 0's share of the points minus the fair share ``1/players``, in percentage points — is
zero, with an interval on the lever itself: the values the games do not reject as fair.

**Common random numbers.** Every value is played with the same seed, so game *i* of every
value rolls the same dice until the lever first makes a difference; the values' games are
kept in a results store (a temporary one when none is given), so a rerun reads them and an
interrupted search resumes to exactly the same answer, with any number of workers or on a
Dask cluster.

**The search.** The seat-0 advantage falls (or rises) with a graded lever, so the values
split into three runs: rejected as *seat 0 ahead*, not rejected (fair at the stated
precision), rejected as *seat 0 behind*. Each tried value is measured sequentially: its
games double from :data:`FIRST_GAMES` until its advantage's interval excludes 0 (a
rejection, either way), or that interval's half-width is at most ``precision`` points with
0 still inside (*fair*: within ``precision`` of fair at the search's error rate), or ``sims`` games are spent (*open*: counted as not rejected).
The two ends of the range are measured first (the bracket); then two bisections find the
last value rejected as *ahead* and the first rejected as *behind* — every value between
them is fair — sharing every value they both try. A float lever is bisected to a
:data:`FLOAT_STEPS`-th of its range.

**Error rate.** A rejection at the ``k``-th look of the whole search (every measurement of
every value is a look) uses the level ``α·6/(π²k²)``, which sums to ``α`` over all looks
(a union bound): with probability at least ``1 − α`` no value is put on the wrong side of
the fair interval, however many looks the search takes. The intervals the table shows are
plain 95% intervals of the last look.

**Two goals.** With a second lever (any numeric rules parameter) and a target mean length
in rounds of the table, the search is nested: for each tried value of the second lever, the
first lever's fair value (the search above; its looks count in the one error rate), and the
second lever bracketed and bisected for the value whose fair game lasts the target, a
length being decided when its interval excludes the target or lies within
:data:`LENGTH_TOLERANCE` of it. A hand-written nested bisection, not a general optimiser
(optuna's samplers draw a point per trial and know no paired games or sequential tests):
both goals are monotone in their own lever, so bisection spends the fewest games.

**The answer.** The recommended value is the tried value inside the fair interval whose
advantage is nearest 0 — for more than two seats, whose largest gap between a seat's share
and the fair share is smallest; with no fair value (an integer lever that jumps over 0),
the two neighbours on either side are given, and the better of them recommended. The
answer is then measured again on fresh keys (another seed, :data:`FRESH_SEED`), never on
the games it was found with, until its half-width is ``precision``.

Nothing here names a game: the rules class, its levers and the players come from the
registry.
"""
from __future__ import annotations

import math
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.running.errors import MAX_SEED, UserError
from numbergames.analysis.running.request import Common, find_spec
from numbergames.analysis.running.runner import Run, default_workers
from numbergames.analysis.running.store import Store, as_store
from numbergames.analysis.searches.simulation import PLAIN, REPORTS_ROOT, Plan, plan
from numbergames.analysis.statistics.outcomes import points
from numbergames.analysis.statistics.stats import Z
from numbergames.solver.params import GRADED, RulesError, value_text

ALPHA = 0.05
"""The search's error rate: the chance that any value is put on the wrong side."""
FIRST_GAMES = 1024
"""Games of a value's first look; each further look doubles them."""
FLOAT_STEPS = 64
"""A float lever is bisected to a step of its range divided by this."""
FRESH_SEED = 1 << 30
"""Added to the seed (modulo the largest seed + 1) for the answer's fresh games."""
MIN_PRECISION = 0.05
"""The smallest precision asked for, in points (finer costs millions of games per value)."""
AHEAD, BEHIND, FAIR, OPEN = "seat 0 ahead", "seat 0 behind", "fair", "open"
"""A tried value's verdict: rejected either way, not rejected at the precision, or not
decided within the games allowed (not rejected either)."""


def look_z(look: int, alpha: float = ALPHA) -> float:
    """The two-sided normal quantile of the ``look``-th look (1, 2, ...): level
    ``α·6/(π²k²)``, which sums to ``α`` over every look.

    >>> round(look_z(1), 2), round(look_z(10), 2)
    (2.16, 3.61)
    """
    level = alpha * 6 / (math.pi ** 2 * look ** 2)
    return NormalDist().inv_cdf(1 - level / 2)


@dataclass
class Measure:
    """One tried value: its run and what its games say so far."""

    value: Any
    run_plan: Plan
    games: int = 0
    """Games played or loaded (finished or not)."""
    finished: int = 0
    shares: tuple[float, ...] = ()
    advantage: float = math.nan
    """Seat 0's share minus the fair share, in points."""
    se: float = math.nan
    """The advantage's standard error, in points."""
    turns_mean: float = math.nan
    rounds_se: float = math.nan
    """The standard error of the mean length in rounds."""
    verdict: str = OPEN
    looks: int = 0

    @property
    def players(self) -> int:
        return self.run_plan.game.seats(self.run_plan.rules)

    def count(self, rows: pd.DataFrame) -> None:
        """Take the figures of ``rows``, every game of the value so far."""
        spec, n = self.run_plan.game, self.players
        table = points(rows, n, spec.traits)
        done = ~np.isnan(table[:, 0])
        self.games, self.finished = len(rows), int(done.sum())
        if self.finished == 0:
            self.shares, self.advantage, self.se = (math.nan,) * n, math.nan, math.nan
            return
        kept = table[done]
        self.shares = tuple(float(x) for x in kept.mean(axis=0))
        self.advantage = 100 * (self.shares[0] - 1 / n)
        sd = float(kept[:, 0].std(ddof=1)) if self.finished > 1 else math.inf
        self.se = 100 * sd / math.sqrt(self.finished)
        turns = rows["turns"].to_numpy(dtype=float)[done]
        self.turns_mean = float(turns.mean())
        self.rounds_se = (float(turns.std(ddof=1)) / math.sqrt(self.finished) / n
                          if self.finished > 1 else math.inf)

    @property
    def rounds(self) -> float:
        """Mean length of the finished games, in rounds of the table (turns / players)."""
        return self.turns_mean / self.players

    @property
    def worst(self) -> tuple[int, float]:
        """The seat whose share is furthest from the fair share, and that gap in points."""
        n = self.players
        gaps = [100 * (s - 1 / n) for s in self.shares]
        seat = max(range(n), key=lambda s: round(abs(gaps[s]), 9) if not math.isnan(gaps[s])
                   else -1)  # the first of seats as far (two seats: seat 0)
        return seat, gaps[seat]

    def row(self) -> dict[str, Any]:
        seat, gap = self.worst
        return {"value": self.value, "games": self.games, "finished": self.finished,
                "advantage": self.advantage, "lo": self.advantage - Z * self.se,
                "hi": self.advantage + Z * self.se, "worst_seat": seat, "worst_gap": gap,
                **{f"share_{s}": x for s, x in enumerate(self.shares)},
                "turns_mean": self.turns_mean, "rounds_mean": self.turns_mean / self.players,
                "verdict": self.verdict, "looks": self.looks}


@dataclass
class Fair:
    """A finished fair search: every tried value and the answer."""

    game: Any
    lever: str
    rules: Any
    """The base rules (the lever's value aside)."""
    policies: tuple[str, ...]
    seed: int
    precision: float
    alpha: float
    low: Any
    high: Any
    table: pd.DataFrame
    """Every tried value, in order of value: games, advantage (points) and its 95%
    interval, the worst seat and its gap, every seat's share, mean length (turns and
    rounds), verdict."""
    best: Any
    """The recommended value."""
    interval: tuple[Any, Any] | None
    """The values not rejected as fair (both ends included), None when there are none."""
    neighbours: tuple[Any, Any] | None
    """With no fair value: the last value rejected as seat 0 ahead and the first rejected
    as seat 0 behind."""
    status: str
    """``fair``, ``no fair value`` (between the neighbours), ``out of range`` (the lever
    cannot make it fair within low..high) or ``no effect`` (every value is fair)."""
    fresh: dict[str, Any]
    """The answer measured again on fresh keys: seed, games, advantage, lo, hi, shares."""
    games_spent: int
    """Games of the search and of the fresh measurement together (loaded ones included)."""
    games_played: int
    """Of them, games played now (not read from the store)."""
    elapsed_s: float
    command: str | None = None
    store: str | None = None
    second: str | None = None
    """The second lever of a pair search (with a length target), else None."""
    second_value: Any = None
    """Its value in the answer."""
    length: float | None = None
    """The target mean length, in rounds of the table (a pair search)."""
    pairs: pd.DataFrame | None = None
    """A pair search's tried values of the second lever: each one's fair value of the first
    (its inner search's answer), status, mean length in rounds with its 95% interval and
    verdict against the target."""

    @property
    def players(self) -> int:
        return self.game.seats(self.rules)

    def sentence(self) -> str:
        """The answer in one sentence."""
        name, best = self.lever, value_text(self.best)
        fresh = self.fresh
        measured = (f"on fresh games seat 0 is {fresh['advantage']:+.1f} points "
                    f"({fresh['lo']:+.1f} to {fresh['hi']:+.1f}) from the fair share")
        if self.second is not None:
            measured += (f" and a game lasts {fresh['rounds_mean']:.2f} rounds "
                         f"({fresh['rounds_lo']:.2f} to {fresh['rounds_hi']:.2f}; target "
                         f"{self.length:g})")
            name = f"{self.second} = {value_text(self.second_value)} and {name}"
        if self.status == "fair":
            lo, hi = (value_text(v) for v in self.interval)  # type: ignore[union-attr]
            where = f"{lo}" if lo == hi else f"{lo} to {hi}"
            return (f"{name} = {best} makes it fair (not rejected: {where}); {measured}.")
        if self.status == "no fair value":
            a, b = (value_text(v) for v in self.neighbours)  # type: ignore[union-attr]
            return (f"no value of {name} makes it fair: {a} leaves seat 0 ahead and {b} "
                    f"behind; {name} = {best} is nearer; {measured}.")
        if self.status == "no effect":
            return (f"every {name} from {value_text(self.low)} to {value_text(self.high)} is "
                    f"fair at ±{self.precision:g} points; {measured}.")
        return (f"no {name} from {value_text(self.low)} to {value_text(self.high)} makes it "
                f"fair; {name} = {best} comes nearest; {measured}.")


def _bisect(lo: Any, hi: Any, integer: bool, step: float) -> Any | None:
    """The midpoint of ``lo`` and ``hi`` (either order), or None when they are neighbours."""
    if integer:
        if abs(hi - lo) <= 1:
            return None
        return (lo + hi) // 2
    if abs(hi - lo) <= step:
        return None
    return (lo + hi) / 2


@dataclass(frozen=True, kw_only=True)
class FairPlan(Common):
    """A checked fair search (see :func:`plan_fair`): the shared request (the game, the base
    rules, ``sims`` — the most games of one value — seed, workers, scheduler) and its own
    fields."""

    lever: str
    policies: tuple[str, ...]
    precision: float = 1.0
    """The half-width, in points, at which a value not rejected is called fair (the
    interval of the search's error rate, not a plain 95% one: module docstring)."""
    low: Any = None
    high: Any = None
    alpha: float = ALPHA
    second: str | None = None
    """A second lever, searched for the mean length ``length`` (a pair search)."""
    length: float | None = None
    """The target mean length, in rounds of the table (needs ``second``)."""
    second_low: Any = None
    second_high: Any = None

    def _check_own(self) -> dict[str, Any]:
        checked = self._check_lever()
        return {**checked, **self._check_second()}

    def _check_second(self) -> dict[str, Any]:
        spec, second = self.game, self.second
        if second is None and self.length is None:
            return {}
        if second is None:
            raise UserError("--length needs a second lever (--lever NAME again) that moves the "
                            "length: one lever cannot meet two targets")
        if self.length is None:
            raise UserError(f"two levers need --length: fairness alone is met by a whole curve "
                            f"of ({self.lever}, {second}) pairs")
        param = spec.rules.parameters().get(second)
        if param is None or param.kind not in (int, float) or param.choices:
            raise UserError(f"the second lever must be a numeric rules parameter of "
                            f"{spec.name}, not {second!r:.40}")
        if second == self.lever:
            raise UserError(f"{second} is given twice; a pair search needs two levers")
        length = self.length
        if (isinstance(length, bool) or not isinstance(length, (int, float))
                or not math.isfinite(length) or not 0 < length <= 1e6):
            raise UserError(f"--length must be a positive number of rounds, not {length!r:.40}")
        low, high = self._range(second, self.second_low, self.second_high)
        return {"second_low": low, "second_high": high, "length": float(length)}

    def _range(self, name: str, low: Any, high: Any) -> tuple[Any, Any]:
        """The range searched of the lever ``name`` (None: its bound), checked: both ends
        allowed, in these rules, the lower first."""
        param = self.game.rules.parameters()[name]
        low = param.low if low is None else low
        high = param.high if high is None else high
        for end in (low, high):
            if not param.admits(end):
                raise UserError(f"the range of {name} must lie in {param.allowed()}, not "
                                f"{value_text(end)}")
            try:
                self.game.rules.from_values({name: end}, base=self.rules)
            except RulesError as exc:
                raise UserError(f"{name}={value_text(end)}: {exc}") from None
        if not low < high:
            raise UserError(f"the range of {name} must run from a lower to a higher value, "
                            f"not {value_text(low)}..{value_text(high)}")
        return low, high

    def _check_lever(self) -> dict[str, Any]:
        spec = self.game
        if spec.seats(self.rules) < 2:
            raise UserError(f"{spec.name} with one player has no seats to make fair")
        levers = spec.rules.levers()
        param = spec.rules.parameters().get(self.lever)
        if param is None or self.lever not in levers:
            known = ", ".join(n for n, p in levers.items() if p.lever == GRADED) or "none"
            what = "no rules parameter" if param is None else "not a compensation rule"
            raise UserError(f"{self.lever!r} is {what} of {spec.name}; its graded levers: "
                            f"{known}")
        if param.lever != GRADED:
            raise UserError(f"{self.lever} is not a graded lever (it is a choice: "
                            f"{param.allowed()}); compare its values with analyze whatif")
        low, high = self._range(self.lever, self.low, self.high)
        precision = self.precision
        if (isinstance(precision, bool) or not isinstance(precision, (int, float))
                or not math.isfinite(precision) or not MIN_PRECISION <= precision <= 50):
            raise UserError(f"--precision must be a number of points from {MIN_PRECISION:g} "
                            f"to 50 (e.g. 0.5), not {precision!r:.40}")
        if not 0 < self.alpha < 1:
            raise UserError(f"the error rate must lie between 0 and 1, not {self.alpha!r}")
        return {"low": low, "high": high, "precision": float(precision)}

    @property
    def integer(self) -> bool:
        return self.game.rules.parameters()[self.lever].kind is int

    def plan_of(self, value: Any, seed: int | None = None) -> Plan:
        """The run of the lever at ``value`` (the other rules the base's)."""
        rules = self.game.rules.from_values({self.lever: value}, base=self.rules)
        return Plan(self.game, rules, self.sims, self.seed if seed is None else seed,
                    self.workers, self.scheduler, self.variant, policies=self.policies,
                    presentation=PLAIN)

    def default_out(self) -> Path:
        """The search's report folder (:func:`out_folder`)."""
        return out_folder(self.game, self.rules, self.policies, self.lever, self.second)

    def run(self, store: Store | str | Path | None = None, command: str | None = None,
            say: Callable[[str], None] | None = None, progress: bool = False) -> Fair:
        """Search (module docstring); the finished :class:`Fair`. Without a store the
        values' games are kept in a temporary one for the search's length."""
        opened = as_store(store)
        keeper = tempfile.TemporaryDirectory(prefix="fair-") if opened is None else nullcontext()
        with keeper as temporary:
            where = opened if opened is not None else Store(Path(temporary) / "runs.sqlite")
            search = (_Search if self.second is None else _PairSearch)(self, where, say, progress)
            return search.run(command, None if opened is None else opened.shown)


@dataclass
class _Counts:
    """What a whole search has spent: looks (for the error rate) and games played."""

    looks: int = 0
    played: int = 0


class _Search:
    """The state of one search: the measured values and the looks taken."""

    def __init__(self, request: FairPlan, store: Store, say: Callable[[str], None] | None,
                 progress: bool, counts: "_Counts | None" = None) -> None:
        self.request, self.store, self.say, self.progress = request, store, say, progress
        self.measures: dict[Any, Measure] = {}
        self.counts = _Counts() if counts is None else counts
        """The looks and games of the whole search (a pair's inner searches share them)."""

    @property
    def looks(self) -> int:
        return self.counts.looks

    @property
    def played(self) -> int:
        return self.counts.played

    def _play(self, measure: Measure, games: int) -> None:
        request = measure.run_plan
        run = Run(request.game, request.rules, request.policies, request.seed,
                  capacity=games, store=self.store, label=request.label)
        run.extend(games, default_workers() if request.workers is None else request.workers,
                   request.scheduler)
        result = run.result()
        self.counts.played += result.games_played
        measure.count(result.games)

    def measure(self, value: Any) -> str:
        """The verdict on ``value``, measured until it is decided (module docstring)."""
        if value in self.measures:
            return self.measures[value].verdict
        request = self.request
        one = self.measures[value] = Measure(value, request.plan_of(value))
        games = min(FIRST_GAMES, request.sims)
        while True:
            self._play(one, games)
            self.counts.looks += 1
            one.looks += 1
            z = look_z(self.looks, request.alpha)
            if one.finished > 1 and one.advantage - z * one.se > 0:
                one.verdict = AHEAD
            elif one.finished > 1 and one.advantage + z * one.se < 0:
                one.verdict = BEHIND
            elif one.finished > 1 and z * one.se <= request.precision:
                one.verdict = FAIR
            elif games >= request.sims:
                one.verdict = OPEN
            else:
                games = min(request.sims, 2 * games)
                continue
            if self.say:
                self.say(f"{request.lever} = {value_text(value)}: {one.verdict} "
                         f"({one.advantage:+.2f} points, {one.games:,} games)")
            return one.verdict

    def _edge(self, start: Any, end: Any, inside: Callable[[str], bool]) -> tuple[Any, Any]:
        """Bisect between ``start`` (not ``inside``) and ``end`` (``inside``): the last value
        not inside and the first inside."""
        request = self.request
        step = (request.high - request.low) / FLOAT_STEPS
        while (mid := _bisect(start, end, request.integer, step)) is not None:
            if inside(self.measure(mid)):
                end = mid
            else:
                start = mid
        return start, end

    def run(self, command: str | None, shown: str | None) -> Fair:
        request = self.request
        started = time.perf_counter()
        status, interval, neighbours, best = self.find()
        fresh = self._fresh(best)
        table = self.table()
        spent = int(table["games"].sum()) + fresh["games"]
        return Fair(request.game, request.lever, request.rules, request.policies, request.seed,
                    request.precision, request.alpha, request.low, request.high, table, best,
                    interval, neighbours, status, fresh, spent, self.played,
                    time.perf_counter() - started, command, shown)

    def table(self) -> pd.DataFrame:
        """Every tried value's row, in order of value."""
        return pd.DataFrame([self.measures[v].row() for v in sorted(self.measures)])

    def find(self) -> tuple[str, Any, Any, Any]:
        """The search (module docstring): its status, the fair interval, the neighbours
        (with no fair value) and the recommended value."""
        request = self.request
        low, high = request.low, request.high
        ends = {low: self.measure(low), high: self.measure(high)}
        # orient the lever: ``first`` is the end where seat 0 is (more) ahead
        if ends[high] == AHEAD or ends[low] == BEHIND:
            first, last = high, low
        elif ends[low] == AHEAD or ends[high] == BEHIND:
            first, last = low, high
        else:  # both ends fair or open: no end is rejected
            first, last = low, high
        interval, neighbours = None, None
        if ends[first] == ends[last] and ends[first] in (AHEAD, BEHIND):
            status = "out of range"
        elif ends[first] not in (AHEAD, BEHIND) and ends[last] not in (AHEAD, BEHIND):
            status, interval = "no effect", (low, high)
        else:
            not_ahead = lambda verdict: verdict != AHEAD  # noqa: E731
            behind = lambda verdict: verdict == BEHIND  # noqa: E731
            start = first
            if ends[first] == AHEAD:
                start, after = self._edge(first, last, not_ahead)
            else:
                after = first
            if self.measures[after].verdict == BEHIND:
                status, neighbours = "no fair value", tuple(sorted((start, after)))
            else:
                if ends[last] == BEHIND:  # from the nearest value known to be behind
                    nearest = min((v for v, m in self.measures.items() if m.verdict == BEHIND
                                   and min(after, last) <= v <= max(after, last)),
                                  key=lambda v: abs(v - after))
                    before = self._edge(after, nearest, behind)[0]
                else:
                    before = last
                status = "fair"
                interval = tuple(sorted((after, before)))
        return status, interval, neighbours, self._best(status, interval, neighbours)

    def _score(self, value: Any) -> float:
        """How far ``value`` is from fair: seat 0's gap with two seats, else the worst."""
        one = self.measures[value]
        gap = one.advantage if one.players == 2 else one.worst[1]
        return abs(gap) if not math.isnan(gap) else math.inf

    def _best(self, status: str, interval: tuple[Any, Any] | None,
              neighbours: tuple[Any, Any] | None) -> Any:
        if status == "no fair value":
            candidates = list(neighbours)  # type: ignore[arg-type]
        elif interval is not None:
            candidates = [v for v in self.measures if interval[0] <= v <= interval[1]]
        else:
            candidates = list(self.measures)
        return min(candidates, key=lambda v: (self._score(v), v))

    def _fresh(self, best: Any) -> dict[str, Any]:
        """``best`` measured on fresh keys until its 95% half-width is the precision."""
        request = self.request
        seed = (request.seed + FRESH_SEED) % (MAX_SEED + 1)
        one = Measure(best, request.plan_of(best, seed))
        games = min(FIRST_GAMES, request.sims)
        while True:
            self._play(one, games)
            if (one.finished > 1 and Z * one.se <= request.precision) or games >= request.sims:
                break
            wanted = (math.ceil(games * (Z * one.se / request.precision) ** 2 * 1.05)
                      if one.finished > 1 and math.isfinite(one.se) else 0)
            games = min(request.sims, max(2 * games, wanted))
        row = one.row()
        return {"value": best, "seed": seed, "games": one.games,
                **{k: row[k] for k in ("advantage", "lo", "hi", "worst_seat", "worst_gap",
                                       "turns_mean", "rounds_mean")},
                "rounds_lo": one.rounds - Z * one.rounds_se,
                "rounds_hi": one.rounds + Z * one.rounds_se, "shares": list(one.shares)}


LENGTH_TOLERANCE = 0.02
"""A pair search's length is on target when its interval (at the search's error rate) is
within this share of the target around it."""


class _PairSearch(_Search):
    """Two levers and a length target: for each tried value of the second lever, the first
    lever's fair value (an inner search, every look counted in the one error rate); the
    second lever bisected — the same bracket and bisection — for the value whose fair
    game lasts ``length`` rounds."""

    def __init__(self, request: FairPlan, store: Store, say: Callable[[str], None] | None,
                 progress: bool) -> None:
        super().__init__(request, store, say, progress)
        self.inner: dict[Any, _Search] = {}
        self.found: dict[Any, tuple[str, Any, Any, Any]] = {}
        self.verdicts: dict[Any, int] = {}

    def _inner(self, value: Any) -> tuple[_Search, tuple[str, Any, Any, Any]]:
        request = self.request
        if value not in self.inner:
            rules = request.game.rules.from_values({request.second: value}, base=request.rules)
            one = replace(request, rules=rules, second=None, length=None)
            search = _Search(one, self.store, self.say, self.progress, self.counts)
            if self.say:
                self.say(f"{request.second} = {value_text(value)}: searching {request.lever}")
            self.inner[value] = search
            self.found[value] = search.find()
        return self.inner[value], self.found[value]

    def length_verdict(self, value: Any) -> int:
        """+1: the fair game at ``value`` is longer than the target, -1 shorter, 0 on
        target (or not decided within the games allowed)."""
        if value in self.verdicts:
            return self.verdicts[value]
        request = self.request
        search, (_, _, _, best) = self._inner(value)
        one = search.measures[best]
        while True:
            self.counts.looks += 1
            z = look_z(self.looks, request.alpha)
            gap, half = one.rounds - request.length, z * one.rounds_se
            if gap - half > 0 or gap + half < 0:
                verdict = 1 if gap > 0 else -1
            elif half <= LENGTH_TOLERANCE * request.length or one.games >= request.sims:
                verdict = 0
            else:
                search._play(one, min(request.sims, 2 * one.games))
                continue
            self.verdicts[value] = verdict
            return verdict

    def run(self, command: str | None, shown: str | None) -> Fair:
        request = self.request
        started = time.perf_counter()
        low, high = request.second_low, request.second_high
        integer = request.game.rules.parameters()[request.second].kind is int
        step = (high - low) / FLOAT_STEPS
        ends = {low: self.length_verdict(low), high: self.length_verdict(high)}
        if ends[low] == ends[high] != 0:
            chosen = min((low, high), key=self._length_gap)
        elif 0 in ends.values():
            chosen = low if ends[low] == 0 else high
        else:
            long, short = (low, high) if ends[low] > 0 else (high, low)
            while (mid := _bisect(long, short, integer, step)) is not None:
                verdict = self.length_verdict(mid)
                if verdict == 0:
                    long = short = mid
                    break
                if verdict > 0:
                    long = mid
                else:
                    short = mid
            chosen = min({long, short}, key=self._length_gap)
        search, (status, interval, neighbours, best) = self._inner(chosen)
        fresh = search._fresh(best)
        tables = []
        for value in sorted(self.inner):
            table = self.inner[value].table()
            table.insert(0, request.second, value)
            tables.append(table)
        table = pd.concat(tables, ignore_index=True)
        spent = int(table["games"].sum()) + fresh["games"]
        return Fair(request.game, request.lever, search.request.rules, request.policies,
                    request.seed, request.precision, request.alpha, request.low, request.high,
                    table, best, interval, neighbours, status, fresh, spent, self.played,
                    time.perf_counter() - started, command, shown, second=request.second,
                    second_value=chosen, length=request.length, pairs=self._pairs())

    def _length_gap(self, value: Any) -> float:
        search, (_, _, _, best) = self._inner(value)
        return abs(search.measures[best].rounds - self.request.length)

    def _pairs(self) -> pd.DataFrame:
        rows = []
        for value in sorted(self.inner):
            search, (status, _, _, best) = self._inner(value)
            one = search.measures[best]
            rows.append({self.request.second: value, self.request.lever: best,
                         "status": status, "rounds_mean": one.rounds,
                         "rounds_lo": one.rounds - Z * one.rounds_se,
                         "rounds_hi": one.rounds + Z * one.rounds_se,
                         "length": {1: "longer", -1: "shorter", 0: "on target"}.get(
                             self.verdicts.get(value), "")})
        return pd.DataFrame(rows)


def out_folder(spec: Any, rules: Any, policies: Sequence[str], lever: str,
               second: str | None = None) -> Path:
    """``reports/<game>/fair-<lever>`` (``fair-<lever>-<second>`` for a pair), then
    ``-<n>p`` when the seats are not the game's standard number and the players' names when
    they are not its default player."""
    name = f"fair-{lever}" + (f"-{second}" if second else "")
    if spec.seats(rules) != spec.seats(spec.rules()):
        name += f"-{spec.seats(rules)}p"
    if set(policies) != {spec.players.default}:
        name += "-" + "-".join(dict.fromkeys(policies))
    return REPORTS_ROOT / spec.name / name


def plan_fair(game: str, lever: str | Sequence[str], sims: int | str | float = 1_000_000, *,
              players: int | None = None, policy: str | Sequence[str] | None = None,
              seed: int = 0, workers: int | None = None, variant: str | Path | None = None,
              precision: float = 1.0, low: Any = None, high: Any = None,
              length: float | None = None, second_range: Sequence[Any] | None = None,
              scheduler: str | None = None, alpha: float = ALPHA,
              **rule_values: Any) -> FairPlan:
    """Check a fair search (see :func:`fair`) without playing a game; UserError in one
    line."""
    spec = find_spec(game)
    levers = [lever] if isinstance(lever, str) else list(lever) if isinstance(
        lever, Sequence) else [lever]
    if not 1 <= len(levers) <= 2 or not all(isinstance(one, str) for one in levers):
        raise UserError(f"lever must be one or two rules parameters' names, not {lever!r:.40}")
    lever, second = levers[0], (levers[1] if len(levers) == 2 else None)
    for one in levers:
        if one in rule_values:
            raise UserError(f"{one} is a lever searched; do not also set it")
    base = plan(spec, sims, players=players, policy=policy, seed=seed, workers=workers,
                variant=variant, presentation=PLAIN, scheduler=scheduler, **rule_values)
    param = spec.rules.parameters().get(lever)

    def typed(end: Any, name: str = lever) -> Any:
        if end is None or name not in spec.rules.parameters():
            return end
        try:
            return getattr(spec.rules.from_values({name: end}, base=base.rules), name)
        except RulesError as exc:
            raise UserError(f"the range of {name}: {exc}") from None

    if second_range is not None and (second is None or len(second_range) != 2):
        raise UserError("a second range needs a second lever and two values, LOW,HIGH")
    second_low, second_high = ((typed(second_range[0], second), typed(second_range[1], second))
                               if second_range is not None else (None, None))

    return FairPlan(game=spec, rules=base.rules, sims=base.sims, seed=base.seed,
                    workers=base.workers, scheduler=base.scheduler, variant=base.variant,
                    lever=lever, policies=base.policies, precision=precision,
                    low=typed(low), high=typed(high), alpha=alpha, second=second,
                    length=length, second_low=second_low, second_high=second_high)


def fair(game: str, lever: str | Sequence[str], sims: int | str | float = 1_000_000, *,
         players: int | None = None, policy: str | Sequence[str] | None = None, seed: int = 0,
         workers: int | None = None, variant: str | Path | None = None, precision: float = 1.0,
         low: Any = None, high: Any = None, length: float | None = None,
         second_range: Sequence[Any] | None = None,
         store: Store | str | Path | None = None, scheduler: str | None = None,
         command: str | None = None, say: Callable[[str], None] | None = None,
         **rule_values: Any) -> Fair:
    """Find the value of the graded ``lever`` of ``game`` that makes the game fair (module
    docstring): ``sims`` is the most games one value may take, ``precision`` the 95%
    half-width in points at which a value is called fair, ``low``..``high`` the range
    searched (default: the lever's bounds); the other rules from the defaults, ``variant``,
    ``rule_values`` and ``players``. Returns a :class:`Fair` whose ``table`` is a DataFrame
    and ``best`` the answer. Two levers (``lever=("a", "b")``) and a target mean ``length``
    in rounds: the pair whose fair game (by ``a``) lasts ``length`` rounds (by ``b``, in
    ``second_range`` or its bounds), the module docstring's "Two goals"."""
    return plan_fair(game, lever, sims, players=players, policy=policy, seed=seed,
                     workers=workers, variant=variant, precision=precision, low=low,
                     high=high, length=length, second_range=second_range,
                     scheduler=scheduler, **rule_values).run(
        store=store, command=command, say=say)
