"""The main game's move generator, in plain Python: every legal play of a hand (RULES.md
rules 13 to 19).

A play puts one or more tiles of the hand in one row or column, contiguous with what lies
there, touching the pattern (the first play: one line of 2 to 6 tiles laid as row 0 from
column 0), such that every line it makes or extends is valid. Two copies of a kind are
alike, so a play is made of kinds (one of each at most: a play lies in one line, where no
colour repeats); a "6" tile's value is part of the play (rule 15).

**Canonical order** (the kernel lists the plays in the same order, and the random player
picks by index):

1. On an empty board: lengths 2 to 6; for each, the kinds of the cells from left to right,
   each in ascending kind order and, for a "6", value 6 before 9.
2. Otherwise, first the **single tiles**: the empty cells touching the pattern by row, then
   column; on each, the hand's kinds ascending, values ascending. Then the **runs** of two
   or more new tiles: rows (axis 0) before columns (axis 1); the line (row or column
   number) ascending; the run's first cell ascending; its length ascending, 2 to 6 — each
   a *window* that becomes one whole maximal run (the cells just outside it are empty),
   holds at least two empty cells and touches the pattern; the new tiles are chosen for
   its empty cells in order along the line, as in 1.

A play's score is the total of the run it lies in plus every cross line a new tile makes
or extends (rule 16); a single tile scores its row and column lines, both or the larger
(rule 17, ``single_tile``). It earns a bonus turn when a line it makes or extends has six
tiles (rule 19).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from numbergames.solver.sumoku.board import FREE, INVALID, Board, Cell, line_total
from numbergames.solver.sumoku.lines import MAX_LINE, MIN_LINE
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import NINE, SIX, Kind, is_six, kind_colour, kind_number

Placed = tuple[int, int, Kind, int]
"""A tile of a play: ``(row, column, kind, value)``."""


@dataclass(frozen=True)
class Play:
    """One legal play: its tiles in order along the line, its score and whether it earns a
    bonus turn."""

    tiles: tuple[Placed, ...]
    score: int
    bonus: bool

    @property
    def kinds(self) -> list[Kind]:
        return [k for _, _, k, _ in self.tiles]


def tile_values(k: Kind, rules: SumokuRules) -> tuple[int, ...]:
    """The values a new tile of kind ``k`` may be placed with (rules 2, 6, 15)."""
    if is_six(k) and rules.six_is_nine:
        return (FREE,) if rules.six_value == "per_line" else (SIX, NINE)
    return (kind_number(k),)


def legal_plays(board: Board, hand: Sequence[Kind], key: int,
                rules: SumokuRules) -> list[Play]:
    """Every legal play of ``hand`` (kinds, repeats allowed) on ``board``, in canonical
    order (module docstring)."""
    kinds = sorted(set(hand))
    options = [(k, 1 << kind_colour(k), tile_values(k, rules)) for k in kinds]
    plays: list[Play] = []
    if not board.cells:
        for length in range(MIN_LINE, MAX_LINE + 1):
            _fill_window(board, [(0, c) for c in range(length)], 0, options, key, plays, {})
        return plays
    min_r, max_r, min_c, max_c = board.bounds()
    frontier = sorted({(r + dr, c + dc) for r, c in board.cells
                       for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))} - set(board.cells))
    for cell in frontier:
        for k, _, vals in options:
            for value in vals:
                play = _single(board, cell, k, value, key, rules)
                if play is not None:
                    plays.append(play)
    crosses: dict[tuple[Cell, int], Cross] = {}
    anchors = set(board.cells) | set(frontier)
    most = len({bit for _, bit, _ in options})
    for axis in (0, 1):
        lo, hi = (min_r, max_r) if axis == 0 else (min_c, max_c)
        along_lo, along_hi = (min_c, max_c) if axis == 0 else (min_r, max_r)
        for line in range(lo - 1, hi + 2):
            along = [c if axis == 0 else r for r, c in anchors if (r if axis == 0 else c) == line]
            if not along:
                continue
            for start in range(max(along_lo - MAX_LINE, min(along) - MAX_LINE + 1),
                               min(along_hi + 2, max(along) + 1)):
                for length in range(MIN_LINE, MAX_LINE + 1):
                    window = [(line, start + i) if axis == 0 else (start + i, line)
                              for i in range(length)]
                    if _is_window(board, window, axis, anchors, most):
                        _fill_window(board, window, axis, options, key, plays, crosses)
    return plays


class Cross:
    """The line across a new tile on an empty cell (the tiles beside it on the board, in
    the other direction), with the totals it makes for each tile, computed as asked."""

    __slots__ = ("cells", "length", "totals", "board", "cell", "key")

    def __init__(self, board: Board, cell: Cell, axis: int, key: int) -> None:
        self.cells = board.run(cell, axis, {cell: (0, 0)})
        self.length = len(self.cells)
        self.totals: dict[tuple[Kind, int], int] = {}
        self.board, self.cell, self.key = board, cell, key

    def total(self, k: Kind, value: int) -> int:
        """The cross line's total with tile ``(k, value)`` on the cell, or INVALID."""
        got = self.totals.get((k, value))
        if got is None:
            new = {self.cell: (k, value)}
            got = line_total([self.board.entry(c, new) for c in self.cells], self.key)
            self.totals[(k, value)] = got
        return got


def _is_window(board: Board, window: list[Cell], axis: int, anchors: set[Cell],
               most: int) -> bool:
    """Whether new tiles on the empty cells of ``window`` would make it one whole run of
    the kind a multi-tile play makes: it touches the pattern (holds a tile or an empty cell
    beside one: an *anchor*), the cells just outside are empty, and two or more cells are
    empty — but no more than ``most``, the colours in the hand (a window the hand cannot
    fill has no play; skipping it changes nothing but the time)."""
    if not any(cell in anchors for cell in window):
        return False
    (r0, c0), (r1, c1) = window[0], window[-1]
    before = (r0, c0 - 1) if axis == 0 else (r0 - 1, c0)
    after = (r1, c1 + 1) if axis == 0 else (r1 + 1, c1)
    if before in board or after in board:
        return False
    return 2 <= sum(cell not in board for cell in window) <= most


def _fill_window(board: Board, window: list[Cell], axis: int, options, key: int,
                 plays: list[Play], crosses: dict[tuple[Cell, int], Cross]) -> None:
    """Every assignment of hand kinds to the window's empty cells (in order) whose lines
    are all valid, appended to ``plays``. ``crosses`` caches the cross lines by cell."""
    colours = 0
    for cell in window:
        if cell in board:
            colours |= 1 << kind_colour(board.cells[cell][0])
    empty = [cell for cell in window if cell not in board]
    across = []
    for cell in empty:
        if (cell, axis) not in crosses:
            crosses[(cell, axis)] = Cross(board, cell, 1 - axis, key)
        across.append(crosses[(cell, axis)])
    new: dict[Cell, tuple[Kind, int]] = {}
    cross_totals: list[int] = []
    cross_six: list[bool] = []

    def fill(i: int, used: int) -> None:
        if i == len(empty):
            total = line_total([board.entry(c, new) for c in window], key)
            if total == INVALID:
                return
            tiles = tuple((r, c, *new[(r, c)]) for r, c in empty)
            bonus = len(window) == MAX_LINE or any(cross_six)
            plays.append(Play(tiles, total + sum(cross_totals), bonus))
            return
        cell, cross = empty[i], across[i]
        for k, bit, vals in options:
            if used & bit:
                continue
            for value in vals:
                new[cell] = (k, value)
                if cross.length >= MIN_LINE:
                    t = cross.total(k, value)
                    if t == INVALID:
                        continue
                    cross_totals.append(t)
                    cross_six.append(cross.length == MAX_LINE)
                    fill(i + 1, used | bit)
                    cross_totals.pop()
                    cross_six.pop()
                else:
                    fill(i + 1, used | bit)
            new.pop(cell, None)

    fill(0, colours)


def _single(board: Board, cell: Cell, k: Kind, value: int, key: int,
            rules: SumokuRules) -> Play | None:
    """The play of one tile on ``cell`` (which touches the pattern), or None if illegal."""
    new = {cell: (k, value)}
    totals = []
    six = False
    for axis in (0, 1):
        run = board.run(cell, axis, new)
        if len(run) >= MIN_LINE:
            t = line_total([board.entry(c, new) for c in run], key)
            if t == INVALID:
                return None
            totals.append(t)
            six = six or len(run) == MAX_LINE
    score = sum(totals) if rules.single_tile == "both" else max(totals)
    return Play(((cell[0], cell[1], k, value),), score, six)
