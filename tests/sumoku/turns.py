"""Stepping a :class:`solver.sumoku.state.SumokuState` through the decision API a turn at a
time, for the tests that look at a game between turns (the games themselves are played by
:func:`solver.decision.play`)."""
from __future__ import annotations

from solver.dice import game_streams
from solver.sumoku.state import SumokuState


class Stepper:
    """A seeded game, advanced node by node as :func:`solver.decision.play` does: chance
    outcomes from the dice stream, decisions from the players (asked only between two or
    more actions), from the streams of ``seed``."""

    def __init__(self, rules, players, seed: int = 0, state: SumokuState | None = None,
                 draws=()) -> None:
        self.state = state if state is not None else SumokuState(rules)
        self.players = players
        self.dice, self.choices = game_streams(seed)
        self.draws = list(draws)
        """Kinds to draw at the next chance nodes (a position set up by hand), before the
        dice's."""
        self.start()

    def __getattr__(self, name: str):
        """The state's attributes, read through the stepper."""
        return getattr(self.__dict__["state"], name)

    def step(self) -> None:
        state = self.state
        if state.is_chance_node():
            if self.draws:
                state.apply_action(self.draws.pop(0))
            else:
                state.apply_action(state.draw_chance(self.dice))
            return
        actions = state.legal_actions()
        seat = state.current_player()
        state.apply_action(actions[0] if len(actions) == 1
                           else self.players[seat].choose(state, self.choices))

    def start(self) -> SumokuState:
        """Through the chance nodes to the first decision (or the end)."""
        while self.state.is_chance_node():
            self.step()
        return self.state

    def play_turn(self) -> SumokuState:
        """The turn of the seat to move, its refill included."""
        state = self.state
        turns = state.turns
        while not state.over and state.turns == turns:
            self.step()
        return state

    def run(self) -> SumokuState:
        while not self.state.over:
            self.step()
        return self.state
