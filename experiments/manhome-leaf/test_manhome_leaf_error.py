"""manhome_leaf_error.py: with no hits its table is the race table of ``ply-N``,
its errors cover exactly the pairs of sides that can stand on one board, a chance by square
reduces to the one chance when the squares are alike, and its decisions on the race table are
the player's own."""
from __future__ import annotations

import numpy as np
import pytest

from numbergames.solver.manhome.duel_play import agreement, sample_positions
from numbergames.solver.manhome.policies import policy_table, race_table
from numbergames.solver.manhome.rules import ManHomeRules


@pytest.fixture(scope="module")
def module(experiment_script):
    return experiment_script("manhome_leaf_error")


def test_no_hits_is_the_race_table_and_hits_slow_a_side_with_men_out(module):
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    space, table = race_table(rules)
    assert np.array_equal(module.hit_table(rules, 0.0), table)
    hit = module.hit_table(rules, 0.5).astype(int)
    # two men on the board, none home: a hit can only send men back, so after one go
    # the chance to be done is as before (a go's own outcome), later it is lower
    i = space.index(0, [5, 7])
    assert hit[i, 0] == table[i, 0] and hit[i, 5] < table[i, 5]


def test_the_errors_cover_every_pair_of_sides_on_one_board(module):
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    space, table = race_table(rules)
    sides = [frozenset(m) for _, m in space.sides()]
    apart = sum(1 for a in sides for b in sides if not a & b)
    errors = module.leaf_errors(rules, table)
    assert errors["pairs"] == apart
    assert 0 < errors["absolute"] < 0.05


def test_a_chance_by_square_is_the_one_chance_when_alike_and_exposure_averages_one(module):
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    assert np.array_equal(module.hit_table(rules, np.full(rules.squares, 0.1)),
                          module.hit_table(rules, 0.1))
    exposure = module.exposure(rules)
    assert exposure[:2].tolist() == [0.0, 0.0] and abs(exposure[2:].mean() - 1.0) < 1e-12
    # square 2 is reached from 3 (subtract one), 4 (subtract 2, divide by 2) and 6 (divide
    # by 3): more than the top square, which only a new man reaches
    assert exposure[2] > exposure[rules.squares - 1]


def test_decisions_on_the_race_table_are_the_players_own(module):
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    space, table = race_table(rules)
    shares = module.decision_shares(rules, table, ["ply-1"], count=200, seed=3)
    own = agreement(policy_table("optimal", rules), "ply-1", sample_positions(rules, 200, 3), 3)
    assert shares == {"ply-1": own.share}
    blind = module.decision_shares(rules, np.zeros_like(table), ["ply-1"], count=200, seed=3)
    assert blind["ply-1"] < own.share       # a table that says nothing plays worse


def test_a_bad_chance_or_player_is_one_line_and_exit_2(module, capsys):
    assert module.main(["1.5", "--rows", "2", "--men", "2"]) == 2
    assert module.main(["0.1", "--rows", "2", "--men", "2", "--decisions", "expert"]) == 2
    assert module.main(["0.1", "--rows", "2", "--men", "2", "--decisions", "ply-x"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 3
