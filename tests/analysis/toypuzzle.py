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

import numpy as np

from solver.dice import game_streams
from studies import Study
from solver.registry import NO_WINNER, WIN_LOSS, Column, GameSpec, Players, Traits
from solver.params import Rules, param


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


SPEC = GameSpec(name="puzzle", title="Toy Puzzle", rules=PuzzleRules,
                traits=Traits(chance=True, players=(1, 1), outcome=WIN_LOSS, score="card"),
                players=Players(("random", "greedy"), "greedy", ladder=("random", "greedy")),
                kernel="toypuzzle:play_chunk", reference=reference_row,
                columns=(Column("card", "the card kept (the score)", per_seat=True),))
STUDY = Study(game="puzzle", description="A test puzzle: keep a card or take the next.",
              standard_runs=({"policy": "greedy"}, {"policy": "random"}),
              standard_whatifs=({"threshold": [4, 5]},))
