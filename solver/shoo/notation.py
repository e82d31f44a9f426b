"""Shoo positions as text, like chess's FEN: read, checked and written.

A position is eight fields separated by spaces::

    WWW6/WWW6/WWW6/9/4h4/9/6BBB/6BBB/6BBB b hhhh/hhhh 0/0 - - - 0

1. **The field**, rank 9 first, ranks separated by ``/``, each rank from file a to file i:
   ``B`` and ``W`` a Blue or White traveller on foot, ``b`` and ``w`` one mounted on a
   horse, ``h`` a free horse, a digit that many empty squares. A square may also be
   written as its stack of pieces in brackets: ``[Bh]`` is ``b`` (a traveller on a horse);
   any other stack (``[BW]``, ``[hh]``) is two pieces on a square and is refused.
2. **The side to move**, ``b`` or ``w``.
3. **The stables**, Blue's then White's, separated by ``/``: an ``h`` for every horse and
   the player's letter for every stabled traveller (``hhhhB``), ``-`` for an empty stable.
4. **The pastures**: the horses Blue and White have retired, ``0/0``.
5. **The held horse**: the square of the free horse the last mover holds, or ``-``.
6. **The pending shoo**: the square of the side to move's traveller that the last move
   shooed, or ``-``.
7. **The pending hush** (only under ``hush = lose_move`` or ``shoo_off``): ``-``, or the
   square of the last mover's traveller that may be hushed, ``<``, and where it came from:
   ``e4<d3`` on foot from d3, ``e4<^d3`` off its horse on d3, ``e1<s`` from the stable.
8. **The move count**: moves made by both players.

A position that cannot arise is refused with a :class:`PositionError` naming the first
problem found: a wrong number of travellers or horses, two pieces on a square, a mounted
traveller in a stable, a held square without a free horse, a shoo of a traveller that is
not shooable, and so on.

>>> from numbergames.solver.shoo.rules import ShooRules
>>> from numbergames.solver.shoo.position import start
>>> write(start(ShooRules()))
'WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0'
>>> write(read(write(start(ShooRules(odd_horse="field")))))
'WWW6/WWW6/WWW6/9/4h4/9/6BBB/6BBB/6BBB b hhhh/hhhh 0/0 - - - 0'
"""
from __future__ import annotations

import re

from numbergames.solver.notation import plain_text
from numbergames.solver.params import RulesError
from numbergames.solver.shoo.board import (COLOUR_NAMES, NEIGHBOURS, SIZE, SQUARES, name, parse_square,
                               square)
from numbergames.solver.shoo.position import (DISMOUNT, EMPTY, FOOT, HORSE, NONE, RETURN, RIDER, STEP,
                                  Hush, Position, is_mounted, is_traveller, owner)
from numbergames.solver.shoo.rules import TRAVELLERS, ShooRules

FIELDS = 8
LETTERS = {"B": FOOT, "W": FOOT + 1, "b": RIDER, "w": RIDER + 1, "h": HORSE}
"""The letter of each piece on the field."""
PIECE_LETTER = {code: letter for letter, code in LETTERS.items()}
SIDES = "bw"
"""The side to move: Blue (seat 0) or White (seat 1)."""
TRAVELLER_LETTERS = "BW"
_SQUARE_TOKEN = re.compile(r"\[[^\]]*\]|.")
DIGITS = "0123456789"
"""The digits of a count of empty squares (ASCII only: ``²`` and ``٣`` are no counts)."""


class PositionError(RulesError):
    """A position that is malformed or cannot arise (one-line message)."""


def _piece_words(letter: str) -> str:
    return {"B": "a Blue traveller", "W": "a White traveller", "b": "a mounted Blue traveller",
            "w": "a mounted White traveller", "h": "a horse"}.get(letter, repr(letter))


def _read_square_stack(stack: str, where: str) -> int:
    inside = stack[1:-1]
    for letter in inside:
        if letter not in LETTERS:
            raise PositionError(f"unknown piece {letter!r} on {where}; pieces are "
                                f"{', '.join(LETTERS)}")
    if sorted(inside) in (["B", "h"], ["W", "h"]):
        return RIDER + TRAVELLER_LETTERS.index(inside.replace("h", ""))
    if len(inside) < 2:
        raise PositionError(f"bad stack {stack!r} on {where}; a stack is a traveller and "
                            "its horse, such as [Bh]")
    raise PositionError(f"two pieces on a square: {' and '.join(map(_piece_words, inside))} "
                        f"on {where}")


def _read_field(text: str) -> list[int]:
    ranks = text.split("/")
    if len(ranks) != SIZE:
        raise PositionError(f"the field has {len(ranks)} ranks, not {SIZE}: {text[:80]!r}")
    board = [EMPTY] * SQUARES
    for row, rank_text in enumerate(ranks):
        rank = SIZE - 1 - row
        tokens = _SQUARE_TOKEN.findall(rank_text)
        count = sum(int(t) if t in DIGITS else 1 for t in tokens)
        if count != SIZE:
            raise PositionError(f"rank {rank + 1} ({rank_text[:40]!r}) describes {count} "
                                f"squares, not {SIZE}")
        file = 0
        for token in tokens:
            if token in DIGITS:
                file += int(token)
                continue
            where = name(square(file, rank))
            if token.startswith("["):
                board[square(file, rank)] = _read_square_stack(token, where)
            elif token in LETTERS:
                board[square(file, rank)] = LETTERS[token]
            else:
                raise PositionError(f"unknown piece {token!r} on {where}; pieces are "
                                    f"{', '.join(LETTERS)}, a digit for empty squares")
            file += 1
    return board


def _read_stable(text: str, seat: int) -> tuple[int, int]:
    """(horses, travellers) of a stable's text."""
    if text == "-":
        return 0, 0
    mine, theirs = TRAVELLER_LETTERS[seat], TRAVELLER_LETTERS[1 - seat]
    for letter in text:
        if letter in (mine.lower(), theirs.lower()):
            raise PositionError(f"a traveller on a horse in {COLOUR_NAMES[seat]}'s stable: a "
                                "stable holds horses and travellers on foot")
        if letter == theirs:
            raise PositionError(f"a {COLOUR_NAMES[1 - seat]} traveller in "
                                f"{COLOUR_NAMES[seat]}'s stable")
        if letter not in ("h", mine):
            raise PositionError(f"unknown piece {letter!r} in {COLOUR_NAMES[seat]}'s stable; "
                                f"a stable holds h and {mine}")
    return text.count("h"), text.count(mine)


def _read_square_or_none(text: str, what: str) -> int:
    if text == "-":
        return NONE
    try:
        return parse_square(text)
    except ValueError:
        raise PositionError(f"bad {what} {text!r}: a square a1..i9 or -") from None


def _read_hush(text: str) -> Hush | None:
    if text == "-":
        return None
    match = re.fullmatch(r"([a-i][1-9])<(\^?)([a-i][1-9]|s)", text)
    if not match:
        raise PositionError(f"bad hush {text!r}: -, or a square, <, and where the traveller "
                            "came from (e4<d3, e4<^d3, e1<s)")
    to, mounted, origin = match.groups()
    if origin == "s":
        if mounted:
            raise PositionError(f"bad hush {text!r}: a traveller from the stable was on no horse")
        return Hush(parse_square(to), RETURN, NONE)
    return Hush(parse_square(to), DISMOUNT if mounted else STEP, parse_square(origin))


def read(text: str, rules: ShooRules | None = None) -> Position:
    """The position written as ``text`` under ``rules`` (default: the pinned rules);
    PositionError, one line, if it is malformed or cannot arise."""
    rules = rules if rules is not None else ShooRules()
    try:
        fields = plain_text(text).split()  # no control character splits a field
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if len(fields) != FIELDS:
        raise PositionError(f"a position has {FIELDS} fields (field, side, stables, pastures, "
                            f"held, shoo, hush, moves), not {len(fields)}")
    field, side, stables, pastures, held, shoo, hush, ply = fields
    board = _read_field(field)
    if side not in SIDES:
        raise PositionError(f"bad side to move {side!r}: b (Blue) or w (White)")
    parts = stables.split("/")
    if len(parts) != 2:
        raise PositionError(f"bad stables {stables!r}: Blue's and White's, such as hhhh/hhhhh")
    (blue_horses, blue_stabled), (white_horses, white_stabled) = (
        _read_stable(part, seat) for seat, part in enumerate(parts))
    match = re.fullmatch(r"([0-9]{1,2})/([0-9]{1,2})", pastures)
    if not match:
        raise PositionError(f"bad pastures {pastures[:40]!r}: two numbers of retired horses, "
                            "such as 0/1")
    if not (re.fullmatch(r"[0-9]{1,6}", ply) and int(ply) <= rules.max_plies):
        raise PositionError(f"bad move count {ply[:40]!r}: a whole number from 0 to the move "
                            f"limit {rules.max_plies} (max_plies)")
    position = Position(rules, board, [blue_horses, white_horses], [blue_stabled, white_stabled],
                        [int(match.group(1)), int(match.group(2))], SIDES.index(side),
                        _read_square_or_none(held, "held horse"),
                        _read_square_or_none(shoo, "shoo"), _read_hush(hush), int(ply))
    check(position)
    return position


def check(position: Position) -> None:
    """Refuse, with PositionError, a position that cannot arise under its rules."""
    board, rules = position.board, position.rules
    for seat in (0, 1):
        on_field = len(position.travellers(seat))
        total = on_field + position.stabled[seat]
        if total != TRAVELLERS:
            raise PositionError(
                f"{COLOUR_NAMES[seat]} has {total} travellers ({on_field} on the field, "
                f"{position.stabled[seat]} stabled); each player has {TRAVELLERS}")
    on_field = sum(1 for p in board if p == HORSE or is_mounted(p))
    horses = on_field + sum(position.stable_horses) + sum(position.pasture)
    if horses != rules.horses:
        raise PositionError(f"{horses} horses ({on_field} on the field, "
                            f"{sum(position.stable_horses)} in stables, "
                            f"{sum(position.pasture)} in pastures); the rules have "
                            f"{rules.horses}")
    if position.held != NONE and board[position.held] != HORSE:
        raise PositionError(f"the held horse's square {name(position.held)} holds no free "
                            "horse")
    if position.shoo != NONE:
        piece = board[position.shoo]
        if not is_traveller(piece) or is_mounted(piece) or owner(piece) != position.side:
            raise PositionError(f"the shooed square {name(position.shoo)} holds no traveller "
                                f"on foot of the side to move")
        if not position.is_shooable(position.shoo):
            raise PositionError(f"the shooed traveller on {name(position.shoo)} is not "
                                "shooable")
    if position.hush is not None:
        _check_hush(position, position.hush)


def _check_hush(position: Position, hush: Hush) -> None:
    board, mover = position.board, 1 - position.side
    if position.rules.hush not in ("lose_move", "shoo_off"):
        raise PositionError(f"a pending hush needs hush = lose_move or shoo_off, not "
                            f"{position.rules.hush}")
    where = name(hush.to)
    if board[hush.to] != FOOT + mover:
        raise PositionError(f"the hushable square {where} holds no traveller on foot of the "
                            "side that just moved")
    if not position.is_shooable(hush.to):
        raise PositionError(f"the traveller on {where} is not shooable, so it cannot be hushed")
    if hush.how == RETURN:
        if not position.on_first_row(hush.to, mover):
            raise PositionError(f"a traveller from the stable returns to its first row, not "
                                f"{where}")
        return
    if hush.origin not in NEIGHBOURS[hush.to]:
        raise PositionError(f"the hushable traveller on {where} cannot have come from "
                            f"{name(hush.origin)}, which does not touch it")
    want = HORSE if hush.how == DISMOUNT else EMPTY
    if board[hush.origin] != want:
        raise PositionError(f"the hushable traveller's origin {name(hush.origin)} must hold "
                            f"{'its free horse' if want == HORSE else 'nothing'}")


def _write_field(board: list[int]) -> str:
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        text, empty = "", 0
        for file in range(SIZE):
            piece = board[square(file, rank)]
            if piece == EMPTY:
                empty += 1
                continue
            if empty:
                text, empty = text + str(empty), 0
            text += PIECE_LETTER[piece]
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)


def _write_stable(position: Position, seat: int) -> str:
    text = "h" * position.stable_horses[seat] + TRAVELLER_LETTERS[seat] * position.stabled[seat]
    return text or "-"


def _write_hush(hush: Hush | None) -> str:
    if hush is None:
        return "-"
    if hush.how == RETURN:
        return f"{name(hush.to)}<s"
    return f"{name(hush.to)}<{'^' if hush.how == DISMOUNT else ''}{name(hush.origin)}"


def write(position: Position) -> str:
    """The text of a position (:func:`read` gives it back)."""
    def square_or_none(s: int) -> str:
        return "-" if s == NONE else name(s)

    return " ".join((
        _write_field(position.board), SIDES[position.side],
        f"{_write_stable(position, 0)}/{_write_stable(position, 1)}",
        f"{position.pasture[0]}/{position.pasture[1]}", square_or_none(position.held),
        square_or_none(position.shoo), _write_hush(position.hush), str(position.ply)))


def arrange(pieces: str, side: str = "b", rules: ShooRules | None = None,
            stable: tuple[int, int] | None = None, pasture: tuple[int, int] = (0, 0),
            held: str | None = None) -> Position:
    """A position set up by hand from its pieces on the field, such as ``"B:g3,h3 b:e8
    W:d8 h:e5"`` (letters as in the notation): the travellers not named are stabled and the
    horses not named are in the stables (``stable``, else Blue's half first) or pastures.
    Checked as :func:`read` checks.

    >>> write(arrange("B:d4 W:c8 h:e5", stable=(1, 7)))
    '9/2W6/9/9/4h4/3B5/9/9/9 b hBBBBBBBB/hhhhhhhWWWWWWWW 0/0 - - - 0'
    """
    rules = rules if rules is not None else ShooRules()
    board = [EMPTY] * SQUARES
    for group in pieces.split():
        letter, _, squares = group.partition(":")
        if letter not in LETTERS:
            raise PositionError(f"unknown piece {letter!r}; pieces are {', '.join(LETTERS)}")
        for text in squares.split(","):
            try:
                board[parse_square(text)] = LETTERS[letter]
            except ValueError as exc:
                raise PositionError(str(exc)) from None
    on_field = [sum(1 for p in board if is_traveller(p) and owner(p) == seat) for seat in (0, 1)]
    horses = sum(1 for p in board if p == HORSE or is_mounted(p))
    left = rules.horses - horses - sum(pasture)
    stable = stable if stable is not None else (left // 2, left - left // 2)
    position = Position(rules, board, list(stable), [TRAVELLERS - n for n in on_field],
                        list(pasture), SIDES.index(side),
                        held=parse_square(held) if held else NONE)
    check(position)
    return position
