"""A toy one-player puzzle, registered only by tests.

Two cards are dealt face down, each 1..6 (the key's dice). The player looks at the first
and keeps it or takes the second; the puzzle is solved when the card kept is at least
``threshold``, and the card is the score. ``random`` keeps the first card on a coin flip;
``greedy`` keeps it when it reaches the threshold. Worked by hand for threshold 4: random
solves 1/2 of the deals (each card reaches 4 with chance 1/2) with a mean score of 3.5;
greedy solves 1/2 + 1/2 · 1/2 = 3/4 with a mean score of 1/2 · 5 + 1/2 · 3.5 = 4.25. For
threshold 5: random 1/3, greedy 1/3 + 2/3 · 1/3 = 5/9.
"""
from __future__ import annotations

import dataclasses
import sys

import numpy as np

from numbergames.solver.decision import CHANCE, TERMINAL, RandomPlayer, Size, State
from numbergames.solver.dice import Stream, game_streams
from numbergames.studies import Study
from numbergames.solver.registry import NO_WINNER, WIN_LOSS, Column, GameSpec, KernelBinding, Players, Traits
from numbergames.solver.params import Rules, param


@dataclasses.dataclass(frozen=True)
class PuzzleRules(Rules):
    game = "puzzle"
    threshold: int = param(4, "the card that solves the puzzle, or higher", low=1, high=6)


def play_one(rules: PuzzleRules, policy: str, key: int) -> tuple[int, int]:
    """``(winner, card)`` of one deal."""
    dice, choices = game_streams(int(key))
    first, second = dice.below(6) + 1, dice.below(6) + 1
    keep = choices.below(2) == 0 if policy == "random" else first >= rules.threshold
    card = first if keep else second
    return (0 if card >= rules.threshold else NO_WINNER), card


def play_chunk(rules: PuzzleRules, policies, keys: np.ndarray) -> dict[str, np.ndarray]:
    rows = np.array([play_one(rules, policies[0], int(k)) for k in keys], dtype=np.int16)
    rows = rows.reshape(-1, 2)
    n = len(keys)
    return {"winner": rows[:, 0].astype(np.int8), "turns": np.ones(n, dtype=np.int32),
            "decision_turns": np.ones(n, dtype=np.int32),
            "seat_card": rows[:, 1:2].astype(np.uint8)}


def reference_row(rules, policies, key):
    winner, card = play_one(rules, policies[0], key)
    return {"winner": winner, "turns": 1, "decision_turns": 1, "seat_card": [card]}


def _kernel():
    """This module is its own kernel: its ``play_chunk`` (:class:`KernelBinding`)."""
    return sys.modules[__name__]


SPEC = GameSpec(name="puzzle", title="Toy Puzzle", rules=PuzzleRules,
                traits=Traits(chance=True, players=(1, 1), outcome=WIN_LOSS, score="card"),
                players=Players(("random", "greedy"), "greedy", ladder=("random", "greedy")),
                kernel=KernelBinding(_kernel), reference=reference_row,
                columns=(Column("card", "the card kept (the score)", per_seat=True),))
STUDY = Study(game="puzzle", description="A test puzzle: keep a card or take the next.",
              standard_runs=({"policy": "greedy"}, {"policy": "random"}),
              standard_whatifs=({"threshold": [4, 5]},))


class PuzzleState(State):
    """The puzzle through the decision API: two chance nodes deal the cards (outcome
    ``card - 1``, each 1/6), then the player keeps the first (action 0) or takes the second
    (action 1); the second card is face down, so the player may read only the first."""

    perfect_information = False

    def __init__(self, rules: PuzzleRules) -> None:
        self.rules, self.cards, self.kept, self.num_players = rules, [], None, 1

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        return 0 if self.kept is None else TERMINAL

    def legal_actions(self) -> list[int]:
        if self.kept is not None:
            return []
        return list(range(6)) if len(self.cards) < 2 else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(card, 1 / 6) for card in range(6)]

    def draw_chance(self, dice: Stream) -> int:
        return dice.below(6)

    def apply_action(self, action: int) -> None:
        if len(self.cards) < 2:
            self.cards.append(action + 1)
        else:
            self.kept = self.cards[action]

    def clone(self) -> "PuzzleState":
        twin = PuzzleState(self.rules)
        twin.cards, twin.kept = list(self.cards), self.kept
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PuzzleState) and (self.rules, self.cards, self.kept) == (
            other.rules, other.cards, other.kept)

    def returns(self) -> list[float]:
        return [float(self.kept is not None and self.kept >= self.rules.threshold)]

    def action_to_string(self, action: int) -> str:
        if len(self.cards) < 2:
            return f"card {action + 1}"
        return ("keep the first", "take the second")[action]

    def row(self) -> dict:
        solved = self.kept is not None and self.kept >= self.rules.threshold
        return {"winner": 0 if solved else NO_WINNER, "turns": 1, "decision_turns": 1,
                "seat_card": [self.kept]}

    def __str__(self) -> str:
        return f"cards {self.cards}, kept {self.kept}"


class GreedyPuzzlePlayer:
    name = "greedy"

    def choose(self, state: PuzzleState, choices: Stream) -> int:
        return 0 if state.cards[0] >= state.rules.threshold else 1


def make_player(name: str, rules: PuzzleRules):
    return RandomPlayer() if name == "random" else GreedyPuzzlePlayer()


SPEC = dataclasses.replace(SPEC, new_state=PuzzleState, make_player=make_player,
                           size=lambda rules: Size(6, 6, 3))
