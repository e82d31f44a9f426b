"""A toy game registered only by tests: the analysis layer must work for any game.

Race to ``target``: each turn a player rolls a d6 and moves either the roll or one step.
``random`` picks between the two by a coin, ``greedy`` always takes the roll, so skill
matters a little and luck a lot. The kernel is plain Python over the game keys.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from solver.params import Rules, param
from studies import Study
from solver.registry import Column, GameSpec, Players, Traits


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


SPEC = GameSpec(name="toy", title="Toy Race", rules=ToyRules,
                traits=Traits(chance=True, players=(2, 3)),
                players=Players(("random", "greedy"), "greedy", ladder=("random", "greedy")),
                kernel="toygame:play_chunk", reference=reference_row,
                columns=(Column("turns", "turns taken", per_seat=True),))
STUDY = Study(game="toy", description="A test game: race to the target.",
              standard_runs=({"policy": "greedy"}, {"policy": "random"}),
              standard_whatifs=({"target": [10, 30]},))
