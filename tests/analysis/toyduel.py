"""A toy two-player game without dice and with draws, registered only by tests.

Rock-paper-scissors in turns: seat 0 shows a hand, then seat 1, who sees it. The same hands
draw (or, with ``tie = "second"``, go to seat 1). ``random`` shows a hand chosen by the
game key; ``greedy`` shows rock when it moves first and the hand that beats seat 0's when
it moves second. Worked by hand: random against random wins 1/3, draws 1/3 and loses 1/3
from either seat; greedy wins every game as seat 1 and, as seat 0, wins, draws and loses a
third each against random — so over both seats it scores (1/2 + 1)/2 = 3/4 against random,
a luck share of (1 − 3/4)/(1 − 1/2) = 1/2. With ``max_turns = 1`` every game is cut off.
"""
from __future__ import annotations

import dataclasses
import sys

import numpy as np

from numbergames.solver.decision import TERMINAL, RandomPlayer, Size, State, win_returns
from numbergames.solver.dice import Stream
from numbergames.studies import Study
from numbergames.solver.registry import DRAW, UNFINISHED, WIN_DRAW_LOSS, GameSpec, KernelBinding, Players, Traits
from numbergames.solver.params import Rules, param


@dataclasses.dataclass(frozen=True)
class DuelRules(Rules):
    game = "duel"
    tie: str = param("draw", "what the same hands give", choices=("draw", "second"))
    max_turns: int = param(2, "turns after which a game is cut off", low=1, high=2)


def play_one(rules: DuelRules, policies, key: int) -> tuple[int, int, int]:
    """``(winner, turns, decision_turns)`` of one game."""
    choices = Stream(int(key))
    hands = []
    for seat in range(2):
        if seat >= rules.max_turns:
            return UNFINISHED, seat, seat
        if policies[seat] == "random":
            hands.append(choices.below(3))
        else:
            hands.append(0 if seat == 0 else (hands[0] + 1) % 3)  # paper beats rock, ...
    a, b = hands
    if a == b:
        return (DRAW if rules.tie == "draw" else 1), 2, 2
    return (0 if (a - b) % 3 == 1 else 1), 2, 2


def play_chunk(rules: DuelRules, policies, keys: np.ndarray) -> dict[str, np.ndarray]:
    rows = np.array([play_one(rules, policies, int(k)) for k in keys], dtype=np.int16)
    rows = rows.reshape(-1, 3)
    return {"winner": rows[:, 0].astype(np.int8), "turns": rows[:, 1].astype(np.int32),
            "decision_turns": rows[:, 2].astype(np.int32)}


def reference_row(rules, policies, key):
    winner, turns, decisions = play_one(rules, policies, key)
    return {"winner": winner, "turns": turns, "decision_turns": decisions}


def _kernel():
    """This module is its own kernel: its ``play_chunk`` (:class:`KernelBinding`)."""
    return sys.modules[__name__]


SPEC = GameSpec(name="duel", title="Toy Duel", rules=DuelRules,
                traits=Traits(chance=False, players=(2, 2), outcome=WIN_DRAW_LOSS),
                players=Players(("random", "greedy"), "random", ladder=("random", "greedy")),
                kernel=KernelBinding(_kernel), reference=reference_row)
STUDY = Study(game="duel", description="A test game: rock-paper-scissors in turns, draws possible.",
              standard_runs=({"policy": "random"}, {"policy": "greedy"}),
              standard_whatifs=({"tie": ["draw", "second"]},))


class DuelState(State):
    """The duel through the decision API: seat 0 shows a hand (action 0 rock, 1 paper,
    2 scissors), then seat 1; no chance."""

    def __init__(self, rules: DuelRules) -> None:
        self.rules, self.hands, self.num_players = rules, [], 2

    def current_player(self) -> int:
        return TERMINAL if self._over() else len(self.hands)

    def _over(self) -> bool:
        return len(self.hands) >= min(2, self.rules.max_turns)

    def legal_actions(self) -> list[int]:
        return [] if self._over() else [0, 1, 2]

    def apply_action(self, action: int) -> None:
        self.hands.append(action)

    def clone(self) -> "DuelState":
        twin = DuelState(self.rules)
        twin.hands = list(self.hands)
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DuelState) and (self.rules, self.hands) == (other.rules,
                                                                            other.hands)

    def winner(self) -> int:
        if len(self.hands) < 2:
            return UNFINISHED
        a, b = self.hands
        if a == b:
            return DRAW if self.rules.tie == "draw" else 1
        return 0 if (a - b) % 3 == 1 else 1

    def returns(self) -> list[float]:
        if not self._over():
            return [0.0, 0.0]
        won = self.winner()
        return win_returns(2, [] if won in (DRAW, UNFINISHED) else [won])

    def action_to_string(self, action: int) -> str:
        return ("rock", "paper", "scissors")[action]

    def row(self) -> dict:
        return {"winner": self.winner(), "turns": len(self.hands),
                "decision_turns": len(self.hands)}

    def __str__(self) -> str:
        return " ".join(map(self.action_to_string, self.hands)) or "(no hand shown)"


class GreedyDuelPlayer:
    name = "greedy"

    def choose(self, state: DuelState, choices: Stream) -> int:
        return 0 if not state.hands else (state.hands[0] + 1) % 3


def make_player(name: str, rules: DuelRules):
    return RandomPlayer() if name == "random" else GreedyDuelPlayer()


SPEC = dataclasses.replace(SPEC, new_state=DuelState, make_player=make_player,
                           size=lambda rules: Size(3, 0, 2))
