"""The spot game simulation and the spot report."""
import json

import numpy as np
import pandas as pd
import pytest

from numbergames.analyze.cli import main
from numbergames.solver.sumoku.spot_game import SpotModel, play_spot_game, simulate_spot, target
from numbergames.studies.sumoku.spot_report import COLUMNS, run, win_shares
from numbergames.solver.sumoku.tiles import NTILES


@pytest.mark.parametrize("speeds, errors, message", [
    ((1.0,), (0.0,), "2 to 8 players"),
    ((1.0,) * 9, (0.0,) * 9, "2 to 8 players"),
    ((1.0, -1.0), (0.0, 0.0), "bad spotting speed"),
    ((1.0, 0.0), (0.0, 0.0), "bad spotting speed"),
    ((1.0, 1.0), (0.0, 1.5), "bad error rate"),
    ((1.0, 1.0), (0.0,), "one error rate per player"),
])
def test_bad_models(speeds, errors, message):
    with pytest.raises(ValueError, match=message):
        SpotModel(speeds, errors)


def test_bad_no_spot_rule():
    with pytest.raises(ValueError, match="bad no_spot"):
        SpotModel.alike(3, no_spot="wait")


@pytest.mark.parametrize("players, no_spot", [(2, "add"), (4, "redeal"), (5, "add"), (8, "redeal")])
def test_games_end_by_the_rules(players, no_spot):
    model = SpotModel.alike(players, error=0.1, no_spot=no_spot)
    for game in simulate_spot(model, 150, seed=players):
        assert sum(game.held) <= NTILES and len(game.held) == players
        assert game.winners, "no game should run to the round limit"
        if game.bag_out:
            assert all(game.held[w] == max(game.held) for w in game.winners)
        else:
            assert len(game.winners) == 1 and game.held[game.winners[0]] >= target(players)
            assert all(h < target(players) for i, h in enumerate(game.held)
                       if i != game.winners[0])
        assert game.rounds >= target(players) // 4
        assert game.key in (3, 4, 5)


def test_no_errors_no_wrong_shouts_and_the_fewest_rounds():
    games = simulate_spot(SpotModel.alike(2, error=0.0), 100, seed=1)
    assert all(g.wrong == 0 for g in games)
    assert min(g.rounds for g in games) == 4


def test_same_seed_same_games():
    model = SpotModel.alike(3)
    assert simulate_spot(model, 30, seed=9) == simulate_spot(model, 30, seed=9)


def test_a_faster_player_wins_more():
    games = simulate_spot(SpotModel((3.0, 1.0), (0.05, 0.05)), 300, seed=2)
    shares = win_shares(games, 2)
    assert shares[:, 0].mean() - 2 * shares[:, 0].std() / np.sqrt(300) > 0.5


def test_a_player_who_always_errs_never_wins():
    rng = np.random.default_rng(4)
    for _ in range(30):
        game = play_spot_game(SpotModel((1.0, 1.0), (1.0, 0.0)), rng, key=5)
        assert game.winners == (1,) and game.held[0] == 0


def test_report_writes_the_table_and_the_games(tmp_path):
    out = run(tmp_path / "spot", sims=400, seed=1, games=30, keys=(3, 4), command="test")
    table = pd.read_csv(out / "spot.csv")
    assert tuple(table.columns) == COLUMNS
    assert table["all_sets"].eq(3_321_960).all()
    assert table.loc[table["key"] == 4, "spot_sets"].item() == 368_640
    games = pd.read_csv(out / "spot_games.csv")
    assert list(games["players"]) == list(range(2, 9))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 30
    report = (out / "report.md").read_text()
    assert "| 4 | 368,640 |" in report and "display.png" in report
    assert (out / "display.png").stat().st_size > 0


@pytest.mark.parametrize("flags, message", [
    (["--error-rate", "1.5"], "--error-rate must be a number from 0 to 1"),
    (["--fast-speed", "-1"], "speed"),
    (["--no-spot", "wait"], "--no-spot must be add | redeal"),
    (["--games", "0"], "games"),
])
def test_bad_options_one_line_exit_2_nothing_written(tmp_path, capsys, flags, message):
    out = tmp_path / "spot"
    assert main(["exact", "sumoku", "spot", "--out", str(out), "--quiet", *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not out.exists()
