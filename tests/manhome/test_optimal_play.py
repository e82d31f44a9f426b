"""Two-player optimal play as a Monte Carlo policy: same games in both engines, and the
solved value agrees with Monte Carlo within 4 standard errors."""
import math

import numpy as np
import pytest

import numbergames
from numbergames.analysis.running.errors import UserError
from numbergames.solver.manhome.policies import policy_table
from numbergames.solver.manhome.rules import ManHomeRules
from tests.manhome.twins import same_game

DUELS = [ManHomeRules(board_rows=2, men_per_player=2, men_to_win=1),
         ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2, tie="reroll"),
         ManHomeRules(board_rows=3, men_per_player=2, men_to_win=2, extra_turn=False)]


@pytest.mark.parametrize("rules", DUELS, ids=lambda r: str(r.changed()))
def test_monte_carlo_agrees_with_the_exact_value(rules):
    exact = policy_table("optimal", rules).first_player_win
    result = numbergames.load_game("manhome", rules=rules).simulate(60_000, policy="optimal",
                                                                   seed=8, workers=1)
    rate = result.stats.win_rate_by_seat[0]
    se = math.sqrt(exact * (1 - exact) / result.stats.games)
    assert result.stats.unfinished == 0
    assert abs(rate - exact) < 4 * se


@pytest.mark.parametrize("seats", [("optimal", "optimal"), ("optimal", "greedy"), ("random", "optimal")])
def test_optimal_plays_the_same_games_in_both_engines(seats):
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    for key in np.random.PCG64(6).random_raw(80):
        same_game(rules, seats, int(key))


def test_optimal_beats_greedy_from_both_seats():
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    game = numbergames.load_game("manhome", rules=rules)
    first = game.simulate(20_000, policy="optimal,greedy", workers=1)
    second = game.simulate(20_000, policy="greedy,optimal", workers=1)
    base = game.simulate(20_000, policy="greedy", workers=1)
    # optimal play maximises its own chance: it should do at least as well as greedy does
    assert first.stats.win_rate_by_seat[0] > base.stats.win_rate_by_seat[0]
    assert second.stats.win_rate_by_seat[1] > base.stats.win_rate_by_seat[1]


def test_optimal_refuses_rules_too_large():
    with pytest.raises(UserError, match="'optimal' needs rules it solves exactly: .* pairs"):
        numbergames.load_game("manhome").request(100, policy="optimal")
    with pytest.raises(UserError, match="players = 2"):
        numbergames.load_game("manhome", players=3, board_rows=1, men_per_player=1,
                              men_to_win=1).request(100, policy="optimal")
    with pytest.raises(UserError, match=r"^policy 'optimal' .*without a head start[^\n]*$"):
        numbergames.load_game("manhome", board_rows=1, men_per_player=2, men_to_win=2,
                              head_start=1).request(100, policy="optimal")
