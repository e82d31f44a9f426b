"""Rules-variant sweeps: grid, validation, Holm, paired (CRN) differences, report folder."""
import json
import math

import numpy as np
import pandas as pd
import pytest

from analysis.cli import main
from analysis.errors import UserError
from analysis.whatif import (MAX_VARIANTS, expand, holm, paired_difference, parse_vary, sweep)

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --------------------------------------------------------------------------- grid and errors


def test_grid_is_the_cartesian_product_first_parameter_slowest():
    grid = expand({"tie": ["defender", "attacker"], "men_to_win": [2, 3, 4]})
    assert len(grid) == 6
    assert grid[0] == {"tie": "defender", "men_to_win": 2}
    assert grid[-1] == {"tie": "attacker", "men_to_win": 4}
    assert len({tuple(g.items()) for g in grid}) == 6


def test_parse_vary():
    assert parse_vary(["tie=defender, attacker", "men_to_win=2,3"]) == {
        "tie": ["defender", "attacker"], "men_to_win": ["2", "3"]}


TOO_MANY = "max_turns=" + ",".join(str(100 + i) for i in range(MAX_VARIANTS + 1))


@pytest.mark.parametrize("args, words", [
    ([], "at least one --vary"),
    (["--vary", "tie"], "expected name=value1,value2"),
    (["--vary", "tie="], "expected name=value1,value2"),
    (["--vary", "=defender"], "expected name=value1,value2"),
    (["--vary", "tie=defender,,attacker"], "empty value"),
    (["--vary", "colour=red,blue"], "allowed: players, men_per_player"),
    (["--vary", "tie=defender,sometimes"], "bad value 'sometimes' for tie; allowed: defender"),
    (["--vary", "men_to_win=3,x"], "bad value 'x' for men_to_win"),
    (["--vary", "men_to_win=3,7"], "men_to_win"),  # more than the 6 men a player owns
    (["--vary", "tie=defender", "--vary", "tie=attacker"], "given twice"),
    (["--vary", "tie=defender,defender"], "twice"),
    (["--vary", TOO_MANY], f"at most {MAX_VARIANTS}"),
    # each grid point is valid alone, one combination is not: caught before any game
    (["--vary", "men_per_player=2,6", "--vary", "men_to_win=1,3"], "men_to_win"),
    (["--vary", "tie=defender", "--set", "nope=1"], "unknown rules parameter 'nope'"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_runs(in_tmp, capsys, args, words):
    code = main(["whatif", "manhome", "--sims", "1000", "--workers", "1",
                 "--store", "runs.sqlite", *args])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("analyze: error: ")
    assert words in err
    assert not (in_tmp / "runs.sqlite").exists() and not (in_tmp / "reports").exists()


# --------------------------------------------------------------------------- statistics


def test_holm_by_hand():
    # sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, max(0.04·1, 0.06) = 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # capped at 1
    adjusted = holm([0.02, math.nan, 0.01])  # NaN is not a test: m = 2
    assert adjusted[0] == pytest.approx(0.02) and adjusted[2] == pytest.approx(0.02)
    assert math.isnan(adjusted[1])
    assert holm([]) == []


def test_paired_difference_by_hand():
    a, b = np.array([1.0, 2.0, 3.0, 4.0]), np.array([0.0, 2.0, 2.0, 3.0])
    paired = paired_difference(a, b)
    d = a - b
    assert paired.diff == pytest.approx(0.75)
    assert paired.se == pytest.approx(d.std(ddof=1) / 2)
    assert paired.independent_se == pytest.approx(math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / 4))
    assert paired.variance_reduction == pytest.approx((paired.independent_se / paired.se) ** 2)
    assert paired.lo == pytest.approx(0.75 - 1.959964 * paired.se)
    same = paired_difference(a, a)
    assert (same.diff, same.se, same.p_value) == (0.0, 0.0, 1.0)
    assert math.isnan(same.variance_reduction)


# --------------------------------------------------------------------------- sweeps


def test_tie_sweep_pairs_the_games(in_tmp):
    result = sweep("manhome", {"tie": ["defender", "attacker"]}, 3000, workers=1, seed=3)
    table = result.table
    assert list(table["tie"]) == ["defender", "attacker"]
    assert list(table["is_base"]) == [True, False]
    base, other = table.iloc[0], table.iloc[1]
    for measure in ("seat0_win_rate", "turns_mean"):
        assert base[f"{measure}_diff"] == 0 and base[f"{measure}_paired_se"] == 0
        assert math.isnan(base[f"{measure}_p_holm"])
    assert other["turns_mean_paired_se"] <= other["turns_mean_independent_se"]
    assert other["seat0_win_rate_paired_se"] <= other["seat0_win_rate_independent_se"]
    # the differences are those of the two runs' own statistics
    assert other["seat0_win_rate_diff"] == pytest.approx(
        other["seat0_win_rate"] - base["seat0_win_rate"])
    assert other["turns_mean_diff"] == pytest.approx(other["turns_mean"] - base["turns_mean"])
    assert 0 <= other["seat0_win_rate_p_holm"] <= 1 and result.tests == 2


def test_men_to_win_pairing_reduces_variance(in_tmp):
    # the games are identical until the third man comes home, so the paired variance of the
    # length difference is far below the independent one (about 4.4x at seed 0)
    result = sweep("manhome", {"men_to_win": [3, 4]}, 3000, workers=1, store="runs.sqlite")
    row = result.table.set_index("men_to_win").loc[4]
    assert row["turns_mean_variance_reduction"] > 2
    assert row["turns_mean_diff"] > 0 and row["turns_mean_p_holm"] < 0.001
    # the store answers a repeat at once, with the same games
    again = sweep("manhome", {"men_to_win": [3, 4]}, 3000, workers=1, store="runs.sqlite")
    assert all(r.games_loaded == 3000 for r in again.results)
    pd.testing.assert_frame_equal(again.table, result.table)


def test_variant_equal_to_the_base_differs_by_exactly_zero(in_tmp):
    result = sweep("manhome", {"tie": ["attacker", "defender"]}, 2000, workers=1, tie="attacker")
    table = result.table.set_index("tie")
    assert table.loc["attacker", "is_base"] and len(table) == 2
    assert table.loc["attacker", "turns_mean_diff"] == 0
    assert table.loc["attacker", "turns_mean_paired_se"] == 0
    alone = sweep("manhome", {"tie": ["defender"]}, 2000, workers=1).table
    assert len(alone) == 1 and alone.loc[0, "is_base"]
    assert alone.loc[0, "seat0_win_rate_diff"] == 0 and alone.loc[0, "seat0_win_rate_paired_se"] == 0


def test_base_outside_the_grid_is_the_reference(in_tmp):
    table = sweep("manhome", {"men_to_win": [2, 4]}, 1000, workers=1).table
    assert list(table["men_to_win"]) == [3, 2, 4] and list(table["is_base"]) == [True, False, False]
    # men_per_player=2 is invalid with the base's men_to_win=3, but every grid point is valid
    joint = sweep("manhome", {"men_per_player": [2], "men_to_win": [1, 2]}, 500, workers=1).table
    assert list(joint["men_per_player"]) == [6, 2, 2] and list(joint["men_to_win"]) == [3, 1, 2]


def test_cli_writes_the_report_folder(in_tmp, capsys):
    assert main(["whatif", "manhome", "--vary", "tie=defender,attacker", "--vary",
                 "men_to_win=2,3", "--sims", "2000", "--workers", "1", "--no-store"]) == 0
    out = in_tmp / "reports" / "manhome" / "whatif-tie-men_to_win"
    pngs = {f"{m}_by_{p}.png" for m in ("seat0_win_rate", "turns_mean")
            for p in ("tie", "men_to_win")}
    assert {p.name for p in out.iterdir()} == {"report.md", "summary.json", "variants.csv"} | pngs
    for name in pngs:
        data = (out / name).read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 5000
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games_per_variant"] == 2000 and summary["tests"] == 6
    assert len(summary["variants"]) == 4 and summary["varied"]["men_to_win"] == [2, 3]
    csv = pd.read_csv(out / "variants.csv")
    assert len(csv) == 4 and "turns_mean_p_holm" in csv
    text = (out / "report.md").read_text()
    assert "Holm" in text and "**Reading:**" in text and "Variance reduction" in text
    assert "what-if report written" in capsys.readouterr().out


def test_precision_grows_the_games_until_the_target(in_tmp):
    met = sweep("manhome", {"tie": ["defender", "attacker"]}, 100_000, workers=1,
                precision=0.02, store="runs.sqlite")
    assert met.games == 16_384 and met.precision_steps[-1]["half_width"] <= 0.02
    capped = sweep("manhome", {"tie": ["defender", "attacker"]}, 20_000, workers=1,
                   precision=0.0005, store="runs.sqlite")
    assert capped.games == 20_000
    assert [s["games"] for s in capped.precision_steps] == [16_384, 20_000]
    assert capped.precision_steps[-1]["half_width"] > 0.0005
    assert "not** met" in __import__("analysis.whatif", fromlist=["x"]).render_markdown(capped)
    with pytest.raises(UserError, match="precision"):
        sweep("manhome", {"tie": ["attacker"]}, 1000, precision=-1)
