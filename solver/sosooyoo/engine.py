"""The So-Soo-Yoo reference engine: every rule of RULES.md, in plain Python.

This engine is the specification in code; a kernel must play the same games from the same
keys. The game is a sequence of nodes (:mod:`numbergames.solver.decision`): the engine's steps — the
set-up and each turn — are generators that *yield* a :class:`Node` wherever a die is
rolled or a player decides, and are sent back the outcome or the chosen option;
:class:`numbergames.solver.sosooyoo.state.SoSooYooState` drives them and is the game's decision API.
Its randomness comes from :mod:`numbergames.solver.dice`: the game's **dice** stream gives every die
and the say-the-numbers slips (:meth:`SoSooYooState.draw_chance`), the **choice** stream
every random choice a player makes. Chance nodes (:class:`Chance`), in the order they
happen:

* ``PLACEMENT`` (pieces, rings, random bumps): ``below(20)`` (the d20, tens) then
  ``below(10)`` (the d10, units), read as 0..199 (rule 5);
* ``MOVES``, the turn's moves die: ``below(6) + 1``;
* ``SAY``, a say-the-numbers slip (only when ``say_error > 0``), after each landing's
  effects: one word ``w``; the player fails (outcome 1) when
  ``w >> 11 < round(say_error * 2**53)``.

Every decision node lists its options in canonical order (:class:`Decision`; a list of one
option is a node too, applied without asking the player):

=========== ======================== ==============================================
decision    who chooses              options
=========== ======================== ==============================================
MOVE        the mover                the targets of its space, ascending (rule 14)
BUMP_TO     the bumper               the bumped piece's targets that hold no piece of
                                     the bump chain, ascending, then 0 = a random bump
TAKE_RING   the bumper               the colours the bumped piece holds, ascending
LOSE_RING   the next player (double  the colours the loser holds, ascending
            zero), the bumped player
            (random bump)
DISCARD     the holder (an eleventh  the colours it holds, ascending
            ring on its own turn)
END         the mover                0 nothing; 1 + j swap with seat j (j ascending);
                                     7 + c discard colour c (c ascending)
=========== ======================== ==============================================

Rings returned to the bone yard while their colour is off the board are placed again at
the end of the landing (or bump, or end-of-turn action) that returned them, lowest colour
first, by the mover (RULES.md rule 19).
"""
from __future__ import annotations

import copy
import enum
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from numbergames.solver.registry import UNFINISHED
from numbergames.solver.sosooyoo.board import board_flags, move_table, states_product
from numbergames.solver.sosooyoo.rules import (COLOURS, WIN_RINGS, SoSooYooRules, seat_of_turn,
                                             start_rings_of)

NCOL = len(COLOURS)
"""Colours of rings (all six are in play whatever the number of players)."""
NOBODY = -1
"""No seat (no piece on a space, nobody's turn during set-up)."""
RANDOM_BUMP = 0
"""The BUMP_TO option that rolls the placement dice for the new space."""
END_NOTHING, END_SWAP, END_DISCARD = 0, 1, 7
"""END options: nothing, ``END_SWAP + seat``, ``END_DISCARD + colour``."""
TENS_DIE, UNITS_DIE = 20, 10
"""The placement dice (rule 5): a d20 for the tens and a d10 for the units, read as 0..199."""
MOVE_DIE = 6
"""The die of a turn's moves: 1..6."""
SAY_BITS = 53
"""A say slip compares the top 53 bits of a dice word with ``say_error * 2**53``."""


class Decision(enum.IntEnum):
    MOVE = 0
    BUMP_TO = 1
    TAKE_RING = 2
    LOSE_RING = 3
    DISCARD = 4
    END = 5


class WinKind(enum.IntEnum):
    NONE = 0
    POPSICLE = 1
    RAINBOW = 2


class DecidedBy(enum.IntEnum):
    """What the winner's last turn used (RULES.md, rule 36)."""

    PLAIN = 0
    BUMP = 1
    SWAP = 2
    DOUBLE_ZERO = 3


class Chance(enum.IntEnum):
    """The chance nodes (module docstring); numbered after :class:`Decision`."""

    PLACEMENT = 6
    MOVES = 7
    SAY = 8


class Node(NamedTuple):
    """What a step of the engine waits for: a :class:`Decision` of ``chooser`` about
    ``subject`` between ``options`` (canonical order), or a :class:`Chance` (chooser
    :data:`NOBODY`, no options)."""

    kind: int
    chooser: int = NOBODY
    subject: int = NOBODY
    options: tuple[int, ...] | list[int] = ()

    @property
    def chance(self) -> bool:
        return self.kind >= Chance.PLACEMENT


PLACEMENT_NODE, MOVES_NODE, SAY_NODE = (Node(kind) for kind in Chance)

Step = Generator[Node, int, None]
"""A step of the engine: yields the nodes it meets, is sent their outcomes."""


def is_win(held: Sequence[int]) -> bool:
    """Exactly six rings, all of one colour or one of each colour (rule 31).

    >>> is_win([6, 0, 0, 0, 0, 0]), is_win([1] * 6), is_win([5, 1, 0, 0, 0, 0]), is_win([7, 0, 0, 0, 0, 0])
    (True, True, False, False)
    """
    return sum(held) == WIN_RINGS and (max(held) == WIN_RINGS or min(held) == 1)


def win_kind(held: Sequence[int]) -> WinKind:
    if not is_win(held):
        return WinKind.NONE
    return WinKind.POPSICLE if max(held) == WIN_RINGS else WinKind.RAINBOW


def say_threshold(say_error: float) -> int:
    """The integer a slip's 53 bits are compared with (rule 35)."""
    return int(round(say_error * (1 << SAY_BITS)))


def says_wrong(word: int, threshold: int) -> bool:
    """Whether a dice word is a failed say-the-numbers (rule 35)."""
    return (word >> (64 - SAY_BITS)) < threshold


@dataclass
class Game:
    """A So-Soo-Yoo game's position and counters, and its rules as generator steps."""

    rules: SoSooYooRules
    table: tuple[tuple[int, ...], ...] = ()
    pos: list[int] = field(default_factory=list)
    """Each seat's space."""
    held: list[list[int]] = field(default_factory=list)
    """``held[seat][colour]``: rings on each piece."""
    ring_space: list[int] = field(default_factory=list)
    """Per colour: the space of its ring on the board, or 0 (none on the board)."""
    boneyard: list[int] = field(default_factory=list)
    in_hand: int = -1
    """The colour of the ring being rolled onto the board, or -1 (none)."""
    mover: int = NOBODY
    to_move: int = 0
    winner: int = UNFINISHED
    turns: int = 0
    decision_turns: int = 0
    moves_left: int = 0
    """During a turn: the moves still to make, the one being chosen included."""
    roll: int = 0
    """The turn's moves die (0 before it is rolled, or in a turn won without rolling)."""
    # counters
    landings: list[int] = field(default_factory=list)
    bumps: list[int] = field(default_factory=list)
    swaps: list[int] = field(default_factory=list)
    double_zeros: int = 0
    visited: set[int] = field(default_factory=set)
    said: list[set[int]] = field(default_factory=list)
    """Per seat: the spaces its player has landed on (and said the numbers of)."""
    win_kind: int = 0
    decided_by: int = 0
    # this turn
    taken: set[int] = field(default_factory=set)
    decided: bool = False
    turn_bumped: bool = False
    turn_swapped: bool = False
    turn_double_zero: bool = False
    trace: list[tuple[int, int, int, int]] | None = None
    """When a list: every decision as ``(decision, chooser, subject, chosen option)``."""

    def __post_init__(self) -> None:
        r = self.rules
        n = r.players
        self.table = move_table(**board_flags(r))
        self.pos = [0] * n
        self.held = [[0] * NCOL for _ in range(n)]
        self.ring_space = [0] * NCOL
        self.boneyard = [r.rings_per_colour] * NCOL
        self.landings, self.bumps, self.swaps = [0] * n, [0] * n, [0] * n
        self.said = [set() for _ in range(n)]
        self.say_threshold = say_threshold(r.say_error)

    @property
    def over(self) -> bool:
        return self.winner >= 0 or self.turns >= self.rules.max_turns

    # -- asking the players ----------------------------------------------------------
    def ask(self, chooser: int, decision: Decision, subject: int,
            options: list[int]) -> Generator[Node, int, int]:
        """The option ``chooser`` picks: a decision node (a turn with a node of two or
        more options is a decision turn)."""
        option = yield Node(int(decision), chooser, subject, options)
        if len(options) > 1:
            self.decided = True
        if self.trace is not None:
            self.trace.append((int(decision), chooser, subject, option))
        return option

    def piece_at(self, space: int, *, besides: int = NOBODY) -> int:
        """The seat whose piece is on ``space`` (the lowest, besides one), or NOBODY."""
        for seat, p in enumerate(self.pos):
            if p == space and seat != besides:
                return seat
        return NOBODY

    # -- the placement dice ----------------------------------------------------------
    def roll_placement(self) -> Generator[Node, int, int]:
        """One roll of the d20 and d10: 0..199 (rule 5); counts double zeros."""
        number = yield PLACEMENT_NODE
        if number == 0:
            self.double_zeros += 1
            if self.mover != NOBODY:
                self.turn_double_zero = True
        return number

    def lose_ring(self, loser: int, chooser: int) -> Step:
        """``loser`` loses a ring chosen by ``chooser`` to the bone yard (rules 6, 24)."""
        options = [c for c in range(NCOL) if self.held[loser][c]]
        if options:
            c = yield from self.ask(chooser, Decision.LOSE_RING, loser, options)
            self.held[loser][c] -= 1
            self.boneyard[c] += 1

    def receive(self, seat: int, colour: int) -> Step:
        """A ring comes onto ``seat``'s piece: at the limit it goes to the bone yard when
        it is not that seat's turn, else the seat discards one (rule 18)."""
        held = self.held[seat]
        if sum(held) >= self.rules.ring_limit and seat != self.mover:
            self.boneyard[colour] += 1
            return
        held[colour] += 1
        if sum(held) > self.rules.ring_limit:
            c = yield from self.ask(seat, Decision.DISCARD, seat,
                                    [c for c in range(NCOL) if held[c]])
            held[c] -= 1
            self.boneyard[c] += 1

    def place_ring(self, colour: int) -> Step:
        """Take a ring of ``colour`` from the bone yard and roll it onto the board (rules
        6, 9, 16, 20); a ring landing on a piece goes onto it and another is rolled."""
        r = self.rules
        self.boneyard[colour] -= 1
        self.in_hand = colour
        while True:
            n = yield from self.roll_placement()
            if n == 0:
                if self.mover != NOBODY and r.double_zero == "lose_ring":
                    yield from self.lose_ring(self.mover, (self.mover + 1) % r.players)
                continue
            if n > r.board_size:
                continue
            if r.ring_on_ring == "reroll" and n in self.ring_space:
                continue
            holder = self.piece_at(n)
            if holder != NOBODY:
                self.in_hand = -1
                yield from self.receive(holder, colour)
                if self.boneyard[colour] == 0:
                    return
                self.boneyard[colour] -= 1
                self.in_hand = colour
                continue
            self.in_hand = -1
            self.ring_space[colour] = n
            return

    def replenish(self) -> Step:
        """Place a ring of every colour that is off the board but in the bone yard, lowest
        colour first, until none is (rule 19)."""
        while True:
            for c in range(NCOL):
                if self.ring_space[c] == 0 and self.boneyard[c] > 0:
                    yield from self.place_ring(c)
                    break
            else:
                return

    # -- set-up ----------------------------------------------------------------------
    def set_up(self) -> Step:
        """Pieces in seat order, the later seats' start rings, then one ring of each
        colour (rules 8, 9, 39)."""
        r = self.rules
        for seat in range(r.players):
            while True:
                n = yield from self.roll_placement()
                if 1 <= n <= r.board_size and self.piece_at(n) == NOBODY:
                    self.pos[seat] = n
                    break
        if r.start_rings:
            for seat in range(r.players):
                rings = start_rings_of(r.start_rings, r.players, seat)
                self.held[seat][seat] += rings
                self.boneyard[seat] -= rings
        yield from self.replenish()

    # -- winning -----------------------------------------------------------------------
    def end_options(self, seat: int) -> list[int]:
        """The end-of-turn actions of ``seat`` in canonical order (rules 28-30)."""
        held = self.held[seat]
        options = [END_NOTHING]
        if self.rules.swaps:
            options += [END_SWAP + j for j in range(self.rules.players)
                        if j != seat and held[j] and self.held[j][seat]]
        options += [END_DISCARD + c for c in range(NCOL) if held[c]]
        return options

    def after_end(self, seat: int, action: int, held: list[int] | None = None) -> list[int]:
        """``seat``'s rings after an end-of-turn action (from ``held`` if given)."""
        after = list(self.held[seat] if held is None else held)
        if END_SWAP <= action < END_DISCARD:
            after[action - END_SWAP] -= 1
            after[seat] += 1
        elif action >= END_DISCARD:
            after[action - END_DISCARD] -= 1
        return after

    def completes_win(self, seat: int, colour: int) -> bool:
        """Whether collecting a ring of ``colour`` would give ``seat`` a win at once, after
        one discard or after one swap possible now (rule 17)."""
        held = list(self.held[seat])
        held[colour] += 1
        if is_win(held):
            return True
        if any(is_win(self.after_end(seat, END_DISCARD + c, held)) for c in range(NCOL) if held[c]):
            return True
        return self.rules.swaps and any(
            is_win(self.after_end(seat, END_SWAP + j, held)) for j in range(self.rules.players)
            if j != seat and held[j] and self.held[j][seat])

    def apply_end(self, seat: int, action: int) -> Step:
        if END_SWAP <= action < END_DISCARD:
            j = action - END_SWAP
            self.held[seat][j] -= 1
            self.held[j][j] += 1
            self.held[j][seat] -= 1
            self.held[seat][seat] += 1
            self.swaps[seat] += 1
            self.turn_swapped = True
        elif action >= END_DISCARD:
            c = action - END_DISCARD
            self.held[seat][c] -= 1
            self.boneyard[c] += 1
            yield from self.replenish()

    # -- moving and bumping ------------------------------------------------------------
    def land(self, seat: int, space: int, last: bool) -> Step:
        """The mover lands on ``space``: collect its rings (rule 16, exact count rule 17),
        bump the piece there (rules 21-26), then place returned rings (rule 19)."""
        self.pos[seat] = space
        self.landings[seat] += 1
        self.visited.add(space)
        self.said[seat].add(space)
        for c in range(NCOL):
            if self.ring_space[c] == space:
                if self.rules.exact_count and not last and self.completes_win(seat, c):
                    continue
                self.ring_space[c] = 0
                yield from self.receive(seat, c)
        victim = self.piece_at(space, besides=seat)
        if victim != NOBODY:
            yield from self.bump(seat, victim, [seat, victim])
        yield from self.replenish()

    def bump(self, bumper: int, victim: int, chain: list[int]) -> Step:
        """``bumper`` bumps ``victim``: one ring off it (at most one a turn), then to a
        target of its space or a random space; a piece there is bumped in turn."""
        r = self.rules
        self.bumps[bumper] += 1
        self.turn_bumped = True
        if victim not in self.taken:
            options = [c for c in range(NCOL) if self.held[victim][c]]
            if options:
                c = yield from self.ask(bumper, Decision.TAKE_RING, victim, options)
                self.held[victim][c] -= 1
                self.boneyard[c] += 1
                self.taken.add(victim)
        blocked = {self.pos[s] for s in chain}
        options = [m for m in self.table[self.pos[victim]] if m not in blocked]
        if r.random_bumps:
            options.append(RANDOM_BUMP)
        if not options:
            return                    # nowhere to go: it stays (rule 26)
        space = yield from self.ask(bumper, Decision.BUMP_TO, victim, options)
        if space == RANDOM_BUMP:
            space = yield from self.random_bump(bumper, victim, blocked)
        self.pos[victim] = space
        third = self.piece_at(space, besides=victim)
        if third != NOBODY:
            yield from self.bump(bumper, third, chain + [third])
        if r.bumped_collects:
            for c in range(NCOL):
                if self.ring_space[c] == space:
                    self.ring_space[c] = 0
                    yield from self.receive(victim, c)

    def random_bump(self, bumper: int, victim: int,
                    blocked: set[int]) -> Generator[Node, int, int]:
        """Roll the placement dice for the bumped piece's new space (rule 24)."""
        r = self.rules
        while True:
            n = yield from self.roll_placement()
            if n == 0:
                if r.double_zero == "lose_ring":
                    yield from self.lose_ring(bumper, victim)
                continue
            if n == self.pos[victim]:
                if r.random_bump_own_space == "lose_ring":
                    yield from self.lose_ring(bumper, victim)
                continue
            if n > r.board_size or n in blocked:
                continue
            return n

    # -- a turn ------------------------------------------------------------------------
    def winning_action(self, seat: int) -> int | None:
        """The first end action (nothing first) that wins at once, or None (rule 33)."""
        for action in self.end_options(seat):
            if is_win(self.after_end(seat, action)):
                return action
        return None

    def start_turn(self) -> None:
        self.mover = self.to_move
        self.taken = set()
        self.roll = 0
        self.decided = self.turn_bumped = self.turn_swapped = self.turn_double_zero = False

    def play_turn(self) -> Step:
        """The mover's whole turn: a win without rolling, or roll, move, end (rule 10)."""
        self.start_turn()
        seat = self.mover
        if self.rules.no_roll_win:
            action = self.winning_action(seat)
            if action is not None:
                yield from self.apply_end(seat, action)
                self.finish_turn()
                return
        self.roll = yield MOVES_NODE
        yield from self.play_moves(self.roll)

    def play_moves(self, moves: int) -> Step:
        """The rest of the mover's turn with ``moves`` moves to make, then its end."""
        seat = self.mover
        failed = False
        for left in range(moves, 0, -1):
            self.moves_left = left
            space = yield from self.ask(seat, Decision.MOVE, seat, list(self.table[self.pos[seat]]))
            yield from self.land(seat, space, last=left == 1)
            if self.say_threshold and (yield SAY_NODE):
                failed = True
                break
        self.moves_left = 0
        if not failed or self.rules.say_fail == "moves_only":
            action = yield from self.ask(seat, Decision.END, seat, self.end_options(seat))
            yield from self.apply_end(seat, action)
        self.finish_turn()

    def finish_turn(self) -> None:
        seat = self.mover
        if is_win(self.held[seat]):
            self.winner = seat
            self.win_kind = int(win_kind(self.held[seat]))
            self.decided_by = int(DecidedBy.SWAP if self.turn_swapped else DecidedBy.BUMP
                                  if self.turn_bumped else DecidedBy.DOUBLE_ZERO
                                  if self.turn_double_zero else DecidedBy.PLAIN)
        self.turns += 1
        self.decision_turns += self.decided
        if self.rules.order == "fixed":
            self.to_move = (seat + 1) % self.rules.players
        else:
            self.to_move = seat_of_turn(self.rules.order, self.rules.players, self.turns)
        self.mover = NOBODY

    # -- copies and checks -------------------------------------------------------------
    def copy(self) -> "Game":
        """An independent copy (without the trace)."""
        twin = copy.copy(self)
        twin.trace = None
        twin.pos, twin.ring_space, twin.boneyard = list(self.pos), list(self.ring_space), list(self.boneyard)
        twin.held = [list(h) for h in self.held]
        twin.landings, twin.bumps, twin.swaps = list(self.landings), list(self.bumps), list(self.swaps)
        twin.visited, twin.taken = set(self.visited), set(self.taken)
        twin.said = [set(s) for s in self.said]
        return twin

    def key(self) -> tuple:
        """Everything that matters for the rest of the game and its result row (what
        equal positions share)."""
        return (self.rules, tuple(self.pos), tuple(map(tuple, self.held)),
                tuple(self.ring_space), tuple(self.boneyard), self.in_hand, self.mover,
                self.to_move, self.winner, self.turns, self.decision_turns, self.moves_left,
                self.roll, tuple(self.landings), tuple(self.bumps), tuple(self.swaps),
                self.double_zeros, frozenset(self.visited), tuple(map(frozenset, self.said)),
                self.win_kind, self.decided_by, frozenset(self.taken), self.decided,
                self.turn_bumped, self.turn_swapped, self.turn_double_zero)

    def check_rings(self, limit: int | None = None) -> None:
        """Every ring accounted for (board, pieces, bone yard, the one being rolled) and
        none over the limit; holds at every step (a test checks it at every decision)."""
        r = self.rules
        for c in range(NCOL):
            on_board = int(self.ring_space[c] != 0)
            total = (on_board + self.boneyard[c] + sum(h[c] for h in self.held)
                     + (self.in_hand == c))
            assert total == r.rings_per_colour, (c, total)
            assert self.boneyard[c] >= 0 and 0 <= self.ring_space[c] <= r.board_size
        for seat in range(r.players):
            assert all(x >= 0 for x in self.held[seat])
            assert sum(self.held[seat]) <= (r.ring_limit if limit is None else limit)
            assert 1 <= self.pos[seat] <= r.board_size

    def check_invariants(self) -> None:
        """:meth:`check_rings`, and between turns: every colour with a ring in the bone
        yard has one on the board, no two pieces share a space (for tests)."""
        r = self.rules
        self.check_rings()
        assert self.in_hand == -1
        for c in range(NCOL):
            assert self.ring_space[c] or self.boneyard[c] == 0, c
        if r.random_bumps:            # without random bumps a piece may have nowhere to go
            assert len(set(self.pos)) == r.players
        if r.ring_on_ring == "reroll":
            spaces = [s for s in self.ring_space if s]
            assert len(set(spaces)) == len(spaces)

    def row(self) -> dict[str, object]:
        """The game's result row, as the kernels report it."""
        players = self.rules.players
        return {"winner": self.winner, "turns": self.turns, "decision_turns": self.decision_turns,
                "win_kind": self.win_kind, "double_zeros": self.double_zeros,
                "bumps": sum(self.bumps), "swaps": sum(self.swaps),
                "decided_by": self.decided_by, "distinct_spaces": len(self.visited),
                "rounds": (self.turns + players - 1) // players,
                "seat_rings": [sum(h) for h in self.held], "seat_landings": list(self.landings),
                "seat_bumps": list(self.bumps), "seat_swaps": list(self.swaps),
                "seat_spaces": [len(s) for s in self.said],
                "seat_facts": [sum(map(states_product, s)) for s in self.said]}
