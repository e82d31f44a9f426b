"""Sumoku's lines: the readable reference of what makes a line valid (RULES.md rules 5, 6,
39). The kernel ``cext/sumoku/lines.pyx`` decides the same, fast, and is tested against it.

A line is given by its tiles' kinds (:mod:`numbergames.solver.sumoku.tiles`). It is valid when it has
:data:`MIN_LINE` to :data:`MAX_LINE` tiles, no colour twice (in solo sumoku no number twice
either) and a sum that is a multiple of the key, where each "6" may count as 6 or 9:
``s`` sixes add ``3 * j`` for some ``j`` in ``0..s`` to the face total.

>>> from numbergames.solver.sumoku.tiles import parse
>>> line_valid([parse(w) for w in ("R3", "O1", "Y6")], 5)          # 3 + 1 + 6 = 10
True
>>> line_valid([parse(w) for w in ("R3", "O1", "Y6", "G5")], 5)    # 15, or 18 with a 9
True
>>> line_valid([parse(w) for w in ("R3", "R1", "Y6")], 5)          # red twice
False
"""
from __future__ import annotations

from collections.abc import Sequence

from numbergames.solver.sumoku.tiles import NINE, SIX, Kind, is_six, kind_colour, kind_number

MIN_LINE = 2
"""A line has 2 to 6 tiles (rule 4)."""
MAX_LINE = 6


def distinct(kinds: Sequence[Kind], solo: bool = False) -> bool:
    """No colour twice (rule 5), and in solo sumoku no number twice (rule 39)."""
    colours = [kind_colour(k) for k in kinds]
    if len(set(colours)) != len(colours):
        return False
    if solo:
        numbers = [kind_number(k) for k in kinds]
        return len(set(numbers)) == len(numbers)
    return True


def line_sums(kinds: Sequence[Kind], six_is_nine: bool = True) -> list[int]:
    """Every total the line can have, each "6" counting 6 or 9, smallest first.

    >>> from numbergames.solver.sumoku.tiles import parse
    >>> line_sums([parse("R6"), parse("O6"), parse("Y1")]), line_sums([parse("R6")], False)
    ([13, 16, 19], [6])
    """
    base = sum(kind_number(k) for k in kinds)
    sixes = sum(is_six(k) for k in kinds) if six_is_nine else 0
    return [base + (NINE - SIX) * j for j in range(sixes + 1)]


def line_valid(kinds: Sequence[Kind], key: int, *, solo: bool = False,
               six_is_nine: bool = True) -> bool:
    """Whether the tiles make a valid line for some reading of its "6" tiles (rules 5, 6)."""
    if not MIN_LINE <= len(kinds) <= MAX_LINE or not distinct(kinds, solo):
        return False
    return any(total % key == 0 for total in line_sums(kinds, six_is_nine))


def placed_line_valid(kinds: Sequence[Kind], values: Sequence[int], key: int, *,
                      solo: bool = False) -> bool:
    """Whether tiles lying with the given values (a "6" as 6 or 9) make a valid line.

    >>> from numbergames.solver.sumoku.tiles import parse
    >>> placed_line_valid([parse("R5"), parse("O6"), parse("Y1")], [5, 9, 1], 5)
    True
    >>> placed_line_valid([parse("R5"), parse("O6"), parse("Y1")], [5, 6, 1], 5)
    False
    """
    if not MIN_LINE <= len(kinds) <= MAX_LINE or not distinct(kinds, solo):
        return False
    return sum(values) % key == 0


ENCODED_MAX = 8
"""The most tiles :func:`encode` packs (one byte each): enough to say that a run of 7 or 8
tiles is too long."""


def encode(kinds: Sequence[Kind]) -> int:
    """A line as one 64-bit word for the kernel: byte ``i`` holds ``kinds[i] + 1``, the
    bytes after the last tile are 0 (so the word's length is its non-zero bytes).

    >>> hex(encode([0, 47])), encode([])
    ('0x3001', 0)
    """
    if len(kinds) > ENCODED_MAX:
        raise ValueError(f"a line word holds at most {ENCODED_MAX} tiles")
    word = 0
    for i, k in enumerate(kinds):
        word |= (k + 1) << (8 * i)
    return word
