"""Spot sumoku played out (RULES.md rules 33 to 36 and 41 to 46): a display, players who
spot at stated speeds and make stated mistakes, until someone holds enough tiles.

**The model of the players** (rule 43). Player i spots at speed ``speeds[i]``: while the
display holds m ≥ 1 spots, player i would shout after a time exponential with rate
``m · speeds[i]`` (each spot present is found at that rate, independently), so the first
to shout is player i with chance ``speeds[i] / Σ speeds`` over the players taking part, and
the round lasts Exp(m · Σ speeds) (rounds are counted, time is not). A shout is wrong
with chance ``errors[i]`` (the player misadds); a right shout takes one of the m spots,
each alike.

**A round** is one shout, or one display found to hold no spot. A right shout keeps the
4 tiles and 4 tiles from the bag join the display (fewer if the bag holds fewer). A wrong
shout returns 4 of the player's tiles, taken at random, to the bag; a player holding
fewer than 4 returns none and sits out the next round (rule 35). A display with no spot
(rule 42, ``no_spot``): ``add`` draws 4 more tiles into it; ``redeal`` returns its tiles to
the bag and deals 10 new ones. The game ends when a player holds the target (16 tiles
with 2 to 4 players, 12 with 5 to 8; rule 36), or when the display holds no spot and the
bag is empty: then the most tiles win, a tie shared (rule 44).
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from numbergames.solver.sumoku.spot import DISPLAY, SPOT, check_key, spot_number_table
from numbergames.solver.sumoku.tiles import KEY_FACES, NTILES, colour, number

NO_SPOT = ("add", "redeal")
"""What a display holding no spot does (rule 42)."""
PLAYERS = (2, 8)
"""Spot sumoku's numbers of players (rule 36)."""
MAX_ROUNDS = 10_000
"""A game still going after this many rounds is stopped and counted unfinished."""

COLOUR = np.array([colour(t) for t in range(NTILES)])
NUMBER = np.array([number(t) for t in range(NTILES)])


def target(players: int) -> int:
    """Tiles to hold to win (rule 36)."""
    return 16 if players <= 4 else 12


@dataclass(frozen=True)
class SpotModel:
    """The players and the rules choices of one simulation (rules 42 and 43)."""

    speeds: tuple[float, ...]
    errors: tuple[float, ...]
    no_spot: str = "add"
    six_is_nine: bool = True

    def __post_init__(self) -> None:
        n = len(self.speeds)
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise ValueError(f"spot sumoku has {PLAYERS[0]} to {PLAYERS[1]} players, not {n}")
        if len(self.errors) != n:
            raise ValueError(f"one error rate per player: {n} speeds but {len(self.errors)} "
                             "error rates")
        if any(not (s > 0 and np.isfinite(s)) for s in self.speeds):
            raise ValueError(f"bad spotting speed in {list(self.speeds)}; a speed is a "
                             "positive number")
        if any(not 0 <= e <= 1 for e in self.errors):
            raise ValueError(f"bad error rate in {list(self.errors)}; an error rate is "
                             "between 0 and 1")
        if self.no_spot not in NO_SPOT:
            raise ValueError(f"bad no_spot {self.no_spot!r}; allowed: {', '.join(NO_SPOT)}")

    @property
    def players(self) -> int:
        return len(self.speeds)

    @classmethod
    def alike(cls, players: int, speed: float = 1.0, error: float = 0.05,
              **kwargs: object) -> SpotModel:
        """``players`` players of the same speed and error rate."""
        return cls((speed,) * players, (error,) * players, **kwargs)  # type: ignore[arg-type]


class SpotTable:
    """Which 4-tile sets of tiles of given numbers make a spot, as a lookup by numbers."""

    def __init__(self, key: int, six_is_nine: bool = True) -> None:
        self.key = check_key(key)
        self.table = spot_number_table(self.key, six_is_nine)
        self._fours: dict[int, np.ndarray] = {}

    def fours(self, size: int) -> np.ndarray:
        if size not in self._fours:
            self._fours[size] = np.array(list(itertools.combinations(range(size), SPOT)),
                                         dtype=np.int64).reshape(-1, SPOT)
        return self._fours[size]

    def spots(self, display: Sequence[int]) -> np.ndarray:
        """Every spot among the display's tiles, as rows of 4 tiles."""
        tiles = np.asarray(display, dtype=np.int64)
        sets = tiles[self.fours(len(tiles))]
        cols = np.sort(COLOUR[sets], axis=1)
        nums = NUMBER[sets]
        ok = np.all(cols[:, 1:] != cols[:, :-1], axis=1)
        ok &= self.table[nums[:, 0], nums[:, 1], nums[:, 2], nums[:, 3]]
        return sets[ok]


@dataclass
class SpotGame:
    """One game's outcome: ``winners`` (one seat, or the seats sharing a tie; empty when
    unfinished), ``rounds``, ``wrong`` (wrong shouts), ``no_spot`` (displays with no spot),
    ``bag_out`` (ended by the empty bag), ``held`` (tiles per seat at the end), ``key``."""

    winners: tuple[int, ...]
    rounds: int
    wrong: int
    no_spot: int
    bag_out: bool
    held: tuple[int, ...]
    key: int


def play_spot_game(model: SpotModel, rng: np.random.Generator,
                   tables: dict[int, SpotTable] | None = None, key: int | None = None) -> SpotGame:
    """One game of spot sumoku under ``model``; the key is rolled on the key die unless
    given. ``tables`` caches a :class:`SpotTable` per key across games."""
    tables = {} if tables is None else tables
    if key is None:
        key = KEY_FACES[int(rng.integers(len(KEY_FACES)))]
    if key not in tables:
        tables[key] = SpotTable(key, model.six_is_nine)
    table = tables[key]
    n = model.players
    goal = target(n)
    speeds = np.asarray(model.speeds, dtype=float)
    bag = list(rng.permutation(NTILES))
    display = [bag.pop() for _ in range(DISPLAY)]
    held: list[list[int]] = [[] for _ in range(n)]
    sitting_out = np.zeros(n, dtype=bool)
    rounds = wrong = empty = 0
    while rounds < MAX_ROUNDS:
        spots = table.spots(display)
        rounds += 1
        if len(spots) == 0:
            empty += 1
            sitting_out[:] = False
            if not bag:
                most = max(len(h) for h in held)
                winners = tuple(i for i in range(n) if len(held[i]) == most)
                return SpotGame(winners, rounds, wrong, empty, True,
                                tuple(len(h) for h in held), key)
            if model.no_spot == "redeal":
                bag.extend(display)
                rng.shuffle(bag)
                display = []
                draw = DISPLAY
            else:
                draw = SPOT
            display.extend(bag.pop() for _ in range(min(draw, len(bag))))
            continue
        playing = ~sitting_out
        rates = np.where(playing, speeds, 0.0)
        shouter = int(rng.choice(n, p=rates / rates.sum()))
        sitting_out[:] = False
        if rng.random() < model.errors[shouter]:
            wrong += 1
            mine = held[shouter]
            if len(mine) >= SPOT:
                back = set(rng.choice(len(mine), SPOT, replace=False).tolist())
                bag.extend(t for i, t in enumerate(mine) if i in back)
                held[shouter] = [t for i, t in enumerate(mine) if i not in back]
                rng.shuffle(bag)
            else:
                sitting_out[shouter] = True
            continue
        spot = spots[int(rng.integers(len(spots)))].tolist()
        held[shouter].extend(spot)
        display = [t for t in display if t not in spot]
        if len(held[shouter]) >= goal:
            return SpotGame((shouter,), rounds, wrong, empty, False,
                            tuple(len(h) for h in held), key)
        display.extend(bag.pop() for _ in range(min(SPOT, len(bag))))
    return SpotGame((), rounds, wrong, empty, False, tuple(len(h) for h in held), key)


def simulate_spot(model: SpotModel, games: int, seed: int,
                  key: int | None = None) -> list[SpotGame]:
    """``games`` games under ``model``, reproducible from ``seed`` (one numpy generator
    from ``SeedSequence(seed)``, in one process)."""
    if games < 1:
        raise ValueError(f"bad number of games {games}; at least 1")
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    tables: dict[int, SpotTable] = {}
    return [play_spot_game(model, rng, tables, key) for _ in range(games)]
