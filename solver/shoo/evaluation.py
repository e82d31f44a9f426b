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
``greedy`` keeps the evaluation above) adds each seat's *tactics* less the opponent's:
``MOUNT_WEIGHT`` when it has a horse at hand — a rider, or a traveller on foot outside its
home area next to a free horse it may mount (not one the opponent holds) and ``-EXPOSED_WEIGHT`` for each of its
riders next to an opponent's traveller, who may capture the horse (rule 19). Why: on the
solved reduced fields (one traveller and one horse a side, no shooing) the evaluation sees
only the walk home, while the game is decided by who gets the horse and keeps it. Measured
2026-11-28 (reference engine, ``search-16``; the share of sampled won or drawn positions
where its move keeps the perfect-play value, expected over its ties; 300 positions a field
from ``analyze exact shoo``'s sample, then 300 from another seed): without the tactics
0.916 / 0.901 on 4x4 / 5x5 (other sample 0.939 / 0.932), with them 0.949 / 0.961 (0.920 /
0.952), and 0.990 on 3x3. Weights tried on 4x4 (mount / exposed, the report's sample):
30/0 0.899, 0/30 0.876 (either alone loses), 10/20 0.915, 15/30 0.933, 20/20 0.953, 20/30
0.953, 20/40 0.953, 30/60 0.949, 40/40 0.942, 50/30 0.915; on 5x5 20/30 keeps 0.933 and
0.924 against 30/30's 0.961 and 0.952, so 30/30.

**Not yet fit for the full game** (why this is a branch, not main): on 9 x 9 the leaf costs
strength, and the mount term is what costs it. ``search-16`` against ``greedy`` on the same
100 keys a seat (``analyze shoo --policy search-16,greedy --sims 100 --seed 0 --no-store``
and seats swapped), where the plain search wins 92% and 93%: the mount term counted for each
traveller next to a horse, none won (of 300; its travellers stand by the horses, 428-456
moves a game); counted once a seat, 77% and 83%; the mount term alone 80% (as Blue); the
exposure term alone 92% (no cost); with a rider counted as a horse at hand (as now), 81% and
92%. On the reduced fields that last form keeps 0.993 / 0.941 / 0.995 on 3x3 / 4x4 / 5x5
(the report's sample; once a seat without riders: 0.990 / 0.949 / 0.961), and 0.927 on the
other 4x4 sample, where the plain search keeps 0.939: 4x4 is not won yet either. A node costs 1.7 times the CPU (5.9
against 3.5 microseconds on 20 positions of random games). What is left: a mount term that
does not cost Blue's 9 x 9 games (the call of a horse next to one's own traveller is worth
30 at once: the likely culprit), then the Shoo reports regenerated.
"""
from __future__ import annotations

from solver.shoo.board import SIZE, squares_of
from solver.shoo.moves import can_escape
from solver.shoo.position import EMPTY, HORSE, Position, is_mounted, is_traveller, owner

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


def tactics(position: Position, seat: int) -> int:
    """A seat's tactics (module docstring): ``MOUNT_WEIGHT`` when it has a rider or a
    traveller on foot outside its home area next to a free horse it may mount,
    ``-EXPOSED_WEIGHT`` for each of its riders next to an opponent's traveller."""
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


def search_evaluation(position: Position, seat: int) -> int:
    """What ``search-N`` values a leaf by: the evaluation, and each seat's tactics less
    the opponent's unless the game is over (module docstring)."""
    value = evaluate(position, seat)
    if position.winner() is not None or position.ply >= position.rules.max_plies:
        return value
    return value + tactics(position, seat) - tactics(position, 1 - seat)
