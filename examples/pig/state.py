"""Pig as a sequence of decisions and chance events (the decision API of
:mod:`numbergames.solver.decision`): the reference engine, and all the engine the game has.

A turn opens with a decision: :data:`ROLL` or :data:`HOLD`. Rolling leads to a chance node
whose outcome is the face, 1..6; after it the seat decides again (rule 4: only
:data:`HOLD` once the target is reached). Node for node this is OpenSpiel's ``pig``.
"""
from __future__ import annotations

from numbergames.solver.decision import CHANCE, TERMINAL, Action, Seat, Size, State, win_returns
from numbergames.solver.dice import Stream
from numbergames.solver.registry import UNFINISHED

from examples.pig.rules import PigRules

ROLL, HOLD = 0, 1
FACES = range(1, 7)


class PigState(State):
    def __init__(self, rules: PigRules) -> None:
        self.rules = rules
        self.num_players = rules.players
        self.banked = [i * rules.head_start for i in range(rules.players)]  # banked points
        self.busts = [0] * rules.players      # each seat's turns lost to a 1
        self.seat = 0                         # whose turn it is
        self.total = 0                        # the turn total
        self.rolling = False                  # the die is in the air: a chance node
        self.moves = 0                        # decisions and rolls so far (rule 5)
        self.turns = 0
        self.winner = UNFINISHED

    # -- the decision API --------------------------------------------------------------
    def current_player(self) -> Seat:
        if self.winner != UNFINISHED or self.moves >= self.rules.horizon:
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def legal_actions(self) -> list[Action]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return list(FACES)
        reached = self.banked[self.seat] + self.total >= self.rules.target
        return [HOLD] if reached else [ROLL, HOLD]            # rule 4

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(face, 1 / 6) for face in FACES]

    def draw_chance(self, dice: Stream) -> Action:
        return dice.roll(6)

    def apply_action(self, action: Action) -> None:
        self.moves += 1
        if self.rolling:                                      # rule 2
            self.rolling = False
            if action == 1:
                self.busts[self.seat] += 1
                self._end_turn()
            else:
                self.total += action
        elif action == ROLL:
            self.rolling = True
        else:                                                 # rules 3 and 4
            self.banked[self.seat] += self.total
            if self.banked[self.seat] >= self.rules.target:
                self.winner = self.seat
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.total = 0
        if self.winner == UNFINISHED:
            self.seat = (self.seat + 1) % self.num_players

    def clone(self) -> PigState:
        twin = PigState(self.rules)
        twin.__dict__.update(self.__dict__, banked=list(self.banked), busts=list(self.busts))
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PigState) and vars(self) == vars(other)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        return win_returns(self.num_players, [] if self.winner < 0 else [self.winner])

    def action_to_string(self, action: Action) -> str:
        if self.rolling:
            return f"a {action}"
        return "roll" if action == ROLL else f"hold {self.total}"

    def row(self) -> dict[str, object]:
        """The result columns the registration declares (every turn opens with a choice,
        so ``decision_turns`` is ``turns``)."""
        return {"winner": self.winner, "turns": self.turns, "decision_turns": self.turns,
                "seat_score": list(self.banked), "seat_busts": list(self.busts)}

    def __str__(self) -> str:
        return (f"banked {self.banked}, seat {self.seat} to "
                f"{'roll' if self.rolling else 'decide'}, turn total {self.total}")


def size(rules: PigRules) -> Size:
    """The bounds a bridge declares (actions 0..1, faces 1..6, the horizon)."""
    return Size(num_distinct_actions=2, max_chance_outcomes=7, max_game_length=rules.horizon)
