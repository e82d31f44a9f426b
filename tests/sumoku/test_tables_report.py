"""`analyze exact sumoku` (the tables analysis): speed.csv beside spot.csv, with the columns
the issue names, and a report that links the variations."""
import csv

import pytest

import numbergames.studies.sumoku.tables_report as tables_report
from numbergames.analyze.cli import main
from numbergames.studies.sumoku.spot_report import spot_table


@pytest.fixture
def quick_spots(monkeypatch):
    """Keys 3 and 4 only (the exact display count of key 10 alone takes seconds)."""
    monkeypatch.setattr(tables_report, "spot_table", lambda: spot_table((3, 4)))


def _rows(path):
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_both_tables_side_by_side(tmp_path, quick_spots, capsys):
    out = tmp_path / "sumoku-exact"
    assert main(["exact", "sumoku", "--sims", "4", "--out", str(out), "--quiet"]) == 0
    speed, spot = _rows(out / "speed.csv"), _rows(out / "spot.csv")
    assert [r["key"] for r in speed] == [str(k) for k in range(3, 11)]
    assert list(speed[0])[:6] == ["key", "hands", "solvable", "p_solvable", "ci_low", "ci_high"]
    for r in speed:
        assert r["hands"] == "4" and 0 <= int(r["solvable"]) <= 4
        assert float(r["ci_low"]) <= float(r["p_solvable"]) <= float(r["ci_high"])
    assert list(spot[0]) == ["key", "spot_sets", "all_sets", "p_display_has_spot"]
    assert spot[0]["spot_sets"] == "327840" and spot[0]["all_sets"] == "3321960"
    report = (out / "report.md").read_text()
    assert "(../sumoku-speed/report.md)" in report and "(../sumoku-solo/report.md)" in report
    assert "| 3 | 327,840 | 3,321,960 |" in report


def test_no_hands_is_one_line_exit_2(tmp_path, capsys):
    out = tmp_path / "never"
    assert main(["exact", "sumoku", "tables", "--sims", "0", "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--sims" in err
    assert not out.exists()
