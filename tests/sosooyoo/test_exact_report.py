"""The board report folder: its files, their agreement with the analysis, and atomic writing."""
import csv
import json

import numpy as np
import pytest

from numbergames.studies.sosooyoo import exact_report
from numbergames.solver.sosooyoo.exact import analyse
from numbergames.solver.sosooyoo.rules import SoSooYooRules

RULES = SoSooYooRules(board_size=40)


def _rows(path):
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    stages = []
    out = exact_report.run(tmp_path_factory.mktemp("reports") / "board", rules=RULES,
                           command="test", say=stages.append)
    assert stages[0] == "board: these rules" and stages[-1] == "figures"
    return out


def test_the_folder_holds_every_file(folder):
    names = {p.name for p in folder.iterdir()}
    assert {"summary.json", "report.md", "distances.csv", "reach.csv", "turns_to_target.csv",
            "spaces.csv", "variants.csv", "board_turns.png", "board_exact_cost.png",
            "board_mean_distance.png", "board_moves.png"} <= names
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".board.tmp")]


def test_summary_and_tables_match_the_analysis(folder):
    a = analyse(RULES)
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["rules"] == RULES.as_dict() and summary["command"] == "test"
    assert (summary["diameter"], summary["radius"]) == (a.distances.diameter, a.distances.radius)
    assert summary["center"] == a.distances.center and summary["periphery"] == a.distances.periphery
    assert summary["mean_distance"] == pytest.approx(a.distances.mean_distance)
    distances = _rows(folder / "distances.csv")
    assert distances[0] == ["from", *map(str, range(1, 41))]
    table = np.array([[int(x) for x in row[1:]] for row in distances[1:]])
    assert (table == a.distances.table).all() and (table == table.T).all()
    turns = _rows(folder / "turns_to_target.csv")
    assert turns[0] == ["space", "turns_collect", "turns_exact"] and len(turns) == 41
    assert [float(r[1]) for r in turns[1:]] == pytest.approx(a.collect.mean_to().tolist(), abs=0)
    reach = _rows(folder / "reach.csv")
    assert reach[0][:2] == ["space", "exactly_1"] and len(reach[0]) == 13
    assert [int(r[1]) for r in reach[1:]] == [a.graph.degree[s] for s in range(1, 41)]
    names = [v["name"] for v in summary["variants"]]
    assert names == ["these rules", "no jumps", "no warps", "no prime bubbles",
                     "simple moves only", "a learner (say_error 0.1)"]
    report = (folder / "report.md").read_text()
    for words in ("## Hubs and traps", "reachable in exactly k", "walk", "1e-12",
                  "| figure | these rules | no jumps |", "![Turns to collect a ring"):
        assert words in report


def test_variants_already_off_are_left_out():
    names = [name for name, _ in exact_report.variant_rules(SoSooYooRules(jumps=False, say_error=0.2))]
    assert names == ["these rules", "no warps", "no prime bubbles"]


def test_a_failed_run_leaves_the_old_folder_as_it_was(folder, monkeypatch):
    before = {p.name: p.read_bytes() for p in folder.iterdir()}

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(exact_report, "draw_figures", broken)
    with pytest.raises(RuntimeError, match="drawing failed"):
        exact_report.run(folder, rules=RULES.replace(board_size=30))
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".board.tmp")]


def test_main_rejects_bad_rules(capsys, tmp_path):
    assert exact_report.main([str(tmp_path / "x"), "board_size=1"]) == 2
    assert "board_size; allowed: an integer in 12..199" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_analyze_exact_sosooyoo_from_the_command_line(tmp_path, capsys):
    from numbergames.analyze.cli import main

    assert main(["exact", "sosooyoo", "--out", str(tmp_path / "board"), "--quiet",
                 "--set", "board_size=40"]) == 0
    summary = json.loads((tmp_path / "board" / "summary.json").read_text())
    assert summary["rules"]["board_size"] == 40
    assert main(["exact", "sosooyoo", "board", "--set", "board_size=1",
                 "--out", str(tmp_path / "never")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "board_size" in err and not (tmp_path / "never").exists()
