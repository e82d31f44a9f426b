"""Sumoku's tiles and key die (RULES.md rules 1 to 3, 25).

Hot-path types are plain ints with names. A **tile** is one of the 96 physical tiles,
``0..95``: colour ``t // 16``, number ``(t % 16) // 2 + 1``, copy ``t % 2``. A **kind** is a
colour and a number, ``0..47``: ``t // 2``, colour ``k // 8``, number ``k % 8 + 1``. The two
copies of a kind are alike, so plays and patterns are made of kinds (rule 25).

>>> colour(37), number(37), kind(37), text(kind(37))
(2, 3, 18, 'Y3')
>>> [text(k) for k in (0, 7, 45)], parse("P6"), text(parse("b8"))
(['R1', 'R8', 'P6'], 45, 'B8')
"""
from __future__ import annotations

from fractions import Fraction

from numbergames.solver.dice import Stream
from numbergames.solver.sumoku.rules import KEY_CHALLENGE, KEY_DIE

Tile = int
"""One of the 96 tiles, ``0..95``."""
Kind = int
"""A colour and a number, ``0..47`` (two tiles of each)."""

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
"""The six colours (their names do not matter to any rule)."""
LETTERS = "ROYGBP"
"""One letter per colour, for printing tiles and reading hand and pattern files."""
NCOL = len(COLOURS)
NUMBERS = 8
"""Numbers 1..8 in every colour."""
COPIES = 2
NKINDS = NCOL * NUMBERS
NTILES = NKINDS * COPIES
"""96 tiles."""
SIX = 6
"""The number of the tile that may count as 9."""
NINE = 9
KEY_FACES = (3, 4, 5, 3, 4, 5)
"""The key die's faces."""


def colour(t: Tile) -> int:
    return t // (NUMBERS * COPIES)


def number(t: Tile) -> int:
    return (t % (NUMBERS * COPIES)) // COPIES + 1


def kind(t: Tile) -> Kind:
    return t // COPIES


def kind_colour(k: Kind) -> int:
    return k // NUMBERS


def kind_number(k: Kind) -> int:
    return k % NUMBERS + 1


def make_kind(col: int, num: int) -> Kind:
    """The kind of colour ``col`` (0..5) and number ``num`` (1..8)."""
    if not (0 <= col < NCOL and 1 <= num <= NUMBERS):
        raise ValueError(f"no tile of colour {col} and number {num}")
    return col * NUMBERS + num - 1


def is_six(k: Kind) -> bool:
    return kind_number(k) == SIX


def values(k: Kind, six_is_nine: bool = True) -> tuple[int, ...]:
    """The values a tile of kind ``k`` may count as (rule 2).

    >>> values(make_kind(0, 6)), values(make_kind(0, 6), False), values(make_kind(3, 2))
    ((6, 9), (6,), (2,))
    """
    return (SIX, NINE) if six_is_nine and is_six(k) else (kind_number(k),)


def text(k: Kind) -> str:
    """A kind as colour letter and number, e.g. ``G5``."""
    return f"{LETTERS[kind_colour(k)]}{kind_number(k)}"


def parse(word: str) -> Kind:
    """The kind written as colour letter and number (``R1`` .. ``P8``, any case); a "6"
    may be written ``9`` to say it lies as a 9 (:func:`parse_placed`)."""
    kind_, _ = parse_placed(word)
    return kind_


def parse_placed(word: str) -> tuple[Kind, int]:
    """``(kind, value)`` of a placed tile: ``G9`` is green's "6" lying as a 9.

    >>> parse_placed("g9"), parse_placed("G6"), parse_placed("R2")
    ((29, 9), (29, 6), (1, 2))
    """
    w = word.strip().upper()
    if len(w) != 2 or w[0] not in LETTERS or w[1] not in "123456789":  # not '²' nor '٣'
        raise ValueError(f"bad tile {word!r}; a tile is a colour letter ({LETTERS}) and a "
                         f"number 1..{NUMBERS} (9 for a \"6\" lying as 9)")
    col, num = LETTERS.index(w[0]), int(w[1])
    if num == NINE:
        return make_kind(col, SIX), NINE
    return make_kind(col, num), num


def all_tiles() -> list[Tile]:
    """The 96 tiles."""
    return list(range(NTILES))


def roll_key(key: str, dice: Stream) -> int:
    """The key number of a game (rule 3): a fixed number draws nothing, ``die`` rolls the
    key die once (``below(6)`` into :data:`KEY_FACES`), ``challenge`` twice and adds.

    >>> roll_key("7", Stream(1)), [roll_key("die", Stream(s)) for s in range(6)]
    (7, [5, 3, 3, 3, 5, 5])
    """
    if key == KEY_DIE:
        return KEY_FACES[dice.below(len(KEY_FACES))]
    if key == KEY_CHALLENGE:
        first = KEY_FACES[dice.below(len(KEY_FACES))]
        return first + KEY_FACES[dice.below(len(KEY_FACES))]
    return int(key)


def key_chances(key: str) -> dict[int, Fraction]:
    """The chance of each key number under the rules' ``key``.

    >>> {k: str(p) for k, p in key_chances("challenge").items()}
    {6: '1/9', 7: '2/9', 8: '1/3', 9: '2/9', 10: '1/9'}
    """
    face = Fraction(1, len(KEY_FACES))
    if key == KEY_DIE:
        chances: dict[int, Fraction] = {}
        for f in KEY_FACES:
            chances[f] = chances.get(f, 0) + face
        return dict(sorted(chances.items()))
    if key == KEY_CHALLENGE:
        chances = {}
        for a in KEY_FACES:
            for b in KEY_FACES:
                chances[a + b] = chances.get(a + b, 0) + face * face
        return dict(sorted(chances.items()))
    return {int(key): Fraction(1)}
