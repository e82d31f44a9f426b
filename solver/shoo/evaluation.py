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

**The search's leaf** (:func:`search_evaluation`, what ``search-N`` values its leaves by;
``greedy`` keeps the evaluation above) adds, in a *duel* (:func:`duel`: neither side has two
travellers on the field, so neither can shoo, rule 23), each seat's *tactics* less the
opponent's: ``MOUNT_WEIGHT`` when it has a horse at hand — a rider, or a traveller on foot
outside its home area next to a free horse it may mount (not one the opponent holds) — and
``-EXPOSED_WEIGHT`` for each of its riders next to an opponent's traveller, who may capture
the horse (rule 19). Why: on the solved reduced fields (one traveller and one horse a side)
every position is a duel, and the evaluation sees only the walk home while the game goes to
whoever gets the horse and keeps it; with the tactics ``search-16`` keeps the perfect-play
value in more of the sampled positions (on 5 x 5, 0.901 → 0.995).

**Only in a duel**, because on the full field the tactics cost strength (counted in every
position, ``search-16`` won 81% rather than 92% of its games as Blue against ``greedy``),
and a full game does not reach a duel, which needs both sides down to one traveller or none
on the field at once. So the same keys give the same games as the plain search
(tests/data/same_games.json); the kernel makes a move to value its tactics only when neither
side has three travellers on the field (tests/shoo/test_tactics.py checks kernel and
reference on duels placed at random). Measured — every form and weight tried, the shares on
each field, the full-field games: experiments/shoo-search/FINDINGS.md.
"""
from __future__ import annotations

from numbergames.solver.shoo.board import SIZE, squares_of
from numbergames.solver.shoo.moves import can_escape
from numbergames.solver.shoo.position import EMPTY, HORSE, Position, is_mounted, is_traveller, owner

DISTANCE_WEIGHT = 10
HORSE_WEIGHT = 3
THREAT_WEIGHT = 4
DANGER_WEIGHT = 6
BLOCKER_WEIGHT = 8
STABLED_COST = 9
"""The travel a stabled traveller stands for: the six rows from its first row to its home
area, and the moves lost."""
MOUNT_WEIGHT = 30
EXPOSED_WEIGHT = 30
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

    >>> from numbergames.solver.shoo.position import start
    >>> from numbergames.solver.shoo.rules import ShooRules
    >>> evaluate(start(ShooRules()), 0)  # White's odd horse
    -3
    """
    won = position.winner()
    if won is not None:
        return WIN if won == seat else -WIN
    if position.ply >= position.rules.max_plies:
        return 0
    return standing(position, seat) - standing(position, 1 - seat)


def tactics(position: Position, seat: int) -> int:
    """A seat's tactics (module docstring), what the search adds in a duel:
    ``MOUNT_WEIGHT`` when it has a rider or a traveller on foot outside its home area next
    to a free horse it may mount, ``-EXPOSED_WEIGHT`` for each of its riders next to an
    opponent's traveller."""
    board, field, home = position.board, position.field, position.homes[seat]
    barred = position.held if seat == position.side else -1    # the opponent holds it
    out, mount = 0, 0
    for s in range(field.squares):
        piece = board[s]
        if not is_traveller(piece) or owner(piece) != seat:
            continue
        near = field.neighbours[s]
        if is_mounted(piece):
            mount = MOUNT_WEIGHT
            if any(is_traveller(board[n]) and owner(board[n]) != seat for n in near):
                out -= EXPOSED_WEIGHT
        elif not home >> s & 1 and any(board[n] == HORSE and n != barred for n in near):
            mount = MOUNT_WEIGHT
    return out + mount


def duel(position: Position) -> bool:
    """Whether neither side can shoo: each has at most one traveller on the field (a shoo
    takes two, rule 23)."""
    return len(position.travellers(0)) < 2 and len(position.travellers(1)) < 2


def search_evaluation(position: Position, seat: int) -> int:
    """What ``search-N`` values a leaf by: the evaluation, and in a duel each seat's tactics
    less the opponent's unless the game is over (module docstring)."""
    value = evaluate(position, seat)      # WIN or -WIN when won, 0 at the move limit
    if value in (WIN, -WIN) or position.ply >= position.rules.max_plies or not duel(position):
        return value
    return value + tactics(position, seat) - tactics(position, 1 - seat)
