"""The runner: results depend on the seed and the number of games only."""
import numpy as np
import pandas as pd
import pytest

from numbergames.analysis.running import runner
from numbergames.analysis.running.chunks import CHUNK_SIZE, chunk_keys, plan_chunks
from numbergames.analysis.running.runner import run
from numbergames.solver.manhome.rules import ManHomeRules

RULES = ManHomeRules()
POLICIES = ("random", "random")


def test_chunk_keys_are_seed_sequence_children():
    child = np.random.SeedSequence(5).spawn(3)[2]
    assert np.array_equal(chunk_keys(5, 2, 10), np.random.PCG64(child).random_raw(10))


def test_chunk_prefix_is_stable():
    assert np.array_equal(chunk_keys(1, 0, 100)[:40], chunk_keys(1, 0, 40))


def test_plan_chunks():
    assert plan_chunks(1) == [(0, 1)]
    assert plan_chunks(2 * CHUNK_SIZE + 5) == [(0, CHUNK_SIZE), (1, CHUNK_SIZE), (2, 5)]
    assert plan_chunks(CHUNK_SIZE, first_chunk=3) == [(3, CHUNK_SIZE)]


def test_same_result_for_any_worker_count():
    sims = 2 * CHUNK_SIZE + 1234
    one = run("manhome", RULES, POLICIES, sims, seed=3, workers=1).games
    two = run("manhome", RULES, POLICIES, sims, seed=3, workers=2).games
    three = run("manhome", RULES, POLICIES, sims, seed=3, workers=3).games
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, three)
    assert len(one) == sims


def test_a_smaller_run_is_a_prefix_of_a_larger_one():
    small = run("manhome", RULES, POLICIES, CHUNK_SIZE + 100, seed=9, workers=1).games
    large = run("manhome", RULES, POLICIES, CHUNK_SIZE + 700, seed=9, workers=2).games
    pd.testing.assert_frame_equal(small, large.iloc[:len(small)])


def test_different_seeds_differ():
    a = run("manhome", RULES, POLICIES, 500, seed=1, workers=1).games
    b = run("manhome", RULES, POLICIES, 500, seed=2, workers=1).games
    assert not a.equals(b)


def test_frame_columns():
    games = run("manhome", ManHomeRules(players=3), ("greedy",) * 3, 50, seed=0, workers=1).games
    assert list(games.columns[:4]) == ["winner", "termination", "turns", "decision_turns"]
    assert {"turns_2", "home_0", "kills_1", "deaths_2", "killed_0"} <= set(games.columns)
    assert (games[["turns_0", "turns_1", "turns_2"]].sum(axis=1) == games["turns"]).all()


def test_zero_games_is_refused():
    with pytest.raises(ValueError):
        run("manhome", RULES, POLICIES, 0, seed=0)


def test_progress_counts_every_game(monkeypatch):
    seen = []

    class Bar:
        def update(self, n):
            seen.append(n)

        def close(self):
            pass

    monkeypatch.setattr(runner, "_progress_bar", lambda total, title, enabled: Bar())
    run("manhome", RULES, POLICIES, CHUNK_SIZE + 10, seed=0, workers=2, progress=True)
    # two chunks for two workers are played in pieces (the short one is too short to split)
    assert sum(seen) == CHUNK_SIZE + 10 and len(seen) == 5 and 10 in seen


@pytest.mark.parametrize("sims", [1, 63, 64, 200, 1000, CHUNK_SIZE + 300])
def test_pieces_give_the_same_games(sims):
    # Fewer chunks than the workers could share are split into pieces and joined again:
    # the games are the same as one process playing whole chunks.
    whole = run("manhome", RULES, POLICIES, sims, seed=4, workers=1).games
    split = run("manhome", RULES, POLICIES, sims, seed=4, workers=3).games
    pd.testing.assert_frame_equal(whole, split)
