"""The opening question's pieces that need no games: the two choices, the players of the
study (the skill ladder from :data:`solver.shoo.policies.PLAYERS`, or names given), and
which choice a difference favours.

The games themselves are played and read, and their scores given intervals, by
:mod:`studies.shoo.opening_report`.
"""
from __future__ import annotations

from solver.shoo.policies import PLAYERS

OPENINGS = ("first_move", "extra_horse")
"""The toss winner's two choices (values of the rules parameter ``opening``)."""
CHOICE_WORDS = {"first_move": "the first move", "extra_horse": "the extra horse"}


def ladder(budgets: int = 1) -> tuple[str, ...]:
    """The skill ladder's players, weakest first: the fixed players and the first
    ``budgets`` search budgets of the ladder's search family (all of them when ``budgets``
    is negative).

    >>> ladder(0) == PLAYERS.ladder
    True
    """
    if not PLAYERS.search:
        return tuple(PLAYERS.ladder)
    family = PLAYERS.search[0]
    chosen = family.budgets if budgets < 0 else family.budgets[:budgets]
    return (*PLAYERS.ladder, *(f"{family.name}-{b}" for b in chosen))


def parse_players(text: str) -> tuple[str, ...]:
    """Players from ``"random,greedy,search-4"``; ValueError with one line for an unknown,
    repeated or missing name."""
    names = tuple(name.strip() for name in text.split(","))
    if not text.strip() or not all(names):
        raise ValueError(f"--players needs comma-separated player names, got {text!r}")
    for name in names:
        if not PLAYERS.knows(name):
            raise ValueError(f"unknown player {name!r}; allowed: {PLAYERS.help()}")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"--players names {', '.join(repeated)} more than once")
    return names


def verdict(lo: float, hi: float) -> str:
    """Which choice a difference *extra horse − first move* with the 95% interval ``lo`` to
    ``hi`` favours: ``"horse"``, ``"move"``, or ``"neither"`` when the interval holds 0.

    >>> verdict(0.01, 0.05), verdict(-0.05, -0.01), verdict(-0.01, 0.05)
    ('horse', 'move', 'neither')
    """
    if lo > 0:
        return "horse"
    if hi < 0:
        return "move"
    return "neither"
