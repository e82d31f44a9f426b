"""Chunks on a Dask cluster: the same games as a local run; a bad scheduler is one line, exit 2."""
import json

import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")

from analysis import runner  # noqa: E402
from analysis.cli import main  # noqa: E402
from analysis.errors import UserError  # noqa: E402
from analysis.simulation import plan  # noqa: E402
from solver.manhome.rules import ManHomeRules  # noqa: E402

SIMS = runner.CHUNK_SIZE + 100  # a full chunk and a short one (workers see the real CHUNK_SIZE)


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_cluster_run_equals_local_run(scheduler):
    rules = ManHomeRules(players=2)
    local = runner.run("manhome", rules, ["random"] * 2, SIMS, seed=7, workers=1)
    ticks = []
    remote = runner.run("manhome", rules, ["random"] * 2, SIMS, seed=7, scheduler=scheduler)
    pd.testing.assert_frame_equal(local.games, remote.games)
    # the store path: only the tail of a short stored chunk is played on the cluster
    spec = runner.find_game("manhome")
    parts = list(runner.play_chunks(spec, rules, ["random"] * 2, 7, [(0, 50, 200), (1, 100)],
                                    scheduler=scheduler, on_chunk=ticks.append))
    assert sum(ticks) == 250  # games played, reported piece by piece
    assert [len(p["turns"]) for p in parts] == [150, 100]
    pd.testing.assert_series_equal(pd.Series(parts[0]["turns"]),
                                   local.games["turns"][50:200].reset_index(drop=True),
                                   check_names=False)


def test_plan_execute_with_scheduler(scheduler):
    request = plan("manhome", 3000, policy="random", seed=3, workers=1)
    pd.testing.assert_frame_equal(request.execute().games,
                                  request.execute(scheduler=scheduler).games)


def test_cli_scheduler_same_summary(scheduler, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    common = ["manhome", "--sims", "5000", "--policy", "random", "--seed", "2", "--quiet",
              "--no-store"]
    assert main([*common, "--workers", "1", "--out", "a"]) == 0
    assert main([*common, "--scheduler", scheduler, "--out", "b"]) == 0
    a, b = (json.loads((tmp_path / d / "summary.json").read_text()) for d in "ab")
    for key in ("games", "wins_by_seat", "win_rate_by_seat", "first_player_advantage",
                "turns_mean", "turns_max", "balance"):
        assert a[key] == b[key]


@pytest.mark.parametrize("address, message", [
    ("tcp://127.0.0.1:9", "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
    ("http://x", "--scheduler must be a Dask scheduler address"),
])
def test_bad_scheduler_is_one_line(address, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(runner, "SCHEDULER_TIMEOUT", 1.0)
    assert main(["manhome", "--sims", "100", "--no-store", "--quiet",
                 "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "reports").exists()


def test_malformed_scheduler_in_the_api():
    with pytest.raises(UserError, match="tcp://HOST:PORT"):
        runner.check_scheduler("tcp://host")
    assert runner.check_scheduler("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"


def test_skill_ladder_on_the_cluster_equals_local(scheduler, tmp_path):
    # search games played in pieces by the cluster's workers: the same matches
    from analysis.skill import skill

    options = dict(sims=300, search_sims=40, budgets=[1, 2], seed=3)
    local = skill("manhome", workers=1, **options)
    remote = skill("manhome", scheduler=scheduler, **options)
    columns = ["elapsed_s", "games_loaded"]
    pd.testing.assert_frame_equal(local.table.drop(columns=columns),
                                  remote.table.drop(columns=columns))
    assert main(["skill", "manhome", "--sims", "300", "--search-sims", "40", "--budgets", "1,2",
                 "--seed", "3", "--scheduler", scheduler, "--no-store", "--quiet",
                 "--out", str(tmp_path / "sk")]) == 0
    summary = json.loads((tmp_path / "sk" / "summary.json").read_text())
    assert summary["luck_share"] == pytest.approx(local.luck["luck_share"])
