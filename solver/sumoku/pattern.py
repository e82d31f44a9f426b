"""Whole Sumoku patterns: find the lines, and validate a pattern (RULES.md rules 4 to 7).

A **pattern** maps grid cells ``(row, column)`` to kinds (:mod:`numbergames.solver.sumoku.tiles`). A
pattern is valid when its tiles are connected, every tile lies in a line (a maximal run of
two or more tiles in a row or a column), every line is valid (:mod:`numbergames.solver.sumoku.lines`),
and — with one value per "6" tile (``six_value = per_tile``) — there is one value for each
"6" tile that makes both its lines add up. :func:`check_pattern` finds those values by
backtracking over the "6" tiles in cell order, checking each line as soon as all its "6"
tiles have values.

Patterns are written as text, one row a line, tiles as colour letter and number separated
by spaces, ``.`` an empty cell; ``G9`` is a "6" lying as a 9 (its value then pinned).

>>> p, pinned = parse_pattern('''
...   R3 O1 Y6
...   .  G7 .
...   .  B2 .  ''')
>>> check_pattern(p, 5, pinned=pinned).ok, sorted(lines(p))
(True, [((0, 0), (0, 1), (0, 2)), ((0, 1), (1, 1), (2, 1))])
>>> check_pattern(p, 4).reason
'line R3 O1 Y6 adds up to 10 or 13, not a multiple of 4'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from numbergames.solver.notation import plain_text
from numbergames.solver.sumoku.lines import MAX_LINE, MIN_LINE, distinct
from numbergames.solver.sumoku.tiles import NINE, SIX, Kind, is_six, kind_number, parse_placed, text

Cell = tuple[int, int]
Pattern = Mapping[Cell, Kind]
Line = tuple[Cell, ...]

EMPTY = "."
"""An empty cell in a pattern's text."""


def runs(cells: Iterable[Cell]) -> list[Line]:
    """Every maximal run of adjacent occupied cells in a row or a column, one tile long
    included: rows first (by row, then column), then columns (by column, then row).

    >>> runs([(0, 0), (0, 1), (1, 1), (0, 3)])
    [((0, 0), (0, 1)), ((0, 3),), ((1, 1),), ((0, 0),), ((0, 1), (1, 1)), ((0, 3),)]
    """
    occupied = set(cells)
    found: list[Line] = []
    for axis in (0, 1):
        ordered = sorted(occupied, key=lambda c: (c[axis], c[1 - axis]))
        run: list[Cell] = []
        for cell in ordered:
            if run and run[-1][axis] == cell[axis] and run[-1][1 - axis] + 1 == cell[1 - axis]:
                run.append(cell)
            else:
                if run:
                    found.append(tuple(run))
                run = [cell]
        if run:
            found.append(tuple(run))
    return found


def lines(cells: Iterable[Cell]) -> list[Line]:
    """The lines of a pattern: its runs of two or more tiles (rule 4)."""
    return [run for run in runs(cells) if len(run) >= MIN_LINE]


def connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells are one orthogonally connected group (an empty set is not)."""
    left = set(cells)
    if not left:
        return False
    stack = [left.pop()]
    while stack:
        r, c = stack.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in left:
                left.remove(near)
                stack.append(near)
    return not left


@dataclass(frozen=True)
class Verdict:
    """Whether a pattern is valid; if not, the first reason found; if so, the value of
    every "6" tile (one per tile, or with ``six_value = per_line`` the value in each line)."""

    ok: bool
    reason: str = ""
    values: Mapping[Cell, int] = field(default_factory=dict)
    """With one value per tile: the value (6 or 9) of each "6" tile's cell."""


def _words(pattern: Pattern, line: Line) -> str:
    return " ".join(text(pattern[cell]) for cell in line)


def check_pattern(pattern: Pattern, key: int, *, solo: bool = False, six_is_nine: bool = True,
                  six_value: str = "per_tile", pinned: Mapping[Cell, int] | None = None
                  ) -> Verdict:
    """Validate a whole pattern (rule 7). ``pinned`` fixes the value of some "6" tiles
    (a "6" written as 9, or one already lying on the table)."""
    pinned = dict(pinned or {})
    if not connected(pattern):
        return Verdict(False, "the tiles are not connected" if pattern else "no tiles")
    found = lines(pattern)
    in_line = {cell for line in found for cell in line}
    alone = [cell for cell in sorted(pattern) if cell not in in_line]
    if alone:
        return Verdict(False, f"tile {text(pattern[alone[0]])} at {alone[0]} is in no line")
    for line in found:
        if len(line) > MAX_LINE:
            return Verdict(False, f"line {_words(pattern, line)} has {len(line)} tiles, "
                                  f"more than {MAX_LINE}")
        if not distinct([pattern[c] for c in line], solo):
            what = "colour or number" if solo else "colour"
            return Verdict(False, f"line {_words(pattern, line)} repeats a {what}")
    sixes = [c for c in sorted(pattern) if is_six(pattern[c]) and six_is_nine
             and c not in pinned]
    fixed = {c: pinned.get(c, kind_number(k)) for c, k in pattern.items()}
    if six_value == "per_line":
        for line in found:
            free = [c for c in line if c in sixes]
            base = sum(fixed[c] for c in line if c not in free)
            if not any((base + SIX * len(free) + (NINE - SIX) * j) % key == 0
                       for j in range(len(free) + 1)):
                return Verdict(False, _not_multiple(pattern, line, base, len(free), key))
        return Verdict(True)
    values = _solve_sixes(found, sixes, fixed, key)
    if values is None:
        for line in found:  # a line no reading of its sixes saves, else the sixes' clash
            free = [c for c in line if c in sixes]
            base = sum(fixed[c] for c in line if c not in free)
            if not any((base + SIX * len(free) + (NINE - SIX) * j) % key == 0
                       for j in range(len(free) + 1)):
                return Verdict(False, _not_multiple(pattern, line, base, len(free), key))
        return Verdict(False, "no one value (6 or 9) for each \"6\" tile makes both its "
                              f"lines multiples of {key}")
    return Verdict(True, values={c: values.get(c, fixed[c]) for c in sorted(pattern)
                                 if is_six(pattern[c])})


def _not_multiple(pattern: Pattern, line: Line, base: int, free: int, key: int) -> str:
    totals = [base + SIX * free + (NINE - SIX) * j for j in range(free + 1)]
    said = " or ".join(str(t) for t in totals)
    return f"line {_words(pattern, line)} adds up to {said}, not a multiple of {key}"


def _solve_sixes(found: list[Line], sixes: list[Cell], fixed: Mapping[Cell, int],
                 key: int) -> dict[Cell, int] | None:
    """One value per free "6" cell making every line a multiple of ``key``, or None."""
    order = {cell: i for i, cell in enumerate(sixes)}
    # each line is checked when its last free six (in order) gets a value
    due: list[list[Line]] = [[] for _ in range(len(sixes) + 1)]
    for line in found:
        last = max((order[c] + 1 for c in line if c in order), default=0)
        due[last].append(line)
    chosen: dict[Cell, int] = {}

    def good(lines_due: list[Line]) -> bool:
        return all(sum(chosen.get(c, fixed[c]) for c in line) % key == 0 for line in lines_due)

    def assign(i: int) -> bool:
        if i == len(sixes):
            return True
        for value in (SIX, NINE):
            chosen[sixes[i]] = value
            if good(due[i + 1]) and assign(i + 1):
                return True
        del chosen[sixes[i]]
        return False

    if not good(due[0]):
        return None
    return dict(chosen) if assign(0) else None


def parse_pattern(source: str) -> tuple[dict[Cell, Kind], dict[Cell, int]]:
    """``(pattern, pinned)`` from a pattern's text (module docstring); ValueError with one
    line for a bad tile, a tile twice or an empty pattern.

    Rows are rows: blank lines before the first row and after the last are not rows, but an
    empty row between two rows is one (its cells are empty), so the tiles below it are two
    rows down, not one.

    >>> sorted(parse_pattern("R3 O2\\n\\nB2")[0])
    [(0, 0), (0, 1), (2, 0)]
    """
    pattern: dict[Cell, Kind] = {}
    pinned: dict[Cell, int] = {}
    seen: dict[Kind, int] = {}
    rows = plain_text(source, "pattern").split("\n")  # no other character breaks a row
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    for r, row in enumerate(rows):
        for c, word in enumerate(row.split()):
            if word == EMPTY:
                continue
            k, value = parse_placed(word)
            seen[k] = seen.get(k, 0) + 1
            if seen[k] > 2:
                raise ValueError(f"tile {text(k)} appears more than twice (there are two)")
            pattern[(r, c)] = k
            if value == NINE:
                pinned[(r, c)] = NINE
    if not pattern:
        raise ValueError("the pattern has no tiles")
    return pattern, pinned


def format_pattern(pattern: Pattern, values: Mapping[Cell, int] | None = None) -> str:
    """A pattern as text (``parse_pattern``'s format), a "6" lying as 9 written ``9``.

    >>> print(format_pattern({(0, 0): 45, (0, 1): 3, (1, 1): 10}, {(0, 0): 9}))
    P9 R4
    .  O3
    """
    values = values or {}
    rows = [r for r, _ in pattern]
    cols = [c for _, c in pattern]
    out = []
    for r in range(min(rows), max(rows) + 1):
        words = []
        for c in range(min(cols), max(cols) + 1):
            k = pattern.get((r, c))
            if k is None:
                words.append(EMPTY + " ")
            else:
                word = text(k)
                if values.get((r, c)) == NINE:
                    word = word[0] + str(NINE)
                words.append(word)
        out.append(" ".join(words).rstrip())
    return "\n".join(out)
