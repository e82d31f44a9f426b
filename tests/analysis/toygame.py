"""A toy game registered only by tests: the analysis layer must work for any game.

Race to ``target``: each turn a player rolls a d6 and moves either the roll or one step.
``random`` picks between the two by a coin, ``greedy`` always takes the roll, so skill
matters a little and luck a lot. The kernel is plain Python over the game keys.
"""
from __future__ import annotations

import dataclasses
import sys

import numpy as np

from numbergames.solver.decision import CHANCE, TERMINAL, RandomPlayer, Size, State, win_returns
from numbergames.solver.dice import Stream
from numbergames.solver.params import Rules, param
from numbergames.studies import Study
from numbergames.solver.registry import Column, GameSpec, KernelBinding, Players, Traits


@dataclasses.dataclass(frozen=True)
class ToyRules(Rules):
    game = "toy"
    players: int = param(2, "seats", low=2, high=3)
    target: int = param(20, "squares to race", low=1, high=1000)


def play_chunk(rules: ToyRules, policies, keys: np.ndarray) -> dict[str, np.ndarray]:
    n, players = len(keys), rules.players
    winner = np.full(n, -1, dtype=np.int8)
    turns = np.zeros(n, dtype=np.int32)
    seat_turns = np.zeros((n, players), dtype=np.int32)
    for i, key in enumerate(keys):
        rng = np.random.Generator(np.random.PCG64(int(key)))
        position = [0] * players
        seat = 0
        while winner[i] < 0 and turns[i] < 1000:
            roll = int(rng.integers(1, 7))
            coin = int(rng.integers(0, 2))
            step = roll if policies[seat] == "greedy" or coin else 1
            position[seat] += step
            turns[i] += 1
            seat_turns[i, seat] += 1
            if position[seat] >= rules.target:
                winner[i] = seat
            seat = (seat + 1) % players
    return {"winner": winner, "turns": turns, "decision_turns": turns.copy(),
            "seat_turns": seat_turns}


def reference_row(rules, policies, key):
    row = play_chunk(rules, policies, np.array([key], dtype=np.uint64))
    return {name: value[0] for name, value in row.items()}


def _kernel():
    """This module is its own kernel: its ``play_chunk`` (:class:`KernelBinding`)."""
    return sys.modules[__name__]


SPEC = GameSpec(name="toy", title="Toy Race", rules=ToyRules,
                traits=Traits(chance=True, players=(2, 3)),
                players=Players(("random", "greedy"), "greedy", ladder=("random", "greedy")),
                kernel=KernelBinding(_kernel), reference=reference_row,
                columns=(Column("turns", "turns taken", per_seat=True),))
STUDY = Study(game="toy", description="A test game: race to the target.",
              standard_runs=({"policy": "greedy"}, {"policy": "random"}),
              standard_whatifs=({"target": [10, 30]},))


class RaceState(State):
    """The race through the decision API: a chance node rolls the d6 (outcome ``roll - 1``),
    then the seat moves the roll (action 1) or one step (action 0)."""

    def __init__(self, rules: ToyRules) -> None:
        self.rules, self.num_players = rules, rules.players
        self.position, self.seat, self.roll, self.turns = [0] * rules.players, 0, None, 0

    def winner(self) -> int:
        return next((s for s, p in enumerate(self.position) if p >= self.rules.target), -1)

    def current_player(self) -> int:
        if self.winner() >= 0 or self.turns >= 1000:
            return TERMINAL
        return CHANCE if self.roll is None else self.seat

    def legal_actions(self) -> list[int]:
        player = self.current_player()
        return [] if player == TERMINAL else list(range(6)) if player == CHANCE else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(6)]

    def draw_chance(self, dice: Stream) -> int:
        return dice.roll(6) - 1

    def apply_action(self, action: int) -> None:
        if self.roll is None:
            self.roll = action + 1
            return
        self.position[self.seat] += self.roll if action else 1
        self.roll, self.turns = None, self.turns + 1
        self.seat = (self.seat + 1) % self.rules.players

    def clone(self) -> "RaceState":
        twin = RaceState(self.rules)
        twin.position, twin.seat, twin.roll, twin.turns = (list(self.position), self.seat,
                                                           self.roll, self.turns)
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RaceState) and vars(self) == vars(other)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        won = self.winner()
        return win_returns(self.num_players, [won] if won >= 0 else [])

    def action_to_string(self, action: int) -> str:
        if self.roll is None:
            return f"roll {action + 1}"
        return f"move the roll, {self.roll}" if action else "move one step"

    def row(self) -> dict:
        return {"winner": self.winner(), "turns": self.turns, "decision_turns": self.turns}

    def __str__(self) -> str:
        return f"positions {self.position}, seat {self.seat} to move, roll {self.roll}"


class GreedyRacePlayer:
    name = "greedy"

    def choose(self, state: RaceState, choices: Stream) -> int:
        return 1


def make_player(name: str, rules: ToyRules):
    return RandomPlayer() if name == "random" else GreedyRacePlayer()


SPEC = dataclasses.replace(SPEC, new_state=RaceState, make_player=make_player,
                           size=lambda rules: Size(2, 6, 2000))
