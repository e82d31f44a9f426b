"""The merging tally (analysis/statistics/tally.py): chunk tallies merged give exactly the tally, and
so the figures, of all the rows at once, for every registered game; its percentiles are
numpy's to the bit; its moments are the exact ones."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbergames.analysis.running.runner import run
from numbergames.analysis.statistics.stats import summarize, summarize_tally
from numbergames.analysis.statistics.tally import Tally, moments, percentiles
from numbergames.solver.registry import DRAW, UNFINISHED, Traits, WIN_DRAW_LOSS, find_game, game_names

SIZES = {"manhome": 3000, "sosooyoo": 600, "sumoku": 60, "shoo": 60}


@pytest.mark.parametrize("game", game_names())
def test_merged_chunks_give_the_figures_of_all_rows(game):
    spec = find_game(game)
    rules = spec.rules.from_values(dict(spec.small_rules))
    players = spec.seats(rules)
    rows = run(spec, rules, [spec.players.default] * players, SIZES.get(game, 200), seed=5,
               workers=1).games
    whole = Tally.of(rows, players, spec.traits)
    merged = Tally(players, spec.traits)
    cuts = [0, 1, 7, len(rows) // 3, len(rows) // 2, len(rows)]
    for start, stop in zip(cuts, cuts[1:]):
        merged.merge(Tally.of(rows.iloc[start:stop], players, spec.traits))
    assert merged == whole
    assert summarize_tally(merged).as_dict() == summarize(rows, players, traits=spec.traits).as_dict()


def test_a_hand_counted_table():
    # seat 0 wins twice, seat 1 once, one draw, one game cut off at 40 turns
    games = pd.DataFrame({"winner": [0, 1, 0, DRAW, UNFINISHED], "turns": [10, 12, 14, 20, 40],
                          "decision_turns": [5, 6, 7, 8, 9]})
    tally = Tally.of(games, 2, Traits(False, (2, 2), WIN_DRAW_LOSS))
    assert (tally.games, tally.finished, tally.wins()) == (5, 4, [2, 1])
    assert dict(tally.lengths) == {10: 1, 12: 1, 14: 1, 20: 1}
    assert (tally.turns, tally.decision_turns) == (96, 35)
    assert tally.points == [5, 3] and tally.points_sq == [9, 5]  # halves: 2+2+1, 2+1
    summary = summarize_tally(tally)
    assert summary.points_by_seat == [0.625, 0.375] and summary.turns_median == 13.0
    assert summary.turns_mean == 14.0 and summary.decision_rate == 35 / 96


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 400), min_size=1, max_size=300),
       st.lists(st.floats(0, 100), min_size=1, max_size=5))
def test_percentiles_are_numpys_to_the_bit(sample, q):
    values, counts = np.unique(np.array(sample, dtype=np.int64), return_counts=True)
    got = percentiles(values, counts, q)
    want = np.percentile(np.array(sample, dtype=np.int64), q)
    assert got.tolist() == want.tolist()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-10**6, 10**6), min_size=2, max_size=200), st.integers(1, 12))
def test_moments_are_the_exact_ones(sample, scale):
    n, total, squares = len(sample), sum(sample), sum(v * v for v in sample)
    mean, sd = moments(total, squares, n, scale)
    exact_mean = Fraction(total, n * scale)
    exact_var = Fraction(n * squares - total * total, n * (n - 1) * scale * scale)
    assert mean == float(exact_mean) and sd == math.sqrt(float(exact_var))
    assert sd == pytest.approx(np.std(np.array(sample) / scale, ddof=1), rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("game", game_names())
def test_a_run_that_keeps_few_rows_reports_the_same_figures(game, tmp_path):
    import json

    import numbergames

    spec = find_game(game)
    rules = spec.rules.from_values(dict(spec.small_rules))
    sims = SIZES.get(game, 200)
    loaded = numbergames.load_game(game, rules=rules)
    every = loaded.simulate(sims, seed=3, workers=1, keep_games=None)
    few = loaded.simulate(sims, seed=3, workers=1, keep_games=sims // 4)
    assert len(few.games) == sims // 4 and few.sims == sims
    assert few.games.equals(every.games.iloc[:sims // 4])
    a = json.loads((every.write_report(tmp_path / "a") / "summary.json").read_text())
    b = json.loads((few.write_report(tmp_path / "b") / "summary.json").read_text())
    assert b.pop("games_kept") == sims // 4 and "games_kept" not in a
    volatile = {"elapsed_s", "games_per_s", "created"}
    assert {k: v for k, v in a.items() if k not in volatile} == \
        {k: v for k, v in b.items() if k not in volatile}
    assert "holds the rows of the first" in (tmp_path / "b" / "report.md").read_text()
