"""So-Soo-Yoo's decision API (:mod:`numbergames.solver.decision`): :class:`SoSooYooState`.

The state drives the reference engine's steps (:mod:`numbergames.solver.sosooyoo.engine`: the set-up,
then one turn after another) from node to node. A turn is a chain of nodes:

=========== ============ =================================== ==========================
node        player       legal actions (ascending = the      probability
                         engine's canonical order)
=========== ============ =================================== ==========================
set-up      CHANCE       placement rolls: outcome 0..199     1/200 each
MOVES       CHANCE       the moves die: outcome 1..6         1/6 each
MOVE        the mover    the target spaces, ascending:
                         action = the space (1..199)
(landing)   CHANCE       placement rolls of rings placed
                         again, random bumps: 0..199         1/200 each
TAKE_RING   the bumper   :data:`RING` + colour
BUMP_TO     the bumper   target spaces (action = the space),
                         then :data:`RANDOM` (a random bump)
LOSE_RING   the next     :data:`RING` + colour
            player / the
            bumped player
DISCARD     the mover    :data:`RING` + colour
SAY         CHANCE       0 said right, 1 failed (only when   ``1 - q``, ``q`` with
                         ``say_error > 0``)                  ``q = round(say_error *
                                                             2**53) / 2**53``
END         the mover    :data:`END` + the engine's option:
                         nothing, swap with seat j (+1 + j),
                         discard colour c (+7 + c)
=========== ============ =================================== ==========================

So every action id is stable (the same id is the same move in every state) and below
:data:`NUM_ACTIONS`: 1..199 a space (a move, or where a bumped piece goes), 200 a random
bump, 201..206 a ring of a colour (the one a bump takes, a roller loses, an eleventh ring
forces off), 207..219 the end of a turn. A node whose options are one (a forced move, a
piece with one place to go) is a node as well; :func:`numbergames.solver.decision.play` applies it
without asking, as the engine always did. A turn won without rolling (rule 33) passes
through no node but the placements of the rings it sends back.

:meth:`SoSooYooState.draw_chance` draws what the engine draws: a placement ``below(20)``
then ``below(10)``, the moves die ``below(6) + 1``, a slip one ``word()``.

**Copies.** The engine's steps are generators, which cannot be copied: a state keeps the
position at the start of the current step (the set-up or the turn) and the actions applied
since, and :meth:`~SoSooYooState.clone` replays them on a copy of that position. Two
states are equal when they stand at the same node of the same step from equal positions
(every counter of the result row included) by the same actions.
"""
from __future__ import annotations

from typing import Any

from numbergames.solver.decision import (CHANCE, TERMINAL, Action, Key, Seat, Size, State,
                                         play, win_returns)
from numbergames.solver.dice import Stream
from numbergames.solver.sosooyoo.engine import (END_DISCARD, END_SWAP, MOVE_DIE, NCOL, RANDOM_BUMP,
                                    SAY_BITS, TENS_DIE, UNITS_DIE, Chance, Decision, Game,
                                    Node, says_wrong)
from numbergames.solver.sosooyoo.rules import COLOURS, MAX_SPACES, SoSooYooRules

RANDOM = MAX_SPACES + 1
"""The action of a random bump (200)."""
RING = RANDOM + 1
"""``RING + colour``: the ring a bump takes, a roller loses or an eleventh ring forces off."""
END = RING + NCOL
"""``END + option``: the end of a turn (``END_NOTHING``, ``END_SWAP + j``, ``END_DISCARD + c``)."""
NUM_ACTIONS = END + END_DISCARD + NCOL
"""Every action is below this (220)."""
PLACEMENTS = TENS_DIE * UNITS_DIE
"""Outcomes of a placement roll (0..199)."""
SETUP, TURN = "set-up", "turn"


def encode(kind: int, option: int) -> Action:
    """The action of the engine's ``option`` at a decision of ``kind``."""
    if kind == Decision.MOVE:
        return option
    if kind == Decision.BUMP_TO:
        return RANDOM if option == RANDOM_BUMP else option
    if kind == Decision.END:
        return END + option
    return RING + option


def decode(kind: int, action: Action) -> int:
    """The engine's option of ``action`` at a decision of ``kind``."""
    if kind == Decision.MOVE:
        return action
    if kind == Decision.BUMP_TO:
        return RANDOM_BUMP if action == RANDOM else action
    if kind == Decision.END:
        return action - END
    return action - RING


def size(rules: SoSooYooRules) -> Size:
    """The bounds of a game. Rolls of the placement dice are rolled again without end
    while they miss (rule 5), so no game length is a strict bound: this one allows each
    turn six moves, each with a bump chain through every piece and every colour placed
    again, every placement rolled up to 1,000 times (missing a space that 1 roll in 200
    hits 1,000 times running has odds below 1 in 100)."""
    players = rules.players
    rolls = 1_000
    landing = 2 + 3 * players + (NCOL + players) * (rolls + 1)
    turn = 1 + MOVE_DIE * landing + 1 + NCOL * rolls
    setup = (players + NCOL) * rolls
    return Size(num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=PLACEMENTS,
                max_game_length=setup + rules.max_turns * turn)


class SoSooYooState(State):
    """A So-Soo-Yoo game as a sequence of nodes (module docstring). ``SoSooYooState(rules)``
    is the start of a game (before the set-up's rolls). ``trace``, if a list, gets every
    decision as the engine's ``(decision, chooser, subject, option)``; ``check`` checks the
    engine's invariants between turns (for tests); ``game``, if given, is the engine's
    fresh game to play (e.g. a subclass that a test watches)."""

    def __init__(self, rules: SoSooYooRules, *, trace: list | None = None,
                 check: bool = False, game: Game | None = None) -> None:
        self.rules = rules
        self.num_players = rules.players
        self.check = check
        self.limit = rules.max_turns
        """Turns after which the game ends (a search playout stops earlier)."""
        self.game = Game(rules, trace=trace) if game is None else game
        self._start(SETUP)

    @classmethod
    def at(cls, game: Game, *, limit: int | None = None, check: bool = False) -> "SoSooYooState":
        """The state of ``game`` between turns (e.g. a position a test sets up): the next
        turn begins; the game ends after ``limit`` turns (default: the rules' limit)."""
        state = cls.__new__(cls)
        state.rules, state.num_players, state.check = game.rules, game.rules.players, check
        state.limit = game.rules.max_turns if limit is None else limit
        state.game = game
        state._base, state._steps, state._phase, state._node = game.copy(), [], TURN, None
        state._gen = game.play_turn()
        state._resume(None)
        return state

    # -- driving the engine ------------------------------------------------------------
    def _start(self, phase: str) -> None:
        self._phase, self._base, self._steps = phase, self.game.copy(), []
        self._gen = self.game.set_up() if phase == SETUP else self.game.play_turn()
        self._resume(None)

    def _resume(self, value: int | None) -> None:
        """Run the engine until its next node, starting turns while the game goes on."""
        game = self.game
        while True:
            try:
                self._node = self._gen.send(value)
                return
            except StopIteration:
                pass
            if self.check:
                game.check_invariants()
            if game.winner >= 0 or game.turns >= self.limit:
                self._node = self._gen = None
                return
            self._phase, self._base, self._steps = TURN, game.copy(), []
            self._gen, value = game.play_turn(), None

    @property
    def node(self) -> Node | None:
        """The engine's node the game stands at (None once over)."""
        return self._node

    # -- the API -----------------------------------------------------------------------
    def current_player(self) -> Seat:
        node = self._node
        if node is None:
            return TERMINAL
        return CHANCE if node.chance else node.chooser

    def legal_actions(self) -> list[Action]:
        node = self._node
        if node is None:
            return []
        if node.chance:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return [encode(node.kind, o) for o in node.options]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        node = self._node
        if node is None or not node.chance:
            raise ValueError("not a chance node")
        if node.kind == Chance.PLACEMENT:
            return [(n, 1 / PLACEMENTS) for n in range(PLACEMENTS)]
        if node.kind == Chance.MOVES:
            return [(m, 1 / MOVE_DIE) for m in range(1, MOVE_DIE + 1)]
        q = self.game.say_threshold / (1 << SAY_BITS)
        return [(outcome, p) for outcome, p in ((0, 1 - q), (1, q)) if p > 0]

    def draw_chance(self, dice: Stream) -> Action:
        kind = self._node.kind
        if kind == Chance.PLACEMENT:
            tens = dice.below(TENS_DIE)
            return UNITS_DIE * tens + dice.below(UNITS_DIE)
        if kind == Chance.MOVES:
            return dice.below(MOVE_DIE) + 1
        if kind == Chance.SAY:
            return int(says_wrong(dice.word(), self.game.say_threshold))
        raise ValueError("not a chance node")

    def apply_action(self, action: Action) -> None:
        node = self._node
        if node is None:
            raise ValueError("the game is over")
        if node.chance:
            value = action
            legal = (0 <= action < PLACEMENTS if node.kind == Chance.PLACEMENT
                     else 1 <= action <= MOVE_DIE if node.kind == Chance.MOVES
                     else any(action == outcome for outcome, _ in self.chance_outcomes()))
            if not legal:
                raise ValueError(f"{action} is not an outcome of {Chance(node.kind).name}")
        else:
            value = decode(node.kind, action)
            if value not in node.options:
                raise ValueError(f"{action} is not legal at {Decision(node.kind).name} "
                                 f"{list(node.options)}")
        self._steps.append(action)
        self._resume(value)

    def clone(self) -> "SoSooYooState":
        twin = SoSooYooState.__new__(SoSooYooState)
        twin.rules, twin.num_players, twin.check, twin.limit = (self.rules, self.num_players,
                                                                self.check, self.limit)
        twin.game = self._base.copy()
        twin._phase, twin._base, twin._steps = self._phase, self._base, []
        twin._gen = twin.game.set_up() if self._phase == SETUP else twin.game.play_turn()
        twin._resume(None)
        for action in self._steps:
            twin.apply_action(action)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SoSooYooState):
            return NotImplemented
        return (self._phase == other._phase and self._steps == other._steps
                and self.limit == other.limit and self._base.key() == other._base.key())

    __hash__ = None  # type: ignore[assignment]

    def returns(self) -> list[float]:
        if self._node is not None:
            return [0.0] * self.num_players
        winner = self.game.winner
        return win_returns(self.num_players, [winner] if winner >= 0 else [])

    def action_to_string(self, action: Action) -> str:
        node = self._node
        if node is None:
            return str(action)
        if node.kind == Chance.PLACEMENT:
            return f"placement roll {action}"
        if node.kind == Chance.MOVES:
            return f"{action} moves"
        if node.kind == Chance.SAY:
            return "said wrong" if action else "said right"
        option = decode(node.kind, action)
        if node.kind == Decision.MOVE:
            return f"move to {option}"
        if node.kind == Decision.BUMP_TO:
            return (f"bump seat {node.subject} at random" if option == RANDOM_BUMP
                    else f"bump seat {node.subject} to {option}")
        if node.kind == Decision.TAKE_RING:
            return f"take a {COLOURS[option]} ring off seat {node.subject}"
        if node.kind == Decision.LOSE_RING:
            return f"seat {node.subject} loses a {COLOURS[option]} ring"
        if node.kind == Decision.DISCARD:
            return f"discard a {COLOURS[option]} ring"
        if option >= END_DISCARD:
            return f"end: discard a {COLOURS[option - END_DISCARD]} ring"
        if option >= END_SWAP:
            return f"end: swap with seat {option - END_SWAP}"
        return "end: nothing"

    def __str__(self) -> str:
        g = self.game
        node = self._node
        if node is None:
            at = f"over: winner {g.winner}"
        elif node.chance:
            at = f"chance: {Chance(node.kind).name.lower()}"
        else:
            at = (f"seat {node.chooser}: {Decision(node.kind).name.lower()} (subject "
                  f"{node.subject}) of {list(node.options)}")
        lines = [f"turn {g.turns}, mover {g.mover}, roll {g.roll}, moves left "
                 f"{g.moves_left}; {at}"]
        for seat in range(self.num_players):
            lines.append(f"seat {seat} ({COLOURS[seat]}): space {g.pos[seat]}, rings "
                         f"{g.held[seat]}")
        lines.append(f"rings on the board {g.ring_space}, bone yard {g.boneyard}")
        return "\n".join(lines)

    def row(self) -> dict[str, Any]:
        return self.game.row()


def play_game(rules: SoSooYooRules, players, key: Key, *, trace: list | None = None,
              check: bool = False) -> SoSooYooState:
    """The game with this key played to its end by :func:`numbergames.solver.decision.play` (a winner,
    or ``max_turns``), ``players`` by seat; ``trace`` and ``check`` as
    :class:`SoSooYooState` takes them."""
    if len(players) != rules.players:
        raise ValueError(f"need {rules.players} policies, got {len(players)}")
    return play(SoSooYooState(rules, trace=trace, check=check), players, key)
