"""So-Soo-Yoo rules parameters and the placement dice.

Defaults follow the pinned reading of the rulebook (RULES.md, "The pinned reading"); every
rule, and every decision where the rulebook and the spec are silent or could be read two
ways, is numbered in ``solver/sosooyoo/RULES.md`` with the parameter that flips it. The
board itself (bubbles, moves, the spiral) is in :mod:`numbergames.solver.sosooyoo.board`.
"""
from __future__ import annotations

import dataclasses

from numbergames.solver.params import GRADED, ORDER, Rules, RulesError, param
from numbergames.solver.levers import ORDERS, later_share, seat_in_order

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
"""The six piece colours; seat ``i`` plays colour ``i``. Rings of all six are in play
whatever the number of players (a rainbow needs one of each)."""

MAX_SPACES = 199
"""Spaces on the real board; the placement dice read 0..199 (0 is double zero)."""
MIN_SPACES = 12
"""The smallest board the rules allow: room for six pieces and six rings at once."""
WIN_RINGS = 6
"""A win is exactly six rings: one colour (popsicle) or one of each (rainbow)."""

SAY_FAILS = ("rest_of_turn", "moves_only")
"""What a failed say-the-numbers loses: the remaining moves and the end-of-turn swap or
discard, or the remaining moves only."""
DOUBLE_ZEROS = ("lose_ring", "reroll")
"""What rolling double zero on the placement dice does to the roller."""
RING_ON_RINGS = ("reroll", "share")
"""A ring placed on a space that already holds a ring: rolled again, or both lie there."""
MAX_START_RINGS = WIN_RINGS - 1
"""The most rings the last seat may start with (``start_rings``): six would be a win."""
OWN_SPACES = ("lose_ring", "reroll")
"""A random bump that rolls the bumped piece's own space: the bumper loses a ring and rolls
again (the rulebook), or simply rolls again."""


def placement_number(tens: int, units: int) -> int:
    """The number read from the placement dice: the d20 (faces 0..19; a d20 marked 1..20
    reads its 20 as 0) gives the tens, the d10 (0..9) the units.

    The rulebook's examples: two and one is 21, seventeen and three is 173.

    >>> placement_number(2, 1), placement_number(17, 3), placement_number(0, 0), placement_number(19, 9)
    (21, 173, 0, 199)
    >>> sorted(placement_number(t, u) for t in range(20) for u in range(10)) == list(range(200))
    True
    """
    if not (0 <= tens < 20 and 0 <= units < 10):
        raise ValueError(f"placement dice read 0..19 and 0..9, not {tens} and {units}")
    return 10 * tens + units


def placement_outcome(number: int, board_size: int = MAX_SPACES) -> str:
    """What a placement roll means: ``"double zero"`` (0), ``"reroll"`` (above the board)
    or ``"space"`` (1..board_size). A random bump also rolls again on the bumped piece's
    own space (``random_bump_own_space``), which this function does not know.

    >>> [placement_outcome(n, 150) for n in (0, 1, 150, 151)]
    ['double zero', 'space', 'space', 'reroll']
    """
    if number == 0:
        return "double zero"
    return "space" if 1 <= number <= board_size else "reroll"


def seat_of_turn(order: str, players: int, turn: int) -> int:
    """The seat whose turn is the game's ``turn``-th (from 0) under the ``order`` of turns
    (:func:`numbergames.solver.levers.seat_in_order`)."""
    return seat_in_order(order, players, turn)


def start_rings_of(start_rings: int, players: int, seat: int) -> int:
    """The rings of its own colour ``seat`` starts with (RULES.md rule 39): its share of
    the last seat's ``start_rings`` (:func:`numbergames.solver.levers.later_share`).

    >>> [start_rings_of(2, 4, seat) for seat in range(4)], [start_rings_of(3, 4, s) for s in range(4)]
    ([0, 0, 1, 2], [0, 1, 2, 3])
    """
    return later_share(start_rings, players, seat)


@dataclasses.dataclass(frozen=True)
class SoSooYooRules(Rules):
    """Every So-Soo-Yoo parameter a variant may change (RULES.md gives each its rule)."""

    game = "sosooyoo"

    players: int = param(4, "number of seats (pieces); seat 0 moves first", low=2, high=6)
    board_size: int = param(MAX_SPACES, "spaces 1..board_size; placement rolls above it are "
                            "rolled again", low=MIN_SPACES, high=MAX_SPACES)
    jumps: bool = param(True, "a move may jump by one bubble p (to n-p or n+p)")
    warps: bool = param(True, "a move may warp by two or more bubbles of product d (to n-d "
                        "or n+d)")
    prime_bubble: bool = param(True, "a prime space carries one bubble, itself")
    say_error: float = param(0.0, "chance that a player fails to say a space's numbers on "
                             "landing and loses the rest of the turn (a learner)",
                             low=0.0, high=1.0)
    say_fail: str = param("rest_of_turn", "what a failed say loses: the remaining moves and "
                          "the end-of-turn swap or discard, or the moves only",
                          choices=SAY_FAILS)
    double_zero: str = param("lose_ring", "rolling 0 on the placement dice costs the roller a "
                             "ring (then roll again), or is just rolled again",
                             choices=DOUBLE_ZEROS)
    ring_on_ring: str = param("reroll", "a ring placed onto another ring's space is rolled "
                              "again, or shares the space", choices=RING_ON_RINGS)
    random_bumps: bool = param(True, "a bumper may roll the placement dice for the bumped "
                               "piece's new space")
    random_bump_own_space: str = param("lose_ring", "a random bump rolling the bumped piece's "
                                       "own space costs the bumper a ring, or is just rolled "
                                       "again", choices=OWN_SPACES)
    bumped_collects: bool = param(True, "a piece bumped onto a ring collects it")
    exact_count: bool = param(True, "the ring that would complete a win is collected only on "
                              "the last move of the turn")
    swaps: bool = param(True, "end of turn: a player may swap their-colour for your-colour "
                        "rings with one other player")
    no_roll_win: bool = param(True, "a player who can win at once (by nothing, one swap or "
                              "one discard) does so without rolling")
    ring_limit: int = param(10, "rings a piece may hold; a further ring is discarded at once",
                            low=WIN_RINGS, high=60)
    rings_per_colour: int = param(10, "rings of each colour in the game", low=1, high=20)
    max_turns: int = param(10_000, "turns after which a game is cut off as unfinished",
                           low=1, high=10_000_000)
    start_rings: int = param(0, "designer variant: rings of its own colour the last seat starts "
                             "with (seat i of n: i*start_rings//(n-1)); 0 none", low=0,
                             high=MAX_START_RINGS, lever=GRADED)
    order: str = param("fixed", "designer variant: the order of turns: fixed 0,1,2,0,1,2; "
                       "rotate (each round starts one seat later); snake 0,1,2,2,1,0 (more "
                       "than two seats)", choices=ORDERS, lever=ORDER)

    def check(self) -> None:
        if self.start_rings > self.rings_per_colour:
            raise RulesError(f"bad value {self.start_rings} for start_rings; allowed: an "
                             f"integer in 0..rings_per_colour ({self.rings_per_colour})")
        if self.order != "fixed" and self.players == 2:
            raise RulesError(f"bad value '{self.order}' for order with 2 players; allowed: "
                             "fixed (with two seats every other order repeats a seat's turn)")

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours of the pieces in play, by seat."""
        return COLOURS[:self.players]
