"""Tests of the report folder (numbergames.analysis.reports.report) and per-game storage (numbergames.analysis.reports.gamedata)."""

from __future__ import annotations

import json
import math
import os
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from numbergames.analysis.running.folders import MARKER
from numbergames.analysis.running import folders
from numbergames.analysis.reports import report
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.reports.gamedata import load_games, save_games

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PLAYERS = 3
POLICIES = ["greedy", "random", "cautious"]
EXTRA = "## Pieces brought home\n\nSeat 0 brings home 2.1 pieces per game on average."
INT_TYPES = [np.dtype(t) for t in ("uint8", "int8", "uint16", "int16", "uint32", "int32",
                                   "uint64", "int64")]


def make_games(n: int = 5000, unfinished: int = 7) -> pd.DataFrame:
    """A synthetic run: seat 0 wins more often, a few games unfinished."""
    rng = np.random.default_rng(0)
    winner = rng.choice(PLAYERS, size=n, p=[0.40, 0.33, 0.27])
    winner[rng.choice(n, size=unfinished, replace=False)] = -1
    turns = rng.poisson(30, size=n) + 5
    columns: dict[str, Any] = {
        "winner": winner,
        "turns": turns,
        "decision_turns": rng.binomial(turns, 0.6),
    }
    for seat in range(PLAYERS):
        columns[f"turns_{seat}"] = turns // PLAYERS
        columns[f"home_{seat}"] = rng.integers(0, 5, size=n)
        columns[f"kills_{seat}"] = rng.integers(0, 300, size=n)
    return pd.DataFrame(columns).astype("int64")


def wald(k: int, n: int) -> list[float]:
    """A simple 95% interval; the report only renders it."""
    p = k / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return [p - half, p + half]


def make_summary(games: pd.DataFrame) -> dict[str, Any]:
    """A summary.json-like dict computed simply from ``games``."""
    n = len(games)
    winner = games["winner"].to_numpy()
    wins = np.bincount(winner[winner >= 0], minlength=PLAYERS)
    done = games["turns"].to_numpy()[winner >= 0]
    rates = [float(k / n) for k in wins]
    cis = [wald(int(k), n) for k in wins]
    fair = 1 / PLAYERS
    chi2 = float(((wins - wins.mean()) ** 2 / wins.mean()).sum())
    return {
        "game": "demo", "title": "Demo: is going first fair?",
        "rules": {"board_size": 6, "turn_limit": 500, "bonus_roll": True, "layout": "classic"},
        "policies": list(POLICIES), "seed": 12345, "players": PLAYERS, "games": n,
        "unfinished": int((winner < 0).sum()), "wins_by_seat": [int(k) for k in wins],
        "win_rate_by_seat": rates, "win_rate_ci_by_seat": cis,
        "first_player_advantage": rates[0] - fair,
        "first_player_advantage_ci": [cis[0][0] - fair, cis[0][1] - fair],
        "first_player_p_value": 1e-12, "seat_chi2": chi2, "seat_chi2_p_value": 1e-20,
        "turns_mean": float(done.mean()), "turns_median": float(np.median(done)),
        "turns_p10": float(np.percentile(done, 10)), "turns_p90": float(np.percentile(done, 90)),
        "turns_max": int(done.max()), "turns_std": float(done.std(ddof=1)),
        "balance": 1 - (max(rates) - min(rates)), "completion": len(done) / n,
        "decision_rate": float(games["decision_turns"].sum() / games["turns"].sum()),
        "elapsed_s": 1.5, "games_per_s": n / 1.5, "confidence": 0.95, "version": "0.1.0",
        "created": "2024-05-01T12:00:00+00:00",
        "command": "analyze demo --sims 5000 --seed 12345",
    }


@pytest.fixture(scope="module")
def games() -> pd.DataFrame:
    return make_games()


@pytest.fixture(scope="module")
def summary(games: pd.DataFrame) -> dict[str, Any]:
    return make_summary(games)


def tree(root: Path) -> list[str]:
    """Every path below ``root``, relative, sorted."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG file; fails unless it starts like one."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# ----------------------------------------------------------------------- the folder


def test_write_report_creates_every_file(tmp_path, summary, games):
    out = report.write_report(tmp_path / "out", summary, games, [EXTRA])
    assert out == tmp_path / "out"
    assert sorted(os.listdir(out)) == sorted([*report.FILES, MARKER])
    assert tree(tmp_path) == sorted(["out", *(f"out/{f}" for f in [*report.FILES, MARKER])])


def test_summary_json_round_trips(tmp_path, summary, games):
    out = report.write_report(tmp_path / "out", summary, games)
    text = (out / "summary.json").read_text(encoding="utf-8")
    assert json.loads(text) == summary
    assert text.startswith("{\n  ")  # indented for people


def test_summary_json_is_strict_with_numpy_and_nan(tmp_path, summary, games):
    odd = dict(summary, players=np.int64(PLAYERS), seat_chi2=np.float64("nan"),
               win_rate_ci_by_seat=[tuple(ci) for ci in summary["win_rate_ci_by_seat"]])
    out = report.write_report(tmp_path / "out", odd, games)
    loaded = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert loaded["players"] == PLAYERS and loaded["seat_chi2"] is None
    assert loaded["win_rate_ci_by_seat"] == summary["win_rate_ci_by_seat"]


def test_pngs_are_real_images(tmp_path, summary, games):
    out = report.write_report(tmp_path / "out", summary, games)
    for name in ("win_rate.png", "length.png"):
        path = out / name
        assert path.stat().st_size > 5000
        width, height = png_size(path)
        assert width >= 400 and height >= 300


def test_report_md_reads_well(tmp_path, summary, games):
    out = report.write_report(tmp_path / "out", summary, games, [EXTRA])
    text = (out / "report.md").read_text(encoding="utf-8")
    assert text.startswith("# Demo: is going first fair?\n")
    headings = ["## Who wins", "## How long games last", "## Standard metrics",
                "## Pieces brought home", "## Rules", "## Reproduce"]
    positions = [text.index(h) for h in headings]
    assert positions == sorted(positions)  # game's sections after standard, before rules
    assert "](win_rate.png)" in text and "](length.png)" in text
    for seat, policy in enumerate(POLICIES):
        assert f"| {seat} | {policy} | {summary['wins_by_seat'][seat]:,} |" in text
        assert f"`{policy}` (seat {seat})" in text
    for name in summary["rules"]:
        assert f"| `{name}` |" in text
    assert "| `bonus_roll` | `true` |" in text
    assert summary["command"] in text and "12345" in text and "0.1.0" in text
    assert "statistically clear (p < 0.001)" in text
    assert "7 of 5,000 games" in text
    assert "χ² =" in text and "2 degrees of freedom" in text
    for metric in ("Balance", "Completion", "Decision rate"):
        assert f"| {metric} |" in text


def test_games_npz_round_trips_with_small_dtypes(tmp_path, summary, games):
    out = report.write_report(tmp_path / "out", summary, games)
    loaded = load_games(out / "games.npz")
    assert list(loaded.columns) == list(games.columns)
    pd.testing.assert_frame_equal(loaded, games, check_dtype=False)
    for name in games.columns:
        dtype, values = loaded[name].dtype, games[name].to_numpy()
        fits = [t for t in INT_TYPES if np.iinfo(t).min <= values.min()
                and values.max() <= np.iinfo(t).max]
        assert dtype in fits and dtype.itemsize == min(t.itemsize for t in fits), name
    assert loaded["winner"].dtype == np.int8
    assert loaded["home_1"].dtype == np.uint8
    assert loaded["kills_2"].dtype == np.uint16
    assert (out / "games.npz").stat().st_size < games.memory_usage().sum() / 8


def test_save_games_keeps_other_kinds_of_columns(tmp_path):
    table = pd.DataFrame({
        "winner": [-1, 0, 1], "ratio": [0.5, np.nan, 2.0], "flag": [True, False, True],
        "label": ["a", "bb", "c"], "big": [0, 2**40, 5], "x/y": [1, 2, 3],
    })
    path = save_games(tmp_path / "g.npz", table)
    assert path == tmp_path / "g.npz" and path.exists()
    loaded = load_games(path)
    assert list(loaded.columns) == list(table.columns)
    pd.testing.assert_frame_equal(loaded, table, check_dtype=False)
    assert loaded["big"].dtype == np.uint64 and loaded["flag"].dtype == bool
    with np.load(path, allow_pickle=False) as data:  # plain arrays, no pickles
        assert list(data["__columns__"]) == list(table.columns)


def test_load_games_reports_bad_files(tmp_path):
    with pytest.raises(UserError, match="cannot read games"):
        load_games(tmp_path / "missing.npz")
    (tmp_path / "bad.npz").write_bytes(b"not a zip file")
    with pytest.raises(UserError, match="cannot read games"):
        load_games(tmp_path / "bad.npz")


def test_no_finished_games_still_reports(tmp_path, summary):
    games = make_games(n=50, unfinished=50)
    empty = dict(summary, games=50, unfinished=50, wins_by_seat=[0, 0, 0],
                 win_rate_by_seat=[0.0, 0.0, 0.0], win_rate_ci_by_seat=[[0.0, 0.07]] * 3,
                 first_player_advantage=-1 / 3, first_player_advantage_ci=[-1 / 3, -0.26],
                 seat_chi2=None, seat_chi2_p_value=None, turns_mean=None, turns_median=None,
                 turns_p10=None, turns_p90=None, turns_max=0, turns_std=None,
                 completion=0.0)
    out = report.write_report(tmp_path / "out", empty, games)
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "no lengths to show" in text and "no test" in text
    png_size(out / "length.png")


# ----------------------------------------------------------------------- prose


def two_seat_summary(rate: float, lo: float, hi: float, p: float) -> dict[str, Any]:
    summary = make_summary(make_games(n=200))
    summary.update(players=2, policies=["random", "random"], wins_by_seat=[1, 1],
                   win_rate_by_seat=[rate, 1 - rate],
                   win_rate_ci_by_seat=[[lo, hi], [1 - hi, 1 - lo]],
                   first_player_advantage=rate - 0.5,
                   first_player_advantage_ci=[lo - 0.5, hi - 0.5], first_player_p_value=p)
    return summary


def test_first_player_sentence_clear_edge():
    text = report.first_player_sentence(two_seat_summary(0.523, 0.522, 0.524, 1e-9))
    assert text.startswith("Seat 0 wins 52.3% of the finished games (95% CI 52.2–52.4%), 2.3 points "
                           "above the fair share of 50.0%")
    assert text.endswith("this edge is statistically clear (p < 0.001).")


def test_first_player_sentence_no_clear_difference():
    text = report.first_player_sentence(two_seat_summary(0.49, 0.46, 0.52, 0.4123))
    assert "1.0 points below the fair share of 50.0%" in text
    assert "not distinguishable from zero (p = 0.41)" in text


def test_decimals_follow_interval_width():
    narrow = report.first_player_sentence(two_seat_summary(0.5231, 0.5230, 0.5232, 0.02))
    assert "52.31% of the finished games (95% CI 52.30–52.32%)" in narrow
    assert "(p = 0.020)" in narrow


def test_terminal_summary(summary):
    text = report.format_terminal_summary(dict(summary, out="reports/demo"))
    for seat, policy in enumerate(POLICIES):
        assert any(line.startswith(f"{seat}  ") and policy in line for line in text.splitlines())
    assert "first-player advantage" in text and "p < 0.001" in text
    assert "reports/demo" in text and "games/s" in text
    assert "report" not in report.format_terminal_summary(summary).split("speed")[-1]


# ----------------------------------------------------------------------- atomicity


def hidden(root: Path) -> list[str]:
    return [p for p in os.listdir(root) if p.startswith(".")]


def test_failure_keeps_previous_report(tmp_path, summary, games, monkeypatch):
    out = report.write_report(tmp_path / "out", summary, games)
    before = {f: (out / f).read_bytes() for f in report.FILES}

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("plot failed")

    monkeypatch.setattr(report, "plot_length", broken)
    with pytest.raises(RuntimeError, match="plot failed"):
        report.write_report(tmp_path / "out", dict(summary, title="New"), games)
    assert {f: (out / f).read_bytes() for f in report.FILES} == before
    assert hidden(tmp_path) == [] and os.listdir(tmp_path) == ["out"]


def test_failure_on_new_folder_leaves_nothing(tmp_path, summary, games, monkeypatch):
    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(report, "save_games", interrupted)
    with pytest.raises(KeyboardInterrupt):
        report.write_report(tmp_path / "out", summary, games)
    assert os.listdir(tmp_path) == []


def test_failed_swap_restores_previous_report(tmp_path, summary, games, monkeypatch):
    out = report.write_report(tmp_path / "out", summary, games)
    before = (out / "report.md").read_bytes()
    real_rename = os.rename

    def rename(src: Any, dst: Any) -> None:
        if ".tmp-" in str(src):
            raise OSError(28, "No space left on device")
        real_rename(src, dst)

    monkeypatch.setattr(folders.os, "rename", rename)
    with pytest.raises(UserError, match="No space left"):
        report.write_report(tmp_path / "out", dict(summary, title="New"), games)
    assert (out / "report.md").read_bytes() == before
    assert os.listdir(tmp_path) == ["out"]


def test_rewrite_replaces_old_folder(tmp_path, summary, games):
    out = tmp_path / "out"
    out.mkdir()
    (out / MARKER).write_text("")  # an earlier report, with a file no longer written
    (out / "stale.csv").write_text("old")
    report.write_report(out, dict(summary, title="Second"), games)
    assert sorted(os.listdir(out)) == sorted([*report.FILES, MARKER])
    assert (out / "report.md").read_text(encoding="utf-8").startswith("# Second\n")
    assert os.listdir(tmp_path) == ["out"]


def test_creates_missing_parents(tmp_path, summary, games):
    out = report.write_report(tmp_path / "a" / "b" / "out", summary, games)
    assert (out / "report.md").is_file()


# ----------------------------------------------------------------------- writability


def test_unwritable_target_under_a_file(tmp_path, summary, games):
    (tmp_path / "afile").write_text("x")
    target = tmp_path / "afile" / "out"
    for call in (lambda: folders.check_writable(target),
                 lambda: report.write_report(target, summary, games)):
        with pytest.raises(UserError) as caught:
            call()
        message = str(caught.value)
        assert message.startswith(f"cannot write to {target}: ") and "\n" not in message
    assert tree(tmp_path) == ["afile"]


def test_target_that_is_a_file(tmp_path, summary, games):
    (tmp_path / "out").write_text("x")
    with pytest.raises(UserError, match="not a folder"):
        folders.check_writable(tmp_path / "out")
    with pytest.raises(UserError, match="not a folder"):
        report.write_report(tmp_path / "out", summary, games)
    assert (tmp_path / "out").read_text() == "x"


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root may write into read-only folders")
def test_read_only_parent(tmp_path, summary, games):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with pytest.raises(UserError, match="cannot write to"):
            folders.check_writable(locked / "sub" / "out")
        with pytest.raises(UserError, match="cannot write to"):
            report.write_report(locked / "out", summary, games)
        assert os.listdir(locked) == []
    finally:
        locked.chmod(0o755)


def test_check_writable_leaves_nothing_behind(tmp_path):
    folders.check_writable(tmp_path / "a" / "b" / "out")
    folders.check_writable(tmp_path / "out")
    (tmp_path / "existing").mkdir()
    folders.check_writable(tmp_path / "existing")
    assert tree(tmp_path) == ["existing"]


def test_failed_probe_is_a_user_error(tmp_path, monkeypatch):
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr(folders.tempfile, "mkstemp", refuse)
    with pytest.raises(UserError, match="Permission denied"):
        folders.check_writable(tmp_path / "out")
    assert os.listdir(tmp_path) == []


def _dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_failure_removes_the_folders_made_for_the_report(tmp_path, summary, games, monkeypatch):
    # `analyze exact manhome` stopped by Ctrl-C left an empty reports/ behind
    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    (tmp_path / "kept").mkdir()
    monkeypatch.setattr(report, "save_games", interrupted)
    for out in (tmp_path / "a" / "b" / "out", tmp_path / "kept" / "c" / "out"):
        with pytest.raises(KeyboardInterrupt):
            report.write_report(out, summary, games)
    assert sorted(os.listdir(tmp_path)) == ["kept"] and os.listdir(tmp_path / "kept") == []


def test_leftovers_of_killed_writers_are_removed(tmp_path, summary, games):
    # SIGKILL while a report was written left .out.tmp-<pid> (10 MB) for ever
    dead, alive = _dead_pid(), os.getppid()
    for name in (f".out.tmp-{dead}", f".out.tmp-{alive}", f".other.tmp-{dead}"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "games.npz").write_bytes(b"x" * 1000)
    (tmp_path / f".out.old-{dead}").mkdir()  # the swap finished: the old report is stale
    report.write_report(tmp_path / "out", summary, games)
    assert sorted(os.listdir(tmp_path)) == sorted(["out", f".out.tmp-{alive}", f".other.tmp-{dead}"])


def test_a_report_caught_in_its_swap_is_put_back(tmp_path, summary, games):
    # killed between moving the old report aside and moving the new one in: the old one
    # comes back before anything else happens, then is replaced as usual
    first = report.write_report(tmp_path / "out", summary, games)
    os.rename(first, tmp_path / f".out.old-{_dead_pid()}")
    folders.remove_leftovers(tmp_path / "out")
    assert os.listdir(tmp_path) == ["out"] and (first / "report.md").is_file()


def test_sigkill_mid_write_then_the_next_run_cleans_up(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    analyze = [sys.executable, "-c", "import sys; from numbergames.analyze.entry import main; "
               "sys.exit(main())", "manhome", "--workers", "1", "--no-store", "--out", "out",
               "--quiet"]
    process = subprocess.Popen(analyze + ["--sims", "3e5"], cwd=tmp_path)
    deadline = time.monotonic() + 120
    while not any(p.name.startswith(".out.tmp-") for p in tmp_path.iterdir()):
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.002)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert any(p.name.startswith(".out.tmp-") for p in tmp_path.iterdir())
    assert subprocess.run(analyze + ["--sims", "100"], cwd=tmp_path).returncode == 0
    assert os.listdir(tmp_path) == ["out"]
