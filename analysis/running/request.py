"""A request for an analysis, checked once: :class:`Common`, and a run's :class:`Request`.

Whatever asks for an analysis — the front door (:mod:`numbergames`), the command line, a
study's standard runs — builds one request: a run's :class:`Request`, a what-if's
:class:`~numbergames.analysis.searches.whatif.SweepPlan` or a skill ladder's
:class:`~numbergames.analysis.searches.skill.SkillPlan`, each a :class:`Common` (the game,
rules, games, seed, workers, scheduler) with fields of its own. Its construction checks
every value (the shared ones here, once, whichever analysis it is) and ends with a
:class:`~numbergames.analysis.running.errors.UserError` of one line on the first bad one;
what runs it (:meth:`numbergames.analysis.searches.simulation.Plan.execute`, the runner)
takes its values as checked. The checks are the functions below, which the command line's
parser uses too (one rule, one message). Light on purpose: no pandas, so that checking
costs nothing.
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from numbergames.analysis.running.errors import MAX_SEED, MAX_WORKERS, UserError
from numbergames.solver.params import Rules, RulesError, Variant, same_number
from numbergames.solver.registry import GameSpec, find_game

MAX_SIMS = 10_000_000_000
"""The most games one run may ask for (a run keeps chunk summaries beyond the rows it
keeps, so its memory does not grow with its games)."""
KEEP_GAMES = 1_000_000
"""The rows a run keeps by default (``--keep-games``): its figures count every game, merged
chunk by chunk."""


def check_workers(workers: int | None) -> int | None:
    """``workers`` (None: every core) when an integer from 1 to :data:`MAX_WORKERS`, else a
    UserError (the command line's parser checks ``--workers`` with it)."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= MAX_WORKERS):
        raise UserError(f"--workers must be a whole number from 1 to {MAX_WORKERS:,}, not "
                        f"{str(workers)[:40]!r}")
    return workers


def check_seed(seed: int) -> int:
    """``seed`` when an integer from 0 to :data:`MAX_SEED`, else a UserError (the command
    line's parser checks ``--seed`` with it)."""
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
    (:meth:`numbergames.solver.registry.Players.seats`); UserError naming the game otherwise."""
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


def no_sections(summary: Mapping[str, Any], parts: Any) -> list[str]:
    """No report sections of the game's own (a presentation's or a study's default)."""
    return []


def no_fields(summary: Mapping[str, Any], parts: Any) -> Mapping[str, Any]:
    """No summary figures of the game's own."""
    return {}


def no_parts(games: Any, players: int) -> dict[str, Any]:
    """No tally parts of the game's own."""
    return {}


@dataclass(frozen=True)
class Presentation:
    """What a report shows besides the standard figures of every game: the game's own
    report sections, the figures they add to the summary, its standard runs (whose report
    folders a run of other games never replaces) and the sentences its skill report adds
    to the figures (why its luck baseline, why a search chain flattens). A game's study
    (:class:`numbergames.studies.Study`) is one; the analysis takes it from its caller (the command
    line, :mod:`numbergames.studies`) and never looks a game's up itself."""

    report_sections: Callable[[Mapping[str, Any], Any], list[str]] = no_sections
    """``(summary, parts) -> Markdown sections``."""
    summary_fields: Callable[[Mapping[str, Any], Any], Mapping[str, Any]] = no_fields
    """``(summary, parts) -> figures`` the game adds to ``summary.json`` (and to the summary
    its report sections read): JSON values under new keys; a key of the standard summary
    may not be replaced."""
    tally_fields: Callable[[Any, int], dict[str, Any]] = no_parts
    """``(a chunk's games, players) -> parts``: what the game's own figures need of a chunk
    of games, as parts that merge (:func:`numbergames.analysis.statistics.tally.merge_parts`:
    counts, sums, histograms), so that a run of any size keeps them and not its rows."""
    standard_runs: tuple[Mapping[str, Any], ...] = ()
    """The options of the runs whose report folders a run of other games never replaces."""
    luck_note: str = ""
    """Why the game's luck baseline (:attr:`numbergames.solver.registry.Players.luck_baseline`)
    is not its ladder's first player, in one sentence for the skill report."""
    flat_notes: Mapping[str, str] = field(default_factory=dict)
    """Search family name -> why its chain stops paying where it does on the ladder
    (measured), one sentence the skill report prints when a doubling's interval does not
    clear the fair share; none: the report says only where."""
    versus_notes: Mapping[str, str] = field(default_factory=dict)
    """Search family name -> why the family has no match against OpenSpiel's ``MCTSBot``
    (no :attr:`numbergames.solver.registry.Search.versus_budget`), for the skill report."""


PLAIN = Presentation()
"""The standard report alone."""


def find_spec(game: str | GameSpec) -> GameSpec:
    """The registered game ``game`` (a name, or its spec as it is); UserError otherwise."""
    if isinstance(game, GameSpec):
        return game
    try:
        return find_game(game)
    except LookupError as exc:
        raise UserError(str(exc).strip('"')) from None


def check_scheduler(scheduler: str | None) -> str | None:
    """A Dask scheduler's address as :func:`numbergames.analysis.running.cluster.check_scheduler` gives it (None:
    local processes)."""
    if scheduler is None:
        return None
    from numbergames.analysis.running.cluster import check_scheduler as check

    return check(scheduler)


@dataclass(frozen=True)
class Common:
    """What every analysis's request shares — the game, its rules, the games to play, the
    seed, the workers and the scheduler — checked once, when the request is made, by
    :meth:`__post_init__`: a game's name becomes its spec, ``None`` rules the game's pinned
    defaults, ``"1e6"`` games 1,000,000; the first bad value raises UserError with one line.
    A run (:class:`Request`), a what-if (:class:`numbergames.analysis.searches.whatif.SweepPlan`)
    and a skill ladder (:class:`numbergames.analysis.searches.skill.SkillPlan`) are each one
    of these with their own fields (keyword-only) and their own checks (:meth:`_check_own`,
    run after the shared ones): one rule and one message for a shared field, whichever
    analysis asks. Frozen: what is checked stays so, and whatever takes a request does not
    check it again.
    """

    game: GameSpec
    """The game (its name is taken too)."""
    rules: Rules
    """The rules (None: the game's pinned defaults); see :func:`build_rules`."""
    sims: int
    """Games to play (``1e6``, ``"2.5e5"`` are taken too)."""
    seed: int = 0
    workers: int | None = None
    """Local worker processes (None: every core); the games do not depend on it."""
    scheduler: str | None = None
    """A Dask scheduler's address whose workers play the games (None: local processes)."""
    variant: str | None = None
    """The variant's name (from its file), part of a report's folder name."""

    def __post_init__(self) -> None:
        spec = find_spec(self.game)
        rules = self.rules if self.rules is not None else spec.rules()
        if not isinstance(rules, spec.rules):
            raise UserError(f"rules must be a {spec.rules.__name__} of {spec.name}, not "
                            f"{rules!r:.40}")
        self._set(game=spec, rules=rules, sims=parse_sims(self.sims),
                  seed=check_seed(self.seed), workers=check_workers(self.workers),
                  scheduler=check_scheduler(self.scheduler))
        self._set(**self._check_own())

    def _check_own(self) -> dict[str, Any]:
        """A kind of request's own fields, checked (the shared ones are): their normalised
        values by name; UserError with one line on the first bad one."""
        return {}

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)


@dataclass(frozen=True, kw_only=True)
class Request(Common):
    """A request for a Monte Carlo run of one seating: the shared fields (:class:`Common`)
    and its players, presentation and rows kept, every one checked when it is made.

    >>> from numbergames.solver.registry import games
    >>> name = next(iter(games()))  # any registered game
    >>> r = Request(name, None, "2e3", seed=1)
    >>> r.game.name == name, r.sims, len(r.policies) == r.game.seats(r.rules)
    (True, 2000, True)
    >>> Request(name, None, 10, workers=0)
    Traceback (most recent call last):
    ...
    numbergames.analysis.running.errors.UserError: --workers must be a whole number from 1 to 1,024, not '0'
    """

    policies: tuple[str, ...] | None = None
    """One player per seat (a name for every seat, names separated by commas or a list, or
    None for the game's default player are taken too)."""
    presentation: Any = PLAIN
    """What the run's report shows besides the standard figures (:class:`Presentation`)."""
    keep_games: int | None = None
    """Keep the rows of the first so many games only (None: every game's); the figures
    count every game."""

    def _check_own(self) -> dict[str, Any]:
        seats = parse_policies(self.game, self.policies, self.game.seats(self.rules))
        try:
            self.game.players.check(self.rules, seats)
        except ValueError as exc:
            raise UserError(str(exc)) from None
        return {"policies": seats,
                "keep_games": None if self.keep_games is None else parse_keep(self.keep_games)}
