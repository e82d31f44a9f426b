"""The registry of games: everything the runner, statistics and reports need to know.

A game registers one :class:`GameSpec`; the analysis layer works from it and never
names a game. Adding a game means writing its ``solver/<game>/`` package and its
kernel, and listing the package in :data:`GAME_PACKAGES`.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solver.params import Rules

GAME_PACKAGES = ("solver.manhome",)
"""Packages whose import registers a game."""

ChunkResult = Mapping[str, np.ndarray]
"""A kernel's results for a chunk of games: ``winner``, ``turns``, ``decision_turns``
of shape (n,), and per-seat counters under ``seat_<name>`` of shape (n, players)."""


@dataclass(frozen=True)
class GameSpec:
    """One registered game."""

    name: str
    """The name used on the command line, e.g. ``manhome``."""
    title: str
    """The name for people, e.g. ``Man Home``."""
    rules: type[Rules]
    """The rules dataclass; its defaults are the pinned reading of the rulebook."""
    policies: tuple[str, ...]
    """Names of the players every engine knows."""
    default_policy: str
    kernel: str
    """``module:function`` of the fast ``play_chunk(rules, policies, keys) -> ChunkResult``."""
    reference: Callable[[Rules, Sequence[str], int], Mapping[str, Any]]
    """The reference engine: ``(rules, policies, key) -> one game's result row``."""
    report_sections: Callable[[Mapping[str, Any], Any], list[str]] = field(default=lambda s, g: [])
    """``(summary, games) -> Markdown sections`` the game adds to its report."""
    description: str = ""
    engine_version: int = 1
    """Raise it whenever the engines play different games for the same keys (a rules fix,
    a policy change): stored results of older versions are then not reused."""
    exact: str | None = None
    """``module:function`` writing the game's exact-analysis report, if it has one:
    ``run(out, *, sims, seed, workers, largest, command) -> Path``."""
    prepare: Callable[[Rules, Sequence[str]], None] = field(default=lambda rules, policies: None)
    """Check that the policies can play these rules and build what they need (solved
    tables) before workers start; raises ValueError with a one-line message."""
    search: str | None = None
    """The family name of the game's budgeted search player, if it has one: the policy
    ``<search>-N`` searches with a budget of ``N`` (1 .. :attr:`max_budget`)."""
    max_budget: int = 1 << 16
    ladder: tuple[str, ...] = ()
    """The fixed policies from weakest to strongest, for the skill ladder (the first is the
    no-skill baseline, normally ``random``)."""
    search_budgets: tuple[int, ...] = ()
    """The search players' doubling budgets on the skill ladder, smallest first."""

    def knows_policy(self, name: str) -> bool:
        """Whether ``name`` is one of the game's players (a fixed one or ``<search>-N``).

        >>> spec = GameSpec("g", "G", Rules, ("random",), "random", "m:f", None, search="search")
        >>> [spec.knows_policy(n) for n in ("random", "search-8", "search-0", "search-08", "x")]
        [True, True, False, False, False]
        """
        if name in self.policies:
            return True
        family, _, budget = name.partition("-")
        return (self.search is not None and family == self.search and budget.isdigit()
                and budget == str(int(budget)) and 1 <= int(budget) <= self.max_budget)

    def policy_help(self) -> str:
        """The allowed policy names, for messages."""
        names = list(self.policies)
        if self.search is not None:
            names.append(f"{self.search}-N (N = 1..{self.max_budget})")
        return ", ".join(names)

    def load_kernel(self) -> Callable[[Rules, Sequence[str], np.ndarray], ChunkResult]:
        """The kernel's ``play_chunk`` (imported on first use)."""
        module, function = self.kernel.split(":")
        return getattr(importlib.import_module(module), function)

    def run_exact(self, **options: Any) -> Any:
        """Write the exact-analysis report (see :attr:`exact`)."""
        if self.exact is None:
            raise UnknownGameError(f"{self.name} has no exact analysis")
        module, function = self.exact.split(":")
        return getattr(importlib.import_module(module), function)(**options)

    def play_chunk(self, rules: Rules, policies: Sequence[str], keys: np.ndarray) -> ChunkResult:
        return self.load_kernel()(rules, policies, keys)

    def players(self, rules: Rules) -> int:
        return int(getattr(rules, "players"))


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (called by the game's package on import)."""
    _GAMES[spec.name] = spec
    return spec


def games() -> dict[str, GameSpec]:
    """Every registered game by name."""
    for package in GAME_PACKAGES:
        importlib.import_module(package)
    return dict(_GAMES)


class UnknownGameError(LookupError):
    pass


def find_game(name: str) -> GameSpec:
    """The registered game called ``name``."""
    known = games()
    if name not in known:
        raise UnknownGameError(f"unknown game {name!r}; known: {', '.join(sorted(known))}")
    return known[name]
