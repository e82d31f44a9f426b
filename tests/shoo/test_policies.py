"""Shoo's players: legal choices, the evaluation's parts, and what search sees that greedy
does not."""
import numpy as np
import pytest

from numbergames.solver.decision import play
from numbergames.solver.dice import Stream
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.evaluation import WIN, evaluate, standing
from numbergames.solver.shoo.movetext import move_text
from numbergames.solver.shoo.notation import arrange
from numbergames.solver.shoo.policies import PLAYERS, GreedyPolicy, SearchPolicy, make_policy
from numbergames.solver.shoo.position import start
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ShooState

WHITE_HOME_BUT_G3 = "W:g1,h1,i1,g2,h2,i2,h3,i3"
BLUE_AT_START_OF_WHITE = "B:a1,b1,c1,a2,b2,c2,a3,b3,c3"


def chosen(policy, position, key=0):
    state = ShooState(position=position)
    return state.action_to_string(policy.choose(state, Stream(key)))


def test_the_players_parse_and_the_ladder_climbs():
    assert PLAYERS.parse("search-8") == ("search", 8) and PLAYERS.ladder == ("random", "greedy")
    assert make_policy("search-3", ShooRules()).budget == 3
    with pytest.raises(ValueError, match="unknown player 'search-1001'"):
        PLAYERS.parse("search-1001")


def test_the_evaluation_is_antisymmetric_and_counts_a_win():
    p = start(ShooRules())
    assert evaluate(p, 0) == -evaluate(p, 1) == standing(p, 0) - standing(p, 1)
    won = arrange("B:a7,b7,c7,a8,b8,c8,a9,b9,c9 W:e5")
    assert evaluate(won, 0) == WIN and evaluate(won, 1) == -WIN


def test_greedy_walks_home_and_shoos_off_when_it_can():
    # Blue's b7 steps to b8 and shoos White's a9 off (no escape): worth a stabled traveller
    p = arrange("b:a8 B:b7 W:a9,i1")
    assert chosen(GreedyPolicy(), p) == "b7-b8+a9"
    # the last traveller walks into the home area and wins
    last = arrange("B:a7,b7,c7,a8,b8,c8,a9,b9,d9 W:e5")
    assert chosen(GreedyPolicy(), last) == "d9-c9"


def test_search_blocks_the_win_greedy_does_not_see():
    # White's f4 steps into g3, the last empty square of its home area, next move; Blue's
    # only defence is to put something on g3 (a horse from the stable, held there)
    p = arrange(f"{WHITE_HOME_BUT_G3} W:f4 {BLUE_AT_START_OF_WHITE}")
    assert chosen(GreedyPolicy(), p) != "H@g3"
    assert chosen(SearchPolicy(4), p) == "H@g3"    # 400 nodes: 8 s here (3,000: 100 s)
    after = make_move(p, legal_moves(p)[[move_text(m) for m in legal_moves(p)].index("H@g3")])
    assert all(evaluate(make_move(after, m), 1) < WIN for m in legal_moves(after))


def test_search_1_plays_greedys_moves_where_it_cannot_look_further():
    # 100 nodes: the depth-1 iteration (greedy's values) alone fits in the budget
    p = start(ShooRules())
    picks = [chosen(GreedyPolicy(), p, key) for key in range(5)]
    assert [chosen(SearchPolicy(1), p, key) for key in range(5)] == picks
    assert len(set(picks)) > 1                   # greedy's ties are drawn


@pytest.mark.parametrize("name, plies", [("random", 30), ("greedy", 30), ("search-2", 10)])
def test_every_player_finishes_a_short_game_with_legal_moves(name, plies):
    # (the reference search-2 takes about 3 s a ply in the opening: 10 plies, not 30)
    rules = ShooRules(max_plies=plies)
    game = play(ShooState(rules), [make_policy(name, rules)] * 2, key=7)
    assert game.position.ply == plies or game.winner in (0, 1)


def test_greedy_beats_random_from_both_seats():
    # the kernel's games, which are the reference's move for move (tests/shoo/test_kernel.py;
    # a reference game of greedy takes about three seconds)
    from numbergames.solver.shoo import SPEC

    rules = ShooRules(max_plies=600)
    keys = np.array([1, 2, 3], dtype=np.uint64)
    assert list(SPEC.play_chunk(rules, ["greedy", "random"], keys)["winner"]) == [0, 0, 0]
    assert list(SPEC.play_chunk(rules, ["random", "greedy"], keys)["winner"]) == [1, 1, 1]
