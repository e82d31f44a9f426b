"""Growing a Sumoku pattern line by line, for hands too big for the complete search (team
and solo sumoku, RULES.md rules 37 to 39, 49).

A *tree pattern* is built from one first line by adding lines that each cross exactly one
tile already laid, at right angles, and touch nothing else: every new cell has empty
neighbours except its own line's (and the cell past each end of the new line is empty). So
each tile lies in one or two lines, every line is a maximal run, and every state is a valid
pattern (each "6" has its one value). :func:`grow` tries, within a budget of *steps* (one
step: a tile tried in a line being built), random restarts of a randomised greedy build —
anchors and tiles in random order, longer lines first — and keeps the pattern with the most
tiles. It proves nothing: a hand it does not lay out whole may still have a layout (not
every pattern is a tree of lines, and the build is not exhaustive).

>>> import numpy as np
>>> from numbergames.solver.sumoku.tiles import parse
>>> from numbergames.solver.sumoku.pattern import check_pattern
>>> hand = [parse(w) for w in "R3 O1 Y6 G5 B7 P2 O2 Y1 R5 R6".split()]
>>> g = grow(hand, 5, rng=np.random.default_rng(0))
>>> g.placed == len(g.layout) and check_pattern(g.layout, 5, pinned=g.pinned()).ok
True
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from numbergames.solver.sumoku.lines import MAX_LINE, MIN_LINE
from numbergames.solver.sumoku.pattern import Cell
from numbergames.solver.sumoku.tiles import NINE, Kind, kind_colour, kind_number, values

GROW_BUDGET = 200_000
"""Steps :func:`grow` may take by default."""
LINE_STEPS = 400
"""Steps one attempt to build one line may take."""


@dataclass(frozen=True)
class Grown:
    """The largest pattern found: cells to kinds, their values, tiles placed, steps used."""

    layout: Mapping[Cell, Kind] = field(default_factory=dict)
    cell_values: Mapping[Cell, int] = field(default_factory=dict)
    placed: int = 0
    steps: int = 0

    def pinned(self) -> dict[Cell, int]:
        return {c: v for c, v in self.cell_values.items() if v == NINE}


class _Builder:
    def __init__(self, key: int, solo: bool, six_is_nine: bool, rng: np.random.Generator,
                 budget: int) -> None:
        self.key, self.solo, self.six, self.rng, self.budget = key, solo, six_is_nine, rng, budget
        self.steps = 0

    def pick(self, pool: list[Kind], first: tuple[Kind, int] | None, size: int
             ) -> list[tuple[Kind, int]] | None:
        """``size`` tiles of ``pool`` (random order) making a valid line with ``first``."""
        order = [int(i) for i in self.rng.permutation(len(pool))]
        chosen: list[tuple[Kind, int]] = [first] if first else []
        need = size - len(chosen)
        limit = self.steps + LINE_STEPS

        def ok(k: Kind) -> bool:
            return all(kind_colour(k) != kind_colour(c) and
                       not (self.solo and kind_number(k) == kind_number(c)) for c, _ in chosen)

        def extend(start: int, left: int, total: int) -> bool:
            if left == 0:
                return total % self.key == 0
            for j in range(start, len(order)):
                self.steps += 1
                if self.steps > limit or self.steps > self.budget:
                    return False
                k = pool[order[j]]
                if not ok(k):
                    continue
                for v in values(k, self.six):
                    chosen.append((k, v))
                    if extend(j + 1, left - 1, total + v):
                        return True
                    chosen.pop()
            return False

        base = first[1] if first else 0
        return chosen[1 if first else 0:] if extend(0, need, base) else None


def _free(board: dict[Cell, tuple[Kind, int]], cell: Cell) -> bool:
    return cell not in board


def _spots(board: dict[Cell, tuple[Kind, int]], anchor: Cell, axis: int, size: int,
           index: int) -> list[Cell] | None:
    """The new cells of a line of ``size`` through ``anchor`` at ``index`` along ``axis``
    (0: a row), if they and their surroundings allow it."""
    r, c = anchor
    step = (0, 1) if axis == 0 else (1, 0)
    side = (1, 0) if axis == 0 else (0, 1)
    cells = [(r + (i - index) * step[0], c + (i - index) * step[1]) for i in range(size)]
    before = (cells[0][0] - step[0], cells[0][1] - step[1])
    after = (cells[-1][0] + step[0], cells[-1][1] + step[1])
    if before in board or after in board:
        return None
    new = [x for x in cells if x != anchor]
    for x in new:
        if x in board:
            return None
        for s in (1, -1):
            if (x[0] + s * side[0], x[1] + s * side[1]) in board:
                return None
    return new


def _open_axes(board: dict[Cell, tuple[Kind, int]], cell: Cell) -> list[int]:
    r, c = cell
    axes = []
    if (r, c - 1) not in board and (r, c + 1) not in board:
        axes.append(0)
    if (r - 1, c) not in board and (r + 1, c) not in board:
        axes.append(1)
    return axes


def _build(hand: Sequence[Kind], b: _Builder, start: Mapping[Cell, tuple[Kind, int]]
           ) -> dict[Cell, tuple[Kind, int]]:
    board = dict(start)
    pool = list(hand)
    if not board:
        for size in range(min(MAX_LINE, len(pool)), MIN_LINE - 1, -1):
            line = b.pick(pool, None, size)
            if line:
                for i, (k, v) in enumerate(line):
                    board[(0, i)] = (k, v)
                    pool.remove(k)
                break
        if not board:
            return board
    while pool and b.steps < b.budget:
        anchors = [(cell, axis) for cell in board for axis in _open_axes(board, cell)]
        order = [int(i) for i in b.rng.permutation(len(anchors))]
        grew = False
        for size in range(min(MAX_LINE, len(pool) + 1), MIN_LINE - 1, -1):
            for a in order:
                cell, axis = anchors[a]
                index = int(b.rng.integers(size))
                spots = _spots(board, cell, axis, size, index)
                if spots is None:
                    continue
                line = b.pick(pool, board[cell], size)
                if line is None:
                    continue
                for x, (k, v) in zip(spots, line):
                    board[x] = (k, v)
                    pool.remove(k)
                grew = True
                break
            if grew or b.steps >= b.budget:
                break
        if not grew:
            break
    return board


def grow(hand: Sequence[Kind], key: int, *, solo: bool = False, six_is_nine: bool = True,
         rng: np.random.Generator, budget: int = GROW_BUDGET,
         start: Mapping[Cell, tuple[Kind, int]] | None = None) -> Grown:
    """The largest tree pattern found using tiles of ``hand`` (extending ``start``, a valid
    pattern of cells to ``(kind, value)``, when given); stops early when every tile lies."""
    if key < 1:
        raise ValueError(f"the key must be positive, got {key}")
    b = _Builder(key, solo, six_is_nine, rng, budget)
    best: dict[Cell, tuple[Kind, int]] = dict(start or {})
    target = len(hand) + len(best)
    while b.steps < budget and len(best) < target:
        before = b.steps
        board = _build(hand, b, start or {})
        if len(board) > len(best):
            best = board
        if b.steps == before:
            break
    return Grown({c: k for c, (k, _) in best.items()}, {c: v for c, (_, v) in best.items()},
                 len(best), b.steps)
