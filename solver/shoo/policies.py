"""Shoo players.

Every player gets the legal moves of the position in canonical order
(:func:`solver.shoo.moves.legal_moves`) and returns an index. Shoo has no dice, so the
game's choice stream is all the chance there is: ``random`` draws every move from it, and
the others draw from it only to break ties between moves they value equally (one
``choose(k)`` among the ``k`` best, none when one move is best) — so that two games of the
same players differ, and a key replays its game.

``random``
    Uniform over the legal moves.
``greedy``
    The move after which the hand-made evaluation (:func:`evaluate`) is best for it.
``search-N``
    Two-ply minimax over the ``N`` moves ``greedy`` rates best (those tied at the cut drawn
    from the choice stream): each is valued by the opponent's best reply under the same
    evaluation (every reply is tried, with alpha-beta cut-offs that do not change the
    value), and the best is played; ties go to the move greedy rates higher, then to the
    choice stream. ``search-1`` is ``greedy`` (the same move from the same draw). Measured
    with the kernel on the standard rules, 400 games in each seat: ``greedy`` wins 99.9% of
    its games against ``random``; ``search-4`` wins 71% against ``greedy`` (6% drawn),
    ``search-16`` 66% (13% drawn).
"""
from __future__ import annotations

from collections.abc import Sequence
from solver.dice import Stream
from solver.registry import Players, Search
from solver.shoo.evaluation import evaluate
from solver.shoo.moves import Move, make_move
from solver.shoo.position import Position
from solver.shoo.rules import ShooRules
from solver.shoo.search import NODE_UNIT, pick_best, search

POLICY_NAMES = ("random", "greedy")
"""The fixed players, in the order of their kernel codes."""
SEARCH = "search"
MAX_BUDGET = 1000


def _best(values: Sequence[int]) -> list[int]:
    top = max(values)
    return [i for i, v in enumerate(values) if v == top]


class RandomPolicy:
    name = "random"

    def choose(self, position: Position, moves: list[Move], choices: Stream) -> int:
        return choices.choose(len(moves))


class GreedyPolicy:
    name = "greedy"

    def values(self, position: Position, moves: list[Move]) -> list[int]:
        """Each move's value for the mover: the evaluation of the position after it."""
        return [evaluate(make_move(position, m), position.side) for m in moves]

    def choose(self, position: Position, moves: list[Move], choices: Stream) -> int:
        best = _best(self.values(position, moves))
        return best[choices.choose(len(best))]


class SearchPolicy:
    """``search-N`` (module docstring; the search is :mod:`solver.shoo.search`)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.name = f"{SEARCH}-{budget}"

    def search(self, position: Position, moves: list[Move]) -> tuple[list[int], int, int]:
        """(each move's value, the depth searched, the nodes visited)."""
        return search(position, moves, self.budget * NODE_UNIT)

    def best(self, position: Position, moves: list[Move], choices: Stream) -> tuple[int, int]:
        """``(index, value)``: the move chosen and its value for the side to move."""
        return pick_best(self.search(position, moves)[0], choices)

    def choose(self, position: Position, moves: list[Move], choices: Stream) -> int:
        return self.best(position, moves, choices)[0]


def make_policy(name: str, rules: ShooRules):
    """The player called ``name``."""
    family, budget = PLAYERS.parse(name)
    if family == "random":
        return RandomPolicy()
    if family == "greedy":
        return GreedyPolicy()
    return SearchPolicy(budget)


PLAYERS = Players(
    fixed=POLICY_NAMES, default="greedy", ladder=POLICY_NAMES,
    search=(Search(SEARCH, base="greedy", budgets=(10, 20, 40, 80), max_budget=MAX_BUDGET,
                   doc="iterative-deepening alpha-beta, N hundred nodes a move"),))
"""Shoo's players: names, the parser, the skill ladder."""
