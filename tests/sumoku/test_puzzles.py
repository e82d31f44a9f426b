"""Team and solo sumoku (grow.py, puzzles.py, studies/sumoku/puzzle_report.py): every
pattern grown is valid, the tables count every hand, the reports are written, bad options
refused."""
import numpy as np
import pandas as pd
import pytest

from numbergames.solver.sumoku.grow import grow
from numbergames.solver.sumoku.layout import FOUND, IMPOSSIBLE
from numbergames.solver.sumoku.pattern import check_pattern
from numbergames.solver.sumoku.puzzles import solo_game, solo_rows, team_hands, team_rows
from numbergames.studies.sumoku.puzzle_report import run_solo, run_team, team_table
from numbergames.solver.sumoku.tiles import kind


@pytest.mark.parametrize("solo", [False, True])
def test_every_grown_pattern_is_valid_and_uses_the_hands_tiles(solo):
    rng = np.random.default_rng(2 + solo)
    for _ in range(12):
        hand = sorted(kind(int(t)) for t in rng.choice(96, int(rng.integers(4, 30)),
                                                        replace=False))
        key = int(rng.integers(3, 11))
        g = grow(hand, key, solo=solo, rng=rng, budget=20_000)
        if g.placed:
            assert check_pattern(g.layout, key, solo=solo, pinned=g.pinned()).ok
            left = list(hand)
            for k in g.layout.values():
                left.remove(k)                  # only the hand's tiles, each once
        assert g.placed == len(g.layout)


def test_growing_extends_a_pattern_without_moving_it():
    rng = np.random.default_rng(4)
    tiles = [kind(int(t)) for t in rng.permutation(96)]
    first = grow(sorted(tiles[:16]), 3, rng=rng)
    start = {c: (k, first.cell_values[c]) for c, k in first.layout.items()}
    more = grow(sorted(tiles[16:26]), 3, rng=rng, start=start)
    assert all(more.layout[c] == k for c, (k, _) in start.items())
    assert check_pattern(more.layout, 3, pinned=more.pinned()).ok


def test_team_hands_deal_all_96_tiles():
    hands = team_hands(5, 3, 2, seed=1, budget=20_000)
    assert len(hands) == 6 and all(h.tiles == 32 for h in hands)
    table = team_table(keys=(5,), teams=(4,), deals=2, seed=1, budget=20_000)
    row = table.iloc[0]
    assert row.hands == 8 and row.laid_out + row.gave_up == 8
    assert row.ci_low <= row.p_laid_out == row.laid_out / 8 <= row.ci_high
    plain = team_rows(keys=(5,), teams=(4,), deals=2, seed=1, budget=20_000)
    assert isinstance(plain, list) and plain[0]["laid_out"] == row.laid_out


def test_solo_rows_are_plain():
    rows, played = solo_rows(keys=(3,), games=1, seed=2, budget=20_000)
    assert isinstance(rows, list) and rows[0]["games"] == 1 == len(played)
    assert "p_first" not in rows[0]


def test_a_solo_game_keeps_numbers_distinct_and_counts_its_tiles():
    rng = np.random.default_rng(7)
    for key in (3, 7):
        game = solo_game(key, rng, budget=20_000, search_budget=200_000)
        assert game.placed == len(game.layout.layout)
        assert check_pattern(game.layout.layout, key, solo=True,
                             pinned=game.layout.pinned()).ok
        if game.first_status == FOUND:
            assert game.placed >= 16 + 10 * game.batches
        else:
            assert game.batches == 0 and game.placed < 16
        assert game.first_status in (FOUND, IMPOSSIBLE, "gave_up")


def test_the_reports_are_written(tmp_path):
    team = run_team(tmp_path / "team", sims=1, keys=(3,), steps=20_000)
    assert set(pd.read_csv(team / "team.csv")["teams"]) == {2, 3, 4}
    assert "team-layout.png" in (team / "report.md").read_text()
    solo = run_solo(tmp_path / "solo", sims=2, keys=(3,), steps=20_000)
    assert list(pd.read_csv(solo / "solo.csv")["games"]) == [2]
    assert (solo / "solo-layout.png").exists()


@pytest.mark.parametrize("steps", [1, 2])
def test_the_smallest_step_budgets_write_their_reports(tmp_path, steps):
    """``--steps 1`` is in the stated range (1 to 1e9) but said "no tiles to draw" after its
    work: a report whose example has no tile says so instead of drawing it."""
    team = run_team(tmp_path / "team", sims=1, keys=(3,), steps=steps)
    solo = run_solo(tmp_path / "solo", sims=1, keys=(3,), steps=steps)
    for folder, name in ((team, "team"), (solo, "solo")):
        text = (folder / "report.md").read_text()
        assert "laid out no tile" in text or f"{name}-layout.png" in text
        assert (f"{name}-layout.png" in text) == (folder / f"{name}-layout.png").exists()


@pytest.mark.parametrize("options", [{"keys": (2,)}, {"steps": 0}, {"sims": 0}])
def test_bad_options_are_refused_and_nothing_written(tmp_path, options):
    for run in (run_team, run_solo):
        with pytest.raises(ValueError):
            run(tmp_path / "x", **{"sims": 1, **options})
        assert not (tmp_path / "x").exists()
