"""What if the rules were different? Rules-variant sweeps with common random numbers.

:func:`sweep` plays the base rules and every variant with **the same seed**. The variants
are the points of a grid (the cartesian product of the values given for each varied rules
parameter, applied on top of the base) and/or TOML variant files compared directly: with
two or more files the first is the base and every further one is a variant, each file
changing the pinned defaults (then ``rule_values`` and ``players`` apply to every file
alike). Every game is played from its own key (:func:`analysis.runner.chunk_keys`), so
game *i* of every variant starts from the same dice stream: common random numbers (CRN).
The variants differ in rules, so the games diverge after the first event where the rules
differ, but until then they are the same game, and comparing them game by game (paired)
removes much of the noise.

Per variant: the standard metrics of :func:`analysis.stats.summarize`, each with a 95%
interval — seat 0's win rate and completion with Wilson intervals, first-player advantage
with seat 0's Wilson interval shifted by the fair share ``1/players``, mean length of
finished games with ``mean ± 1.96·sd/√n``, and balance and decision rate by linearisation
(below).

Per variant against the base, for every measure, paired game by game: each measure is
written as the mean of per-game values ``x_i`` (exactly, or to first order — the
linearisation, or influence values, of a measure that is not a plain mean; no bootstrap):

* ``seat0_win_rate``: ``x_i = 1`` when seat 0 wins game *i*, else 0 (all games);
* ``turns_mean``: ``x_i`` = turns of game *i* (games finished under both rules);
* ``completion``: ``x_i = 1`` when game *i* finished (has a winner), else 0 (all games);
* ``decision_rate`` = ``R = Σ decision_turns / Σ turns`` (all games), a ratio of sums:
  ``x_i = R + z_i`` with the influence value ``z_i = (d_i − R·t_i) / mean(t)``, whose mean
  is exactly ``R``;
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

The per-variant interval of a linearised measure is ``mean(x) ± 1.96·sd(x)/√n``, clipped
to [0, 1]. The paired difference ``d_i = x_i(variant) − x_i(base)``: its mean (the
difference of the two measures), ``SE = sd(d)/√n``, the 95% normal interval and the
two-sided normal p-value; the SE an independent comparison of the same games would have
had, ``√(var_variant/n + var_base/n)``; and the variance reduction ``(independent SE /
paired SE)²``. The p-values of all variant × measure tests (grid points and variant files
alike, every measure; :attr:`Sweep.tests` counts them) are adjusted together with Holm's
step-down method (:func:`holm`). ``--precision`` targets seat 0's win-rate difference only.

With three or more variant files, :attr:`Sweep.pairwise` also compares every pair of files
(B − A, paired in the same way, for every measure, first-player advantage again tested only
when the two files have different numbers of players). Those p-values are Holm-adjusted as
a family of their own — over the pairwise tests only, separate from the tests against the
base — and are reported in their own table (``pairwise.csv``).

:func:`plan_sweep` checks everything (rules of every variant, files, grid size, scheduler
address) before any game is played; :meth:`SweepPlan.run` plays the games, locally or with
``scheduler="tcp://HOST:PORT"`` on a Dask cluster (the same games), loading and keeping
them in a results ``store`` if one is given — an interrupted sweep keeps its finished
chunks there and the same call resumes from them.

>>> holm([0.01, 0.02])
[0.02, 0.02]
>>> out_name({"tie": ["defender", "attacker"]}, ["calm", "bold"])
'whatif-calm-vs-bold-tie'

Nothing here names a game: the rules class, players and policies come from the registry.
"""
from __future__ import annotations

import datetime as _dt
import itertools
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as sps

from analysis.errors import UserError
from analysis.plain import plain
from analysis.simulation import REPORTS_ROOT, Analysis, Plan, package_version, parse_sims, plan
from analysis.stats import wilson_interval
from analysis.store import Store, as_store
from solver.params import RulesError, Variant, coerce
from solver.registry import GameSpec, find_game

MAX_VARIANTS = 64
"""The most variants one sweep may hold (grid points and variant files, not counting the
base)."""
MAX_FOLDER_NAME = 100
"""The longest default folder name before the file names are abbreviated."""
CONFIDENCE = 0.95
Z = float(sps.norm.ppf(0.5 + CONFIDENCE / 2))
MEASURES: dict[str, str] = {"seat0_win_rate": "seat 0's win rate",
                            "first_player_advantage": "first-player advantage",
                            "turns_mean": "mean game length (turns)",
                            "balance": "balance",
                            "completion": "completion",
                            "decision_rate": "decision rate"}
"""The measures compared with the base, paired game by game (every standard metric)."""
PLOTTED: tuple[str, ...] = ("seat0_win_rate", "turns_mean")
"""The measures with one plot per varied parameter."""
FILES: tuple[str, ...] = ("report.md", "summary.json", "variants.csv")
"""The files of a what-if folder besides one PNG per (plotted measure, varied parameter)
and, with three or more variant files, ``pairwise.csv``."""


# --------------------------------------------------------------------------- statistics


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
        return float(2 * sps.norm.sf(abs(diff) / se))
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


def _shifted(paired: Paired, shift: float, test: bool) -> Paired:
    """``paired`` moved by the constant ``shift`` (same SE); its own p-value if ``test``,
    else NaN (the same hypothesis as ``paired``'s when ``shift`` is 0)."""
    diff = paired.diff + shift
    return Paired(paired.n, diff, paired.lo + shift, paired.hi + shift, paired.se,
                  paired.independent_se, _p_value(diff, paired.se) if test else math.nan)


def extreme_seats(winner: np.ndarray, players: int) -> tuple[int, int]:
    """The seats with the highest and the lowest win rate (the first of equal ones), as
    :func:`analysis.stats.summarize` takes them for the balance.

    >>> extreme_seats(np.array([1, 1, 0, -1, 2, 1]), 3)
    (1, 0)
    """
    wins = np.bincount(winner[winner >= 0], minlength=players)
    return int(np.argmax(wins)), int(np.argmin(wins))


def _measures(games: pd.DataFrame, players: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per-game values ``x_i`` of each tested measure and the mask of games it is defined
    on; the mean of ``x`` over the mask is the measure itself (see the module docstring).
    First-player advantage is seat 0's win rate shifted (:func:`_paired_row`)."""
    winner = games["winner"].to_numpy().astype(np.int64)
    turns = games["turns"].to_numpy().astype(float)
    decisions = games["decision_turns"].to_numpy().astype(float)
    n = len(winner)
    every = np.ones(n, bool)
    high, low = extreme_seats(winner, players)
    balance = 1.0 - (winner == high) + (winner == low).astype(float)
    total = float(turns.sum())
    if total > 0:
        rate = float(decisions.sum()) / total
        decision = rate + (decisions - rate * turns) / (total / n)
    else:
        decision = np.full(n, math.nan)
    return {"seat0_win_rate": ((winner == 0).astype(float), every),
            "turns_mean": (turns, winner >= 0),
            "balance": (balance, every),
            "completion": ((winner >= 0).astype(float), every),
            "decision_rate": (decision, every)}


def _interval(x: np.ndarray) -> tuple[float, float]:
    """``mean(x) ± 1.96·sd(x)/√n`` clipped to [0, 1] (a linearised share); NaN for n < 2."""
    n = len(x)
    if n < 2 or np.isnan(x).any():
        return math.nan, math.nan
    mean, half = float(x.mean()), Z * float(x.std(ddof=1)) / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


# --------------------------------------------------------------------------- the grid


def parse_vary(items: Sequence[str]) -> dict[str, list[str]]:
    """``["tie=defender,attacker", "men_to_win=3,4"]`` → ``{"tie": [...], "men_to_win": [...]}``."""
    vary: dict[str, list[str]] = {}
    for item in items:
        name, sep, values = item.partition("=")
        name = name.strip()
        listed = [v.strip() for v in values.split(",")]
        if not sep or not name or not any(listed):
            raise UserError(f"bad --vary {item!r}; expected name=value1,value2,...")
        if not all(listed):
            raise UserError(f"bad --vary {item!r}: an empty value in the list")
        if name in vary:
            raise UserError(f"--vary {name} is given twice; give all its values in one --vary")
        vary[name] = listed
    return vary


def _check_grid(rules_cls: type, base: Any, vary: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
    """The varied values, typed and checked one by one; UserError on any problem."""
    typed: dict[str, list[Any]] = {}
    for name, values in vary.items():
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise UserError(f"--vary {name} needs a list of values")
        typed[name] = []
        try:
            rules_cls.from_values({name: values[0]}, base=None)  # an unknown name lists the allowed
        except RulesError as exc:
            if name not in rules_cls.parameters():
                raise UserError(str(exc)) from None
        for value in values:
            try:  # the type here; ranges and cross-parameter checks per grid point, below
                one = coerce(name, rules_cls.parameters()[name], value)
            except RulesError as exc:
                raise UserError(str(exc)) from None
            if one in typed[name]:
                raise UserError(f"--vary {name} lists the value {value!r} twice")
            typed[name].append(one)
    size = math.prod(len(v) for v in typed.values())
    if size > MAX_VARIANTS:
        raise UserError(f"--vary gives {size} variants; at most {MAX_VARIANTS} are allowed")
    return typed


def expand(vary: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """The cartesian product of the varied values, first parameter slowest.

    >>> expand({"a": [1, 2], "b": ["x", "y"]})
    [{'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]
    """
    names = list(vary)
    return [dict(zip(names, combo)) for combo in itertools.product(*(vary[n] for n in names))]


# --------------------------------------------------------------------------- variant files


@dataclass(frozen=True)
class VariantFile:
    """A variant file of a sweep (or a :class:`Variant` given directly)."""

    name: str
    """The variant's name: ``name`` in the file, else the file's stem."""
    variant: Variant
    path: str | None = None
    """The path as given; None for a Variant object."""

    @property
    def what(self) -> str:
        """How an error message names it."""
        return f"variant file {self.path!r}" if self.path is not None else f"variant {self.name!r}"

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "game": self.variant.game,
                "description": self.variant.description, "rules": dict(self.variant.values)}


def _load_files(spec: GameSpec, items: Sequence[str | os.PathLike[str] | Variant]) -> list[VariantFile]:
    """Load and check every variant file alone; UserError (one line) on the first problem."""
    files: list[VariantFile] = []
    seen: dict[str, str] = {}
    for item in items:
        if isinstance(item, Variant):
            loaded, path = item, None
        elif isinstance(item, (str, os.PathLike)):
            path = os.fspath(item)
            real = os.path.realpath(path)
            if real in seen:
                again = "" if seen[real] == path else f" (as {seen[real]!r} and {path!r})"
                raise UserError(f"variant file {path!r} is given twice{again}; give each file once")
            seen[real] = path
            try:
                loaded = Variant.load(path)
            except RulesError as exc:
                raise UserError(" ".join(str(exc).split())) from None
        else:
            raise UserError(f"a variant must be a TOML file or a Variant, not {item!r}")
        name = loaded.name or (Path(path).stem if path else "variant")
        if name != loaded.name:
            loaded = Variant(name, loaded.values, loaded.description, loaded.game)
        one = VariantFile(name, loaded, path)
        if loaded.game is not None and loaded.game != spec.name:
            raise UserError(f"{one.what} is for game {loaded.game!r}, not {spec.name!r}")
        try:
            loaded.apply(spec.rules)
        except RulesError as exc:
            raise UserError(f"{one.what}: {exc}") from None
        files.append(one)
    return files


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", text).strip("._") or "variant"


def out_name(varied: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """The default folder name: ``whatif-<varied names>``, with two or more variant files
    ``whatif-<file 1>-vs-<file 2>...[-<varied names>]`` (abbreviated when long).

    >>> out_name({"tie": [], "men_to_win": []})
    'whatif-tie-men_to_win'
    >>> out_name({}, ["calm", "bold", "wild"])
    'whatif-calm-vs-bold-vs-wild'
    """
    parts = []
    if len(names) >= 2:
        files = "-vs-".join(_slug(n) for n in names)
        if len(files) > MAX_FOLDER_NAME:
            files = f"{_slug(names[0])[:40]}-vs-{len(names) - 1}-variants"
        parts.append(files)
    if varied:
        parts.append("-".join(varied))
    return "whatif-" + "-".join(parts)


# --------------------------------------------------------------------------- the sweep


def _fmt(value: Any) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Entry:
    """Where a row of a sweep comes from: ``kind`` is ``base``, ``grid`` or ``file``."""

    kind: str
    name: str | None = None
    """The variant file's name (for ``file``, and for a ``base`` read from a file)."""
    path: str | None = None


def _paired_row(result: Analysis, reference: Analysis) -> dict[str, Any]:
    """The paired differences ``result − reference`` of every measure, as table columns.

    First-player advantage is seat 0's win rate shifted by the change of the fair share;
    with the same number of players it is the same test, so its p-value is NaN (not a
    test of its own)."""
    players, base_players = result.stats.players, reference.stats.players
    base_values = _measures(reference.games, base_players)
    differences: dict[str, Paired] = {}
    for measure, (x, ok) in _measures(result.games, players).items():
        bx, bok = base_values[measure]
        both = ok & bok
        differences[measure] = paired_difference(x[both], bx[both])
    differences["first_player_advantage"] = _shifted(
        differences["seat0_win_rate"], 1 / base_players - 1 / players, players != base_players)
    row: dict[str, Any] = {}
    for measure in MEASURES:
        paired = differences[measure]
        row[f"{measure}_diff"] = paired.diff
        row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"] = paired.lo, paired.hi
        row[f"{measure}_paired_se"] = paired.se
        row[f"{measure}_independent_se"] = paired.independent_se
        row[f"{measure}_variance_reduction"] = paired.variance_reduction
        row[f"{measure}_p"] = paired.p_value
        row[f"{measure}_pairs"] = paired.n
    return row


def _add_holm(table: pd.DataFrame) -> None:
    """Holm-adjusted columns ``<measure>_p_holm`` over every p-value of ``table`` (one
    family); a first-player advantage that is not a test of its own (NaN p) repeats seat
    0's adjusted p, the same hypothesis."""
    keys = [f"{m}_p" for m in MEASURES]
    if table.empty:
        for m in MEASURES:
            table[f"{m}_p_holm"] = pd.Series(dtype=float)
        return
    adjusted = holm(table[keys].to_numpy(dtype=float).ravel())
    table[[f"{m}_p_holm" for m in MEASURES]] = np.reshape(adjusted, (len(table), len(keys)))
    same = table["first_player_advantage_p"].isna()
    table.loc[same, "first_player_advantage_p_holm"] = table.loc[same, "seat0_win_rate_p_holm"]


@dataclass
class Sweep:
    """A finished sweep: the base, the variants, and one table row per variant."""

    base: Analysis
    varied: dict[str, list[Any]]
    results: list[Analysis]
    """One per row of :attr:`table`; the base is the first."""
    sims: int
    seed: int
    elapsed_s: float
    command: str | None = None
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.timezone.utc)
                         .isoformat(timespec="seconds"))
    precision: float | None = None
    """The target paired 95% half-width of seat 0's win-rate difference, if one was set."""
    precision_steps: list[dict[str, Any]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    """Where each row comes from (default: the base, then grid points)."""
    files: list[VariantFile] = field(default_factory=list)
    """The variant files, the base's first when the base is read from one."""
    scheduler: str | None = None
    """The Dask scheduler that played the games, if any (the games are the same)."""

    @property
    def game(self):
        return self.base.game

    @property
    def games(self) -> int:
        return len(self.base.games)

    @property
    def table(self) -> pd.DataFrame:
        return self._table

    @property
    def pairwise(self) -> pd.DataFrame | None:
        """With three or more variant files, one row per pair (A, B) of them: the paired
        difference B − A of each measure, Holm-adjusted over these pairwise tests only;
        else None."""
        return self._pairwise

    def __post_init__(self) -> None:
        if not self.entries:
            self.entries = [Entry("base")] + [Entry("grid")] * (len(self.results) - 1)
        if len(self.entries) != len(self.results):
            raise ValueError("one entry per result is needed")
        self._table = self._build_table()
        self._pairwise = self._build_pairwise()

    def _label(self, index: int, result: Analysis) -> str:
        entry = self.entries[index]
        values = [f"{n}={_fmt(getattr(result.rules, n))}" for n in self.varied]
        if entry.kind == "file":
            return entry.name or "variant"
        if entry.kind == "base":
            return "base: " + ", ".join(([entry.name] if entry.name else []) + values)
        return ", ".join(values)

    def _build_table(self) -> pd.DataFrame:
        base = self.base
        rows = []
        for index, result in enumerate(self.results):
            s = result.stats
            entry = self.entries[index]
            is_base = index == 0
            row: dict[str, Any] = {name: getattr(result.rules, name) for name in self.varied}
            row["variant"] = self._label(index, result)
            row["is_base"] = is_base
            row["source"] = entry.kind
            row["name"] = entry.name or ""
            row["file"] = entry.path or ""
            row["games"] = s.games
            row["seat0_win_rate"] = s.win_rate_by_seat[0]
            row["seat0_win_rate_lo"], row["seat0_win_rate_hi"] = s.win_rate_ci_by_seat[0]
            row["first_player_advantage"] = s.first_player_advantage
            row["first_player_advantage_lo"], row["first_player_advantage_hi"] = \
                s.first_player_advantage_ci
            finished = s.games - s.unfinished
            half = Z * s.turns_std / math.sqrt(finished) if finished > 1 else math.nan
            row["turns_mean"] = s.turns_mean
            row["turns_mean_lo"], row["turns_mean_hi"] = s.turns_mean - half, s.turns_mean + half
            values = _measures(result.games, s.players)
            row["balance"] = s.balance
            row["balance_lo"], row["balance_hi"] = _interval(values["balance"][0])
            row["balance_high_seat"], row["balance_low_seat"] = extreme_seats(
                result.games["winner"].to_numpy().astype(np.int64), s.players)
            row["completion"] = s.completion
            row["completion_lo"], row["completion_hi"] = wilson_interval(
                s.games - s.unfinished, s.games)
            row["decision_rate"] = s.decision_rate
            row["decision_rate_lo"], row["decision_rate_hi"] = _interval(
                values["decision_rate"][0])
            row.update(_paired_row(result, base))
            if is_base:
                for measure in MEASURES:
                    row[f"{measure}_p"] = math.nan
            rows.append(row)
        table = pd.DataFrame(rows)
        _add_holm(table)
        return table

    def _file_rows(self) -> list[int]:
        """The rows that come from variant files (the base's first, if it is one)."""
        return [i for i, e in enumerate(self.entries)
                if e.kind == "file" or (e.kind == "base" and e.name is not None)]

    def _build_pairwise(self) -> pd.DataFrame | None:
        rows = self._file_rows()
        if len(rows) < 3:
            return None
        records = []
        for i, j in itertools.combinations(rows, 2):
            a, b = self.results[i], self.results[j]
            records.append({"a": self.entries[i].name, "b": self.entries[j].name,
                            "a_file": self.entries[i].path or "",
                            "b_file": self.entries[j].path or "", **_paired_row(b, a)})
        table = pd.DataFrame(records)
        _add_holm(table)
        return table

    @property
    def tests(self) -> int:
        """How many variant × measure tests the Holm adjustment covers."""
        return int(self.table[[f"{m}_p" for m in MEASURES]].notna().to_numpy().sum())

    @property
    def pairwise_tests(self) -> int:
        """How many pairwise tests their own Holm adjustment covers (0 without pairs)."""
        if self.pairwise is None:
            return 0
        return int(self.pairwise[[f"{m}_p" for m in MEASURES]].notna().to_numpy().sum())

    @property
    def summary(self) -> dict[str, Any]:
        """Everything ``summary.json`` holds."""
        base = self.base
        pairwise = self.pairwise
        return plain({
            "game": self.game.name, "title": f"What if: {self.game.title}",
            "varied": self.varied, "base_rules": base.rules.as_dict(),
            "base_variant": base.variant,
            "base_file": self.files[0].path if self._base_from_file else None,
            "files": [f.as_dict() for f in self.files],
            "policies": list(base.policies),
            "players": self.game.players(base.rules), "seed": self.seed,
            "games_per_variant": self.games, "sims": self.sims, "confidence": CONFIDENCE,
            "precision": self.precision, "precision_steps": self.precision_steps,
            "measures": MEASURES, "tests": self.tests, "adjustment": "holm",
            "first_player_advantage_test": (
                "seat 0's win-rate test when the number of players is the same (not counted "
                "again); a test of its own otherwise"),
            "linearised": {
                "balance": "1 - 1[high seat wins] + 1[low seat wins] per game, the extreme "
                           "seats fixed at their estimates",
                "decision_rate": "R + (decision_turns - R*turns)/mean(turns) per game"},
            "variants": [{**{k: plain(v) for k, v in row.items()},
                          "rules": r.rules.as_dict(), "run_id": r.run_id}
                         for row, r in zip(self.table.to_dict("records"), self.results)],
            "pairwise": [] if pairwise is None else pairwise.to_dict("records"),
            "pairwise_tests": self.pairwise_tests,
            "pairwise_adjustment": ("holm, over the pairwise tests only (a family separate "
                                    "from the tests against the base)"),
            "store": base.store, "scheduler": self.scheduler,
            "elapsed_s": round(self.elapsed_s, 3),
            "version": package_version(), "created": self.created, "command": self.command,
        })

    @property
    def _base_from_file(self) -> bool:
        return bool(self.files) and self.entries[0].name is not None

    def default_out(self) -> Path:
        return REPORTS_ROOT / self.game.name / out_name(self.varied, [f.name for f in self.files])

    def write_report(self, out: str | Path | None = None) -> Path:
        """Write the report folder (default ``reports/<game>/whatif-<names>``); its path."""
        from analysis.folders import staged_folder

        out_dir = Path(out) if out is not None else self.default_out()
        with staged_folder(out_dir) as folder:
            plots = []
            for measure in PLOTTED:
                for name in self.varied:
                    filename = f"{measure}_by_{name}.png"
                    _plot(self, measure, name, folder / filename)
                    plots.append((measure, name, filename))
            (folder / "summary.json").write_text(
                json.dumps(self.summary, indent=2, allow_nan=False) + "\n", encoding="utf-8")
            self.table.to_csv(folder / "variants.csv", index=False)
            if self.pairwise is not None:
                self.pairwise.to_csv(folder / "pairwise.csv", index=False)
            (folder / "report.md").write_text(render_markdown(self, plots), encoding="utf-8")
        return out_dir


def _half_width(table: pd.DataFrame) -> float:
    """The widest paired 95% half-width of seat 0's win-rate difference among the variants."""
    others = table[~table["is_base"]]
    if others.empty:
        return 0.0
    return float((Z * others["seat0_win_rate_paired_se"]).max())


@dataclass(frozen=True)
class SweepPlan:
    """A checked sweep: every variant's run, ready to play (see :func:`plan_sweep`)."""

    game: GameSpec
    plans: tuple[Plan, ...]
    """The base first, then the grid points, then the variant files."""
    entries: tuple[Entry, ...]
    varied: dict[str, list[Any]]
    files: tuple[VariantFile, ...]
    sims: int
    seed: int
    workers: int | None = None
    precision: float | None = None
    scheduler: str | None = None

    def default_out(self) -> Path:
        """``reports/<game>/whatif-...`` (see :func:`out_name`)."""
        return REPORTS_ROOT / self.game.name / out_name(self.varied, [f.name for f in self.files])

    def _sweep(self, results: list[Analysis], elapsed: float, command: str | None) -> Sweep:
        return Sweep(results[0], self.varied, results, self.sims, self.seed, elapsed, command,
                     precision=self.precision, entries=list(self.entries),
                     files=list(self.files), scheduler=self.scheduler)

    def run(self, store: Store | str | Path | None = None, command: str | None = None,
            say: Callable[[str], None] | None = None) -> Sweep:
        """Play (or load from ``store``) every variant's games; the finished :class:`Sweep`.

        Each chunk is kept in the store as soon as it is played, so after an interrupt
        (KeyboardInterrupt propagates) the same call resumes from the finished chunks.
        """
        opened = as_store(store)
        start = time.perf_counter()
        steps: list[dict[str, Any]] = []

        def run_all(games: int) -> list[Analysis]:
            done: list[Analysis] = []
            for i, p in enumerate(self.plans):
                same = next((r for q, r in zip(self.plans, done) if q.rules == p.rules), None)
                if same is not None:  # a grid point equal to a variant file: the same games
                    done.append(same)
                    continue
                if say:
                    say(f"[{i + 1}/{len(self.plans)}] {games:,} games of {p.label}")
                done.append(Plan(p.game, p.rules, p.policies, games, self.seed, self.workers,
                                 p.variant).execute(store=opened, command=command,
                                                    scheduler=self.scheduler))
            return done

        if self.precision is None:
            return self._sweep(run_all(self.sims), time.perf_counter() - start, command)
        from analysis.runner import CHUNK_SIZE

        games = min(self.sims, CHUNK_SIZE)
        while True:
            result = self._sweep(run_all(games), 0.0, command)
            width = _half_width(result.table)
            steps.append({"games": games, "half_width": width})
            if width <= self.precision or games >= self.sims:
                break
            # the half-width shrinks as 1/√n: aim for the target, at least doubling
            wanted = math.ceil(games * (width / self.precision) ** 2 * 1.05)
            games = min(self.sims, max(2 * games, math.ceil(wanted / CHUNK_SIZE) * CHUNK_SIZE))
        result.precision_steps = steps
        result.elapsed_s = time.perf_counter() - start
        return result


def _as_list(variants: Any) -> list[Any]:
    if variants is None:
        return []
    if isinstance(variants, (str, bytes, os.PathLike, Variant)):
        return [variants]
    return list(variants)


def plan_sweep(game: str, vary: Mapping[str, Sequence[Any]] | None = None,
               sims: int | str | float = 100_000, *, players: int | None = None,
               policy: str | Sequence[str] | None = None, seed: int = 0,
               workers: int | None = None, variant: str | Path | Variant | None = None,
               variants: Sequence[str | Path | Variant] | None = None,
               precision: float | None = None, scheduler: str | None = None,
               **rule_values: Any) -> SweepPlan:
    """Check a sweep (see :func:`sweep`) without playing a game; UserError in one line."""
    sims = parse_sims(sims)
    if scheduler is not None:
        from analysis.runner import check_scheduler

        check_scheduler(scheduler)
    try:
        spec = find_game(game)
    except LookupError as exc:
        raise UserError(str(exc).strip('"')) from None
    files = _load_files(spec, ([variant] if variant is not None else []) + _as_list(variants))
    vary = dict(vary or {})
    if not vary and len(files) < 2:
        raise UserError("whatif needs at least one --vary name=value1,value2,... "
                        "(or two or more --variant files to compare)")
    base_plan = plan(game, sims, players=players, policy=policy, seed=seed, workers=workers,
                     variant=files[0].variant if files else None, **rule_values)
    typed = _check_grid(spec.rules, base_plan.rules, vary)
    plans: list[Plan] = [base_plan]
    entries: list[Entry] = [Entry("base", files[0].name, files[0].path) if files
                            else Entry("base")]
    for combo in expand(typed) if typed else []:
        try:
            point = plan(game, sims, policy=policy, seed=seed, workers=workers,
                         rules=base_plan.rules, **combo)
        except UserError as exc:
            where = ", ".join(f"{k}={_fmt(v)}" for k, v in combo.items())
            raise UserError(f"variant {where}: {exc}") from None
        point = Plan(point.game, point.rules, point.policies, sims, seed, workers,
                     base_plan.variant)
        if any(p.rules == point.rules for p in plans):
            continue  # the base (or an equal point) is already a row
        plans.append(point)
        entries.append(Entry("grid"))
    file_plans = [base_plan]
    for one in files[1:]:
        try:
            file_plan = plan(game, sims, players=players, policy=policy, seed=seed,
                             workers=workers, variant=one.variant, **rule_values)
        except UserError as exc:
            raise UserError(f"{one.what}: {exc}") from None
        file_plans.append(file_plan)
    for (a, pa), (b, pb) in itertools.combinations(zip(files, file_plans), 2):
        if pa.rules == pb.rules:
            also = " (with --set/--players)" if rule_values or players is not None else ""
            raise UserError(f"{a.what} and {b.what} give the same rules{also}; "
                            "there is nothing to compare")
    names: dict[str, VariantFile] = {}
    for one in files:
        if one.name in names:
            raise UserError(f"{names[one.name].what} and {one.what} are both named "
                            f"{one.name!r}; give one of them another name = \"...\"")
        names[one.name] = one
    for one, file_plan in zip(files[1:], file_plans[1:]):
        plans.append(file_plan)
        entries.append(Entry("file", one.name, one.path))
    if len(plans) - 1 > MAX_VARIANTS:
        raise UserError(f"the grid and the variant files give {len(plans) - 1} variants; "
                        f"at most {MAX_VARIANTS} are allowed")
    if precision is not None and not (isinstance(precision, (int, float))
                                      and math.isfinite(precision) and precision > 0):
        raise UserError(f"--precision must be a positive number, e.g. 0.002, not {precision!r}")
    return SweepPlan(spec, tuple(plans), tuple(entries), typed, tuple(files), sims, seed,
                     workers, precision, scheduler)


def sweep(game: str, vary: Mapping[str, Sequence[Any]] | None = None,
          sims: int | str | float = 100_000, *, players: int | None = None,
          policy: str | Sequence[str] | None = None, seed: int = 0, workers: int | None = None,
          variant: str | Path | Variant | None = None,
          variants: Sequence[str | Path | Variant] | None = None,
          store: Store | str | Path | None = None, precision: float | None = None,
          scheduler: str | None = None, command: str | None = None,
          say: Callable[[str], None] | None = None, **rule_values: Any) -> Sweep:
    """Play the base rules and every variant with the same seed.

    The base is the defaults, then the first variant file (``variant``, else the first of
    ``variants``), then ``rule_values``, then ``players``; each point of the ``vary`` grid
    changes the base by the values it names. Every further variant file (paths or
    :class:`Variant` objects: ``variant`` and ``variants`` together, in that order) is a
    variant of its own — the defaults, then the file, then ``rule_values`` and ``players``
    — compared with the base in the same table; ``vary`` may then be empty. A file that
    names another game, a malformed file, the same file twice, or two files giving the
    same rules or the same name is a UserError. Every variant's rules are checked before
    any game is played (UserError with one line otherwise).
    With ``precision`` (e.g. 0.002) the games per variant grow from one chunk, doubling,
    until the paired 95% half-width of seat 0's win-rate difference is at most
    ``precision`` for every variant, ``sims`` being the most; with a ``store`` the
    games already played are loaded rather than played again; with ``scheduler``
    (``tcp://HOST:PORT``) the workers of that Dask cluster play every variant's games
    (the results are identical to a local run).
    """
    return plan_sweep(game, vary, sims, players=players, policy=policy, seed=seed,
                      workers=workers, variant=variant, variants=variants, precision=precision,
                      scheduler=scheduler, **rule_values).run(store=store, command=command,
                                                              say=say)


# --------------------------------------------------------------------------- report


def _num(value: Any) -> float | None:
    if value is None:
        return None
    number = float(value)
    return None if math.isnan(number) else number


PERCENT = ("seat0_win_rate", "first_player_advantage", "completion", "decision_rate")
"""The measures shown in percent (their differences in percentage points)."""
DECIMALS = {"balance": 3}
"""Decimals of a measure not in percent (default 2)."""


def _value(measure: str, value: Any, signed: bool = False) -> str:
    number = _num(value)
    if number is None:
        return "n/a"
    if measure in PERCENT:
        return f"{number * 100:+.2f} pts" if signed else f"{number * 100:.2f}%"
    decimals = DECIMALS.get(measure, 2)
    return f"{number:+.{decimals}f}" if signed else f"{number:.{decimals}f}"


def _range(measure: str, lo: Any, hi: Any, signed: bool = False) -> str:
    a, b = _num(lo), _num(hi)
    if a is None or b is None:
        return "n/a"
    if measure in PERCENT:
        scale, unit, decimals = 100, (" pts" if signed else "%"), 2
    else:
        scale, unit, decimals = 1, "", DECIMALS.get(measure, 2)
    sign = "+" if signed else ""
    return f"{a * scale:{sign}.{decimals}f} to {b * scale:{sign}.{decimals}f}{unit}"


def _pv(value: Any) -> str:
    p = _num(value)
    if p is None:
        return "—"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _vr(value: Any) -> str:
    v = _num(value)
    return "—" if v is None else f"{v:.2f}×"


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [header, ["---"] + ["---:"] * (len(header) - 1), *rows]
    return "\n".join("| " + " | ".join(str(c).replace("|", "\\|") for c in line) + " |"
                     for line in lines)


def _own_test(row: Mapping[str, Any], measure: str) -> bool:
    """Whether ``measure`` is a test of its own in ``row`` (first-player advantage is seat
    0's test unless the number of players differs)."""
    return measure != "first_player_advantage" or _num(row[f"{measure}_p"]) is not None


def _change(measure: str, row: Mapping[str, Any], name: str) -> str:
    """``+1.23 pts with <name> (paired 95% CI ..., Holm-adjusted p ...: a clear effect)``."""
    p = _num(row[f"{measure}_p_holm"])
    clear = p is not None and p < 1 - CONFIDENCE
    return (f"{_value(measure, row[f'{measure}_diff'], True)} with {name} (paired 95% CI "
            f"{_range(measure, row[f'{measure}_diff_lo'], row[f'{measure}_diff_hi'], True)}, "
            f"Holm-adjusted p {_pv(p)}: "
            + ("a clear effect" if clear else "not distinguishable from no change") + ")")


HEADLINE = ("seat0_win_rate", "turns_mean")
"""The measures the reading names the largest change of; of the others it names the
clearest change."""


def _reading(sweep: Sweep) -> str:
    """One line: the biggest change of each headline measure, and the clearest (largest
    |difference| / SE among the clear ones) of every other measure."""
    table = sweep.table[~sweep.table["is_base"]]
    if table.empty:
        return ("Every variant of the grid is the base itself, so there is nothing to compare "
                "(every difference is exactly 0).")
    parts = []
    for measure in HEADLINE:
        sizes = table[f"{measure}_diff"].abs()
        if sizes.isna().all():
            continue
        biggest = table.loc[sizes.idxmax()]
        parts.append(f"the largest change in {MEASURES[measure]} is "
                     + _change(measure, biggest, biggest["variant"]))
    others = [m for m in MEASURES if m not in HEADLINE]
    clear = []
    for row in table.to_dict("records"):
        for measure in others:
            p = _num(row[f"{measure}_p_holm"])
            if _own_test(row, measure) and p is not None and p < 1 - CONFIDENCE:
                se = _num(row[f"{measure}_paired_se"])
                size = abs(row[f"{measure}_diff"]) / se if se else math.inf
                clear.append((size, measure, row))
    tested = any(_own_test(row, "first_player_advantage") for row in table.to_dict("records"))
    words = ", ".join(MEASURES[m] for m in others if tested or m != "first_player_advantage")
    if clear:
        _, measure, row = max(clear, key=lambda c: c[0])
        parts.append(f"of the other measures ({words}), the clearest change is in "
                     f"{MEASURES[measure]}: " + _change(measure, row, row["variant"]))
    else:
        parts.append(f"none of the other measures ({words}) changes clearly (every "
                     "Holm-adjusted p ≥ 0.05)")
    return "**Reading:** " + "; ".join(parts) + "."


def _changes(rules: Any) -> str:
    """The rules that differ from the pinned defaults, as inline code (or "the defaults")."""
    changed = rules.changed()
    return ", ".join(f"`{k}={_fmt(v)}`" for k, v in changed.items()) or "the pinned defaults"


def _sets(rules: Any) -> str:
    """``which sets `a=1`, `b=2``` (the rules that differ from the pinned defaults)."""
    return f"which sets {_changes(rules)}" if rules.changed() else "which keeps the pinned defaults"


def _file_name(entry: Entry) -> str:
    """``variant file **name** (`path`)``, or ``variant **name**`` for a Variant object."""
    if entry.path:
        return f"variant file **{entry.name}** (`{entry.path}`)"
    return f"variant **{entry.name}**"


def _what_is_compared(sweep: Sweep) -> str:
    """The sentences of the introduction that say what the base is and what is compared
    with it."""
    base = sweep.base
    base_rules = ", ".join(f"`{k}={_fmt(v)}`" for k, v in base.rules.as_dict().items())
    head = sweep.entries[0]
    if head.name is not None:
        sentences = [f"The base is {_file_name(head)}, {_sets(base.rules)} "
                     f"(all rules: {base_rules})"]
    else:
        sentences = [f"The base is the rules {base_rules}"]
    n_grid = sum(e.kind == "grid" for e in sweep.entries)
    files = [(e, r) for e, r in zip(sweep.entries, sweep.results) if e.kind == "file"]
    each = "" if sweep.varied and files else ", each compared with the base"
    if sweep.varied:
        points = math.prod(len(v) for v in sweep.varied.values())
        ranges = " and ".join(f"`{n}` ∈ {{{', '.join(_fmt(v) for v in vs)}}}"
                              for n, vs in sweep.varied.items())
        sentences.append(
            f"The grid varies {ranges} on top of the base: {n_grid} "
            f"variant{'s' if n_grid != 1 else ''}{each}"
            + (" (the point equal to the base is the base row itself)" if n_grid < points
               else ""))
    if files:
        sentences.append(
            f"{'Also compared' if sweep.varied else 'Compared'} with the base: "
            + "; ".join(f"{_file_name(e)}, {_sets(r.rules)}" for e, r in files))
    if sweep.varied and files:
        total = n_grid + len(files)
        sentences.append(f"That is {total} variants, each compared with the base")
    return ". ".join(sentences) + "."


NOTES: dict[str, str] = {
    "seat0_win_rate": "Counted over all games (an unfinished game is a win for nobody).",
    "first_player_advantage": (
        "Seat 0's win rate minus the fair share 1/players (all games); its interval is seat "
        "0's Wilson interval shifted by the fair share. With the same number of players its "
        "difference from the base *is* seat 0's win-rate difference, the same test, so it "
        "is not counted again: the Holm-adjusted p marked (= seat 0) is seat 0's. Only a "
        "variant with another number of players (another fair share) has a test of its "
        "own."),
    "turns_mean": ("Finished games only; the paired difference uses the games finished "
                   "under both rules."),
    "balance": (
        "1 − (highest − lowest seat win rate), over all games. Its interval and its "
        "paired difference are linearised game by game (1 − [the highest seat wins] + "
        "[the lowest seat wins], whose mean is the balance) with the seats of the highest "
        "and the lowest rate held fixed at their estimates (`balance_high_seat`, "
        "`balance_low_seat` in `variants.csv`). That is right when those seats are clearly "
        "apart from the rest; when two seats are nearly tied for the highest or the lowest "
        "rate (a nearly balanced game) the interval is too narrow."),
    "completion": ("The share of games that finished (have a winner); below 100% only when "
                   "games are cut off (`max_turns`). Wilson interval; the paired difference "
                   "compares game by game whether each game finished."),
    "decision_rate": (
        "Turns with a real choice / all turns, over all games (a ratio of sums R). Its "
        "interval and its paired difference are linearised game by game: each game counts "
        "as R + (decision turns − R × turns) / mean turns, whose mean is R."),
}
"""The paragraph above each measure's table."""


def _measure_section(sweep: Sweep, measure: str, plots: Sequence[tuple[str, str, str]]) -> str:
    """One measure's section: value and interval per variant, the paired difference."""
    words = MEASURES[measure]
    rows = []
    for row in sweep.table.to_dict("records"):
        base_row = row["is_base"]
        p = _pv(row[f"{measure}_p_holm"])
        if not base_row and not _own_test(row, measure):
            p += " (= seat 0)"
        rows.append([
            row["variant"], _value(measure, row[measure], measure == "first_player_advantage"),
            _range(measure, row[f"{measure}_lo"], row[f"{measure}_hi"],
                   measure == "first_player_advantage"),
            _value(measure, row[f"{measure}_diff"], True),
            "—" if base_row else _range(measure, row[f"{measure}_diff_lo"],
                                        row[f"{measure}_diff_hi"], True),
            p, "—" if base_row else _vr(row[f"{measure}_variance_reduction"])])
    pictures = "\n\n".join(f"![{words} by {name}]({file})" for m, name, file in plots
                           if m == measure)
    return (f"## {words[0].upper() + words[1:]}\n\n{NOTES[measure]}\n\n"
            + _md_table(["Variant", "Value", "95% CI", "Difference from base",
                         "Paired 95% CI", "Holm-adjusted p", "Variance reduction"], rows)
            + ("\n\n" + pictures if pictures else ""))


def _pairwise_section(sweep: Sweep) -> str:
    """The table of every pair of variant files (three or more files): one row per pair
    and measure tested on its own."""
    pairs = sweep.pairwise
    assert pairs is not None
    rows = []
    for row in pairs.to_dict("records"):
        for measure in MEASURES:
            if not _own_test(row, measure):
                continue
            rows.append([row["a"], row["b"], MEASURES[measure],
                         _value(measure, row[f"{measure}_diff"], True),
                         _range(measure, row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"],
                                True),
                         _pv(row[f"{measure}_p_holm"]),
                         _vr(row[f"{measure}_variance_reduction"])])
    files = len(sweep._file_rows())
    return ("## Every pair of variant files\n\n"
            f"Each of the {files} variant files against each other, game by game (paired, the "
            "same seed): the difference B − A of every measure, as in the tables above "
            "(first-player advantage only where the two files have different numbers of "
            "players; otherwise it is seat 0's win-rate difference). The p-values are "
            f"Holm-adjusted over these {sweep.pairwise_tests} pairwise tests only — a family "
            "of its own, separate from the tests against the base above (the pairs with the "
            "base repeat those comparisons). Data: `pairwise.csv`.\n\n"
            + _md_table(["A", "B", "Measure", "B − A", "Paired 95% CI", "Holm-adjusted p",
                         "Variance reduction"], rows))


def render_markdown(sweep: Sweep, plots: Sequence[tuple[str, str, str]] = ()) -> str:
    """The text of ``report.md``."""
    base = sweep.base
    seats = base.policies[0] if len(set(base.policies)) == 1 else " vs ".join(base.policies)
    intro = (
        f"# What if: {sweep.game.title}\n\n"
        f"This report changes the rules of **{sweep.game.name}** and measures what each change "
        f"does. {_what_is_compared(sweep)} Every seat is played by `{seats}`. Each variant "
        f"plays {sweep.games:,} games with seed {sweep.seed}: **the same seed for every "
        "variant**, so game *i* of every variant rolls the same dice until the changed rule "
        "first makes a difference (common random numbers). The difference from the base is "
        "then measured game by game (paired), which is usually more precise than comparing "
        "two independent runs; the *variance reduction* column says by how much (independent "
        "variance / paired variance; 1× means pairing did not help).\n\n"
        f"Intervals are {CONFIDENCE * 100:g}%. The p-values test 'no difference from the "
        f"base'; they are adjusted with Holm's method over all {sweep.tests} variant × measure "
        "tests (every measure below; first-player advantage shares seat 0's test unless the "
        "number of players changes), so a value below 0.05 is a clear effect even after "
        "looking at them all.\n\n"
        + _reading(sweep))
    sections = [intro]
    if sweep.precision is not None:
        steps = sweep.precision_steps
        last = steps[-1]
        met = last["half_width"] <= sweep.precision
        sections.append(
            "## Precision\n\nGames per variant grew "
            + " → ".join(f"{s['games']:,}" for s in steps)
            + f" until the paired 95% half-width of seat 0's win-rate difference was at most "
            f"{sweep.precision * 100:.2f} points for every variant. "
            + (f"It stopped at {last['games']:,} games, with a widest half-width of "
               f"{last['half_width'] * 100:.3f} points." if met else
               f"It stopped at the ceiling of {sweep.sims:,} games with the target **not** met: "
               f"the widest half-width is {last['half_width'] * 100:.3f} points."))
    sections += [_measure_section(sweep, measure, plots) for measure in MEASURES]
    if sweep.pairwise is not None:
        sections.append(_pairwise_section(sweep))
    command = sweep.command
    reproduce = (f"```sh\n{command}\n```" if command else
                 "The command line was not recorded; the same rules, policies, seed and number "
                 "of games give exactly the same games again.")
    sections.append(f"## Reproduce\n\n{reproduce}\n\n- Seed: `{sweep.seed}`\n"
                    f"- Games per variant: {sweep.games:,}\n"
                    f"- Data: `variants.csv` (one row per variant), "
                    + ("`pairwise.csv` (one row per pair of variant files), "
                       if sweep.pairwise is not None else "")
                    + f"`summary.json`\n"
                    f"- Toolkit version: `{package_version()}`; created {sweep.created}; "
                    f"run time {sweep.elapsed_s:,.2f} s")
    return "\n\n".join(sections) + "\n"


MAX_LINES = 6


def _plot(sweep: Sweep, measure: str, name: str, path: Path) -> None:
    """``measure`` against the values of ``name`` with 95% error bars; one line per
    combination of the other varied parameters (at most :data:`MAX_LINES`)."""
    from analysis.report import new_figure

    table = sweep.table[sweep.table["source"] != "file"]  # the base and the grid
    values = sweep.varied[name]
    others = [n for n in sweep.varied if n != name]
    combos = expand({n: sweep.varied[n] for n in others})
    shown = combos[:MAX_LINES]
    scale = 100 if measure in PERCENT else 1
    figure = new_figure(6.4, 4.2)
    ax = figure.add_subplot()
    x = np.arange(len(values), dtype=float)
    width = 0.25 / max(1, len(shown))
    for k, combo in enumerate(shown):
        ys, lo, hi = [], [], []
        for value in values:
            match = table[(table[name] == value)
                          & np.logical_and.reduce([table[n] == v for n, v in combo.items()]
                                                  or [np.ones(len(table), bool)])]
            if match.empty:  # the point equal to the base
                match = table[table["is_base"]]
            row = match.iloc[0]
            ys.append(row[measure] * scale)
            lo.append(row[f"{measure}_lo"] * scale)
            hi.append(row[f"{measure}_hi"] * scale)
        ys, lo, hi = map(np.asarray, (ys, lo, hi))
        label = ", ".join(f"{n}={_fmt(v)}" for n, v in combo.items()) or None
        offset = (k - (len(shown) - 1) / 2) * width
        ax.errorbar(x + offset, ys, yerr=np.nan_to_num(np.abs(np.stack([ys - lo, hi - ys]))),
                    marker="o", capsize=4, linewidth=1.2, label=label)
    base = table[table["is_base"]].iloc[0]
    ax.axhline(base[measure] * scale, color="dimgray", linestyle="--", linewidth=1,
               label="base rules")
    ax.set_xticks(x, [_fmt(v) for v in values])
    ax.set_xlabel(name)
    ax.set_ylabel(("seat 0 win rate (%)" if measure == "seat0_win_rate"
                   else "mean turns (finished games)"))
    title = f"{MEASURES[measure]} by {name}, 95% CI"
    if len(combos) > len(shown):
        title += f" (first {len(shown)} of {len(combos)} lines)"
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    figure.savefig(path, format="png")


def format_table(sweep: Sweep) -> str:
    """A short plain-text table for the terminal."""
    rows = [["variant", "seat 0 wins", "diff (pts)", "p (Holm)", "turns", "diff", "p (Holm)"]]
    for r in sweep.table.to_dict("records"):
        rows.append([r["variant"], f"{r['seat0_win_rate'] * 100:.2f}%",
                     f"{r['seat0_win_rate_diff'] * 100:+.2f}", _pv(r["seat0_win_rate_p_holm"]),
                     f"{r['turns_mean']:.2f}", f"{r['turns_mean_diff']:+.2f}",
                     _pv(r["turns_mean_p_holm"])])
    text = _columns(rows)
    if sweep.pairwise is not None:
        pairs = [["pair (B - A)", "seat 0 wins", "p (Holm)", "turns", "p (Holm)"]]
        for r in sweep.pairwise.to_dict("records"):
            pairs.append([f"{r['b']} - {r['a']}", f"{r['seat0_win_rate_diff'] * 100:+.2f}",
                          _pv(r["seat0_win_rate_p_holm"]), f"{r['turns_mean_diff']:+.2f}",
                          _pv(r["turns_mean_p_holm"])])
        text += "\n\nevery pair of variant files (Holm over these tests only):\n" + _columns(pairs)
    return text


def _columns(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))) for row in rows)


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
