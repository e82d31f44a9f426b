"""Rules-variant sweeps: grid, validation, Holm, paired (CRN) differences, report folder;
variant files compared directly, on a Dask cluster, and Ctrl-C with and without a store."""
import json
import math

import numpy as np
import pandas as pd
import pytest

from numbergames import analysis

from numbergames.analysis.running.folders import MARKER
from numbergames.analysis.running import chunks
from numbergames.analyze.cli import main
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.store import Store
from numbergames.analysis.statistics.stats import wilson_interval
from numbergames.analysis.statistics.paired import Z, holm, paired_difference
from numbergames.analysis.searches.whatif import MAX_VARIANTS, expand, out_name, parse_vary, sweep
from numbergames.analysis.searches.whatif_report import render_markdown
from numbergames.solver.params import Variant

MEASURES = ["seat0_win_rate", "first_player_advantage", "turns_mean", "balance", "completion",
            "decision_rate"]
"""The measures of a game of chance won by one seat (every game here)."""

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def assert_one_holm_family(records):
    """The tests of their own among ``records`` (table rows) are Holm-adjusted together; a
    measure that is seat 0's test carries seat 0's adjusted p; an exact one keeps its p.
    Returns the size of the family."""
    own = [(r[f"{m}_p"], r[f"{m}_p_holm"]) for r in records for m in MEASURES
           if r[f"{m}_test"] == "own"]
    assert [adjusted for _, adjusted in own] == pytest.approx(holm([p for p, _ in own]))
    for r in records:
        for m in MEASURES:
            if r[f"{m}_test"] == "seat0":
                assert r[f"{m}_p_holm"] == r["seat0_win_rate_p_holm"], m
            elif r[f"{m}_test"] == "exact":
                assert r[f"{m}_p_holm"] == r[f"{m}_p"] == (1.0 if r[f"{m}_diff"] == 0 else 0.0)
    return len(own)


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
    assert 0 <= other["seat0_win_rate_p_holm"] <= 1
    # two players, every game finished: one comparison is one test. The balance moves by
    # exactly twice seat 0's rate and the first-player advantage by exactly seat 0's (both
    # share seat 0's test); no game differs in completion (certain, no test). Holm counts
    # seat 0's win rate, the length and the decision rate.
    kinds = {m: other[f"{m}_test"] for m in MEASURES}
    assert kinds == {"seat0_win_rate": "own", "first_player_advantage": "seat0",
                     "turns_mean": "own", "balance": "seat0", "completion": "exact",
                     "decision_rate": "own"}
    assert result.tests == 3
    assert other["balance_diff"] == pytest.approx(-2 * other["seat0_win_rate_diff"])
    assert other["balance_p_holm"] == other["seat0_win_rate_p_holm"]
    assert math.isnan(other["balance_p"]) and other["completion_p_holm"] == 1
    p = [other[f"{m}_p"] for m in ("seat0_win_rate", "turns_mean", "decision_rate")]
    assert [other[f"{m}_p_holm"] for m in ("seat0_win_rate", "turns_mean", "decision_rate")] \
        == pytest.approx(holm(p))
    text = render_markdown(result)
    assert "no game differs" in text and "(= seat 0)" in text
    assert "over all 3 tests of this report" in text


def _direct(games, players):
    """Per-game values computed here from a run's games, independently of numbergames.analysis.searches.whatif:
    {measure: (estimate, per-game influence values whose mean is 0)}."""
    w = games["winner"].to_numpy()
    t = games["turns"].to_numpy(float)
    d = games["decision_turns"].to_numpy(float)
    finished = (w >= 0).astype(float)

    def over_finished(x):
        """The mean of x over the finished games, Σ x·f / Σ f, and its influence values."""
        mean = (x * finished).sum() / finished.sum()
        return mean, finished * (x - mean) / finished.mean()

    # every rate counts the finished games only: an unfinished game is no win
    rates = np.array([(w[w >= 0] == s).mean() for s in range(players)])
    high, low = int(np.argmax(rates)), int(np.argmin(rates))
    u = -((w == high).astype(float) - (w == low))  # balance = 1 + mean of u over finished
    balance, balance_z = over_finished(u)
    rate = d.sum() / t.sum()
    return {"completion": (finished.mean(), finished - finished.mean()),
            "turns_mean": over_finished(t),
            "decision_rate": (rate, (d - rate * t) / t.mean()),
            "balance": (1 + balance, balance_z),
            "seat0_win_rate": over_finished((w == 0).astype(float))}


def test_every_measure_is_paired_game_by_game(in_tmp):
    # three players, so the balance has a middle seat; games cut off at 30 and 60 turns, so
    # many are unfinished (completion well below 1)
    result = sweep("manhome", {"max_turns": [30, 60]}, 3000, workers=1, players=3, seed=5)
    table = result.table
    base_run = result.results[0]
    n = len(base_run.games)
    base = _direct(base_run.games, 3)
    for index in (1, 2):
        row, run = table.iloc[index], result.results[index]
        mine = _direct(run.games, 3)
        assert 0 < run.stats.completion < 1
        for m, (estimate, z) in mine.items():
            base_estimate, base_z = base[m]
            # the point estimates are the run's own statistics
            assert row[m] == pytest.approx(estimate), m
            assert row[f"{m}_diff"] == pytest.approx(estimate - base_estimate, abs=1e-12), m
            # the paired SE from the per-game differences of the influence values
            se = (z - base_z).std(ddof=1) / math.sqrt(n)
            independent = math.hypot(z.std(ddof=1), base_z.std(ddof=1)) / math.sqrt(n)
            assert row[f"{m}_paired_se"] == pytest.approx(se), m
            assert row[f"{m}_independent_se"] == pytest.approx(independent), m
            assert row[f"{m}_diff_lo"] == pytest.approx(row[f"{m}_diff"] - Z * se), m
            assert row[f"{m}_diff_lo"] <= row[f"{m}_diff"] <= row[f"{m}_diff_hi"], m
            assert row[f"{m}_lo"] <= row[m] <= row[f"{m}_hi"], m
        # per-variant intervals: Wilson for completion, linearised for the decision rate
        finished = int((run.games["winner"] >= 0).sum())
        assert (row["completion_lo"], row["completion_hi"]) == \
            pytest.approx(wilson_interval(finished, n))
        half = Z * mine["decision_rate"][1].std(ddof=1) / math.sqrt(n)
        assert row["decision_rate_lo"] == pytest.approx(row["decision_rate"] - half)
        assert row["decision_rate_hi"] == pytest.approx(row["decision_rate"] + half)
        assert row["balance_high_seat"] != row["balance_low_seat"]
        # first-player advantage: seat 0's difference and seat 0's test, not a new one
        assert row["first_player_advantage_diff"] == pytest.approx(row["seat0_win_rate_diff"])
        assert row["first_player_advantage_diff_hi"] == pytest.approx(row["seat0_win_rate_diff_hi"])
        assert math.isnan(row["first_player_advantage_p"])
        assert row["first_player_advantage_p_holm"] == row["seat0_win_rate_p_holm"]
        assert row["completion_diff"] < 0 and row["completion_p_holm"] < 0.001
        # the length difference is that of the two means shown, though other games
        # finish under the two rules (a game cut off at 30 turns is not in the mean)
        assert row["turns_mean_diff"] == pytest.approx(
            row["turns_mean"] - table.iloc[0]["turns_mean"])
        assert row["turns_mean_diff"] < 0 and row["turns_mean_p_holm"] < 0.001
        assert [row[f"{m}_test"] for m in ("seat0_win_rate", "turns_mean", "balance",
                                            "completion", "decision_rate")] == ["own"] * 5
    # one Holm family over every variant x measure that is a test of its own
    assert result.tests == assert_one_holm_family(table.iloc[1:].to_dict("records")) == 10
    assert table.iloc[0][[f"{m}_p_holm" for m in MEASURES]].isna().all()


def test_first_player_advantage_with_another_number_of_players_is_its_own_test(in_tmp):
    result = sweep("manhome", {"players": [2, 3]}, 2000, workers=1)
    row = result.table.iloc[1]
    assert row["first_player_advantage_diff"] == pytest.approx(
        row["seat0_win_rate_diff"] - (1 / 3 - 1 / 2))
    assert row["first_player_advantage_diff"] == pytest.approx(
        row["first_player_advantage"] - result.table.iloc[0]["first_player_advantage"])
    assert row["first_player_advantage_paired_se"] == row["seat0_win_rate_paired_se"]
    assert 0 <= row["first_player_advantage_p"] <= 1
    assert row["first_player_advantage_test"] == "own"
    assert result.tests == assert_one_holm_family([row]) >= 4
    # the reading leads with the first-player advantage, not seat 0's rate (which moves
    # with the fair share)
    reading = render_markdown(result).split("**Reading:**")[1].split("\n")[0]
    assert reading.startswith(" the largest change in first-player advantage is ")
    assert "seat 0's win rate" in reading.split(";")[2]  # among the others


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
    # a game of Man Home never lasts 1,000 turns: other rules, the very same games
    same = sweep("manhome", {"max_turns": [1000]}, 1000, workers=1, players=3)
    assert same.results[1].games.equals(same.results[0].games)
    row = same.table.iloc[1]
    assert not row["is_base"] and same.tests == 0  # nothing to test: no game differs
    for m in MEASURES:
        assert row[f"{m}_diff"] == 0 and row[f"{m}_paired_se"] == 0, m
        assert row[f"{m}_diff_lo"] == 0 and row[f"{m}_diff_hi"] == 0, m
        assert row[f"{m}_p_holm"] == 1, m
        assert row[f"{m}_test"] == "exact", m

    result = sweep("manhome", {"tie": ["attacker", "defender"]}, 2000, workers=1, tie="attacker")
    table = result.table.set_index("tie")
    assert table.loc["attacker", "is_base"] and len(table) == 2
    assert table.loc["attacker", "turns_mean_diff"] == 0
    assert table.loc["attacker", "turns_mean_paired_se"] == 0
    lonely = sweep("manhome", {"tie": ["defender"]}, 2000, workers=1)
    alone = lonely.table
    assert len(alone) == 1 and alone.loc[0, "is_base"]
    text = render_markdown(lonely)
    assert "its only point is the base itself" in text and "0 variants" not in text
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
    pngs = {f"{m}_by_{p}.png" for m in MEASURES for p in ("tie", "men_to_win")}
    assert {p.name for p in out.iterdir()} == {"report.md", "summary.json", "variants.csv", MARKER} | pngs
    for name in pngs:
        data = (out / name).read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 5000
    summary = json.loads((out / "summary.json").read_text())
    # three variants besides the base; each tests seat 0's win rate, the length and the
    # decision rate (two players, every game finished: see test_tie_sweep_pairs_the_games)
    assert summary["games_per_variant"] == 2000
    assert summary["tests"] == assert_one_holm_family(summary["variants"][1:]) == 9
    assert len(summary["variants"]) == 4 and summary["varied"]["men_to_win"] == [2, 3]
    assert list(summary["measures"]) == list(MEASURES)
    csv = pd.read_csv(out / "variants.csv")
    assert len(csv) == 4 and "turns_mean_p_holm" in csv
    for m in MEASURES:
        for suffix in ("", "_lo", "_hi", "_diff", "_diff_lo", "_diff_hi", "_paired_se",
                       "_independent_se", "_variance_reduction", "_p", "_p_holm"):
            assert f"{m}{suffix}" in csv, f"{m}{suffix}"
    assert {"balance_high_seat", "balance_low_seat"} <= set(csv)
    text = (out / "report.md").read_text()
    assert "Holm" in text and "**Reading:**" in text and "Variance reduction" in text
    assert "over all 9 tests of this report" in text
    for title in ("Seat 0's win rate", "First-player advantage", "Mean game length (turns)",
                  "Balance", "Completion", "Decision rate"):
        section = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
        assert section.count("\n| ") == 6  # header, rule, the base and three variants
    assert "(= seat 0)" in text and "Other standard metrics" not in text
    assert "The grid varies `tie` ∈ {defender, attacker} and `men_to_win` ∈ {2, 3} on top " \
        "of the base: 3 variants, each compared with the base" in text
    assert "what-if report written" in capsys.readouterr().out


def test_precision_grows_the_games_until_the_target(in_tmp):
    met = sweep("manhome", {"tie": ["defender", "attacker"]}, 100_000, workers=1,
                precision=0.02, store="runs.sqlite")
    assert met.games == 16_384 and met.precision_steps[-1]["half_width"] <= 0.02
    assert "The first 16,384 games per variant were enough" in render_markdown(met)
    capped = sweep("manhome", {"tie": ["defender", "attacker"]}, 20_000, workers=1,
                   precision=0.0005, store="runs.sqlite")
    assert capped.games == 20_000
    assert [s["games"] for s in capped.precision_steps] == [16_384, 20_000]
    assert capped.precision_steps[-1]["half_width"] > 0.0005
    assert "not** met" in render_markdown(capped)
    with pytest.raises(UserError, match="precision"):
        sweep("manhome", {"tie": ["attacker"]}, 1000, precision=-1)


def test_precision_without_a_store_adds_chunks_and_plays_no_game_twice(in_tmp, monkeypatch):
    from numbergames.solver.registry import GameSpec

    played = []
    kernel = GameSpec.play_chunk

    def counting(self, rules, policies, keys):
        played.append(len(keys))
        return kernel(self, rules, policies, keys)

    monkeypatch.setattr(GameSpec, "play_chunk", counting)
    grown = sweep("manhome", {"tie": ["attacker"]}, 40_000, workers=1, precision=0.005)
    steps = [s["games"] for s in grown.precision_steps]
    assert len(steps) >= 2 and steps[-1] == grown.games
    assert sum(played) == 2 * grown.games  # base and variant, each game played once
    assert all(r.store is None and r.games_loaded == 0 for r in grown.results)
    assert grown.summary["store"] is None and not list(in_tmp.iterdir())
    # the same figures as one run of the final size
    monkeypatch.setattr(GameSpec, "play_chunk", kernel)
    once = sweep("manhome", {"tie": ["attacker"]}, grown.games, workers=1)
    pd.testing.assert_frame_equal(once.table, grown.table)


# --------------------------------------------------------------------------- variant files

SIMS = 20_000
"""A full chunk and a short one per variant: fast, and the store/resume paths are real."""


def write(folder, name, text):
    path = folder / name
    path.write_text(text)
    return str(path)


@pytest.fixture
def files(in_tmp):
    """Variant files for manhome: the defaults, attacker wins ties, four men to win."""
    return {"calm": write(in_tmp, "calm.toml", '[rules]\n'),
            "bold": write(in_tmp, "bold.toml", 'name = "bold"\ngame = "manhome"\n'
                                                '[rules]\ntie = "attacker"\n'),
            "long": write(in_tmp, "long.toml", 'name = "long"\n[rules]\nmen_to_win = 4\n')}


def test_two_files_are_compared_directly_and_equal_the_same_grid(files):
    direct = sweep("manhome", None, 3000, workers=1, seed=3,
                   variants=[files["calm"], files["bold"]])
    table = direct.table
    assert list(table["variant"]) == ["base: calm", "bold"]
    assert list(table["source"]) == ["base", "file"] and list(table["is_base"]) == [True, False]
    assert list(table["file"]) == [files["calm"], files["bold"]]
    assert direct.tests == 3 and direct.pairwise is None and direct.varied == {}
    # the same rules and seed as the grid tie=defender,attacker: the same games, the same figures
    grid = sweep("manhome", {"tie": ["defender", "attacker"]}, 3000, workers=1, seed=3).table
    columns = [c for c in grid if c.startswith(("seat0_", "turns_")) or c == "balance"]
    pd.testing.assert_frame_equal(table[columns], grid[columns])
    # variant= is the base file, variants= the further ones; Variant objects work too
    mixed = sweep("manhome", {}, 3000, workers=1, seed=3, variant=files["calm"],
                  variants=[Variant("bold", {"tie": "attacker"})])
    pd.testing.assert_frame_equal(mixed.table[columns], grid[columns])
    assert direct.default_out().name == "whatif-calm-vs-bold"


def test_one_file_is_still_just_the_base(files):
    result = sweep("manhome", {"men_to_win": [3, 4]}, 1000, workers=1, variant=files["bold"])
    assert list(result.table["variant"]) == ["base: bold, men_to_win=3", "men_to_win=4"]
    assert list(result.table["source"]) == ["base", "grid"]
    assert all(r.rules.tie == "attacker" for r in result.results)
    assert result.default_out().name == "whatif-men_to_win"
    with pytest.raises(UserError, match="at least one --vary"):
        sweep("manhome", {}, 1000, variant=files["bold"])


def test_a_grid_point_equal_to_a_file_plays_once_and_the_plots_show_the_grid(files, in_tmp):
    result = sweep("manhome", {"tie": ["defender", "attacker"]}, 1000, workers=1,
                   variants=[files["calm"], files["bold"]])
    assert list(result.table["variant"]) == ["base: calm, tie=defender", "tie=attacker", "bold"]
    assert result.results[1] is result.results[2]  # the same rules: the same games, played once
    assert result.pairwise is None and len(result.table) == 3
    out = analysis.write_report(result, "out")
    assert (out / "seat0_win_rate_by_tie.png").read_bytes().startswith(PNG_MAGIC)


def test_cli_two_files_report(files, in_tmp, capsys):
    assert main(["whatif", "manhome", "--variant", files["calm"], "--variant", files["bold"],
                 "--sims", str(SIMS), "--workers", "1", "--no-store"]) == 0
    out = in_tmp / "reports" / "manhome" / "whatif-calm-vs-bold"
    assert {p.name for p in out.iterdir()} == {"report.md", "summary.json", "variants.csv", MARKER}
    summary = json.loads((out / "summary.json").read_text())
    assert [f["name"] for f in summary["files"]] == ["calm", "bold"]
    assert summary["base_file"] == files["calm"] and summary["tests"] == 3
    assert [v["variant"] for v in summary["variants"]] == ["base: calm", "bold"]
    assert summary["variants"][1]["rules"]["tie"] == "attacker"
    assert summary["pairwise"] == [] and summary["pairwise_tests"] == 0
    csv = pd.read_csv(out / "variants.csv", keep_default_na=False)
    assert list(csv["name"]) == ["calm", "bold"] and list(csv["source"]) == ["base", "file"]
    text = (out / "report.md").read_text()
    assert "**bold**" in text and "`tie=attacker`" in text and "variant file **calm**" in text
    # which file is the base, with its rules, and which is compared with it
    assert (f"The base is variant file **calm** (`{files['calm']}`), which keeps the pinned "
            "defaults (all rules: `players=2`") in text
    assert (f"Compared with the base: variant file **bold** (`{files['bold']}`), which sets "
            "`tie=attacker`.") in text
    assert "Every pair" not in text
    printed = capsys.readouterr().out
    assert "base: calm" in printed and "bold" in printed


def test_three_files_and_a_grid_with_the_pairwise_table(files, in_tmp, capsys):
    assert main(["whatif", "manhome", "--variant", files["calm"], "--variant", files["bold"],
                 "--variant", files["long"], "--vary", "extra_turn=true,false",
                 "--sims", str(SIMS), "--workers", "1", "--no-store"]) == 0
    out = in_tmp / "reports" / "manhome" / "whatif-calm-vs-bold-vs-long-extra_turn"
    assert {p.name for p in out.iterdir()} >= {"report.md", "summary.json", "variants.csv",
                                               "pairwise.csv", "turns_mean_by_extra_turn.png"}
    summary = json.loads((out / "summary.json").read_text())
    rows = summary["variants"]
    assert [r["variant"] for r in rows] == ["base: calm, extra_turn=true", "extra_turn=false",
                                            "bold", "long"]
    assert [r["source"] for r in rows] == ["base", "grid", "file", "file"]
    assert all(r["first_player_advantage_p"] is None for r in rows)  # seat 0's test
    # the pairs of files besides the base (those with the base are the main table's rows)
    pairs = summary["pairwise"]
    assert [(r["a"], r["b"]) for r in pairs] == [("bold", "long")]
    # one Holm family: three variants and one pair, each testing seat 0's win rate, the
    # length and the decision rate
    assert summary["tests"] == assert_one_holm_family(rows[1:] + pairs) == 12
    assert summary["pairwise_tests"] == 3
    by_name = {r["variant"]: r for r in rows}
    for m in ("seat0_win_rate", "turns_mean", "balance"):  # long − bold, game by game
        assert pairs[0][f"{m}_diff"] == pytest.approx(
            by_name["long"][f"{m}_diff"] - by_name["bold"][f"{m}_diff"])
    assert pairs[0]["turns_mean_diff"] > 0  # four men to win make longer games
    assert len(pd.read_csv(out / "pairwise.csv")) == 1
    text = (out / "report.md").read_text()
    assert "## Every pair of variant files" in text and "(12 in all)" in text
    assert "| bold | long | decision rate |" in text
    assert "every pair of variant files" in capsys.readouterr().out


def test_long_lists_of_files_get_a_short_folder_name():
    names = [f"variant-number-{i}" for i in range(12)]
    assert out_name({}, names) == "whatif-variant-number-0-vs-11-variants"
    assert out_name({"tie": []}, ["a b", "c/d"]) == "whatif-a_b-vs-c_d-tie"


BAD_FILES = [
    # (files as name -> text, --variant order, extra args, words in the error)
    ({"a": "[rules]\n", "b": 'game = "sumoku"\n[rules]\n'}, ["a", "b"], [],
     "variant file 'b.toml' is for game 'sumoku', not 'manhome'"),
    ({"a": "[rules]\n", "b": '[rules]\ntie = "attacker"\n', "c": "[rules\nmen = 3"},
     ["a", "b", "c"], [], "malformed variant file 'c.toml'"),
    ({"a": "[rules]\n", "b": '[rules]\ntie = "attacker"\n'}, ["a", "b", "a"], [],
     "variant file 'a.toml' is given twice"),
    ({"a": "[rules]\n", "b": '[rules]\ntie = "attacker"\n'}, ["a", "b", "./b.toml"], [],
     "is given twice (as 'b.toml' and './b.toml')"),
    ({"a": "[rules]\n", "b": '[rules]\ntie = "defender"\n'}, ["a", "b"], [],
     "variant file 'a.toml' and variant file 'b.toml' give the same rules"),
    ({"a": '[rules]\ntie = "attacker"\n', "b": "[rules]\n"}, ["a", "b"], ["--set", "tie=attacker"],
     "give the same rules (with --set/--players)"),
    ({"a": 'name = "x"\n[rules]\n', "b": 'name = "x"\n[rules]\ntie = "attacker"\n'}, ["a", "b"],
     [], "are both named 'x'"),
    ({"a": "[rules]\n", "b": "[rules]\nmen_to_win = 9\n"}, ["a", "b"], [],
     "variant file 'b.toml': bad value 9 for men_to_win"),
    ({"a": "[rules]\n", "b": "speed = 3\n"}, ["a", "b"], [], "unknown key 'speed'"),
    ({"a": "[rules]\n"}, ["a", "missing"], [], "'missing.toml' not found"),
    ({"a": "[rules]\n"}, ["a"], [], "at least one --vary"),
    ({"a": "[rules]\n", "b": "[rules]\nplayers = 3\n"}, ["a", "b"], ["--policy", "greedy,random"],
     "variant file 'b.toml': --policy needs one name or one per seat (3)"),
]


@pytest.mark.parametrize("texts, order, extra, words", BAD_FILES,
                         ids=[w[:40] for *_, w in BAD_FILES])
def test_bad_variant_files_are_one_line_exit_2(in_tmp, capsys, texts, order, extra, words):
    for name, text in texts.items():
        write(in_tmp, f"{name}.toml", text)
    argv = ["whatif", "manhome", "--sims", "1000", "--workers", "1", "--store", "runs.sqlite",
            *extra]
    for name in order:
        argv += ["--variant", name if name.endswith(".toml") else f"{name}.toml"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("analyze: error: ") and "Traceback" not in err
    assert words in err
    assert not (in_tmp / "runs.sqlite").exists() and not (in_tmp / "reports").exists()


def test_too_many_variants_counting_the_files(in_tmp, capsys):
    write(in_tmp, "a.toml", "[rules]\n")
    write(in_tmp, "b.toml", '[rules]\ntie = "attacker"\n')
    values = ",".join(str(100 + i) for i in range(MAX_VARIANTS))  # 64 grid points + 1 file
    assert main(["whatif", "manhome", "--variant", "a.toml", "--variant", "b.toml", "--vary",
                 f"max_turns={values}", "--sims", "100", "--no-store"]) == 2
    err = capsys.readouterr().err
    assert f"give {MAX_VARIANTS + 1} variants; at most {MAX_VARIANTS}" in err


# --------------------------------------------------------------------------- Ctrl-C


@pytest.fixture
def interrupt_second_chunk(monkeypatch):
    """Make the runner raise KeyboardInterrupt when it is about to play its second chunk
    (so exactly one chunk has been played and, with a store, saved); returns a switch-off."""
    play = chunks.play
    calls = []

    def interrupted(*args):
        calls.append(args[-1])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return play(*args)

    monkeypatch.setattr(chunks, "play", interrupted)
    return lambda: monkeypatch.setattr(chunks, "play", play)


def test_interrupted_whatif_keeps_the_finished_chunk_and_resumes(
        files, in_tmp, capsys, interrupt_second_chunk):
    argv = ["whatif", "manhome", "--variant", files["calm"], "--variant", files["bold"],
            "--sims", str(SIMS), "--workers", "1", "--quiet", "--store", "runs.sqlite",
            "--out", "resumed"]
    assert main(argv) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "chunks of games finished so far are kept in the results store runs.sqlite" in err
    assert "running the same command again resumes" in err
    assert not (in_tmp / "resumed").exists()
    stored = Store("runs.sqlite").runs()
    assert list(stored["games"]) == [chunks.CHUNK_SIZE]  # the base's first chunk
    interrupt_second_chunk()
    assert main(argv) == 0
    summary = json.loads((in_tmp / "resumed" / "summary.json").read_text())
    assert summary["variants"][0]["games"] == SIMS
    assert sorted(Store("runs.sqlite").runs()["games"]) == [SIMS, SIMS]
    # the same as a run that was never interrupted
    assert main([*argv[:-4], "--no-store", "--out", "fresh"]) == 0
    pd.testing.assert_frame_equal(pd.read_csv(in_tmp / "resumed" / "variants.csv"),
                                  pd.read_csv(in_tmp / "fresh" / "variants.csv"))


def test_interrupted_whatif_without_a_store_says_nothing_is_kept(
        in_tmp, capsys, interrupt_second_chunk):
    assert main(["whatif", "manhome", "--vary", "tie=defender,attacker", "--sims", str(SIMS),
                 "--workers", "1", "--quiet", "--no-store"]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no games were kept (--no-store)" in err
    assert "resumes" not in err and not (in_tmp / "reports").exists()


@pytest.mark.parametrize("store", [True, False])
def test_interrupted_game_run_says_what_is_kept(in_tmp, capsys, interrupt_second_chunk, store):
    argv = ["manhome", "--sims", str(SIMS), "--workers", "1", "--quiet"]
    argv += ["--store", "runs.sqlite"] if store else ["--no-store"]
    assert main(argv) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    if store:
        assert "kept in the results store runs.sqlite" in err and "resumes" in err
        assert list(Store("runs.sqlite").runs()["games"]) == [chunks.CHUNK_SIZE]
    else:
        assert "no games were kept" in err and not (in_tmp / "runs.sqlite").exists()
    assert not (in_tmp / "reports").exists()


# --------------------------------------------------------------------------- Dask cluster


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_whatif_on_a_cluster_equals_a_local_run(scheduler, files, in_tmp):
    common = ["whatif", "manhome", "--variant", files["calm"], "--variant", files["bold"],
              "--vary", "men_to_win=3,4", "--sims", str(SIMS), "--quiet", "--no-store"]
    assert main([*common, "--workers", "1", "--out", "local"]) == 0
    assert main([*common, "--scheduler", scheduler, "--out", "remote"]) == 0
    pd.testing.assert_frame_equal(pd.read_csv(in_tmp / "local" / "variants.csv"),
                                  pd.read_csv(in_tmp / "remote" / "variants.csv"))
    summary = json.loads((in_tmp / "remote" / "summary.json").read_text())
    assert summary["scheduler"] == scheduler and len(summary["variants"]) == 3
    # in Python, with a store: the stored games are the cluster's, and a local repeat loads them
    remote = sweep("manhome", {"tie": ["defender", "attacker"]}, SIMS, scheduler=scheduler,
                   store="runs.sqlite")
    again = sweep("manhome", {"tie": ["defender", "attacker"]}, SIMS, workers=1,
                  store="runs.sqlite")
    assert all(r.games_loaded == SIMS for r in again.results)
    pd.testing.assert_frame_equal(remote.table, again.table)


@pytest.mark.parametrize("address, message", [
    ("tcp://127.0.0.1:9", "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
    ("http://x", "--scheduler must be a Dask scheduler address"),
])
def test_whatif_bad_scheduler_is_one_line(address, message, in_tmp, monkeypatch, capsys):
    if address.startswith("tcp"):
        pytest.importorskip("distributed")
    monkeypatch.setattr("numbergames.analysis.running.cluster.SCHEDULER_TIMEOUT", 1.0)
    assert main(["whatif", "manhome", "--vary", "tie=defender,attacker", "--sims", "100",
                 "--no-store", "--quiet", "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (in_tmp / "reports").exists()


# --------------------------------------------------------------------------- any game


def test_a_registered_toy_game_gets_sweeps_with_no_code_of_its_own(toy, in_tmp, capsys):
    result = sweep("toy", {"target": [10, 30]}, 1500, workers=1, store="runs.sqlite")
    table = result.table.set_index("target")
    assert list(table.index) == [20, 10, 30] and table.loc[20, "is_base"]
    # a longer race is longer, and a short one is shorter, clearly
    assert table.loc[30, "turns_mean_diff"] > 0 > table.loc[10, "turns_mean_diff"]
    assert table.loc[30, "turns_mean_p_holm"] < 0.001
    # common random numbers: the toy race draws from the key, so seat 0's first roll is the
    # same in every variant and the pairing measurably helps
    assert table.loc[30, "turns_mean_variance_reduction"] > 1.2
    # the toy's decision turns are all its turns: its decision rate is 1 in every game
    assert result.tests == assert_one_holm_family(result.table.iloc[1:].to_dict("records"))
    assert table.loc[30, "decision_rate_test"] == "exact"
    # the CLI takes the new game, the store answers the same sweep at once
    assert main(["whatif", "toy", "--vary", "target=10,30", "--sims", "1500", "--workers", "1",
                 "--store", "runs.sqlite", "--quiet"]) == 0
    out = in_tmp / "reports" / "toy" / "whatif-target"
    csv = pd.read_csv(out / "variants.csv")
    assert list(csv["turns_mean"]) == pytest.approx(list(result.table["turns_mean"]))
    assert "# What if: Toy Race" in (out / "report.md").read_text()
    again = sweep("toy", {"target": [10, 30]}, 1500, workers=1, store="runs.sqlite")
    assert all(r.games_loaded == 1500 for r in again.results)
    pd.testing.assert_frame_equal(again.table, result.table)
    assert {f"{m}_by_target.png" for m in MEASURES} <= {p.name for p in out.iterdir()}


def test_a_sweep_counted_chunk_by_chunk_is_the_sweep_of_its_rows(files, monkeypatch):
    # variant files (so a pairwise table) and a grid with many games cut off (linearised
    # measures), played side by side in 11 chunks, one chunk of each run at a time
    from numbergames.analysis.running import runner
    from numbergames.analysis.searches import whatif as whatif_module
    from numbergames.analysis.searches.whatif import Sweep

    monkeypatch.setattr(chunks, "CHUNK_SIZE", 64)
    monkeypatch.setattr(runner, "BLOCK_CHUNKS", 1)
    swept = sweep("manhome", {"max_turns": [30, 60]}, 700, workers=1, seed=2,
                  variants=[files["calm"], files["bold"], files["long"]])
    assert len(swept.results) >= 4 and swept.pairwise is not None
    assert all(len(r.games) == 700 for r in swept.results)
    rows = Sweep(swept.base, swept.varied, swept.results, swept.sims, swept.seed, 0.0,
                 entries=swept.entries, files=swept.files)  # the paired sums of every row at once
    pd.testing.assert_frame_equal(swept.table, rows.table, check_exact=True)
    pd.testing.assert_frame_equal(swept.pairwise, rows.pairwise, check_exact=True)
    # the figures count every game, whatever rows are kept
    monkeypatch.setattr(whatif_module, "KEEP_GAMES", 100)
    kept = sweep("manhome", {"max_turns": [30, 60]}, 700, workers=1, seed=2,
                 variants=[files["calm"], files["bold"], files["long"]])
    assert all(len(r.games) == 100 and r.sims == 700 for r in kept.results)
    pd.testing.assert_frame_equal(kept.table, swept.table, check_exact=True)
