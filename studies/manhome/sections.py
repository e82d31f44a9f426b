"""What a Man Home report adds to the standard sections: where the men went.

:func:`tally_fields` counts a chunk of games into mergeable parts (sums of the per-seat
counters and of the turns); :func:`report_sections` writes them as Markdown.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from numbergames.analysis.reports.formatting import md_table
from numbergames.analysis.statistics.tally import total
from numbergames.solver.manhome.columns import COLUMNS

SHOWN = ("home", "kills", "killed", "deaths", "turns")
"""The per-seat counters (the game's result columns) in the order the report shows them."""
COUNTERS = {name: column.doc for name in SHOWN for column in COLUMNS if column.name == name}
"""Each shown counter and what it counts."""


def tally_fields(games: Any, players: int) -> dict[str, Any]:
    """A chunk's parts: the games, their turns and each per-seat counter, summed."""
    return {"games": len(games), "turns": total(games["turns"]),
            "seats": {name: [total(games[f"{name}_{s}"]) for s in range(players)]
                      for name in COUNTERS}}


def report_sections(summary: Mapping[str, Any], parts: Mapping[str, Any]) -> list[str]:
    """A per-seat table of the game's counters (means per game) with a short reading."""
    players = int(summary["players"])
    policies = summary["policies"]
    games = parts["games"]
    means = {name: [parts["seats"][name][s] / games for s in range(players)]
             for name in COUNTERS}
    table = md_table(["seat", "policy", *COUNTERS],
                     [[str(s), str(policies[s]), *(f"{means[name][s]:.2f}" for name in COUNTERS)]
                      for s in range(players)],
                     "ll" + "r" * len(COUNTERS))
    total_turns = float(parts["turns"])
    deaths = float(sum(parts["seats"]["deaths"]))
    fights = float(sum(parts["seats"]["killed"]))
    lines = ["## Where the men went", "",
             "Means per game, by seat. " + "; ".join(f"*{k}*: {v}" for k, v in COUNTERS.items())
             + ".", "", table, "",
             f"Across all games a man reached Death once every "
             f"{total_turns / max(deaths, 1):.1f} turns and a face-off cost a man once every "
             f"{total_turns / max(fights, 1):.1f} turns."]
    return ["\n".join(lines)]
