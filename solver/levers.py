"""The arithmetic the games' compensation rules share (:attr:`numbergames.solver.params.Param.lever`):
the orders of play an ``order`` lever chooses, and how a graded lever given to the last seat
is shared among the seats before it. One statement of each, for every game that declares
such a lever (Man Home's and So-Soo-Yoo's; each kernel has its C twin)."""
from __future__ import annotations

ORDERS = ("fixed", "rotate", "snake")
"""The orders of play: ``fixed`` 0, 1, 2, 0, 1, 2, ...; ``rotate``: each round starts one
seat later, 0, 1, 2, 1, 2, 0, 2, 0, 1, ...; ``snake``: every other round backwards, 0, 1,
2, 2, 1, 0, 0, 1, 2, ..."""


def seat_in_order(order: str, players: int, k: int) -> int:
    """The seat that plays the game's ``k``-th (from 0) go or turn under ``order``.

    >>> [seat_in_order("fixed", 3, k) for k in range(9)]
    [0, 1, 2, 0, 1, 2, 0, 1, 2]
    >>> [seat_in_order("rotate", 3, k) for k in range(9)]
    [0, 1, 2, 1, 2, 0, 2, 0, 1]
    >>> [seat_in_order("snake", 3, k) for k in range(9)]
    [0, 1, 2, 2, 1, 0, 0, 1, 2]
    """
    round_, place = divmod(k, players)
    if order == "rotate":
        return (round_ + place) % players
    if order == "snake" and round_ % 2:
        return players - 1 - place
    return place


def later_share(value: int, players: int, seat: int) -> int:
    """What ``seat`` gets of a graded lever given to the last seat: the last seat
    ``value``, a seat before it its share in proportion to its place, rounded down (seat i
    of n: i · value // (n − 1)); seat 0 none.

    >>> [later_share(1, 4, seat) for seat in range(4)], [later_share(2, 3, s) for s in range(3)]
    ([0, 0, 0, 1], [0, 1, 2])
    """
    return seat * value // (players - 1) if players > 1 else 0
