"""The opening analysis: the study, its report, and bad options through the CLI."""
import csv
import json

import numpy as np
import pytest

from analysis.distributions import wilson_interval
from analysis.formatting import pct, pct_range
from studies.shoo import STUDY
from solver.shoo.opening import OPENINGS, ladder, parse_players, verdict
from studies.shoo.opening_report import answer_sentence, play, run, score_interval
from solver.shoo.policies import PLAYERS
from solver.shoo.rules import ShooRules

RULES = ShooRules(max_plies=120)
"""Short games: the study in a few seconds."""
SIMS = 8


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return run(tmp_path_factory.mktemp("opening") / "shoo-opening", rules=RULES, sims=SIMS,
               seed=1, workers=1, players="random,greedy",
               command="analyze exact shoo opening (test)")


def _csv(path):
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_the_ladder_comes_from_the_players():
    family = PLAYERS.search[0]
    assert ladder(0) == PLAYERS.ladder
    assert ladder(1) == (*PLAYERS.ladder, f"{family.name}-{family.budgets[0]}")
    assert ladder(-1) == (*PLAYERS.ladder, *(f"{family.name}-{b}" for b in family.budgets))
    assert STUDY.analysis("opening").folder == "shoo-opening"


def test_players_are_checked():
    assert parse_players("greedy, random") == ("greedy", "random")
    for bad, message in (("greedy,nobody", "unknown player 'nobody'"),
                         ("greedy,greedy", "more than once"), ("", "needs"),
                         ("greedy,", "needs")):
        with pytest.raises(ValueError, match=message):
            parse_players(bad)


def test_score_interval_is_wilson_without_draws_and_never_empty():
    for wins, n in ((0, 10), (3, 10), (10, 10), (57, 200)):
        points = np.r_[np.ones(wins), np.zeros(n - wins)]
        assert np.allclose(score_interval(points), wilson_interval(wins, n))
    lo, hi = score_interval(np.full(30, 0.5))
    assert lo < 0.5 < hi


def test_same_keys_pair_the_two_choices():
    study = play(RULES, ("greedy",), 4, seed=2, workers=1)
    move, horse = (study.cell("greedy", "greedy", o) for o in OPENINGS)
    assert len(move.points) == len(horse.points) == 4
    d = study.difference("greedy", "greedy")
    assert np.isclose(d.diff, horse.score - move.score) and d.n == 4


def test_the_report_is_written_and_its_sentence_agrees_with_the_tables(report):
    summary = json.loads((report / "summary.json").read_text())
    text = (report / "report.md").read_text()
    assert text.splitlines()[2] == f"**{summary['sentence']}**"
    cells = {(r["toss_winner"], r["opponent"], r["opening"]): r for r in _csv(report / "cells.csv")}
    assert len(cells) == 2 * 2 * len(OPENINGS)
    assert all(int(r["games"]) == SIMS for r in cells.values())
    figures = summary["answer"]
    for opening in OPENINGS:
        # equal players: random against random and greedy against greedy, SIMS games each
        pooled = np.mean([float(cells[(p, p, opening)]["score"]) for p in ("random", "greedy")])
        assert np.isclose(figures[opening][0], pooled)
        assert f"{pct(pooled)} ({pct_range(*figures[opening][1])})" in summary["sentence"]
    diff = figures["extra_horse"][0] - figures["first_move"][0]
    assert np.isclose(figures["difference"]["diff"], diff)
    d = figures["difference"]
    expected = "horse" if d["lo"] > 0 else "move" if d["hi"] < 0 else "neither"
    assert figures["verdict"] == expected
    words = {"move": "the first move is worth more", "horse": "the extra horse is worth more",
             "neither": "no difference"}
    assert words[expected] in summary["sentence"]
    for row in _csv(report / "differences.csv"):
        pair = (row["toss_winner"], row["opponent"])
        assert np.isclose(float(row["horse_minus_move"]),
                          float(cells[(*pair, "extra_horse")]["score"])
                          - float(cells[(*pair, "first_move")]["score"]))


def test_who_beats_whom_reads_both_colours_from_the_same_games(report):
    cells = {(r["toss_winner"], r["opponent"], r["opening"]): r for r in _csv(report / "cells.csv")}
    rows = _csv(report / "colours.csv")
    assert [(r["player"], r["opponent"]) for r in rows] == [("greedy", "random")] * 2
    for row in rows:
        opening = row["opening"]
        assert np.isclose(float(row["score_as_blue"]),
                          float(cells[("greedy", "random", opening)]["score"]))
        assert np.isclose(float(row["score_as_white"]),
                          1 - float(cells[("random", "greedy", opening)]["score"]))
        low = min(float(row["blue_lo"]), float(row["white_lo"]))
        high = max(float(row["blue_hi"]), float(row["white_hi"]))
        assert row["relation"] == (">" if low > 0.5 else "<" if high < 0.5 else "~")
    text = (report / "report.md").read_text()
    assert "## Who beats whom, in both colours" in text
    summary = json.loads((report / "summary.json").read_text())
    assert summary["ladder"]["first_move"].startswith("`greedy` ")


@pytest.mark.parametrize("diff, lo, hi, kind, words", [
    (-0.1, -0.15, -0.05, "move", "the first move is worth more than the extra horse"),
    (0.1, 0.05, 0.15, "horse", "the extra horse is worth more than the first move"),
    (0.01, -0.03, 0.05, "neither", "no difference between the extra horse and the first move"),
])
def test_the_sentence_says_what_the_difference_says(diff, lo, hi, kind, words):
    assert verdict(lo, hi) == kind
    figures = {"verdict": kind, "games_per_choice": 100,
               "first_move": (0.5, (0.4, 0.6)), "extra_horse": (0.5 + diff, (0.4, 0.7)),
               "difference": {"diff": diff, "lo": lo, "hi": hi}}
    assert words in answer_sentence(figures)


@pytest.mark.parametrize("args, message", [
    (["--players", "greedy,nobody"], "unknown player 'nobody'"),
    (["--sims", "0"], "--sims must be a whole number"),
    (["--players", "greedy,greedy"], "more than once"),
    (["--set", "opening=sideways"], "opening"),
    (["--set", "opening=extra_horse"], "plays both values of opening"),
])
def test_bad_options_give_one_line_and_exit_2(tmp_path, capsys, args, message):
    from analyze.cli import main

    out = tmp_path / "never"
    assert main(["exact", "shoo", "opening", "--out", str(out), "--quiet", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not out.exists()


def test_answer_pools_every_player_against_itself(report):
    summary = json.loads((report / "summary.json").read_text())
    assert summary["answer"]["games_per_choice"] == 2 * SIMS
    assert summary["players"] == ["random", "greedy"] and summary["sims"] == SIMS
    assert summary["rules"]["max_plies"] == 120 and summary["rules"]["opening"] == "first_move"


def test_the_command_passes_the_options_and_the_analysis_default_sims(monkeypatch, tmp_path):
    import studies.shoo.opening_report as opening_report
    from analyze.cli import main

    seen = {}

    def fake(out, **options):
        seen.update(options, out=out)
        return out

    monkeypatch.setattr(opening_report, "run", fake)
    assert main(["exact", "shoo", "opening", "--out", str(tmp_path / "x"), "--quiet",
                 "--budgets", "2", "--set", "hush=off"]) == 0
    assert seen["sims"] == STUDY.analysis("opening").sims and seen["budgets"] == 2
    assert seen["players"] == "" and seen["rules"].hush == "off"
    assert main(["exact", "shoo", "opening", "--out", str(tmp_path / "y"), "--quiet",
                 "--sims", "30", "--players", "greedy"]) == 0
    assert seen["sims"] == 30 and seen["players"] == "greedy"


def test_two_analyses_sharing_an_option_name_keep_their_own_defaults(monkeypatch, tmp_path):
    import studies.shoo.exact_report as exact_report
    from analyze.cli import main

    seen = {}
    monkeypatch.setattr(exact_report, "run", lambda out, **options: seen.update(options) or out)
    assert main(["exact", "shoo", "reduced", "--out", str(tmp_path / "r"), "--quiet"]) == 0
    defaults = {o.name: o.default for o in STUDY.analysis("reduced").options}
    assert seen["players"] == defaults["players"] != ""
    assert seen["larger"] is False and "budgets" not in seen and "sims" not in seen


@pytest.mark.parametrize("argv, message", [
    (["opening", "--larger"], "--larger does not apply to analyze exact shoo opening"),
    (["reduced", "--budgets", "2"], "--budgets does not apply to analyze exact shoo reduced"),
    (["reduced", "--sims", "10"], "--sims does not apply to analyze exact shoo reduced"),
])
def test_an_option_of_another_analysis_is_one_line_exit_2(tmp_path, capsys, argv, message):
    from analyze.cli import main

    out = tmp_path / "never"
    assert main(["exact", "shoo", *argv, "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not out.exists()
