"""Every target of a command — its report folder and its results store — is checked before
any work, and a refusal writes nothing: not through a store's symbolic link, not a store
inside the report folder an exact analysis would then refuse to replace. A store that
cannot be written is still read (listed, compared) read-only."""
import gc
import json
import os
import sqlite3

import pytest

from numbergames.analyze.cli import main


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_dangling_store_link_is_refused_without_creating_its_target(in_tmp, capsys):
    os.symlink(in_tmp / "elsewhere.sqlite", "s.sqlite")  # the target does not exist
    assert main(["manhome", "--sims", "20", "--workers", "1", "--quiet", "--out", "o",
                 "--store", "s.sqlite"]) == 2
    assert "symbolic link" in _one_line(capsys)
    assert not (in_tmp / "elsewhere.sqlite").exists() and not (in_tmp / "o").exists()
    assert main(["runs", "--store", "s.sqlite"]) == 2
    assert "symbolic link" in _one_line(capsys)
    assert sorted(os.listdir(in_tmp)) == ["s.sqlite"]


def test_exact_store_inside_its_report_folder_is_refused_before_any_game(in_tmp, capsys,
                                                                           monkeypatch):
    from numbergames.studies.shoo import opening_report

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(opening_report, "simulate", no_games)
    assert main(["exact", "shoo", "opening", "--players", "random", "--sims", "2",
                 "--whatif", "none", "--quiet", "--out", "rep", "--store", "rep/s.sqlite"]) == 2
    assert "inside the report folder" in _one_line(capsys)
    assert os.listdir(in_tmp) == []


def test_an_empty_store_path_is_said_to_be_empty(in_tmp, capsys):
    for argv in (["manhome", "--sims", "20", "--quiet", "--store", ""],
                 ["runs", "--store", ""], ["compare", "a", "b", "--store", ""]):
        assert main(argv) == 2
        err = _one_line(capsys)
        assert "store" in err and "empty" in err and "report folder" not in err, err
    assert os.listdir(in_tmp) == []


def test_a_store_that_cannot_be_written_is_listed_read_only(in_tmp, capsys, monkeypatch):
    assert main(["manhome", "--sims", "30", "--workers", "1", "--quiet", "--out", "o",
                 "--store", "st/s.sqlite"]) == 0
    gc.collect()  # the run's store closed: its log folded into the file
    store = in_tmp / "st" / "s.sqlite"
    assert sorted(os.listdir(store.parent)) == ["s.sqlite"]
    before = store.read_bytes()
    store.chmod(0o444)
    store.parent.chmod(0o555)
    # as root the modes stop no write: what the process may write is os.access's answer
    unwritable = {str(store), str(store.parent)}
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: (
        False if mode & os.W_OK and os.path.abspath(path) in unwritable
        else real_access(path, mode, **kw)))
    opened = []
    real_connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda target, *args, **kw: (
        opened.append((str(target), kw.get("uri", False))) or real_connect(target, *args, **kw)))
    try:
        capsys.readouterr()
        assert main(["runs", "--store", "st/s.sqlite"]) == 0
        out = capsys.readouterr().out
        assert "manhome" in out and "30" in out
        assert opened and all(uri and "mode=ro" in target for target, uri in opened), opened
        gc.collect()
        assert sorted(os.listdir(store.parent)) == ["s.sqlite"]  # no -wal, no -shm
        assert store.read_bytes() == before
        run = json.loads((in_tmp / "o" / "summary.json").read_text())["run_id"]
        assert main(["runs", "--store", "st/s.sqlite", "--drop", run]) == 2
        assert "read-only" in _one_line(capsys)
    finally:
        store.parent.chmod(0o755)


@pytest.mark.parametrize("content", [b"x", b"notes\n" * 1000], ids=["1-byte", "6-kB"])
@pytest.mark.parametrize("command", [
    ["manhome", "--sims", "20", "--workers", "1", "--quiet", "--out", "o"], ["runs"],
    ["exact", "shoo", "opening", "--players", "random", "--sims", "2", "--whatif", "none",
     "--quiet", "--out", "o"]], ids=["run", "runs", "exact-opening"])
def test_a_file_that_is_no_sqlite_database_is_said_so_before_any_game(command, content,
                                                                      in_tmp, capsys,
                                                                      monkeypatch):
    """Said alike whatever its length (SQLite read a 1-byte file as an empty database: "an
    SQLite database without a store's tables"; a longer one was "file is not a database"),
    and before any game: `exact shoo opening` opened its --store only when its first
    player's games began, after the first progress line."""
    from numbergames.studies.shoo import opening_report

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(opening_report, "simulate", no_games)
    (in_tmp / "s").write_bytes(content)
    assert main([*command, "--store", "s"]) == 2
    assert "s exists but is not a results store (not an SQLite database)" in _one_line(capsys)
    assert os.listdir(in_tmp) == ["s"] and (in_tmp / "s").read_bytes() == content
