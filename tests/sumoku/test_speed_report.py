"""``analyze exact sumoku speed``: the report folder and its refusals, and swapoku."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from numbergames.studies.sumoku.speed_report import run
from numbergames.solver.sumoku.swapoku import hardest, play_swaps
from numbergames.solver.sumoku.tiles import parse

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_report_has_its_table_pictures_and_text(tmp_path):
    out = run(tmp_path / "speed", sims=8, seed=3, keys=(3, 10), budget=300_000, games=2,
              players=(2, 8))
    table = pd.read_csv(out / "speed.csv")
    assert list(table.columns[:6]) == ["key", "hands", "solvable", "p_solvable", "ci_low",
                                       "ci_high"]
    assert list(table["key"]) == [3, 10] and set(table["hands"]) == {8}
    swaps = pd.read_csv(out / "swapoku.csv")
    assert list(swaps["key"]) == [3, 10]
    report = (out / "report.md").read_text()
    assert "P(a 10-tile hand is solvable)" in report and "Swapoku" in report
    rounds = pd.read_csv(out / "rounds.csv")
    assert list(rounds["players"]) == [2, 8] and list(rounds["games"]) == [2, 2]
    for png in out.glob("*.png"):
        assert f"({png.name})" in report


def test_swapoku_gives_back_the_tile_in_fewest_lines():
    hand = [parse(w) for w in "R1 O4 Y8 Y2".split()]
    assert hardest(hand, 5) == parse("Y8")          # Y8 and Y2 in no line: the higher
    result = play_swaps(np.random.default_rng(1), 3, budget=200_000)
    assert result.swaps >= 0 and len(result.hand) == 10 + result.swaps


@pytest.mark.parametrize("args", [["--hands", "0"], ["--budget", "0"], ["--error", "1.5"],
                                  ["--games", "0"]])
def test_bad_options_give_one_line_and_exit_2(tmp_path, args):
    out = tmp_path / "x"
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze.cli", "exact", "sumoku", "speed",
                           "--out", str(out), *args], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_bad_keys_are_refused(tmp_path):
    with pytest.raises(ValueError, match="key must be one of"):
        run(tmp_path / "k", sims=2, keys=(11,))
    assert not (tmp_path / "k").exists()


def test_rounds_count_wins_swaps_and_tubadokus():
    from numbergames.solver.sumoku.rounds import play_game, rounds_rows
    rng = np.random.default_rng(5)
    for players in (2, 8):
        game = play_game(players, rng, error=0.5, budget=100_000)
        assert len(game.round_wins) == players
        assert sum(game.round_wins) == game.rounds - game.void_rounds
        assert game.winner < 0 or max(game.round_wins) >= 2
        assert game.tubadokus == sum(r.tubadokus for r in game.played)
    sure = play_game(3, rng, error=0.0, budget=100_000)
    assert sure.tubadokus == 0
    with pytest.raises(ValueError):
        play_game(9, rng)
    with pytest.raises(ValueError):
        play_game(2, rng, error=1.0)
    with pytest.raises(ValueError):
        rounds_rows((2,), games=0)
