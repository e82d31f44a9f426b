"""manhome_learnt_leaf.py: the self-play positions are real turn starts, the fit
finds a correction it is shown, and the search with a zero correction is ``ply-N``'s."""
from __future__ import annotations

import numpy as np
import pytest

from numbergames.solver.dice import Stream
from numbergames.solver.manhome.duel_play import sample_positions
from numbergames.solver.manhome.policies import PlyPolicy
from numbergames.solver.manhome.rules import ManHomeRules

RULES = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)


def test_selfplay_rows_are_turn_starts_of_finished_games(experiment_script):
    script = experiment_script("manhome_learnt_leaf")
    rows, winners = script.selfplay(RULES, 30, seed=3, eps=0.2)
    assert len(rows) == len(winners) > 30
    starts = np.flatnonzero((rows[:, 1:] == [0, 0, -1, -1, -1, -1, -1, -1]).all(1)
                            & (rows[:, 0] == 0))
    # every game begins at the start (which a game may come back to: its men all lost)
    assert len(starts) >= 30 and starts[0] == 0
    for row in rows:
        mover, homes, men = row[0], row[1:3], row[3:9].reshape(2, 3)
        assert mover in (0, 1) and all(0 <= h < RULES.men_to_win for h in homes)
        for seat in range(2):
            out = [m for m in men[seat] if m >= 0]
            assert out == sorted(out) and all(2 <= m < RULES.squares for m in out)
            assert homes[seat] + len(out) <= RULES.men_per_player
        assert not set(men[0][men[0] >= 0]) & set(men[1][men[1] >= 0])
    assert set(np.unique(winners)) <= {-1, 0, 1}


def test_the_fit_finds_the_correction_it_is_shown(experiment_script):
    script = experiment_script("manhome_learnt_leaf")
    race = PlyPolicy(1, RULES).race
    rows, _ = script.selfplay(RULES, 200, seed=4, eps=0.3)
    logits = script.race_logits(race, *script.split(rows))
    truth = script.Model(RULES.squares)
    truth.theta[truth.beta] = 0.8
    truth.theta[truth.d:truth.beta] = np.linspace(-0.5, 0.5, 64)
    z = 0.8 * logits
    for index, mask in truth.columns(*script.split(rows), "d"):
        z = z + truth.theta[index] * mask
    model, before, after = script.fit_targets(race, rows, 1 / (1 + np.exp(-z)), "d", 0.0,
                                              logits)
    assert after < before
    assert model.theta[model.beta] == pytest.approx(0.8, abs=1e-3)
    used = np.unique(truth.columns(*script.split(rows), "d")[0][0])
    assert np.allclose(model.theta[used], truth.theta[used], atol=0.02)


def test_a_zero_correction_searches_like_the_ply_player(experiment_script):
    script = experiment_script("manhome_learnt_leaf")
    for depth in (1, 2):
        player = PlyPolicy(depth, RULES)
        learnt = script.LearntRace(player.race, script.Model(RULES.squares))
        for p in sample_positions(RULES, 60, 7):
            assert learnt.choose(p.state, depth) == player.choose(p.state.clone(), Stream(1))


def test_value_iteration_gives_a_model_a_round(experiment_script):
    script = experiment_script("manhome_learnt_leaf")
    race = PlyPolicy(1, RULES).race
    rows, _ = script.selfplay(RULES, 50, seed=5, eps=0.2)
    rounds = script.value_iteration(race, rows, "d", 1e-6, 2, 300)
    assert len(rounds) == 2 and all(0 < residual < 0.2 for _, residual in rounds)
    assert not np.array_equal(rounds[0][0].theta, rounds[1][0].theta)


def test_bad_options_give_one_line(experiment_script, capsys):
    main = experiment_script("manhome_learnt_leaf").main
    assert main(["1", "--groups", "dx"]) == 2
    assert main(["0"]) == 2
    assert main(["1", "--eps", "2"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 3
