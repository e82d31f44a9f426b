"""Perft over the Shoo reference engine: the action sequences of a depth counted, to check
move generators (the reference engine is :mod:`numbergames.solver.shoo.state`).

The reference engine is the specification in code (with :mod:`numbergames.solver.shoo.moves`); a kernel must
play the same games from the same keys. A game is a :class:`numbergames.solver.shoo.state.ShooState`
played by the one game loop of the reference engines, :func:`numbergames.solver.decision.play`
(``play(ShooState(rules), players, key)``; ``ShooState(position=p)`` starts a game from
the position ``p``). Shoo has no dice:
a game's key feeds only the **choice** stream of :mod:`numbergames.solver.dice`, from which players
draw their random choices (``random`` one ``choose(n)`` per move with two or more legal
moves; the others break ties with it). Every move is chosen among the state's legal
actions, whose ascending order is the canonical order of
:func:`numbergames.solver.shoo.moves.legal_moves`.

A game ends when a player wins (RULES.md rule 31), at ``max_plies`` moves (a draw, rule
32), or when a position occurs for the ``repetition``-th time (a draw, rule 33).
"""
from __future__ import annotations

from numbergames.solver.decision import count_sequences
from numbergames.solver.shoo.position import Position
from numbergames.solver.shoo.rules import ShooRules  # noqa: F401 (the doctest's)
from numbergames.solver.shoo.state import (ENDED_BY_LIMIT, ENDED_BY_REPETITION, ENDED_BY_WIN,  # noqa: F401
                               ShooState)


def perft(state: ShooState | Position, depth: int) -> int:
    """The number of action sequences of ``depth`` moves from ``state`` (a position is
    a game starting there; a game that has ended has none), as chess engines count to
    check move generators: the state's decision nodes ``depth`` deep.

    >>> [perft(ShooState(ShooRules(hush="off")), d) for d in (0, 1)]
    [1, 78]
    """
    if isinstance(state, Position):
        state = ShooState(position=state)
    return count_sequences(state, depth)   # Shoo has no chance nodes: every node a move


def divide(state: ShooState | Position, depth: int) -> dict[str, int]:
    """perft split by the first move (its text), to find where two move generators
    disagree."""
    if isinstance(state, Position):
        state = ShooState(position=state)
    return {state.action_to_string(a): perft(state.child(a), depth - 1)
            for a in state.legal_actions()}
