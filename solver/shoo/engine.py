"""The Shoo reference engine: whole games by RULES.md, perft, and the game's result row.

This engine is the specification in code (with :mod:`solver.shoo.moves`); a kernel must
play the same games from the same keys. Shoo has no dice: a game's key feeds only the
**choice** stream of :mod:`solver.dice`, from which players draw their random choices
(``random`` one ``choose(n)`` per move with two or more legal moves; the others break ties
with it). Every move is chosen by index from :func:`solver.shoo.moves.legal_moves`, in its
canonical order.

A game ends when a player wins (RULES.md rule 31), at ``max_plies`` moves (a draw, rule
32), or when a position occurs for the ``repetition``-th time (a draw, rule 33).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from solver.dice import game_streams, Stream
from solver.registry import DRAW
from solver.shoo.moves import Kind, Move, legal_moves, make_move
from solver.shoo.position import NONE, Position, start
from solver.shoo.rules import ShooRules


class Player(Protocol):
    name: str

    def choose(self, position: Position, moves: list[Move], choices: Stream) -> int:
        """The index of the chosen move among ``moves`` (two or more)."""


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of ``depth`` moves from ``position`` (a game that has
    ended has none), as chess engines count to check move generators.

    >>> from solver.shoo.rules import ShooRules
    >>> [perft(start(ShooRules(hush="off")), d) for d in (0, 1)]
    [1, 78]
    """
    if depth == 0:
        return 1
    if over(position):
        return 0
    moves = legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(make_move(position, m), depth - 1) for m in moves)


def divide(position: Position, depth: int) -> dict[Move, int]:
    """perft split by the first move, to find where two move generators disagree."""
    return {m: perft(make_move(position, m), depth - 1) for m in legal_moves(position)}


def over(position: Position) -> bool:
    """Whether the game has ended by a win or the move limit (repetition needs the game's
    history: :class:`Game`)."""
    return position.winner() is not None or position.ply >= position.rules.max_plies


ENDED_BY_WIN, ENDED_BY_LIMIT, ENDED_BY_REPETITION = 0, 1, 2
"""How a game ended: a win, the move limit (a draw), a repetition (a draw)."""


@dataclass
class Game:
    """One game in progress: the position, the positions seen, and the counters the result
    row reports."""

    position: Position
    seen: Counter = field(default_factory=Counter)
    winner: int | None = None
    """The seat that won, :data:`solver.registry.DRAW`, or None while the game goes on."""
    ended_by: int | None = None
    decision_plies: int = 0
    hushes: int = 0
    """Moves that began by hushing the opponent's last move."""
    shoos: list[int] = field(default_factory=lambda: [0, 0])
    """Shoos each seat named."""
    shoo_offs: list[int] = field(default_factory=lambda: [0, 0])
    """Travellers of each seat shooed off."""
    captures: list[int] = field(default_factory=lambda: [0, 0])
    """Horses each seat captured."""

    def __post_init__(self) -> None:
        self.seen[self.position.key()] += 1
        self._settle()

    def _settle(self) -> None:
        position, rules = self.position, self.position.rules
        won = position.winner()
        if won is not None:
            self.winner, self.ended_by = won, ENDED_BY_WIN
        elif position.ply >= rules.max_plies:
            self.winner, self.ended_by = DRAW, ENDED_BY_LIMIT
        elif rules.repetition and self.seen[position.key()] >= rules.repetition:
            self.winner, self.ended_by = DRAW, ENDED_BY_REPETITION

    def play(self, move: Move) -> None:
        """Make ``move`` (legal) and settle the result."""
        seat = self.position.side
        self.hushes += move.hush
        self.shoos[seat] += move.shoo != NONE
        self.shoo_offs[seat] += move.kind == Kind.SHOO_OFF
        self.captures[seat] += move.kind == Kind.CAPTURE
        self.position = make_move(self.position, move)
        self.seen[self.position.key()] += 1
        self._settle()

    def home(self) -> list[int]:
        """Each seat's travellers in its home area."""
        position = self.position
        return [sum(1 for s in position.travellers(seat) if position.in_home(s, seat))
                for seat in (0, 1)]

    def row(self) -> dict[str, object]:
        """The game's result as the kernel reports it (the columns of the game's spec)."""
        return {"winner": self.winner, "turns": self.position.ply,
                "decision_turns": self.decision_plies, "ended_by": self.ended_by,
                "hushes": self.hushes, "seat_shoos": self.shoos,
                "seat_shoo_offs": self.shoo_offs, "seat_captures": self.captures,
                "seat_home": self.home()}


def play_game(rules: ShooRules, players: Sequence[Player], key: int,
              position: Position | None = None) -> Game:
    """One game from the start (or ``position``) with ``players`` by seat."""
    _, choices = game_streams(key)
    game = Game(position if position is not None else start(rules))
    while game.winner is None:
        moves = legal_moves(game.position)
        if len(moves) > 1:
            game.decision_plies += 1
            pick = players[game.position.side].choose(game.position, moves, choices)
        else:
            pick = 0
        game.play(moves[pick])
    return game
