"""The field of Shoo: 81 squares, their names, neighbours and lines, and the areas.

A square is an int ``9 * rank + file``: rank 0..8 is rows 1..9 seen from Blue's side, file
0..8 is columns a..i, so ``a1`` is 0, ``i1`` is 8 and ``i9`` is 80 (spec: "squares are named
a1..i9 from Blue's side, a1 bottom left"). Sets of squares are Python ints used as bit sets
(bit ``s`` for square ``s``), as python-chess's ``Bitboard``; the tables below are built once
at import from the readable functions above them, and a kernel's tables are checked
against them. :class:`Field` holds the same tables for any square field (the reduced games
of :mod:`numbergames.solver.shoo.reduced`); the module's constants are those of the 9 x 9 field.

Seat 0 plays Blue, seat 1 White.
"""
from __future__ import annotations

from collections.abc import Iterator

SIZE = 9
"""The field is SIZE x SIZE squares."""
SQUARES = SIZE * SIZE
FILES = "abcdefghi"
BLUE, WHITE = 0, 1
"""Seat 0 plays Blue (starting at the bottom, rank 1), seat 1 White."""
COLOUR_NAMES = ("Blue", "White")
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight directions as (file step, rank step), the king's and the queen's."""

Square = int
SquareSet = int


def square(file: int, rank: int) -> Square:
    """The square at file 0..8, rank 0..8."""
    return SIZE * rank + file


def name(s: Square) -> str:
    """``a1``..``i9``.

    >>> name(0), name(8), name(40), name(80)
    ('a1', 'i1', 'e5', 'i9')
    """
    return f"{FILES[s % SIZE]}{s // SIZE + 1}"


def parse_square(text: str) -> Square:
    """The square called ``text`` (``a1``..``i9``); ValueError otherwise.

    >>> parse_square("e5"), parse_square("i9")
    (40, 80)
    """
    if len(text) == 2 and text[0] in FILES and text[1] in "123456789":
        return square(FILES.index(text[0]), int(text[1]) - 1)
    raise ValueError(f"{text!r} is not a square (a1..i9)")


def squares_of(bits: SquareSet) -> Iterator[Square]:
    """The squares of a bit set, ascending (python-chess's ``scan_forward``)."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def bit_set(squares) -> SquareSet:
    """The bit set of some squares."""
    bits = 0
    for s in squares:
        bits |= 1 << s
    return bits


class Field:
    """The geometry of a square field of ``size`` x ``size`` squares whose home areas are
    ``corner`` x ``corner``: neighbours, queen lines, the starting corners and the first
    rows, as tables built once. Shoo's field is :data:`FIELD` (9 x 9, corners 3 x 3); the
    reduced games of :mod:`numbergames.solver.shoo.reduced` play the same rules on smaller fields.

    >>> small = Field(4, 1)
    >>> small.squares, small.neighbours[0], [small.name(s) for s in small.rays[0][1]]
    (16, (1, 5, 4), ['b2', 'c3', 'd4'])
    """

    def __init__(self, size: int, corner: int) -> None:
        if not 1 <= corner < size <= SIZE:
            raise ValueError(f"bad field {size} x {size} with corners {corner} x {corner}; "
                             f"allowed: 1 <= corner < size <= {SIZE}")
        self.size, self.corner, self.squares = size, corner, size * size
        self.neighbours: tuple[tuple[Square, ...], ...] = tuple(
            self._neighbours(s) for s in range(self.squares))
        """``neighbours[s]``: the up to 8 squares touching ``s`` (a king's moves), in the order of
        :data:`DIRECTIONS`."""
        self.neighbour_sets: tuple[SquareSet, ...] = tuple(bit_set(n) for n in self.neighbours)
        self.rays: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
            tuple(self._ray(s, d) for d in DIRECTIONS) for s in range(self.squares))
        """``rays[s][d]``: the squares from ``s`` outwards in direction ``d``, nearest first."""
        self.centre: Square = self.square(size // 2, size // 2)
        """Where the odd horse stands at the start (e5 on the 9 x 9 field)."""
        self.first_rows: tuple[SquareSet, SquareSet] = (
            bit_set(range(size)), bit_set(range(self.squares - size, self.squares)))
        """Each player's first row, next to their stable: the bottom rank for Blue, the top
        rank for White."""
        far = size - corner
        self.blue_start = self.area(far, 0)
        self.white_starts = {"diagonal": self.area(0, far), "same_side": self.area(far, far)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Field) and (self.size, self.corner) == (other.size,
                                                                         other.corner)

    def __hash__(self) -> int:
        return hash((self.size, self.corner))

    def __repr__(self) -> str:
        return f"Field({self.size}, {self.corner})"

    def square(self, file: int, rank: int) -> Square:
        return self.size * rank + file

    def name(self, s: Square) -> str:
        return f"{FILES[s % self.size]}{s // self.size + 1}"

    def on_field(self, file: int, rank: int) -> bool:
        return 0 <= file < self.size and 0 <= rank < self.size

    def _neighbours(self, s: Square) -> tuple[Square, ...]:
        f, r = s % self.size, s // self.size
        return tuple(self.square(f + df, r + dr) for df, dr in DIRECTIONS
                     if self.on_field(f + df, r + dr))

    def _ray(self, s: Square, direction: tuple[int, int]) -> tuple[Square, ...]:
        f, r = s % self.size, s // self.size
        df, dr = direction
        out = []
        while self.on_field(f + df, r + dr):
            f, r = f + df, r + dr
            out.append(self.square(f, r))
        return tuple(out)

    def area(self, file: int, rank: int) -> SquareSet:
        """The corner x corner area whose lowest, leftmost square is at ``file``, ``rank``."""
        return bit_set(self.square(file + i, rank + j)
                       for i in range(self.corner) for j in range(self.corner))

    def starts(self, corners: str) -> tuple[SquareSet, SquareSet]:
        """Where Blue's and White's travellers start."""
        return self.blue_start, self.white_starts[corners]

    def homes(self, corners: str) -> tuple[SquareSet, SquareSet]:
        """Blue's and White's home areas: each is the other's starting corner."""
        blue, white = self.starts(corners)
        return white, blue


FIELD = Field(SIZE, 3)
"""Shoo's field: 9 x 9 squares, home areas 3 x 3 (spec)."""
CENTRE = FIELD.centre
"""e5, where the odd horse stands at the start."""
NEIGHBOURS = FIELD.neighbours
"""``NEIGHBOURS[s]``: the up to 8 squares touching ``s`` (a king's moves), in the order of
:data:`DIRECTIONS`."""
NEIGHBOUR_SETS = FIELD.neighbour_sets
"""``NEIGHBOUR_SETS[s]``: the same as a bit set."""
RAYS = FIELD.rays
"""``RAYS[s][d]``: the squares from ``s`` outwards in direction ``d``, nearest first."""


def corner(file: int, rank: int) -> SquareSet:
    """The 3 x 3 area whose lowest, leftmost square is at ``file``, ``rank``."""
    return FIELD.area(file, rank)


BLUE_START = FIELD.blue_start
"""g1..i3, where Blue's travellers start (spec)."""
WHITE_STARTS = FIELD.white_starts
"""a7..c9 (spec) or, with ``corners = same_side``, g7..i9."""


def starts(corners: str) -> tuple[SquareSet, SquareSet]:
    """Where Blue's and White's travellers start."""
    return FIELD.starts(corners)


def homes(corners: str) -> tuple[SquareSet, SquareSet]:
    """Blue's and White's home areas: each is the other's starting corner.

    >>> [name(s) for s in squares_of(homes("diagonal")[0])][:3]
    ['a7', 'b7', 'c7']
    """
    return FIELD.homes(corners)


FIRST_ROWS = FIELD.first_rows
"""Each player's first row, next to their stable: rank 1 for Blue, rank 9 for White."""
