"""Sumoku's designer variants (RULES.md rules 51 and 52): the order of turns and the points
a seat starts with, known from outside the engines (the differential data, cases.py, has
both engines play them move for move)."""
import numpy as np
import pytest

from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import game_streams
from numbergames.solver.params import GRADED, ORDER, RulesError
from numbergames.solver.sumoku.kernel import kernel_state, play_chunk
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import PLAY, SumokuState
from numbergames.solver.sumoku.tiles import number

KEYS = np.arange(1, 41, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)


def walk(rules, names, key, turns):
    """Both engines through the first ``turns`` turns of the game of ``key``, each seat's
    player deciding: the kernel decides as the reference does."""
    reference, kernel = SumokuState(rules), kernel_state(rules, names, key)
    players = [make_policy(name, rules) for name in names]
    dice, choices = game_streams(key)
    while reference.turns < turns and reference.current_player() != TERMINAL:
        player = reference.current_player()
        if player == CHANCE:
            action = reference.draw_chance(dice)
            assert kernel.draw_chance() == action
        else:
            actions = reference.legal_actions()
            action = actions[0] if len(actions) == 1 else players[player].choose(reference,
                                                                                 choices)
            assert kernel.decide() == action
        reference.apply_action(action)
        kernel.apply_action(action)
    return reference


def test_the_levers_are_declared():
    assert {n: p.lever for n, p in SumokuRules.levers().items()} == {
        "starter_points": GRADED, "order": ORDER}


def test_another_order_needs_three_seats():
    with pytest.raises(RulesError, match="^bad value 'snake' for order with 2 players; "
                                         "allowed: fixed") as error:
        SumokuRules(players=2, order="snake")
    assert "\n" not in str(error.value)
    SumokuRules(players=3, order="snake")


def test_starter_points_start_the_scores():
    """With starter_points 4 and three seats the starter, seat 0, starts with 4 points; with
    hands of one tile nobody can make a line (two tiles at least), so the game ends after
    one idle round with each seat's points less its tile."""
    rules = SumokuRules(players=3, starter_points=4, hand=1)
    state, (dice, _) = SumokuState(rules), game_streams(5)
    while state.phase != PLAY:
        state.apply_action(state.draw_chance(dice))
    assert state.scores() == [4, 0, 0]
    while state.current_player() != TERMINAL:
        state.apply_action(state.legal_actions()[0])
    assert state.turns == 3 and state.scores() == [
        (4 if seat == 0 else 0) - number(hand[0]) for seat, hand in enumerate(state.hands)]
    rows = play_chunk(rules, ["greedy"] * 3, KEYS)
    assert (rows["seat_score"] + rows["seat_penalty"] == [4, 0, 0]).all()


def test_the_snake_order_of_turns():
    """Three seats under snake: 0, 1, 2, 2, 1, 0, 0, 1, ..., passes and all."""
    rules = SumokuRules(players=3, hand=3, order="snake")
    seats, state = [], SumokuState(rules)
    dice, choices = game_streams(3)
    greedy = make_policy("greedy", rules)
    while state.turns < 9:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.draw_chance(dice))
            continue
        if state.phase == PLAY and len(seats) == state.turns:
            seats.append(player)
        actions = state.legal_actions()
        state.apply_action(actions[0] if len(actions) == 1 else greedy.choose(state, choices))
    assert seats == [0, 1, 2, 2, 1, 0, 0, 1, 2]


def test_lookahead_replies_with_the_next_opponent_in_both_engines():
    """Under snake, seat 2's reply to its own turn 2 is seat 1's (turn 4), not its own turn
    3: the kernel's lookahead decides as the reference's through the first nine turns."""
    rules = SumokuRules(players=3, hand=3, order="snake")
    assert rules.next_opponent(2, 2) == 1 and rules.next_opponent(0, 5) == 1
    assert walk(rules, ["greedy", "greedy", "lookahead"], 11, 9).turns == 9


def test_a_search_sees_the_starter_points_in_both_engines():
    """search-N's playouts value a play by the score margin, starting points included."""
    rules = SumokuRules(players=2, hand=3, starter_points=30)
    assert walk(rules, ["search-1", "greedy"], 4, 6).turns == 6


def test_points_change_only_the_scores_of_players_that_do_not_read_them():
    """greedy and lookahead choose a play by the points it makes, not by the scores: with
    starter_points v every game is the same and the starter's score is v higher; at 0
    (and with the fixed order written out) the rows are those of the rules without the
    levers."""
    rules = SumokuRules(players=3)
    base = play_chunk(rules, ["greedy"] * 3, KEYS)
    same = play_chunk(SumokuRules(players=3, starter_points=0, order="fixed"), ["greedy"] * 3,
                      KEYS)
    assert all(np.array_equal(base[name], same[name]) for name in base)
    moved = play_chunk(SumokuRules(players=3, starter_points=-5), ["greedy"] * 3, KEYS)
    assert np.array_equal(moved["seat_score"], base["seat_score"] + [-5, 0, 0])
    for name in ("turns", "decision_turns", "passes", "seat_tiles", "seat_penalty"):
        assert np.array_equal(moved[name], base[name])
