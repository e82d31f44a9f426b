"""Two toy games run through everything a real game gets — simulate, report, store and
extension, what-if, skill ladder, a Dask cluster — with the figures checked against values
worked out by hand (in each toy's docstring): a two-player game without dice and with
draws (``toyduel``) and a one-player puzzle with a score (``toypuzzle``). Tolerances are
five standard errors of the figure checked."""
import json
import math
import re

import numpy as np
import pandas as pd
import pytest

import numbergames

from numbergames import analysis
from numbergames.analyze.cli import main
from numbergames.analysis.running.store import Store
from numbergames.analysis.searches.whatif import sweep

N = 12_000


def close(value, expected, games, spread=0.5):
    """``value`` within five standard errors (of a share with this spread) of ``expected``."""
    assert abs(value - expected) <= 5 * spread / math.sqrt(games), (value, expected)


def test_duel_figures_match_the_hand_worked_values(duel):
    both = numbergames.load_game("duel").simulate(N, policy="random", workers=1).summary
    assert both["draw_rate"] == pytest.approx(1 / 3, abs=5 * math.sqrt(2 / 9 / N))
    close(both["win_rate_by_seat"][0], 1 / 3, N)
    close(both["first_player_advantage"], 0.0, N)  # points: a draw counts half
    assert both["judged"] and both["completion"] == 1.0 and both["turns_mean"] == 2
    greedy = numbergames.load_game("duel").simulate(N, policy="greedy", workers=1).summary
    # rock, then the hand that beats it: seat 1 always wins, no dice, no draws
    assert greedy["win_rate_by_seat"] == [0.0, 1.0] and greedy["draw_rate"] == 0.0
    assert greedy["first_player_advantage"] == -0.5
    mixed = numbergames.load_game("duel").simulate(N, policy="greedy,random", workers=1).summary
    close(mixed["points_by_seat"][0], 1 / 2, N)  # wins, draws and loses a third each


def test_duel_report_says_draws(duel, tmp_path):
    result = numbergames.load_game("duel").simulate(3000, policy="random", workers=1)
    out = analysis.write_report(result, tmp_path / "duel")
    text = (out / "report.md").read_text()
    assert "games were drawn" in text and "*Points* count a win as 1" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["traits"] == {"chance": False, "outcome": "win/draw/loss", "score": None,
                                 "ties": None}
    assert analysis.load_games(out / "games.npz")["winner"].isin([0, 1, -2]).all()


def test_every_game_cut_off_gives_no_verdict(duel, tmp_path, capsys):
    # max_turns = 1: no game finishes, so nothing is a win or a draw and nothing is judged
    assert main(["duel", "--sims", "500", "--set", "max_turns=1", "--no-store",
                 "--out", str(tmp_path / "cut"), "--workers", "1"]) == 0
    text = (tmp_path / "cut" / "report.md").read_text()
    assert "too few to judge" in text and "handicap" not in text and "edge" not in text
    assert re.search(r"verdict +none: only 0 games finished", capsys.readouterr().out)
    ladder = analysis.skill_ladder("duel", sims=300, workers=1, max_turns=1)
    assert ladder.luck["luck_share"] is None and "too few" in ladder.luck["no_luck_share"]


def test_duel_what_if_and_skill_ladder(duel):
    result = sweep("duel", {"tie": ["draw", "second"]}, 6000, policy="random", workers=1)
    base, second = result.table.iloc[0], result.table[~result.table["is_base"]].iloc[0]
    # the same dice: every drawn game of the base goes to seat 1, so seat 0's points fall
    # by half the draw rate (1/6) and the draw rate by all of it (1/3)
    close(base["draw_rate"], 1 / 3, 6000)
    assert second["draw_rate"] == 0.0
    assert second["draw_rate_diff"] == pytest.approx(-base["draw_rate"])
    assert second["first_player_advantage_diff"] == pytest.approx(-base["draw_rate"] / 2)
    close(second["first_player_advantage"], -1 / 6, 6000)
    ladder = analysis.skill_ladder("duel", sims=N, workers=1)
    match = ladder.matches[0]
    assert (match.player, match.opponent) == ("greedy", "random")
    close(match.mean, 3 / 4, N)
    close(ladder.luck["luck_share"], 1 / 2, N, spread=1.0)


def test_puzzle_figures_match_the_hand_worked_values(puzzle, tmp_path):
    greedy = numbergames.load_game("puzzle").simulate(N, workers=1).summary
    assert greedy["players"] == 1 and greedy["first_player_advantage"] is None
    close(greedy["solve_rate"], 3 / 4, N)
    close(greedy["score_mean_by_seat"][0], 4.25, N, spread=1.5)
    random = numbergames.load_game("puzzle").simulate(N, policy="random", workers=1).summary
    close(random["solve_rate"], 1 / 2, N)
    close(random["score_mean_by_seat"][0], 3.5, N, spread=1.8)
    assert random["no_winner"] == N - random["wins_by_seat"][0]
    result = numbergames.load_game("puzzle").simulate(2000, workers=1)
    out = analysis.write_report(result, tmp_path / "p")
    text = (out / "report.md").read_text()
    assert "## How often it is solved" in text and "## Scores" in text
    assert "Seat 0" not in text.split("## Scores")[0]


def test_puzzle_what_if_and_skill_ladder(puzzle):
    result = sweep("puzzle", {"threshold": [4, 5]}, N, workers=1)
    assert result.measures[0] == "solve_rate"
    five = result.table[~result.table["is_base"]].iloc[0]
    close(five["solve_rate"], 5 / 9, N)
    close(five["solve_rate_diff"], 5 / 9 - 3 / 4, N)
    ladder = analysis.skill_ladder("puzzle", sims=N, workers=1)
    match = ladder.matches[0]
    close(match.mean, 3 / 4, N)
    close(match.opponent_rate, 1 / 2, N)
    assert match.p_value < 1e-6 and ladder.luck["luck_share"] is None


@pytest.mark.parametrize("fixture", ["duel", "puzzle"])
def test_store_extends_to_what_a_fresh_run_gives(fixture, request, tmp_path):
    spec = request.getfixturevalue(fixture)
    store = Store(tmp_path / "runs.sqlite")
    numbergames.load_game(spec.name).simulate(700, workers=1, store=store)
    extended = numbergames.load_game(spec.name).simulate(20_000, workers=2, store=store)
    fresh = numbergames.load_game(spec.name).simulate(20_000, workers=1)
    assert extended.games_loaded == 700
    pd.testing.assert_frame_equal(extended.games, fresh.games)
    assert extended.summary["win_rate_by_seat"] == fresh.summary["win_rate_by_seat"]


@pytest.mark.parametrize("fixture", ["duel", "puzzle"])
def test_a_dask_cluster_plays_the_same_games(fixture, request):
    distributed = pytest.importorskip("distributed")
    spec = request.getfixturevalue(fixture)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        remote = numbergames.load_game(spec.name).simulate(
            2000, scheduler=cluster.scheduler_address)
    local = numbergames.load_game(spec.name).simulate(2000, workers=1)
    pd.testing.assert_frame_equal(remote.games, local.games)
    assert np.isfinite(local.summary["turns_mean"])


def test_analyze_report_ranks_every_kind_of_game(duel, puzzle, toy, tmp_path):
    from numbergames.studies.overview import regenerate

    page = regenerate(tmp_path / "reports", games=["toy", "duel", "puzzle"], sims=2000,
                      skill_sims=1000, whatif_sims=1000, workers=1)
    text = page.read_text()
    advantage = text.split("## Ranked by first-player advantage")[1].split("## Ranked by length")[0]
    assert "Toy Duel" in advantage and "draws" in advantage and "Toy Puzzle" not in advantage
    length = text.split("## Ranked by length")[1].split("## Ranked by skill")[0]
    assert all(title in length for title in ("Toy Race", "Toy Duel", "Toy Puzzle"))
    assert "solved" in text.split("## Every report")[1]
    for name in ("duel", "puzzle"):
        assert (tmp_path / "reports" / name / "skill" / "report.md").is_file()
