"""What we learn from the games: runner, statistics, reports and the command line.

The whole Monte Carlo analysis is one call::

    import analysis
    result = analysis.simulate("manhome", sims=100_000, players=3, policy="greedy", seed=1)
    result.games        # one row per game (pandas DataFrame)
    result.summary      # the statistics, as in summary.json
    result.write_report()
"""
from analysis.simulation import Analysis, Plan, plan, simulate
from analysis.store import Store

__all__ = ["Analysis", "Plan", "plan", "simulate", "load_games", "Store"]


def load_games(path):
    """The per-game DataFrame saved in a report folder's ``games.npz``."""
    from analysis.gamedata import load_games as _load

    return _load(path)
