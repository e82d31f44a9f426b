"""The search behind ``search-N`` (solver/shoo/policies.py): iterative-deepening negamax
with alpha-beta cut-offs and a transposition table, on the evaluation of
:mod:`numbergames.solver.shoo.evaluation`, its strength set by a node budget (never by time, so that a
key replays its game). The kernel's twin (``search_root`` and ``negamax`` in
cext/shoo/play.pyx) visits the same nodes in the same order and plays the same moves.

**Iterations.** Depth 1, 2, 3, ... up to :data:`MAX_DEPTH` (16) plies, each a full search of the
root's moves. Every position the search enters is a *node*; an iteration of depth 2 or
more is abandoned the moment the nodes of the whole search pass the budget, and the last
iteration completed decides (depth 1, every move's evaluation — greedy's values — always
completes) — except that an abandoned iteration of depth 2 (:data:`PARTIAL_DEPTH`) that
searched at least one move decides among the moves it searched (the root's first moves by
greedy's values), the others left out: with 200 nodes that beats greedy's values, while an
abandoned depth 3 deciding among its moves lost strength, so deeper iterations decide whole
(experiments/shoo-players/FINDINGS.md).

**A node** of a finished game (a win, or ``max_plies``) or at depth 0 is worth
:func:`leaf_value`: the search's evaluation for the side to move
(:func:`numbergames.solver.shoo.evaluation.search_evaluation`: greedy's evaluation and, in a duel
where neither side can shoo, each side's tactics: who may mount a horse and whose rider
may lose it), a win or loss counted
:data:`numbergames.solver.shoo.evaluation.WIN` less the plies from the root (sooner wins are better).
Any other node values each of its moves' leaves (:meth:`AlphaBeta.child_value`: the
search's evaluation after the move; the kernel's ``greedy_values`` and, near a duel, the
tactics of the position after each move). A node
of depth 1 is worth the best of them, one node however many moves it has. A deeper one
tries its moves in this order: the move the table holds for the position, the *killer*
(the last move that cut off a node as far from the root), then the rest by their leaves'
values, best first (ties in canonical order, :func:`numbergames.solver.shoo.moves.legal_moves`), and
returns the best, fail-soft: a value at or below ``alpha`` is an upper bound, at or above
``beta`` a lower bound. (Until issue 21 a node of depth 1 searched its leaves one node
each: a budget now buys whole plies, at about the same strength per CPU second;
experiments/shoo-players/FINDINGS.md.)

**The table** holds ``2 ** TABLE_BITS`` entries, empty at each search, indexed by the low
bits of the position's Zobrist key (:func:`zobrist`: pieces, stables, pastures, side to
move, held horse, pending shoo and hush, and the move count, which the draw at
``max_plies`` depends on); a node overwrites its entry (key, depth, value, bound, best
move). An entry with the same key gives its move first place, and its value ends the node
only when it was searched to the same depth — so the values are those of a plain
fixed-depth minimax (tests prove it).

**The root** searches each move with the window (best so far - 1, infinity), so that every
move as good as the best gets its exact value; after each iteration, the first (greedy's
values) included, the moves are re-ordered by value (stable). The player draws one of the
distinct moves of the deciding iteration's best value from the game's choice stream
(``SearchPolicy.best`` in :mod:`numbergames.solver.shoo.policies`: one ``choose(k)``, each move by its
lowest best entry).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from numbergames.solver.shoo.evaluation import WIN, search_evaluation
from numbergames.solver.shoo.moves import Move, legal_moves, make_move
from numbergames.solver.shoo.position import Position

NODE_UNIT = 100
"""Nodes of search per unit of budget: ``search-N`` may visit ``N * NODE_UNIT`` nodes a
move (and finishes its depth-1 iteration in any case)."""
MAX_DEPTH = 16
"""The deepest iteration (plies). 16, not 8: on the solved 4x4 field, where wins lie 7-13
moves away, a cap of 8 held ``search-64`` under 95% of perfect play; on the full field a
budget of a few thousand nodes ends far short of 8 plies, so no game moved
(experiments/shoo-search/FINDINGS.md)."""
PARTIAL_DEPTH = 2
"""The deepest iteration whose abandoned part still decides (module docstring)."""
TABLE_BITS = 16
INFINITY = 2 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
"""The bounds of a table entry's value."""
MASK64 = (1 << 64) - 1


def mix64(x: int) -> int:
    """SplitMix64's output function of ``x`` (the Zobrist keys are its values)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


PIECE_KEYS = [[mix64(128 * piece + s) for s in range(81)] for piece in range(6)]
"""Zobrist key of each piece code on each square (code 0, empty, is never used)."""
COUNT_BASE, SIDE_BASE, HELD_BASE, SHOO_BASE, HUSH_BASE, PLY_BASE = (
    1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 20, 1 << 40)


def zobrist(position: Position) -> int:
    """The position's 64-bit Zobrist key (module docstring)."""
    key = 0
    for s, piece in enumerate(position.board):
        if piece:
            key ^= PIECE_KEYS[piece][s]
    for seat in (0, 1):
        key ^= mix64(COUNT_BASE + 64 * seat + position.stable_horses[seat])
        key ^= mix64(COUNT_BASE + 64 * seat + 16 + position.stabled[seat])
        key ^= mix64(COUNT_BASE + 64 * seat + 32 + position.pasture[seat])
    key ^= mix64(SIDE_BASE + position.side)
    key ^= mix64(HELD_BASE + position.held + 1)
    key ^= mix64(SHOO_BASE + position.shoo + 1)
    if position.hush is not None:
        hush = position.hush
        key ^= mix64(HUSH_BASE + 1024 * (hush.to + 1) + 128 * hush.how + hush.origin + 1)
    return key ^ mix64(PLY_BASE + position.ply)


@dataclass
class Entry:
    key: int
    depth: int
    value: int
    bound: int
    move: Move


class OutOfBudget(Exception):
    """The iteration passed the node budget."""


class AlphaBeta:
    """One search from one root (module docstring)."""

    def __init__(self, root: Position, limit: int) -> None:
        self.root_ply = root.ply
        self.limit = limit
        self.nodes = 0
        self.abortable = False
        self.hits = 0
        """Nodes the table ended (for tests)."""
        self.completed = 0
        """Root moves the last iteration searched before it ended or was abandoned."""
        self.partial: list[int] = []
        """That iteration's values (of those moves)."""
        self.table: list[Entry | None] = [None] * (1 << TABLE_BITS)
        self.killers: list[Move | None] = [None] * (MAX_DEPTH + 1)
        """The last move at each distance from the root that cut its node off."""

    def leaf_value(self, position: Position) -> int:
        return leaf_value(position, self.root_ply)

    def child_value(self, position: Position, move: Move) -> int:
        """The mover's value of the leaf ``move`` leads to: minus its leaf value."""
        return -leaf_value(make_move(position, move), self.root_ply)

    def negamax(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        """The position's value for the side to move, searched ``depth`` plies deep."""
        self.nodes += 1
        if self.abortable and self.nodes > self.limit:
            raise OutOfBudget
        if depth == 0 or position.winner() is not None or position.ply >= position.rules.max_plies:
            return self.leaf_value(position)
        key = zobrist(position)
        slot = key & ((1 << TABLE_BITS) - 1)
        entry = self.table[slot]
        first = None
        if entry is not None and entry.key == key:
            first = entry.move
            if entry.depth == depth and (
                    entry.bound == EXACT
                    or (entry.bound == LOWER and entry.value >= beta)
                    or (entry.bound == UPPER and entry.value <= alpha)):
                self.hits += 1
                return entry.value
        moves = legal_moves(position)
        static = [self.child_value(position, m) for m in moves]
        if depth == 1:          # every child a leaf: the best of their values
            best = max(static)
            self.table[slot] = Entry(key, depth, best, EXACT, moves[static.index(best)])
            return best
        height = position.ply - self.root_ply
        killer = self.killers[height]
        early = [m for m in moves if m == first] + [m for m in moves if m == killer != first]
        ordered = early + [moves[i] for i in sorted(range(len(moves)), key=lambda i: -static[i])
                           if moves[i] not in early]
        best, best_move, floor = -INFINITY, ordered[0], alpha
        for move in ordered:
            value = -self.negamax(make_move(position, move), depth - 1, -beta, -max(alpha, best))
            if value > best:
                best, best_move = value, move
                if best >= beta:
                    self.killers[height] = move
                    break
        bound = UPPER if best <= floor else LOWER if best >= beta else EXACT
        self.table[slot] = Entry(key, depth, best, bound, best_move)
        return best

    def iteration(self, position: Position, moves: Sequence[Move], order: Sequence[int],
                  depth: int) -> list[int]:
        """Each root move's value searched ``depth`` plies deep: exact for those at least
        as good as every move searched before them."""
        values = [0] * len(moves)
        best = -INFINITY
        self.completed = 0
        self.partial = values
        for j, i in enumerate(order):
            values[i] = -self.negamax(make_move(position, moves[i]), depth - 1,
                                      -INFINITY, 1 - best)
            best = max(best, values[i])
            self.completed = j + 1
        return values


def leaf_value(position: Position, root_ply: int) -> int:
    """The search's evaluation for the side to move (:func:`numbergames.solver.shoo.evaluation.
    search_evaluation`), a win or loss less the plies since the root."""
    value = search_evaluation(position, position.side)
    if value == WIN:
        return WIN - (position.ply - root_ply)
    if value == -WIN:
        return -WIN + (position.ply - root_ply)
    return value


def search(position: Position, moves: Sequence[Move], limit: int,
           engine_class: type[AlphaBeta] = AlphaBeta) -> tuple[list[int], int, int]:
    """Iterative deepening from ``position`` (its legal ``moves``) within ``limit`` nodes:
    (the values of the deepest completed iteration, its depth, the nodes visited).
    ``engine_class`` makes one search from the root and the limit (experiments subclass
    :class:`AlphaBeta`, experiments/shoo-search/shoo_repetition_search.py)."""
    engine = engine_class(position, limit)
    order = list(range(len(moves)))
    values = engine.iteration(position, moves, order, 1)
    depth = 1
    while True:
        order.sort(key=lambda i: -values[i])        # stable: the best first
        if depth >= MAX_DEPTH:
            break
        engine.abortable = True
        try:
            deeper = engine.iteration(position, moves, order, depth + 1)
        except OutOfBudget:
            if depth + 1 <= PARTIAL_DEPTH and engine.completed > 0:
                values = [-INFINITY] * len(moves)       # the moves it searched decide
                for i in order[:engine.completed]:
                    values[i] = engine.partial[i]
            break
        values, depth = deeper, depth + 1
    return values, depth, engine.nodes
