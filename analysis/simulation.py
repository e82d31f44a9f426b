"""The analysis as one Python call: rules → runner → statistics → (report).

>>> import analysis
>>> from solver.registry import games
>>> game = next(iter(games()))  # any registered game
>>> result = analysis.simulate(game, sims=2_000, seed=1, workers=1)
>>> result.games.shape[0], result.summary["games"]
(2000, 2000)
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analysis.errors import MAX_SEED, MAX_WORKERS, UserError
from analysis.cluster import check_scheduler
from analysis.chunks import CHUNK_SIZE
from analysis.provenance import now, package_version
from analysis.runner import run
from analysis.stats import Summary, summarize, summarize_tally
from analysis.tally import Tally
from analysis.folders import folder_name, folder_path
from analysis.store import Store, as_store, run_identity
from solver.params import Rules, RulesError, Variant, same_number
from solver.registry import GameSpec, find_game

MAX_SIMS = 10_000_000_000
"""The most games one run may ask for (a run keeps chunk summaries beyond the rows it
keeps, so its memory does not grow with its games)."""
KEEP_GAMES = 1_000_000
"""The rows a run from the command line (or :func:`simulate`) keeps by default
(``--keep-games``): its figures count every game, merged chunk by chunk."""
REPORTS_ROOT = Path("reports")
"""Where reports go by default: ``reports/<game>/<label>``."""


def check_workers(workers: int | None) -> int | None:
    """``workers`` (None: every core) when an integer from 1 to :data:`MAX_WORKERS`, else a
    UserError (the command line's ``--workers`` is checked as it is parsed, alike)."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= MAX_WORKERS):
        raise UserError(f"--workers must be a whole number from 1 to {MAX_WORKERS:,}, not "
                        f"{str(workers)[:40]!r}")
    return workers


def check_seed(seed: int) -> int:
    """``seed`` when an integer from 0 to :data:`MAX_SEED`, else a UserError (the command
    line's ``--seed`` is checked as it is parsed, alike)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise UserError(f"--seed must be a whole number from 0 to {MAX_SEED:,}, not "
                        f"{str(seed)[:40]!r}")
    return seed


def parse_sims(value: str | int | float, flag: str = "--sims") -> int:
    """A number of games from ``1e6``, ``250000``, ``2.5e5`` or ``250_000``; a UserError
    naming ``flag`` otherwise.

    >>> parse_sims("1e6"), parse_sims("2.5e5"), parse_sims(250000)
    (1000000, 250000, 250000)
    """
    problem = (f"{flag} must be a whole number of games from 1 to {MAX_SIMS:.0e} "
               f"(e.g. 1e6, 250000, 2.5e5), not {value!r}")
    if isinstance(value, bool):
        raise UserError(problem)
    try:
        number = float(str(value).strip().replace("_", ""))
    except ValueError:
        raise UserError(problem) from None
    if not math.isfinite(number) or not number.is_integer() or not 1 <= number <= MAX_SIMS:
        raise UserError(problem)
    return int(number)


def parse_keep(value: str | int | float) -> int:
    """A number of rows to keep, 0 to :data:`MAX_SIMS` (``1e6``, ``0``); UserError otherwise.

    >>> parse_keep("1e6"), parse_keep(0)
    (1000000, 0)
    """
    try:
        zero = not isinstance(value, bool) and float(str(value).strip().replace("_", "")) == 0
    except ValueError:
        zero = False
    if zero:
        return 0
    try:
        return parse_sims(value, "--keep-games")
    except UserError:
        raise UserError(f"--keep-games must be a whole number of games from 0 to {MAX_SIMS:.0e} "
                        f"(e.g. 1e6, 0), not {value!r}") from None


def parse_policies(spec: GameSpec, policy: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One policy name per seat from ``"greedy"``, ``"greedy,random"`` or a list
    (:meth:`solver.registry.Players.seats`); UserError naming the game otherwise."""
    if not (policy is None or isinstance(policy, str) or (
            isinstance(policy, Sequence) and all(isinstance(p, str) for p in policy))):
        raise UserError(f"policy must be a name, names separated by commas or a list of names "
                        f"(e.g. 'greedy,random'), not {policy!r:.40}")
    try:
        return spec.players.seats(policy, players)
    except ValueError as exc:
        raise UserError(str(exc).replace("; allowed", f" for {spec.name}; allowed", 1)) from None


def build_rules(spec: GameSpec, variant: str | Path | Variant | None = None,
                values: Mapping[str, Any] | None = None, players: int | None = None,
                base: Rules | None = None) -> tuple[Rules, str | None]:
    """Rules from the defaults (or ``base``), then a variant file, then ``values``, then
    ``players``; returns the rules and the variant's name."""
    if base is not None and not isinstance(base, spec.rules):
        raise UserError(f"rules must be a {spec.rules.__name__} of {spec.name}, not "
                        f"{base!r:.40}")
    if not (variant is None or isinstance(variant, (str, os.PathLike, Variant))):
        raise UserError(f"variant must be a variant file's path or a Variant, not "
                        f"{variant!r:.40}")
    try:
        rules = base if base is not None else spec.rules()
        name = None
        if variant is not None:
            loaded = variant if isinstance(variant, Variant) else Variant.load(variant)
            rules, name = loaded.apply(spec.rules, base=rules), loaded.name
        if values:
            rules = spec.rules.from_values(values, base=rules)
        if players is not None and "players" in spec.rules.parameters():
            rules = spec.rules.from_values({"players": players}, base=rules)
        elif players is not None and not same_number(players, spec.traits.players[0]):
            only = spec.traits.players[0]
            raise UserError(f"{spec.name} is played by exactly {only} player"
                            f"{'s' if only > 1 else ''}, not {players}")
    except RulesError as exc:
        raise UserError(str(exc)) from None
    return rules, name


def run_label(spec: GameSpec, rules: Rules, policies: Sequence[str], variant: str | None = None,
              seed: int = 0) -> str:
    """A folder name for a run: variant, changed rules, seats, policies and (when not 0)
    the seed, e.g. ``standard-tie-attacker-2p-greedy-vs-random-seed1``
    (``tests/analysis/test_cli.py``)."""
    parts = [variant or "standard"]
    parts += [f"{k}-{v}".lower() for k, v in rules.changed().items() if k != "players"]
    parts.append(f"{spec.seats(rules)}p")
    parts.append(policies[0] if len(set(policies)) == 1 else "-vs-".join(policies))
    if seed:
        parts.append(f"seed{seed}")
    return folder_name("-".join(parts))


def standard_label(spec: GameSpec, options: Mapping[str, Any]) -> str:
    """The folder name of one of the game's standard runs (its options as registered in
    :attr:`solver.registry.GameSpec.standard_runs`), without building what its players
    need."""
    values = dict(options)
    players, policy = values.pop("players", None), values.pop("policy", None)
    rules, _ = build_rules(spec, None, values, players)
    return run_label(spec, rules, parse_policies(spec, policy, spec.seats(rules)))


def _stored_summary(folder: Path) -> dict[str, Any]:
    import json

    try:
        return json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _no_sections(summary: Mapping[str, Any], games: pd.DataFrame) -> list[str]:
    return []


def _no_fields(summary: Mapping[str, Any], parts: Any) -> Mapping[str, Any]:
    return {}


def _no_parts(games: Any, players: int) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Presentation:
    """What a run's report shows besides the standard figures of every game: the game's
    own report sections, the figures they add to the summary, and its standard runs (whose
    report folders a run of other games never replaces). A game's study
    (:class:`studies.Study`) is one; the analysis takes it from its caller (the command
    line, :mod:`studies`) and never looks a game's up itself."""

    report_sections: Callable[[Mapping[str, Any], Any], list[str]] = _no_sections
    """``(summary, parts) -> Markdown sections``."""
    summary_fields: Callable[[Mapping[str, Any], Any], Mapping[str, Any]] = _no_fields
    """``(summary, parts) -> figures`` for summary.json."""
    tally_fields: Callable[[Any, int], dict[str, Any]] = _no_parts
    """``(a chunk's games, players) -> parts`` that merge (:func:`analysis.tally.merge_parts`)."""
    standard_runs: tuple[Mapping[str, Any], ...] = ()


PLAIN = Presentation()
"""The standard report alone."""


@dataclass
class Simulation:
    """A finished Monte Carlo run: the per-game rows and what they say."""

    game: GameSpec
    rules: Rules
    policies: tuple[str, ...]
    seed: int
    games: pd.DataFrame
    elapsed_s: float
    variant: str | None = None
    command: str | None = None
    store: str | None = None
    """The results store the run used, if any."""
    games_loaded: int = 0
    """Games read from the store rather than played."""
    created: str = field(default_factory=now)
    presentation: Any = PLAIN
    """What its report shows besides the standard figures (:class:`Presentation`)."""
    tally: Tally | None = None
    """The standard figures of every game, merged chunk by chunk (default: of ``games``)."""
    own_parts: Any = None
    """The game's own parts of every game, merged (default: of ``games``)."""
    total: int | None = None
    """Games in the run: ``len(games)`` unless only the first rows were kept."""

    @property
    def sims(self) -> int:
        """Games in the run (``games`` may hold only the first of them)."""
        return len(self.games) if self.total is None else self.total

    @property
    def games_kept(self) -> int:
        return len(self.games)

    @cached_property
    def stats(self) -> Summary:
        if self.tally is not None:
            return summarize_tally(self.tally)
        return summarize(self.games, self.game.seats(self.rules), traits=self.game.traits)

    @cached_property
    def parts(self) -> dict[str, Any]:
        """The game's own parts of the games (what its figures and sections read)."""
        if self.own_parts is not None:
            return self.own_parts
        return self.presentation.tally_fields(self.games, self.game.seats(self.rules))

    def length_histogram(self) -> tuple[np.ndarray, np.ndarray]:
        """The finished games' lengths and their counts, of every game."""
        if self.tally is not None:
            return self.tally.length_histogram()
        from analysis.report import length_histogram

        return length_histogram(self.games)

    @property
    def label(self) -> str:
        return run_label(self.game, self.rules, self.policies, self.variant, self.seed)

    @property
    def run_id(self) -> str:
        """The run's id in a results store (the same whether it is stored or not)."""
        return run_identity(self.game, self.rules, self.policies, self.seed).id

    @property
    def title(self) -> str:
        seats = self.policies[0] if len(set(self.policies)) == 1 else " vs ".join(self.policies)
        who = ("alone" if self.game.seats(self.rules) == 1
               else f"{self.game.seats(self.rules)} players")
        return f"{self.game.title}: {who}, {seats}" + (
            f", variant {self.variant}" if self.variant else "")

    @cached_property
    def summary(self) -> dict[str, Any]:
        """Everything ``summary.json`` holds: the run's identity, then its statistics."""
        games = self.sims
        played = games - self.games_loaded
        summary = {
            "game": self.game.name, "title": self.title, "variant": self.variant,
            "rules": self.rules.as_dict(), "policies": list(self.policies), "seed": self.seed,
            "players": self.game.seats(self.rules), "chunk_size": CHUNK_SIZE,
            "traits": {"chance": self.game.traits.chance, "outcome": self.game.traits.outcome,
                       "score": self.game.traits.score, "ties": self.game.traits.ties or None},
            **self.stats.as_dict(),
            **({"games_kept": self.games_kept} if self.games_kept < games else {}),
            "run_id": self.run_id, "store": self.store, "games_loaded": self.games_loaded,
            "elapsed_s": round(self.elapsed_s, 4),
            "games_per_s": round(played / self.elapsed_s, 1) if self.elapsed_s > 0 and played else None,
            "version": package_version(), "created": self.created, "command": self.command,
        }
        own = dict(self.presentation.summary_fields(summary, self.parts))
        clash = sorted(set(own) & set(summary))
        if clash:
            raise ValueError(f"{self.game.name}'s summary_fields would replace {clash}")
        return {**summary, **own}

    def write_report(self, out: str | Path | None = None) -> Path:
        """Write the report folder (default ``reports/<game>/<label>``); returns its path."""
        return write_report(self, out)


def write_report(result: Simulation, out: str | Path | None = None) -> Path:
    """Write the report folder of a run (default ``reports/<game>/<label>``); its path."""
    from analysis.report import write_report as write_folder

    out_dir = folder_path(out) or Plan(
        result.game, result.rules, result.policies, result.sims, result.seed,
        variant=result.variant, presentation=result.presentation).default_out()
    sections = result.presentation.report_sections(result.summary, result.parts)
    return write_folder(out_dir, result.summary, result.games, sections,
                        lengths=result.length_histogram())


@dataclass(frozen=True)
class Plan:
    """A checked request for a run: everything but the playing."""

    game: GameSpec
    rules: Rules
    policies: tuple[str, ...]
    sims: int
    seed: int
    workers: int | None = None
    variant: str | None = None
    presentation: Any = PLAIN
    """What the run's report shows besides the standard figures (:class:`Presentation`)."""
    keep_games: int | None = None
    """Keep the rows of the first so many games only (None: every game's); the figures
    count every game."""

    @property
    def label(self) -> str:
        return run_label(self.game, self.rules, self.policies, self.variant, self.seed)

    def default_out(self) -> Path:
        """``reports/<game>/<label>`` — unless that folder holds one of the game's standard
        reports (``analyze report``'s) of another run or number of games: a run never
        replaces a standard report but with that report's own games; it goes to
        ``<label>-<games>games`` beside it."""
        folder = REPORTS_ROOT / self.game.name / self.label
        if self.label not in {standard_label(self.game, o)
                              for o in self.presentation.standard_runs}:
            return folder
        there = _stored_summary(folder)
        same = (there.get("run_id") == run_identity(self.game, self.rules, self.policies,
                                                    self.seed).id
                and there.get("games") == self.sims)
        return folder if not there or same else folder.with_name(f"{self.label}-{self.sims}games")

    def execute(self, progress: bool = False, command: str | None = None,
                store: Store | str | Path | None = None,
                scheduler: str | None = None) -> Simulation:
        """Play (or load from ``store``, a Store or its path) the games and summarise them;
        with ``scheduler`` (``tcp://host:port``) a Dask cluster plays them (same games)."""
        if scheduler is not None:
            check_scheduler(scheduler)
        opened = as_store(store)
        result = run(self.game, self.rules, self.policies, self.sims, self.seed,
                     workers=self.workers, progress=progress, store=opened, label=self.label,
                     scheduler=scheduler, keep_games=self.keep_games, tally=True,
                     fields=self.presentation.tally_fields)
        return Simulation(self.game, self.rules, self.policies, self.seed, result.games,
                          result.elapsed_s, variant=self.variant, command=command,
                          store=None if opened is None else opened.shown,
                          games_loaded=result.games_loaded, presentation=self.presentation,
                          tally=result.tally, own_parts=result.parts, total=result.sims)


def plan(game: str, sims: int | str | float = 100_000, *, players: int | None = None,
         policy: str | Sequence[str] | None = None, seed: int = 0, workers: int | None = None,
         variant: str | Path | Variant | None = None, rules: Rules | None = None,
         presentation: Any = PLAIN, keep_games: int | str | None = None,
         **rule_values: Any) -> Plan:
    """Check a request (see :func:`simulate`); raises UserError with one line on bad input.
    ``keep_games``: keep the rows of the first so many games only (None: all)."""
    try:
        spec = find_game(game)
    except LookupError as exc:
        raise UserError(str(exc).strip('"')) from None
    sims = parse_sims(sims)
    seed = check_seed(seed)
    workers = check_workers(workers)
    built, variant_name = build_rules(spec, variant, rule_values, players, base=rules)
    seats = parse_policies(spec, policy, spec.seats(built))
    try:
        spec.players.check(built, seats)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if keep_games is not None:
        keep_games = parse_keep(keep_games)
    return Plan(spec, built, seats, sims, seed, workers, variant_name, presentation, keep_games)


def simulate(game: str, sims: int | str | float = 100_000, *, players: int | None = None,
             policy: str | Sequence[str] | None = None, seed: int = 0, workers: int | None = None,
             variant: str | Path | Variant | None = None, rules: Rules | None = None,
             progress: bool = False, store: Store | str | Path | None = None,
             scheduler: str | None = None, presentation: Any = PLAIN,
             keep_games: int | str | None = KEEP_GAMES, **rule_values: Any) -> Simulation:
    """Simulate ``sims`` games of ``game`` and summarise them.

    Rules start from the pinned defaults (or ``rules``), then a ``variant`` TOML
    file, then ``rule_values`` (e.g. ``tie="attacker"``), then ``players``.
    ``policy`` is one name for every seat or one per seat (``"greedy,random"``).
    ``workers`` local processes share the work (default: every core); the result
    depends on the seed only. With a results ``store`` (a :class:`analysis.store.Store`
    or its path) stored games are loaded, not played again, and new ones are kept
    there. With ``scheduler`` (``tcp://host:port``) the workers of that Dask
    cluster play the games instead of local processes; the result is the same.
    The result holds the per-game DataFrame
    (``.games``: the first ``keep_games`` games, default :data:`KEEP_GAMES`; None keeps
    every game's row), the statistics (of every game) (``.stats``, ``.summary``) and can write its
    report (``.write_report()``). ``presentation`` adds the game's own figures and report
    sections (:class:`Presentation`; ``studies.simulate`` passes the game's study).
    """
    return plan(game, sims, players=players, policy=policy, seed=seed, workers=workers,
                variant=variant, rules=rules, presentation=presentation, keep_games=keep_games,
                **rule_values).execute(progress=progress, store=store, scheduler=scheduler)
