"""Reduced Shoo solved exactly: every position reachable from the start, then retrograde
analysis (RULES.md, "Reduced Shoo").

**Enumeration.** From the start of a reduced game (:mod:`numbergames.solver.shoo.reduced`), every legal
move of the reference rules code (:func:`numbergames.solver.shoo.moves.legal_moves`,
:func:`~numbergames.solver.shoo.moves.make_move`) is followed, breadth first, to every reachable
position; positions are told apart by :meth:`~numbergames.solver.shoo.position.Position.key` (pieces,
stables, pastures, side to move, held horse, pending shoo and hush — not the move count).
A position where a player has won (rule 31) has no moves.

**Retrograde analysis.** Values are for the side to move. A won position is lost for the
side to move unless the side to move is the winner (rule 31 checks both players), at
distance 0. Working outwards from them in order of distance: a position with a move to a
position lost for the opponent is won, its distance one more than the shortest such; a
position whose every move leads to a position won for the opponent is lost, its distance
one more than the longest. What is left is a **draw**: neither side can force a win, and
perfect play goes round a cycle for ever. Every move passes the turn (a hush is part of
the hushing player's move), so the opponent's value is the negation.

**The move limit and repetition.** The values are those of the game *without* the move
limit (rule 32) and *without* a draw by repetition (rule 33): a forced win at distance
``d`` is a win under ``max_plies`` whenever the game has ``d`` or more moves left; a draw
here is a draw under any limit and any repetition rule (the side that cannot force a win
can keep the game from ending).

>>> from numbergames.solver.shoo.reduced import Reduced
>>> from numbergames.solver.shoo.rules import ShooRules
>>> s = solve(Reduced(3, 1, 1), ShooRules())
>>> s.states, s.value_of_start, s.depth_of_start, s.graph.edges
(2366, 0, -1, 17843)
"""
from __future__ import annotations

import resource
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from numbergames.solver.params import RulesError
from numbergames.solver.shoo.moves import (Move, actions, apply_action, apply_hush, legal_moves,
                               make_move)
from numbergames.solver.shoo.position import NONE, Position
from numbergames.solver.shoo.reduced import Reduced, position_of
from numbergames.solver.shoo.rules import ShooRules

WIN, DRAW, LOSS = 1, 0, -1
"""A position's value for the side to move."""
UNDECIDED = -1
"""The distance of a draw."""


@dataclass
class Graph:
    """The reachable positions of a reduced game: ``keys[i]`` is position i's key (0 the
    start), ``children[i]`` the distinct positions its moves lead to, ``winner[i]`` the
    seat that has won there (-1 none) and ``side[i]`` the side to move."""

    game: Reduced
    rules: ShooRules
    keys: list[tuple]
    index: dict[tuple, int]
    children: list[list[int]]
    winner: np.ndarray
    side: np.ndarray

    @property
    def states(self) -> int:
        return len(self.keys)

    @property
    def edges(self) -> int:
        return sum(len(c) for c in self.children)

    def position(self, i: int) -> Position:
        return position_of(self.keys[i], self.rules, self.game.field)

    def child(self, position: Position, move: Move) -> int:
        """The index of the position ``move`` leads to."""
        return self.index[make_move(position, move).key()]


def successors(position: Position) -> Iterator[Position]:
    """The positions the legal moves lead to — ``make_move(position, m)`` for each ``m`` of
    ``legal_moves(position)``, not in that order — made as
    :func:`~numbergames.solver.shoo.moves.legal_moves` composes the moves (each action once, then each
    shoo it allows) instead of making each move again: half the work."""
    befores = [(position, False)]
    if position.hush is not None:
        befores.append((apply_hush(position), True))
    for before, _ in befores:
        for act in actions(before):
            after = apply_action(before, act)
            for shoo in [NONE] + after.shooable(before.side):
                child = after.copy()
                child.shoo = shoo
                yield child


def reachable(game: Reduced, first: Position, limit: int | None = None) -> Graph:
    """Every position of ``game`` reachable from ``first`` (index 0), breadth first; stops
    with ``OverflowError`` when there are more than ``limit``."""
    if first.field != game.field:
        raise ValueError(f"the position is on {first.field}, the game on {game.field}")
    if first.rules.head_start:
        raise RulesError("head_start is not solved exactly (a position here does not count "
                         "the moves made; RULES.md rule 36): solve horse_odds instead")
    keys, index, children, winner, side = [first.key()], {first.key(): 0}, [], [], []
    todo = deque([first])
    while todo:
        position = todo.popleft()
        won = position.winner()
        winner.append(-1 if won is None else won)
        side.append(position.side)
        out: dict[int, None] = {}
        if won is None:
            for after in successors(position):
                key = after.key()
                j = index.get(key)
                if j is None:
                    j = index[key] = len(keys)
                    keys.append(key)
                    todo.append(after)
                    if limit is not None and len(keys) > limit:
                        raise OverflowError(f"{game.label}: more than {limit:,} positions")
                out[j] = None
        children.append(list(out))
    return Graph(game, first.rules, keys, index, children, np.array(winner, np.int8),
                 np.array(side, np.int8))


def retrograde(graph: Graph) -> tuple[np.ndarray, np.ndarray]:
    """``(value, depth)`` of every position for the side to move: :data:`WIN`,
    :data:`LOSS` or :data:`DRAW`, and the number of moves to the end with perfect play (the
    winner hurrying, the loser delaying; :data:`UNDECIDED` for a draw)."""
    n = graph.states
    parents: list[list[int]] = [[] for _ in range(n)]
    for i, kids in enumerate(graph.children):
        for j in kids:
            parents[j].append(i)
    value = np.zeros(n, np.int8)
    depth = np.full(n, UNDECIDED, np.int32)
    left = np.array([len(c) for c in graph.children], np.int32)
    queue: deque[int] = deque()
    for i in np.flatnonzero(graph.winner >= 0):
        value[i] = WIN if graph.winner[i] == graph.side[i] else LOSS
        depth[i] = 0
        queue.append(int(i))
    while queue:
        j = queue.popleft()
        d = int(depth[j]) + 1
        if value[j] == LOSS:
            for i in parents[j]:
                if depth[i] == UNDECIDED:
                    value[i], depth[i] = WIN, d
                    queue.append(i)
        else:
            for i in parents[j]:
                if depth[i] == UNDECIDED:
                    left[i] -= 1
                    if left[i] == 0:
                        value[i], depth[i] = LOSS, d
                        queue.append(i)
    return value, depth


@dataclass
class Solution:
    """A reduced game solved: its graph, every position's value and depth, and what the
    solve cost."""

    graph: Graph
    value: np.ndarray
    depth: np.ndarray
    seconds: float
    """Enumeration and retrograde analysis, wall clock."""
    peak_mib: float
    """The process's peak resident memory after the solve (an upper bound on its own)."""

    @property
    def states(self) -> int:
        return self.graph.states

    @property
    def value_of_start(self) -> int:
        return int(self.value[0])

    @property
    def depth_of_start(self) -> int:
        return int(self.depth[0])

    def value_for(self, seat: int) -> int:
        """The start's value for ``seat``."""
        v = self.value_of_start
        return v if seat == self.graph.side[0] else -v

    def counts(self) -> dict[str, int]:
        """Positions won, drawn and lost for the side to move."""
        return {"won": int((self.value == WIN).sum()), "drawn": int((self.value == DRAW).sum()),
                "lost": int((self.value == LOSS).sum())}

    def move_values(self, i: int) -> tuple[Position, list[Move], list[int]]:
        """Position i, its legal moves and each move's value for the mover."""
        position = self.graph.position(i)
        moves = legal_moves(position)
        return position, moves, [-int(self.value[self.graph.child(position, m)])
                                 for m in moves]

    def perfect_moves(self, i: int) -> list[int]:
        """The indices of position i's moves that keep its value and, among them, win
        fastest or lose slowest (draws: every drawing move)."""
        position, moves, values = self.move_values(i)
        best = max(values)
        keep = [k for k, v in enumerate(values) if v == best]
        if best == DRAW:
            return keep
        depths = [int(self.depth[self.graph.child(position, moves[k])]) for k in keep]
        target = min(depths) if best == WIN else max(depths)
        return [k for k, d in zip(keep, depths) if d == target]


def peak_mib() -> float:
    """The process's peak resident memory in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve(game: Reduced, rules: ShooRules, limit: int | None = None,
          first: Position | None = None) -> Solution:
    """Solve ``game`` under ``rules`` from its start (or from ``first``, a position of the
    game under ``rules``), see the module docstring; ``OverflowError`` past ``limit``
    positions."""
    began = time.perf_counter()
    graph = reachable(game, first if first is not None else game.start(rules), limit)
    value, depth = retrograde(graph)
    return Solution(graph, value, depth, time.perf_counter() - began, peak_mib())
