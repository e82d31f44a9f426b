"""Tests for numbergames.analysis.statistics.stats: known values, validation and statistical behaviour."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numbergames.analysis.statistics.stats import Summary, difference_interval, summarize, wilson_interval


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


# --- known values with draws and scores (worked out by hand) ----------------
#
# A draw counted as a win once went through every analysis test until a toy game's
# hand-worked figure caught it: these figures are worked out on paper, not by the code.

from numbergames.analysis.statistics.paired import UNIT, paired_difference, paired_measures  # noqa: E402
from numbergames.analysis.statistics.stats import mean_interval  # noqa: E402
from numbergames.solver.registry import SCORES, WIN_DRAW_LOSS, Traits  # noqa: E402

DUEL = Traits(chance=False, players=(2, 2), outcome=WIN_DRAW_LOSS)
SCORED = Traits(chance=True, players=(2, 5), outcome=SCORES, score="score")


def test_known_values_of_a_game_with_draws() -> None:
    # 10 games: seat 0 wins 4, seat 1 wins 3, 2 draws, 1 unfinished (turns 99, left out)
    games = frame([0, 0, 0, 1, 1, -2, -2, 0, 1, -1], [10, 12, 14, 16, 18, 20, 22, 24, 26, 99],
                  [5, 6, 7, 8, 9, 10, 11, 12, 13, 49])
    s = summarize(games, 2, traits=DUEL)
    assert (s.finished, s.unfinished, s.wins_by_seat, s.draws) == (9, 1, [4, 3], 2)
    assert s.win_rate_by_seat == pytest.approx([4 / 9, 3 / 9])   # a draw is no win
    assert s.draw_rate == pytest.approx(2 / 9)
    # points: a win 1, a draw 1/2: seat 0 (4 + 2 * 0.5) / 9 = 5/9, seat 1 (3 + 1) / 9 = 4/9
    assert s.points_by_seat == pytest.approx([5 / 9, 4 / 9])
    assert s.first_player_advantage == pytest.approx(5 / 9 - 1 / 2)     # 1/18
    assert s.balance == pytest.approx(1 - (5 / 9 - 4 / 9))              # 8/9
    # seat 0's points 1,1,1,0,0,.5,.5,1,0: sum of squared deviations 1.72222, sd 0.46398,
    # half-width 1.96 * 0.46398 / 3 = 0.30313
    assert s.points_ci_by_seat[0] == pytest.approx((0.25243, 0.85868), abs=1e-4)
    assert s.first_player_advantage_ci == pytest.approx((0.25243 - 0.5, 0.85868 - 0.5), abs=1e-4)
    # z = (5/9 - 1/2) / (0.46398 / 3) = 0.35921: p = 2 (1 - Phi(0.35921)) = 0.71944
    assert s.first_player_p_value == pytest.approx(0.71944, abs=1e-4)
    # chi-square of the wins 4, 3 against 3.5 each: (0.25 + 0.25) / 3.5
    assert s.seat_chi2 == pytest.approx(1 / 7)
    assert (s.turns_mean, s.turns_median, s.turns_max) == (18.0, 18.0, 26)


def test_known_values_of_a_score_game() -> None:
    # three seats; a tie for the best score is a draw shared by the tied seats only
    scores = [(10, 5, 5), (7, 7, 3), (1, 2, 3), (4, 4, 4), (9, 0, 0)]
    games = frame([0, -2, 2, -2, -1], [30, 31, 32, 33, 40], [1, 2, 3, 4, 5])
    for seat in range(3):
        games[f"score_{seat}"] = [row[seat] for row in scores]
    s = summarize(games, 3, traits=SCORED)
    assert (s.finished, s.wins_by_seat, s.draws, s.draw_rate) == (4, [1, 0, 1], 2, 0.5)
    # points: seat 0 1 + 1/2 + 0 + 1/3, seat 1 0 + 1/2 + 0 + 1/3, seat 2 0 + 0 + 1 + 1/3
    assert s.points_by_seat == pytest.approx([11 / 24, 5 / 24, 8 / 24])
    assert sum(s.points_by_seat) == pytest.approx(1.0)
    assert s.first_player_advantage == pytest.approx(11 / 24 - 1 / 3)   # 0.125
    assert s.balance == pytest.approx(1 - (11 / 24 - 5 / 24))           # 0.75
    # finished games only: (10 + 7 + 1 + 4) / 4, (5 + 7 + 2 + 4) / 4, (5 + 3 + 3 + 4) / 4
    assert s.score_mean_by_seat == pytest.approx([5.5, 4.5, 3.75])
    # best minus second best: 5, 0, 1, 0
    assert s.margin_mean == pytest.approx(1.5)


@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=2, max_size=6).flatmap(
    lambda a: st.tuples(st.just(a), st.lists(st.sampled_from([0.0, 0.5, 1.0]),
                                             min_size=len(a), max_size=len(a)))))
def test_a_difference_of_two_scores_stays_within_100_points(pair) -> None:
    # at tiny sample sizes the normal interval of a paired difference of two scores went
    # beyond -100 or +100 points (e.g. 0, 1 against 1, 1: -0.5 +- 0.98)
    a, b = (np.array(x) for x in pair)
    d = paired_difference(a, b, UNIT)
    assert -1.0 <= d.lo <= d.diff <= d.hi <= 1.0
    lo, hi = mean_interval(a, span=(0.0, 1.0))
    assert 0.0 <= lo <= a.mean() <= hi <= 1.0


def test_paired_measures_of_tiny_runs_stay_in_range() -> None:
    base = frame([0, 1, -2], [10, 20, 30], [1, 2, 3])
    variant = frame([1, 1, 0], [11, 25, 30], [1, 2, 3])
    for measure, (paired, _) in paired_measures(variant, 2, base, 2, DUEL).items():
        if measure in ("seat0_win_rate", "first_player_advantage", "draw_rate", "balance"):
            assert -1.0 <= paired.lo <= paired.hi <= 1.0, measure
    two = summarize(frame([0, -2], [5, 6], [1, 1]), 2, traits=DUEL)
    assert all(0.0 <= lo <= hi <= 1.0 for lo, hi in two.points_ci_by_seat)
