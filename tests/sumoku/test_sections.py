"""The main game's own figures and report sections read the declared counters."""
import json
import warnings

import numpy as np
import pandas as pd
import pytest

import numbergames
from numbergames.studies.sumoku import STUDY
from numbergames.studies.sumoku.sections import report_sections, summary_fields, tally_fields
from numbergames.solver.sumoku.tiles import NTILES


@pytest.fixture(scope="module")
def result():
    return numbergames.load_game("sumoku", players=3).simulate(120, workers=1, seed=4)


def test_sections_render_scores_keys_and_endings(result):
    summary = {"players": 3, "policies": result.policies}
    scores, keys, ending = STUDY.report_sections(summary, result.parts)
    assert scores.startswith("## Scores and winning margins") and scores.count("| greedy |") == 3
    assert keys.startswith("## The game by key")
    for k in sorted(set(result.games["key"])):
        assert f"\n| {k} | " in keys
    assert ending.startswith("## How games end") and "| bonus turns (six-colour lines) |" in ending


def test_summary_json_holds_the_figures_and_they_add_up(result, tmp_path):
    games = result.games
    out = result.write_report(tmp_path / "r")
    summary = json.loads((out / "summary.json").read_text())
    report = (out / "report.md").read_text()
    assert "## The game by key" in report and "## How games end" in report
    assert sum(row["games"] for row in summary["by_key"].values()) == len(games)
    placed = sum(np.asarray(games[f"tiles_{s}"]) for s in range(3))
    assert (placed + np.asarray(games["tiles_left"]) == NTILES).all()   # tiles conserved
    end = summary["ending"]
    assert end["tiles_by_seat"] == [round(float(games[f"tiles_{s}"].mean()), 3) for s in range(3)]
    assert end["bonus_turns"]["mean"] == round(float(games["bonus_turns"].mean()), 3)
    top = np.max([games[f"score_{s}"].astype(int) for s in range(3)], axis=0)
    assert summary["winning_score"]["median"] == float(np.median(top))
    assert summary["games"] == 120 and "first_player_advantage" in summary


def test_ties_share_the_points_and_margins_count_close_games():
    games = pd.DataFrame({
        "winner": [0, -2, 1, -1], "turns": [20, 22, 24, 99], "decision_turns": [10, 11, 12, 0],
        "key": [3, 3, 5, 5], "bonus_turns": [1, 0, 2, 0], "passes": [0, 2, 1, 0],
        "bag_left": [0, 3, 0, 0], "tiles_left": [2, 5, 0, 0], "margin": [30, 0, 5, 0],
        "score_0": [100, 80, 40, 0], "score_1": [70, 80, 45, 0],
        "penalty_0": [0, 2, 0, 0], "penalty_1": [3, 0, 0, 0],
        "tiles_0": [50, 44, 48, 0], "tiles_1": [44, 47, 48, 0],
        "bonus_turns_0": [1, 0, 0, 0], "bonus_turns_1": [0, 0, 2, 0]})
    summary = {"players": 2, "policies": ["greedy", "random"]}
    parts = tally_fields(games, 2)
    fields = summary_fields(summary, parts)                 # the unfinished game is left out
    assert fields["by_key"]["3"]["games"] == 2 and fields["by_key"]["5"]["games"] == 1
    assert fields["by_key"]["3"]["seat0_points"] == 0.75     # a win and half a tie
    assert fields["by_key"]["5"]["seat0_points"] == 0.0
    assert fields["margin_close"] == {"10": round(2 / 3, 6), "25": round(2 / 3, 6)}
    assert fields["ending"]["bag_left_games"] == round(1 / 3, 6)
    assert fields["ending"]["hands_left"]["mean"] == round(4 / 3, 3)
    assert fields["ending"]["penalty_games"] == round(2 / 3, 6)
    assert fields["winning_score"]["median"] == 80
    text = "\n".join(report_sections(summary, parts))
    assert "| 1 | random |" in text


def test_missing_figures_read_n_a():
    """No game finished (or one game of a key): every missing figure reads ``n/a``, as the
    shared helpers write it, and the seat-0 interval of a key with one game too."""
    games = pd.DataFrame({
        "winner": [-1, 0], "turns": [99, 20], "decision_turns": [0, 10], "key": [3, 4],
        "bonus_turns": [0, 1], "passes": [0, 0], "bag_left": [0, 0], "tiles_left": [0, 2],
        "margin": [0, 30], "score_0": [0, 100], "score_1": [0, 70], "penalty_0": [0, 0],
        "penalty_1": [0, 3], "tiles_0": [0, 50], "tiles_1": [0, 44], "bonus_turns_0": [0, 1],
        "bonus_turns_1": [0, 0]})
    summary = {"players": 2, "policies": ["greedy", "random"]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)     # means of no games
        text = "\n".join(report_sections(summary, tally_fields(games.iloc[:1], 2)))
    assert "n/a of games end with a hand penalty" in text and "| 0 | greedy | n/a | n/a |" in text
    assert "nan" not in text and "–" not in text
    one = "\n".join(report_sections(summary, tally_fields(games, 2)))
    assert "| 4 | 1 | 100.0% |" in one and one.split("| 4 | 1 |")[1].split("\n")[0].endswith(
        "| n/a |")
