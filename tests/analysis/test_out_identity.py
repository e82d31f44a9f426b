"""``--out DIR`` onto an earlier report of another game, another command or another number
of players is refused in one line (exit 2, nothing written) unless ``--replace`` says so; a
report of the same game, command and players is replaced as before. A folder's identity is
read from its summary.json (:func:`numbergames.analysis.running.folders.report_identity`)."""
import json

import pytest

from numbergames.analyze.cli import main

RUN = ["--sims", "20", "--workers", "1", "--quiet", "--no-store", "--out", "o"]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch, no_plots):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _summary(in_tmp) -> dict:
    return json.loads((in_tmp / "o" / "summary.json").read_text())


def _refused(in_tmp, capsys, argv, words):
    before = {p.name: p.read_bytes() for p in (in_tmp / "o").iterdir()}
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--replace" in err and words in err, err
    assert {p.name: p.read_bytes() for p in (in_tmp / "o").iterdir()} == before
    assert sorted(p.name for p in in_tmp.iterdir()) == ["o"]


def test_another_game_is_refused_unless_replace(in_tmp, capsys):
    assert main(["manhome", *RUN]) == 0
    _refused(in_tmp, capsys, ["sosooyoo", *RUN], "manhome")
    assert main(["sosooyoo", *RUN, "--replace"]) == 0
    assert _summary(in_tmp)["game"] == "sosooyoo"


def test_another_command_is_refused(in_tmp, capsys, monkeypatch):
    assert main(["shoo", *RUN]) == 0
    _refused(in_tmp, capsys, ["whatif", "shoo", "--vary", "horses=9,7", *RUN], "what-if")
    from numbergames.studies.shoo import opening_report

    monkeypatch.setattr(opening_report, "simulate", lambda *a, **k: pytest.fail("played"))
    _refused(in_tmp, capsys, ["exact", "shoo", "opening", "--players", "random", "--sims", "2",
                              "--whatif", "none", "--quiet", "--out", "o"], "opening")


def test_another_number_of_players_is_refused(in_tmp, capsys):
    assert main(["manhome", *RUN, "--players", "2"]) == 0
    _refused(in_tmp, capsys, ["manhome", *RUN, "--players", "3"], "2 players")
    assert main(["manhome", *RUN, "--players", "3", "--replace"]) == 0
    assert _summary(in_tmp)["players"] == 3


def test_a_report_of_the_same_run_is_replaced(in_tmp):
    assert main(["manhome", *RUN]) == 0
    assert main(["manhome", *RUN[:-2], "--policy", "random", "--seed", "3", "--out", "o"]) == 0
    summary = _summary(in_tmp)
    assert summary["policies"] == ["random", "random"] and summary["seed"] == 3
