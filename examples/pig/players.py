"""Pig's players: ``choose(state, stream) -> action``, asked at every decision."""
from __future__ import annotations

from dataclasses import dataclass

from numbergames.solver.decision import RandomPlayer
from numbergames.solver.dice import Stream
from numbergames.solver.mcts import FAMILY as MCTS, MctsPolicy
from numbergames.solver.registry import Players, Search

from examples.pig.rules import PigRules
from examples.pig.state import HOLD, ROLL, PigState


@dataclass(frozen=True)
class HoldAt:
    """Hold as soon as the turn total reaches ``at`` points, roll before: the classic
    rule of thumb (``at`` = 20). It draws nothing from its stream."""

    at: int = 20

    @property
    def name(self) -> str:
        return f"hold{self.at}"

    def choose(self, state: PigState, choices: Stream) -> int:
        return HOLD if state.total >= self.at else ROLL


PLAYERS = Players(
    fixed=("random", "hold20"),
    default="hold20",
    ladder=("random", "hold20"),
    search=(Search(MCTS, base="hold20", budgets=(16, 64),
                   doc="open-loop UCT over the decision API (solver/mcts.py), its "
                       "simulations played out by hold20"),),
)


def make_player(name: str, rules: PigRules):
    """The player called ``name`` (one of :data:`PLAYERS`)."""
    family, budget = PLAYERS.parse(name)
    if family == MCTS:
        return MctsPolicy(budget, HoldAt(20))
    return RandomPlayer() if name == "random" else HoldAt(20)
