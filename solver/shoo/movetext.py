"""Shoo moves as text, and reading a move against a position's legal moves.

=============  ===================================================================
``d3-e4``      the piece on d3 moves to e4: a step on foot, a ride, or a free horse led
``d3^e4-e7``   the traveller on d3 mounts the horse on e4 and rides to e7 (``d3^e4``:
               mounts and stays)
``c5>c6``      the traveller mounted on c5 dismounts to c6
``d4xe5>f6-e8`` the traveller on d4 captures the horse on e5, puts its rider on f6 and
               rides to e8 (``d4xe5>f6``: stays on e5)
``H@e5``       a horse called up from the stable to e5
``T@e1``       a stabled traveller returns to e1
``H=e5``       the free horse on e5 is held
``H!e5``       the free horse on e5 is retired to the pasture
``d4>S``       the shooed traveller on d4 is shooed off to its stable
``pass``       no legal move
=============  ===================================================================

A shoo follows as ``+c7`` (the traveller on c7 is shooed); a hush comes first as ``hush:``.

>>> from numbergames.solver.shoo.moves import Kind, Move
>>> move_text(Move(False, Kind.CAPTURE, 30, 40, 50, 76, shoo=60))
'd4xe5>f6-e9+g7'
"""
from __future__ import annotations

from numbergames.solver.params import RulesError
from numbergames.solver.shoo.board import FIELD, Field
from numbergames.solver.shoo.moves import Kind, Move, legal_moves
from numbergames.solver.shoo.position import NONE, Position


class IllegalMoveError(RulesError):
    """A move that is not legal in the position (one-line message)."""


def _action_text(move: Move, name) -> str:
    kind = move.kind
    if kind in (Kind.WALK, Kind.RIDE, Kind.LEAD):
        return f"{name(move.frm)}-{name(move.to)}"
    if kind == Kind.MOUNT:
        ride = "" if move.to == move.via else f"-{name(move.to)}"
        return f"{name(move.frm)}^{name(move.via)}{ride}"
    if kind == Kind.DISMOUNT:
        return f"{name(move.frm)}>{name(move.to)}"
    if kind == Kind.CAPTURE:
        ride = "" if move.to == move.via else f"-{name(move.to)}"
        return f"{name(move.frm)}x{name(move.via)}>{name(move.put)}{ride}"
    if kind == Kind.CALL:
        return f"H@{name(move.to)}"
    if kind == Kind.RETURN:
        return f"T@{name(move.to)}"
    if kind == Kind.HOLD:
        return f"H={name(move.frm)}"
    if kind == Kind.RETIRE:
        return f"H!{name(move.frm)}"
    if kind == Kind.SHOO_OFF:
        return f"{name(move.frm)}>S"
    return "pass"


def move_text(move: Move, field: Field = FIELD) -> str:
    """The text of a move (module docstring) on ``field`` (whose squares it names)."""
    name = field.name
    text = _action_text(move, name)
    if move.shoo != NONE:
        text += f"+{name(move.shoo)}"
    return ("hush:" if move.hush else "") + text


def parse_move(position: Position, text: str) -> Move:
    """The legal move of ``position`` written ``text``; IllegalMoveError otherwise."""
    moves = legal_moves(position)
    for move in moves:
        if move_text(move) == text.strip():
            return move
    examples = ", ".join(move_text(m) for m in moves[:3])
    raise IllegalMoveError(f"illegal move {text!r} in this position; {len(moves)} legal "
                           f"moves, such as {examples}")
