"""The race table and the ``ply-N`` players (:mod:`numbergames.solver.manhome.race`): the kernel's table
is the readable one's, the evaluation is a distribution of the win among the seats, and both
engines' ``ply-N`` play the same games (small budgets, several rules and seatings)."""
import numpy as np
import pytest

from numbergames.solver.manhome.policies import _solitaire, adapt_table, race_table, race_tables
from numbergames.solver.manhome.exact_kernels import race_cdf
from numbergames.solver.manhome.race import (ENVELOPE_WEIGHT, RACE_COLUMNS, RACE_SCALE, Race,
                                 race_cdf_reference, race_mix)
from numbergames.solver.manhome.rules import ManHomeRules
from tests.manhome.twins import same_game


@pytest.mark.parametrize("sizes", [(1, 1, 1), (2, 2, 2), (2, 3, 2), (1, 6, 3)])
def test_the_kernels_race_table_is_the_readable_one(sizes):
    rows, men, win = sizes
    rules = ManHomeRules(board_rows=rows, men_per_player=men, men_to_win=win)
    solved = _solitaire(rows, men, win)
    kernel = race_cdf(solved.space, solved.decisions, RACE_COLUMNS, RACE_SCALE)
    reference = race_cdf_reference(rules, solved.space, solved.decisions)
    # (the same doubles, added in another order: a rounding may differ by one unit)
    assert np.abs(kernel.astype(int) - reference.astype(int)).max() <= 1
    # distribution functions: non-decreasing, and the last column is all but certain
    assert (np.diff(kernel.astype(int), axis=1) >= 0).all()
    assert kernel[:, -1].min() >= 0.999 * RACE_SCALE


@pytest.mark.parametrize("sizes", [(1, 1, 1), (2, 2, 2), (2, 3, 2), (1, 6, 3)])
def test_the_kernels_envelope_is_the_readable_one_and_above_the_race(sizes):
    rows, men, win = sizes
    rules = ManHomeRules(board_rows=rows, men_per_player=men, men_to_win=win)
    space, cdf, envelope = race_tables(rules)
    reference = race_cdf_reference(rules, space, None)
    assert np.abs(envelope.astype(int) - reference.astype(int)).max() <= 1
    assert (np.diff(envelope.astype(int), axis=1) >= 0).all()
    assert (envelope.astype(int) >= cdf.astype(int) - 1).all()
    if men > 1:     # with two men or more a side gains somewhere by playing for the n
        assert (envelope.astype(int) > cdf.astype(int) + 0.01 * RACE_SCALE).any()


def test_the_envelope_within_two_goes_by_hand():
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    space, cdf, envelope = race_tables(rules)
    # one man home, the other on 4, none in reserve: 4 goes to 3 (subtract one) or 2
    # (subtract or divide by 2), never Home in one go; from 3 Home by dividing (1/3), from
    # 2 by subtracting one or dividing (2/3): within two goes 1/3 * 1/3 + 2/3 * 2/3 = 5/9,
    # the only way (no choice changes the chance within two goes), so the race table's too
    for table in (envelope, cdf):
        row = table[space.index(1, [4])]
        assert row[0] == 0 and row[1] == round(5 / 9 * RACE_SCALE)
    # a new man from the start of a 1-man side: 12 squares, Home (1 in 12) or a chance
    # within 2 goes of the square it lands on; with no choice the two tables agree
    start = space.index(0, [])
    assert envelope[start][0] == cdf[start][0]


def test_adapt_plays_on_the_mix_of_the_two():
    assert race_mix(np.array([[0, 65535]], np.uint16), np.array([[100, 200]], np.uint16),
                    0.5).tolist() == [[50, 32868]]            # 32867.5 to the even
    assert race_mix(np.array([[10]], np.uint16), np.array([[20]], np.uint16),
                    0.25).tolist() == [[12]]
    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    space, cdf, envelope = race_tables(rules)
    assert (adapt_table(rules)[1] == race_mix(cdf, envelope, ENVELOPE_WEIGHT)).all()
    assert (race_table(rules)[1] == cdf).all()
    assert 0 < ENVELOPE_WEIGHT < 1


def test_the_goes_of_the_start_have_the_solitaires_mean():
    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    space, table = race_table(rules)
    solved = _solitaire(2, 3, 2)
    start = space.index(0, [])
    cdf = table[start].astype(float) / RACE_SCALE
    pmf = np.diff(cdf, prepend=0.0)
    mean = float(pmf @ np.arange(1, RACE_COLUMNS + 1))
    # goes counting the first = turns - (men_to_win - 1)
    assert mean == pytest.approx(solved.turns[start] - 1, abs=1e-3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_chances_share_the_win(players):
    # four rows (squares 0..23): the table in a second (the standard one: 15 s of solving,
    # used by test_ply_one_on_the_standard_rules_same_games)
    rules = ManHomeRules(players=players, board_rows=4)
    race = Race(rules, *race_table(rules))
    men = [[5, 20], [12], [14, 15, 22], []][:players]
    homes = [1, 0, 2, 0][:players]
    for t in range(players):
        chances = race.leaf(homes, men, t)
        assert sum(chances) == pytest.approx(1.0, abs=1e-3)
        assert min(chances) > 0
    # the seat to move is better off than when it has just moved
    assert race.leaf(homes, men, 0)[0] > race.leaf(homes, men, 1)[0]


PLY_SEATINGS = [("ply-1", "expert"), ("random", "ply-2"), ("ply-2", "greedy", "ply-1"),
                ("adapt-1", "ply-1"), ("greedy", "adapt-2", "ply-1")]
PLY_VARIANTS = [{"board_rows": 2, "men_per_player": 3, "men_to_win": 2},
                {"board_rows": 2, "tie": "reroll", "extra_turn": False},
                {"board_rows": 1, "men_per_player": 6, "men_to_win": 3},
                {"board_rows": 2, "men_per_player": 3, "men_to_win": 2, "head_start": 2}]


@pytest.mark.parametrize("seating", PLY_SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", PLY_VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_ply_players_same_games(seating, variant):
    rules = ManHomeRules(players=len(seating), **variant)
    for key in np.random.PCG64(17 + len(variant)).random_raw(3):
        same_game(rules, seating, int(key))


@pytest.mark.parametrize("order", ["rotate", "snake"])
def test_ply_players_same_games_in_every_order(order):
    rules = ManHomeRules(players=3, board_rows=2, men_per_player=3, men_to_win=2, order=order,
                         head_start=1)
    for key in np.random.PCG64(29).random_raw(3):
        same_game(rules, ("ply-2", "greedy", "adapt-1"), int(key))


def test_ply_one_on_the_standard_rules_same_games():
    rules = ManHomeRules()
    for key in (3, 4):
        same_game(rules, ("ply-1", "expert"), key)


def test_adapt_and_ply_choose_apart_somewhere():
    from numbergames.solver.decision import CHANCE, TERMINAL
    from numbergames.solver.dice import game_streams
    from numbergames.solver.manhome.policies import make_policy
    from numbergames.solver.manhome.state import ManHomeState

    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    ply, adapt = make_policy("ply-1", rules), make_policy("adapt-1", rules)
    assert (adapt.name, ply.name) == ("adapt-1", "ply-1")
    apart = 0
    for key in range(30):
        state = ManHomeState(rules)
        dice, choices = game_streams(key)
        while (seat := state.current_player()) != TERMINAL:
            if seat == CHANCE:
                state.apply_action(state.draw_chance(dice))
                continue
            action = ply.choose(state, choices)
            apart += action != adapt.choose(state, choices)
            state.apply_action(action)
    assert apart > 0
