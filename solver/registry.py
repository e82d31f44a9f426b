"""The registry of games: the contract between a game and everything that analyses it.

A game registers one :class:`GameSpec` that describes its *traits*, not itself — chance
or none, the numbers of players it allows, its outcome kind, the result columns its
engines return — and its :class:`Players`, its own exact analyses and report sections.
The runner, statistics, store, what-if, skill ladder and reports work from these traits
and never name a game (as OpenSpiel's ``GameType`` lets its algorithms check capabilities,
not names). Adding a game means writing its ``solver/<game>/`` package and its kernel,
and listing the package in :data:`GAME_PACKAGES`; the conformance suite
(``tests/test_conformance.py``) then runs over it. A kernel is optional: a game that
registers none is played by its reference engine, its decision-API ``State`` and players
through :func:`numbergames.solver.decision.play` (``examples/pig/``, the README's "Writing a game").

**Outcomes.** Every engine reports each game's ``winner``: a seat ``0..players-1``, or

* :data:`UNFINISHED` (−1): cut off (e.g. at a turn limit) — neither a win nor a draw, so
  left out of every rate (the reports count such games apart);
* :data:`DRAW` (−2): a draw — in a win/draw/loss game shared by all seats, in a score game
  shared by the seats tied for the best score;
* :data:`NO_WINNER` (−3): finished without a winner — a puzzle that was not solved.

A seat's *points* in a finished game are 1 for a win, its share of a draw (½ between two
players), else 0: the first-player advantage is seat 0's mean points minus the fair share,
so draws do not bias it.
"""
from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from numbergames.solver import decision
from numbergames.solver.decision import Key
from numbergames.solver.params import Rules

GAME_PACKAGES = ("numbergames.solver.manhome", "numbergames.solver.sosooyoo", "numbergames.solver.sumoku", "numbergames.solver.shoo")
"""Packages whose import registers a game."""

UNFINISHED = -1
"""``winner`` of a game cut off before it ended."""
DRAW = -2
"""``winner`` of a drawn game."""
NO_WINNER = -3
"""``winner`` of a game that ended without a winner (an unsolved puzzle)."""

WIN_LOSS = "win/loss"
"""Outcome kind: every finished game has one winner."""
WIN_DRAW_LOSS = "win/draw/loss"
"""Outcome kind: a finished game has one winner or is a draw between all seats."""
SCORES = "scores"
"""Outcome kind: every seat scores; the best score wins and a tie for it is a draw shared
by the tied seats (:attr:`Traits.score` names the per-seat score column)."""
OUTCOMES = (WIN_LOSS, WIN_DRAW_LOSS, SCORES)

STANDARD_COLUMNS = ("winner", "turns", "decision_turns")
"""The game-level columns every engine returns: the outcome (see the module docstring),
the turns of all players together, and how many of them offered a real choice."""

TERMINATION = "termination"
"""The derived column every game declares first (:attr:`GameSpec.derived`), shown right after
``winner``: how each game ended, a code whose names the column declares (:attr:`Column.codes`)
— every way the game can end has its own code. It is derived from the engines' row and the
rules, not returned by the engines (their rows, the results store and ``games.npz`` are
what they were)."""

SEAT_PREFIX = "seat_"
"""A per-seat column ``x`` travels from the engines as the array ``seat_x``."""

ChunkResult = Mapping[str, np.ndarray]
"""A kernel's results for a chunk of ``n`` games (:attr:`GameSpec.result_keys`): the
:data:`STANDARD_COLUMNS` and the game's own game-level columns of shape (n,), and each
declared per-seat column ``x`` as ``seat_x`` of shape (n, players)."""


@dataclass(frozen=True)
class Column:
    """One declared result column."""

    name: str
    doc: str
    per_seat: bool = False
    """Whether the engines return one value per seat (``seat_<name>``, shape (n,
    players)); in a table of games it becomes the columns ``<name>_0``, ``<name>_1``, …"""
    codes: tuple[str, ...] = ()
    """The names of a code column's values, value ``i`` called ``codes[i]`` (e.g. the
    :data:`TERMINATION` column's ``("won", "turn limit")``; :func:`code_names`)."""
    derive: Callable[[Mapping[str, Any], Rules], np.ndarray | None] | None = None
    """A derived column's values, ``derive(columns, rules)`` of a table of games (the
    columns of :meth:`GameSpec.frame_columns`: a DataFrame or a mapping of arrays) and its
    rules, one per game; None where those rules leave the value open in the table (the
    column is then left out of it). A derived column is one of :attr:`GameSpec.derived`,
    never in the engines' rows."""


def code_names(codes: type[enum.IntEnum]) -> tuple[str, ...]:
    """The names of an ``IntEnum``'s members valued 0, 1, 2, … in words, for
    :attr:`Column.codes`.

    >>> class Ending(enum.IntEnum):
    ...     WON = 0
    ...     TURN_LIMIT = 1
    >>> code_names(Ending)
    ('won', 'turn limit')
    """
    members = list(codes)
    if [int(m) for m in members] != list(range(len(members))):
        raise ValueError(f"{codes.__name__}'s values must be 0, 1, 2, …")
    return tuple(m.name.lower().replace("_", " ") for m in members)


@dataclass(frozen=True)
class Traits:
    """What kind of game it is; the analyses choose their metrics from these."""

    chance: bool
    """Whether the game has dice or other chance. Without it a game's key only breaks ties
    between equal moves and picks openings."""
    players: tuple[int, int]
    """The fewest and the most players, e.g. ``(2, 2)``, ``(2, 6)``, ``(1, 1)``."""
    outcome: str = WIN_LOSS
    """:data:`WIN_LOSS`, :data:`WIN_DRAW_LOSS` or :data:`SCORES`."""
    score: str | None = None
    """The per-seat column holding each seat's score (a score game, or a puzzle's score)."""
    ties: str = ""
    """How a score game's tie for the best score ends, in words (stated in reports)."""

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"bad numbers of players {self.players}")
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}")
        if self.outcome == SCORES and not self.score:
            raise ValueError("a score game names its per-seat score column")

    @property
    def draws(self) -> bool:
        """Whether a finished game can be a draw."""
        return self.outcome in (WIN_DRAW_LOSS, SCORES)

    @property
    def solo(self) -> bool:
        """Whether the game is played alone (a puzzle)."""
        return self.players == (1, 1)


@dataclass(frozen=True)
class Search:
    """A family of budgeted search players: ``<name>-N`` searches with budget ``N``."""

    name: str
    """The family's name, e.g. ``search``."""
    base: str
    """The fixed player it improves on (its playouts' policy): the skill ladder's search
    chain starts with the smallest budget against it."""
    budgets: tuple[int, ...] = ()
    """Its doubling budgets on the skill ladder, smallest first; none: the family is off the
    ladder (a player still, by name)."""
    max_budget: int = 1 << 16
    doc: str = ""
    version: int = 1
    """Raise it when the family's players play other games for the same keys while the
    game's other players do not (the game's :attr:`GameSpec.engine_version` is for a change
    to every player): stored runs with the family's players are then not reused, the
    others are (:func:`numbergames.analysis.running.store.family_versions`)."""
    versus_budget: int = 0
    """The budget at which the skill report measures the family against OpenSpiel's
    ``MCTSBot`` at equal simulations (``analyze skill --openspiel``): one where ``MCTSBot``
    plays a game in seconds; 0: no such match (the game's study says why, its
    ``versus_notes``; why a chain flattens is the study's too, its ``flat_notes``:
    :class:`numbergames.studies.Study`)."""


@dataclass(frozen=True)
class KernelBinding:
    """How a game reaches its kernel: :attr:`load`, a function of the game's package whose
    body is the import statement of its binding module, e.g. ::

        def _kernel():
            from numbergames.solver.manhome import kernel
            return kernel

    The import is a statement, not a string: Python, linters and import-linter see it.
    Nothing is imported until the binding is first used (:meth:`module`), so importing a
    game's package — the game contract, as every worker and command does — loads neither
    the binding module nor the compiled kernel; the binding module in turn imports its
    compiled extension (``numbergames.cext.<game>``) only inside the functions that call it.
    """

    load: Callable[[], ModuleType]
    """Imports and returns the binding module, which has :data:`KERNEL_FUNCTIONS`."""

    def module(self) -> ModuleType:
        """The binding module (imported on first use), checked to have
        :data:`KERNEL_FUNCTIONS`."""
        module = self.load()
        missing = [name for name in KERNEL_FUNCTIONS if not callable(getattr(module, name, None))]
        if missing:
            raise TypeError(f"kernel module {module.__name__} has no {', '.join(missing)}")
        return module

    def play_chunk(self) -> Callable[[Rules, Sequence[str], np.ndarray], ChunkResult]:
        """The kernel's ``play_chunk(rules, policies, keys) -> ChunkResult``."""
        return self.module().play_chunk


KERNEL_FUNCTIONS = ("play_chunk",)
"""What every kernel's binding module has: ``play_chunk(rules, policies, keys) ->
ChunkResult``. A kernel with the C decision API has ``kernel_state(rules, policies, key)``
and ``state_view(state)`` too (the differential tests use them where they are)."""


def _no_check(rules: Rules, policies: Sequence[str]) -> None:
    return None


@dataclass(frozen=True)
class Players:
    """A game's players: names, parsing, checks, preparation, the skill ladder and the
    budgeted search families, in one place."""

    fixed: tuple[str, ...]
    """The names of the fixed players every engine knows."""
    default: str
    ladder: tuple[str, ...] = ()
    """The fixed players from weakest to strongest, for the skill ladder (the first is the
    no-skill baseline, normally ``random``)."""
    search: tuple[Search, ...] = ()
    """The budgeted search families; each with budgets climbs the skill ladder as its own
    chain (``analyze skill --budgets N,N`` gives the first one's)."""
    luck_baseline: str = ""
    """The ladder player the luck share is measured against (default: the ladder's
    first). A game names another when its first never wins against anyone, so that the
    luck share would say nothing about the game (why, in a sentence, is the study's
    ``luck_note``: :class:`numbergames.studies.Study`)."""
    check: Callable[[Rules, Sequence[str]], None] = _no_check
    """Check, cheaply and without building anything, that the players can play these
    rules; raises ValueError with a one-line message (every request is checked so before
    any game is played or loaded)."""
    prepare: Callable[[Rules, Sequence[str]], None] = _no_check
    """Build what the players need (solved tables) before workers start, so that they
    inherit it; called only when games are to be played. Raises ValueError as
    :attr:`check` does."""

    def parse(self, name: str) -> tuple[str, int]:
        """``(player, budget)`` of a player's name: budget 0 for a fixed player; ValueError
        for a name the game does not know.

        >>> Players(("random",), "random", search=(Search("mc", "random"),)).parse("mc-8")
        ('mc', 8)
        """
        if name in self.fixed:
            return name, 0
        family, _, budget = name.partition("-")
        for one in self.search:
            if (family == one.name and budget.isascii() and budget.isdigit()
                    and budget == str(int(budget))
                    and 1 <= int(budget) <= one.max_budget):
                return one.name, int(budget)
        raise ValueError(f"unknown player {name!r}; allowed: {self.help()}")

    def knows(self, name: str) -> bool:
        """Whether ``name`` is one of the game's players.

        >>> p = Players(("random",), "random", search=(Search("search", "random"),))
        >>> [p.knows(n) for n in ("random", "search-8", "search-0", "search-08", "x")]
        [True, True, False, False, False]
        """
        try:
            self.parse(name)
        except ValueError:
            return False
        return True

    def is_search(self, name: str) -> bool:
        """Whether ``name`` is a budgeted search player (slow: fewer games on the ladder)."""
        return self.knows(name) and name not in self.fixed

    def help(self) -> str:
        """The allowed names, for messages."""
        return ", ".join([*self.fixed, *(f"{s.name}-N (N = 1..{s.max_budget})"
                                         for s in self.search)])

    def seats(self, policy: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
        """One player per seat from ``"greedy"``, ``"greedy,random"`` or a list; ValueError
        with one line otherwise."""
        if policy is None:
            names = [self.default]
        elif isinstance(policy, str):
            names = [name.strip() for name in policy.split(",")]
        else:
            names = list(policy)
        for name in names:
            if not self.knows(name):
                raise ValueError(f"unknown policy {name!r}; allowed: {self.help()}")
        if len(names) == 1:
            names *= players
        if len(names) != players:
            raise ValueError(f"--policy needs one name or one per seat ({players}), "
                             f"got {len(names)}")
        return tuple(names)


@dataclass(frozen=True)
class GameSpec:
    """One registered game: what it is (what is shown about it is its study's,
    :mod:`numbergames.studies`)."""

    name: str
    """The name used on the command line, e.g. ``manhome``."""
    title: str
    """The name for people, e.g. ``Man Home``."""
    rules: type[Rules]
    """The rules dataclass; its defaults are the pinned reading of the rulebook."""
    traits: Traits
    players: Players
    kernel: KernelBinding | None = None
    """The binding to the fast ``play_chunk(rules, policies, keys) -> ChunkResult``, loaded
    on first use (:class:`KernelBinding`); None: the games are played by the reference
    engine (:meth:`play_chunk`)."""
    reference: Callable[[Rules, Sequence[str], Key], Mapping[str, Any]] | None = None
    """The reference engine: ``(rules, policies, key) -> one game's result`` with the
    kernel's columns (per-seat ones as one value per seat); None: derived from the decision
    API, :attr:`new_state` and :attr:`make_player` (:class:`numbergames.solver.decision.ReferenceEngine`)."""
    columns: tuple[Column, ...] = ()
    """The game's own result columns, besides :data:`STANDARD_COLUMNS`, declared once in the
    game's ``columns.py`` (``COLUMNS``) in the engines' order after the standard ones: the
    game-level columns, then the per-seat ones. The reference engine's ``State.row()`` and the
    kernel's rows (their column numbers generated from these, :mod:`numbergames.solver.kernel_rows`)
    return them so; tests/test_columns.py checks both."""
    derived: tuple[Column, ...] = ()
    """Columns computed from the engines' columns and the rules (each with its
    :attr:`Column.derive`), declared in the game's ``columns.py`` (``DERIVED``): the first is
    :data:`TERMINATION`. A table of games a user sees (a run's ``games``, a stored run read
    back) shows them right after ``winner`` (:meth:`with_derived`); the engines never return
    them, so neither the results store, ``games.npz`` nor a run's identity holds them."""
    engine_version: int = 1
    """Raise it whenever the engines play different games for the same keys (a rules fix,
    a policy change) or return other columns: stored results of older versions are then
    not reused."""
    small_rules: Mapping[str, Any] = field(default_factory=dict)
    """Rules values under which every player can play in a moment (small solved tables):
    the conformance suite plays every player with them."""
    new_state: Callable[[Rules], Any] | None = None
    """The decision API (:mod:`numbergames.solver.decision`): ``rules -> State`` at the start of a game."""
    make_player: Callable[[str, Rules], Any] | None = None
    """``(name, rules) -> Player``: the player called ``name``, ``choose(state, stream)``."""
    size: Callable[[Rules], Any] | None = None
    """``rules -> Size`` (:class:`numbergames.solver.decision.Size`): the bounds a bridge declares."""

    def __post_init__(self) -> None:
        if self.kernel is not None and not isinstance(self.kernel, KernelBinding):
            raise TypeError(f"game {self.name!r}: kernel must be a KernelBinding or None, "
                            f"not {self.kernel!r}")
        for column in self.derived:
            if column.derive is None or column.per_seat:
                raise TypeError(f"game {self.name!r}: derived column {column.name!r} needs a "
                                "derive function and is one value per game")
        if self.reference is None or isinstance(self.reference, decision.ReferenceEngine):
            object.__setattr__(self, "reference",
                               decision.ReferenceEngine(self.new_state, self.make_player))

    def load_kernel(self) -> Callable[[Rules, Sequence[str], np.ndarray], ChunkResult]:
        """The kernel's ``play_chunk`` (imported on first use); without a kernel, the
        reference engine's (:meth:`reference_chunk`)."""
        if self.kernel is None:
            return self.reference_chunk
        return self.kernel.play_chunk()

    def play_chunk(self, rules: Rules, policies: Sequence[str], keys: np.ndarray) -> ChunkResult:
        return self.load_kernel()(rules, policies, keys)

    def reference_chunk(self, rules: Rules, policies: Sequence[str],
                        keys: np.ndarray) -> ChunkResult:
        """A chunk of games played one by one by the reference engine, in the arrays a
        kernel returns (:attr:`result_keys`; per-seat ones of shape (n, players))."""
        rows = [self.reference(rules, policies, int(key)) for key in keys]
        shapes = {SEAT_PREFIX + name: (len(rows), self.seats(rules)) for name in self.per_seat}
        try:
            return {key: np.array([row[key] for row in rows], dtype=np.int32).reshape(
                        shapes.get(key, (len(rows),))) for key in self.result_keys}
        except KeyError as missing:
            raise KeyError(f"game {self.name!r}: a row has no column {missing}") from None

    def seats(self, rules: Rules) -> int:
        """The number of players of ``rules``: their ``players`` parameter, else the one
        number the game allows."""
        if "players" in self.rules.parameters():
            return int(getattr(rules, "players"))
        return self.traits.players[0]

    @property
    def per_seat(self) -> tuple[str, ...]:
        """The names of the per-seat columns."""
        return tuple(c.name for c in self.columns if c.per_seat)

    @property
    def result_keys(self) -> tuple[str, ...]:
        """The keys of the arrays the engines return, in order: the standard columns, the
        game's own game-level columns, then ``seat_<name>`` of each per-seat column."""
        return (*STANDARD_COLUMNS, *(c.name for c in self.columns if not c.per_seat),
                *(SEAT_PREFIX + c.name for c in self.columns if c.per_seat))

    def frame_columns(self, players: int) -> tuple[str, ...]:
        """The columns of a table of games with ``players`` seats, in order.

        >>> spec = GameSpec("g", "G", Rules, Traits(False, (2, 2)), Players(("a",), "a"),
        ...                 columns=(Column("score", "points", per_seat=True),))
        >>> spec.frame_columns(2)
        ('winner', 'turns', 'decision_turns', 'score_0', 'score_1')
        """
        return (*STANDARD_COLUMNS, *(c.name for c in self.columns if not c.per_seat),
                *(f"{c.name}_{s}" for c in self.columns if c.per_seat for s in range(players)))

    def table_columns(self, rules: Rules) -> tuple[str, ...]:
        """The columns of a table of games under ``rules`` as a user sees it, in order: those
        of :meth:`frame_columns`, the :attr:`derived` ones the rules let it say right after
        ``winner`` (:meth:`with_derived`)."""
        players = self.seats(rules)
        none = {name: np.zeros(0, dtype=np.int64) for name in self.frame_columns(players)}
        return tuple(self.with_derived(none, rules))

    def derive(self, columns: Mapping[str, Any], rules: Rules) -> dict[str, np.ndarray]:
        """The :attr:`derived` columns of a table of games (``columns``, those of
        :meth:`frame_columns`) under ``rules``: each that the rules let the table say."""
        derived = {}
        for column in self.derived:
            values = column.derive(columns, rules)
            if values is not None:
                derived[column.name] = np.asarray(values)
        return derived

    def with_derived(self, columns: Mapping[str, np.ndarray],
                     rules: Rules) -> dict[str, np.ndarray]:
        """A table of games (``columns``, those of :meth:`frame_columns`) with its
        :attr:`derived` columns right after ``winner``.

        >>> won = Column("won", "a seat won", derive=lambda table, rules: table["winner"] >= 0)
        >>> spec = GameSpec("g", "G", Rules, Traits(False, (2, 2)), Players(("a",), "a"),
        ...                 derived=(won,))
        >>> games = {"winner": np.array([1, -1]), "turns": np.array([3, 9])}
        >>> {name: values.tolist() for name, values in spec.with_derived(games, Rules()).items()}
        {'winner': [1, -1], 'won': [True, False], 'turns': [3, 9]}
        """
        derived = self.derive(columns, rules)
        clash = sorted(set(derived) & set(columns))
        if clash:
            raise ValueError(f"game {self.name!r}: the table already has {', '.join(clash)}")
        table: dict[str, np.ndarray] = {}
        for name, values in columns.items():
            table[name] = values
            if name == "winner":
                table.update(derived)
        return table


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (called by the game's package on import)."""
    _GAMES[spec.name] = spec
    return spec


def game_names() -> tuple[str, ...]:
    """The names of the games :data:`GAME_PACKAGES` register (nothing is imported)."""
    return tuple(package.rpartition(".")[2] for package in GAME_PACKAGES)


def games() -> dict[str, GameSpec]:
    """Every registered game by name (every game package imported)."""
    for package in GAME_PACKAGES:
        importlib.import_module(package)
    return dict(_GAMES)


class UnknownGameError(LookupError):
    pass


def find_game(name: str) -> GameSpec:
    """The registered game called ``name``; only its own package is imported (a command
    about one game loads that game alone)."""
    if not isinstance(name, str) or name not in _GAMES:
        package = dict(zip(game_names(), GAME_PACKAGES)).get(name) if isinstance(name, str) else None
        if package is None:
            known = sorted({*game_names(), *_GAMES})
            raise UnknownGameError(f"unknown game {name!r}; known: {', '.join(known)}")
        importlib.import_module(package)
    return _GAMES[name]
