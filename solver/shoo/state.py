"""Shoo on the decision API of :mod:`numbergames.solver.decision`: :class:`ShooState`.

**Nodes.** Shoo has no dice and no chance nodes. Every move is one decision node of the
side to move (seat 0 Blue, seat 1 White); a move with its parts — the hush of the
opponent's last move that begins it (RULES.md rules 28, 29), its action (rules 10-21, 25)
and the shoo it names (rule 23) — is one action. A position with one legal move (a forced
shoo-off, a pass) is a node with one action, which :func:`numbergames.solver.decision.play` makes
without asking the player. The game is over (:data:`numbergames.solver.decision.TERMINAL`) at a win
(rule 31), at ``max_plies`` moves (a draw, rule 32) or when a position occurs for the
``repetition``-th time (a draw, rule 33): the positions seen belong to the state and to its
equality (when ``repetition`` is 0 they matter to nothing and are not kept).

=========================  ==========================================================
node                       actions
=========================  ==========================================================
the side to move's move    one per legal move, ascending = the canonical order of
                           :func:`numbergames.solver.shoo.moves.legal_moves` (the move tuples sorted)
=========================  ==========================================================

**Actions** are stable ids: the same id is the same move in every state of a field, and
ascending ids are the canonical (sorted) order of the :class:`~numbergames.solver.shoo.moves.Move`
tuples ``(hush, kind, frm, via, put, to, shoo)``, so that a player that picks the ``i``-th
legal move picks what it picked by index before. An id is a mixed-radix number: the hush
(0/1) and the kind (:class:`~numbergames.solver.shoo.moves.Kind`) choose a block, in that order; inside
it the squares the kind uses, each as a digit that keeps the order of the squares:

==========  =========================================================================
kind        digits (then the shoo: 0 for none, else 1 + its square)
==========  =========================================================================
WALK        ``frm``; ``to`` as its rank among ``frm``'s neighbours (sorted, < 8)
RIDE        ``frm``; ``to`` as its rank among the squares on ``frm``'s queen lines and
            ``frm`` itself (sorted, < 33 on 9 x 9)
MOUNT       ``frm``; ``via`` (the horse) as its rank among ``frm``'s neighbours; ``to``
            as its rank among ``via``'s line squares and ``via`` itself
DISMOUNT    ``frm``; ``to`` as its rank among ``frm``'s neighbours
CAPTURE     ``frm``; ``via`` among ``frm``'s neighbours; ``put`` among ``via``'s
            neighbours; ``to`` among ``via``'s line squares and ``via`` itself
CALL        ``to``
LEAD        ``frm``; ``to`` among ``frm``'s line squares and ``frm`` itself
HOLD        ``frm``
RETIRE      ``frm``
RETURN      ``to``
SHOO_OFF    ``frm``
PASS        (none)
==========  =========================================================================

A rank among sorted squares rises with the square, so within a block the ids ascend as the
tuples do (a field the kind does not use is always ``NONE``), and the blocks follow the
hush and the kind. On the 9 x 9 field there are :func:`size`\\ ``(rules)
.num_distinct_actions`` = 32,718,656 ids (a capture's five squares and shoo take most of
them); a position has some tens to a few hundred legal moves. :func:`encoder` gives the
tables of any field (the reduced games of :mod:`numbergames.solver.shoo.reduced` play on smaller
ones).

A state reads and writes Shoo's notation (:mod:`numbergames.solver.shoo.notation`, the 9 x 9 field):
:meth:`ShooState.from_notation`, :meth:`ShooState.to_notation`; a state from a position
starts a game there (no positions seen before it, no moves counted).
"""
from __future__ import annotations

import bisect
import functools
from collections import Counter
from typing import Any

from numbergames.solver import decision
from numbergames.solver.decision import Action, Seat
from numbergames.solver.registry import DRAW
from numbergames.solver.shoo.board import FIELD, Field
from numbergames.solver.shoo.moves import Kind, Move, legal_moves, make_move
from numbergames.solver.shoo.movetext import move_text
from numbergames.solver.shoo.notation import PIECE_LETTER, read, write
from numbergames.solver.shoo.position import DISMOUNT, EMPTY, NONE, RETURN, STEP, Position, start
from numbergames.solver.shoo.rules import ShooRules

ENDED_BY_WIN, ENDED_BY_LIMIT, ENDED_BY_REPETITION = 0, 1, 2
"""How a game ended: a win, the move limit (a draw), a repetition (a draw)."""

# the digits of each kind: "sq" a square, "nb:frm"/"nb:via" a neighbour rank, "ln:frm"/"ln:via" a
# rank among the line squares (and the square itself)
_DIGITS: dict[Kind, tuple[tuple[str, str], ...]] = {
    Kind.WALK: (("frm", "sq"), ("to", "nb:frm")),
    Kind.RIDE: (("frm", "sq"), ("to", "ln:frm")),
    Kind.MOUNT: (("frm", "sq"), ("via", "nb:frm"), ("to", "ln:via")),
    Kind.DISMOUNT: (("frm", "sq"), ("to", "nb:frm")),
    Kind.CAPTURE: (("frm", "sq"), ("via", "nb:frm"), ("put", "nb:via"), ("to", "ln:via")),
    Kind.CALL: (("to", "sq"),),
    Kind.LEAD: (("frm", "sq"), ("to", "ln:frm")),
    Kind.HOLD: (("frm", "sq"),),
    Kind.RETIRE: (("frm", "sq"),),
    Kind.RETURN: (("to", "sq"),),
    Kind.SHOO_OFF: (("frm", "sq"),),
    Kind.PASS: (),
}
_FIELDS = ("frm", "via", "put", "to")
RECENT = 16
"""How many of the game's latest positions (the one after each move, and the start) the
players remember (:attr:`ShooState.recent`): a move that makes one of them again is left
out of a player's choice while another remains (RULES.md, players)."""
_HUSHED_KIND = {STEP: Kind.WALK, DISMOUNT: Kind.DISMOUNT, RETURN: Kind.RETURN}
"""The action of a hushed move, by how its traveller came to its square."""


class Encoder:
    """The action ids of one field (module docstring): :meth:`encode`, :meth:`decode`."""

    def __init__(self, field: Field) -> None:
        self.field = field
        n = field.squares
        self.neighbours = [tuple(sorted(field.neighbours[s])) for s in range(n)]
        self.lines = [tuple(sorted({s, *(t for ray in field.rays[s] for t in ray)}))
                      for s in range(n)]
        self.neighbour_rank = [{t: i for i, t in enumerate(ns)} for ns in self.neighbours]
        self.line_rank = [{t: i for i, t in enumerate(ls)} for ls in self.lines]
        radix = {"sq": n, "nb:frm": max(map(len, self.neighbours)),
                 "nb:via": max(map(len, self.neighbours)), "ln:frm": max(map(len, self.lines)),
                 "ln:via": max(map(len, self.lines))}
        self.shoos = n + 1
        self.radices = {kind: tuple(radix[how] for _, how in digits)
                        for kind, digits in _DIGITS.items()}
        self.starts: list[int] = []
        """The first id of each block (hush, kind), in order."""
        self.blocks: list[tuple[bool, Kind]] = []
        total = 0
        for hush in (False, True):
            for kind in Kind:
                self.starts.append(total)
                self.blocks.append((hush, kind))
                block = self.shoos
                for r in self.radices[kind]:
                    block *= r
                total += block
        self.count = total
        """Every id is below it."""

    def encode(self, move: Move) -> Action:
        kind = move.kind
        value = 0
        for (name, how), r in zip(_DIGITS[kind], self.radices[kind]):
            s = getattr(move, name)
            if how == "sq":
                digit = s
            elif how == "nb:frm":
                digit = self.neighbour_rank[move.frm][s]
            elif how == "nb:via":
                digit = self.neighbour_rank[move.via][s]
            elif how == "ln:frm":
                digit = self.line_rank[move.frm][s]
            else:
                digit = self.line_rank[move.via][s]
            value = value * r + digit
        return (self.starts[int(move.hush) * len(Kind) + kind]
                + value * self.shoos + move.shoo + 1)

    def decode(self, action: Action) -> Move:
        """The move of an id (ValueError for an id no move has)."""
        if not 0 <= action < self.count:
            raise ValueError(f"action {action} is not an action of Shoo (0..{self.count - 1})")
        block = bisect.bisect_right(self.starts, action) - 1
        hush, kind = self.blocks[block]
        value, shoo = divmod(action - self.starts[block], self.shoos)
        digits = []
        for r in reversed(self.radices[kind]):
            value, digit = divmod(value, r)
            digits.append(digit)
        squares = dict.fromkeys(_FIELDS, NONE)
        for (name, how), digit in zip(_DIGITS[kind], reversed(digits)):
            table = {"sq": None, "nb:frm": self.neighbours, "nb:via": self.neighbours,
                     "ln:frm": self.lines, "ln:via": self.lines}[how]
            if table is None:
                squares[name] = digit
                continue
            ranked = table[squares[how[3:]]]
            if digit >= len(ranked):
                raise ValueError(f"action {action} is not an action of Shoo")
            squares[name] = ranked[digit]
        return Move(hush, kind, squares["frm"], squares["via"], squares["put"], squares["to"],
                    shoo - 1)


@functools.lru_cache(maxsize=None)
def encoder(field: Field = FIELD) -> Encoder:
    """The action ids of ``field`` (built once a field)."""
    return Encoder(field)


def size(rules: ShooRules) -> decision.Size:
    """Shoo's size for a bridge: the ids of the 9 x 9 field, no chance, and at most
    ``max_plies`` moves a game."""
    return decision.Size(num_distinct_actions=encoder(FIELD).count, max_chance_outcomes=0,
                         max_game_length=rules.max_plies)


class ShooState(decision.State):
    """A game of Shoo in progress (module docstring): the position, the positions seen
    (when the rules draw by repetition) and the counters of the result row.

    >>> state = ShooState(ShooRules())
    >>> state.current_player(), len(state.legal_actions()), state.to_notation()
    (0, 78, 'WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0')
    >>> state.action_to_string(state.legal_actions()[0])
    'g1-f1'
    """

    num_players = 2

    def __init__(self, rules: ShooRules | None = None, position: Position | None = None) -> None:
        if position is None:
            position = start(rules if rules is not None else ShooRules())
        elif rules is not None and rules != position.rules:
            raise ValueError("the position is under other rules than the state's")
        self.position = position
        self.rules = position.rules
        self.seen: Counter = Counter()
        """How often each position (:meth:`Position.key`) has occurred, when the rules draw
        by repetition."""
        self.winner: int | None = None
        """The seat that won, :data:`numbergames.solver.registry.DRAW`, or None while the game goes on."""
        self.ended_by: int | None = None
        self.decision_plies = 0
        """Moves made from a position with two or more legal moves."""
        self.hushes = 0
        """Moves that began by hushing the opponent's last move."""
        self.shoos = [0, 0]
        """Shoos each seat named."""
        self.shoo_offs = [0, 0]
        """Travellers of each seat shooed off."""
        self.captures = [0, 0]
        """Horses each seat captured."""
        self.hushed: tuple[int, int, int, int, int] | None = None
        """The action ``(kind, frm, via, put, to)`` of the side to move's own last move when
        the opponent's last move hushed it back (rules 28, 29), else None: what the players
        do not replay (RULES.md, players). Player memory, not rules: not in the equality."""
        self.recent: tuple = (position.key(),)
        """The keys (:meth:`Position.key`) of the last :data:`RECENT` positions of the game,
        oldest first: the players' memory, not rules (not in the equality)."""
        self._moves: list[Move] | None = None
        self._actions: list[int] | None = None
        self._index: dict[int, int] | None = None
        if self.rules.repetition:
            self.seen[position.key()] += 1
        self._settle()

    # -- building -------------------------------------------------------------------------
    @classmethod
    def from_notation(cls, text: str, rules: ShooRules | None = None) -> ShooState:
        """A game from the position written ``text`` (:func:`numbergames.solver.shoo.notation.read`;
        PositionError, one line, if it is malformed or cannot arise)."""
        return cls(position=read(text, rules))

    def to_notation(self) -> str:
        """The position in Shoo's notation (9 x 9 field)."""
        return write(self.position)

    def clone(self) -> ShooState:
        other = object.__new__(type(self))     # (a Simulation stays one)
        other.__dict__.update(self.__dict__)
        other.position = self.position.copy()
        other.seen = self.seen.copy()
        other.shoos, other.shoo_offs = self.shoos[:], self.shoo_offs[:]
        other.captures = self.captures[:]
        return other          # the move lists are shared: they are never changed

    def __eq__(self, other: object) -> bool:
        """Equal position (with its move count and rules) and positions seen: the same rest
        of the game. The counters of the result row are not compared."""
        return (isinstance(other, ShooState) and self.position == other.position
                and self.seen == other.seen)

    def __hash__(self) -> int:
        return hash((self.position.key(), self.position.ply))

    # -- the game -------------------------------------------------------------------------
    def _settle(self) -> None:
        position, rules = self.position, self.rules
        won = position.winner()
        if won is not None:
            self.winner, self.ended_by = won, ENDED_BY_WIN
        elif position.ply >= rules.max_plies:
            self.winner, self.ended_by = DRAW, ENDED_BY_LIMIT
        elif rules.repetition and self.seen[position.key()] >= rules.repetition:
            self.winner, self.ended_by = DRAW, ENDED_BY_REPETITION

    def current_player(self) -> Seat:
        return decision.TERMINAL if self.winner is not None else self.position.side

    def is_terminal(self) -> bool:
        return self.winner is not None

    def is_chance_node(self) -> bool:
        return False

    def moves(self) -> list[Move]:
        """The legal moves in canonical order, one for each of :meth:`legal_actions` (none
        once the game is over). Do not change the list."""
        if self._moves is None:
            self._moves = [] if self.winner is not None else legal_moves(self.position)
        return self._moves

    def legal_actions(self) -> list[Action]:
        if self._actions is None:
            encode = encoder(self.position.field).encode
            self._actions = [encode(m) for m in self.moves()]
        return self._actions

    def action_of(self, move: Move) -> Action:
        """The id of ``move``."""
        return encoder(self.position.field).encode(move)

    def move_of(self, action: Action) -> Move:
        """The move of the id ``action``."""
        return encoder(self.position.field).decode(action)

    def apply_action(self, action: Action) -> None:
        actions = self.legal_actions()
        if self._index is None:
            self._index = {a: i for i, a in enumerate(actions)}
        i = self._index.get(action)
        if i is None:
            raise ValueError(f"action {action} is not legal here"
                             + ("" if self.winner is None else ": the game is over"))
        self._play(self._moves[i])

    def apply_move(self, move: Move) -> None:
        """Make ``move`` (a legal move of the position)."""
        if move not in self.moves():
            raise ValueError(f"{move_text(move)} is not legal here")
        self._play(move)

    def _play(self, move: Move) -> None:
        seat = self.position.side
        hush = self.position.hush
        self.hushed = ((_HUSHED_KIND[hush.how], hush.origin, NONE, NONE, hush.to)
                       if move.hush else None)
        self.decision_plies += len(self._moves) > 1
        self.hushes += move.hush
        self.shoos[seat] += move.shoo != NONE
        self.shoo_offs[seat] += move.kind == Kind.SHOO_OFF
        self.captures[seat] += move.kind == Kind.CAPTURE
        self.position = make_move(self.position, move)
        self.recent = (*self.recent[1 - RECENT:], self.position.key())
        self._moves = self._actions = self._index = None
        if self.rules.repetition:
            self.seen[self.position.key()] += 1
        self._settle()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        raise ValueError("Shoo has no chance nodes")

    def draw_chance(self, dice) -> Action:
        raise ValueError("Shoo has no chance nodes")

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return decision.win_returns(2, [] if self.winner == DRAW else [self.winner])

    def action_to_string(self, action: Action) -> str:
        return move_text(self.move_of(action), self.position.field)

    # -- the result ---------------------------------------------------------------------
    def home(self) -> list[int]:
        """Each seat's travellers in its home area."""
        position = self.position
        return [sum(1 for s in position.travellers(seat) if position.in_home(s, seat))
                for seat in (0, 1)]

    def row(self) -> dict[str, Any]:
        """The game's result as the kernel reports it (the columns of the game's spec)."""
        return {"winner": self.winner, "turns": self.position.ply,
                "decision_turns": self.decision_plies, "ended_by": self.ended_by,
                "hushes": self.hushes, "seat_shoos": self.shoos,
                "seat_shoo_offs": self.shoo_offs, "seat_captures": self.captures,
                "seat_home": self.home()}

    def __str__(self) -> str:
        position, field = self.position, self.position.field
        files = "abcdefghi"[:field.size]
        rows = [f"{rank + 1} " + " ".join(
            "." if position.board[field.square(f, rank)] == EMPTY
            else PIECE_LETTER[position.board[field.square(f, rank)]]
            for f in range(field.size)) for rank in range(field.size - 1, -1, -1)]
        rows.append("  " + " ".join(files))
        colour = ("Blue", "White")
        if self.winner is None:
            status = f"{colour[position.side]} to move, move {position.ply + 1}"
        elif self.winner == DRAW:
            how = ("", "move limit", "repetition")[self.ended_by]
            status = f"drawn ({how}), {position.ply} moves"
        else:
            status = f"{colour[self.winner]} won, {position.ply} moves"
        extra = (f"stables {position.stable_horses} horses, {position.stabled} travellers; "
                 f"pastures {position.pasture}")
        return "\n".join(rows + [status, extra])
