"""The players against optimal play on a solved duel (:mod:`numbergames.solver.manhome.duel_play`)."""
import pytest

from numbergames.solver.manhome.duel import DuelEquations
from numbergames.solver.manhome.duel_play import (Values, action_values, agreement, decisions,
                                      sample_positions)
from numbergames.solver.manhome.policies import policy_table
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import ManHomeState, Phase

SMALL = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
ONE_HOME = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=1)


@pytest.fixture(scope="module")
def small():
    return policy_table("optimal", SMALL), sample_positions(SMALL, 150, 5)


def test_a_hand_checked_position_has_one_optimal_move():
    # seat 0's men on 2 and 6, a subtract-one roll: 2 -> 1 is Home, and with one man home
    # to win that wins outright (value 1); 6 -> 5 lets the opponent play on (value < 1)
    solution = policy_table("optimal", ONE_HOME)
    state = ManHomeState.setup(ONE_HOME, {0: [2, 6], 1: [9]})
    state.apply_action(1)                          # the d6 face 1: subtract one
    assert state.phase == Phase.MOVE and [m.target for m in state.moves()] == [1, 5]
    home, other = action_values(solution, state)
    assert home == 1.0 and 0.0 < other < 1.0
    # 6 -> 5 passes the turn: the mover wins what the opponent, to move, does not
    assert other == 1.0 - solution.value((0, (9,)), (0, (2, 5)))


def test_the_values_are_the_bellman_equations(small):
    solution, positions = small
    equations, values = DuelEquations(SMALL, solution.values), Values(solution)
    for p in positions:
        s, seat = p.state, p.state.to_move
        a = solution.space.index(s.home[seat], s.men[seat])
        b = solution.space.index(s.home[1 - seat], s.men[1 - seat])
        new, moves = equations.options(a, b)
        want = ([new, sum(max(m) for m in moves) / 3] if s.phase == Phase.OPTION
                else moves[int(s.kind) - 1])
        assert values.action_values(s) == want


def test_optimal_keeps_every_value_and_random_does_not(small):
    solution, positions = small
    assert len(positions) == 150 and all(len(p.state.legal_actions()) > 1 for p in positions)
    optimal = agreement(solution, "optimal", positions, 1)
    assert optimal.kept == optimal.positions > 100 and optimal.mean_loss == 0.0
    random = agreement(solution, "random", positions, 1)
    expert = agreement(solution, "expert", positions, 1)
    assert random.positions == optimal.positions
    # a coin on two options keeps about half: far from every one
    assert random.share < 0.7 < 0.9 < expert.share and random.mean_loss > expert.mean_loss
    assert 0 < random.option_positions < random.positions


def test_kernel_and_reference_players_decide_alike(small):
    _, positions = small
    for name in ("greedy", "expert", "search-4", "mcts-16"):
        assert (decisions(SMALL, name, positions[:25], 3, "kernel")
                == decisions(SMALL, name, positions[:25], 3, "reference")), name


def test_sampling_is_seeded():
    first = [p.history for p in sample_positions(SMALL, 20, 9)]
    assert first == [p.history for p in sample_positions(SMALL, 20, 9)]
    assert first != [p.history for p in sample_positions(SMALL, 20, 10)]
