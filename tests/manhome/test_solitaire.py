"""The solitaire race: kernel == reference, Bellman optimality, and Monte Carlo agreement."""
import math

import numpy as np
import pytest

from numbergames.solver.manhome.state import Kind, action_moves
from numbergames.solver.manhome.kernel import play_solitaire
from numbergames.solver.manhome.policies import make_policy
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.solitaire import (arrive, solitaire_space, solve_solitaire,
                                      solve_solitaire_reference)
from tests.manhome.twins import same_game

SMALL = [dict(board_rows=1, men_per_player=1, men_to_win=1),
         dict(board_rows=1, men_per_player=3, men_to_win=2),
         dict(board_rows=2, men_per_player=3, men_to_win=3),
         dict(board_rows=3, men_per_player=4, men_to_win=2)]


@pytest.mark.parametrize("sizes", SMALL, ids=str)
@pytest.mark.parametrize("cap", [1, 2, None])
def test_kernel_equals_reference(sizes, cap):
    rules = ManHomeRules(**sizes)
    ref, fast = solve_solitaire_reference(rules, cap), solve_solitaire(rules, cap)
    assert ref.states == fast.states
    np.testing.assert_allclose(fast.turns, ref.turns, rtol=0, atol=1e-9)
    assert (fast.decisions == ref.decisions).all()


def bellman(rules, solution, index, home, men):
    """T(side) recomputed from the solution's other values (the optimality equation)."""
    space, squares = solution.space, rules.squares
    value = lambda h, m: 0.0 if h >= rules.men_to_win else solution.turns[space.index(h, sorted(m))]
    options = []
    men = frozenset(men)
    if space.reserve(home, men) > 0 and len(men) < space.cap:
        options.append(1 + sum(value(*arrive(home, men, q)) for q in range(squares)) / squares)
    if men:
        options.append(1 + sum(min(value(*arrive(home, men - {m.source}, m.target))
                                   for m in action_moves(sorted(men), kind))
                               for kind in (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME)) / 3)
    return min(options)


def test_values_satisfy_the_optimality_equation():
    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    solution = solve_solitaire(rules)
    for index, (home, men) in enumerate(solution.space.sides()):
        assert bellman(rules, solution, index, home, men) == pytest.approx(solution.turns[index], abs=1e-9)


def test_hand_solved_single_row_board():
    # Squares 0..5, one man, one home: from the start a new man lands on 0 (again), 1
    # (home) or 2..5; then only actions. T(5) etc. follow from the recursion below.
    rules = ManHomeRules(board_rows=1, men_per_player=1, men_to_win=1)
    solution = solve_solitaire(rules)
    space = solution.space
    # T(s) for a lone man with everything else fixed: death returns to the start (T0).
    # T0 = 1 + (1/6)(T0 + 0 + T2 + T3 + T4 + T5); T2 = 1 + (0 + T0 + 0)/3 (2-1=1, 2-2=0, 2/2=1)
    # T3 = 1 + (T2 + T0 + 0)/3; T4 = 1 + (T3 + T2 + T2)/3; T5 = 1 + (T4 + T0 + 0)/3.
    a = np.array([[5 / 6, -1 / 6, -1 / 6, -1 / 6, -1 / 6],
                  [-1 / 3, 1, 0, 0, 0],
                  [-1 / 3, -1 / 3, 1, 0, 0],
                  [0, -2 / 3, -1 / 3, 1, 0],
                  [-1 / 3, 0, 0, -1 / 3, 1]])
    t0, t2, t3, t4, t5 = np.linalg.solve(a, np.ones(5))
    assert solution.expected_turns == pytest.approx(t0, abs=1e-10)
    assert solution.turns[space.index(0, (4,))] == pytest.approx(t4, abs=1e-10)


def test_a_larger_cap_never_hurts():
    rules = ManHomeRules(board_rows=3, men_per_player=4, men_to_win=3)
    turns = [solve_solitaire(rules, cap).expected_turns for cap in (1, 2, 3, 4)]
    assert all(a >= b - 1e-12 for a, b in zip(turns, turns[1:]))


@pytest.mark.parametrize("sizes", [dict(board_rows=3, men_per_player=3, men_to_win=2),
                                   dict(board_rows=12, men_per_player=2, men_to_win=2)], ids=str)
def test_monte_carlo_agrees_within_4_standard_errors(sizes):
    rules = ManHomeRules(**sizes)
    exact = make_policy("solitaire", rules).table.expected_turns
    turns = play_solitaire(rules, np.random.PCG64(2024).random_raw(100_000)).astype(float)
    assert (turns > 0).all()
    se = turns.std(ddof=1) / math.sqrt(len(turns))
    assert abs(turns.mean() - exact) < 4 * se


def test_solitaire_policy_plays_the_same_games_in_both_engines():
    rules = ManHomeRules(board_rows=3, men_per_player=4, men_to_win=2, players=3)
    seats = ["solitaire", "greedy", "solitaire"]
    for key in np.random.PCG64(5).random_raw(60):
        same_game(rules, seats, int(key))


def test_space_of_the_standard_game():
    assert solitaire_space(ManHomeRules(), cap=4).size == 2_922_363
