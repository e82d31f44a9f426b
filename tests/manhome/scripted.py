"""Scripted turns through Man Home's decision API (:class:`numbergames.solver.manhome.state.ManHomeState`),
for tests that set up a position and play one turn with dice and choices they dictate."""
from __future__ import annotations

from numbergames.solver.dice import Stream
from numbergames.solver.manhome.state import ACTION, NEW_MAN, ManHomeState, Phase, Step


def play_turn(state: ManHomeState, player, dice: Stream, choices: Stream | None = None) -> Step:
    """One whole turn of the seat to move, node by node: chance outcomes drawn from ``dice``
    by :meth:`~ManHomeState.draw_chance`, decisions by ``player`` (asked only where two or
    more actions are legal, as :func:`numbergames.solver.decision.play` does); returns the turn's step."""
    kept, record = state.steps, []
    state.steps = record
    try:
        while not record:
            assert not state.is_terminal(), "the game is over"
            if state.is_chance_node():
                action = state.draw_chance(dice)
            else:
                actions = state.legal_actions()
                action = actions[0] if len(actions) == 1 else player.choose(state, choices)
            state.apply_action(action)
    finally:
        state.steps = kept
    if kept is not None:
        kept.extend(record)
    return record[0]


class Always:
    """A player that takes the option (``new_man``) and the move (by its index in the
    canonical list, or by its target square with ``to``) it is told; with ``strict`` it
    fails when asked for a choice it was not told."""

    name = "always"

    def __init__(self, new_man: bool | None = False, move: int | None = 0,
                 to: int | None = None) -> None:
        self.new_man, self.move, self.to = new_man, move, to

    def choose(self, state: ManHomeState, choices) -> int:
        if state.phase == Phase.OPTION:
            assert self.new_man is not None, "asked to choose an option"
            return NEW_MAN if self.new_man else ACTION
        moves = state.moves()
        if self.to is not None:
            return state.legal_actions()[[m.target for m in moves].index(self.to)]
        assert self.move is not None, f"asked to choose among {moves}"
        return state.legal_actions()[self.move]
