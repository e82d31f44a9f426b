"""A Shoo position: what stands where, what is off the field, and what the last move left
pending (a held horse, a shoo, a move that may be hushed).

The field is a list of 81 piece codes (:data:`EMPTY`, :data:`HORSE`, a traveller on foot
``FOOT + seat``, a mounted traveller ``RIDER + seat``); off the field each seat has a
count of stable horses, stabled travellers and retired horses. A position carries its
field's geometry (:class:`numbergames.solver.shoo.board.Field`), so the reduced games of
:mod:`numbergames.solver.shoo.reduced` have fewer squares. A position is mutable, as
python-chess's ``Board``; :meth:`Position.copy` is cheap. Reading and writing positions is
:mod:`numbergames.solver.shoo.notation`; the moves are :mod:`numbergames.solver.shoo.moves`.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from numbergames.solver.shoo.board import CENTRE, FIELD, SQUARES, Field, squares_of, starts
from numbergames.solver.shoo.rules import ShooRules

EMPTY = 0
HORSE = 1
"""A free horse on the field."""
FOOT = 2
"""``FOOT + seat``: a traveller of that seat on foot."""
RIDER = 4
"""``RIDER + seat``: a traveller of that seat mounted on a horse."""
NONE = -1
"""No square (no held horse, no pending shoo)."""

STEP, DISMOUNT, RETURN = 0, 1, 2
"""How a traveller that may be hushed came to its square: on foot from a neighbour, off its
horse, or from its stable."""


def is_traveller(piece: int) -> bool:
    return piece >= FOOT


def owner(piece: int) -> int:
    """The seat of a traveller's code (on foot or mounted)."""
    return piece & 1


def is_mounted(piece: int) -> bool:
    return piece >= RIDER


class Hush(NamedTuple):
    """A move the next player may hush (RULES.md rules 28, 29): the traveller now on ``to``
    came there by ``how`` (:data:`STEP`, :data:`DISMOUNT`, :data:`RETURN`) from ``origin``
    (its square, its horse's square, or :data:`NONE` from the stable)."""

    to: int
    how: int
    origin: int


@dataclasses.dataclass(eq=False)
class Position:
    """A position of Shoo under some rules (they say where the home areas are)."""

    rules: ShooRules
    board: list[int]
    stable_horses: list[int]
    """Horses in each seat's stable."""
    stabled: list[int]
    """Travellers of each seat in its stable (shooed off, not yet returned)."""
    pasture: list[int]
    """Horses each seat has retired."""
    side: int
    """The seat to move."""
    held: int = NONE
    """The square of the free horse the last mover holds (RULES.md rule 14)."""
    shoo: int = NONE
    """The square of the side to move's traveller that the last move shooed (rule 24)."""
    hush: Hush | None = None
    """The last move, when the side to move may hush it (rules 28, 29)."""
    ply: int = 0
    """Moves made by both players."""
    field: Field = FIELD
    """The field's geometry: 9 x 9 in Shoo, smaller in the reduced games
    (:mod:`numbergames.solver.shoo.reduced`)."""

    def copy(self) -> Position:
        """A copy whose lists are its own (the fields copied as they are, without
        ``dataclasses.replace``'s re-initialisation, which took most of a search's time)."""
        other = object.__new__(Position)
        other.__dict__.update(self.__dict__)
        other.board, other.stable_horses = self.board[:], self.stable_horses[:]
        other.stabled, other.pasture = self.stabled[:], self.pasture[:]
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.key() == other.key() and (
            self.rules == other.rules and self.ply == other.ply)

    def key(self) -> tuple:
        """Everything but the move count: equal keys are the same position for the draw by
        repetition (rule 33)."""
        return (tuple(self.board), tuple(self.stable_horses), tuple(self.stabled),
                tuple(self.pasture), self.side, self.held, self.shoo, self.hush)

    # -- areas ---------------------------------------------------------------------------
    @property
    def homes(self) -> tuple[int, int]:
        """Each seat's home area as a bit set."""
        return self.field.homes(self.rules.corners)

    def in_home(self, s: int, seat: int) -> bool:
        return bool(self.homes[seat] >> s & 1)

    def on_first_row(self, s: int, seat: int) -> bool:
        return bool(self.field.first_rows[seat] >> s & 1)

    # -- pieces --------------------------------------------------------------------------
    def travellers(self, seat: int) -> list[int]:
        """The squares of a seat's travellers on the field, ascending."""
        return [s for s, p in enumerate(self.board) if is_traveller(p) and owner(p) == seat]

    def touching(self, s: int, seat: int) -> int:
        """How many of ``seat``'s travellers (on foot or mounted) touch square ``s``."""
        return sum(1 for n in self.field.neighbours[s] if is_traveller(self.board[n])
                   and owner(self.board[n]) == seat)

    def would_be_shooable(self, s: int, seat: int) -> bool:
        """Whether a traveller of ``seat`` on foot on ``s`` would be shooable (rule 22)."""
        return not self.in_home(s, seat) and self.touching(s, 1 - seat) >= 2

    def is_shooable(self, s: int) -> bool:
        """Whether the piece on ``s`` is a traveller on foot that its opponent may shoo."""
        piece = self.board[s]
        return (is_traveller(piece) and not is_mounted(piece)
                and self.would_be_shooable(s, owner(piece)))

    def shooable(self, by: int) -> list[int]:
        """The squares of the travellers ``by`` may shoo, ascending."""
        return [s for s in self.travellers(1 - by) if self.is_shooable(s)]

    def winner(self) -> int | None:
        """The seat whose travellers all stand in its home area on foot (rule 31), the side
        that just moved first; None if neither."""
        for seat in (1 - self.side, self.side):
            home = self.homes[seat]
            if self.stabled[seat] == 0 and all(
                    home >> s & 1 and not is_mounted(self.board[s])
                    for s in self.travellers(seat)):
                return seat
        return None


def start(rules: ShooRules) -> Position:
    """The starting position (RULES.md rules 2, 3, 7, 8, 34)."""
    board = [EMPTY] * SQUARES
    for seat, area in enumerate(starts(rules.corners)):
        for s in squares_of(area):
            board[s] = FOOT + seat
    if rules.odd_horse_seat is None:
        board[CENTRE] = HORSE
    return Position(rules, board, rules.stables(rules.stable_horses), [0, 0], [0, 0],
                    side=rules.first)
