"""benchmarks/manhome_envelope_leaf.py: the envelope is the best chance of finishing within n
goes, checked by hand on a side with no choice in two goes, never below the race table and somewhere
above it; at alpha 0 the search is ``ply-N``'s."""
from __future__ import annotations

import numpy as np
import pytest

from solver.manhome.duel_play import agreement, sample_positions
from solver.manhome.policies import PlyPolicy, policy_table
from solver.manhome.race import RACE_SCALE
from solver.manhome.rules import ManHomeRules

RULES = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)


def test_the_envelope_within_two_goes_by_hand(benchmark_script):
    race = PlyPolicy(1, RULES).race
    star = benchmark_script("manhome_envelope_leaf").envelope(race)
    # one man home, the other on 4, none in reserve: 4 goes to 3 (subtract one) or 2
    # (subtract or divide by 2), never Home in one go; from 3 Home by dividing (1/3), from 2
    # by subtracting one or dividing (2/3): within two goes 1/3 * 1/3 + 2/3 * 2/3 = 5/9
    row = star[race.space.index(1, [4])]
    assert row[0] == 0.0 and row[1] == pytest.approx(5 / 9)
    fixed = race.table[race.space.index(1, [4])] / RACE_SCALE   # no choice in two goes
    assert np.allclose(row[:2], fixed[:2], atol=1 / RACE_SCALE)


def test_the_envelope_is_a_distribution_above_the_race_table(benchmark_script):
    for rules in (RULES, ManHomeRules(board_rows=3, men_per_player=3, men_to_win=2)):
        race = PlyPolicy(1, rules).race
        star = benchmark_script("manhome_envelope_leaf").envelope(race)
        fixed = race.table / RACE_SCALE
        assert (star >= fixed - 1 / RACE_SCALE).all() and (star <= 1 + 1e-12).all()
        assert (np.diff(star, axis=1) >= -1e-12).all()
        assert (star > fixed + 0.01).any()     # somewhere a side gains by adapting


def test_alpha_zero_is_the_ply_player(benchmark_script):
    script = benchmark_script("manhome_envelope_leaf")
    good, total = script.kept(RULES, 1, [0.0, 1.0], count=150, seed=2)
    a = agreement(policy_table("optimal", RULES), "ply-1", sample_positions(RULES, 150, 2), 2)
    assert (good[0.0], total) == (a.kept, a.positions)


def test_bad_options_give_one_line(benchmark_script, capsys):
    main = benchmark_script("manhome_envelope_leaf").main
    assert main(["0"]) == 2
    assert main(["1", "--alphas", "0,2"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 2
