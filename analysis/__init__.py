"""What we learn from the games, for any registered game: runner, results store, cluster,
statistics, what-if sweeps, skill ladders and the report folders.

The whole Monte Carlo analysis is one call::

    import analysis
    result = analysis.simulate(game, sims=100_000, players=3, policy="greedy", seed=1)
    result.games        # one row per game (pandas DataFrame)
    result.summary      # the statistics, as in summary.json
    analysis.write_report(result)   # the report folder (also result.write_report())

and so are the others: ``analysis.sweep(game, {"tie": ["defender", "attacker"]})``
(what-if, :mod:`analysis.whatif`), ``analysis.skill_ladder(game)`` (skill versus luck,
:mod:`analysis.skill`) — each written by ``analysis.write_report(result)``. The analysis
never names a game: what a game's report shows besides the standard figures comes from its
study (:mod:`studies`; ``studies.simulate`` is ``simulate`` with the game's own sections).
"""
import importlib

_LAZY = {"Simulation": "analysis.simulation", "Plan": "analysis.simulation",
         "Presentation": "analysis.simulation",
         "plan": "analysis.simulation", "simulate": "analysis.simulation",
         "Store": "analysis.store"}
"""Imported on first use, so that ``import analysis.<module>`` (the command line's start
among them) does not pay for pandas and scipy before it needs them."""


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'analysis' has no attribute {name!r}")

__all__ = ["Simulation", "Presentation", "Plan", "plan", "simulate", "load_games", "Store",
           "sweep", "skill_ladder", "write_report"]


def load_games(path):
    """The per-game DataFrame saved in a report folder's ``games.npz``."""
    from analysis.gamedata import load_games as _load

    return _load(path)


def sweep(*args, **kwargs):
    """A what-if sweep (:func:`analysis.whatif.sweep`)."""
    from analysis.whatif import sweep as _sweep

    return _sweep(*args, **kwargs)


def skill_ladder(*args, **kwargs):
    """A game's skill ladder and luck share (:func:`analysis.skill.skill`)."""
    from analysis.skill import skill as _skill

    return _skill(*args, **kwargs)


_WRITERS = {"Simulation": "analysis.simulation", "Sweep": "analysis.whatif_report",
            "Ladder": "analysis.skill_report"}
"""The module whose ``write_report(result, out)`` writes each kind of result."""


def write_report(result, out=None):
    """Write the report folder of a finished analysis — a Monte Carlo run
    (:func:`simulate`), a what-if sweep (:func:`sweep`) or a skill ladder
    (:func:`skill_ladder`) — to ``out`` (default: its standard folder); returns its path."""
    kind = type(result).__name__
    if kind not in _WRITERS:
        raise TypeError(f"no report for a {kind}; expected one of {', '.join(_WRITERS)}")
    return importlib.import_module(_WRITERS[kind]).write_report(result, out)
