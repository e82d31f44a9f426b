"""The analysis as one Python call: rules → runner → statistics → (report).

The documented entry is the front door's ``numbergames.load_game(name).simulate(...)``,
which passes the game's study as the presentation; here the caller names it:

>>> from numbergames.solver.registry import games
>>> game = next(iter(games()))  # any registered game
>>> result = simulate(game, sims=2_000, seed=1, workers=1, presentation=PLAIN)
>>> result.games.shape[0], result.summary["games"]
(2000, 2000)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports import results
from numbergames.analysis.running.chunks import CHUNK_SIZE
from numbergames.analysis.running.provenance import now, package_version
from numbergames.analysis.running.runner import run
from numbergames.analysis.statistics.stats import Summary, summarize, summarize_tally
from numbergames.analysis.statistics.tally import Tally
from numbergames.analysis.running.folders import folder_name, folder_path
from numbergames.analysis.running.store import Store, as_store, run_identity
# the checks live in numbergames.analysis.running.request; the names stay importable from here
from numbergames.analysis.running.request import (KEEP_GAMES, MAX_SIMS, PLAIN, Presentation,  # noqa: F401
                              Request, build_rules, check_seed, check_workers, find_spec,
                              parse_keep, parse_policies, parse_sims)
from numbergames.solver.params import Rules, Variant
from numbergames.solver.registry import GameSpec

REPORTS_ROOT = Path("reports")
"""Where reports go by default: ``reports/<game>/<label>``."""


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
    :attr:`numbergames.solver.registry.GameSpec.standard_runs`), without building what its players
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
        from numbergames.analysis.reports.report import length_histogram

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


@results.write_report.register
def write_report(result: Simulation, out: str | Path | None = None) -> Path:
    """Write the report folder of a run (default ``reports/<game>/<label>``); its path
    (:func:`numbergames.analysis.reports.results.write_report` of a :class:`Simulation`)."""
    from numbergames.analysis.reports.report import write_report as write_folder

    out_dir = folder_path(out) or Plan(
        result.game, result.rules, result.sims, result.seed, variant=result.variant,
        policies=result.policies, presentation=result.presentation).default_out()
    sections = result.presentation.report_sections(result.summary, result.parts)
    # games.npz keeps the engines' columns only: the derived ones follow from them
    engines = result.games.drop(columns=[c.name for c in result.game.derived], errors="ignore")
    return write_folder(out_dir, result.summary, engines, sections,
                        lengths=result.length_histogram())


@dataclass(frozen=True)
class Plan(Request):
    """A request for a run (:class:`numbergames.analysis.running.request.Request`, checked when it is made),
    and its playing."""

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
                store: Store | str | Path | None = None) -> Simulation:
        """Play (or load from ``store``, a Store or its path) the games and summarise them;
        with the request's ``scheduler`` (``tcp://host:port``) a Dask cluster plays them
        (same games)."""
        opened = as_store(store)
        result = run(self.game, self.rules, self.policies, self.sims, self.seed,
                     workers=self.workers, progress=progress, store=opened, label=self.label,
                     scheduler=self.scheduler, keep_games=self.keep_games, tally=True,
                     fields=self.presentation.tally_fields)
        return Simulation(self.game, self.rules, self.policies, self.seed, result.games,
                          result.elapsed_s, variant=self.variant, command=command,
                          store=None if opened is None else opened.shown,
                          games_loaded=result.games_loaded, presentation=self.presentation,
                          tally=result.tally, own_parts=result.parts, total=result.sims)


def plan(game: str | GameSpec, sims: int | str | float = 100_000, *, presentation: Any,
         players: int | None = None, policy: str | Sequence[str] | None = None, seed: int = 0,
         workers: int | None = None, variant: str | Path | Variant | None = None,
         rules: Rules | None = None, keep_games: int | str | None = None,
         scheduler: str | None = None, **rule_values: Any) -> Plan:
    """The :class:`Plan` of a request (see :func:`simulate`): the rules built from
    ``rules``, ``variant``, ``rule_values`` and ``players`` (:func:`build_rules`), every
    value checked once (:class:`numbergames.analysis.running.request.Request`); UserError with one line on bad
    input. ``keep_games``: keep the rows of the first so many games only (None: all)."""
    spec = find_spec(game)
    built, variant_name = build_rules(spec, variant, rule_values, players, base=rules)
    return Plan(spec, built, sims, seed, workers, scheduler, variant_name, policies=policy,
                presentation=presentation, keep_games=keep_games)


def simulate(game: str | GameSpec, sims: int | str | float = 100_000, *, presentation: Any,
             players: int | None = None, policy: str | Sequence[str] | None = None,
             seed: int = 0, workers: int | None = None,
             variant: str | Path | Variant | None = None, rules: Rules | None = None,
             progress: bool = False, store: Store | str | Path | None = None,
             scheduler: str | None = None, keep_games: int | str | None = KEEP_GAMES,
             command: str | None = None, **rule_values: Any) -> Simulation:
    """Simulate ``sims`` games of ``game`` and summarise them — the run behind
    ``numbergames.load_game(...).simulate(...)``, which is the documented entry.

    ``presentation`` is what the report shows besides the standard figures of every game
    (:class:`Presentation`): the analysis never looks a game's study up, so its caller
    names it — the front door and the command line the game's study, a study its own
    choice (:data:`PLAIN`: the standard figures alone). There is no default, so that no
    call drops a game's own sections without saying so.

    Rules start from the pinned defaults (or ``rules``), then a ``variant`` TOML
    file, then ``rule_values`` (e.g. ``tie="attacker"``), then ``players``.
    ``policy`` is one name for every seat or one per seat (``"greedy,random"``).
    ``workers`` local processes share the work (default: every core); the result
    depends on the seed only. With a results ``store`` (a :class:`numbergames.analysis.running.store.Store`
    or its path) stored games are loaded, not played again, and new ones are kept
    there. With ``scheduler`` (``tcp://host:port``) the workers of that Dask
    cluster play the games instead of local processes; the result is the same.
    The result holds the per-game DataFrame
    (``.games``: the first ``keep_games`` games, default :data:`KEEP_GAMES`; None keeps
    every game's row), the statistics (of every game) (``.stats``, ``.summary``) and can write its
    report (``.write_report()``).
    """
    return plan(game, sims, players=players, policy=policy, seed=seed, workers=workers,
                variant=variant, rules=rules, presentation=presentation, keep_games=keep_games,
                scheduler=scheduler, **rule_values).execute(progress=progress, store=store,
                                                            command=command)
