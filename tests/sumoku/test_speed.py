"""Speed sumoku's table (the counts of solver/sumoku/speed.py, the intervals of
studies/sumoku/speed_report.py) and the pattern pictures (studies/sumoku/picture.py)."""
import pytest

from numbergames.solver.sumoku.layout import FOUND, search
from numbergames.solver.sumoku.pattern import parse_pattern
from numbergames.studies.sumoku.picture import draw_pattern
from numbergames.solver.sumoku.speed import check_key, random_hands, solvable_counts
from numbergames.studies.sumoku.speed_report import solvable_table, wilson
from tests.sumoku.test_tiles_and_lines import TEN_TILES


def test_the_table_has_its_columns_and_counts_every_hand():
    table = solvable_table(keys=(3, 10), hands=12, seed=4)
    assert list(table.columns[:6]) == ["key", "hands", "solvable", "p_solvable", "ci_low",
                                       "ci_high"]
    assert list(table["key"]) == [3, 10]
    for row in table.itertuples():
        assert row.hands == 12
        assert row.solvable + row.impossible + row.gave_up == 12
        assert row.ci_low <= row.p_solvable <= row.ci_high


def test_the_table_counts_what_the_search_decides():
    hands = random_hands(6, 10, 8)
    table = solvable_table(keys=(5,), hands=6, seed=8)
    found = sum(search(h, 5, kernel=True).status == FOUND for h in hands)
    assert table["solvable"].iloc[0] == found


def test_hands_are_drawn_from_the_96_tiles():
    hands = random_hands(50, 10, 1)
    assert all(len(h) == 10 and all(h.count(k) <= 2 for k in h) for h in hands)
    assert hands == random_hands(50, 10, 1) and hands != random_hands(50, 10, 2)


def test_wilson_matches_the_analysis_helper():
    from numbergames.analysis.statistics.stats import wilson_interval
    for trials in (1, 7, 100, 2000):
        for successes in sorted({0, 1, trials // 3, trials - 1, trials}):
            assert wilson(successes, trials) == pytest.approx(wilson_interval(successes, trials),
                                                              abs=1e-12)


@pytest.mark.parametrize("key", [2, 11, "5", True])
def test_bad_keys_are_refused(key):
    with pytest.raises(ValueError, match="key must be one of"):
        check_key(key)
    with pytest.raises(ValueError):
        solvable_table(keys=(key,), hands=1)
    with pytest.raises(ValueError):
        solvable_counts(keys=(key,), hands=1)


def test_the_counts_are_plain_rows():
    rows = solvable_counts(keys=(4,), hands=5, seed=2)
    assert rows == [{"key": 4, "hands": 5, "solvable": rows[0]["solvable"],
                     "impossible": rows[0]["impossible"], "gave_up": rows[0]["gave_up"]}]
    assert all(type(v) is int for v in rows[0].values())


def test_a_picture_is_a_png(tmp_path):
    pattern, pinned = parse_pattern(TEN_TILES)
    path = draw_pattern(pattern, tmp_path / "ten.png", key=5, values=pinned)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError):
        draw_pattern({}, tmp_path / "none.png", key=5)
