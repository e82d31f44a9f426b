"""The Man Home reference engine: the pinned rules, in plain Python.

This engine is the specification in code; the Cython kernel (``cext/manhome/play.pyx``)
must play the same games. Its randomness comes from :mod:`solver.dice`: the dice
stream for every die, the choice stream for the policies' coin flips, and it
draws them in exactly this order within a turn:

1. (choice stream) the policy's option choice, only when both options are legal;
2. (dice) new man: the row die (a d12 on the full board), then the d6 — or action: one d6;
3. (choice stream) the policy's pick among the legal moves, only when more than one;
4. (dice) on a face-off: the attacker's d6, then the defender's d6, repeated
   while they tie under ``tie = "reroll"``.

Legal moves are listed in a canonical order: the player's men by ascending
square, and for each man its distinct prime factors in ascending order.
"""
from __future__ import annotations

import copy
import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from solver.dice import Stream, game_streams
from solver.manhome.rules import DEATH, HOME, PRIME_FACTORS, SQUARES, ManHomeRules, new_man_square

EMPTY = -1
"""An empty square on the board."""


class Kind(enum.IntEnum):
    """What a turn does: roll a new man, or one of the three actions."""

    NEW_MAN = 0
    SUB_ONE = 1
    SUB_PRIME = 2
    DIV_PRIME = 3


ACTION_OF_ROLL = {1: Kind.SUB_ONE, 5: Kind.SUB_ONE, 2: Kind.SUB_PRIME, 4: Kind.SUB_PRIME,
                  3: Kind.DIV_PRIME, 6: Kind.DIV_PRIME}
"""The action a d6 roll asks for."""


class Outcome(enum.IntEnum):
    """What happened to the man that moved."""

    STAND = 0   # he stands on an empty square
    HOME = 1    # he reached Home
    DEATH = 2   # he reached 0 and returned to the reserve
    MERGE = 3   # he met his own man: one of the two returned to the reserve
    KILL = 4    # he won a face-off as attacker
    KILLED = 5  # he lost a face-off as attacker


class Move(NamedTuple):
    """A man moving from ``source`` (-1: the reserve) to ``target``."""

    source: int
    target: int


class Step(NamedTuple):
    """One turn of a game, as recorded in a trace."""

    seat: int
    kind: Kind
    source: int
    target: int
    outcome: Outcome


def action_moves(men: Sequence[int], kind: Kind) -> list[Move]:
    """The legal moves of an action, in canonical order (men ascending, primes ascending).

    >>> action_moves([18, 44], Kind.SUB_PRIME)
    [Move(source=18, target=16), Move(source=18, target=15), Move(source=44, target=42), Move(source=44, target=33)]
    >>> action_moves([44], Kind.DIV_PRIME)
    [Move(source=44, target=22), Move(source=44, target=4)]
    """
    if kind == Kind.SUB_ONE:
        return [Move(s, s - 1) for s in men]
    if kind == Kind.SUB_PRIME:
        return [Move(s, s - p) for s in men for p in PRIME_FACTORS[s]]
    if kind == Kind.DIV_PRIME:
        return [Move(s, s // p) for s in men for p in PRIME_FACTORS[s]]
    raise ValueError(f"not an action: {kind!r}")


class Policy(Protocol):
    """How a seat plays: its two decisions in a turn."""

    name: str

    def choose_new_man(self, game: "Game", seat: int, choices: Stream) -> bool:
        """True to roll a new man, False to roll an action (both are legal)."""

    def choose_move(self, game: "Game", seat: int, kind: Kind, moves: list[Move],
                    choices: Stream) -> int:
        """The index of the chosen move in ``moves`` (more than one is legal)."""


@dataclass
class Game:
    """A Man Home game in progress: board, reserves, men home and counters."""

    rules: ManHomeRules
    board: list[int] = field(default_factory=list)
    men: list[list[int]] = field(default_factory=list)
    reserve: list[int] = field(default_factory=list)
    home: list[int] = field(default_factory=list)
    to_move: int = 0
    winner: int = -1
    turns: int = 0
    decision_turns: int = 0
    turns_by_seat: list[int] = field(default_factory=list)
    kills: list[int] = field(default_factory=list)
    deaths: list[int] = field(default_factory=list)
    killed: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.rules.players
        self.board = [EMPTY] * SQUARES
        self.men = [[] for _ in range(n)]
        self.reserve = [self.rules.men_per_player] * n
        self.home = [0] * n
        self.turns_by_seat = [0] * n
        self.kills = [0] * n
        self.deaths = [0] * n
        self.killed = [0] * n

    @property
    def over(self) -> bool:
        return self.winner >= 0 or self.turns >= self.rules.max_turns

    # -- the board -----------------------------------------------------------------
    def _place(self, seat: int, square: int) -> None:
        self.board[square] = seat
        self.men[seat].append(square)
        self.men[seat].sort()

    def _lift(self, square: int) -> int:
        seat = self.board[square]
        self.board[square] = EMPTY
        self.men[seat].remove(square)
        return seat

    def _arrive(self, seat: int, square: int, dice: Stream) -> Outcome:
        """A man of ``seat`` (already off his old square or out of the reserve) arrives."""
        if square == DEATH:
            self.reserve[seat] += 1
            self.deaths[seat] += 1
            return Outcome.DEATH
        if square == HOME:
            self.home[seat] += 1
            if self.home[seat] >= self.rules.men_to_win:
                self.winner = seat
            return Outcome.HOME
        holder = self.board[square]
        if holder == EMPTY:
            self._place(seat, square)
            return Outcome.STAND
        if holder == seat:
            self.reserve[seat] += 1
            return Outcome.MERGE
        if self._attacker_wins(dice):
            self._lift(square)
            self.reserve[holder] += 1
            self.killed[holder] += 1
            self._place(seat, square)
            self.kills[seat] += 1
            return Outcome.KILL
        self.reserve[seat] += 1
        self.killed[seat] += 1
        return Outcome.KILLED

    def _attacker_wins(self, dice: Stream) -> bool:
        while True:
            attacker, defender = dice.roll(6), dice.roll(6)
            if attacker != defender:
                return attacker > defender
            if self.rules.tie != "reroll":
                return self.rules.tie == "attacker"

    # -- a turn --------------------------------------------------------------------
    def play_turn(self, policy: Policy, dice: Stream, choices: Stream) -> Step:
        """Play one turn of the seat to move; returns what happened."""
        seat = self.to_move
        can_new, can_act = self.reserve[seat] > 0, len(self.men[seat]) > 0
        decision = can_new and can_act
        new_man = policy.choose_new_man(self, seat, choices) if decision else can_new
        return self.continue_turn(policy, new_man, decision, dice, choices)

    def continue_turn(self, policy: Policy, new_man: bool, decision: bool, dice: Stream,
                      choices: Stream) -> Step:
        """The rest of a turn once the option is chosen: the roll, the pick, the move."""
        seat = self.to_move
        if new_man:
            rows = self.rules.board_rows
            square = new_man_square(dice.roll(rows), dice.roll(6), rows)
            return self.make_move(Kind.NEW_MAN, Move(-1, square), decision, dice)
        kind = ACTION_OF_ROLL[dice.roll(6)]
        moves = action_moves(self.men[seat], kind)
        if len(moves) == 1:
            return self.make_move(kind, moves[0], decision, dice)
        return self.make_move(kind, moves[policy.choose_move(self, seat, kind, moves, choices)],
                              True, dice)

    def make_move(self, kind: Kind, move: Move, decision: bool, dice: Stream) -> Step:
        """The seat to move makes ``move`` (from the reserve when its source is -1); the
        turn ends, and passes on unless it earned another."""
        seat = self.to_move
        if move.source < 0:
            self.reserve[seat] -= 1
        else:
            self._lift(move.source)
        outcome = self._arrive(seat, move.target, dice)
        self.turns += 1
        self.turns_by_seat[seat] += 1
        self.decision_turns += decision
        again = outcome in (Outcome.HOME, Outcome.KILL) and self.rules.extra_turn
        if not again:
            self.to_move = (seat + 1) % self.rules.players
        return Step(seat, kind, move.source, move.target, outcome)

    def clone(self) -> "Game":
        """An independent copy of the game in progress (for players that look ahead)."""
        twin = copy.copy(self)
        for name in ("board", "reserve", "home", "turns_by_seat", "kills", "deaths", "killed"):
            setattr(twin, name, list(getattr(self, name)))
        twin.men = [list(m) for m in self.men]
        return twin

    def check_invariants(self) -> None:
        """Conservation of men and a consistent board (for tests)."""
        for seat in range(self.rules.players):
            total = self.reserve[seat] + len(self.men[seat]) + self.home[seat]
            assert total == self.rules.men_per_player, (seat, total)
            assert self.men[seat] == sorted(self.men[seat])
            assert all(self.board[s] == seat for s in self.men[seat])
            assert all(2 <= s < self.rules.squares for s in self.men[seat])
        assert sum(s != EMPTY for s in self.board) == sum(map(len, self.men))


def play_game(rules: ManHomeRules, policies: Sequence[Policy], key: int,
              trace: list[Step] | None = None) -> Game:
    """Play the game with this key to its end (a winner, or ``max_turns``)."""
    if len(policies) != rules.players:
        raise ValueError(f"need {rules.players} policies, got {len(policies)}")
    dice, choices = game_streams(key)
    game = Game(rules)
    while not game.over:
        step = game.play_turn(policies[game.to_move], dice, choices)
        if trace is not None:
            trace.append(step)
    return game
