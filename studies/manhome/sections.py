"""What a Man Home report adds to the standard sections: where the men went."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from analysis.formatting import md_table
from solver.manhome.columns import COUNTERS


def report_sections(summary: Mapping[str, Any], games: Any) -> list[str]:
    """A per-seat table of the game's counters (means per game) with a short reading."""
    players = int(summary["players"])
    policies = summary["policies"]
    means: dict[str, list[float]] = {}
    for name in COUNTERS:
        means[name] = [float(np.mean(games[f"{name}_{s}"])) for s in range(players)]
    table = md_table(["seat", "policy", *COUNTERS],
                     [[str(s), str(policies[s]), *(f"{means[name][s]:.2f}" for name in COUNTERS)]
                      for s in range(players)],
                     "ll" + "r" * len(COUNTERS))
    total_turns = float(np.sum(games["turns"]))
    deaths = sum(float(np.sum(games[f"deaths_{s}"])) for s in range(players))
    fights = sum(float(np.sum(games[f"killed_{s}"])) for s in range(players))
    lines = ["## Where the men went", "",
             "Means per game, by seat. " + "; ".join(f"*{k}*: {v}" for k, v in COUNTERS.items())
             + ".", "", table, "",
             f"Across all games a man reached Death once every "
             f"{total_turns / max(deaths, 1):.1f} turns and a face-off cost a man once every "
             f"{total_turns / max(fights, 1):.1f} turns."]
    return ["\n".join(lines)]
