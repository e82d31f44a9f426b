"""Sumoku rules parameters.

Defaults follow the pinned reading of the rulebook (RULES.md, "The pinned reading"); every rule,
and every decision where the rulebook and the spec are silent, is numbered in
``solver/sumoku/RULES.md`` with the parameter that flips it. The tiles, the key die and
the lines are in :mod:`numbergames.solver.sumoku.tiles` and :mod:`numbergames.solver.sumoku.lines`.
"""
from __future__ import annotations

import dataclasses

from numbergames.solver.params import GRADED, ORDER, Rules, RulesError, param

KEY_DIE = "die"
"""``key``: one roll of the key die (3, 4, 5, 3, 4, 5)."""
KEY_CHALLENGE = "challenge"
"""``key``: two rolls of the key die added (6..10)."""
FIXED_KEYS = tuple(range(3, 11))
"""The key numbers a game may fix instead of rolling: every number the die or the
challenge can give."""
KEYS = (KEY_DIE, KEY_CHALLENGE, *(str(k) for k in FIXED_KEYS))
"""The allowed values of ``key``."""

STARTS = ("smallest_hand", "seat0")
"""Who starts: the player with the smallest hand total (the rulebook), or the first dealt."""
START_TIES = ("random", "first")
"""A tie for the smallest hand: drawn at random among the tied, or the first dealt of them."""
STUCK = ("pass", "draw")
"""A player who cannot play: passes, or draws one tile from the bag (if any) and passes."""
SINGLE_TILES = ("both", "larger")
"""A single tile that makes or extends two lines scores both, or the larger of the two."""
SIX_VALUES = ("per_tile", "per_line")
"""A "6" tile has one value (6 or 9) in both its lines, or each line reads it its own way."""
ORDERS = ("fixed", "snake")
"""The order of turns (a designer variant, RULES.md rule 51): seat 0, 1, ..., n - 1 and round
again; or there and back, seat 0, 1, ..., n - 1, n - 1, ..., 1, 0, 0, 1, ... (three or more
seats)."""
STARTER_POINTS = 60
"""The largest ``starter_points`` either way (RULES.md rule 52)."""


@dataclasses.dataclass(frozen=True)
class SumokuRules(Rules):
    """Every parameter of the main game a variant may change (RULES.md gives each its rule).

    ``key`` is a string (``die``, ``challenge`` or a number 3..10); a number is accepted
    from Python and TOML too.

    >>> SumokuRules(key=5).key, SumokuRules().fixed_key, SumokuRules(key="7").fixed_key
    ('5', None, 7)
    """

    game = "sumoku"

    players: int = param(2, "number of seats, numbered in playing order from the starter",
                         low=2, high=5)
    key: str = param(KEY_DIE, "the key number: rolled on the die (3, 4, 5), two rolls added "
                     "(challenge, 6..10), or fixed", choices=KEYS)
    hand: int = param(8, "tiles in a full hand", low=1, high=16)
    six_is_nine: bool = param(True, "a \"6\" tile may count as 9")
    six_value: str = param("per_tile", "a \"6\" tile has one value in both its lines, or each "
                           "line reads it its own way", choices=SIX_VALUES)
    start: str = param("smallest_hand", "who starts (and rolls the key): the smallest hand "
                       "total, or the first player dealt", choices=STARTS)
    start_tie: str = param("random", "a tie for the smallest hand: drawn at random among the "
                           "tied, or the first dealt of them", choices=START_TIES)
    stuck: str = param("pass", "a player who cannot play passes, or draws one tile and passes",
                       choices=STUCK)
    single_tile: str = param("both", "a single tile making two lines scores both, or the "
                             "larger", choices=SINGLE_TILES)
    bonus: bool = param(True, "making or completing a line of six colours plays again "
                        "before refilling")
    out_ends: bool = param(False, "the game ends as soon as a player has no tiles and the bag "
                           "is empty")
    penalty: bool = param(True, "at the end each player loses the values of the tiles left "
                          "in hand")
    starter_points: int = param(0, "designer variant: the starter (seat 0, who has the "
                                "smallest hand) starts with this many points (negative: in "
                                "debt)", low=-STARTER_POINTS, high=STARTER_POINTS,
                                lever=GRADED)
    order: str = param("fixed", "designer variant: the order of turns, round and round "
                       "(fixed) or there and back (snake: 0, 1, 2, 2, 1, 0, 0, ...; three or "
                       "more seats)", choices=ORDERS, lever=ORDER)

    def __post_init__(self) -> None:
        if isinstance(self.key, int) and not isinstance(self.key, bool):
            object.__setattr__(self, "key", str(self.key))
        super().__post_init__()

    def check(self) -> None:
        if self.order != "fixed" and self.players < 3:
            raise RulesError(f"bad value {self.order!r} for order with {self.players} players; "
                             f"allowed: fixed (another order needs three or more seats)")

    def seat_at(self, turn: int) -> int:
        """The seat that plays turn ``turn`` (0, 1, ...; passes count) under ``order``.

        >>> [SumokuRules(players=3, order="snake").seat_at(t) for t in range(8)]
        [0, 1, 2, 2, 1, 0, 0, 1]
        >>> [SumokuRules(players=3).seat_at(t) for t in range(4)]
        [0, 1, 2, 0]
        """
        n = self.players
        if self.order == "fixed":
            return turn % n
        t = turn % (2 * n)
        return t if t < n else 2 * n - 1 - t

    def next_seat(self, seat: int, turn: int) -> int:
        """The seat that plays after ``seat`` ends turn ``turn``: the next round and round;
        under snake the seat of turn ``turn + 1``."""
        return (seat + 1) % self.players if self.order == "fixed" else self.seat_at(turn + 1)

    def next_opponent(self, seat: int, turn: int) -> int:
        """The first seat other than ``seat`` to play after turn ``turn`` (lookahead's
        reply): the next seat round and round; under snake it may come a turn later."""
        if self.order == "fixed":
            return (seat + 1) % self.players
        while self.seat_at(turn + 1) == seat:
            turn += 1
        return self.seat_at(turn + 1)

    def all_idle(self, turns: int, idle: int) -> bool:
        """Whether the ``idle`` turns before turn ``turns`` gave every seat a turn (rule 21's
        round with nothing placed or drawn): ``idle`` ≥ players round and round; under snake
        the seats of those turns.

        >>> r = SumokuRules(players=3, order="snake")
        >>> r.all_idle(5, 3), r.all_idle(6, 3), r.all_idle(7, 3), r.all_idle(7, 4)
        (False, True, False, True)
        """
        if self.order == "fixed":
            return idle >= self.players
        return len({self.seat_at(t) for t in range(turns - idle, turns)}) == self.players

    @property
    def fixed_key(self) -> int | None:
        """The key number when the rules fix it, else None (rolled)."""
        return int(self.key) if self.key.isdigit() else None
