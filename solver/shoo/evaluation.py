"""The hand-made evaluation of a Shoo position that ``greedy`` maximises and ``search-N``
looks ahead with (solver/shoo/policies.py); the kernel's twin is ``evaluate`` in
cext/shoo/play.pyx.

**The evaluation** of a position for a seat is its *standing* minus the opponent's, in
integers. A seat's standing is ``-DISTANCE_WEIGHT * travel + HORSE_WEIGHT * horses +
THREAT_WEIGHT * threats - DANGER_WEIGHT * dangers - BLOCKER_WEIGHT * blockers``:

* ``travel``: the king-move distance ``d`` of each traveller on foot to the nearest square
  of its home area that none of its travellers holds (0 inside), ``(d + 3) // 4 + 2`` for
  a mounted one (a queen covers ground fast, but it still has to dismount — more than one
  step from outside: else riders fill the home area and cannot get off), and
  :data:`STABLED_COST` for a stabled one — also for a traveller shooed with no escape,
  which is as good as stabled, and for a rider in its home area with no empty square of it
  to dismount to;
* ``horses``: its horses in the stable and under its riders;
* ``threats``: the opponent's travellers it could shoo, ``dangers``: its own that the
  opponent could shoo;
* ``blockers``: the opponent's travellers standing in its home area (it cannot win while
  they are there).

A won game is worth :data:`WIN` (lost: ``-WIN``) and a draw by the move limit 0.
"""
from __future__ import annotations

from solver.shoo.board import SIZE, squares_of
from solver.shoo.moves import can_escape
from solver.shoo.position import EMPTY, Position, is_mounted, is_traveller, owner

DISTANCE_WEIGHT = 10
HORSE_WEIGHT = 3
THREAT_WEIGHT = 4
DANGER_WEIGHT = 6
BLOCKER_WEIGHT = 8
STABLED_COST = 9
"""The travel a stabled traveller stands for: the six rows from its first row to its home
area, and the moves lost."""
WIN = 1 << 20


def king_distance(a: int, b: int, size: int = SIZE) -> int:
    """King moves from square ``a`` to ``b`` on a field ``size`` squares wide."""
    return max(abs(a % size - b % size), abs(a // size - b // size))


def standing(position: Position, seat: int) -> int:
    """A seat's standing (module docstring), the pending shoo counted; on the position's
    own field (9 x 9, or a reduced game's)."""
    board, home, field = position.board, position.homes[seat], position.field
    targets = [t for t in squares_of(home)
               if not (is_traveller(board[t]) and owner(board[t]) == seat)]
    travel = STABLED_COST * position.stabled[seat]
    horses = position.stable_horses[seat]
    for s in range(field.squares):
        piece = board[s]
        if not is_traveller(piece) or owner(piece) != seat:
            continue
        inside = home >> s & 1
        d = 0 if inside else min(king_distance(s, t, field.size) for t in targets)
        if is_mounted(piece):
            stuck = inside and not any(board[n] == EMPTY and home >> n & 1
                                       for n in field.neighbours[s])
            travel += STABLED_COST if stuck else (d + 3) // 4 + 2
            horses += 1
        elif s == position.shoo and not can_escape(position, s):
            travel += STABLED_COST
        else:
            travel += d
    threats = len(position.shooable(seat))
    dangers = len(position.shooable(1 - seat))
    blockers = sum(1 for s in position.travellers(1 - seat) if home >> s & 1)
    return (-DISTANCE_WEIGHT * travel + HORSE_WEIGHT * horses + THREAT_WEIGHT * threats
            - DANGER_WEIGHT * dangers - BLOCKER_WEIGHT * blockers)


def evaluate(position: Position, seat: int) -> int:
    """The position's value for ``seat`` (module docstring).

    >>> from solver.shoo.position import start
    >>> from solver.shoo.rules import ShooRules
    >>> evaluate(start(ShooRules()), 0)  # White's odd horse
    -3
    """
    won = position.winner()
    if won is not None:
        return WIN if won == seat else -WIN
    if position.ply >= position.rules.max_plies:
        return 0
    return standing(position, seat) - standing(position, 1 - seat)
