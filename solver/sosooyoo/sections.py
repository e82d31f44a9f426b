"""What a So-Soo-Yoo report adds to the standard sections: how games were won, and what
each seat did (the game's declared counters, RULES.md rule 36)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

SEAT_COUNTERS = {
    "rings": "rings held at the end",
    "landings": "spaces landed on (numbers said)",
    "bumps": "pieces bumped",
    "swaps": "swaps made",
}
"""The per-seat counters, in words."""
DECIDED_BY = ("plain (collecting or a discard)", "a bump", "a swap", "a double zero")
"""``decided_by`` codes 0..3 in words."""


def _share(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "–"


def report_sections(summary: Mapping[str, Any], games: Any) -> list[str]:
    """A table of how the games were won, and a per-seat table of the counters."""
    players = int(summary["players"])
    policies = summary["policies"]
    won = np.asarray(games["winner"]) >= 0
    n_won = int(won.sum())
    kind = np.asarray(games["win_kind"])[won]
    decided = np.asarray(games["decided_by"])[won]
    lines = ["## How the games were won", "",
             f"Of {n_won:,} games won, {_share(int((kind == 1).sum()), n_won)} by a popsicle "
             f"(six rings of one colour) and {_share(int((kind == 2).sum()), n_won)} by a "
             "rainbow (one of each colour). The winner's last turn used:", "",
             "| last turn used | games | share |", "|---|---:|---:|"]
    for code, words in enumerate(DECIDED_BY):
        count = int((decided == code).sum())
        lines.append(f"| {words} | {count:,} | {_share(count, n_won)} |")
    means = {name: float(np.mean(games[name])) for name in
             ("bumps", "swaps", "double_zeros", "distinct_spaces", "rounds")}
    lines += ["", f"Per game on average: {means['bumps']:.2f} bumps, {means['swaps']:.2f} swaps, "
              f"{means['double_zeros']:.2f} double zeros rolled, {means['rounds']:.1f} rounds, "
              f"and {means['distinct_spaces']:.1f} different spaces landed on."]
    seat_lines = ["## What each seat did", "",
                  "Means per game, by seat. " + "; ".join(f"*{k}*: {v}" for k, v in
                                                          SEAT_COUNTERS.items()) + ".", "",
                  "| seat | policy | " + " | ".join(SEAT_COUNTERS) + " |",
                  "|---|---|" + "---:|" * len(SEAT_COUNTERS)]
    for s in range(players):
        cells = " | ".join(f"{float(np.mean(games[f'{name}_{s}'])):.2f}" for name in SEAT_COUNTERS)
        seat_lines.append(f"| {s} | {policies[s]} | {cells} |")
    return ["\n".join(lines), "\n".join(seat_lines)]
