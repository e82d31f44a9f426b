"""Team and solo sumoku as puzzles: how often a search lays out every tile, and how many it
places when it cannot (RULES.md rules 37 to 39, 49).

**Team** (rule 37): the 96 tiles are dealt to 2, 3 or 4 teams (48, 32 or 24 each); each
team's hand is grown into a pattern by :func:`numbergames.solver.sumoku.grow.grow` under a step budget.
**Solo** (rules 38, 39): 16 tiles first — decided by the layout search (which can prove a
hand impossible) when the grower does not lay them all out — then 10 more at a time added
to the same pattern by the grower, until all 96 lie or a batch cannot be placed whole
(rule 49: the puzzle then ends; the tiles counted are those of the largest pattern).

The counts are plain rows; the tables with their intervals are written by
``studies/sumoku/puzzle_report.py``.

>>> rows = team_rows(keys=(5,), teams=(4,), deals=2, seed=1)
>>> list(rows[0])[:6], rows[0]["hands"]
(['key', 'teams', 'tiles', 'hands', 'laid_out', 'impossible'], 8)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from numbergames.solver.sumoku.grow import GROW_BUDGET, Grown, grow
from numbergames.solver.sumoku.layout import DEFAULT_BUDGET, FOUND, IMPOSSIBLE, search
from numbergames.solver.sumoku.speed import SPEED_KEYS, check_key
from numbergames.solver.sumoku.tiles import NTILES, kind

TEAMS = (2, 3, 4)
SOLO_FIRST = 16
SOLO_BATCH = 10


def check_count(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
    return int(value)


@dataclass(frozen=True)
class TeamHand:
    key: int
    teams: int
    grown: Grown
    tiles: int


def team_hands(key: int, teams: int, deals: int, seed: int,
               budget: int = GROW_BUDGET) -> list[TeamHand]:
    """Every team's hand of ``deals`` deals of the 96 tiles, grown on ``key``."""
    key = check_key(key)
    if teams not in TEAMS:
        raise ValueError(f"teams must be one of {', '.join(map(str, TEAMS))}, got {teams!r}")
    rng = np.random.default_rng([seed, key, teams])
    size = NTILES // teams
    out = []
    for _ in range(check_count("deals", deals)):
        tiles = rng.permutation(NTILES)
        for t in range(teams):
            hand = sorted(kind(int(x)) for x in tiles[t * size:(t + 1) * size])
            out.append(TeamHand(key, teams, grow(hand, key, rng=rng, budget=budget), size))
    return out


def team_rows(keys: Sequence[int] = SPEED_KEYS, teams: Sequence[int] = TEAMS,
              deals: int = 50, seed: int = 0, budget: int = GROW_BUDGET) -> list[dict[str, Any]]:
    """Per key and number of teams: hands laid out whole, and the tiles placed by the hands
    that were not (no team hand is proven impossible: rule 49)."""
    rows = []
    for key in keys:
        for n in teams:
            hands = team_hands(key, n, deals, seed, budget)
            whole = sum(h.grown.placed == h.tiles for h in hands)
            short = [h.grown.placed for h in hands if h.grown.placed < h.tiles]
            rows.append({"key": key, "teams": n, "tiles": NTILES // n, "hands": len(hands),
                         "laid_out": whole, "impossible": 0, "gave_up": len(short),
                         "mean_placed_short": float(np.mean(short)) if short else None,
                         "least_placed": min(h.grown.placed for h in hands)})
    return rows


@dataclass(frozen=True)
class SoloGame:
    key: int
    placed: int
    """Tiles in the final pattern."""
    first_status: str
    """The first 16: ``found``, ``impossible`` or ``gave_up``."""
    batches: int
    """Batches of 10 laid whole after the first 16."""
    layout: Grown


def solo_game(key: int, rng: np.random.Generator, *, budget: int = GROW_BUDGET,
              search_budget: int = DEFAULT_BUDGET) -> SoloGame:
    """One solo puzzle (rules 38, 39, 49)."""
    tiles = [kind(int(x)) for x in rng.permutation(NTILES)]
    first, rest = sorted(tiles[:SOLO_FIRST]), tiles[SOLO_FIRST:]
    grown = grow(first, key, solo=True, rng=rng, budget=budget)
    status = FOUND
    if grown.placed < SOLO_FIRST:
        decided = search(first, key, solo=True, budget=search_budget, kernel=True)
        status = decided.status
        if status == FOUND:
            grown = Grown(decided.layout, decided.cell_values, SOLO_FIRST, grown.steps)
        else:
            return SoloGame(key, grown.placed, status, 0, grown)
    batches = 0
    while rest:
        batch, rest = sorted(rest[:SOLO_BATCH]), rest[SOLO_BATCH:]
        start = {c: (k, grown.cell_values[c]) for c, k in grown.layout.items()}
        bigger = grow(batch, key, solo=True, rng=rng, budget=budget, start=start)
        if bigger.placed > grown.placed:
            grown = bigger
        if bigger.placed < len(start) + len(batch):
            break
        batches += 1
    return SoloGame(key, grown.placed, status, batches, grown)


def solo_rows(keys: Sequence[int] = SPEED_KEYS, games: int = 100, seed: int = 0,
              budget: int = GROW_BUDGET) -> tuple[list[dict[str, Any]], list[SoloGame]]:
    """Per key: how often the first 16 are laid out (found, proven impossible, gave up),
    how often all 96, and the tiles placed; with every game played."""
    rows, played = [], []
    for key in keys:
        key = check_key(key)
        rng = np.random.default_rng([seed, key])
        games_ = [solo_game(key, rng, budget=budget) for _ in range(check_count("games", games))]
        played += games_
        first = sum(g.first_status == FOUND for g in games_)
        placed = np.array([g.placed for g in games_])
        rows.append({"key": key, "games": len(games_), "first_laid_out": first,
                     "first_impossible": sum(g.first_status == IMPOSSIBLE for g in games_),
                     "first_gave_up": sum(g.first_status not in (FOUND, IMPOSSIBLE)
                                          for g in games_),
                     "all_96": int((placed == NTILES).sum()),
                     "mean_placed": float(placed.mean()), "median_placed": float(np.median(placed)),
                     "least_placed": int(placed.min())})
    return rows, played
