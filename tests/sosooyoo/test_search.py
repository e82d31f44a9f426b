"""``mcts-N`` (sequential halving over ``adaptive``'s candidates, paired playouts with each
turn's moves die keyed by the turn, a paired test against ``adaptive``'s choice;
solver/sosooyoo/policies.py): the kernel makes the reference's choices at budgets where
the halving has several rounds and the test lets other actions through; the candidates
put ``adaptive``'s own choice first; a playout's turns roll the same moves die whatever
the rings placed before; small budgets play as ``adaptive``."""
import numpy as np

from numbergames.analysis.running.chunks import chunk_keys
from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import Stream, game_streams
from numbergames.solver.registry import find_game
from numbergames.solver.sosooyoo.kernel import kernel_state, state_view
from numbergames.solver.sosooyoo.policies import (HalvingPolicy, PlannerPolicy, make_policy,
                                      search_candidates, turn_dice)
from numbergames.solver.sosooyoo.state import SoSooYooState

SMALL = {"board_size": 24, "players": 3, "max_turns": 8}
"""Games (and playouts) of 8 turns on a small board: the reference plays them in seconds."""


def _walk(rules, name, key, seen=None):
    """The game of ``key`` with ``name`` in every seat, node by node in both engines; the
    decisions with two or more candidates, and how many the search took from adaptive."""
    spec = find_game("sosooyoo")
    kernel = kernel_state(rules, [name] * rules.players, key)
    reference = spec.new_state(rules)
    player, planner = make_policy(name, rules), PlannerPolicy("adaptive", rules)
    dice, choices = game_streams(key)
    decisions = switched = 0
    while reference.current_player() != TERMINAL:
        seat = reference.current_player()
        if seat == CHANCE:
            action = reference.draw_chance(dice)
            assert kernel.draw_chance() == action
        else:
            actions = reference.legal_actions()
            if len(actions) == 1:
                action = actions[0]
            else:
                own = planner.choose(reference, Stream(0))
                assert search_candidates(reference, planner)[0] == own
                action = player.choose(reference, choices)
                decisions += 1
                switched += action != own
            assert kernel.decide() == action
        reference.apply_action(action)
        kernel.apply_action(action)
        assert kernel.view() == state_view(reference)
    return decisions, switched


def test_kernel_and_reference_choose_alike_and_the_search_leaves_adaptive():
    rules = find_game("sosooyoo").rules.from_values(dict(SMALL))
    decisions = switched = 0
    for name, key in (("mcts-16", 3), ("mcts-24", 5)):
        d, s = _walk(rules, name, key)
        decisions, switched = decisions + d, switched + s
    assert decisions > 20
    assert switched > 0, "the test never let another action through"


def test_kernel_rows_are_the_references():
    spec = find_game("sosooyoo")
    rules = spec.rules.from_values(dict(SMALL))
    keys = chunk_keys(9, 0, 1)
    fast = spec.play_chunk(rules, ["mcts-12", "adaptive", "mcts-8"], keys)
    for i, key in enumerate(keys):
        row = spec.reference(rules, ["mcts-12", "adaptive", "mcts-8"], int(key))
        for column in spec.result_keys:
            assert np.array_equal(np.asarray(row[column]), fast[column][i]), column


def test_a_budget_below_four_keys_plays_as_adaptive():
    """With fewer than MCTS_MIN_KEYS common keys the test never passes: mcts-4 plays the
    games of adaptive."""
    spec = find_game("sosooyoo")
    rules = spec.rules.from_values({})
    keys = chunk_keys(4, 0, 20)
    search = spec.play_chunk(rules, ["mcts-4", "adaptive", "adaptive", "adaptive"], keys)
    fixed = spec.play_chunk(rules, ["adaptive"] * 4, keys)
    for column in spec.result_keys:
        assert np.array_equal(search[column], fixed[column]), column


def test_turn_dice_depend_on_the_key_and_the_turn_only():
    words = {turn_dice(key, turn) for key in (1, 3) for turn in range(50)}
    assert len(words) == 100
    assert turn_dice(5, 7) == turn_dice(5, 7)


def test_halving_refuses_bad_budgets():
    rules = find_game("sosooyoo").rules.from_values({})
    for budget in (0, 1 << 17):
        try:
            HalvingPolicy(budget, rules)
        except ValueError:
            continue
        raise AssertionError(budget)
