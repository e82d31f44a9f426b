"""The main game's board: a sparse grid of placed tiles, and the totals of its lines.

A cell holds a kind and the value it lies with (RULES.md rules 6, 15): its number, or 6
or 9 for a "6" tile; with ``six_value = per_line`` a "6" lies with the value
:data:`FREE`, and each line reads it as 6 or 9 to suit itself. A line's **total** is then
the largest total some reading makes a multiple of the key (what the line scores).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from numbergames.solver.sumoku.lines import MAX_LINE, MIN_LINE
from numbergames.solver.sumoku.tiles import NINE, SIX, Kind, kind_colour

Cell = tuple[int, int]
FREE = 0
"""The value of a "6" tile that each of its lines reads its own way (``per_line``)."""
INVALID = -1
"""What :func:`line_total` returns for a line that is not valid."""
AXES = ((0, 1), (1, 0))
"""Steps along a row (axis 0) and along a column (axis 1)."""


def line_total(entries: Sequence[tuple[Kind, int]], key: int) -> int:
    """The total of a line of ``(kind, value)`` entries, or :data:`INVALID` (rules 5, 6).

    >>> line_total([(2, 3), (8, 1), (21, 6)], 5), line_total([(2, 3), (8, 1), (21, FREE)], 5)
    (10, 10)
    >>> line_total([(2, 3), (8, 1), (21, 9)], 5), line_total([(2, 3), (3, 4)], 7)
    (-1, -1)
    """
    if not MIN_LINE <= len(entries) <= MAX_LINE:
        return INVALID
    colours = 0
    total = free = 0
    for k, value in entries:
        bit = 1 << kind_colour(k)
        if colours & bit:
            return INVALID
        colours |= bit
        if value == FREE:
            free += 1
        else:
            total += value
    for j in range(free, -1, -1):  # the most nines first: the largest valid total
        candidate = total + NINE * j + SIX * (free - j)
        if candidate % key == 0:
            return candidate
    return INVALID


@dataclass
class Board:
    """Placed tiles by cell, with the bounding box of the pattern."""

    cells: dict[Cell, tuple[Kind, int]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: Cell) -> bool:
        return cell in self.cells

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_row, max_row, min_col, max_col)`` of the placed tiles."""
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return min(rows), max(rows), min(cols), max(cols)

    def touches(self, cell: Cell) -> bool:
        """Whether an orthogonal neighbour of ``cell`` holds a tile."""
        r, c = cell
        return any(n in self.cells for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    def run(self, cell: Cell, axis: int, new: dict[Cell, tuple[Kind, int]]) -> list[Cell]:
        """The maximal run through ``cell`` along ``axis`` over the board and ``new``."""
        dr, dc = AXES[axis]
        r, c = cell
        while (r - dr, c - dc) in self.cells or (r - dr, c - dc) in new:
            r, c = r - dr, c - dc
        out = []
        while (r, c) in self.cells or (r, c) in new:
            out.append((r, c))
            r, c = r + dr, c + dc
        return out

    def entry(self, cell: Cell, new: dict[Cell, tuple[Kind, int]]) -> tuple[Kind, int]:
        return new[cell] if cell in new else self.cells[cell]

    def place(self, tiles: Sequence[tuple[int, int, Kind, int]]) -> None:
        for r, c, k, value in tiles:
            assert (r, c) not in self.cells
            self.cells[(r, c)] = (k, value)

    def items(self) -> Iterator[tuple[Cell, tuple[Kind, int]]]:
        return iter(sorted(self.cells.items()))
