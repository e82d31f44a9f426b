"""Sumoku's layout search: lay a hand out as one valid pattern using every tile, or prove
that no such pattern exists (RULES.md rules 4 to 7, 39, 47). The readable reference; the
kernel ``cext/sumoku/layout.pyx`` runs the same search, node for node, fast.

**The search.** A pattern of ``n`` tiles spans ``H`` rows and ``W`` columns with
``W + H - 1 <= n`` (it is connected). Up to transposition ``W <= H``, so the search tries
each width ``W = 1, 2, ...`` while ``W + W - 1 <= n``, and within a width fills the cells of
an open-ended ``W``-column strip (widths in the order of :func:`widths`) in reading order (row by row, left to right). Each cell is
decided once: a tile of one of the kinds left in the hand (copies of a kind are alike,
rule 25), laid as each of its values (a "6" as 6 or 9, rule 6: one value in both its
lines), or empty. Pruning, all sound:

* a tile laid next to the tiles on its left or above may not repeat a colour (in solo, a
  number) of the run it joins, nor make a run longer than 6 — runs only grow;
* a run is final when the cell after it is decided empty (or the strip's edge): a final run
  of 2 or more must add up to a multiple of the key; a final column run of 1 tile needs a
  row neighbour (its row is already decided), so every tile lies in a line;
* when a row is finished, every group of connected tiles must touch it unless it is the
  only group (rows above can never be reached again); a row with no tile ends the pattern;
* the pattern must reach the strip's first and last column, its top row must hold a tile,
  and it must be at least ``W`` rows tall (its transpose has the smaller width), which
  bounds the rows: ``row + 1 + tiles left >= W``; the tiles left must be at least the
  columns still without a tile.

When every tile is laid the rest of the strip is decided empty (closing the last runs)
and the pattern is checked whole. Every cell set of every width is reached, so a hand none
of whose widths yields a pattern has none (**proven impossible**). The search counts its
nodes (cells decided) and **gives up** past a budget.

>>> from numbergames.solver.sumoku.tiles import parse
>>> hand = [parse(w) for w in "R3 O1 Y6 G7 B2".split()]
>>> found = search(hand, 5)
>>> found.status, check_pattern(found.layout, 5, pinned=found.pinned()).ok
('found', True)
>>> search([parse("R1"), parse("R4")], 5).status           # one colour twice: no line
'impossible'
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from numbergames.solver.progress import reporter
from numbergames.solver.sumoku.cover import covered
from numbergames.solver.sumoku.lines import MAX_LINE
from numbergames.solver.sumoku.pattern import Cell, check_pattern, format_pattern
from numbergames.solver.sumoku.tiles import NINE, NKINDS, Kind, kind_colour, kind_number, values

FOUND = "found"
"""A pattern using every tile was found (and passes ``check_pattern``)."""
IMPOSSIBLE = "impossible"
"""The complete search proved that no pattern uses every tile."""
GAVE_UP = "gave_up"
"""The search reached its node budget undecided."""
STATUSES = (FOUND, IMPOSSIBLE, GAVE_UP)
DEFAULT_BUDGET = 2_000_000
"""Nodes (cells decided) a search may spend before it gives up."""
EMPTY = -1


@dataclass(frozen=True)
class Layout:
    """What a search decided: ``status`` (:data:`STATUSES`), the pattern found (cells to
    kinds) with the value of each tile (a "6" 6 or 9), and the nodes it searched."""

    status: str
    layout: Mapping[Cell, Kind] = field(default_factory=dict)
    cell_values: Mapping[Cell, int] = field(default_factory=dict)
    nodes: int = 0
    proof: str = ""
    """How an impossible hand was proven so: ``search`` (the strip search ran out of
    cells) or ``cover`` (no family of lines covers it, :mod:`numbergames.solver.sumoku.cover`)."""

    def pinned(self) -> dict[Cell, int]:
        """The "6" tiles that lie as 9, for ``check_pattern``'s ``pinned``."""
        return {c: v for c, v in self.cell_values.items() if v == NINE}

    def text(self) -> str:
        """The pattern as text (``pattern.format_pattern``), "6" tiles lying as 9 as ``9``."""
        return format_pattern(self.layout, self.pinned()) if self.layout else ""


class _GiveUp(Exception):
    pass


class _Strip:
    """One width's search: the strip's cells in reading order, the hand's kinds left."""

    def __init__(self, counts: list[int], n: int, width: int, key: int, solo: bool,
                 six_is_nine: bool, budget: int, nodes: int) -> None:
        self.counts, self.n, self.w, self.key = counts, n, width, key
        self.solo, self.six_is_nine, self.budget, self.nodes = solo, six_is_nine, budget, nodes
        self.rows = n - width + 2          # the tallest pattern, plus one row to close it
        self.kind = [EMPTY] * (self.rows * width)
        self.value = [0] * (self.rows * width)
        self.in_column = [0] * width       # tiles laid in each column

    # -- cells ---------------------------------------------------------------------------
    def at(self, r: int, c: int) -> int:
        if r < 0 or c < 0 or c >= self.w:
            return EMPTY
        return self.kind[r * self.w + c]

    def run_back(self, r: int, c: int, dr: int, dc: int) -> Iterator[int]:
        """The cells of the run ending at (r, c) going back by (dr, dc), nearest first."""
        while self.at(r, c) != EMPTY:
            yield r * self.w + c
            r, c = r - dr, c - dc

    def joins(self, r: int, c: int, k: Kind) -> bool:
        """Whether kind ``k`` at (r, c) keeps the runs on its left and above distinct."""
        for dr, dc in ((0, 1), (1, 0)):
            cells = list(self.run_back(r - dr, c - dc, dr, dc))
            if len(cells) + 1 > MAX_LINE:
                return False
            for p in cells:
                if kind_colour(self.kind[p]) == kind_colour(k):
                    return False
                if self.solo and kind_number(self.kind[p]) == kind_number(k):
                    return False
        return True

    def closes(self, r: int, c: int) -> bool:
        """Whether the runs that (r, c) being empty makes final are good."""
        row = list(self.run_back(r, c - 1, 0, 1))
        if len(row) >= 2 and sum(self.value[p] for p in row) % self.key:
            return False
        col = list(self.run_back(r - 1, c, 1, 0))
        if len(col) >= 2 and sum(self.value[p] for p in col) % self.key:
            return False
        if len(col) == 1 and self.at(r - 1, c - 1) == EMPTY and self.at(r - 1, c + 1) == EMPTY:
            return False                   # a tile alone in its row and its column
        return True

    def row_done(self, r: int) -> bool:
        """After row ``r``: the row's end closes its last run, and the groups still hold."""
        row = list(self.run_back(r, self.w - 1, 0, 1))
        if len(row) >= 2 and sum(self.value[p] for p in row) % self.key:
            return False
        if all(self.at(r, c) == EMPTY for c in range(self.w)):
            return r > 0 and self.placed() == self.n  # an empty row ends the pattern
        groups = self.groups(r)
        return len(groups) == 1 or all(any(p // self.w == r for p in g) for g in groups)

    def placed(self) -> int:
        return sum(k != EMPTY for k in self.kind)

    def groups(self, last: int) -> list[set[int]]:
        """The connected groups of tiles in rows ``0..last``."""
        left = {p for p in range(min(len(self.kind), (last + 1) * self.w))
                if self.kind[p] != EMPTY}
        found = []
        while left:
            stack = [left.pop()]
            group = set(stack)
            while stack:
                p = stack.pop()
                r, c = divmod(p, self.w)
                for q, ok in ((p - self.w, r > 0), (p + self.w, True),
                              (p - 1, c > 0), (p + 1, c < self.w - 1)):
                    if ok and q in left:
                        left.remove(q)
                        group.add(q)
                        stack.append(q)
            found.append(group)
        return found

    # -- the search ----------------------------------------------------------------------
    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _GiveUp

    def decide(self, pos: int, left: int) -> bool:
        """Decide cell ``pos`` and every later one; True when a pattern is found."""
        r, c = divmod(pos, self.w)
        if left == 0:
            return self.finish(pos)
        if (r >= self.rows - 1 or r + 1 + left < self.w
                or self.in_column.count(0) > left):
            return False
        for k in range(NKINDS):
            if not self.counts[k] or not self.joins(r, c, k):
                continue
            self.counts[k] -= 1
            self.in_column[c] += 1
            self.kind[pos] = k
            for v in values(k, self.six_is_nine):
                self.tick()
                self.value[pos] = v
                if self.after(pos, left - 1):
                    return True
            self.kind[pos] = EMPTY
            self.value[pos] = 0
            self.in_column[c] -= 1
            self.counts[k] += 1
        self.tick()
        return self.closes(r, c) and self.after(pos, left)

    def after(self, pos: int, left: int) -> bool:
        r, c = divmod(pos, self.w)
        if c == self.w - 1 and not self.row_done(r):
            return False
        return self.decide(pos + 1, left)

    def finish(self, pos: int) -> bool:
        """Every tile is laid: the rest of this row and the next are empty."""
        end = (pos // self.w + 2) * self.w
        for p in range(pos, min(end, len(self.kind))):
            r, c = divmod(p, self.w)
            if not self.closes(r, c) or (c == self.w - 1 and not self.row_done(r)):
                return False
        cols = {p % self.w for p, k in enumerate(self.kind) if k != EMPTY}
        height = max(p for p, k in enumerate(self.kind) if k != EMPTY) // self.w + 1
        return (0 in cols and self.w - 1 in cols and height >= self.w
                and len(self.groups(self.rows - 1)) == 1)


QUICK_BUDGET = 100_000
"""Nodes of the first, quick try of the strip search, before the cover proof."""
COVER_MAX = 16
"""The largest hand the cover proof (:mod:`numbergames.solver.sumoku.cover`) is tried on."""


def widths(n: int) -> list[int]:
    """The strip widths for ``n`` tiles, in the order tried: widest first, except the
    widest of all (``W + W - 1 = n`` or ``n - 1``, nearly a tree of lines: slow to rule
    out), which comes last.

    >>> widths(10), widths(3)
    ([4, 3, 2, 1, 5], [2, 1])
    """
    top = (n + 1) // 2
    return sorted(range(1, top + 1), key=lambda w: (w == top and top > 2, -w))


def _counts(hand: Sequence[Kind], key: int) -> list[int]:
    if key < 1:
        raise ValueError(f"the key must be positive, got {key}")
    counts = [0] * NKINDS
    for k in hand:
        if not 0 <= k < NKINDS:
            raise ValueError(f"no tile kind {k}")
        counts[k] += 1
    return counts


def strip_search(hand: Sequence[Kind], key: int, *, solo: bool = False,
                 six_is_nine: bool = True, budget: int = DEFAULT_BUDGET) -> Layout:
    """The strip search alone (module docstring), widths in turn, one budget for all."""
    n = len(hand)
    counts = _counts(hand, key)
    nodes = 0
    if n >= 2:
        for width in widths(n):
            strip = _Strip(counts, n, width, key, solo, six_is_nine, budget, nodes)
            try:
                found = strip.decide(0, n)
            except _GiveUp:
                return Layout(GAVE_UP, nodes=budget)
            nodes = strip.nodes
            if found:
                cells = {divmod(p, width): k for p, k in enumerate(strip.kind) if k != EMPTY}
                vals = {divmod(p, width): strip.value[p] for p, k in enumerate(strip.kind)
                        if k != EMPTY}
                return Layout(FOUND, cells, vals, nodes)
    return Layout(IMPOSSIBLE, nodes=nodes, proof="search")


def kernel_strip_search(hand: Sequence[Kind], key: int, *, solo: bool = False,
                        six_is_nine: bool = True, budget: int = DEFAULT_BUDGET) -> Layout:
    """:func:`strip_search` by the kernel ``cext/sumoku/layout.pyx``: the same result (and
    the nodes searched told to a listener, :mod:`numbergames.solver.progress`)."""
    from numbergames.cext.sumoku.layout import search_kinds

    _counts(hand, key)
    status, cells, nodes = search_kinds(
        list(hand), key, solo, six_is_nine, budget, widths(len(hand)),
        reporter(lambda done: f"layout search: {done:,} of at most {budget:,} nodes"))
    return Layout(STATUSES[status], {(r, c): k for r, c, k, _ in cells},
                  {(r, c): v for r, c, _, v in cells}, nodes,
                  "search" if STATUSES[status] == IMPOSSIBLE else "")


def search(hand: Sequence[Kind], key: int, *, solo: bool = False, six_is_nine: bool = True,
           budget: int = DEFAULT_BUDGET, kernel: bool = False) -> Layout:
    """Lay out every tile of ``hand`` (kinds) as one valid pattern on ``key``: the strip
    search with :data:`QUICK_BUDGET` nodes; if undecided, the cover proof (hands of up to
    :data:`COVER_MAX` tiles); if that proves nothing, the strip search again with
    ``budget`` nodes. ``kernel``: the strip search by the kernel (the same answers)."""
    run = kernel_strip_search if kernel else strip_search
    quick = run(hand, key, solo=solo, six_is_nine=six_is_nine, budget=min(budget, QUICK_BUDGET))
    if quick.status != GAVE_UP or budget <= QUICK_BUDGET:
        return quick
    if len(hand) <= COVER_MAX and not covered(hand, key, solo=solo, six_is_nine=six_is_nine):
        return Layout(IMPOSSIBLE, nodes=quick.nodes, proof="cover")
    full = run(hand, key, solo=solo, six_is_nine=six_is_nine, budget=budget)
    return dataclasses.replace(full, nodes=full.nodes + quick.nodes)


def fast_search(hand: Sequence[Kind], key: int, *, solo: bool = False,
                six_is_nine: bool = True, budget: int = DEFAULT_BUDGET) -> Layout:
    """:func:`search` with the kernel's strip search."""
    return search(hand, key, solo=solo, six_is_nine=six_is_nine, budget=budget, kernel=True)


def verify(result: Layout, key: int, *, solo: bool = False, six_is_nine: bool = True) -> bool:
    """Whether a found layout passes the whole-pattern validator with its values."""
    return check_pattern(result.layout, key, solo=solo, six_is_nine=six_is_nine,
                         pinned={c: v for c, v in result.cell_values.items()}).ok
