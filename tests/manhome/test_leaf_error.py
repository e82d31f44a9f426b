"""benchmarks/manhome_leaf_error.py: with no hits its table is the race table of ``ply-N``,
and its errors cover exactly the pairs of sides that can stand on one board."""
from __future__ import annotations

import numpy as np
import pytest

from solver.manhome.policies import race_table
from solver.manhome.rules import ManHomeRules


@pytest.fixture(scope="module")
def module(benchmark_script):
    return benchmark_script("manhome_leaf_error")


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
