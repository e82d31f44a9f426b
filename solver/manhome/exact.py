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

from numbergames.solver.manhome.rules import DEATH, HOME, PRIME_FACTORS, SQUARES, new_man_square  # noqa: F401 (DEATH: doctests)

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


# --------------------------------------------------------------------- expected actions
#
# A(s), the expected number of actions a lone man on square s takes until he reaches
# Home or Death, obeys the same square-by-square recursion as his chance of getting home:
#
#     A(0) = A(1) = 0,
#     A(s) = 1 + 1/3 * ( A(s - 1) + A(s - p) + A(s / q) ),    s = 2..71,
#
# where p is the prime he subtracts and q the prime he divides by (the two prime kinds are
# separate rolls, so the choices are independent).  Under random play A(s - p) and A(s / q)
# are replaced by their means over the distinct primes of s.
#
# Under best play the primes come from P(home) first: p maximises V(s - p) and q maximises
# V(s / q), V = lone_man_home_chance("best").  Only among primes whose V is exactly equal
# (as fractions) do actions decide: the prime with fewer expected actions is taken, and on
# a tie of both the smaller prime.  This never changes V, only A.


def _best_prime(candidates: list[tuple[int, int]], value: tuple[Fraction, ...],
                actions: list[Fraction]) -> int:
    """The prime of ``(prime, target)`` pairs with the highest ``value[target]``, then the
    fewest ``actions[target]``, then the smallest prime."""
    return min(candidates, key=lambda c: (-value[c[1]], actions[c[1]], c[0]))[0]


@cache
def _lone_man_solution(play: str) -> tuple[tuple[Fraction, ...],
                                           tuple[tuple[int | None, int | None], ...]]:
    """``(actions, primes)`` for ``play``; ``primes`` is all ``None`` under random play."""
    if play not in ("best", "random"):
        raise ValueError(f"play must be 'best' or 'random', not {play!r}")
    value = lone_man_home_chance("best")
    actions = [Fraction(0)] * SQUARES
    primes: list[tuple[int | None, int | None]] = [(None, None)] * SQUARES
    for s in range(2, SQUARES):
        factors = PRIME_FACTORS[s]
        if play == "best":
            sub = _best_prime([(p, s - p) for p in factors], value, actions)
            div = _best_prime([(p, s // p) for p in factors], value, actions)
            primes[s] = (sub, div)
            after_sub, after_div = actions[s - sub], actions[s // div]
        else:
            after_sub = sum((actions[s - p] for p in factors), Fraction(0)) / len(factors)
            after_div = sum((actions[s // p] for p in factors), Fraction(0)) / len(factors)
        actions[s] = 1 + THIRD * (actions[s - 1] + after_sub + after_div)
    return tuple(actions), tuple(primes)


def lone_man_actions(play: str = "best") -> tuple[Fraction, ...]:
    """Expected number of actions a lone man on square s takes until Home or Death, s = 0..71.

    ``A(0) = A(1) = 0`` and ``A(s) = 1 + (A(s-1) + A(s-p) + A(s/q)) / 3``, with ``p``, ``q``
    the primes chosen as in :func:`lone_man_best_primes` for ``play="best"``, or the
    means over the distinct primes for ``play="random"``.

    By hand: from 2 every action ends the walk (1, 0 or 1), so A(2) = 1 under any play.
    From 3 only "subtract one" (to 2) goes on: A(3) = 1 + A(2)/3 = 4/3. From 4 the moves
    go to 3, 2 and 2: A(4) = 1 + (4/3 + 1 + 1)/3 = 19/9. Squares 2..5 have one prime
    each, so best and random play agree there. From 6 (primes 2, 3) best play subtracts 2
    (to 4, V = 17/27, rather than to 3, V = 5/9) and divides by 3 (to 2, V = 2/3, rather
    than to 3): A(6) = 1 + (A(5) + A(4) + A(2))/3.

    >>> a = lone_man_actions("best")
    >>> a[0], a[1], a[2], a[3], a[4]
    (Fraction(0, 1), Fraction(0, 1), Fraction(1, 1), Fraction(4, 3), Fraction(19, 9))
    >>> lone_man_actions("random")[:5] == a[:5]
    True
    >>> a[6] == 1 + (a[5] + a[4] + a[2]) / 3
    True
    """
    return _lone_man_solution(play)[0]


def lone_man_best_primes() -> tuple[tuple[int | None, int | None], ...]:
    """For each square 0..71, ``(subtract_prime, divide_prime)`` under best play.

    Each prime maximises P(home) after the move (:func:`lone_man_home_chance`); among
    primes with exactly equal P(home), the one leaving fewer expected actions; then the
    smallest. ``(None, None)`` for Death (0) and Home (1).

    >>> b = lone_man_best_primes()
    >>> b[0], b[1], b[2], b[6], b[44]   # 44: V(42) > V(33); V(4) > V(22)
    ((None, None), (None, None), (2, 2), (2, 3), (2, 11))
    """
    return _lone_man_solution("best")[1]


def lone_man_table() -> list[dict]:
    """One row per square 2..71: P(home) and expected actions under best and random play,
    and the best primes to subtract and to divide by.

    >>> rows = lone_man_table()
    >>> len(rows), rows[0]["square"], rows[-1]["square"]
    (70, 2, 71)
    >>> rows[1]  # doctest: +NORMALIZE_WHITESPACE
    {'square': 3, 'p_home_best': Fraction(5, 9), 'p_home_random': Fraction(5, 9),
     'actions_best': Fraction(4, 3), 'actions_random': Fraction(4, 3),
     'subtract_best': 3, 'divide_best': 3}
    """
    best, random = lone_man_home_chance("best"), lone_man_home_chance("random")
    actions_best, actions_random = lone_man_actions("best"), lone_man_actions("random")
    primes = lone_man_best_primes()
    return [{"square": s,
             "p_home_best": best[s], "p_home_random": random[s],
             "actions_best": actions_best[s], "actions_random": actions_random[s],
             "subtract_best": primes[s][0], "divide_best": primes[s][1]}
            for s in range(2, SQUARES)]
