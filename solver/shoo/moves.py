"""Shoo's moves: what a move is, which moves are legal, and what a move does.

A move (:class:`Move`) is one action of RULES.md rules 10–21 (:class:`Kind`), the traveller
it shoos (rule 23, or :data:`NONE`) and whether it begins by hushing the opponent's last
move (rules 28, 29). Legal moves come in a canonical order, the sorted order of the move
tuples, so that a player's choice by index means the same move in every engine.

The generation is in two layers, as python-chess separates pseudo-legal and legal moves:
:func:`actions` lists what the side to move may do (a forced reply to a shoo, or every
action of the rules), and :func:`legal_moves` adds to each action the shoos it allows and,
under the hushing variants, the hushes. :func:`detect` is the shoo-detection of a whole
position: every traveller of the side to move that is shooable, and those of them that a
shoo would send off. The field's squares, neighbours and lines are the position's
(``position.field``, :class:`numbergames.solver.shoo.board.Field`), so the same code plays the reduced
games of :mod:`numbergames.solver.shoo.reduced`.
"""
from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import NamedTuple

from numbergames.solver.shoo.board import FIELD, Field
from numbergames.solver.shoo.position import (DISMOUNT, EMPTY, FOOT, HORSE, NONE, RETURN, RIDER, STEP,
                                  Hush, Position, is_mounted, is_traveller, owner)


class Kind(enum.IntEnum):
    """The action of a move (RULES.md rule numbers in brackets)."""

    WALK = 0
    """A traveller on foot steps ``frm`` → ``to`` (10)."""
    RIDE = 1
    """A mounted traveller rides ``frm`` → ``to`` (16)."""
    MOUNT = 2
    """The traveller on ``frm`` mounts the horse on ``via`` and rides to ``to`` (15)."""
    DISMOUNT = 3
    """The traveller mounted on ``frm`` steps off to ``to``; the horse stays (17)."""
    CAPTURE = 4
    """The traveller on ``frm`` captures the horse on ``via``: its rider is put on ``put``,
    the capturer mounts and rides to ``to`` (19)."""
    CALL = 5
    """A horse from the stable to ``to``, held (11)."""
    LEAD = 6
    """The free horse on ``frm`` is moved to ``to``, held (12)."""
    HOLD = 7
    """The free horse on ``frm`` is held (13)."""
    RETIRE = 8
    """The free horse on ``frm`` goes to the mover's pasture (18)."""
    RETURN = 9
    """A stabled traveller returns to ``to`` on the first row (20)."""
    SHOO_OFF = 10
    """The shooed traveller on ``frm`` goes to its stable (25)."""
    PASS = 11
    """No legal action (21)."""


class Move(NamedTuple):
    """One move; the fields an action does not use are :data:`NONE`."""

    hush: bool
    """Whether the move begins by hushing the opponent's last move."""
    kind: Kind
    frm: int = NONE
    via: int = NONE
    put: int = NONE
    to: int = NONE
    shoo: int = NONE
    """The opponent's traveller this move shoos."""


def action(kind: Kind, frm: int = NONE, via: int = NONE, put: int = NONE,
           to: int = NONE) -> Move:
    """A move without hush or shoo."""
    return Move(False, kind, frm, via, put, to)


# -- lines -----------------------------------------------------------------------------
def line_squares(board: list[int], s: int, field: Field = FIELD) -> Iterator[int]:
    """The squares a queen on ``s`` reaches along empty squares of ``board`` (no jumping)."""
    for ray in field.rays[s]:
        for t in ray:
            if board[t] != EMPTY:
                break
            yield t


# -- shoo detection ----------------------------------------------------------------------
def can_escape(position: Position, s: int) -> bool:
    """Whether the shooable traveller of the side to move on ``s`` has a move out of the
    shoo (RULES.md rule 24): an empty neighbour where it is not shooable, or a free horse
    next to it that the shooer does not hold."""
    side, board = position.side, position.board
    for n in position.field.neighbours[s]:
        if board[n] == EMPTY and not position.would_be_shooable(n, side):
            return True
        if (position.rules.escape_by_horse and board[n] == HORSE and n != position.held):
            return True
    return False


def detect(position: Position) -> tuple[list[int], list[int]]:
    """Shoo detection for the whole position: the squares of the side to move's travellers
    that the other side may shoo, and of those the ones a shoo would send off (no escape).
    The held horse is the other side's (it just moved), so no escape uses it."""
    shooable = position.shooable(1 - position.side)
    return shooable, [s for s in shooable if not can_escape(position, s)]


# -- actions ---------------------------------------------------------------------------
def _confined(position: Position, s: int, seat: int) -> bool:
    """Whether the traveller on ``s`` may not leave its home area (rule 26)."""
    return not position.rules.leave_home and position.in_home(s, seat)


def _foot_allowed(position: Position, to: int) -> bool:
    """Whether the side to move may put a traveller on foot on ``to`` (rule 27)."""
    return position.rules.hush != "illegal" or not position.would_be_shooable(to, position.side)


def _touches_own(position: Position, s: int) -> bool:
    return position.touching(s, position.side) > 0


def _rides(board: list[int], start: int, stays: bool, field: Field) -> list[int]:
    """Where a horse on ``start`` can end a move: ``start`` itself when it may stay, then
    its queen lines over ``board``."""
    return ([start] if stays else []) + list(line_squares(board, start, field))


def _mounts(position: Position, s: int, confined: bool) -> list[Move]:
    """The mount & ride moves of the traveller on foot on ``s`` (rule 15)."""
    board, home = position.board, position.homes[position.side]
    out = []
    for h in position.field.neighbours[s]:
        if board[h] != HORSE or h == position.held:
            continue
        after = board[:]
        after[s] = EMPTY
        for to in _rides(after, h, True, position.field):
            if not confined or home >> to & 1:
                out.append(action(Kind.MOUNT, s, h, NONE, to))
    return out


def _captures(position: Position, s: int, confined: bool) -> list[Move]:
    """The captures by the traveller on ``s`` (rule 19)."""
    side, board = position.side, position.board
    mine, theirs = position.homes[side], position.homes[1 - side]
    out = []
    for r in position.field.neighbours[s]:
        if board[r] != RIDER + 1 - side or (confined and not mine >> r & 1):
            continue
        put_back_home = not position.rules.leave_home and theirs >> r & 1
        for put in position.field.neighbours[r]:
            if board[put] != EMPTY or (put_back_home and not theirs >> put & 1):
                continue
            after = board[:]
            after[put] = FOOT + 1 - side
            after[s] = HORSE if is_mounted(board[s]) else EMPTY
            after[r] = EMPTY
            for to in _rides(after, r, True, position.field):
                if not confined or mine >> to & 1:
                    out.append(action(Kind.CAPTURE, s, r, put, to))
    return out


def _traveller_actions(position: Position, s: int) -> list[Move]:
    side, board = position.side, position.board
    home = position.homes[side]
    confined = _confined(position, s, side)
    out = []
    if is_mounted(board[s]):
        after = board[:]
        after[s] = EMPTY
        out += [action(Kind.RIDE, s, to=to) for to in _rides(after, s, False, position.field)
                if not confined or home >> to & 1]
        out += [action(Kind.DISMOUNT, s, to=n) for n in position.field.neighbours[s]
                if board[n] == EMPTY and (not confined or home >> n & 1)
                and _foot_allowed(position, n)]
    else:
        out += [action(Kind.WALK, s, to=n) for n in position.field.neighbours[s]
                if board[n] == EMPTY and (not confined or home >> n & 1)
                and _foot_allowed(position, n)]
        out += _mounts(position, s, confined)
    return out + _captures(position, s, confined)


def _horse_actions(position: Position, s: int) -> list[Move]:
    """What the side to move may do with the free horse on ``s`` (rules 12, 13, 18)."""
    if s == position.held:
        return []
    out = [action(Kind.LEAD, s, to=to) for to in line_squares(position.board, s, position.field)]
    if _touches_own(position, s):
        if position.rules.hold_move:
            out.append(action(Kind.HOLD, s))
        out.append(action(Kind.RETIRE, s))
    return out


def _forced_reply(position: Position) -> list[Move]:
    """The moves out of a shoo (rule 24), or the shoo-off (rule 25)."""
    s, side, board = position.shoo, position.side, position.board
    out = [action(Kind.WALK, s, to=n) for n in position.field.neighbours[s]
           if board[n] == EMPTY and not position.would_be_shooable(n, side)]
    if position.rules.escape_by_horse:
        out += _mounts(position, s, confined=False)
    return out or [action(Kind.SHOO_OFF, s)]


def actions(position: Position) -> list[Move]:
    """The actions of the side to move, without shoos and hushes, in canonical order."""
    if position.shoo != NONE:
        return sorted(_forced_reply(position))
    side, board, rules = position.side, position.board, position.rules
    out = []
    for s in range(position.field.squares):
        piece = board[s]
        if is_traveller(piece) and owner(piece) == side:
            out += _traveller_actions(position, s)
        elif piece == HORSE:
            out += _horse_actions(position, s)
    if position.stable_horses[side]:
        out += [action(Kind.CALL, to=s) for s in range(position.field.squares) if board[s] == EMPTY
                and (not rules.call_next_to or _touches_own(position, s))]
    if position.stabled[side]:
        out += [action(Kind.RETURN, to=s) for s in range(position.field.squares)
                if board[s] == EMPTY and position.on_first_row(s, side)
                and _foot_allowed(position, s)]
    return sorted(out) or [action(Kind.PASS)]


# -- making moves ---------------------------------------------------------------------
_HUSH_ORIGIN = {Kind.WALK: STEP, Kind.DISMOUNT: DISMOUNT, Kind.RETURN: RETURN}
"""The actions that put a traveller on foot on a square, and how it came there."""


def apply_action(position: Position, move: Move) -> Position:
    """The position after the action of ``move`` (its hush and shoo aside), the other side
    to move: no shoo pending yet, the horse the action held, a hush the next player may
    make."""
    after = position.copy()
    board, side = after.board, position.side
    kind, frm, via, put, to = move.kind, move.frm, move.via, move.put, move.to
    held = NONE
    if kind in (Kind.WALK, Kind.RIDE):
        board[to], board[frm] = board[frm], EMPTY
    elif kind == Kind.MOUNT:
        board[frm] = board[via] = EMPTY
        board[to] = RIDER + side
    elif kind == Kind.DISMOUNT:
        board[frm], board[to] = HORSE, FOOT + side
    elif kind == Kind.CAPTURE:
        board[put] = FOOT + 1 - side
        board[frm] = HORSE if is_mounted(board[frm]) else EMPTY
        board[via] = EMPTY
        board[to] = RIDER + side
    elif kind == Kind.CALL:
        after.stable_horses[side] -= 1
        board[to], held = HORSE, to
    elif kind == Kind.LEAD:
        board[frm], board[to] = EMPTY, HORSE
        held = to
    elif kind == Kind.HOLD:
        held = frm
    elif kind == Kind.RETIRE:
        board[frm] = EMPTY
        after.pasture[side] += 1
    elif kind == Kind.RETURN:
        after.stabled[side] -= 1
        board[to] = FOOT + side
    elif kind == Kind.SHOO_OFF:
        board[frm] = EMPTY
        after.stabled[side] += 1
    after.side, after.held, after.shoo, after.hush = 1 - side, held, NONE, None
    after.ply += 1
    if (kind in _HUSH_ORIGIN and position.rules.hush in ("lose_move", "shoo_off")
            and position.would_be_shooable(to, side)):
        after.hush = Hush(to, _HUSH_ORIGIN[kind], frm)
    return after


def apply_hush(position: Position) -> Position:
    """The position after the side to move hushes the opponent's last move (rules 28, 29):
    the traveller goes back where it came from, or to its stable; the move's shoo lapses.
    The same side is still to move."""
    hush, after = position.hush, position.copy()
    mover, board = 1 - position.side, after.board
    board[hush.to] = EMPTY
    if position.rules.hush == "shoo_off" or hush.how == RETURN:
        after.stabled[mover] += 1
    elif hush.how == STEP:
        board[hush.origin] = FOOT + mover
    else:
        board[hush.origin] = RIDER + mover
    after.shoo, after.hush, after.held = NONE, None, NONE
    return after


def _with_shoos(position: Position, act: Move, hush: bool) -> list[Move]:
    after = apply_action(position, act)
    shoos = [NONE] + after.shooable(position.side)
    return [act._replace(hush=hush, shoo=s) for s in shoos]


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move, in canonical (sorted) order: a pass alone
    while it waits for the other's head start (rule 36)."""
    if position.rules.head_start and position.rules.waits(position.side, position.ply):
        return [action(Kind.PASS)]
    moves = [m for a in actions(position) for m in _with_shoos(position, a, False)]
    if position.hush is not None:
        hushed = apply_hush(position)
        moves += [m for a in actions(hushed) for m in _with_shoos(hushed, a, True)]
    return sorted(moves)


def make_move(position: Position, move: Move) -> Position:
    """The position after ``move`` (assumed legal)."""
    before = apply_hush(position) if move.hush else position
    after = apply_action(before, move)
    after.shoo = move.shoo
    return after
