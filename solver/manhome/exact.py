"""Exact values for Man Home where the game allows them.

One man alone on the board: every action moves him to a smaller square, so the
squares form a DAG from 71 down to Home (1) and Death (0) and his chance of
getting home is solved square by square, exactly, with fractions.

Each action roll is one of three kinds, each with probability 1/3:
subtract one (rolls 1, 5), subtract a prime factor (2, 4), divide by a prime
factor (3, 6). Under *best* play the man takes the prime that maximises his
chance of getting home; under the spec's *random* play each distinct prime
factor is equally likely.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from solver.manhome.rules import DEATH, HOME, PRIME_FACTORS, SQUARES, new_man_square

THIRD = Fraction(1, 3)


@cache
def lone_man_home_chance(play: str = "best") -> tuple[Fraction, ...]:
    """P(a lone man on square s reaches Home before Death), for s = 0..71.

    ``play`` is ``"best"`` (maximise the chance) or ``"random"`` (uniform prime).

    >>> v = lone_man_home_chance("best")
    >>> v[DEATH], v[HOME], v[2], v[3]
    (Fraction(0, 1), Fraction(1, 1), Fraction(2, 3), Fraction(5, 9))
    """
    if play not in ("best", "random"):
        raise ValueError(f"play must be 'best' or 'random', not {play!r}")
    pick = max if play == "best" else (lambda xs: sum(xs, Fraction(0)) / len(xs))
    value = [Fraction(0)] * SQUARES
    value[HOME] = Fraction(1)
    for s in range(2, SQUARES):
        primes = PRIME_FACTORS[s]
        value[s] = THIRD * (value[s - 1]
                            + pick([value[s - p] for p in primes])
                            + pick([value[s // p] for p in primes]))
    return tuple(value)


@cache
def new_man_value(play: str = "best", rows: int = 12) -> Fraction:
    """P(home) of a man rolled onto an empty board of ``rows`` rows (the mean over its squares)."""
    value = lone_man_home_chance(play)
    squares = [new_man_square(r, d6, rows) for r in range(1, rows + 1) for d6 in range(1, 7)]
    return sum((value[s] for s in squares), Fraction(0)) / len(squares)
