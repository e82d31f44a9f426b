"""One man alone on the board, solved exactly: hand values, optimality, simulation, outputs."""
import math
from fractions import Fraction

import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

from numbergames.solver.dice import Stream
from numbergames.solver.manhome.exact import (_best_prime, lone_man_actions, lone_man_best_primes,
                                  lone_man_home_chance, lone_man_table)
from numbergames.solver.manhome.rules import PRIME_FACTORS, SQUARES
from numbergames.studies.manhome.board_plot import COLUMNS, plot_board, squares_frame, write_squares_csv

F = Fraction
BEST = lone_man_home_chance("best")
RANDOM = lone_man_home_chance("random")
ACTIONS = lone_man_actions("best")
ACTIONS_RANDOM = lone_man_actions("random")
PRIMES = lone_man_best_primes()
PNG = b"\x89PNG\r\n\x1a\n"


def walk(sub, div):
    """(P(home), expected actions) for the fixed prime choice ``sub[s]``, ``div[s]``."""
    value, actions = [F(0), F(1)] + [F(0)] * (SQUARES - 2), [F(0)] * SQUARES
    for s in range(2, SQUARES):
        targets = (s - 1, s - sub[s], s // div[s])
        value[s] = sum((value[t] for t in targets), F(0)) / 3
        actions[s] = 1 + sum((actions[t] for t in targets), F(0)) / 3
    return value, actions


# -- values worked out by hand ------------------------------------------------------------
def test_small_squares_by_hand():
    # 2: -1 -> Home, -2 -> Death, /2 -> Home. 3: -1 -> 2, -3 -> Death, /3 -> Home.
    # 4: -> 3, 2, 2. 5: -> 4, Death, Home. One prime each, so every play agrees.
    p = {2: F(2, 3), 3: F(5, 9), 4: F(17, 27), 5: F(44, 81)}
    a = {2: F(1), 3: F(4, 3), 4: F(19, 9), 5: F(46, 27)}
    for s in p:
        assert BEST[s] == RANDOM[s] == p[s]
        assert ACTIONS[s] == ACTIONS_RANDOM[s] == a[s]
    assert ACTIONS[0] == ACTIONS[1] == ACTIONS_RANDOM[0] == ACTIONS_RANDOM[1] == 0


def test_square_6_by_hand():
    # Best: subtract 2 (to 4, 17/27) not 3 (to 3, 5/9); divide by 3 (to 2, 2/3) not 2 (to 3).
    assert PRIMES[6] == (2, 3)
    assert BEST[6] == (F(44, 81) + F(17, 27) + F(2, 3)) / 3
    assert ACTIONS[6] == 1 + (F(46, 27) + F(19, 9) + 1) / 3 == F(211, 81)
    # Random: each prime half the time.
    assert ACTIONS_RANDOM[6] == 1 + (F(46, 27) + (F(19, 9) + F(4, 3)) / 2
                                     + (F(4, 3) + 1) / 2) / 3 == F(205, 81)


def test_primes_listed_for_terminal_squares_only_as_none():
    assert PRIMES[0] == PRIMES[1] == (None, None)
    for s in range(2, SQUARES):
        sub, div = PRIMES[s]
        assert sub in PRIME_FACTORS[s] and div in PRIME_FACTORS[s]


# -- best against random ------------------------------------------------------------------
def test_best_at_least_random_and_equal_only_below_6():
    for s in range(SQUARES):
        assert BEST[s] >= RANDOM[s]
    # 2..5 reach no square with a choice; every square from 6 up reaches 6 (subtract one
    # again and again), where best play gains, so the gain is strictly positive there.
    assert all(BEST[s] == RANDOM[s] for s in range(6))
    assert all(BEST[s] > RANDOM[s] for s in range(6, SQUARES))


def test_single_prime_squares_gain_nothing_themselves():
    # Where subtracting and dividing both have one prime (primes, prime powers), the move
    # is forced: the square's gain is just the mean gain of the three squares it leads to.
    gain = [b - r for b, r in zip(BEST, RANDOM)]
    single = [s for s in range(2, SQUARES) if len(PRIME_FACTORS[s]) == 1]
    assert {8, 9, 16, 25, 27, 32, 49, 64, 71} <= set(single)
    for s in single:
        p = PRIME_FACTORS[s][0]
        assert gain[s] == (gain[s - 1] + gain[s - p] + gain[s // p]) / 3
        assert PRIMES[s] == (p, p)


def test_every_walk_takes_at_least_one_action():
    for actions in (ACTIONS, ACTIONS_RANDOM):
        assert all(actions[s] >= 1 for s in range(2, SQUARES))
        # and at most s - 1 actions: each one lowers the square by at least one
        assert all(actions[s] <= s - 1 for s in range(2, SQUARES))


# -- the best primes really are best --------------------------------------------------------
def test_best_primes_reproduce_the_values():
    sub = [p for p, _ in PRIMES]
    div = [q for _, q in PRIMES]
    value, actions = walk(sub, div)
    assert tuple(value) == BEST
    assert tuple(actions) == ACTIONS


def test_best_primes_are_maximal_then_fastest():
    for s in range(2, SQUARES):
        sub, div = PRIMES[s]
        for p in PRIME_FACTORS[s]:
            assert BEST[s - p] < BEST[s - sub] or (
                BEST[s - p] == BEST[s - sub] and ACTIONS[s - p] >= ACTIONS[s - sub])
            assert BEST[s // p] < BEST[s // div] or (
                BEST[s // p] == BEST[s // div] and ACTIONS[s // p] >= ACTIONS[s // div])


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_no_fixed_prime_choice_beats_best(rng):
    sub = [None, None] + [rng.choice(PRIME_FACTORS[s]) for s in range(2, SQUARES)]
    div = [None, None] + [rng.choice(PRIME_FACTORS[s]) for s in range(2, SQUARES)]
    value, _ = walk(sub, div)
    assert all(v <= b for v, b in zip(value, BEST))


def test_tie_break_fewer_actions_then_smaller_prime():
    # (prime, target): targets 10, 11, 12 with equal value; 11 is fastest.
    value = [F(0)] * 13
    value[10] = value[11] = value[12] = F(1, 2)
    value[9] = F(1, 3)
    actions = [F(0)] * 13
    actions[10], actions[11], actions[12], actions[9] = F(3), F(2), F(2), F(0)
    assert _best_prime([(2, 9), (3, 10), (5, 11), (7, 12)], value, actions) == 5
    assert _best_prime([(7, 12), (5, 11)], value, actions) == 5
    assert _best_prime([(2, 9), (3, 10)], value, actions) == 3   # value first


def test_random_actions_are_the_prime_means():
    for s in range(2, SQUARES):
        primes = PRIME_FACTORS[s]
        sub = sum((ACTIONS_RANDOM[s - p] for p in primes), F(0)) / len(primes)
        div = sum((ACTIONS_RANDOM[s // p] for p in primes), F(0)) / len(primes)
        assert ACTIONS_RANDOM[s] == 1 + (ACTIONS_RANDOM[s - 1] + sub + div) / 3


def test_bad_play_is_refused():
    with pytest.raises(ValueError):
        lone_man_actions("greedy")


# -- simulation agrees ----------------------------------------------------------------------
def test_monte_carlo_from_71():
    men, start = 20_000, 71
    dice = Stream(20240601)
    home = total_actions = 0
    for _ in range(men):
        s = start
        while s > 1:
            roll = dice.roll(6)
            sub, div = PRIMES[s]
            s = s - 1 if roll in (1, 5) else s - sub if roll in (2, 4) else s // div
            total_actions += 1
        home += s == 1
    # Exact second moment of the number of actions N: M(s) = 1 + mean(2 A(t) + M(t)).
    second = [F(0)] * SQUARES
    for s in range(2, SQUARES):
        sub, div = PRIMES[s]
        targets = (s - 1, s - sub, s // div)
        second[s] = 1 + sum((2 * ACTIONS[t] + second[t] for t in targets), F(0)) / 3
    p, mean = float(BEST[start]), float(ACTIONS[start])
    sd_actions = math.sqrt(float(second[start] - ACTIONS[start] ** 2))
    assert abs(home / men - p) < 4 * math.sqrt(p * (1 - p) / men)
    assert abs(total_actions / men - mean) < 4 * sd_actions / math.sqrt(men)


# -- table, CSV and board -----------------------------------------------------------------
def test_table_rows():
    table = lone_man_table()
    assert [r["square"] for r in table] == list(range(2, SQUARES))
    keys = {"square", "p_home_best", "p_home_random", "actions_best", "actions_random",
            "subtract_best", "divide_best"}
    for r in table:
        s = r["square"]
        assert set(r) == keys
        assert (r["p_home_best"], r["p_home_random"]) == (BEST[s], RANDOM[s])
        assert (r["actions_best"], r["actions_random"]) == (ACTIONS[s], ACTIONS_RANDOM[s])
        assert (r["subtract_best"], r["divide_best"]) == PRIMES[s]
        assert all(isinstance(r[k], Fraction) for k in ("p_home_best", "actions_random"))


def test_csv_columns_rows_and_exact_strings(tmp_path):
    path = tmp_path / "squares.csv"
    write_squares_csv(lone_man_table(), path)
    frame = pd.read_csv(path)
    assert list(frame.columns) == list(COLUMNS) == [
        "square", "p_home_best", "p_home_random", "actions_best", "actions_random",
        "subtract_best", "divide_best", "p_home_best_exact", "p_home_random_exact",
        "actions_best_exact", "actions_random_exact"]
    assert len(frame) == 70
    assert frame["square"].tolist() == list(range(2, SQUARES))
    for name in ("p_home_best", "p_home_random", "actions_best", "actions_random"):
        for text, number in zip(frame[f"{name}_exact"], frame[name]):
            assert "/" in text
            assert float(Fraction(text)) == number
    assert frame.loc[0, "actions_best_exact"] == "1/1"
    assert Fraction(frame.loc[2, "p_home_best_exact"]) == F(17, 27)
    assert squares_frame(lone_man_table())["divide_best"].dtype.kind == "i"


def test_plot_board_writes_png(tmp_path):
    path = tmp_path / "board.png"
    plot_board({s: BEST[s] for s in range(2, SQUARES)}, path, "P(home), best play", "P(home)")
    assert path.read_bytes()[:8] == PNG
    gain = [b - r for b, r in zip(BEST, RANDOM)]          # 72 values indexed by square
    plot_board(gain, tmp_path / "gain.png", "gain", "P(home) gain", fmt="{:+.3f}")
    assert (tmp_path / "gain.png").read_bytes()[:8] == PNG
    plot_board([1.0] * 70, tmp_path / "flat.png", "flat", "x")   # squares 2..71, one value
    assert (tmp_path / "flat.png").read_bytes()[:8] == PNG
    with pytest.raises(ValueError):
        plot_board([1.0] * 10, tmp_path / "bad.png", "bad", "x")
    with pytest.raises(ValueError):
        plot_board({72: 1.0}, tmp_path / "bad.png", "bad", "x")
