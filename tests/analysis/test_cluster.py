"""Chunks on a Dask cluster: the same games as a local run; a bad scheduler, a cluster without
workers or with another toolkit, and a cluster lost during a run are one line, exit 2."""
import dataclasses
import http.server
import json
import socket
import threading
import warnings

import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")

from numbergames.analysis.running import cluster as dask_cluster  # noqa: E402
from numbergames.analysis.running import chunks, runner  # noqa: E402
from numbergames.analyze.cli import main  # noqa: E402
from numbergames.analysis.running.errors import UserError  # noqa: E402
import numbergames  # noqa: E402
from numbergames.analysis.running.store import Store  # noqa: E402
from numbergames.solver import registry  # noqa: E402
from numbergames.solver.manhome.rules import ManHomeRules  # noqa: E402

SIMS = chunks.CHUNK_SIZE + 100  # a full chunk and a short one (workers see the real CHUNK_SIZE)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def scheduler(cluster):
    return cluster.scheduler_address


@pytest.fixture
def own_cluster():
    """A cluster of one in-process worker that a test may stop (cheap to start)."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster


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
    game = numbergames.load_game("manhome")
    local = game.request(3000, policy="random", seed=3, workers=1)
    remote = game.request(3000, policy="random", seed=3, workers=1, scheduler=scheduler)
    pd.testing.assert_frame_equal(local.execute().games, remote.execute().games)


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
    monkeypatch.setattr(dask_cluster, "SCHEDULER_TIMEOUT", 1.0)
    assert main(["manhome", "--sims", "100", "--no-store", "--quiet",
                 "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "reports").exists()


def test_malformed_scheduler_in_the_api():
    with pytest.raises(UserError, match="tcp://HOST:PORT"):
        dask_cluster.check_scheduler("tcp://host")
    assert dask_cluster.check_scheduler("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"


def test_skill_ladder_on_the_cluster_equals_local(scheduler, tmp_path):
    # search games played in pieces by the cluster's workers: the same matches
    from numbergames.analysis.searches.skill import skill

    # small rules: the expert's solitaire table is solved in a moment (the standard one
    # takes every process, the cluster's workers too, some seconds)
    small = dict(board_rows=2, men_per_player=3, men_to_win=2)
    options = dict(sims=300, search_sims=40, budgets=[1, 2], seed=3, **small)
    local = skill("manhome", workers=1, **options)
    remote = skill("manhome", scheduler=scheduler, **options)
    columns = ["elapsed_s", "games_loaded"]
    pd.testing.assert_frame_equal(local.table.drop(columns=columns),
                                  remote.table.drop(columns=columns))
    assert main(["skill", "manhome", "--sims", "300", "--search-sims", "40", "--budgets", "1,2",
                 "--seed", "3", "--scheduler", scheduler, "--no-store", "--quiet",
                 *(f"--set={name}={value}" for name, value in small.items()),
                 "--out", str(tmp_path / "sk")]) == 0
    summary = json.loads((tmp_path / "sk" / "summary.json").read_text())
    assert summary["luck_share"] == pytest.approx(local.luck["luck_share"])


# --------------------------------------------------------------------------- addresses


@pytest.mark.parametrize("address, normal", [
    ("127.0.0.1:8786", "tcp://127.0.0.1:8786"),  # bare HOST:PORT, as Dask accepts it
    ("tls://head.example:8786", "tls://head.example:8786"),
    ("tcp://[::1]:8786", "tcp://[::1]:8786"),
])
def test_scheduler_address_forms(address, normal):
    assert dask_cluster.check_scheduler(address) == normal


@pytest.mark.parametrize("address", ["http://x:8786", "tcp://x:0", "x", "tcp://x:8786/path",
                                     "tls://", ":8786"])
def test_garbage_addresses_list_the_accepted_forms(address):
    with pytest.raises(UserError) as error:
        dask_cluster.check_scheduler(address)
    message = str(error.value)
    assert "\n" not in message and repr(address) in message
    assert all(form in message for form in ("tcp://HOST:PORT", "tls://HOST:PORT", "HOST:PORT"))


def test_bare_address_runs_on_the_cluster(scheduler):
    bare = scheduler.removeprefix("tcp://")
    assert runner.run("manhome", ManHomeRules(), ["random"] * 2, 300, seed=1,
                      scheduler=bare).games.equals(
        runner.run("manhome", ManHomeRules(), ["random"] * 2, 300, seed=1, workers=1).games)


# --------------------------------------------------------------------------- not a scheduler


@pytest.fixture
def http_server():
    """An address that accepts TCP and answers, but in HTTP (as `python -m http.server`)."""
    class Quiet(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def garbage_server():
    """An address that answers every connection with bytes Dask reads as a frame of
    exabytes (Dask's reader then raised MemoryError: a traceback)."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    stop = threading.Event()

    def serve():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            connection.sendall(b"\x31\x2e\x31\x20\x34\x30\x30\x20" * 8)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join()
    listener.close()


def test_a_server_answering_garbage_ends_in_one_line(garbage_server, tmp_path, monkeypatch,
                                                     capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["manhome", "--sims", "10", "--scheduler", garbage_server]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not as a Dask scheduler" in err and "Traceback" not in err


def test_not_a_scheduler_ends_in_one_line(http_server, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(dask_cluster, "SCHEDULER_TIMEOUT", 0.5)
    assert main(["manhome", "--sims", "100", "--no-store", "--quiet",
                 "--scheduler", http_server]) == 2  # it used to hang for ever
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{http_server} accepts connections but does not answer as a Dask scheduler" in err
    assert not (tmp_path / "reports").exists()


def test_a_worker_is_not_a_scheduler(cluster):
    worker = next(iter(cluster.scheduler_info["workers"]))
    with pytest.raises(UserError, match=f"{worker} is a Dask worker, not a scheduler"):
        dask_cluster._connect(worker)


def test_scheduler_without_workers_says_how_to_start_one(monkeypatch):
    monkeypatch.setattr(dask_cluster, "WORKER_TIMEOUT", 0.3)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0") as empty:
        address = empty.scheduler_address
        with pytest.raises(UserError) as error:
            runner.run("manhome", ManHomeRules(), ["random"] * 2, 100, seed=1, scheduler=address)
    assert str(error.value) == (f"the Dask scheduler at {address} has no workers (waited 0.3 s): "
                                f"start one on each machine with `dask worker {address}`")


# --------------------------------------------------------------------------- the same toolkit


def test_a_worker_with_another_toolkit_version_is_named(scheduler, cluster, monkeypatch):
    # this machine says 9.9.9; the workers (processes of their own) the real version
    import numbergames.analysis.running.provenance

    real = numbergames.analysis.running.provenance.package_version()
    monkeypatch.setattr(numbergames.analysis.running.provenance, "package_version", lambda: "9.9.9")
    with pytest.raises(UserError) as error:
        runner.run("manhome", ManHomeRules(), ["random"] * 2, 100, seed=1, scheduler=scheduler)
    first = sorted(cluster.scheduler_info["workers"])[0]
    assert str(error.value) == (f"the Dask worker {first} runs toolkit {real} but this machine "
                                f"runs 9.9.9; install the toolkit on every worker: "
                                f"python -m pip install '.[cluster]'")


def test_a_worker_with_another_engine_is_named(scheduler, monkeypatch):
    spec = registry.find_game("manhome")
    monkeypatch.setitem(registry._GAMES, "manhome", dataclasses.replace(spec, engine_version=99))
    with pytest.raises(UserError, match=r"the Dask worker tcp://\S+ plays manhome with engine "
                                        r"version 1 but this machine with 99; install the toolkit"):
        runner.run("manhome", ManHomeRules(), ["random"] * 2, 100, seed=1, scheduler=scheduler)


def test_a_game_registered_here_only_is_named(scheduler, toy):
    with pytest.raises(UserError, match=r"the Dask worker tcp://\S+ has no game 'toy'"):
        runner.run(toy, toy.rules(), [toy.players.default] * 2, 100, seed=1, scheduler=scheduler)


def test_a_worker_without_the_toolkit_is_named():
    # its worker process cannot import the toolkit: unpickling a task would break its link
    # to the scheduler and the run would wait for ever; the check says so at once
    poison = "import sys; sys.modules['numbergames'] = None"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=":0",
                                  preload=[poison]) as bare:
        with pytest.raises(UserError) as error:
            dask_cluster._connect(bare.scheduler_address, "manhome")
    message = str(error.value)
    assert message.startswith("the Dask worker tcp://127.0.0.1:") and "\n" not in message
    assert "cannot import the toolkit (No module named 'numbergames" in message
    assert message.endswith("install the toolkit on every worker: "
                            "python -m pip install '.[cluster]'")


def test_dask_version_table_is_not_shown(scheduler, monkeypatch):
    # the scheduler compares this client's package versions with the workers': a mismatch
    # is Dask's warning table on stderr, which the toolkit's own check replaces
    real = distributed.versions.get_versions

    def other_versions(*args, **kwargs):
        versions = real(*args, **kwargs)
        return {**versions, "packages": {**versions["packages"], "msgpack": "0.0.1"}}

    monkeypatch.setattr(distributed.versions, "get_versions", other_versions)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        client = distributed.Client(scheduler, set_as_default=False)
        client.close()
        assert any(issubclass(w.category, distributed.versions.VersionMismatchWarning)
                   for w in seen)  # what Dask shows
        del seen[:]
        runner.run("manhome", ManHomeRules(), ["random"] * 2, 100, seed=1, scheduler=scheduler)
    mismatch = distributed.versions.VersionMismatchWarning
    assert not [w for w in seen if issubclass(w.category, mismatch)]


# --------------------------------------------------------------------------- failures in a run


def test_scheduler_lost_during_a_run_keeps_the_finished_chunks(own_cluster, tmp_path, monkeypatch):
    rules, policies = ManHomeRules(players=2), ["random"] * 2
    sims = 4 * chunks.CHUNK_SIZE
    store = Store(tmp_path / "runs.sqlite")
    save = Store.save_chunk

    def save_then_stop(self, *args):  # the scheduler goes away once a chunk is kept
        games = save(self, *args)
        if own_cluster.status.name == "running":
            own_cluster.close()
        return games

    monkeypatch.setattr(Store, "save_chunk", save_then_stop)
    address = own_cluster.scheduler_address
    with pytest.raises(UserError) as error:
        runner.run("manhome", rules, policies, sims, seed=5, store=store, scheduler=address)
    message = str(error.value)
    assert message.startswith(f"lost the connection to the Dask scheduler at {address} during "
                              f"the run") and "\n" not in message
    assert message.endswith("the chunks finished so far are kept in the results store (if one "
                            "is used), and running the same command again resumes from them")
    # running again (here locally) resumes from them: the same games as one run
    monkeypatch.setattr(Store, "save_chunk", save)
    again = runner.run("manhome", rules, policies, sims, seed=5, store=store, workers=1)
    assert again.games_loaded > 0  # the first chunk, or its first games
    pd.testing.assert_frame_equal(
        again.games, runner.run("manhome", rules, policies, sims, seed=5, workers=1).games)


def test_workers_lost_during_a_run_end_it(own_cluster, monkeypatch):
    monkeypatch.setattr(dask_cluster, "WORKER_TIMEOUT", 0.3)
    monkeypatch.setattr(dask_cluster, "POLL_INTERVAL", 0.1)
    address = own_cluster.scheduler_address
    parts = runner.play_chunks(runner.find_game("manhome"), ManHomeRules(), ["random"] * 2, 1,
                               [(k, 2000) for k in range(8)], scheduler=address)
    next(parts)
    own_cluster.scale(0)  # its results not yet gathered are lost with it
    with pytest.raises(UserError, match=f"the Dask scheduler at {address} lost all its workers "
                                        f"\\(none for 0.3 s\\): start them again with `dask "
                                        f"worker {address}`; the chunks finished so far are kept"):
        list(parts)


@pytest.mark.parametrize("error, message", [
    (distributed.client.FutureCancelledError("k", "scheduler-connection-lost"),
     "lost the connection to the Dask scheduler at tcp://h:1 during the run; the chunks"),
    (distributed.comm.CommClosedError("in <TCP>: Stream is closed"),
     "lost the connection to the Dask scheduler at tcp://h:1 during the run (in <TCP>: Stream "
     "is closed); the chunks"),
    (TimeoutError("timed out"), "during the run (timed out); the chunks"),
    (RuntimeError("Error during deserialization of the task graph. This frequently occurs..."),
     "the Dask cluster at tcp://h:1 cannot load the games' tasks: install the toolkit on the "
     "scheduler's machine and every worker: python -m pip install '.[cluster]'; the chunks"),
])
def test_cluster_failures_are_one_line(error, message):
    failure = dask_cluster._failure(error, "tcp://h:1")
    assert message in str(failure) and "\n" not in str(failure)
    assert str(failure).endswith("running the same command again resumes from them")


def test_other_errors_pass_as_they_are():
    assert dask_cluster._failure(RuntimeError("a bug in a kernel"), "tcp://h:1") is None
    assert dask_cluster._failure(ValueError("bad"), "tcp://h:1") is None


def test_ctrl_c_on_the_cluster_is_still_keyboard_interrupt(scheduler, monkeypatch):
    def interrupted(self, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(distributed.Future, "result", interrupted)
    with pytest.raises(KeyboardInterrupt):
        runner.run("manhome", ManHomeRules(), ["random"] * 2, 100, seed=1, scheduler=scheduler)
    monkeypatch.undo()  # and the cluster plays on
    assert len(runner.run("manhome", ManHomeRules(), ["random"] * 2, 100, seed=1,
                          scheduler=scheduler).games) == 100


def _free_port():
    """A port of 127.0.0.1 that nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("command", [
    ["manhome", "--sims", "300", "--policy", "random"],
    ["whatif", "manhome", "--vary", "tie=attacker", "--sims", "300", "--policy", "random"],
    # (small rules: the expert's table in a moment)
    ["skill", "manhome", "--sims", "40", "--search-sims", "4", "--budgets", "1",
     "--set", "board_rows=2", "--set", "men_per_player=3", "--set", "men_to_win=2"],
], ids=["game", "whatif", "skill"])
def test_an_unreachable_scheduler_fails_even_when_every_game_is_stored(command, tmp_path,
                                                                      monkeypatch, capsys):
    # the cluster was only contacted when there were games to play: a run answered from the
    # store accepted any address
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(dask_cluster, "SCHEDULER_TIMEOUT", 1.0)
    common = [*command, "--workers", "1", "--quiet", "--store", "s.sqlite"]
    assert main([*common, "--out", "first"]) == 0
    address = f"tcp://127.0.0.1:{_free_port()}"
    capsys.readouterr()
    assert main([*common, "--out", "again", "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot reach the Dask scheduler at {address}" in err, err
    assert not (tmp_path / "again").exists()
