"""The results store: stored games are loaded, not played; runs extend and resume exactly;
concurrent writers lose nothing; bad stores and ids end in one line and exit 2."""
import gc
import json
import multiprocessing
import random
import re
import sqlite3

import numpy as np
import pandas as pd
import pytest

import numbergames
from numbergames.analysis.running import chunks, runner
from numbergames.analysis.running import store as store_module
from numbergames.analyze.cli import main
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.store import RunIdentity, Store, decode_chunk, encode_chunk, run_identity
from numbergames.solver.manhome.rules import ManHomeRules

RULES = ManHomeRules()
POLICIES = ("random", "random")
C = 200
"""A small chunk size for these tests (the store and runner read chunks.CHUNK_SIZE)."""


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    monkeypatch.setattr(chunks, "CHUNK_SIZE", C)


@pytest.fixture
def plays(monkeypatch):
    """Every (chunk, start, size) the runner plays in this process."""
    seen = []
    play = chunks.play

    def counting(game, rules, policies, seed, batch):
        seen.extend(chunks.span(task) for task in batch)
        return play(game, rules, policies, seed, batch)

    monkeypatch.setattr(chunks, "play", counting)
    return seen


def fresh(sims, seed=1, rules=RULES, policies=POLICIES):
    return runner.run("manhome", rules, policies, sims, seed, workers=1).games


def stored_run(store, sims, seed=1, workers=1):
    return runner.run("manhome", RULES, POLICIES, sims, seed, workers=workers, store=store)


def played_games(plays):
    return sum(size - start for _, start, size in plays)


def test_chunk_bytes_round_trip_without_pickles():
    part = {"winner": np.array([0, 1, -1], dtype=np.int8),
            "seat_home": np.arange(6, dtype=np.int16).reshape(3, 2)}
    back = decode_chunk(encode_chunk(part))
    assert list(back) == list(part)
    for name in part:
        assert back[name].dtype == part[name].dtype and np.array_equal(back[name], part[name])


def test_identity_is_canonical():
    a = run_identity("manhome", RULES, POLICIES, 3)
    assert a.key == run_identity("manhome", ManHomeRules(), list(POLICIES), 3).key
    assert a.key != run_identity("manhome", RULES.replace(tie="attacker"), POLICIES, 3).key
    assert a.key != run_identity("manhome", RULES, POLICIES, 4).key
    assert a.key != run_identity("manhome", RULES, ("random", "greedy"), 3).key
    assert len(a.key) == 64 and a.id == a.key[:10]
    assert json.loads(a.canonical)["rules"] == RULES.as_dict()


def test_a_family_version_changes_the_keys_of_its_players_runs_only():
    """Shoo's mcts-N is version 2 (its players changed, the game's others did not): a run
    naming one gets a new key, every other run keeps the key it had (as the engine version
    alone gives it), and a stored run of either version still matches its key."""
    from dataclasses import replace

    from numbergames.analysis.running.store import StoredRun, _matches_key, family_versions
    from numbergames.solver.registry import find_game
    from numbergames.solver.shoo.rules import ShooRules

    spec, rules = find_game("shoo"), ShooRules()
    assert family_versions(spec, ["mcts-16", "greedy"]) == (("mcts", 2),)
    assert family_versions(spec, ["search-8", "greedy", "nobody"]) == ()
    mcts = run_identity("shoo", rules, ("mcts-16", "greedy"), 0)
    assert json.loads(mcts.canonical)["families"] == [["mcts", 2]]
    assert mcts.key != replace(mcts, families=()).key
    other = run_identity("shoo", rules, ("search-8", "greedy"), 0)
    assert "families" not in json.loads(other.canonical)
    assert other.key == RunIdentity("shoo", rules.as_dict(), ("search-8", "greedy"), 0,
                                    other.chunk_size, spec.engine_version).key
    old = replace(mcts, families=())
    for identity in (mcts, old, other):
        run = StoredRun(identity.key, "shoo", rules.as_dict(), identity.policies, 0, "", None, 0)
        assert _matches_key(run)
    assert not _matches_key(StoredRun(mcts.key, "shoo", rules.as_dict(), ("search-8", "greedy"),
                                      0, "", None, 0))


def test_stored_run_answers_without_playing(tmp_path, plays, monkeypatch):
    store = Store(tmp_path / "runs.sqlite")
    sims = 3 * C + 50
    expected, expected_smaller = fresh(sims), fresh(2 * C + 10)
    plays.clear()
    first = stored_run(store, sims)
    assert first.games_loaded == 0 and played_games(plays) == sims
    monkeypatch.setattr(chunks, "play", lambda *a: pytest.fail("played a stored game"))
    again = stored_run(store, sims)
    pd.testing.assert_frame_equal(again.games, first.games)
    pd.testing.assert_frame_equal(again.games, expected)
    assert again.games_loaded == sims and again.games_played == 0
    smaller = stored_run(Store(tmp_path / "runs.sqlite"), 2 * C + 10, workers=2)
    pd.testing.assert_frame_equal(smaller.games, expected_smaller)


def test_stored_expert_games_are_answered_without_solving_its_table(tmp_path, monkeypatch):
    # the expert's solved table is built only when games are to be played
    from numbergames.solver.manhome import policies

    game = numbergames.load_game("manhome", board_rows=3)
    request = dict(sims=300, policy="expert", seed=2, workers=1, store=tmp_path / "runs.sqlite")
    first = game.simulate(**request)
    policies._expert.cache_clear()
    monkeypatch.setattr(policies, "_solitaire",
                        lambda *a: pytest.fail("solved a table for stored games"))
    again = game.simulate(**request)
    assert again.games_loaded == 300
    pd.testing.assert_frame_equal(again.games, first.games)
    with pytest.raises(pytest.fail.Exception, match="solved a table"):
        game.simulate(**{**request, "sims": 301})  # one game to play


def test_extending_a_run_plays_only_the_extra_games(tmp_path, plays):
    store = Store(tmp_path / "runs.sqlite")
    small, large = C + 37, 3 * C + 50
    stored_run(store, small)
    plays.clear()
    result = stored_run(store, large)
    assert played_games(plays) == large - small and result.games_loaded == small
    assert plays[0] == (1, 37, C)  # the short chunk is completed, not played again
    pd.testing.assert_frame_equal(result.games, fresh(large))
    key = run_identity("manhome", RULES, POLICIES, 1).key
    assert store.stored_chunks(key) == {0: C, 1: C, 2: C, 3: 50}


def test_extension_with_workers_equals_a_fresh_run(tmp_path):
    store = Store(tmp_path / "runs.sqlite")
    stored_run(store, 2 * C + 5, workers=2)
    result = stored_run(store, 7 * C + 3, workers=2)
    pd.testing.assert_frame_equal(result.games, fresh(7 * C + 3))
    assert result.games_loaded == 2 * C + 5


def test_resume_after_an_interrupt(tmp_path, plays, monkeypatch):
    path = tmp_path / "runs.sqlite"
    counting = chunks.play

    def interrupted(*args):
        if len(plays) == 2:
            raise KeyboardInterrupt
        return counting(*args)

    monkeypatch.setattr(chunks, "play", interrupted)
    sims = 3 * C + 50
    with pytest.raises(KeyboardInterrupt):
        stored_run(Store(path), sims)
    store = Store(path)
    key = run_identity("manhome", RULES, POLICIES, 1).key
    assert store.stored_chunks(key) == {0: C, 1: C}
    assert store.integrity_check() == "ok"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    monkeypatch.setattr(chunks, "play", counting)
    plays.clear()
    resumed = stored_run(store, sims)
    assert played_games(plays) == sims - 2 * C and resumed.games_loaded == 2 * C
    pd.testing.assert_frame_equal(resumed.games, fresh(sims))


def test_resume_within_a_chunk_played_in_pieces(tmp_path, monkeypatch):
    # Slow games: one chunk of 200 games is played by two workers in 8 pieces, and the
    # store keeps the chunk's first games as the pieces are joined. Interrupted at the
    # fifth piece, it holds four pieces' games, and the rerun plays only the rest.
    path, policies, sims = tmp_path / "runs.sqlite", ("search-1", "greedy"), C
    monkeypatch.setattr(runner, "MIN_PIECE", 25)
    real = runner._play_tasks

    def interrupted(*args):
        for number, result in enumerate(real(*args)):
            if number == 4:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(runner, "_play_tasks", interrupted)
    with pytest.raises(KeyboardInterrupt):
        runner.run("manhome", RULES, policies, sims, 1, workers=2, store=Store(path))
    store = Store(path)
    key = run_identity("manhome", RULES, policies, 1).key
    assert store.stored_chunks(key) == {0: 100} and store.integrity_check() == "ok"
    monkeypatch.setattr(runner, "_play_tasks", real)
    resumed = runner.run("manhome", RULES, policies, sims, 1, workers=2, store=store)
    assert resumed.games_loaded == 100
    pd.testing.assert_frame_equal(resumed.games,
                                  runner.run("manhome", RULES, policies, sims, 1, workers=1).games)


def _writer(store_or_path, seeds_and_sizes, barrier):
    store = store_or_path if isinstance(store_or_path, Store) else Store(store_or_path)
    barrier.wait()
    for seed, sims in seeds_and_sizes:
        runner.run("manhome", RULES, POLICIES, sims, seed, workers=1, store=store)


@pytest.mark.parametrize("inherited", [False, True], ids=["own-stores", "inherited-store"])
def test_two_processes_writing_one_store_lose_nothing(tmp_path, monkeypatch, inherited):
    """Both processes write the same run (with different sizes) and one run each.
    Either each opens the store itself (and both create it at once), or both use a
    Store the parent opened (and used) before forking."""
    path = tmp_path / "new" / "runs.sqlite"
    shared_a, shared_b = 10 * C + 150, 10 * C + 70
    jobs = [[(1, 12 * C + 9), (5, shared_a)], [(2, 11 * C + 1), (5, shared_b)]]
    target = path
    if inherited:
        target = Store(path)
        stored_run(target, C // 2, seed=5)
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    workers = [context.Process(target=_writer, args=(target, job, barrier)) for job in jobs]
    for process in workers:
        process.start()
    for process in workers:
        process.join(120)
    assert [p.exitcode for p in workers] == [0, 0]

    store = Store(path)
    assert store.integrity_check() == "ok"
    key = run_identity("manhome", RULES, POLICIES, 5).key
    assert store.stored_chunks(key) == {**{k: C for k in range(10)}, 10: 150}
    expected = {(seed, sims): fresh(sims, seed) for job in jobs for seed, sims in job}
    monkeypatch.setattr(chunks, "play", lambda *a: pytest.fail("played a stored game"))
    for (seed, sims), games in expected.items():
        loaded = stored_run(store, sims, seed)
        assert loaded.games_loaded == sims
        pd.testing.assert_frame_equal(loaded.games, games)
    assert sorted(store.runs()["seed"]) == [1, 2, 5]


def test_a_writer_never_replaces_more_games_by_fewer(tmp_path):
    store = Store(tmp_path / "runs.sqlite")
    identity = run_identity("manhome", RULES, POLICIES, 0)
    store.register(identity)
    keys = chunks.chunk_keys(0, 0, 30)
    part = dict(runner.find_game("manhome").play_chunk(RULES, POLICIES, keys))
    store.save_chunk(identity.key, 0, part)
    store.save_chunk(identity.key, 0, {name: values[:10] for name, values in part.items()})
    assert store.stored_chunks(identity.key) == {0: 30}
    assert np.array_equal(store.load_chunk(identity.key, 0, 12)["turns"], part["turns"][:12])


@pytest.mark.parametrize("make, words", [
    (lambda p: p.write_text("not a database, just text\n" * 50),
     "not a results store .not an SQLite database."),
    (lambda p: sqlite3.connect(p).execute("CREATE TABLE notes (x)").connection.commit(),
     "not a results store"),
    (lambda p: sqlite3.connect(p).execute("PRAGMA user_version = 99"), "newer version"),
    (lambda p: p.mkdir(), "is a folder"),
])
def test_a_file_that_is_not_a_store(tmp_path, make, words):
    path = tmp_path / "runs.sqlite"
    make(path)
    with pytest.raises(UserError, match=words) as error:
        Store(path)
    assert "\n" not in str(error.value)


def test_a_missing_store_for_reading(tmp_path):
    with pytest.raises(UserError, match="no results store"):
        Store(tmp_path / "none.sqlite", create=False)
    assert not (tmp_path / "none.sqlite").exists()


def test_a_damaged_chunk(tmp_path):
    path = tmp_path / "runs.sqlite"
    stored_run(Store(path), C)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE chunks SET data = ?", (b"garbage",))
    with pytest.raises(UserError, match="damaged chunk 0"):
        stored_run(Store(path), C)


def test_a_damaged_chunk_names_the_one_run_to_drop(in_tmp, capsys):
    # the message advised removing the store, which would discard every other run in it
    _cli_run()
    _cli_run("--seed", "3")
    damaged, kept = (run_identity("manhome", RULES, POLICIES, seed).id for seed in (2, 3))
    with sqlite3.connect("reports/runs.sqlite") as db:
        db.execute("UPDATE chunks SET data = ? WHERE substr(run_key, 1, 10) = ?",
                   (b"garbage", damaged))
    db.close()
    capsys.readouterr()
    again = ["manhome", "--sims", str(2 * C + 30), "--policy", "random", "--seed", "2",
             "--workers", "1", "--quiet"]
    assert main(again) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"analyze runs --drop {damaged}" in err
    assert "the other runs stay" in err and "remove the store" not in err
    assert main(["runs", "--drop", damaged]) == 0
    assert f"dropped run {damaged}" in capsys.readouterr().out
    assert main(["runs"]) == 0
    listed = capsys.readouterr().out
    assert kept in listed and damaged not in listed
    assert main(again) == 0  # played afresh
    with sqlite3.connect("reports/runs.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_damaged_run_record_can_be_dropped_too(in_tmp, capsys):
    _cli_run()
    with sqlite3.connect("reports/runs.sqlite") as db:
        db.execute("UPDATE runs SET rules_json = '{not json'")
    db.close()
    capsys.readouterr()
    assert main(["runs"]) == 2
    damaged = run_identity("manhome", RULES, POLICIES, 2).id
    assert f"--drop {damaged}" in capsys.readouterr().err
    assert main(["runs", "--drop", damaged[:4]]) == 0
    assert main(["runs"]) == 0 and "no runs stored" in capsys.readouterr().out
    for bad in ("zz", "", "0" * 65):
        assert main(["runs", "--drop", bad]) == 2
        assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("name, full", [("SQLITE_FULL", False), ("SQLITE_IOERR_WRITE", True)])
def test_a_full_disk_is_said_to_be_full(tmp_path, monkeypatch, name, full):
    # it said "not a usable results store: disk I/O error"
    store = Store(tmp_path / "runs.sqlite")
    failure = sqlite3.OperationalError("disk I/O error" if full else "database or disk is full")
    failure.sqlite_errorname = name
    monkeypatch.setattr(store_module, "disk_full", lambda folder: full)
    with pytest.raises(UserError, match="the disk that holds the results store .* is full"):
        with store._errors():
            raise failure
    monkeypatch.setattr(store_module, "disk_full", lambda folder: False)
    failure.sqlite_errorname = "SQLITE_IOERR_READ"    # an I/O error with room on the disk
    with pytest.raises(UserError, match="not a usable results store"):
        with store._errors():
            raise failure


@pytest.fixture
def small_disk(tmp_path):
    """A file system of 320 KiB (tmpfs), where this machine lets the tests mount one."""
    import subprocess

    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a small file system here (not root, or no tmpfs)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_store_on_a_full_disk_keeps_what_it_held(small_disk, in_tmp, capsys):
    # a real full disk: one line that says so, the runs stored before still whole
    store = str(small_disk / "runs.sqlite")
    assert main(["manhome", "--sims", "300", "--policy", "random", "--workers", "1", "--quiet",
                 "--store", store]) == 0
    capsys.readouterr()
    assert main(["manhome", "--sims", "3e5", "--policy", "random", "--seed", "9", "--workers",
                 "1", "--quiet", "--store", store]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is full" in err and "Traceback" not in err
    assert main(["runs", "--store", store]) == 0
    assert "  300  " in capsys.readouterr().out
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    assert main(["manhome", "--sims", "1e5", "--out", str(small_disk / "out"), "--no-store",
                 "--quiet"]) == 2
    assert "the disk is full" in capsys.readouterr().err
    assert not (small_disk / "out").exists()


def test_find_by_prefix(tmp_path):
    store = Store(tmp_path / "runs.sqlite")
    identities = [run_identity("manhome", RULES, POLICIES, seed) for seed in range(40)]
    for identity in identities:
        store.register(identity)
    one = identities[7]
    assert store.find(one.id).key == one.key
    assert store.find(one.key[:20].upper()).key == one.key
    first = [i.key[0] for i in identities]
    shared = next(c for c in first if first.count(c) > 1)
    with pytest.raises(UserError, match="ambiguous"):
        store.find(shared)
    with pytest.raises(UserError, match="no run with id"):
        store.find("f" * 30 if not any(i.key.startswith("f" * 30) for i in identities) else "0" * 30)
    with pytest.raises(UserError, match="not a run id"):
        store.find("xyz")


def test_simulate_passes_the_store_through(tmp_path):
    path = tmp_path / "runs.sqlite"
    game = numbergames.load_game("manhome")
    first = game.simulate(2 * C + 1, policy="random", seed=3, workers=1, store=path)
    again = game.simulate(2 * C + 1, policy="random", seed=3, workers=1, store=path)
    # an absolute store is named by its file name alone (no path of one machine in a report)
    assert again.summary["games_loaded"] == 2 * C + 1 and again.summary["store"] == path.name
    assert first.summary["games_loaded"] == 0 and first.summary["run_id"] == again.summary["run_id"]
    pd.testing.assert_frame_equal(first.games, again.games)
    runs = Store(path).runs()
    assert list(runs["label"]) == ["standard-2p-random-seed3"] and list(runs["games"]) == [2 * C + 1]


# -- the command line ---------------------------------------------------------------------

@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _cli_run(*extra):
    assert main(["manhome", "--sims", str(2 * C + 30), "--policy", "random", "--seed", "2",
                 "--workers", "1", "--quiet", *extra]) == 0


def test_cli_stores_runs_and_lists_them(in_tmp, capsys):
    _cli_run()
    summary = json.loads((in_tmp / "reports/manhome/standard-2p-random-seed2/summary.json").read_text())
    assert summary["store"] == "reports/runs.sqlite" and summary["games_loaded"] == 0
    capsys.readouterr()
    assert main(["manhome", "--sims", str(2 * C + 30), "--policy", "random", "--seed", "2",
                 "--workers", "1"]) == 0
    assert "every game loaded, none played" in capsys.readouterr().out
    # the same figures: the report keeps the first run's provenance (numbergames.analysis.running.provenance.kept)
    again = json.loads((in_tmp / "reports/manhome/standard-2p-random-seed2/summary.json").read_text())
    assert again == summary
    _cli_run("--set", "tie=attacker")
    _cli_run("--no-store", "--seed", "9", "--out", "elsewhere")
    capsys.readouterr()
    assert main(["runs"]) == 0
    out = capsys.readouterr().out
    ids = [run_identity("manhome", rules, POLICIES, 2).id
           for rules in (RULES, RULES.replace(tie="attacker"))]
    assert all(i in out for i in ids) and "standard-tie-attacker-2p-random" in out
    assert run_identity("manhome", RULES, POLICIES, 9).id not in out

    assert main(["compare", ids[0], ids[1][:6]]) == 0
    out = capsys.readouterr().out
    assert all(i in out for i in ids)
    assert "first-player advantage" in out and "balance" in out and "verdict:" in out
    assert "tie defender → attacker" in out


def test_compare_pairs_runs_with_the_same_seed_game_by_game(tmp_path):
    from numbergames.analysis.searches.compare import compare, format_comparison
    from numbergames.analysis.statistics.paired import paired_difference

    store = Store(tmp_path / "runs.sqlite")
    greedy = ("greedy", "greedy")
    a = runner.run("manhome", RULES, greedy, 3 * C, 4, workers=1, store=store)
    b = runner.run("manhome", RULES.replace(men_to_win=4), greedy, 2 * C, 4, workers=1,
                   store=store)
    runner.run("manhome", RULES.replace(men_to_win=4), greedy, 2 * C, 5, workers=1,
               store=store)
    id_a, id_b, id_c = (run_identity("manhome", r, greedy, s).id for r, s in
                        ((RULES, 4), (RULES.replace(men_to_win=4), 4),
                         (RULES.replace(men_to_win=4), 5)))
    same_seed = compare(store, id_a, id_b)
    # paired over the 2C games both hold: exactly the per-game differences
    assert same_seed.paired == 2 * C
    first = a.games.iloc[:2 * C]
    expected = paired_difference(b.games["turns"].to_numpy(float)[first["winner"] >= 0],
                                 first["turns"].to_numpy(float)[first["winner"] >= 0])
    turns = next(m for m in same_seed.measures if m.name.startswith("turns"))
    assert (turns.diff, turns.lo, turns.hi) == pytest.approx((expected.diff, expected.lo,
                                                              expected.hi))
    assert turns.a == pytest.approx(first.loc[first["winner"] >= 0, "turns"].mean())
    # the same games until the third man comes home: pairing narrows the interval a lot
    assert same_seed.variance_reduction["turns_mean"] > 2
    assert "compared game by game over the 400 games both hold" in format_comparison(same_seed)
    other_seed = compare(store, id_a, id_c)
    assert other_seed.paired == 0 and "independent runs" in format_comparison(other_seed)
    wide = next(m for m in other_seed.measures if m.name.startswith("turns"))
    assert wide.hi - wide.lo > 1.4 * (turns.hi - turns.lo)


@pytest.mark.parametrize("argv, words", [
    (["compare", "zzz", "abc"], "not a run id"),
    (["compare", "0123456789abcdef0123", "0123456789abcdef0124"], "no run with id"),
    (["runs", "--store", "missing.sqlite"], "no results store at missing.sqlite"),
    (["compare", "a", "b", "--store", "missing.sqlite"], "no results store"),
    (["runs", "--store", "text.sqlite"], "not a results store (not an SQLite database)"),
    (["manhome", "--sims", "10", "--store", "text.sqlite"],
     "not a results store (not an SQLite database)"),
    (["compare", "a"], "the following arguments are required"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_cli_bad_store_input_one_line_exit_2(in_tmp, capsys, argv, words):
    (in_tmp / "text.sqlite").write_text("hello\n")
    _cli_run()
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_cli_ambiguous_prefix(in_tmp, capsys):
    store = Store("reports/runs.sqlite")
    identities = [run_identity("manhome", RULES, POLICIES, seed) for seed in range(40)]
    for identity in identities:
        store.register(identity)
    first = [i.key[0] for i in identities]
    shared = next(c for c in first if first.count(c) > 1)
    assert main(["compare", shared, identities[0].id]) == 2
    err = capsys.readouterr().err
    assert "ambiguous" in err and err.count("\n") == 1
    assert main(["compare", identities[0].id, identities[1].id]) == 2  # registered, no games
    assert "no stored games" in capsys.readouterr().err


def test_identity_is_a_dataclass_of_plain_values():
    identity = RunIdentity("manhome", {"players": 2}, ("random", "random"), 1, C)
    assert json.loads(identity.canonical) == {"game": "manhome", "rules": {"players": 2},
                                              "policies": ["random", "random"], "seed": 1,
                                              "chunk_size": C, "engine": 1}


def test_a_new_engine_version_is_a_new_run():
    from numbergames.solver.manhome.rules import ManHomeRules

    same = dict(game="manhome", rules={"players": 2}, policies=("random", "random"), seed=1,
                chunk_size=C)
    assert RunIdentity(**same).key != RunIdentity(**same, engine=2).key
    assert run_identity("manhome", ManHomeRules(), ("random", "random"), 1).engine == 1


def test_cli_interrupt_keeps_finished_chunks_and_resumes(in_tmp, capsys, plays, monkeypatch):
    counting = chunks.play

    def interrupted(*args):
        if len(plays) == 1:
            raise KeyboardInterrupt
        return counting(*args)

    monkeypatch.setattr(chunks, "play", interrupted)
    argv = ["manhome", "--sims", str(3 * C), "--policy", "random", "--workers", "1", "--quiet"]
    assert main(argv) == 130
    assert "resumes" in capsys.readouterr().err
    assert not (in_tmp / "reports" / "manhome").exists()
    monkeypatch.setattr(chunks, "play", counting)
    assert main(argv) == 0
    summary = json.loads((in_tmp / "reports/manhome/standard-2p-random/summary.json").read_text())
    assert summary["games_loaded"] == C and played_games(plays) == 3 * C


def _empty_sqlite_database(path):
    """An SQLite file of another program's: a database without tables (schema version 0)."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x)")
        db.execute("DROP TABLE t")
    db.close()


@pytest.mark.parametrize("make", [
    lambda p: p.write_bytes(b""),
    lambda p: p.write_text("my notes, not a database\n"),
    _empty_sqlite_database,
], ids=["empty-file", "text-file", "sqlite-without-tables"])
@pytest.mark.parametrize("command", [
    ["manhome", "--sims", "10", "--workers", "1", "--quiet", "--out", "out"],
    ["runs"],
], ids=["manhome", "runs"])
def test_store_on_an_existing_file_that_is_not_a_store_leaves_it_unchanged(in_tmp, capsys, make,
                                                                           command):
    path = in_tmp / "mine.db"
    make(path)
    before = path.read_bytes()
    assert main([*command, "--store", "mine.db"]) == 2
    err = capsys.readouterr().err
    assert "not a" in err and "results store" in err and err.count("\n") == 1, err
    assert path.read_bytes() == before  # byte for byte
    assert sorted(p.name for p in in_tmp.iterdir()) == ["mine.db"]  # no -wal, no report


def test_a_new_store_is_created_whole(tmp_path):
    path = tmp_path / "new" / "runs.sqlite"
    stored_run(Store(path), C)
    assert Store(path, create=False).integrity_check() == "ok"
    assert [p.name for p in path.parent.iterdir() if not p.name.startswith("runs.sqlite")] == []


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_store_stays_usable(tmp_path, plays, version):
    from numbergames.analysis.running.store import SCHEMA_VERSION, chunk_digest

    path, sims = tmp_path / "old.sqlite", 2 * C + 50
    stored_run(Store(path), sims)
    with sqlite3.connect(path) as db:  # as the first versions made it
        db.execute("DROP TABLE summaries")  # schema 2: no summaries
        if version == 1:  # and chunks without a digest
            db.execute("ALTER TABLE chunks DROP COLUMN digest")
        db.execute(f"PRAGMA user_version = {version}")
    db.close()
    del plays[:]
    loaded = stored_run(Store(path), sims)
    assert loaded.games_loaded == sims and plays == []  # every game from the old store
    pd.testing.assert_frame_equal(loaded.games, fresh(sims))
    with sqlite3.connect(path) as db:  # brought to schema 3: each chunk sealed as it was
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        rows = db.execute("SELECT run_key, chunk, games, data, digest FROM chunks").fetchall()
        assert db.execute("SELECT count(*) FROM summaries").fetchone()[0] == 0
    db.close()
    assert len(rows) == 3
    assert all(digest == chunk_digest(key, chunk, games, data)
               for key, chunk, games, data, digest in rows)


def test_a_chunk_row_in_another_rows_place_is_damaged(tmp_path):
    # as when a flipped byte in SQLite's index sends chunk 0's look-up to chunk 1's row:
    # the same number of games, readable, but not chunk 0's games
    path = tmp_path / "runs.sqlite"
    stored_run(Store(path), 3 * C)
    with sqlite3.connect(path) as db:
        rows = {chunk: (data, digest) for chunk, data, digest in
                db.execute("SELECT chunk, data, digest FROM chunks")}
        db.execute("UPDATE chunks SET data = ?, digest = ? WHERE chunk = 0", rows[1])
    db.close()
    with pytest.raises(UserError, match="damaged chunk 0 .*do not match their SHA-256"):
        stored_run(Store(path), 3 * C)


def test_a_run_record_that_does_not_match_its_key_is_damaged(in_tmp, capsys):
    # a flipped digit in a run's rules (2 players → 3) would compare the wrong games
    _cli_run()
    _cli_run("--seed", "3")
    with sqlite3.connect("reports/runs.sqlite") as db:
        db.execute("UPDATE runs SET rules_json = replace(rules_json, '\"players\": 2', "
                   "'\"players\": 3') WHERE seed = '3'")
    db.close()
    ids = [run_identity("manhome", RULES, POLICIES, seed).id for seed in (2, 3)]
    capsys.readouterr()
    for argv in (["compare", *ids], ["runs"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"damaged record of run {ids[1]}" in err


def test_compare_a_run_with_itself_is_refused(in_tmp, capsys):
    # every difference is 0 by construction: surely a mistyped id
    _cli_run()
    run = run_identity("manhome", RULES, POLICIES, 2).id
    capsys.readouterr()
    assert main(["compare", run, run[:6]]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "the same run" in captured.err and "nothing to compare" in captured.err


@pytest.mark.parametrize("seed", ["2", "3"], ids=["same seed", "other seed"])
def test_compare_runs_of_two_games_is_refused(in_tmp, capsys, seed):
    # a seat, a turn and an outcome mean different things in Man Home and in Shoo: no verdict
    _cli_run()
    assert main(["shoo", "--sims", "40", "--seed", seed, "--workers", "1", "--quiet"]) == 0
    manhome = run_identity("manhome", RULES, POLICIES, 2).id
    capsys.readouterr()
    assert main(["runs"]) == 0
    shoo, = [line.split()[0] for line in capsys.readouterr().out.splitlines() if " shoo " in line]
    assert main(["compare", manhome, shoo]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "different games are not compared" in captured.err and "verdict" not in captured.err


@pytest.mark.parametrize("seed", ["2", "3"], ids=["paired", "independent"])
def test_compare_runs_with_different_players_warns_and_judges_no_seat(in_tmp, capsys, seed):
    _cli_run()
    _cli_run("--players", "3", "--seed", seed)
    two = run_identity("manhome", RULES, POLICIES, 2).id
    three = run_identity("manhome", RULES.replace(players=3), POLICIES + ("random",),
                         int(seed)).id
    capsys.readouterr()
    assert main(["compare", two, three]) == 0
    lines = capsys.readouterr().out.splitlines()
    warnings = [line for line in lines if line.startswith("warning:")]
    assert len(warnings) == 1 and "2 players" in warnings[0] and "3 players" in warnings[0]
    assert "not comparable across player counts" in warnings[0]
    verdict, = [line for line in lines if line.startswith("verdict")]
    assert "win rate, seat" not in verdict and "first-player advantage" not in verdict
    assert "left out" in verdict


# --------------------------------------------------------------------------- damage

DAMAGE_COMMAND = ["manhome", "--sims", "700", "--policy", "random", "--seed", "3",
                  "--workers", "1", "--quiet"]
"""Three full chunks of C games and a short one."""
VOLATILE = ("elapsed_s", "games_per_s", "created", "command", "store", "games_loaded")
"""Keys of summary.json that are not figures of the games."""


def _pages(path, name):
    """The page numbers (from 1) of table or index ``name``, if SQLite has dbstat."""
    with sqlite3.connect(path) as db:
        try:
            return [p for (p,) in db.execute("SELECT pageno FROM dbstat WHERE name = ?", (name,))]
        except sqlite3.OperationalError:  # built without SQLITE_ENABLE_DBSTAT_VTAB
            return []


def _positions(data, path, key):
    """Byte positions worth flipping: the header, inside every chunk's .npz (its zip
    headers and its compressed data), the runs table's row, the chunk rows' `games`, the
    rowids in the index of chunks, and a fixed sample of the whole file."""
    page = len(data) // max(1, int.from_bytes(data[28:32], "big"))
    found = {16, 18, 19, 21, 24, 28, 44, 56, 60, 63, 96, 99, 100, 101, 103, 105}
    members = [m.start() for m in re.finditer(b"PK\x03\x04", data)]
    for start in members[:1] + members[-1:]:  # flags, method, CRC, sizes, name, data
        found.update(start + k for k in (6, 8, 14, 18, 22, 26, 30, 40, 60, 200))
    for start in [m.start() for m in re.finditer(b"PK\x01\x02", data)][::16]:
        found.update(start + k for k in (10, 16, 28, 46))
    found.update(m.start() + 10 for m in re.finditer(b"PK\x05\x06", data))
    for text in (b'"random"', b'"tie"', b'"3"'):  # policies, rules, seed of the run
        found.update(m.start() + 1 for m in re.finditer(re.escape(text), data))
    for m in re.finditer(key.encode(), data):  # a chunk row's games (200 = 00 c8) after its key
        if data[m.end():m.end() + 2] == b"\x00\xc8":
            found.add(m.end() + 1)
    for number in _pages(path, "sqlite_autoindex_chunks_1"):  # (run_key, chunk) -> rowid
        base = (number - 1) * page
        for cell in range(int.from_bytes(data[base + 3:base + 5], "big")):
            pointer = int.from_bytes(data[base + 8 + 2 * cell:base + 10 + 2 * cell], "big")
            found.add(base + pointer + data[base + pointer])  # the last byte: the rowid
    sample = random.Random(7)
    found.update(sample.randrange(len(data)) for _ in range(12))
    return sorted(p for p in found if p < len(data))


def _figures(folder):
    """summary.json but for timings and provenance, and every per-game column."""
    summary = json.loads((folder / "summary.json").read_text())
    with np.load(folder / "games.npz", allow_pickle=False) as games:
        columns = {name: games[name] for name in games.files}
    return {k: v for k, v in summary.items() if k not in VOLATILE}, columns


@pytest.mark.parametrize("every", [2, 1], ids=["half", "all"])
def test_a_byte_flipped_anywhere_is_one_line_or_the_right_figures(tmp_path, monkeypatch, capsys,
                                                                   no_plots, every):
    """``every``: flip every position of :func:`_positions` (a `slow` case) or every other
    one (the suite's)."""
    monkeypatch.chdir(tmp_path)
    assert main([*DAMAGE_COMMAND, "--store", "good.sqlite", "--out", "first"]) == 0
    gc.collect()  # the command's store is closed; the whole store into the main file:
    with sqlite3.connect("good.sqlite") as db:
        assert db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    db.close()
    sound = (tmp_path / "good.sqlite").read_bytes()
    assert main([*DAMAGE_COMMAND, "--store", "good.sqlite", "--out", "ref"]) == 0  # loaded
    expected = _figures(tmp_path / "ref")
    key = run_identity("manhome", ManHomeRules(), ("random", "random"), 3).key
    positions = _positions(sound, tmp_path / "good.sqlite", key)
    assert len(positions) > 40
    positions = positions[::every]
    capsys.readouterr()
    outcomes = {}
    for number, position in enumerate(positions):
        folder = tmp_path / f"flip{number}"
        folder.mkdir()
        damaged = bytearray(sound)
        damaged[position] ^= (0x01, 0xFF, 0x10, 0x02)[number % 4]
        (folder / "s.sqlite").write_bytes(bytes(damaged))
        status = main([*DAMAGE_COMMAND, "--store", str(folder / "s.sqlite"),
                       "--out", str(folder / "out")])
        err = capsys.readouterr().err
        where = f"byte {position} flipped: exit {status}, stderr {err!r}"
        assert status in (0, 2), where
        if status == 2:
            assert err.count("\n") == 1 and "Traceback" not in err, where
            assert "results store" in err, where
            assert not (folder / "out").exists(), where
        else:
            summary, columns = _figures(folder / "out")
            assert summary == expected[0], where
            assert columns.keys() == expected[1].keys(), where
            for name, values in columns.items():
                assert np.array_equal(values, expected[1][name]), (name, where)
        outcomes[status] = outcomes.get(status, 0) + 1
        gc.collect()
    assert outcomes.get(2, 0) > 0 and outcomes.get(0, 0) > 0  # both kinds of flip were tried


def _summary_fields(games, players):
    """Own parts of a chunk, of every kind a study counts: a count, a histogram, lists."""
    from numbergames.analysis.statistics.tally import count, histogram, total

    return {"games": len(games), "long": count(games["turns"].to_numpy() > 40),
            "turns": histogram(games["turns"].to_numpy().astype(np.int64)),
            "seats": [total(games[f"home_{s}"]) for s in range(players)]}


def kept_run(store, sims, keep, seed=1, fields=_summary_fields):
    return runner.run("manhome", RULES, POLICIES, sims, seed, workers=1, store=store,
                      keep_games=keep, tally=True, fields=fields)


def test_beyond_the_rows_kept_the_store_holds_chunk_summaries(tmp_path, plays, monkeypatch):
    from numbergames.analysis.statistics.tally import Tally

    path, sims, keep = tmp_path / "runs.sqlite", 5 * C + 30, 2 * C - 1
    whole = kept_run(None, sims, None)  # every row, no store
    first = kept_run(Store(path), sims, keep)
    key = run_identity("manhome", RULES, POLICIES, 1).key
    store = Store(path)
    assert store.stored_chunks(key) == {0: C, 1: C}  # rows: the chunks they are kept of
    assert {c: g for c, (g, _) in store.stored_summaries(key).items()} == {2: C, 3: C, 4: C, 5: 30}
    listed = store.runs().iloc[0]
    assert (listed["games"], listed["rows"]) == (sims, 2 * C)
    plays.clear()
    again = kept_run(Store(path), sims, keep)  # rows and summaries: nothing played
    assert plays == [] and again.games_loaded == sims
    for result in (first, again):
        assert result.tally == whole.tally == Tally.of(whole.games, 2, whole.tally.traits)
        assert result.parts == whole.parts == _summary_fields(whole.games, 2)
        pd.testing.assert_frame_equal(result.games, whole.games.iloc[:keep])
    # a run that keeps more rows plays the summarised chunks again (the same games)
    more = kept_run(Store(path), sims, 3 * C)
    assert sorted(plays) == [(2, 0, C)] and more.tally == whole.tally
    pd.testing.assert_frame_equal(more.games, whole.games.iloc[:3 * C])
    assert Store(path).stored_chunks(key) == {0: C, 1: C, 2: C}
    # other own parts (another study, or its source changed): not these summaries
    plays.clear()
    other = kept_run(Store(path), sims, keep, fields=lambda games, players: {"n": len(games)})
    assert sorted(plays) == [(3, 0, C), (4, 0, C), (5, 0, 30)]
    assert other.parts == {"n": sims} and other.tally == whole.tally


def test_a_damaged_summary_is_one_line(tmp_path):
    path, sims = tmp_path / "runs.sqlite", 3 * C
    kept_run(Store(path), sims, C)
    with sqlite3.connect(path) as db:
        data, = db.execute("SELECT data FROM summaries WHERE chunk = 2").fetchone()
        db.execute("UPDATE summaries SET data = ? WHERE chunk = 2",
                   (data[:10] + bytes([data[10] ^ 1]) + data[11:],))
    db.close()
    with pytest.raises(UserError, match="damaged summary of chunk 2 .*SHA-256.*analyze runs --drop"):
        kept_run(Store(path), sims, C)
    key = run_identity("manhome", RULES, POLICIES, 1).key
    assert Store(path).drop(key[:10]) == (key, 1 + 2)  # one chunk of rows, two summaries
    assert Store(path).runs().empty


def test_summaries_round_trip_exactly():
    from collections import Counter

    from numbergames.analysis.running.store import decode_summary, encode_summary
    from numbergames.analysis.statistics.tally import Tally

    from numbergames.solver.registry import find_game

    games = fresh(C)
    traits = find_game("manhome").traits
    tally = Tally.of(games, 2, traits)
    parts = {**_summary_fields(games, 2), "nested": {"a": [Counter({-3: 2}), 4]}}
    back, back_parts = decode_summary(encode_summary(tally, parts), 2, traits)
    assert back == tally and back_parts == parts
    assert isinstance(back_parts["turns"], Counter) and isinstance(back_parts["nested"]["a"][0], Counter)
    with pytest.raises(ValueError, match="whole numbers"):
        encode_summary(tally, {"x": 0.5})


def test_compare_says_when_it_reads_only_the_rows_kept(tmp_path, capsys):
    path = tmp_path / "runs.sqlite"
    kept_run(Store(path), 3 * C, C)
    runner.run("manhome", RULES, ("greedy", "random"), 3 * C, 1, workers=1, store=Store(path))
    a, b = Store(path).runs()["id"]
    assert main(["compare", a, b, "--store", str(path)]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "as rows" in line]
    assert len(lines) == 1 and f"holds {3 * C:,} games, its first {C:,} as rows" in lines[0]
    assert f"over the {C:,} games both hold" in out
