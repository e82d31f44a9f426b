"""The exact board analysis: hand-worked tiny boards, the plain-Python twin, the implied
policy's exact value, Monte Carlo, and properties of distances and reach."""
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbergames.solver.sosooyoo.board import adjacency, board_graph, move_graph, move_table
from numbergames.solver.sosooyoo.exact import (DIE, TOLERANCE, Distances, analyse, distance_table,
                                   policy_value, reach_counts, simulate_turns, solve_turns,
                                   turns_reference, walk_reach)
from numbergames.solver.sosooyoo.rules import SoSooYooRules


@pytest.fixture(scope="module")
def standard():
    return analyse(SoSooYooRules())


# -- by hand -----------------------------------------------------------------------------
def test_path_of_three_by_hand():
    # Board 1 - 2 - 3 (2 and 3 jump off the board). Ring on 1:
    # collect: from 2 the first move collects (1); from 3 a roll of 2+ collects on the second
    # move, a 1 ends on 2: 1 + 1/6. Exact count: the path alternates sides, so from 2 odd
    # rolls collect, even ones end on 2: V = 1 + V/2 = 2; from 3 even rolls collect, odd end
    # on 2: 1 + 2/2 = 2.
    collect = solve_turns(move_table(3), exact=False)
    exact = solve_turns(move_table(3), exact=True)
    assert collect.values[0, 1:] == pytest.approx([1, Fraction(7, 6)], abs=1e-12)
    assert exact.values[0, 1:] == pytest.approx([2, 2], abs=1e-12)
    assert collect.mean_to()[0] == pytest.approx(13 / 12, abs=1e-12)
    # Ring on 2: the first move from 1 or 3 lands on it.
    # By exact count odd rolls end on 2 and even ones back on 1 or 3: V = 1 + V/2 = 2.
    assert collect.values[1, [0, 2]] == pytest.approx([1, 1])
    assert exact.values[1, [0, 2]] == pytest.approx([2, 2], abs=1e-9)


def test_board_of_four_by_hand():
    # Edges 1-2, 2-3, 2-4, 3-4 (a triangle 2-3-4 and 1 hanging off 2). Ring on 1.
    # Collect: from 2 at once (1); from 3 or 4 the first move goes to 2: 1 + 1/6.
    # Exact count: from 2 every roll but 2 can end on 1 (2 cannot: 2 -> x -> 1 needs x = 2),
    # and a roll of 2 can end anywhere on the triangle; from 3 and 4 every roll but 1 can end
    # on 1. So V(2) = 1 + V/6 with V the same everywhere: 6/5.
    collect = solve_turns(move_table(4), exact=False)
    exact = solve_turns(move_table(4), exact=True)
    assert collect.values[0, 1:] == pytest.approx([1, 7 / 6, 7 / 6], abs=1e-12)
    assert collect.mean_to()[0] == pytest.approx(10 / 9, abs=1e-12)
    assert exact.values[0, 1:] == pytest.approx([6 / 5] * 3, abs=1e-12)


def test_say_error_by_hand():
    # Path 1 - 2 - 3, ring on 1, a learner failing with chance q: from 3 the first move goes
    # to 2, and with chance q the turn ends there; else a roll of 2+ collects.
    q = 0.5
    v = solve_turns(move_table(3), exact=False, say_error=q).values[0]
    assert v[1] == pytest.approx(1.0)
    assert v[2] == pytest.approx(1 + (1 / 6 + 5 / 6 * q) * 1.0, abs=1e-12)
    assert v[2] == pytest.approx(19 / 12)


# -- the twin, the Bellman equation and the policy -------------------------------------
@pytest.mark.parametrize("flags", [dict(), dict(jumps=False), dict(warps=False, prime_bubble=False)])
@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("say_error", [0.0, 0.2])
def test_vectorised_equals_the_plain_twin(flags, exact, say_error):
    table = move_table(24, **{"jumps": True, "warps": True, "prime_bubble": True, **flags})
    fast = solve_turns(table, exact=exact, say_error=say_error)
    for target in (1, 7, 17, 24):
        slow = turns_reference(table, target, exact=exact, say_error=say_error)
        assert fast.values[target - 1] == pytest.approx([slow[s] for s in range(1, 25)], abs=1e-10)


def test_whole_turn_planning_is_move_by_move_planning(standard):
    # With say_error 0 a turn of k moves may end on any space a walk of k moves reaches, so
    # V(s) = 1 + mean over k of (0 if the turn can collect, else the least V over the ends):
    # collect when a walk of at most k moves (at least one) lands on the target, exact when
    # one of exactly k moves does.
    reach = walk_reach(adjacency(199))
    for solution, can_collect in ((standard.collect, lambda k: reach[1:k + 1].any(axis=0)),
                                  (standard.exact, lambda k: reach[k])):
        v = solution.values                           # [target, space]
        total = np.zeros_like(v)
        for k in range(1, DIE + 1):
            ends = np.where(reach[k][None, :, :], v[:, None, :], np.inf).min(axis=2)
            total += np.where(can_collect(k).T, 0.0, ends)
        assert np.abs(1 + total / DIE - v).max() < 1e-9


@pytest.mark.parametrize("exact, say_error, target", [(False, 0.0, 199), (True, 0.0, 1),
                                                      (True, 0.3, 60)])
def test_value_is_the_exact_value_of_the_policy_it_implies(exact, say_error, target):
    solution = solve_turns(move_table(199), exact=exact, say_error=say_error)
    assert policy_value(solution, target) == pytest.approx(solution.values[target - 1], abs=1e-9)
    assert solution.change <= TOLERANCE


@pytest.mark.parametrize("exact, say_error, target", [(True, 0.0, 199), (False, 0.25, 1)])
def test_monte_carlo_agrees(exact, say_error, target):
    solution = solve_turns(move_table(199), exact=exact, say_error=say_error)
    turns = simulate_turns(solution, target, 4000, np.random.default_rng(20240601))
    mean, se = turns.mean(), turns.std(ddof=1) / np.sqrt(len(turns))
    assert abs(mean - solution.mean_to()[target - 1]) < 4 * se


def test_collecting_on_any_move_depends_on_the_distance_only(standard):
    # Collecting on any move, the best a turn of k moves can do is k steps along a shortest
    # path, so from d moves away the turns are the d6 rolls needed for a total of d or
    # more: g(d) = 1 + (g(d - 1) + ... + g(d - 5)) / 6 over the positive distances, g(0) = 0.
    g = [Fraction(0)]
    for d in range(1, 11):
        g.append(1 + sum((g[d - k] for k in range(1, DIE + 1) if k < d), Fraction(0)) / DIE)
    assert g[1:3] == [1, Fraction(7, 6)]
    dist = standard.distances.table
    off = ~np.eye(199, dtype=bool)
    expected = np.array([float(x) for x in g])[dist]
    assert np.abs(standard.collect.values - expected)[off].max() < 1e-12


def test_collecting_on_any_move_is_never_slower(standard):
    assert (standard.collect.values <= standard.exact.values + 1e-12).all()
    assert (standard.collect.values >= 1 - 1e-12).all()


# -- the standard board ---------------------------------------------------------------
def test_standard_board_figures(standard):
    g = move_graph(SoSooYooRules())
    d = standard.distances
    assert d.diameter == nx.diameter(g) and d.radius == nx.radius(g)
    assert d.center == sorted(nx.center(g)) and d.periphery == sorted(nx.periphery(g))
    assert d.mean_distance == pytest.approx(nx.average_shortest_path_length(g))
    assert 1 in d.periphery                      # space 1 has one move, to 2
    assert (d.diameter, d.radius, d.center) == (10, 5, [32])


# -- properties ------------------------------------------------------------------------
boards = st.fixed_dictionaries({"board_size": st.integers(2, 199), "jumps": st.booleans(),
                                "warps": st.booleans(), "prime_bubble": st.booleans()})


@settings(max_examples=25, deadline=None)
@given(board=boards)
def test_distances_are_a_metric(board):
    g = board_graph(**board)
    table = distance_table(g)
    n = len(table)
    assert (table == table.T).all() and (np.diag(table) == 0).all() and (table[~np.eye(n, dtype=bool)] > 0).all()
    assert (table[:, None, :] <= table[:, :, None] + table[None, :, :]).all()   # triangle
    neighbours = table == 1
    assert (neighbours == (adjacency(**board) == 1)).all()
    d = Distances.of(table)
    assert d.diameter == table.max() and d.radius <= d.diameter <= 2 * d.radius


@settings(max_examples=25, deadline=None)
@given(board=boards)
def test_reach_counts_are_consistent(board):
    a = adjacency(**board)
    table = distance_table(board_graph(**board))
    reach = walk_reach(a)
    counts = reach_counts(reach, table)
    assert (counts["exactly_1"] == a.sum(axis=1)).all()
    for k in range(1, DIE + 1):
        assert (reach[k] == reach[k].T).all()
        assert (reach[k] <= (table <= k)).all()            # a walk is no shorter than the path
        assert (reach[k][table == k]).all()                # the shortest paths of length k
        assert (counts[f"within_{k}"] == ((table <= k).sum(axis=1) - 1)).all()
        if k >= 2:
            assert (reach[k - 2] <= reach[k]).all()        # out and back
            assert np.diag(reach[k]).all() if k % 2 == 0 else True
        if k < DIE:
            assert (counts[f"within_{k}"] <= counts[f"within_{k + 1}"]).all()


def test_turns_on_tiny_and_simple_boards():
    # Simple moves only: the board is a path and the far end takes longest.
    solution = solve_turns(move_table(20, jumps=False, warps=False), exact=False)
    mean = solution.mean_to()
    assert mean[0] == pytest.approx(mean.max()) and mean[0] == pytest.approx(mean[-1])
    assert mean == pytest.approx(mean[::-1], abs=1e-12)        # the path looks the same both ways
    with pytest.raises(ValueError):
        solve_turns(move_table(1), exact=False)
