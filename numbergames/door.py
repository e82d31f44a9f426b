"""The front door: ``numbergames.load_game(name, **rules)`` -> a :class:`Game`, as
``pyspiel.load_game`` is OpenSpiel's.

>>> import numbergames
>>> "manhome" in numbergames.games()
True
>>> game = numbergames.load_game("manhome", players=3, tie="attacker")
>>> game.name, game.players, game.rules.tie
('manhome', 3, 'attacker')
>>> state = game.new_state()                      # the reference engine's decision API
>>> row = game.play(7, players="greedy")          # one seeded game: the kernel's game of key 7
>>> result = game.simulate(2_000, policy="greedy", seed=1, workers=1)    # doctest: +SKIP
>>> numbergames.write_report(result)                                     # doctest: +SKIP

The rules are given as keyword arguments exactly as ``--set name=value`` and a variant
file take them (``variant=`` a variant file or :class:`numbergames.solver.params.Variant`, ``rules=`` a
rules object to start from), checked once: a wrong one is a :class:`UserError` (a
ValueError) of one line naming the parameter and what it allows.

A :class:`Game` runs every analysis through the same code as the command line: its
:meth:`~Game.simulate` is the ``analyze <game>`` command's run (the game's study's own
report sections always included), :meth:`~Game.sweep` is ``analyze whatif``'s,
:meth:`~Game.fair` is ``analyze fair``'s and :meth:`~Game.skill` is ``analyze skill``'s.
Importing this module is cheap (the game
contract, no pandas or scipy): what an analysis needs is imported when it runs.

The layers: the command line (:mod:`numbergames.analyze`) stands on this door; the door on the studies
(:mod:`numbergames.studies`: what is shown about each game), the analysis (:mod:`numbergames.analysis`) and the
games (:mod:`numbergames.solver`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.request import KEEP_GAMES, build_rules, find_spec, parse_policies
from numbergames.analysis.reports.results import write_report
from numbergames.solver import registry
from numbergames.solver.params import Rules, Variant
from numbergames.solver.registry import GameSpec

if TYPE_CHECKING:
    from numbergames.analysis.searches.fair import Fair
    from numbergames.analysis.searches.simulation import Plan, Simulation
    from numbergames.analysis.searches.skill import Ladder
    from numbergames.analysis.running.store import Store
    from numbergames.analysis.searches.whatif import Sweep

__all__ = ["Game", "UserError", "games", "load_game", "write_report"]

DEFAULT_SIMS = 100_000
"""Games of a run when none are asked for (``analyze <game>``'s ``--sims`` default)."""


def games() -> tuple[str, ...]:
    """The names of the registered games, e.g. ``('manhome', 'sosooyoo', 'sumoku', 'shoo')``."""
    return tuple(registry.games())


def load_game(name: str, *, variant: str | Path | Variant | None = None,
              rules: Rules | None = None, players: int | None = None,
              **values: Any) -> Game:
    """The game called ``name`` with its rules: the pinned defaults (or ``rules``), then a
    ``variant`` file, then ``values`` (``tie="attacker"``, as ``--set tie=attacker``), then
    ``players`` (as ``--players``). UserError with one line for an unknown game or a bad
    value."""
    spec = find_spec(name)
    built, variant_name = build_rules(spec, variant, values, players, base=rules)
    return Game(spec, built, variant_name, variant)


@dataclass(frozen=True)
class Game:
    """A game with its rules (made by :func:`load_game`): its states, its players and every
    analysis of it."""

    spec: GameSpec = field(repr=False)
    """What the game is (:class:`numbergames.solver.registry.GameSpec`)."""
    rules: Rules
    """The rules dataclass, checked."""
    variant: str | None = None
    """The name of the variant file the rules came from (part of report folders' names)."""
    variant_source: str | Path | Variant | None = field(default=None, repr=False)
    """That variant file as given (a what-if sweep names its base after it)."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.spec.seats(self.rules)

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self.rules.changed().items())
        return f"<Game {self.name}{' ' + changed if changed else ''}>"

    # -- the decision API -------------------------------------------------------------
    def new_state(self) -> Any:
        """The start of a game in the reference engine's decision API (an OpenSpiel-shaped
        ``State``: ``current_player()``, ``legal_actions()``, ``apply_action(a)``, …)."""
        if self.spec.new_state is None:
            raise UserError(f"{self.name} has no decision API")
        return self.spec.new_state(self.rules)

    def player(self, name: str) -> Any:
        """The player called ``name`` (``"greedy"``, ``"mcts-200"``): ``choose(state, stream)
        -> action``. UserError for a name the game does not know."""
        seats = self.seats(name)
        if self.spec.make_player is None:
            raise UserError(f"{self.name} has no decision API")
        self.spec.players.prepare(self.rules, seats)
        return self.spec.make_player(seats[0], self.rules)

    def seats(self, policy: str | Sequence[str] | None = None) -> tuple[str, ...]:
        """One player's name per seat from a name, names separated by commas or a list
        (None: the game's default player), checked as ``--policy`` is."""
        seats = parse_policies(self.spec, policy, self.players)
        try:
            self.spec.players.check(self.rules, seats)
        except ValueError as exc:
            raise UserError(str(exc)) from None
        return seats

    def play(self, key: int, players: str | Sequence[str] | None = None) -> dict[str, Any]:
        """The game of ``key`` (a 64-bit game key, as a run's chunks give them) played by
        ``players`` (one name or one per seat; default the game's default player) in the
        reference engine: its result row, the kernel's columns (``winner``, ``turns``, …,
        per-seat ones as ``seat_<name>``: one value per seat). The kernel plays the same
        game for the same key."""
        seats = self.seats(players)
        self.spec.players.prepare(self.rules, seats)
        return dict(self.spec.reference(self.rules, seats, int(key)))

    # -- the analyses -----------------------------------------------------------------
    def request(self, sims: int | str | float = DEFAULT_SIMS, *,
                policy: str | Sequence[str] | None = None, seed: int = 0,
                workers: int | None = None, keep_games: int | str | None = KEEP_GAMES,
                scheduler: str | None = None) -> Plan:
        """The checked request of a run of this game (:class:`numbergames.analysis.searches.simulation.Plan`,
        checked once when made), with the game's study as its presentation: what
        :meth:`simulate` and ``analyze <game>`` play."""
        from numbergames.analysis.searches.simulation import Plan
        from numbergames.studies import find_study

        return Plan(self.spec, self.rules, sims, seed, workers, scheduler, self.variant,
                    policies=policy, presentation=find_study(self.name), keep_games=keep_games)

    def simulate(self, sims: int | str | float = DEFAULT_SIMS, *,
                 policy: str | Sequence[str] | None = None, seed: int = 0,
                 workers: int | None = None, keep_games: int | str | None = KEEP_GAMES,
                 store: Store | str | Path | None = None, scheduler: str | None = None,
                 progress: bool = False, command: str | None = None) -> Simulation:
        """Play ``sims`` games (``1e6``, ``"2.5e5"``) and summarise them, as ``analyze
        <game>`` does: ``policy`` one player for every seat or one per seat, ``seed`` (same
        seed, same games), ``workers`` local processes (default every core; the games do not
        depend on it), ``keep_games`` rows kept (default 1e6; every figure counts every
        game; None keeps every row), a results ``store`` (its games are loaded, new ones kept), a Dask
        ``scheduler``. The result (:class:`numbergames.analysis.searches.simulation.Simulation`) holds
        ``.games`` (a DataFrame), ``.summary`` (summary.json's figures, the game's own
        among them) and writes its report (:func:`write_report`)."""
        return self.request(sims, policy=policy, seed=seed, workers=workers,
                            keep_games=keep_games, scheduler=scheduler
                            ).execute(progress=progress, command=command, store=store)

    def _rules_arguments(self) -> dict[str, Any]:
        """These rules as the what-if and skill requests take them: the variant file as
        given, then every value that differs from the defaults (so the same rules, whatever
        they were built from), ``players`` apart."""
        values = self.rules.changed()
        players = values.pop("players", None)
        return {"variant": self.variant_source, "players": players, **values}

    def sweep(self, vary: Mapping[str, Sequence[Any]] | None = None,
              sims: int | str | float = DEFAULT_SIMS, *,
              variants: Sequence[str | Path | Variant] | None = None,
              policy: str | Sequence[str] | None = None, seed: int = 0,
              workers: int | None = None, precision: float | None = None,
              store: Store | str | Path | None = None, scheduler: str | None = None,
              progress: bool = False, command: str | None = None,
              say: Any = None) -> Sweep:
        """A what-if sweep from these rules, as ``analyze whatif``: the base and every
        point of the ``vary`` grid (``{"tie": ["defender", "attacker"]}``) and every further
        variant file of ``variants``, played with the same seed and compared game by game
        (:func:`numbergames.analysis.searches.whatif.sweep`)."""
        from numbergames.analysis.searches.whatif import plan_sweep

        return plan_sweep(self.name, vary, sims, policy=policy, seed=seed, workers=workers,
                          variants=variants, precision=precision, scheduler=scheduler,
                          **self._rules_arguments()).run(store=store, command=command, say=say,
                                                         progress=progress)

    def skill(self, sims: int | str | float = DEFAULT_SIMS, search_sims: int | str | float = 4_000,
              *, budgets: Sequence[int] | Mapping[str, Sequence[int]] | None = None,
              seed: int = 0, workers: int | None = None, openspiel: int = 0,
              top_sims: int | str | float | None = None, store: Store | None = None,
              scheduler: str | None = None, progress: bool = False,
              command: str | None = None) -> Ladder:
        """The skill ladder and the luck share of these rules, as ``analyze skill``
        (:func:`numbergames.analysis.searches.skill.skill`)."""
        from numbergames.analysis.searches.skill import plan_skill
        from numbergames.studies import find_study

        return plan_skill(self.name, sims, search_sims, budgets=budgets, seed=seed,
                          workers=workers, openspiel=openspiel, top_sims=top_sims,
                          scheduler=scheduler, presentation=find_study(self.name),
                          **self._rules_arguments()).execute(
            store=store, progress=progress, command=command)

    def fair(self, lever: str, sims: int | str | float = 1_000_000, *,
             policy: str | Sequence[str] | None = None, seed: int = 0,
             workers: int | None = None, precision: float = 1.0, low: Any = None,
             high: Any = None, store: Store | str | Path | None = None,
             scheduler: str | None = None, command: str | None = None,
             say: Any = None) -> Fair:
        """The value of the graded ``lever`` that makes these rules fair, as ``analyze
        fair`` (:func:`numbergames.analysis.searches.fair.fair`): ``.best`` the answer,
        ``.interval`` the values not rejected as fair, ``.table`` every tried value (a
        DataFrame). The lever's own value in these rules is not used: it is searched."""
        from numbergames.analysis.searches.fair import plan_fair

        arguments = self._rules_arguments()
        arguments.pop(lever, None)
        return plan_fair(self.name, lever, sims, policy=policy, seed=seed, workers=workers,
                         precision=precision, low=low, high=high, scheduler=scheduler,
                         **arguments).run(store=store, command=command, say=say)

    def write_report(self, result: Any, out: str | Path | None = None) -> Path:
        """:func:`write_report` (the report of any result, by its type)."""
        return write_report(result, out)
