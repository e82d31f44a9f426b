"""Speed sumoku played in rounds by modelled players (RULES.md rules 28 to 32, 50).

**The model of a player** (rule 50). A player's time to lay out a hand is the search
effort it takes: ``skill * (1 + nodes / NODE_SCALE) * X`` time units, ``nodes`` the layout
search's nodes on the hand (:func:`numbergames.solver.sumoku.layout.search`, with the player's patience
``budget`` as its node budget) and ``X`` an exponential draw of mean 1 (luck in where one
looks first). A hand the search does not lay out (proven impossible or given up) costs its
search time, then the player swaps (swapoku, the strategy of rule 48) for
:data:`SWAP_TIME` more, and tries the new hand; after :data:`MAX_SWAPS` swaps in a round
(or with fewer than 2 tiles in the pile) the player never finishes that round. The first player to finish calls "Sumoku!";
with chance ``error`` the pattern is wrong (tubadoku, rule 31): that player is out of the
round, their tiles go back to the pile (shuffled), every remaining player takes 2 more
tiles and starts over on the bigger hand from that moment. The first correct call wins the
round; if every player is out or never finishes, the round has no winner. A game is rounds until a player has
won 2 rounds in a row or 3 in all (rule 32); each round a new key is rolled on the key die.

>>> g = play_game(3, np.random.default_rng(1), budget=50_000)
>>> sum(g.round_wins) == g.rounds - g.void_rounds and g.winner in range(3)
True
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from numbergames.solver.sumoku.layout import FOUND, search
from numbergames.solver.sumoku.swapoku import hardest
from numbergames.solver.sumoku.tiles import KEY_FACES, NTILES, kind

NODE_SCALE = 20_000
"""Search nodes worth one time unit."""
SWAP_TIME = 0.5
"""Time units a swap takes."""
HAND = 10
MAX_SWAPS = 6
"""Swaps a player makes in a round before giving the round up (never finishing)."""
MAX_ROUNDS = 60
"""A game is cut off after this many rounds (every round void)."""
PLAYERS = range(2, 9)


@dataclass
class _Player:
    tiles: list[int]
    done_at: float = 0.0
    swaps: int = 0
    out: bool = False


@dataclass(frozen=True)
class Round:
    winner: int
    """The seat that won, or -1 when every player was out."""
    length: float
    swaps: int
    tubadokus: int


@dataclass(frozen=True)
class Game:
    winner: int
    rounds: int
    void_rounds: int
    round_wins: list[int]
    swaps: int
    tubadokus: int
    length: float
    played: list[Round] = field(default_factory=list)


def _solve_time(p: _Player, start: float, bag: list[int], key: int, skill: float,
                budget: int, rng: np.random.Generator) -> None:
    """When ``p`` lays out its hand, starting at ``start`` (swapping as it must)."""
    now = start
    while True:
        hand = sorted(kind(t) for t in p.tiles)
        result = search(hand, key, budget=budget, kernel=True)
        now += skill * (1 + result.nodes / NODE_SCALE) * rng.exponential()
        if result.status == FOUND:
            p.done_at = now
            return
        if len(bag) < 2 or p.swaps >= MAX_SWAPS:
            p.done_at = math.inf
            return
        back = hardest(hand, key)
        tile = next(t for t in p.tiles if kind(t) == back)
        p.tiles.remove(tile)
        bag.append(tile)
        rng.shuffle(bag)
        p.tiles += [bag.pop(), bag.pop()]
        p.swaps += 1
        now += SWAP_TIME


def play_round(players: int, rng: np.random.Generator, *, error: float = 0.05,
               skills: Sequence[float] | None = None, budget: int = 200_000) -> Round:
    """One round: deal, roll the key, race (module docstring)."""
    skills = list(skills) if skills is not None else [1.0] * players
    bag = [int(t) for t in rng.permutation(NTILES)]
    key = KEY_FACES[int(rng.integers(len(KEY_FACES)))]
    seats = [_Player([bag.pop() for _ in range(HAND)]) for _ in range(players)]
    for s, p in enumerate(seats):
        _solve_time(p, 0.0, bag, key, skills[s], budget, rng)
    tubadokus = 0
    while True:
        live = [s for s, p in enumerate(seats) if not p.out and p.done_at < math.inf]
        if not live:
            ended = [p.done_at for p in seats if p.done_at < math.inf]
            return Round(-1, max(ended, default=0.0), sum(p.swaps for p in seats), tubadokus)
        first = min(live, key=lambda s: (seats[s].done_at, s))
        now = seats[first].done_at
        if rng.random() >= error:
            return Round(first, now, sum(p.swaps for p in seats), tubadokus)
        tubadokus += 1
        seats[first].out = True
        bag += seats[first].tiles
        seats[first].tiles = []
        rng.shuffle(bag)
        for s in live:
            if s != first and len(bag) >= 2:
                seats[s].tiles += [bag.pop(), bag.pop()]
                _solve_time(seats[s], now, bag, key, skills[s], budget, rng)


def play_game(players: int, rng: np.random.Generator, *, error: float = 0.05,
              skills: Sequence[float] | None = None, budget: int = 200_000) -> Game:
    """Rounds until a player wins 2 in a row or 3 in all (rule 32)."""
    if players not in PLAYERS:
        raise ValueError(f"players must be 2 to 8, got {players!r}")
    if not 0 <= error < 1:
        raise ValueError(f"error must be in [0, 1), got {error!r}")
    wins = [0] * players
    last, void, played = -1, 0, []
    while len(played) < MAX_ROUNDS:
        r = play_round(players, rng, error=error, skills=skills, budget=budget)
        played.append(r)
        if r.winner < 0:
            void += 1
            last = -1
            continue
        wins[r.winner] += 1
        if wins[r.winner] == 3 or r.winner == last:
            return Game(r.winner, len(played), void, wins, sum(x.swaps for x in played),
                        sum(x.tubadokus for x in played), sum(x.length for x in played), played)
        last = r.winner
    return Game(-1, len(played), void, wins, sum(x.swaps for x in played),
                sum(x.tubadokus for x in played), sum(x.length for x in played), played)


def rounds_rows(players: Sequence[int] = tuple(PLAYERS), games: int = 15, seed: int = 0, *,
                error: float = 0.05, budget: int = 200_000) -> list[dict[str, Any]]:
    """Per number of players: game wins by seat, rounds a game, and per round the swaps,
    tubadokus, void rounds and length (equal players, skill 1)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    rows = []
    for n in players:
        rng = np.random.default_rng([seed, n])
        played = [play_game(n, rng, error=error, budget=budget) for _ in range(games)]
        rounds = [r for g in played for r in g.played]
        wins = np.bincount([g.winner for g in played if g.winner >= 0], minlength=n)
        rows.append({"players": n, "games": games,
                     "seat_wins": " ".join(str(int(w)) for w in wins),
                     "max_seat_share": float(wins.max() / max(1, wins.sum())),
                     "cut_off": sum(g.winner < 0 for g in played),
                     "rounds_per_game": float(np.mean([g.rounds for g in played])),
                     "swaps_per_round": float(np.mean([r.swaps for r in rounds])),
                     "tubadokus_per_round": float(np.mean([r.tubadokus for r in rounds])),
                     "void_share": float(np.mean([r.winner < 0 for r in rounds])),
                     "round_length": float(np.mean([r.length for r in rounds])),
                     "game_length": float(np.mean([g.length for g in played]))})
    return rows
