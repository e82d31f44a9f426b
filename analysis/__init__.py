"""What we learn from the games, for any registered game: runner, results store, cluster,
statistics, what-if sweeps, skill ladders and the report folders.

The documented entry is the front door above it, :mod:`numbergames`::

    import numbergames
    game = numbergames.load_game(name, players=3)   # any registered game
    result = game.simulate(100_000, policy="greedy", seed=1)
    numbergames.write_report(result)

A run is :func:`numbergames.analysis.searches.simulation.simulate`, which takes what its report shows besides
the standard figures (its ``presentation``) from its caller: the analysis never names a
game nor looks its study up (:mod:`numbergames.studies`), so it offers no ``simulate`` of its own that
would quietly leave a game's own sections out. Here: a what-if sweep
(``numbergames.analysis.sweep(game, {"tie": ["defender", "attacker"]})``, :mod:`numbergames.analysis.searches.whatif`), a
skill ladder (``numbergames.analysis.skill_ladder(game)``, :mod:`numbergames.analysis.searches.skill`), the report of any
finished analysis by its type (``numbergames.analysis.write_report(result)``,
:mod:`numbergames.analysis.reports.results`), and a report folder's games read back (:func:`load_games`).
"""
import importlib

from numbergames.analysis.reports.results import write_report  # functools only: cheap

_LAZY = {"Simulation": "numbergames.analysis.searches.simulation", "Plan": "numbergames.analysis.searches.simulation",
         "Presentation": "numbergames.analysis.running.request", "Request": "numbergames.analysis.running.request",
         "Store": "numbergames.analysis.running.store"}
"""Imported on first use, so that ``import analysis.<module>`` (the command line's start
among them) does not pay for pandas and scipy before it needs them."""


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'analysis' has no attribute {name!r}")

__all__ = ["Simulation", "Presentation", "Plan", "Request", "load_games", "Store", "sweep",
           "skill_ladder", "write_report"]


def load_games(path):
    """The per-game DataFrame saved in a report folder's ``games.npz``."""
    from numbergames.analysis.reports.gamedata import load_games as _load

    return _load(path)


def sweep(*args, **kwargs):
    """A what-if sweep (:func:`numbergames.analysis.searches.whatif.sweep`)."""
    from numbergames.analysis.searches.whatif import sweep as _sweep

    return _sweep(*args, **kwargs)


def skill_ladder(*args, **kwargs):
    """A game's skill ladder and luck share (:func:`numbergames.analysis.searches.skill.skill`)."""
    from numbergames.analysis.searches.skill import skill as _skill

    return _skill(*args, **kwargs)

