"""`analyze exact manhome`: the report, on a small plan; and its bad input."""
import json

import pandas as pd
import pytest

from numbergames.analyze.cli import main
from numbergames.studies.manhome.exact_report import ExactPlan, run
from numbergames.solver.manhome.rules import ManHomeRules

SMALL = ExactPlan(solitaire_sizes=[(1, 1), (2, 1)], standard_caps=(1, 2),
                  solitaire_checks=[(2, 1)],
                  duels=[ManHomeRules(board_rows=2, men_per_player=1, men_to_win=1)],
                  agreement=[ManHomeRules(board_rows=2, men_per_player=2, men_to_win=1)],
                  players=("random", "optimal", "search-4"), positions=60)


def test_exact_report_on_a_small_plan(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = run(tmp_path / "exact", sims=4000, seed=3, workers=1, plan=SMALL, command="analyze exact manhome")
    names = {p.name for p in out.iterdir()}
    assert {"report.md", "summary.json", "squares.csv", "solitaire.csv", "duel.csv",
            "duel_players.csv",
            "board_p_home_best.png", "board_gain.png", "board_actions_best.png"} <= names
    squares = pd.read_csv(out / "squares.csv")
    assert list(squares.columns[:4]) == ["square", "p_home_best", "p_home_random", "actions_best"]
    assert squares.square.tolist() == list(range(2, 72))
    summary = json.loads((out / "summary.json").read_text())
    duel = summary["duels"][0]
    assert abs(duel["z"]) < 4 and 0 < duel["first_player_win"] < 1
    assert all(abs(c["z"]) < 4 for c in summary["checks"])
    assert [r["cap"] for r in summary["rows"] if r["men_per_player"] == 6] == [1, 2]
    text = (out / "report.md").read_text()
    for heading in ("## One man alone", "## The solitaire race", "## Two players under optimal play",
                    "## The players against optimal play", "## Speed of the state search",
                    "## Reproduce"):
        assert heading in text
    assert all(r["ratio"] > 1 and r["largest_difference"] < 1e-9 for r in summary["speed"])
    players = pd.read_csv(out / "duel_players.csv").set_index("player")
    assert list(players.index) == ["random", "optimal", "search-4"]
    assert players.loc["optimal", "share"] == 1.0 > players.loc["random", "share"]
    assert (players.share_low <= players.share).all() and (players.share <= players.share_high).all()


@pytest.mark.parametrize("argv, words", [
    (["exact", "chess"], "invalid choice"),
    (["exact", "manhome", "--sims", "-3"], "--sims must be a whole number"),
    (["exact", "manhome", "--seed", "x"], "--seed must be a whole number from 0 to"),
])
def test_bad_input(argv, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not (tmp_path / "reports").exists()


def test_unwritable_out(capsys, tmp_path):
    (tmp_path / "file").write_text("x")
    assert main(["exact", "manhome", "--out", str(tmp_path / "file" / "x")]) == 2
    assert "cannot write to" in capsys.readouterr().err


def test_the_command_is_built_from_the_registered_analysis(monkeypatch, tmp_path, capsys):
    # analyze exact manhome [all]: the game's options (--largest) and the Monte Carlo ones
    # reach its run function; --set does not apply to an analysis of fixed rules
    import numbergames.studies.manhome.exact_report as exact_report

    seen = {}

    def fake(out, **options):
        seen.update(options, out=out)
        return out

    monkeypatch.setattr(exact_report, "run", fake)
    assert main(["exact", "manhome", "--out", str(tmp_path / "x"), "--largest", "--sims",
                 "1e3", "--seed", "4", "--quiet"]) == 0
    assert seen["largest"] is True and seen["sims"] == 1000 and seen["seed"] == 4
    assert seen["command"].startswith("analyze exact manhome")
    assert main(["exact", "manhome", "all", "--out", str(tmp_path / "y"), "--quiet"]) == 0
    assert seen["largest"] is False
    assert main(["exact", "manhome", "--set", "tie=attacker"]) == 2   # argparse's status
    err = capsys.readouterr().err
    assert err.count("\n") == 1
