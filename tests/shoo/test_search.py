"""Shoo's search (solver/shoo/search.py and its kernel twin): the same hash, values, depth
and nodes in both engines, the same games, wins in one found, losses in one avoided, and
values equal to plain fixed-depth minimax."""

import numpy as np
import pytest

from numbergames.solver.shoo import kernel
from numbergames.solver.dice import Stream
from numbergames.solver.shoo import reference_row
from numbergames.solver.shoo.evaluation import (EXPOSED_WEIGHT, MOUNT_WEIGHT, WIN, duel, evaluate,
                                    search_evaluation, tactics)
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.movetext import move_text
from numbergames.solver.shoo.notation import arrange
from numbergames.solver.shoo.policies import GreedyPolicy, SearchPolicy
from numbergames.solver.shoo.state import ShooState
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_game_position, random_placement
from numbergames.solver.shoo.search import INFINITY, AlphaBeta, leaf_value, search, zobrist


def test_the_kernel_hashes_as_the_reference():
    rules = ShooRules(hush="lose_move")
    stream = Stream(2)
    positions = [random_placement(rules, stream) for _ in range(150)]
    positions += [random_game_position(rules, stream, stream.below(40)) for _ in range(8)]
    keys = [zobrist(p) for p in positions]
    assert [kernel.position_key(p) for p in positions] == keys
    assert len(set(keys)) == len(keys)
    later = positions[0].copy()
    later.ply += 1
    assert zobrist(later) != keys[0]                # the draw at max_plies depends on it


def sample_positions():
    """Positions of random games and random placements, and one with few moves where
    the budget reaches depth 3."""
    rules = ShooRules()
    stream = Stream(8)
    yield random_game_position(rules, stream, 40)
    yield random_placement(rules, stream)
    yield random_game_position(ShooRules(hush="lose_move"), stream, 90)
    yield endgame("e9", "e1")


@pytest.mark.parametrize("budget", [3, 6])
def test_kernel_and_reference_search_alike(budget):
    depths = []
    for position in sample_positions():
        values, depth, nodes = search(position, legal_moves(position), budget * 100)
        assert kernel.search_values(position.rules, position, budget) == (values, depth, nodes)
        depths.append(depth)
    assert max(depths) >= 2


@pytest.mark.parametrize("names, plies, games", [
    (("search-2", "greedy"), 12, 2), (("random", "search-3"), 12, 2),
    (("search-10", "random"), 4, 1)])          # deep enough for depth 2 at the start
def test_kernel_and_reference_play_the_same_search_games(names, plies, games):
    rules = ShooRules(max_plies=plies)
    keys = np.random.PCG64(9).random_raw(games)
    fast = kernel.play_chunk(rules, names, keys)
    for i, key in enumerate(keys):
        row = reference_row(rules, names, int(key))
        for column, value in row.items():
            assert np.array_equal(np.asarray(value), fast[column][i]), (column, i)


BLUE_HOME = {"a9": "a7,b7,c7,a8,b8,c8,b9,c9", "c7": "a7,b7,a8,b8,c8,a9,b9,c9"}
WHITE_HOME = {"i1": "g1,h1,g2,h2,i2,g3,h3,i3", "g3": "g1,h1,i1,g2,h2,i2,h3,i3"}


def endgame(blue: str, white: str, side: str = "b", empty: tuple[str, str] = ("a9", "i1"),
            rules: ShooRules | None = None):
    """Each side's home area full but one square (``empty``), one traveller out, every
    horse retired: a handful of moves a side."""
    return arrange(f"B:{BLUE_HOME[empty[0]]},{blue} W:{WHITE_HOME[empty[1]]},{white}",
                   side=side, pasture=(4, 5), rules=rules)


def test_search_takes_a_win_in_one_and_stops_a_loss_in_one():
    # Blue's d6 steps into c7, the last empty square of its home area
    win = endgame("d6", "d8", side="b", empty=("c7", "g3"))
    moves = legal_moves(win)
    index, value = SearchPolicy(10).best(win, moves, Stream(0))
    assert move_text(moves[index]).startswith("d6-c7") and value == WIN - 1
    # White to move must call its horse to c7, or lose; greedy does not see it
    stop = arrange(f"B:{BLUE_HOME['c7']},d6 W:{WHITE_HOME['g3']},e1", side="w",
                   stable=(0, 1), pasture=(4, 4))
    moves = legal_moves(stop)
    names = [move_text(m) for m in moves]
    index, value = SearchPolicy(10).best(stop, moves, Stream(0))
    assert names[index] == "H@c7" and abs(value) < WIN - 10
    state = ShooState(position=stop)
    assert state.action_to_string(GreedyPolicy().choose(state, Stream(0))) != "H@c7"
    values = kernel.search_values(stop.rules, stop, 10)[0]
    assert all(v == -WIN + 2 for v, name in zip(values, names) if name != "H@c7")


def minimax(position, depth, root_ply, memo):
    """Plain fixed-depth negamax with the search's leaves."""
    if depth == 0 or position.winner() is not None or position.ply >= position.rules.max_plies:
        return leaf_value(position, root_ply)
    key = (position.key(), position.ply, depth)
    if key not in memo:
        memo[key] = max(-minimax(make_move(position, m), depth - 1, root_ply, memo)
                        for m in legal_moves(position))
    return memo[key]


@pytest.mark.parametrize("blue, white, side, deepest", [
    ("e9", "e1", "b", 4), ("a5", "i6", "w", 3), ("d9", "f1", "w", 3)])
def test_iterative_deepening_gives_the_minimax_values(blue, white, side, deepest):
    position = endgame(blue, white, side=side, rules=ShooRules(max_plies=30))
    moves = legal_moves(position)
    engine = AlphaBeta(position, limit=10 ** 9)
    order = list(range(len(moves)))
    memo = {}
    for depth in range(1, deepest + 1):
        values = engine.iteration(position, moves, order, depth)
        order.sort(key=lambda i: -values[i])
        exact = [-minimax(make_move(position, m), depth - 1, position.ply, memo) for m in moves]
        top = max(exact)
        assert max(values) == top
        for value, truth in zip(values, exact):
            assert value == truth if value == top else truth <= value < top
    if deepest >= 4:
        assert engine.hits > 0                       # the table cut some nodes off


def test_an_abandoned_depth_2_decides_among_the_moves_it_searched():
    # the depth-1 iteration fills most of the budget, depth 2 searches a few moves
    position = random_game_position(ShooRules(), Stream(8), 40)
    moves = legal_moves(position)
    budget = (len(moves) + 40) // 100 + 1
    values, depth, _ = search(position, moves, budget * 100)
    searched = [i for i, v in enumerate(values) if v > -INFINITY]
    assert depth == 1 and 0 < len(searched) < len(moves)
    # they are greedy's first moves, with their depth-2 values
    engine = AlphaBeta(position, limit=10 ** 9)
    greedy = engine.iteration(position, moves, list(range(len(moves))), 1)
    order = sorted(range(len(moves)), key=lambda i: -greedy[i])
    assert sorted(searched) == sorted(order[:len(searched)])
    full = engine.iteration(position, moves, order, 2)
    assert [values[i] for i in order[:len(searched)]] == [full[i] for i in order[:len(searched)]]
    assert kernel.search_values(position.rules, position, budget)[:2] == (values, depth)


def test_the_search_leaf_adds_each_sides_tactics_in_a_duel():
    # Blue to move; one traveller a side on the field, so neither can shoo (a duel). Blue
    # has a horse at hand (+MOUNT): its rider on e8, which touches White's d8 (-EXPOSED).
    # White's d8 stands next to the free horse on c7 (+MOUNT); the e5 horse that White
    # holds counts for White, not for Blue.
    position = arrange("b:e8 W:d8 h:c7,e5", held="e5", stable=(3, 3))
    assert duel(position)
    assert tactics(position, 0) == MOUNT_WEIGHT - EXPOSED_WEIGHT
    assert tactics(position, 1) == MOUNT_WEIGHT
    assert search_evaluation(position, 0) == evaluate(position, 0) - EXPOSED_WEIGHT
    assert search_evaluation(position, 1) == evaluate(position, 1) + EXPOSED_WEIGHT
    assert leaf_value(position, 0) == search_evaluation(position, 0)
    # Blue on foot at f4, next to e5 only, which White holds: no horse at hand for Blue
    barred = arrange("B:f4 W:d8 h:c7,e5", held="e5", stable=(3, 4))
    assert tactics(barred, 0) == 0 and tactics(barred, 1) == MOUNT_WEIGHT
    # with a second White traveller on the field White could shoo: no tactics
    crowded = arrange("b:e8 W:d8,a1 h:c7,e5", held="e5", stable=(3, 3))
    assert not duel(crowded) and tactics(crowded, 0) == MOUNT_WEIGHT - EXPOSED_WEIGHT
    assert search_evaluation(crowded, 0) == evaluate(crowded, 0)
    # the kernel values its leaves alike (its depth-1 nodes add the tactics after each move)
    for case in (position, barred, crowded):
        for budget in (1,):  # deeper: test_the_kernel_searches_as_the_reference_to_depth_5_and_6
            values, depth, nodes = search(case, legal_moves(case), budget * 100)
            assert kernel.search_values(case.rules, case, budget) == (values, depth, nodes)
    # a finished game is worth the evaluation alone
    won = endgame("a9", "e1")
    assert search_evaluation(won, 0) == evaluate(won, 0) == WIN


def assert_minimax(position, values, depth, memo):
    """``values`` (each root move's, fail-soft) are those of a plain negamax ``depth`` plies
    deep: the best exact, every other at least its true value and below the best."""
    exact = [-minimax(make_move(position, m), depth - 1, position.ply, memo)
             for m in legal_moves(position)]
    top = max(exact)
    assert max(values) == top
    for value, truth in zip(values, exact):
        assert value == truth if value == top else truth <= value < top


def walked(position, stream, plies):
    """``position`` after ``plies`` random moves (fewer if the game ends)."""
    for _ in range(plies):
        if position.winner() is not None:
            break
        moves = legal_moves(position)
        position = make_move(position, moves[stream.choose(len(moves))])
    return position


@pytest.mark.parametrize("blue, white, side, plies, budget, depth", [
    ("e9", "e1", "b", 0, 5, 4), ("a5", "i6", "w", 2, 5, 4), ("d9", "f1", "w", 0, 5, 5),
    ("e9", "e1", "b", 4, 5, 4), ("d9", "f1", "w", 0, 10, 6)])
def test_the_kernels_deeper_searches_give_the_minimax_values(blue, white, side, plies, budget,
                                                             depth):
    """The kernel's search (its table kept across the iterations) to depths 4-6 on endgames
    after a few seeded random moves: the values of plain negamax at the depth it completed
    (the reference's iterations are held to it in
    test_iterative_deepening_gives_the_minimax_values; the kernel is compared with the
    reference at budgets that finish depth 3 at most above)."""
    position = walked(endgame(blue, white, side=side, rules=ShooRules(max_plies=30)),
                      Stream(5), plies)
    values, reached, _ = kernel.search_values(position.rules, position, budget)
    assert reached >= depth
    assert_minimax(position, values, reached, {})


@pytest.mark.parametrize("blue, white, side, budget", [
    ("i9", "a5", "b", 12), ("f9", "b6", "b", 16)])
def test_the_kernel_searches_as_the_reference_to_depth_5_and_6(blue, white, side, budget):
    """Endgames (one traveller a side out) where the search completes depth 5 and abandons
    depth 6: the kernel's values, depth and nodes are the reference's. A table entry of a
    node that failed low is an upper bound: with the kernel storing it as exact, its values
    stayed the minimax values in all 7,993 endgame searches tried (depths 4-16; so the
    minimax test above passes), but it cut off nodes the reference searches, and these two
    complete depth 6 instead of 5 (with other values)."""
    rules = ShooRules(max_plies=80)
    position = endgame(blue, white, side=side, rules=rules)
    values, depth, nodes = search(position, legal_moves(position), budget * 100)
    assert kernel.search_values(rules, position, budget) == (values, depth, nodes)
