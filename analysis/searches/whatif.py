"""What if the rules were different? Rules-variant sweeps with common random numbers.

:func:`sweep` plays the base rules and every variant with **the same seed**. The variants
are the points of a grid (the cartesian product of the values given for each varied rules
parameter, applied on top of the base) and/or TOML variant files compared directly: with
two or more files the first is the base and every further one is a variant, each file
changing the pinned defaults (then ``rule_values`` and ``players`` apply to every file
alike). Every game is played from its own key (:func:`numbergames.analysis.running.runner.chunk_keys`), so
game *i* of every variant starts from the same dice stream: common random numbers (CRN).
The variants differ in rules, so the games diverge after the first event where the rules
differ, but until then they are the same game, and comparing them game by game (paired)
removes much of the noise.

Per variant, every standard metric with its 95% interval, and its paired difference from
the base game by game with its interval, a test and the variance reduction the pairing
gave (:mod:`numbergames.analysis.statistics.paired` says how each is computed). The p-values of all variant ×
measure tests (grid points and variant files alike; :attr:`Sweep.tests` counts them) are
adjusted together with Holm's step-down method. ``precision`` targets seat 0's win-rate
difference.

With two or more variant files besides the base file, :attr:`Sweep.pairwise` also
compares every pair of them (B − A, paired in the same way, for every measure; the pairs
with the base are the main table's rows, not repeated). Every test of the report — against
the base and between files — is one Holm family, so one comparison has one adjusted p;
the pairs are reported in their own table (``pairwise.csv``).

:func:`plan_sweep` checks everything (rules of every variant, files, grid size, scheduler
address) before any game is played; :meth:`SweepPlan.run` plays the games, locally or with
``scheduler="tcp://HOST:PORT"`` on a Dask cluster (the same games), loading and keeping
them in a results ``store`` if one is given — an interrupted sweep keeps its finished
chunks there and the same call resumes from them.

>>> out_name({"tie": ["defender", "attacker"]}, ["calm", "bold"])
'whatif-calm-vs-bold-tie'

Nothing here names a game: the rules class, players and policies come from the registry.
"""
from __future__ import annotations

import copy
import itertools
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pandas as pd

from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.folders import folder_name
from numbergames.analysis.statistics.plain import plain
from numbergames.analysis.running.provenance import now, package_version
from numbergames.analysis.statistics.pairsums import PairedSums
from numbergames.analysis.statistics.paired import (BASE, MEASURES, add_holm, count_tests, measures,
                             paired_columns_of, variant_columns_of)
from numbergames.analysis.running.runner import Run, together
from numbergames.analysis.running.request import Common, find_spec
from numbergames.analysis.searches.simulation import (KEEP_GAMES, PLAIN, REPORTS_ROOT, Plan, Simulation,
                                 plan)
from numbergames.analysis.statistics.stats import CONFIDENCE, Z
from numbergames.analysis.running.store import Store, as_store
from numbergames.solver.params import RulesError, Variant, coerce, value_text
from numbergames.solver.registry import GameSpec

MAX_VARIANTS = 64
"""The most variants one sweep may hold (grid points and variant files, not counting the
base)."""
MAX_FOLDER_NAME = 100
"""The longest default folder name before the file names are abbreviated."""
FILES: tuple[str, ...] = ("report.md", "summary.json", "variants.csv")
"""The files of a what-if folder besides one PNG per (measure, varied parameter)
and, with two or more variant files besides the base, ``pairwise.csv``."""


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
        files = "-vs-".join(folder_name(n) for n in names)
        if len(files) > MAX_FOLDER_NAME:
            files = f"{folder_name(names[0])[:40]}-vs-{len(names) - 1}-variants"
        parts.append(files)
    if varied:
        parts.append("-".join(varied))
    return "whatif-" + "-".join(parts)


# --------------------------------------------------------------------------- the sweep


@dataclass(frozen=True)
class Entry:
    """Where a row of a sweep comes from: ``kind`` is ``base``, ``grid`` or ``file``."""

    kind: str
    name: str | None = None
    """The variant file's name (for ``file``, and for a ``base`` read from a file)."""
    path: str | None = None


@dataclass
class Sweep:
    """A finished sweep: the base, the variants, and one table row per variant."""

    base: Simulation
    varied: dict[str, list[Any]]
    results: list[Simulation]
    """One per row of :attr:`table`; the base is the first."""
    sims: int
    seed: int
    elapsed_s: float
    command: str | None = None
    created: str = field(default_factory=now)
    precision: float | None = None
    """The target paired 95% half-width of seat 0's win-rate difference, if one was set."""
    precision_steps: list[dict[str, Any]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    """Where each row comes from (default: the base, then grid points)."""
    files: list[VariantFile] = field(default_factory=list)
    """The variant files, the base's first when the base is read from one."""
    scheduler: str | None = None
    """The Dask scheduler that played the games, if any (the games are the same)."""
    sums: PairedSums | None = None
    """The paired sums of the runs (default: of the results' rows, each result a run)."""
    runs: list[int] | None = None
    """Each result's run in :attr:`sums` (default: result i is run i)."""

    @property
    def game(self):
        return self.base.game

    @property
    def games(self) -> int:
        return self.base.sims

    @property
    def measures(self) -> list[str]:
        """The measures of this sweep's rows (:func:`numbergames.analysis.statistics.paired.measures`)."""
        return measures(self.game.traits, self.base.stats.players)

    @property
    def table(self) -> pd.DataFrame:
        return self._table

    @property
    def pairwise(self) -> pd.DataFrame | None:
        """With two or more variant files besides the base, one row per pair (A, B) of them:
        the paired difference B − A of each measure (the pairs with the base are the main
        table's rows), Holm-adjusted together with the main table's tests; else None."""
        return self._pairwise

    def __post_init__(self) -> None:
        if not self.entries:
            self.entries = [Entry("base")] + [Entry("grid")] * (len(self.results) - 1)
        if len(self.entries) != len(self.results):
            raise ValueError("one entry per result is needed")
        if self.sums is None:
            self.runs = list(range(len(self.results)))
            files = self._file_rows()
            self.sums = PairedSums.of([r.games for r in self.results],
                                      [r.stats.players for r in self.results], self.game.traits,
                                      list(itertools.combinations([i for i in files if i], 2)))
        self._table = self._build_table()
        self._pairwise = self._build_pairwise()
        add_holm(self._table, self._pairwise)  # one family: every test of the report

    def _label(self, index: int, result: Simulation) -> str:
        entry = self.entries[index]
        values = [f"{n}={value_text(getattr(result.rules, n))}" for n in self.varied]
        if entry.kind == "file":
            return entry.name or "variant"
        if entry.kind == "base":
            return "base: " + ", ".join(([entry.name] if entry.name else []) + values)
        return ", ".join(values)

    def _build_table(self) -> pd.DataFrame:
        base = self.base
        rows = []
        for index, result in enumerate(self.results):
            entry = self.entries[index]
            is_base = index == 0
            row: dict[str, Any] = {name: getattr(result.rules, name) for name in self.varied}
            row["variant"] = self._label(index, result)
            row["is_base"] = is_base
            row["source"] = entry.kind
            row["name"] = entry.name or ""
            row["file"] = entry.path or ""
            row.update(variant_columns_of(self.sums, self.runs[index], result.stats))
            row.update(paired_columns_of(self.sums, self.runs[index], self.runs[0]))
            if is_base:
                for measure in self.measures:
                    row[f"{measure}_p"], row[f"{measure}_test"] = math.nan, BASE
            rows.append(row)
        return pd.DataFrame(rows)

    def _file_rows(self) -> list[int]:
        """The rows that come from variant files (the base's first, if it is one)."""
        return [i for i, e in enumerate(self.entries)
                if e.kind == "file" or (e.kind == "base" and e.name is not None)]

    def _build_pairwise(self) -> pd.DataFrame | None:
        rows = [i for i in self._file_rows() if i != 0]  # the base's pairs: the main table
        if len(rows) < 2:
            return None
        records = []
        for i, j in itertools.combinations(rows, 2):
            a, b = self.results[i], self.results[j]
            records.append({"a": self.entries[i].name, "b": self.entries[j].name,
                            "a_file": self.entries[i].path or "",
                            "b_file": self.entries[j].path or "",
                            **paired_columns_of(self.sums, self.runs[j], self.runs[i])})
        return pd.DataFrame(records)

    @property
    def tests(self) -> int:
        """How many tests the Holm adjustment covers (the tests of their own, see
        :data:`numbergames.analysis.statistics.paired.OWN`: against the base and between variant files)."""
        return count_tests(self.table) + count_tests(self.pairwise)

    @property
    def pairwise_tests(self) -> int:
        """How many of :attr:`tests` compare two variant files (0 without pairs)."""
        return count_tests(self.pairwise)

    @property
    def title(self) -> str:
        """``What if: <game's title> — tie × men_to_win`` (or the variant files compared)."""
        names = [f.name for f in self.files] if len(self.files) >= 2 else []
        what = " vs ".join(names) + (" × " if names and self.varied else "") \
            + " × ".join(self.varied)
        return f"What if: {self.game.title} — {what}"

    @property
    def summary(self) -> dict[str, Any]:
        """Everything ``summary.json`` holds."""
        base = self.base
        pairwise = self.pairwise
        return plain({
            "game": self.game.name, "title": self.title,
            "varied": self.varied, "base_rules": base.rules.as_dict(),
            "base_variant": base.variant,
            "base_file": self.files[0].path if self._base_from_file else None,
            "files": [f.as_dict() for f in self.files],
            "policies": list(base.policies),
            "players": self.game.seats(base.rules), "seed": self.seed,
            "games_per_variant": self.games, "sims": self.sims, "confidence": CONFIDENCE,
            "precision": self.precision, "precision_steps": self.precision_steps,
            "measures": {m: MEASURES[m] for m in self.measures}, "tests": self.tests,
            "adjustment": "holm",
            "first_player_advantage_test": (
                "seat 0's win-rate test when the number of players is the same (not counted "
                "again); a test of its own otherwise"),
            "test_kinds": {
                "own": "a test of its own, in the Holm family",
                "seat0": "the same hypothesis as seat 0's win rate (per-game differences a "
                         "fixed multiple of seat 0's): not counted again, seat 0's adjusted p",
                "exact": "the same difference in every game: no sampling error, not a test "
                         "(p 1 when no game differs, else 0)",
                "none": "too few games for a test", "base": "the base itself"},
            "linearised": {
                "balance": "1 - 1[high seat wins] + 1[low seat wins] per game, the extreme "
                           "seats fixed at their estimates",
                "decision_rate": "R + (decision_turns - R*turns)/mean(turns) per game",
                "turns_mean": "turns per game when every game finished, else "
                              "M + finished*(turns - M)/completion"},
            "variants": [{**{k: plain(v) for k, v in row.items()},
                          "rules": r.rules.as_dict(), "run_id": r.run_id}
                         for row, r in zip(self.table.to_dict("records"), self.results)],
            "pairwise": [] if pairwise is None else pairwise.to_dict("records"),
            "pairwise_tests": self.pairwise_tests,
            "pairwise_adjustment": ("holm, together with the tests against the base (one "
                                    "family: every test of the report)"),
            "store": base.store, "scheduler": self.scheduler,
            "elapsed_s": round(self.elapsed_s, 3),
            "version": package_version(), "created": self.created, "command": self.command,
        })

    @property
    def _base_from_file(self) -> bool:
        return bool(self.files) and self.entries[0].name is not None

    def default_out(self) -> Path:
        return REPORTS_ROOT / self.game.name / out_name(self.varied, [f.name for f in self.files])


def _half_width(table: pd.DataFrame) -> float:
    """The widest paired 95% half-width of seat 0's win-rate difference (alone: of the solve
    rate's) among the variants."""
    others = table[~table["is_base"]]
    if others.empty:
        return 0.0
    target = "seat0_win_rate" if "seat0_win_rate_paired_se" in table else "solve_rate"
    return float((Z * others[f"{target}_paired_se"]).max())


@dataclass(frozen=True, kw_only=True)
class SweepPlan(Common):
    """A checked sweep: every variant's run, ready to play (see :func:`plan_sweep`): a
    request (:class:`numbergames.analysis.running.request.Common`: the game, the base rules
    and variant, the games per variant, seed, workers, scheduler, checked when it is made)
    and its own fields."""

    plans: tuple[Plan, ...]
    """The base first, then the grid points, then the variant files."""
    entries: tuple[Entry, ...]
    varied: dict[str, list[Any]]
    files: tuple[VariantFile, ...]
    precision: float | None = None
    """The paired 95% half-width to reach (None: play ``sims`` games per variant)."""

    def _check_own(self) -> dict[str, Any]:
        if len(self.plans) - 1 > MAX_VARIANTS:
            raise UserError(f"the grid and the variant files give {len(self.plans) - 1} "
                            f"variants; at most {MAX_VARIANTS} are allowed")
        precision = self.precision
        if precision is not None and not (isinstance(precision, (int, float))
                                          and not isinstance(precision, bool)
                                          and math.isfinite(precision) and precision > 0):
            raise UserError(f"--precision must be a positive number, e.g. 0.002, not "
                            f"{precision!r}")
        return {}

    def default_out(self) -> Path:
        """``reports/<game>/whatif-...`` (see :func:`out_name`)."""
        return REPORTS_ROOT / self.game.name / out_name(self.varied, [f.name for f in self.files])

    def run(self, store: Store | str | Path | None = None, command: str | None = None,
            say: Callable[[str], None] | None = None, progress: bool = False) -> Sweep:
        """Play (or load from ``store``) every variant's games; the finished :class:`Sweep`.

        The variants are played side by side, chunk by chunk
        (:func:`numbergames.analysis.running.runner.together`): chunk *k* of every variant is counted into the
        paired sums (:class:`numbergames.analysis.statistics.pairsums.PairedSums`) and the variants' tallies, and only
        the rows of the first :data:`numbergames.analysis.searches.simulation.KEEP_GAMES` games are held, so that
        memory grows with the variants, not the games. Each chunk is kept in the store as
        soon as it is played, so after an interrupt (KeyboardInterrupt propagates) the same
        call resumes from the finished chunks (beyond the rows the store keeps, a chunk is
        played again: its pairs need its games). With ``precision`` the runs grow by whole
        chunks until the target is met, each game played once.
        """
        opened = as_store(store)
        start = time.perf_counter()
        distinct: list[Plan] = []
        index: list[int] = []  # each row's run: a grid point equal to a variant file is one run
        for p in self.plans:
            same = next((k for k, q in enumerate(distinct)
                         if (q.rules, q.policies) == (p.rules, p.policies)), None)
            if same is None:
                distinct.append(p)
                same = len(distinct) - 1
            index.append(same)
        runs = [Run(p.game, p.rules, p.policies, self.seed, capacity=self.sims, store=opened,
                    label=p.label, keep_games=KEEP_GAMES, tally=True,
                    fields=p.presentation.tally_fields) for p in distinct]
        files = [i for i, e in enumerate(self.entries) if i != 0 and (
            e.kind == "file" or (e.kind == "base" and e.name is not None))]
        sums = PairedSums([self.game.seats(p.rules) for p in distinct], self.game.traits,
                          [(index[i], index[j]) for i, j in itertools.combinations(files, 2)])

        def grow(games: int) -> Sweep:
            if say:
                say(f"{games - runs[0].games:,} more games of each of {len(runs)} variants"
                    if runs[0].games else f"{games:,} games of each of {len(runs)} variants")
            for chunk in together(runs, games, self.workers, self.scheduler, progress,
                                  f"What if: {self.game.title}"):
                sums.add(chunk)
            played = []
            for one, each in zip(distinct, runs):
                result = each.result()
                played.append(Simulation(
                    one.game, one.rules, one.policies, self.seed, result.games,
                    result.elapsed_s, variant=one.variant, command=command,
                    store=None if opened is None else opened.shown,
                    games_loaded=result.games_loaded, presentation=one.presentation,
                    tally=copy.deepcopy(result.tally), own_parts=copy.deepcopy(result.parts),
                    total=result.sims))
            results = [played[k] for k in index]  # one run, one result, whatever rows show it
            return Sweep(results[0], self.varied, results, self.sims, self.seed,
                         time.perf_counter() - start, command, precision=self.precision,
                         entries=list(self.entries), files=list(self.files),
                         scheduler=self.scheduler, sums=sums, runs=index)

        if self.precision is None:
            return grow(self.sims)
        from numbergames.analysis.running.chunks import CHUNK_SIZE

        steps: list[dict[str, Any]] = []
        games = min(self.sims, CHUNK_SIZE)
        while True:
            result = grow(games)
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
    """Check a sweep (see :func:`sweep`) without playing a game; UserError in one line. The
    shared values (sims, seed, workers, scheduler) are checked by the base's request
    (:class:`numbergames.analysis.searches.simulation.Plan`), made before the grid."""
    spec = find_spec(game)
    files = _load_files(spec, ([variant] if variant is not None else []) + _as_list(variants))
    if vary is not None and not isinstance(vary, Mapping):
        raise UserError(f"vary must map rules parameters to lists of values (e.g. "
                        f"{{'tie': ['attacker']}}), not {vary!r:.40}")
    vary = dict(vary or {})
    if not vary and len(files) < 2:
        raise UserError("whatif needs at least one --vary name=value1,value2,... "
                        "(or two or more --variant files to compare)")
    # a sweep's report shows the standard figures of each variant: no game's own sections
    base_plan = plan(spec, sims, players=players, policy=policy, seed=seed, workers=workers,
                     variant=files[0].variant if files else None, presentation=PLAIN,
                     scheduler=scheduler, **rule_values)
    typed = _check_grid(spec.rules, base_plan.rules, vary)
    plans: list[Plan] = [base_plan]
    entries: list[Entry] = [Entry("base", files[0].name, files[0].path) if files
                            else Entry("base")]
    for combo in expand(typed) if typed else []:
        try:
            point = replace(base_plan, rules=spec.rules.from_values(combo, base=base_plan.rules),
                            policies=policy)
        except (UserError, RulesError) as exc:
            where = ", ".join(f"{k}={value_text(v)}" for k, v in combo.items())
            raise UserError(f"variant {where}: {exc}") from None
        if any(p.rules == point.rules for p in plans):
            continue  # the base (or an equal point) is already a row
        plans.append(point)
        entries.append(Entry("grid"))
    file_plans = [base_plan]
    for one in files[1:]:
        try:
            file_plan = plan(spec, sims, players=players, policy=policy, seed=seed,
                             workers=workers, variant=one.variant, presentation=PLAIN,
                             scheduler=scheduler, **rule_values)
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
    return SweepPlan(game=spec, rules=base_plan.rules, sims=base_plan.sims, seed=base_plan.seed,
                     workers=base_plan.workers, scheduler=base_plan.scheduler,
                     variant=base_plan.variant, plans=tuple(plans), entries=tuple(entries),
                     varied=typed, files=tuple(files), precision=precision)


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
