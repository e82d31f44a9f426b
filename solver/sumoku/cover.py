"""A quick proof that a hand has no layout: no family of lines covers it (RULES.md rule 47).

In a pattern every tile lies in one or two lines (its row's and its column's), a row line
and a column line share at most one tile, and the lines are connected through the tiles
they share (the pattern is connected). So if no family of valid lines made of the hand's
tiles (rules 5, 39; here each "6" may read 6 or 9 in each line, looser than rule 6) has

* every tile in one or two lines,
* any two lines sharing at most one tile,
* the lines connected through shared tiles,

then the hand has no layout. :func:`covered` searches for such a family: it covers the first
uncovered tile with each line through it in turn, and once every tile is covered it joins
the groups of lines with further lines (in line order), each touching two groups. The
geometry (where the lines lie) is ignored, so a family found does not mean a layout exists;
a family missing is a proof that none does.

>>> from numbergames.solver.sumoku.tiles import parse
>>> covered([parse(w) for w in "R1 R4 O5".split()], 5)           # R4 O5 leaves R1 alone
False
>>> covered([parse(w) for w in "R3 O1 Y6 G7 B2".split()], 5)
True
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from numbergames.solver.sumoku.lines import MAX_LINE, MIN_LINE, line_valid
from numbergames.solver.sumoku.tiles import Kind

COVER_BUDGET = 200_000
"""Steps the cover search may take; past it the hand counts as covered (not disproved)."""


def valid_lines(hand: Sequence[Kind], key: int, solo: bool = False,
                six_is_nine: bool = True) -> list[int]:
    """Every valid line of the hand's tiles, as a bit mask of tile positions."""
    found = []
    for size in range(MIN_LINE, min(MAX_LINE, len(hand)) + 1):
        for picked in combinations(range(len(hand)), size):
            if line_valid([hand[i] for i in picked], key, solo=solo, six_is_nine=six_is_nine):
                found.append(sum(1 << i for i in picked))
    return found


def _groups(chosen: list[int]) -> list[int]:
    """The tiles of each group of lines connected through shared tiles, as bit masks."""
    groups: list[int] = []
    for line in chosen:
        merged = line
        rest = []
        for g in groups:
            if g & merged:
                merged |= g
            else:
                rest.append(g)
        groups = [*rest, merged]
    return groups


def covered(hand: Sequence[Kind], key: int, *, solo: bool = False, six_is_nine: bool = True,
            budget: int = COVER_BUDGET) -> bool:
    """False when no family of lines covers the hand (a proof: no layout); True when one
    does, or the search ran out of its budget."""
    n = len(hand)
    if n < MIN_LINE:
        return False
    lines = valid_lines(hand, key, solo, six_is_nine)
    through = [[line for line in lines if line >> i & 1] for i in range(n)]
    count = [0] * n
    chosen: list[int] = []
    steps = 0

    def fits(line: int) -> bool:
        return (line not in chosen and all(count[i] < 2 for i in range(n) if line >> i & 1)
                and all((line & c).bit_count() <= 1 for c in chosen))

    def use(line: int, sign: int) -> None:
        for i in range(n):
            if line >> i & 1:
                count[i] += sign
        if sign > 0:
            chosen.append(line)
        else:
            chosen.pop()

    def extend(start: int) -> bool:
        nonlocal steps
        steps += 1
        if steps > budget:
            return True
        bare = next((i for i in range(n) if count[i] == 0), None)
        if bare is not None:
            options = through[bare]
        else:
            groups = _groups(chosen)
            if len(groups) == 1:
                return True
            options = [line for line in lines[start:]
                       if sum(1 for g in groups if g & line) >= 2]
        for line in options:
            if fits(line):
                use(line, 1)
                if extend(lines.index(line) + 1 if bare is None else start):
                    return True
                use(line, -1)
        return False

    return extend(0)
