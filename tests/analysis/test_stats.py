"""Tests for analysis.stats: known values, validation and statistical behaviour."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis.stats import Summary, difference_interval, summarize, wilson_interval


def frame(winner: list[int], turns: list[int], decision_turns: list[int]) -> pd.DataFrame:
    return pd.DataFrame(
        {"winner": winner, "turns": turns, "decision_turns": decision_turns}
    )


# --- wilson_interval -------------------------------------------------------


def test_wilson_known_values() -> None:
    assert wilson_interval(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0
    assert lo == pytest.approx(0.7225, abs=1e-4)


def test_wilson_wider_at_higher_confidence() -> None:
    lo95, hi95 = wilson_interval(30, 100, 0.95)
    lo99, hi99 = wilson_interval(30, 100, 0.99)
    assert lo99 < lo95 < hi95 < hi99


@pytest.mark.parametrize(
    "args", [(0, 0), (-1, 10), (11, 10), (5, 10, 0.0), (5, 10, 1.0)]
)
def test_wilson_rejects_bad_input(args: tuple) -> None:
    with pytest.raises(ValueError):
        wilson_interval(*args)


@given(
    st.integers(min_value=1, max_value=10_000).flatmap(
        lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
    ),
    st.floats(min_value=0.5, max_value=0.999),
)
def test_wilson_contains_point_and_in_unit_interval(kn: tuple[int, int], conf: float) -> None:
    k, n = kn
    lo, hi = wilson_interval(k, n, conf)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    assert lo < hi


# --- difference_interval ---------------------------------------------------


def test_difference_interval_newcombe_example() -> None:
    # Newcombe (1998), Stat. Med. 17:873, example (a), method 10.
    diff, lo, hi = difference_interval(56, 70, 48, 80)
    assert diff == pytest.approx(0.2)
    assert (lo, hi) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_difference_interval_is_antisymmetric() -> None:
    diff, lo, hi = difference_interval(30, 90, 45, 100)
    rdiff, rlo, rhi = difference_interval(45, 100, 30, 90)
    assert (rdiff, rlo, rhi) == pytest.approx((-diff, -hi, -lo))


@given(
    st.integers(min_value=1, max_value=2000).flatmap(
        lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
    ),
    st.integers(min_value=1, max_value=2000).flatmap(
        lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
    ),
)
def test_difference_interval_contains_point(a: tuple[int, int], b: tuple[int, int]) -> None:
    diff, lo, hi = difference_interval(*a, *b)
    assert diff == pytest.approx(a[0] / a[1] - b[0] / b[1])
    assert -1.0 - 1e-12 <= lo <= diff <= hi <= 1.0 + 1e-12


def test_difference_interval_rejects_empty_run() -> None:
    with pytest.raises(ValueError):
        difference_interval(0, 0, 1, 2)


# --- summarize: exact values -----------------------------------------------


@pytest.fixture
def small() -> Summary:
    # 3 players; wins 3/1/1 plus one unfinished game of 100 turns.
    games = frame(
        winner=[0, 0, 1, 2, -1, 0],
        turns=[10, 20, 30, 40, 100, 50],
        decision_turns=[5, 10, 15, 20, 50, 0],
    )
    games["home_1"] = 7  # extra columns are ignored
    return summarize(games, players=3)


def test_summary_counts_and_rates(small: Summary) -> None:
    assert small.players == 3
    assert small.games == 6
    assert small.unfinished == 1
    assert small.wins_by_seat == [3, 1, 1]
    # rates count the 5 finished games: the unfinished one is neither a win nor a draw
    assert small.finished == 5
    assert small.win_rate_by_seat == pytest.approx([3 / 5, 1 / 5, 1 / 5])
    assert small.points_by_seat == small.win_rate_by_seat  # no draws
    assert small.win_rate_ci_by_seat[1] == pytest.approx(wilson_interval(1, 5))
    assert small.completion == pytest.approx(5 / 6)
    assert small.balance == pytest.approx(1 - (3 / 5 - 1 / 5))
    assert small.draw_rate is None and small.solve_rate is None
    assert not small.judged  # fewer than MIN_JUDGED finished games
    assert small.decision_rate == pytest.approx(100 / 250)  # unfinished included
    assert small.confidence == 0.95


def test_summary_length_stats_exclude_unfinished(small: Summary) -> None:
    # Finished lengths are 10, 20, 30, 40, 50; the unfinished 100 is ignored.
    assert small.turns_mean == pytest.approx(30.0)
    assert small.turns_median == pytest.approx(30.0)
    assert small.turns_p10 == pytest.approx(14.0)
    assert small.turns_p90 == pytest.approx(46.0)
    assert small.turns_max == 50
    assert small.turns_std == pytest.approx(math.sqrt(250.0))


def test_summary_tests_exact_values(small: Summary) -> None:
    # Chi-square of [3, 1, 1] against 5/3 each: 1.6 on 2 df, p = exp(-0.8).
    assert small.seat_chi2 == pytest.approx(1.6)
    assert small.seat_chi2_p_value == pytest.approx(math.exp(-0.8))
    # Exact two-sided binomial, 3 wins of 5 finished games at p = 1/3: the pmf over 0..5
    # wins is (32, 80, 80, 40, 10, 1)/243; the outcomes at most as likely as 3 wins are
    # 0, 3, 4 and 5 wins: (32 + 40 + 10 + 1)/243.
    assert small.first_player_p_value == pytest.approx((40 + 10 + 1 + 32) / 243)
    assert small.first_player_advantage == pytest.approx(3 / 5 - 1 / 3)
    lo, hi = wilson_interval(3, 5)
    assert small.first_player_advantage_ci == pytest.approx((lo - 1 / 3, hi - 1 / 3))


def test_as_dict_is_plain_json(small: Summary) -> None:
    d = small.as_dict()
    assert d["wins_by_seat"] == [3, 1, 1]
    assert isinstance(d["first_player_advantage_ci"], list)
    assert all(isinstance(ci, list) and len(ci) == 2 for ci in d["win_rate_ci_by_seat"])
    assert type(d["turns_max"]) is int and type(d["turns_mean"]) is float
    assert json.loads(json.dumps(d, allow_nan=False)) == d


def test_no_finished_games() -> None:
    s = summarize(frame([-1, -1], [200, 200], [10, 20]), players=2)
    assert s.unfinished == 2 and s.completion == 0.0
    # no game finished: no rate, no advantage, no verdict (never "a clear handicap")
    assert s.wins_by_seat == [0, 0] and s.balance is None and not s.judged
    assert s.first_player_advantage is None and s.first_player_p_value is None
    assert s.turns_max == 0
    assert math.isnan(s.turns_mean) and math.isnan(s.turns_std)
    assert s.seat_chi2_p_value is None
    assert s.decision_rate == pytest.approx(30 / 400)
    d = s.as_dict()
    assert d["turns_mean"] is None and d["seat_chi2"] is None
    json.dumps(d, allow_nan=False)


def test_single_finished_game_has_nan_std() -> None:
    s = summarize(frame([1], [12], [3]), players=2)
    assert s.turns_mean == 12.0 and s.turns_max == 12 and math.isnan(s.turns_std)
    assert s.balance == 0.0


# --- summarize: statistical behaviour --------------------------------------


def test_chi2_balanced_vs_lopsided() -> None:
    n = 300
    balanced = summarize(frame([0, 1, 2] * (n // 3), [10] * n, [5] * n), players=3)
    assert balanced.seat_chi2 == pytest.approx(0.0)
    assert balanced.seat_chi2_p_value == pytest.approx(1.0)
    assert balanced.balance == pytest.approx(1.0)

    lopsided = summarize(frame([0] * 250 + [1] * 25 + [2] * 25, [10] * n, [5] * n), players=3)
    assert lopsided.seat_chi2_p_value < 1e-10
    assert lopsided.first_player_advantage > 0
    assert lopsided.first_player_p_value < 1e-10


def test_first_player_advantage_sign_and_interval() -> None:
    games = frame([1] * 70 + [0] * 30, [10] * 100, [5] * 100)
    s = summarize(games, players=2)
    assert s.first_player_advantage == pytest.approx(-0.2)
    lo, hi = s.first_player_advantage_ci
    assert lo <= s.first_player_advantage <= hi < 0


def test_fair_simulation_covers_half() -> None:
    rng = np.random.default_rng(12345)
    n = 20_000
    turns = rng.integers(20, 80, size=n)
    games = pd.DataFrame(
        {
            "winner": rng.integers(0, 2, size=n),
            "turns": turns,
            "decision_turns": rng.binomial(turns, 0.5),
        }
    )
    s = summarize(games, players=2)
    lo, hi = s.win_rate_ci_by_seat[0]
    assert lo < 0.5 < hi
    assert s.first_player_advantage_ci[0] < 0 < s.first_player_advantage_ci[1]
    assert s.first_player_p_value > 0.05
    assert s.decision_rate == pytest.approx(0.5, abs=0.01)


def test_biased_simulation_is_detected() -> None:
    rng = np.random.default_rng(7)
    n = 20_000
    winner = (rng.random(n) >= 0.55).astype(np.int64)  # seat 0 wins 55%
    s = summarize(frame(list(winner), [30] * n, [10] * n), players=2)
    assert s.first_player_advantage_ci[0] > 0
    assert s.first_player_p_value < 1e-6


# --- validation -------------------------------------------------------------


@pytest.mark.parametrize(
    ("games", "players"),
    [
        (frame([0], [1], [0]), 1),  # too few players
        (pd.DataFrame({"winner": [0], "turns": [1]}), 2),  # missing column
        (frame([], [], []), 2),  # no games
        (frame([2], [1], [0]), 2),  # seat out of range
        (frame([-2], [1], [0]), 2),  # below -1
        (frame([0.5], [1], [0]), 2),  # not a seat index
        (frame([0], [-1], [0]), 2),  # negative turns
        (frame([0], [3], [4]), 2),  # more decision turns than turns
    ],
)
def test_validation_errors(games: pd.DataFrame, players: int) -> None:
    with pytest.raises(ValueError):
        summarize(games, players)
