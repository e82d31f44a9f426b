"""The opening analysis: the two choices as one game (the colour mirror), the first mover's
score per player, the odd_horse=field what-if, the report, and bad options through the CLI."""
import csv
import json
import random

import numpy as np
import pytest

import numbergames
from numbergames.studies.shoo import STUDY
from numbergames.solver.shoo.evaluation import evaluate
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.opening import ladder, mirror, parse_games, parse_players, verdict
from numbergames.solver.shoo.policies import PLAYERS
from numbergames.solver.shoo.position import NONE, start
from numbergames.solver.shoo.rules import ShooRules
from numbergames.studies.shoo.opening_report import answer_sentence, run

SIMS = 12
MORE = 16


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return run(tmp_path_factory.mktemp("opening") / "shoo-opening", sims=SIMS, seed=1,
               workers=1, players="random,greedy", sims_of=f"greedy={MORE}", whatif="greedy,random=6",
               whatif_sims=SIMS, command="analyze exact shoo opening (test)")


def _csv(path):
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _turned(move):
    t = lambda s: NONE if s == NONE else 80 - s  # noqa: E731
    return move._replace(frm=t(move.frm), via=t(move.via), put=t(move.put), to=t(move.to),
                         shoo=t(move.shoo))


# --------------------------------------------------------------------------- the mirror


def test_under_odd_horse_other_the_two_choices_start_as_mirror_images():
    move, horse = start(ShooRules()), start(ShooRules(opening="extra_horse"))
    assert mirror(move).key() == horse.key() and mirror(horse).key() == move.key()
    assert move.side == 0 and horse.side == 1
    assert move.stable_horses == horse.stable_horses[::-1] != horse.stable_horses
    # under odd_horse=field they are not: the odd horse stays on the field
    field = start(ShooRules(odd_horse="field"))
    assert mirror(field).key() != horse.key()


def test_the_mirror_game_has_the_mirrored_moves_and_values_move_by_move():
    move, horse = start(ShooRules()), start(ShooRules(opening="extra_horse"))
    rng = random.Random(3)
    for _ in range(15):
        moves = legal_moves(move)
        assert sorted(_turned(m) for m in moves) == legal_moves(horse)
        assert (evaluate(move, 0), evaluate(move, 1)) == (evaluate(horse, 1), evaluate(horse, 0))
        chosen = rng.choice(moves)
        move, horse = make_move(move, chosen), make_move(horse, _turned(chosen))
        assert mirror(move).key() == horse.key()


def test_the_kernel_first_mover_scores_alike_under_both_choices():
    """The kernel: greedy against itself under each choice. A key orders a player's ties
    among moves the mirror reorders, so the games are mirror images in distribution, not
    key by key: the first mover's score (seat 0 with the first move, seat 1 when the toss
    winner took the horse) and the mean length agree within 3.5 standard errors."""
    n = 150
    a = numbergames.load_game("shoo").simulate(n, policy="greedy", seed=4, workers=1)
    b = numbergames.load_game("shoo", opening="extra_horse").simulate(n, policy="greedy", seed=4,
                                                                      workers=1)
    first_a, first_b = a.stats.points_by_seat[0], b.stats.points_by_seat[1]
    se = np.sqrt((first_a * (1 - first_a) + first_b * (1 - first_b)) / n)
    assert abs(first_a - first_b) < 3.5 * se
    turns_se = np.sqrt((a.stats.turns_std ** 2 + b.stats.turns_std ** 2) / n)
    assert abs(a.stats.turns_mean - b.stats.turns_mean) < 3.5 * turns_se
    # the seats are not simply the same: with the horse the toss winner moves second
    assert b.stats.points_by_seat[0] == pytest.approx(1 - first_b)


# --------------------------------------------------------------------------- the options


def test_the_ladder_comes_from_the_players():
    family = PLAYERS.search[0]
    assert ladder(0) == PLAYERS.ladder
    assert ladder(-1) == (*PLAYERS.ladder, *(f"{family.name}-{b}" for b in family.budgets))
    assert STUDY.analysis("opening").folder == "shoo-opening"


def test_players_and_games_are_checked():
    assert parse_players("greedy, random") == ("greedy", "random")
    assert parse_games("", ("random", "greedy"), 5) == {"random": 5, "greedy": 5}
    assert parse_games("greedy=2_000", ("random", "greedy"), 5) == {"random": 5, "greedy": 2000}
    for bad, message in (("nobody=3", "not one of the players"), ("greedy=0", "whole number"),
                         ("greedy=x", "whole number"), ("greedy", "whole number")):
        with pytest.raises(ValueError, match=message):
            parse_games(bad, ("random", "greedy"), 5)


# --------------------------------------------------------------------------- the report


def test_the_first_line_is_the_answer_and_the_scores_are_the_standard_runs(report):
    summary = json.loads((report / "summary.json").read_text())
    text = (report / "report.md").read_text()
    assert text.splitlines()[2] == f"**{summary['sentence']}**"
    rows = {r["player"]: r for r in _csv(report / "first_mover.csv")}
    assert {p: int(r["games"]) for p, r in rows.items()} == {"random": SIMS, "greedy": MORE}
    standard = numbergames.load_game("shoo").simulate(MORE, policy="greedy", seed=1,
                                                      workers=1).stats
    assert np.isclose(float(rows["greedy"]["score"]), standard.points_by_seat[0])
    assert np.isclose(float(rows["greedy"]["score_lo"]), standard.points_ci_by_seat[0][0])
    assert np.isclose(float(rows["greedy"]["p"]), standard.first_player_p_value)
    a = summary["answer"]
    assert a["player"] == "greedy" and a["games"] == MORE  # the most games
    assert np.isclose(a["worth"], standard.points_by_seat[0] - 0.5)
    assert f"`greedy` on both sides, {MORE:,} games" in summary["sentence"]


def test_the_field_what_if_pairs_the_openings_game_by_game(report):
    cells = {(r["odd_horse"], r["opening"]): r for r in _csv(report / "field.csv")
             if r["player"] == "greedy"}
    assert set(cells) == {("other", "first_move"), ("field", "first_move"),
                          ("other", "extra_horse")}
    assert all(int(r["games"]) == SIMS for r in cells.values())
    diffs = {r["comparison"]: r for r in _csv(report / "differences.csv")
             if r["player"] == "greedy"}
    horse = diffs["field: extra_horse - first_move"]
    assert np.isclose(float(horse["diff"]), float(cells[("other", "extra_horse")]["score"])
                      - float(cells[("field", "first_move")]["score"]))
    free = diffs["first_move: field - other"]
    assert np.isclose(float(free["diff"]), float(cells[("field", "first_move")]["score"])
                      - float(cells[("other", "first_move")]["score"]))
    summary = json.loads((report / "summary.json").read_text())
    assert summary["whatif"] == {"greedy": SIMS, "random": 6}
    assert {(r["player"], int(r["games"])) for r in _csv(report / "field.csv")} == {
        ("greedy", SIMS), ("random", 6)}
    field = summary["answer"]["field"]["greedy"]
    assert field["verdict"] == verdict(float(horse["lo"]), float(horse["hi"]))
    assert "Under `odd_horse=field` (`greedy`" in summary["sentence"]


@pytest.mark.parametrize("lo, hi, words", [
    (0.52, 0.58, "so the toss winner should move first"),
    (0.42, 0.48, "should take the extra horse"),
    (0.47, 0.53, "worth nothing that 2,000 games can show"),
])
def test_the_sentence_says_what_the_interval_says(lo, hi, words):
    mid = (lo + hi) / 2
    figures = {"player": "search-40", "games": 2000, "score": mid, "ci": [lo, hi],
               "worth": mid - 0.5, "worth_ci": [lo - 0.5, hi - 0.5], "p": 0.01,
               "field": {"greedy": {"games": 100, "horse_minus_move": [0.1, 0.05, 0.15, 0.01],
                                    "verdict": "horse"}}}
    sentence = answer_sentence(figures)
    assert words in sentence and sentence.startswith("Moving first in Shoo is worth")
    assert "the extra horse scores more for the toss winner" in sentence


@pytest.mark.parametrize("args, message", [
    (["--players", "greedy,nobody"], "unknown player 'nobody'"),
    (["--sims", "0"], "--sims must be a whole number"),
    (["--sims-of", "nobody=4"], "not one of the players"),
    (["--sims-of", "greedy=-1"], "whole number"),
    (["--whatif", "nobody"], "unknown player 'nobody'"),
    (["--whatif-sims", "1"], "--whatif-sims must be"),
    (["--whatif", "greedy=1"], "--whatif needs"),
    (["--whatif", "greedy=x"], "--whatif needs player=N"),
    (["--set", "opening=extra_horse"], "plays opening itself"),
    (["--set", "odd_horse=field"], "plays odd_horse itself"),
])
def test_bad_options_give_one_line_and_exit_2(tmp_path, capsys, args, message):
    from numbergames.analyze.cli import main

    out = tmp_path / "never"
    assert main(["exact", "shoo", "opening", "--out", str(out), "--quiet", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not out.exists()


def test_the_command_passes_the_options_and_the_analysis_default_sims(monkeypatch, tmp_path):
    import numbergames.studies.shoo.opening_report as opening_report
    from numbergames.analyze.cli import main

    seen = {}
    monkeypatch.setattr(opening_report, "run",
                        lambda out, **options: seen.update(options, out=out) or out)
    assert main(["exact", "shoo", "opening", "--out", str(tmp_path / "x"), "--quiet",
                 "--budgets", "2", "--set", "hush=off", "--sims-of", "search-20=30"]) == 0
    assert seen["sims"] == STUDY.analysis("opening").sims and seen["budgets"] == 2
    assert seen["players"] == "" and seen["rules"].hush == "off"
    assert seen["sims_of"] == "search-20=30" and seen["whatif"] == "greedy"
    assert seen["whatif_sims"] == 1000 and seen["store"] == ""


def test_two_analyses_sharing_an_option_name_keep_their_own_defaults(monkeypatch, tmp_path):
    import numbergames.studies.shoo.exact_report as exact_report
    from numbergames.analyze.cli import main

    seen = {}
    monkeypatch.setattr(exact_report, "run", lambda out, **options: seen.update(options) or out)
    assert main(["exact", "shoo", "reduced", "--out", str(tmp_path / "r"), "--quiet"]) == 0
    defaults = {o.name: o.default for o in STUDY.analysis("reduced").options}
    assert seen["players"] == defaults["players"] != ""
    assert seen["larger"] is False and "budgets" not in seen and "sims" not in seen


@pytest.mark.parametrize("argv, message", [
    (["opening", "--larger"], "--larger does not apply to analyze exact shoo opening"),
    (["reduced", "--budgets", "2"], "--budgets does not apply to analyze exact shoo reduced"),
    (["reduced", "--sims-of", "greedy=2"], "--sims-of does not apply to analyze exact shoo reduced"),
])
def test_an_option_of_another_analysis_is_one_line_exit_2(tmp_path, capsys, argv, message):
    from numbergames.analyze.cli import main

    out = tmp_path / "never"
    assert main(["exact", "shoo", *argv, "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not out.exists()
