"""Reduced Shoo: the same rules on a smaller field with fewer travellers and horses, small
enough to solve exactly (:mod:`numbergames.solver.shoo.exact`).

A reduced game (:class:`Reduced`) is a field of ``size`` x ``size`` squares, ``travellers``
travellers a side and ``horses`` horses in all (RULES.md, "Reduced Shoo", rules R1–R6). The
home areas are the smallest square corners that hold the travellers; the travellers start
on the squares of their starting corner nearest the field's corner, White's placed as
Blue's turned half round (or, with ``corners = same_side``, mirrored top to bottom). The
moves are those of :mod:`numbergames.solver.shoo.moves` — the reference rules code, with the field as a
parameter of the position — so the solver solves the real rules, not a copy of them. The
``horses`` of the rules (7 or 9) is replaced by the reduced game's count; every other rules
parameter applies as in the full game.

>>> game = Reduced(4, 1, 1)
>>> game.label, game.field
('4x4, 1 traveller, 1 horse', Field(4, 1))
>>> from numbergames.solver.shoo.rules import ShooRules
>>> p = game.start(ShooRules())
>>> [game.field.name(s) for s in p.travellers(0)], [game.field.name(s) for s in p.travellers(1)]
(['d1'], ['a4'])
>>> p.stable_horses, p.side
([0, 1], 0)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from numbergames.solver.params import RulesError
from numbergames.solver.shoo.board import Field, squares_of
from numbergames.solver.shoo.position import EMPTY, FOOT, HORSE, Position
from numbergames.solver.shoo.rules import TRAVELLERS, ShooRules

MIN_SIZE = 3
"""The smallest field: the odd horse's centre square must lie outside both corners."""


@dataclass(frozen=True)
class Reduced:
    """One reduced game: field size, travellers a side, horses in all (odd)."""

    size: int
    travellers: int
    horses: int

    def __post_init__(self) -> None:
        if not 1 <= self.travellers <= TRAVELLERS:
            raise RulesError(f"bad travellers {self.travellers}; allowed: 1..{TRAVELLERS}")
        if self.horses < 1 or self.horses % 2 == 0:
            raise RulesError(f"bad horses {self.horses}; allowed: an odd number, 1 or more "
                             "(one on the centre square, the rest shared by the stables)")
        if not MIN_SIZE <= self.size <= 9 or 2 * self.corner > self.size:
            raise RulesError(f"bad field size {self.size} for {self.travellers} travellers; "
                             f"allowed: {max(MIN_SIZE, 2 * self.corner)}..9 (the two "
                             f"{self.corner} x {self.corner} corners may not overlap)")

    @property
    def corner(self) -> int:
        """The side of the home areas: the smallest square holding the travellers (R2)."""
        return math.isqrt(self.travellers - 1) + 1

    @property
    def field(self) -> Field:
        return Field(self.size, self.corner)

    @property
    def label(self) -> str:
        t, h = self.travellers, self.horses
        return (f"{self.size}x{self.size}, {t} traveller{'s' * (t > 1)}, "
                f"{h} horse{'s' * (h > 1)}")

    def start_squares(self, corners: str) -> tuple[list[int], list[int]]:
        """Where Blue's and White's travellers start (R3): Blue's the ``travellers``
        squares of its corner nearest the field's corner (ties: lower rank, then the
        file nearer the edge), White's their images."""
        field, n = self.field, self.size
        blue_corner = field.square(n - 1, 0)
        blue = sorted(squares_of(field.blue_start), key=lambda s: (
            max(abs(s % n - blue_corner % n), s // n), s // n, -(s % n)))[:self.travellers]
        if corners == "diagonal":
            white = [field.squares - 1 - s for s in blue]
        else:
            white = [field.square(s % n, n - 1 - s // n) for s in blue]
        return blue, white

    def start(self, rules: ShooRules) -> Position:
        """The starting position under ``rules`` (the opening choice, the odd horse and the
        horse odds as in the full game, RULES.md rules 7, 8, 34; R4)."""
        field = self.field
        board = [EMPTY] * field.squares
        for seat, squares in enumerate(self.start_squares(rules.corners)):
            for s in squares:
                board[s] = FOOT + seat
        if rules.odd_horse_seat is None:
            board[field.centre] = HORSE
        stable = rules.stables((self.horses - 1) // 2)   # horse_odds as in rule 34
        return Position(rules, board, stable, [0, 0], [0, 0], side=rules.first, field=field)


def position_of(key: tuple, rules: ShooRules, field: Field) -> Position:
    """The position whose :meth:`Position.key` is ``key`` (the move count 0)."""
    board, stable, stabled, pasture, side, held, shoo, hush = key
    return Position(rules, list(board), list(stable), list(stabled), list(pasture), side,
                    held, shoo, hush, 0, field)
