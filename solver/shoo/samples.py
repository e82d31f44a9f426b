"""Random Shoo positions, for differential tests and benchmarks: any placement of the
pieces that :func:`numbergames.solver.shoo.notation.check` accepts (not only positions that play can
reach), with held horses and pending shoos where the position has them, and positions of
random games.

>>> from numbergames.solver.shoo.notation import check
>>> from numbergames.solver.shoo.rules import ShooRules
>>> check(random_placement(ShooRules(), Stream(3)))
"""
from __future__ import annotations

from numbergames.solver.dice import Stream
from numbergames.solver.shoo.board import SQUARES
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.position import FOOT, HORSE, RIDER, Position, start
from numbergames.solver.shoo.rules import TRAVELLERS, ShooRules


def random_placement(rules: ShooRules, stream: Stream,
                     stabled_range: tuple[int, int] = (0, 3)) -> Position:
    """Up to 3 stabled (``stabled_range``: from, to) and 3 mounted travellers a side, the
    rest on foot; the horses split between the field, the stables and the pastures; a held
    horse and a pending shoo half of the time when there can be one. Crowded enough that
    shoos are common; with 7 to 9 stabled, few enough that neither side may shoo (a duel,
    solver/shoo/evaluation.py)."""
    squares = list(range(SQUARES))
    for i in range(SQUARES - 1, 0, -1):          # Fisher-Yates by the stream
        j = stream.below(i + 1)
        squares[i], squares[j] = squares[j], squares[i]
    at = iter(squares)
    board = [0] * SQUARES
    stabled, riders = [0, 0], 0
    for seat in (0, 1):
        low, high = stabled_range
        stabled[seat] = low + stream.below(high - low + 1)
        mounted = stream.below(4) if rules.horses - riders >= 3 else 0
        mounted = min(mounted, TRAVELLERS - stabled[seat])
        riders += mounted
        for i in range(TRAVELLERS - stabled[seat]):
            board[next(at)] = (RIDER if i < mounted else FOOT) + seat
    free = stream.below(rules.horses - riders + 1)
    horses = [next(at) for _ in range(free)]
    for s in horses:
        board[s] = HORSE
    left = rules.horses - riders - free
    stable0 = stream.below(left + 1)
    stable1 = stream.below(left - stable0 + 1)
    pasture = left - stable0 - stable1
    position = Position(rules, board, [stable0, stable1], stabled,
                        [pasture // 2, pasture - pasture // 2], stream.below(2))
    if horses and stream.below(2):
        position.held = horses[stream.below(len(horses))]
    shooable = position.shooable(1 - position.side)
    if shooable and stream.below(2):
        position.shoo = shooable[stream.below(len(shooable))]
    return position


def random_game_position(rules: ShooRules, stream: Stream, plies: int) -> Position:
    """The position after ``plies`` random moves from the start (or where the game ended)."""
    position = start(rules)
    for _ in range(plies):
        if position.winner() is not None or position.ply >= rules.max_plies:
            break
        moves = legal_moves(position)
        position = make_move(position, moves[stream.choose(len(moves))])
    return position
