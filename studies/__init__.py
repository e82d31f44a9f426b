"""What the toolkit shows about each game: its studies, above the analysis.

The game contract (:mod:`numbergames.solver.registry`) says what a game *is* — its rules, traits,
players, engines and result columns. A game's **study**, registered here by its package
``studies/<game>/``, says what is shown about it: its own report sections and the figures
they add to ``summary.json``, its standard runs and what-if sweeps (written by `analyze
report`), its exact analyses (`analyze exact`: reports written from the game's solvers), its
position tool (`analyze position`) and the sentences its skill report adds to the figures
(why its luck baseline, why a search chain flattens). The analysis layer never sees a study:
the command line (:mod:`numbergames.analyze.cli`) hands what it needs — the sections, the
summary figures, the standard runs, the skill report's notes — to the analysis functions (a
study is such a presenter).

A study is found by its game's name (:func:`find_study`), which imports that game's study
package alone; a game with none (a toy game of the tests) gets :func:`plain_study`.
"""
from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from numbergames.analysis.running.request import Presentation
from numbergames.solver import registry


@dataclass(frozen=True)
class Option:
    """A command-line option of a game's own analysis (``--largest``, ``--hands 1000``).

    Every number has its stated range, ``low..high`` (a budget always has a maximum), and a
    text may name its ``choices``: :meth:`parse` refuses anything else with one line."""

    name: str
    help: str
    kind: type = bool
    default: Any = False
    low: int | float | None = None
    """The smallest value of a number (int or float)."""
    high: int | float | None = None
    """The largest value of a number: every budget, count and size has one."""
    choices: tuple[str, ...] = ()
    """The values a text may take (none: any text, checked by the analysis)."""

    def __post_init__(self) -> None:
        if self.kind in (int, float) and (self.low is None or self.high is None):
            raise ValueError(f"option {self.name}: a number needs its range (low and high)")

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def allowed(self) -> str:
        """The allowed values, in words.

        >>> Option("hands", "", int, 10, low=1, high=100_000).allowed()
        'a whole number from 1 to 100,000'
        >>> Option("error", "", float, 0.1, low=0.0, high=0.99).allowed()
        'a number from 0 to 0.99'
        """
        if self.kind is int:
            return f"a whole number from {self.low:,} to {self.high:,}"
        if self.kind is float:
            return f"a number from {self.low:g} to {self.high:g}"
        return " | ".join(self.choices) if self.choices else "a text"

    def parse(self, text: str) -> Any:
        """The value of ``--<name> text``; ValueError with one line when it is not allowed.

        >>> Option("budgets", "", int, -1, low=-1, high=4).parse("-2")
        Traceback (most recent call last):
        ...
        ValueError: --budgets must be a whole number from -1 to 4, not '-2'
        """
        bad = ValueError(f"{self.flag} must be {self.allowed()}, not {text[:40]!r}")
        if self.kind is str:
            value = text.strip()
            if self.choices and value not in self.choices:
                raise bad
            return value
        try:
            number = float(text.strip().replace("_", ""))
        except ValueError:
            raise bad from None
        if not (math.isfinite(number) and self.low <= number <= self.high):
            raise bad
        if self.kind is int:  # a count or budget: 2e6 and 250_000 as --sims takes them
            if not number.is_integer():
                raise bad
            return int(number)
        return number


@dataclass(frozen=True)
class ExactAnalysis:
    """One of a game's own exact analyses (``analyze exact <game> [<name>]``): a report
    written by the game's study from its solvers."""

    name: str
    title: str
    run: str
    """``module:function`` writing the report folder: ``run(out, *, rules, command, say,
    **options) -> Path``, plus ``sims``, ``seed`` and ``workers`` when
    :attr:`monte_carlo` is set, ``workers`` when :attr:`parallel` is."""
    folder: str
    """The default report folder under ``reports/``, e.g. ``manhome-exact``."""
    options: tuple[Option, ...] = ()
    takes_rules: bool = False
    """Whether ``--set`` and ``--variant`` apply (the analysis solves the rules given)."""
    monte_carlo: bool = False
    """Whether it checks itself by Monte Carlo (``--sims``, ``--seed``, ``--workers``)."""
    parallel: bool = False
    """Whether it spreads its work over ``--workers`` processes without Monte Carlo (its
    ``run`` takes ``workers``: a count, or None for all the cores)."""
    sims: int = 200_000
    """Its default ``--sims`` when :attr:`monte_carlo` is set (what ``--sims`` counts, the
    analysis says: games per check, per cell, …)."""
    description: str = ""

    def load(self) -> Callable[..., Any]:
        module, function = self.run.split(":")
        return getattr(importlib.import_module(module), function)


@dataclass(frozen=True)
class PositionTool:
    """A game's positions examined one at a time (``analyze position <game> [<notation>]``):
    two ``module:function`` names, imported on first use."""

    describe: str
    """``(rules, notation or None for the start, search budget or 0, perft depth or 0) ->
    plain data`` (what ``--json`` prints); a bad notation or request raises
    :class:`numbergames.solver.params.RulesError` with one line."""
    render: str
    """``(that data) -> text`` for a terminal."""
    notation: str = "notation"
    """What the notation is called, for help texts."""
    example: str = ""
    """The arguments of an example command, for help texts (e.g. ``--search 8 --perft 3``)."""
    max_search: int = 0
    """The largest ``--search`` budget (0: the tool searches nothing)."""
    search_help: str = "the best move of the search player with budget N, and its value"
    max_perft: int = 0
    """The deepest ``--perft`` (0: the game's positions have no move sequences to count)."""
    has_start: bool = False
    """Whether no notation at all means the game's start position."""

    def load(self, which: str) -> Callable[..., Any]:
        module, function = getattr(self, which).split(":")
        return getattr(importlib.import_module(module), function)


@dataclass(frozen=True, kw_only=True)
class Study(Presentation):
    """What the toolkit shows about one game (see the module docstring): a
    :class:`~numbergames.analysis.running.request.Presentation` (the report sections, summary
    figures, tally parts and skill-report notes it declares) with the game's description,
    exact analyses, standard runs and what-ifs, and position tool."""

    game: str
    """The name of the game (:attr:`numbergames.solver.registry.GameSpec.name`)."""
    description: str = ""
    """One sentence for people: what the game is."""
    analyses: tuple[ExactAnalysis, ...] = ()
    """The game's exact analyses, ``analyze exact <game> [<name>]``; the first is the
    default."""
    standard_runs: tuple[Mapping[str, Any], ...] = ({},)
    """The game's standard Monte Carlo reports, regenerated by ``analyze report``: each the
    options of one run (``players``, ``policy``, rules values), the first being the headline
    run whose first-player advantage and length the overview ranks."""
    strong_run: Mapping[str, Any] | None = None
    """The headline run's setting played by the strongest player that affords 1e4 games in
    under an hour on 2 cores (``policy`` names it with its budget; ``sims``: its games),
    regenerated by ``analyze report`` beside the standard runs: the overview's first-player
    advantage "with strong play". None: the strongest fixed player of the ladder, when the
    game has a standard run of it."""
    standard_whatifs: tuple[Mapping[str, Sequence[Any]], ...] = ()
    """The game's standard rules-variant sweeps (``--vary`` grids) on the standard rules."""
    standard_fairs: tuple[Mapping[str, Any], ...] = ()
    """The game's standard fair searches (``analyze fair``), regenerated by ``analyze
    report``: each the options of one (``lever``, and ``players``, ``policy`` or rules
    values); the overview's first-player table names the fair value of the one played as
    the headline run is."""
    position: PositionTool | None = None
    """The game's position tool, for games with a position notation."""

    def analysis(self, name: str | None = None) -> ExactAnalysis:
        """The game's exact analysis called ``name`` (the first when None); LookupError."""
        if not self.analyses:
            raise registry.UnknownGameError(f"{self.game} has no exact analysis")
        if name is None:
            return self.analyses[0]
        for one in self.analyses:
            if one.name == name:
                return one
        raise registry.UnknownGameError(f"{self.game} has no analysis {name!r}; known: "
                                        f"{', '.join(a.name for a in self.analyses)}")


_STUDIES: dict[str, Study] = {}


def register(study: Study) -> Study:
    """Add a game's study (called by its package ``studies/<game>/`` on import)."""
    _STUDIES[study.game] = study
    return study


def plain_study(game: str) -> Study:
    """The study of a game that registers none: nothing shown but the standard report."""
    return Study(game=game)


def find_study(game: str) -> Study:
    """The study of the game called ``game``: its package ``studies.<game>`` imported (and
    nothing else), or :func:`plain_study` when it has none."""
    if game not in _STUDIES and importlib.util.find_spec(f"{__name__}.{game}") is not None:
        importlib.import_module(f"{__name__}.{game}")
    return _STUDIES.get(game) or plain_study(game)


def studies() -> dict[str, Study]:
    """The study of every registered game (every game and study imported)."""
    return {name: find_study(name) for name in registry.games()}

