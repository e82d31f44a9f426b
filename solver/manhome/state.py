"""The Man Home reference engine: the pinned rules, in plain Python, as the decision API.

This engine is the specification in code; the Cython kernel (``cext/manhome/play.pyx``)
must play the same games. A game is a :class:`ManHomeState` (:mod:`numbergames.solver.decision`):
``ManHomeState(rules)`` is the start, and :func:`numbergames.solver.decision.play` is its one game loop.

Nodes of a turn
---------------
A turn of the seat to move is a chain of nodes; a node with one legal action is not a
node at all (the state goes straight on, as the engine never asked the player there):

=========  =========  ====================================================================
phase      node       actions / outcomes (ascending)
=========  =========  ====================================================================
OPTION     decision   ``NEW_MAN = 0`` (roll a new man), ``ACTION = 1`` (roll an action);
                      only when both are legal (men in the reserve *and* on the board)
NEW_ROLL   chance     the new man's square ``0 .. 6·board_rows − 1`` (the row die then the
                      d6; each square once, probability ``1 / squares``)
ACT_ROLL   chance     the d6 face ``1 .. 6`` (probability 1/6 each): 1, 5 subtract one;
                      2, 4 subtract a prime; 3, 6 divide by a prime
MOVE       decision   the legal moves of the rolled kind (below), only when more than one
FACE_OFF   chance     ``DEFENDER_HOLDS = 0`` or ``ATTACKER_WINS = 1`` with the tie rule's
                      odds (15/36, 21/36 or 1/2 for the attacker); the man lands on an
                      opponent's man
=========  =========  ====================================================================

then the turn ends and passes on, unless it earned another (Home or a kill, with
``extra_turn``): the next node is the same seat's. A *go* is a seat's turn with the extra
turns it earns; the next go is the next seat's under ``order`` (:func:`~numbergames.solver.
manhome.rules.seat_of_go` of the goes ended so far, ``goes``), after the seat's head-start
turns (``head_start``: ``head_left[seat]`` more turns at its first go, each a go of its own). The game ends the moment a player's
``men_to_win``-th man arrives, or when ``max_turns`` turns have been played (a draw of
every seat in :meth:`ManHomeState.returns`; winner −1 in the row).

Move actions
------------
A move is ``(kind, source square, index of the prime)`` and its action id is

    ``2 + ((kind − 1) · 72 + source) · 3 + prime_index``

(``kind`` 1, 2, 3 = subtract one, subtract a prime, divide by a prime; ``prime_index`` 0
for subtract one; 72 squares and at most 3 distinct primes below 72). The same id is the
same move in every state, and within a node the ids ascend in the canonical order of the
moves — the player's men by ascending square, and for each man its distinct prime
factors ascending — so the ``i``-th legal action is the ``i``-th move of the canonical
list, as the engine listed them before the decision API (:func:`action_moves`).

How the engine draws randomness
-------------------------------
:meth:`ManHomeState.draw_chance` draws from the dice stream exactly what the engine always
drew; the players draw from the choice stream. Within a turn:

1. (choice stream) the player's option, only at an OPTION node;
2. (dice) new man: the row die (a d12 on the full board), then the d6 — or action: one d6;
3. (choice stream) the player's pick among the legal moves, only at a MOVE node;
4. (dice) on a face-off: the attacker's d6, then the defender's d6, repeated while they
   tie under ``tie = "reroll"``.
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from numbergames.solver import decision
from numbergames.solver.decision import Action, Key, Seat
from numbergames.solver.dice import Stream
from numbergames.solver.manhome.rules import (DEATH, HOME, PRIME_FACTORS, SQUARES, ManHomeRules,
                                  head_start_turns, new_man_square, seat_of_go)

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


class Phase(enum.IntEnum):
    """Where a turn is (module docstring)."""

    OPTION = 0
    NEW_ROLL = 1
    ACT_ROLL = 2
    MOVE = 3
    FACE_OFF = 4
    OVER = 5


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


NEW_MAN = 0
"""The OPTION node's action: roll a new man."""
ACTION = 1
"""The OPTION node's action: roll an action."""
DEFENDER_HOLDS = 0
"""The FACE_OFF node's outcome: the attacker loses (his man goes to his reserve)."""
ATTACKER_WINS = 1
"""The FACE_OFF node's outcome: the attacker kills the defender's man and takes the square."""
FIRST_MOVE_ACTION = 2
"""The smallest move action."""
MOST_PRIMES = max(len(primes) for primes in PRIME_FACTORS)
"""Most distinct prime factors of one square (3 below 72)."""
D6 = len(ACTION_OF_ROLL)


def move_action(kind: Kind, source: int, prime_index: int) -> Action:
    """The action id of a move (module docstring).

    >>> move_action(Kind.SUB_ONE, 2, 0), move_action(Kind.DIV_PRIME, 44, 1)
    (8, 567)
    """
    return FIRST_MOVE_ACTION + ((kind - 1) * SQUARES + source) * MOST_PRIMES + prime_index


def decode_move(action: Action) -> tuple[Kind, Move]:
    """The kind and move of a move action.

    >>> decode_move(567)
    (<Kind.DIV_PRIME: 3>, Move(source=44, target=4))
    """
    rest, prime_index = divmod(action - FIRST_MOVE_ACTION, MOST_PRIMES)
    kind_index, source = divmod(rest, SQUARES)
    kind = Kind(kind_index + 1)
    if kind == Kind.SUB_ONE:
        if prime_index:
            raise ValueError(f"not a move action: {action}")
        return kind, Move(source, source - 1)
    p = PRIME_FACTORS[source][prime_index]
    return kind, Move(source, source - p if kind == Kind.SUB_PRIME else source // p)


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


def action_ids(men: Sequence[int], kind: Kind) -> list[int]:
    """The action ids of :func:`action_moves` (same order: ascending)."""
    if kind == Kind.SUB_ONE:
        return [move_action(kind, s, 0) for s in men]
    return [move_action(kind, s, j) for s in men for j in range(len(PRIME_FACTORS[s]))]


def size(rules: ManHomeRules) -> decision.Size:
    """How large the game is: every action below ``2 + 3 · 72 · 3``; chance outcomes are
    squares (below ``6 · board_rows``), d6 faces (below 7) or a face-off's 0/1; a turn
    has at most four nodes (option, roll, move, face-off) and a game ``max_turns`` turns."""
    return decision.Size(num_distinct_actions=FIRST_MOVE_ACTION + 3 * SQUARES * MOST_PRIMES,
                         max_chance_outcomes=max(rules.squares, D6 + 1),
                         max_game_length=4 * rules.max_turns)


class ManHomeState(decision.State):
    """A Man Home game in progress: board, reserves, men home, counters and where the
    turn is (module docstring). Players may read ``board``, ``men`` (each seat's squares,
    ascending), ``reserve``, ``home``, ``to_move``, ``phase``, ``kind`` (the rolled kind at
    a MOVE node) and :meth:`moves`."""

    def __init__(self, rules: ManHomeRules, steps: list[Step] | None = None) -> None:
        n = rules.players
        self.rules = rules
        self.num_players = n
        self.board = [EMPTY] * SQUARES
        self.men: list[list[int]] = [[] for _ in range(n)]
        self.reserve = [rules.men_per_player] * n
        self.home = [0] * n
        self.to_move = 0
        self.goes = 0
        """Goes ended so far (the next go's place in the order of goes)."""
        self.head_left = [head_start_turns(rules.head_start, n, seat) for seat in range(n)]
        """Head-start turns each seat still takes when its (first) go ends."""
        self.winner = -1
        self.turns = 0
        self.decision_turns = 0
        self.turns_by_seat = [0] * n
        self.kills = [0] * n
        self.deaths = [0] * n
        self.killed = [0] * n
        self.phase = Phase.OPTION
        self.kind = Kind.NEW_MAN
        """The kind of the turn once rolled (MOVE, FACE_OFF)."""
        self.decision = False
        """Whether this turn has had a choice so far (it counts in ``decision_turns``)."""
        self.pending: Move | None = None
        """The move waiting for its face-off (FACE_OFF)."""
        self._moves: list[Move] = []
        self._actions: list[int] = []
        self.steps = steps
        """A list that gets every turn's :class:`Step` (None: no trace; a clone has none)."""
        self._start_turn()

    @classmethod
    def setup(cls, rules: ManHomeRules, men: dict[int, Sequence[int]],
              home: dict[int, int] | None = None, to_move: int = 0) -> "ManHomeState":
        """A position at the start of ``to_move``'s turn: men on the board
        (``{seat: squares}``), men home (``{seat: count}``), the rest in the reserves.

        >>> print(ManHomeState.setup(ManHomeRules(), {0: [12, 6], 1: [9]}, {1: 2}, to_move=1))
         seat 0: home 0, reserve 4, men [6, 12]
        *seat 1: home 2, reserve 3, men [9]
        turn 1: option
        """
        state = cls(rules)
        for seat, squares in men.items():
            for s in squares:
                if not 2 <= s < rules.squares or state.board[s] != EMPTY:
                    raise ValueError(f"cannot put a man of seat {seat} on {s}")
                state._place(seat, s)
                state.reserve[seat] -= 1
        for seat, count in (home or {}).items():
            state.home[seat] += count
            state.reserve[seat] -= count
        state.to_move = to_move
        state.check_invariants()
        state._start_turn()
        return state

    # -- the decision API ------------------------------------------------------------
    def current_player(self) -> Seat:
        phase = self.phase
        if phase == Phase.OPTION or phase == Phase.MOVE:
            return self.to_move
        if phase == Phase.OVER:
            return decision.TERMINAL
        return decision.CHANCE

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.OPTION:
            return [NEW_MAN, ACTION]
        if phase == Phase.MOVE:
            return list(self._actions)
        if phase == Phase.OVER:
            return []
        return [outcome for outcome, _ in self.chance_outcomes()]

    def moves(self) -> list[Move]:
        """At a MOVE node, the moves of :meth:`legal_actions`, in the same order."""
        return list(self._moves) if self.phase == Phase.MOVE else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == Phase.NEW_ROLL:
            rows = self.rules.board_rows
            count: dict[int, int] = {}
            for row_die in range(1, rows + 1):
                for d6 in range(1, D6 + 1):
                    square = new_man_square(row_die, d6, rows)
                    count[square] = count.get(square, 0) + 1
            total = rows * D6
            return [(square, float(Fraction(count[square], total))) for square in sorted(count)]
        if phase == Phase.ACT_ROLL:
            return [(face, 1.0 / D6) for face in range(1, D6 + 1)]
        if phase == Phase.FACE_OFF:
            num, den = self.rules.attacker_win_chance
            return [(DEFENDER_HOLDS, float(Fraction(den - num, den))),
                    (ATTACKER_WINS, float(Fraction(num, den)))]
        raise ValueError("not a chance node")

    def draw_chance(self, dice: Stream) -> Action:
        phase = self.phase
        if phase == Phase.NEW_ROLL:
            rows = self.rules.board_rows
            row_die = dice.roll(rows)
            return new_man_square(row_die, dice.roll(D6), rows)
        if phase == Phase.ACT_ROLL:
            return dice.roll(D6)
        if phase == Phase.FACE_OFF:
            while True:
                attacker, defender = dice.roll(D6), dice.roll(D6)
                if attacker != defender:
                    return ATTACKER_WINS if attacker > defender else DEFENDER_HOLDS
                if self.rules.tie != "reroll":
                    return ATTACKER_WINS if self.rules.tie == "attacker" else DEFENDER_HOLDS
        raise ValueError("not a chance node")

    def apply_action(self, action: Action) -> None:
        phase = self.phase
        if phase == Phase.OPTION:
            if action == NEW_MAN:
                self.phase = Phase.NEW_ROLL
            elif action == ACTION:
                self.phase = Phase.ACT_ROLL
            else:
                raise ValueError(f"illegal option {action}: 0 (new man) or 1 (action)")
        elif phase == Phase.NEW_ROLL:
            if not 0 <= action < self.rules.squares:
                raise ValueError(f"illegal square {action} for a new man")
            self._move(Kind.NEW_MAN, Move(-1, action))
        elif phase == Phase.ACT_ROLL:
            kind = ACTION_OF_ROLL[action]
            moves = action_moves(self.men[self.to_move], kind)
            if len(moves) == 1:
                self._move(kind, moves[0])
            else:
                self.phase, self.kind, self.decision = Phase.MOVE, kind, True
                self._moves, self._actions = moves, action_ids(self.men[self.to_move], kind)
        elif phase == Phase.MOVE:
            try:
                move = self._moves[self._actions.index(action)]
            except ValueError:
                raise ValueError(f"illegal move action {action}; legal: {self._actions}") from None
            self._moves, self._actions = [], []
            self._move(self.kind, move)
        elif phase == Phase.FACE_OFF:
            if action not in (DEFENDER_HOLDS, ATTACKER_WINS):
                raise ValueError(f"illegal face-off outcome {action}")
            move, self.pending = self.pending, None
            self._finish(self.kind, move, action == ATTACKER_WINS)
        else:
            raise ValueError("the game is over")

    def clone(self) -> "ManHomeState":
        twin = object.__new__(ManHomeState)
        twin.__dict__.update(self.__dict__)
        for name in ("board", "reserve", "home", "turns_by_seat", "kills", "deaths", "killed",
                     "head_left"):
            setattr(twin, name, list(getattr(self, name)))
        twin.men = [list(m) for m in self.men]
        twin.steps = None   # a copy (a search's playout) records no trace
        return twin

    def _key(self) -> tuple:
        return (self.rules, self.board, self.reserve, self.home, self.to_move, self.goes,
                self.head_left, self.winner,
                self.turns, self.decision_turns, self.turns_by_seat, self.kills, self.deaths,
                self.killed, self.phase, self.kind if self.phase in (Phase.MOVE, Phase.FACE_OFF)
                else None, self.decision, self.pending, self._actions)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ManHomeState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def returns(self) -> list[float]:
        if self.phase != Phase.OVER:
            return [0.0] * self.num_players
        return decision.win_returns(self.num_players, [self.winner] if self.winner >= 0 else [])

    def action_to_string(self, action: Action) -> str:
        phase = self.phase
        if phase == Phase.OPTION:
            return {NEW_MAN: "new man", ACTION: "action"}.get(action, f"?{action}")
        if phase == Phase.NEW_ROLL:
            return f"new man on {action}"
        if phase == Phase.ACT_ROLL:
            return f"d6 {action}: {ACTION_OF_ROLL[action].name.lower().replace('_', ' ')}"
        if phase == Phase.FACE_OFF:
            return "attacker wins" if action == ATTACKER_WINS else "defender holds"
        kind, (source, target) = decode_move(action)
        if kind == Kind.SUB_ONE:
            return f"{source} - 1 = {target}"
        if kind == Kind.SUB_PRIME:
            return f"{source} - {source - target} = {target}"
        return f"{source} / {source // target} = {target}"

    def __str__(self) -> str:
        lines = []
        for seat in range(self.num_players):
            mark = "*" if seat == self.to_move and self.phase != Phase.OVER else " "
            lines.append(f"{mark}seat {seat}: home {self.home[seat]}, reserve "
                         f"{self.reserve[seat]}, men {self.men[seat]}")
        if self.phase == Phase.OVER:
            end = f"won by seat {self.winner}" if self.winner >= 0 else "cut off"
            lines.append(f"over after {self.turns} turns: {end}")
        else:
            where = self.phase.name.lower().replace("_", " ")
            if self.phase in (Phase.MOVE, Phase.FACE_OFF):
                where += f" ({self.kind.name.lower().replace('_', ' ')})"
            if self.pending is not None:
                where += f" {self.pending.source} -> {self.pending.target}"
            lines.append(f"turn {self.turns + 1}: {where}")
        return "\n".join(lines)

    def row(self) -> dict[str, Any]:
        return {"winner": self.winner, "turns": self.turns,
                "decision_turns": self.decision_turns, "seat_turns": self.turns_by_seat,
                "seat_home": self.home, "seat_kills": self.kills, "seat_deaths": self.deaths,
                "seat_killed": self.killed}

    # -- the rules ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def _start_turn(self) -> None:
        """The next turn's first node (or the end)."""
        if self.winner >= 0 or self.turns >= self.rules.max_turns:
            self.phase = Phase.OVER
            return
        seat = self.to_move
        can_new, can_act = self.reserve[seat] > 0, len(self.men[seat]) > 0
        self.decision = can_new and can_act
        self.kind = Kind.NEW_MAN
        if self.decision:
            self.phase = Phase.OPTION
        else:
            self.phase = Phase.NEW_ROLL if can_new else Phase.ACT_ROLL

    def _place(self, seat: int, square: int) -> None:
        self.board[square] = seat
        self.men[seat].append(square)
        self.men[seat].sort()

    def _lift(self, square: int) -> int:
        seat = self.board[square]
        self.board[square] = EMPTY
        self.men[seat].remove(square)
        return seat

    def _move(self, kind: Kind, move: Move) -> None:
        """The seat to move makes ``move``: at once, or after a face-off."""
        target = move.target
        if target > HOME and self.board[target] not in (EMPTY, self.to_move):
            self.phase, self.kind, self.pending = Phase.FACE_OFF, kind, move
            return
        self._finish(kind, move, False)

    def _finish(self, kind: Kind, move: Move, attacker_wins: bool) -> None:
        """The move is made (with the face-off's result, if any); the turn ends."""
        seat = self.to_move
        if move.source < 0:
            self.reserve[seat] -= 1
        else:
            self._lift(move.source)
        outcome = self._arrive(seat, move.target, attacker_wins)
        self.turns += 1
        self.turns_by_seat[seat] += 1
        self.decision_turns += self.decision
        if not (outcome in (Outcome.HOME, Outcome.KILL) and self.rules.extra_turn):
            self.to_move = self._next_go(seat)
        if self.steps is not None:
            self.steps.append(Step(seat, kind, move.source, move.target, outcome))
        self._start_turn()

    def _next_go(self, seat: int) -> int:
        """The seat to move when ``seat``'s go ends: itself again while it has head-start
        turns left, else the next go's seat under ``order``."""
        if self.head_left[seat]:
            self.head_left[seat] -= 1
            return seat
        self.goes += 1
        if self.rules.order == "fixed":
            return (seat + 1) % self.num_players
        return seat_of_go(self.rules.order, self.num_players, self.goes)

    def _arrive(self, seat: int, square: int, attacker_wins: bool) -> Outcome:
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
        if attacker_wins:
            self._lift(square)
            self.reserve[holder] += 1
            self.killed[holder] += 1
            self._place(seat, square)
            self.kills[seat] += 1
            return Outcome.KILL
        self.reserve[seat] += 1
        self.killed[seat] += 1
        return Outcome.KILLED

    def check_invariants(self) -> None:
        """Conservation of men and a consistent board (for tests)."""
        for seat in range(self.num_players):
            total = self.reserve[seat] + len(self.men[seat]) + self.home[seat]
            assert total == self.rules.men_per_player, (seat, total)
            assert self.men[seat] == sorted(self.men[seat])
            assert all(self.board[s] == seat for s in self.men[seat])
            assert all(2 <= s < self.rules.squares for s in self.men[seat])
        assert sum(s != EMPTY for s in self.board) == sum(map(len, self.men))


def play_game(rules: ManHomeRules, players: Sequence[decision.Player], key: Key,
              trace: list[Step] | None = None) -> ManHomeState:
    """The game with this key played to its end by :func:`numbergames.solver.decision.play`; ``trace``,
    if given, gets every turn's :class:`Step`."""
    if len(players) != rules.players:
        raise ValueError(f"need {rules.players} players, got {len(players)}")
    return decision.play(ManHomeState(rules, steps=trace), players, key)
