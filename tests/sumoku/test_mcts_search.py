"""Sumoku's ``mcts-N`` (solver/sumoku/policies.py): a bandit over the best plays in
``lookahead``'s order whose paired simulations are cut off after ``MCTS_TURNS`` turns and
valued by the squashed score margin. The kernel makes the reference's choices at the full
hand (the generic suite, ``tests/test_mcts.py``, plays hands of 2), a simulation ends and
is valued alike in both engines, and the real game's returns stay the win shares."""
import math

import pytest

from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import game_streams
from numbergames.solver.mcts import rollout
from numbergames.solver.sumoku import SPEC
from numbergames.solver.sumoku.kernel import kernel_state, state_view
from tests.test_mcts import lockstep
from numbergames.solver.sumoku.policies import (MCTS_SCALE, MCTS_TURNS, MCTS_WIDTH, GreedyPolicy,
                                    LookaheadPolicy, make_policy, margin_value, mcts_candidates,
                                    mcts_start, reply_score)


def _to_decision(rules, policies, key, skip=0):
    """Both engines at the game of ``key``'s first decision after ``skip`` decisions played
    by ``greedy``."""
    kernel = kernel_state(rules, policies, key)
    reference = SPEC.new_state(rules)
    dice, choices = game_streams(key)
    greedy = GreedyPolicy()
    while True:
        seat = reference.current_player()
        assert seat != TERMINAL
        if seat == CHANCE:
            action = reference.draw_chance(dice)
            assert kernel.draw_chance() == action
        else:
            actions = reference.legal_actions()
            if len(actions) > 1:
                if not skip:
                    return kernel, reference, dice, choices
                skip -= 1
            action = actions[0] if len(actions) == 1 else greedy.choose(reference, choices)
        reference.apply_action(action)
        kernel.apply_action(action)


@pytest.mark.parametrize("players, hand, budget, key", [(2, 8, 20, 8), (3, 5, 18, 9)])
def test_kernel_makes_the_references_choices(players, hand, budget, key):
    """Node by node through three decisions of ``mcts-N`` in every seat (N above the
    candidates, so that UCB1 chooses), the states equal after every action."""
    rules = SPEC.rules.from_values({"players": players, "hand": hand})
    name = f"mcts-{budget}"
    kernel = kernel_state(rules, [name] * players, key)
    reference = SPEC.new_state(rules)
    assert lockstep(kernel, reference, make_policy(name, rules), key, state_view, 3) == 3


def test_a_simulation_is_cut_off_and_valued_by_the_margin_in_both_engines():
    from numbergames.cext.sumoku.play import rollout_state

    rules = SPEC.rules.from_values({})
    kernel, reference, _, _ = _to_decision(rules, ["mcts-4"] * 2, 8, skip=2)
    for key in (1, 2, 3):
        twin, dice, moves = mcts_start(reference, key)
        rollout(twin, GreedyPolicy(), dice, moves)
        assert twin.current_player() == TERMINAL and twin.turns == reference.turns + MCTS_TURNS
        a, b = twin.scores()
        assert twin.returns() == [margin_value(a - b), margin_value(b - a)]
        copy = rollout_state(kernel.clone(), key)
        assert copy.view() == state_view(twin) and copy.returns() == twin.returns()
    assert kernel.returns() == reference.returns() == [0.0, 0.0]   # the game's own: unchanged
    assert margin_value(0) == 0.5 and math.isclose(margin_value(-MCTS_SCALE),
                                                   1 / (1 + math.e))


def test_candidates_are_the_widest_best_plays_in_lookaheads_order():
    rules = SPEC.rules.from_values({})
    _, reference, _, choices = _to_decision(rules, ["greedy"] * 2, 8, skip=3)
    candidates = mcts_candidates(reference)
    plays = reference.plays()
    assert len(candidates) == min(MCTS_WIDTH, len(plays))
    scores = sorted((p.score for p in plays), reverse=True)
    assert sorted(plays[i].score for i in candidates) == sorted(scores[:len(candidates)])
    seat = reference.current_player()
    values = [(-(plays[i].score - reply_score(reference, seat, plays[i])), i) for i in candidates]
    assert values == sorted(values)
    # lookahead's choice (of its six) is among them, and first when its value is the best
    first = LookaheadPolicy().choose(reference, choices)
    assert first in candidates
    assert (candidates[0] == first) == (values[0][0] == min(v for v, i in values if i == first))
