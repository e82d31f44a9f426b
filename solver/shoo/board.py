"""The field of Shoo: 81 squares, their names, neighbours and lines, and the areas.

A square is an int ``9 * rank + file``: rank 0..8 is rows 1..9 seen from Blue's side, file
0..8 is columns a..i, so ``a1`` is 0, ``i1`` is 8 and ``i9`` is 80 (spec: "squares are named
a1..i9 from Blue's side, a1 bottom left"). Sets of squares are Python ints used as bit sets
(bit ``s`` for square ``s``), as python-chess's ``Bitboard``; the tables below are built once
at import from the readable functions above them, and a kernel's tables are checked
against them.

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
CENTRE = 4 * SIZE + 4
"""e5, where the odd horse stands at the start."""

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


def _on_field(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def _neighbours(s: Square) -> tuple[Square, ...]:
    f, r = s % SIZE, s // SIZE
    return tuple(square(f + df, r + dr) for df, dr in DIRECTIONS if _on_field(f + df, r + dr))


def _ray(s: Square, direction: tuple[int, int]) -> tuple[Square, ...]:
    f, r = s % SIZE, s // SIZE
    df, dr = direction
    out = []
    while _on_field(f + df, r + dr):
        f, r = f + df, r + dr
        out.append(square(f, r))
    return tuple(out)


NEIGHBOURS: tuple[tuple[Square, ...], ...] = tuple(_neighbours(s) for s in range(SQUARES))
"""``NEIGHBOURS[s]``: the up to 8 squares touching ``s`` (a king's moves), ascending."""
NEIGHBOUR_SETS: tuple[SquareSet, ...] = tuple(bit_set(n) for n in NEIGHBOURS)
"""``NEIGHBOUR_SETS[s]``: the same as a bit set."""
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(_ray(s, d) for d in DIRECTIONS) for s in range(SQUARES))
"""``RAYS[s][d]``: the squares from ``s`` outwards in direction ``d``, nearest first."""


def corner(file: int, rank: int) -> SquareSet:
    """The 3 x 3 area whose lowest, leftmost square is at ``file``, ``rank``."""
    return bit_set(square(file + i, rank + j) for i in range(3) for j in range(3))


BLUE_START = corner(6, 0)
"""g1..i3, where Blue's travellers start (spec)."""
WHITE_STARTS = {"diagonal": corner(0, 6), "same_side": corner(6, 6)}
"""a7..c9 (spec) or, with ``corners = same_side``, g7..i9."""


def starts(corners: str) -> tuple[SquareSet, SquareSet]:
    """Where Blue's and White's travellers start."""
    return BLUE_START, WHITE_STARTS[corners]


def homes(corners: str) -> tuple[SquareSet, SquareSet]:
    """Blue's and White's home areas: each is the other's starting corner.

    >>> [name(s) for s in squares_of(homes("diagonal")[0])][:3]
    ['a7', 'b7', 'c7']
    """
    blue, white = starts(corners)
    return white, blue


FIRST_ROWS = (bit_set(range(SIZE)), bit_set(range(SQUARES - SIZE, SQUARES)))
"""Each player's first row, next to their stable: rank 1 for Blue, rank 9 for White."""
