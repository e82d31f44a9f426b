"""Shoo's ``mcts-N`` (solver/shoo/policies.py, its docstring): the candidates are greedy's
twelve best distinct moves, best first; a simulation is cut off four moves on and valued by
the evaluation, squashed — worked out here from the evaluation itself, not from the search —
and the kernel's playout (``rollout_state``, which OpenSpiel's ``MCTSBot`` rolls out with)
ends where the reference's does, with the same returns."""
from __future__ import annotations

import math

import pytest

from numbergames.solver.decision import TERMINAL
from numbergames.solver.dice import Stream
from numbergames.solver.mcts import rollout
from numbergames.solver.shoo.evaluation import evaluate
from numbergames.solver.shoo.kernel import kernel_state, state_view
from numbergames.solver.shoo.moves import make_move
from numbergames.solver.shoo.policies import (MCTS_PLIES, MCTS_SCALE, MCTS_WIDTH, GreedyPolicy,
                                  Simulation, mcts_candidates, mcts_start, tie_keys)
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ShooState


def _value(state: ShooState, action: int) -> int:
    return evaluate(make_move(state.position, state.move_of(action)), state.position.side)


def test_the_candidates_are_greedys_twelve_best_moves_best_first():
    state = ShooState(ShooRules())
    candidates = mcts_candidates(state)
    values = [_value(state, a) for a in candidates]
    every = sorted({_value(state, a) for a in state.legal_actions()}, reverse=True)
    assert len(candidates) == MCTS_WIDTH == 12 and len(set(candidates)) == 12
    assert values == sorted(values, reverse=True) and values[0] == every[0]
    # no move left out is worth more than the last one taken
    left = set(state.legal_actions()) - set(candidates)
    assert max(_value(state, a) for a in left) <= values[-1]
    # equal values in the order of the hash of position and action, not of the action
    ties = tie_keys(state.position, candidates)
    for ta, tb, va, vb in zip(ties, ties[1:], values, values[1:]):
        if va == vb:
            assert ta < tb
    # greedy's choice is one of the best-valued, which come first
    greedy = GreedyPolicy().choose(state, Stream(5))
    assert _value(state, greedy) == values[0]


def test_a_simulation_ends_four_moves_on_with_the_squashed_evaluation():
    state = ShooState(ShooRules())
    twin, dice, choices = mcts_start(state, 12345)
    assert isinstance(twin, Simulation) and twin.current_player() == 0
    rollout(twin, GreedyPolicy(), dice, choices)
    assert twin.position.ply == MCTS_PLIES == 4 and twin.current_player() == TERMINAL
    assert twin.is_terminal() and twin.winner is None        # cut off, not over
    e = evaluate(twin.position, 0)
    assert e == -evaluate(twin.position, 1)
    returns = twin.returns()
    assert returns[0] == 1.0 / (1.0 + math.exp(-e / 60.0)) and MCTS_SCALE == 60.0
    assert returns[0] + returns[1] == pytest.approx(1.0)
    assert state.position.ply == 0 and not state.is_terminal()     # the game is untouched
    assert isinstance(twin.clone(), Simulation)


@pytest.mark.parametrize("key", [3, 77])
def test_the_kernels_playout_ends_where_the_references_does(key):
    """``rollout_state`` with the rollout Config (``MCTSBot``'s rollouts, ``mcts-N``'s
    playouts): the same four moves of greedy from the same key, the same returns."""
    from numbergames.cext.shoo.play import rollout_state

    rules = ShooRules()
    kernel = kernel_state(rules, ["mcts-4", "mcts-4"], 9)
    rollout_state(kernel, key)
    twin, dice, choices = mcts_start(ShooState(rules), key)
    rollout(twin, GreedyPolicy(), dice, choices)
    assert kernel.view() == state_view(twin)
    assert kernel.current_player() == TERMINAL
    assert list(kernel.returns()) == twin.returns()
