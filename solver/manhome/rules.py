"""Man Home rules parameters and the board's fixed arithmetic.

Defaults follow the pinned reading of the rulebook (RULES.md, "The pinned reading");
decisions the spec leaves open are written down in ``solver/manhome/RULES.md``.
"""
from __future__ import annotations

import dataclasses

from numbergames.solver.params import GRADED, ORDER, Rules, RulesError, param
from numbergames.solver.levers import ORDERS, later_share, seat_in_order

DEATH = 0
"""Square 0: a man arriving here dies and returns to its owner's reserve."""
HOME = 1
"""Square 1: a man arriving here is home."""
SQUARES = 72
"""Squares 0..71: the 12 x 6 board."""
ROW = 6
"""Squares in a row of the board: a new man's d6 counts them (6 counts 0)."""

TIES = ("defender", "attacker", "reroll")
"""Who takes the square when the face-off dice are equal."""

MAX_PLAYERS = 8
MAX_MEN = 12

MAX_HEAD_START = 6
"""The most extra turns the last seat may take at its first go (``head_start``)."""


def seat_of_go(order: str, players: int, go: int) -> int:
    """The seat whose go is the game's ``go``-th (from 0) under the ``order`` of goes
    (:func:`numbergames.solver.levers.seat_in_order`)."""
    return seat_in_order(order, players, go)


def head_start_turns(head_start: int, players: int, seat: int) -> int:
    """The extra turns ``seat`` takes at its first go: its share of the last seat's
    ``head_start`` (:func:`numbergames.solver.levers.later_share`)."""
    return later_share(head_start, players, seat)


def prime_factors(n: int) -> tuple[int, ...]:
    """The distinct prime factors of ``n`` in ascending order (``()`` for 0 and 1).

    >>> prime_factors(18), prime_factors(44), prime_factors(71)
    ((2, 3), (2, 11), (71,))
    """
    factors: list[int] = []
    p = 2
    while n > 1 and p * p <= n:
        if n % p == 0:
            factors.append(p)
            while n % p == 0:
                n //= p
        p += 1
    if n > 1:
        factors.append(n)
    return tuple(factors)


PRIME_FACTORS: tuple[tuple[int, ...], ...] = tuple(prime_factors(s) for s in range(SQUARES))
"""``PRIME_FACTORS[s]``: distinct primes dividing square ``s``, ascending."""


def new_man_square(row_die: int, d6: int, rows: int = 12) -> int:
    """Where a new man lands: the row die (the d12 on the full board) counts sixes, its
    top face counting 0; the d6 counts ones (6 = 0).

    >>> new_man_square(12, 1), new_man_square(1, 6), new_man_square(11, 5)
    (1, 6, 71)
    >>> new_man_square(2, 5, rows=2), new_man_square(1, 3, rows=2)
    (5, 9)
    """
    return ROW * (row_die % rows) + d6 % ROW


@dataclasses.dataclass(frozen=True)
class ManHomeRules(Rules):
    """Every Man Home parameter a variant may change."""

    game = "manhome"

    players: int = param(2, "number of seats; seat 0 moves first", low=2, high=MAX_PLAYERS)
    men_per_player: int = param(6, "men each player owns", low=1, high=MAX_MEN)
    men_to_win: int = param(3, "men a player must bring home to win", low=1, high=MAX_MEN)
    tie: str = param("defender", "who wins a tied face-off", choices=TIES)
    extra_turn: bool = param(True, "bringing a man home or killing gives another turn")
    max_turns: int = param(10_000, "turns after which a game is cut off as unfinished",
                           low=1, high=10_000_000)
    board_rows: int = param(12, "rows of six squares (12: squares 0..71); a new man's row "
                            "is rolled on a die with this many faces", low=1, high=12)
    head_start: int = param(0, "designer variant: extra turns the last seat takes at its first go "
                            "(seat i of n: i*head_start//(n-1)); 0 none", low=0,
                            high=MAX_HEAD_START, lever=GRADED)
    order: str = param("fixed", "designer variant: the order of goes: fixed 0,1,2,0,1,2; rotate "
                       "(each round starts one seat later); snake 0,1,2,2,1,0 (more than two "
                       "seats)", choices=ORDERS, lever=ORDER)

    def check(self) -> None:
        if self.order != "fixed" and self.players == 2:
            raise RulesError(f"bad value '{self.order}' for order with 2 players; allowed: "
                             "fixed (with two seats every other order repeats a seat's go)")
        if self.men_to_win > self.men_per_player:
            raise RulesError(f"bad value {self.men_to_win} for men_to_win; allowed: "
                             f"an integer in 1..men_per_player ({self.men_per_player})")

    @property
    def squares(self) -> int:
        """Squares on the board: 0..squares-1."""
        return ROW * self.board_rows

    @property
    def attacker_win_chance(self) -> tuple[int, int]:
        """P(attacker takes the square) as (numerator, denominator)."""
        if self.tie == "defender":
            return 15, 36
        if self.tie == "attacker":
            return 21, 36
        return 1, 2
