"""Spot sumoku counted: the combinatorial count against every 4-tile set, the display
programme (readable and vectorised) against each other, against the 4-tile count and
against Monte Carlo."""
import math

import numpy as np
import pytest

from numbergames.solver.sumoku.spot import (ALL_SETS, SPOT_KEYS, display_spot_ways, display_spot_ways_fast,
                                display_spots, is_spot_numbers, p_display_has_spot,
                                sample_displays, spot_reading, spot_sets, spot_sets_brute)
from numbergames.solver.sumoku.spot_game import SpotTable
from numbergames.solver.sumoku.tiles import NTILES


def test_all_sets_is_c_96_4():
    assert ALL_SETS == 3_321_960


def test_spot_counts_equal_every_set_checked():
    brute = spot_sets_brute()
    assert brute == {key: spot_sets(key) for key in SPOT_KEYS}
    assert brute[5] == 294_240 and brute[3] == 327_840


def test_without_six_as_nine_fewer_sets_are_spots():
    assert spot_sets_brute((5,), six_is_nine=False) == {5: spot_sets(5, six_is_nine=False)}
    assert spot_sets(5, six_is_nine=False) < spot_sets(5)


def test_rulebook_example_and_six_readings():
    assert is_spot_numbers((2, 3, 4, 6), 3)       # 15, the rulebook's shout
    assert spot_reading((6, 6, 5, 7), 5) == (9, 9, 5, 7)
    assert not is_spot_numbers((6, 6, 5, 7), 5, six_is_nine=False)


@pytest.mark.parametrize("key", (3, 4, 5, 6, 7))
def test_a_display_of_four_is_a_set_of_four(key):
    assert display_spot_ways_fast(key, 4) == spot_sets(key)


@pytest.mark.parametrize("key, display", [(3, 10), (4, 10), (5, 10), (6, 7), (7, 5)])
def test_vectorised_programme_equals_the_readable_one(key, display):
    assert display_spot_ways_fast(key, display) == display_spot_ways(key, display)


def test_display_chance_against_monte_carlo():
    exact = float(p_display_has_spot(5))
    sims = 6000
    hits = sample_displays(5, sims, np.random.default_rng(11))
    se = math.sqrt(exact * (1 - exact) / sims)
    assert abs(hits / sims - exact) < 4 * se


def test_monte_carlo_would_see_a_wrong_chance():
    """The same check on a display of 5, where the chance is far from 1: a wrong exact
    value (that of key 4 for key 5) fails it."""
    sims = 6000
    hits = sample_displays(5, sims, np.random.default_rng(5), display=5)
    exact = display_spot_ways_fast(5, 5) / math.comb(NTILES, 5)
    wrong = display_spot_ways_fast(4, 5) / math.comb(NTILES, 5)
    se = math.sqrt(exact * (1 - exact) / sims)
    assert abs(hits / sims - exact) < 4 * se
    assert abs(hits / sims - wrong) > 4 * se


def test_vectorised_spots_equal_the_readable_ones():
    rng = np.random.default_rng(7)
    for key in (3, 5, 9):
        table = SpotTable(key)
        for size in (4, 10, 14):
            shown = [int(t) for t in rng.choice(NTILES, size, replace=False)]
            fast = {tuple(sorted(row)) for row in table.spots(shown).tolist()}
            assert fast == {tuple(sorted(s)) for s in display_spots(shown, key)}


@pytest.mark.parametrize("bad", [2, 11, 0, "5", True])
def test_bad_keys(bad):
    with pytest.raises(ValueError, match="bad key"):
        spot_sets(bad)
    with pytest.raises(ValueError, match="bad key"):
        display_spot_ways_fast(bad)

