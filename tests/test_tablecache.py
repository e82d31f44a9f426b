"""The solved-table cache (solver/tablecache.py): a table is solved once and then read, a
damaged or unexpected file is solved again, and the cache off or unwritable costs nothing
but the cache."""
from __future__ import annotations

import numpy as np
import pytest

from numbergames.solver import tablecache
from numbergames.solver.manhome import policies
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.solitaire import solve_solitaire


class Solver:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict[str, np.ndarray]:
        self.calls += 1
        return {"values": np.arange(5, dtype=np.float64) * self.calls, "moves": np.ones((5, 4), np.uint8)}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(tablecache.ENV, str(tmp_path / "tables"))
    return tmp_path / "tables"


def test_a_table_is_solved_once_then_read(folder):
    solve = Solver()
    first = tablecache.cached_arrays("toy", {"size": 5}, solve)
    again = tablecache.cached_arrays("toy", {"size": 5}, solve)
    other = tablecache.cached_arrays("toy", {"size": 6}, solve)
    assert solve.calls == 2  # the second key is another table
    assert np.array_equal(first["values"], again["values"]) and again["moves"].dtype == np.uint8
    assert not np.array_equal(other["values"], first["values"])
    assert len(list(folder.glob("toy-*.npz"))) == 2 and not list(folder.glob("*.part"))


@pytest.mark.parametrize("damage", [b"", b"PK\x03\x04 not a zip", None])
def test_a_damaged_or_unexpected_file_is_solved_again(folder, damage):
    solve = Solver()
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    path = tablecache.path_of("toy", {"size": 5})
    if damage is not None:
        path.write_bytes(damage)
    check = (lambda arrays: True) if damage is not None else (lambda arrays: "extra" in arrays)
    again = tablecache.cached_arrays("toy", {"size": 5}, solve, check)
    assert solve.calls == 2 and again["values"][1] == 2.0
    assert np.array_equal(tablecache.cached_arrays("toy", {"size": 5}, solve)["values"],
                          again["values"])  # the new solve replaced the file


@pytest.mark.parametrize("setting", ["off", ""])
def test_the_cache_off_solves_every_time(monkeypatch, tmp_path, setting):
    monkeypatch.setenv(tablecache.ENV, setting)
    solve = Solver()
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    assert solve.calls == 2 and tablecache.folder() is None


def test_an_unwritable_folder_costs_only_the_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would be")
    monkeypatch.setenv(tablecache.ENV, str(blocker / "tables"))
    solve = Solver()
    assert tablecache.cached_arrays("toy", {"size": 5}, solve)["values"][1] == 1.0
    assert tablecache.cached_arrays("toy", {"size": 5}, solve)["values"][1] == 2.0


def test_the_default_folder_is_the_users_cache(monkeypatch, tmp_path):
    monkeypatch.delenv(tablecache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert tablecache.folder() == tmp_path / "numbergames"


def test_man_homes_solitaire_table_from_the_cache_is_the_solve(folder):
    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    policies._solitaire.cache_clear()
    try:
        written = policies._solitaire(rules.board_rows, rules.men_per_player, rules.men_to_win)
        policies._solitaire.cache_clear()
        read = policies._solitaire(rules.board_rows, rules.men_per_player, rules.men_to_win)
    finally:
        policies._solitaire.cache_clear()
    fresh = solve_solitaire(rules, cap=policies.SOLITAIRE_CAP)
    assert len(list(folder.glob("manhome-solitaire-*.npz"))) == 1
    for table in (written, read):
        assert np.array_equal(table.turns, fresh.turns)
        assert np.array_equal(table.decisions, fresh.decisions)
        assert (table.sweeps, table.updates, table.cap) == (fresh.sweeps, fresh.updates, fresh.cap)


# --- issue 41: a cached table is sealed; what is not ours, or not whole, is solved again ---

def _old_style(path, **arrays) -> None:
    """A table written as the cache wrote them before it sealed them: a bare ``.npz``."""
    with open(path, "wb") as file:
        np.savez(file, **arrays)


def _huge_npz(path) -> None:
    """An ``.npz`` whose one array's header claims 10^13 float64s (80 TB) over a few bytes."""
    import io
    import zipfile

    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": "<f8", "fortran_order": False, "shape": (10**13,)})
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("values.npy", header.getvalue() + bytes(64))
        archive.writestr("moves.npy", header.getvalue() + bytes(64))


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "huge header", "old style"])
def test_a_table_that_fails_its_seal_is_solved_again_saying_so(folder, capsys, damage):
    solve = Solver()
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    path = tablecache.path_of("toy", {"size": 5})
    sealed = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(sealed[: len(sealed) // 2])
    elif damage == "flipped byte":
        flipped = bytearray(sealed)
        flipped[len(sealed) - 40] ^= 0x01  # in the archive's directory
        path.write_bytes(bytes(flipped))
    elif damage == "huge header":
        _huge_npz(path)
    else:  # the right names, shapes and dtypes, other values, no seal
        _old_style(path, values=np.full(5, 99.0), moves=np.ones((5, 4), np.uint8))
    capsys.readouterr()
    again = tablecache.cached_arrays("toy", {"size": 5}, solve)
    assert solve.calls == 2 and np.array_equal(again["values"], np.arange(5) * 2.0)
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "solving it again" in said[0] and path.name in said[0], said
    assert tablecache.cached_arrays("toy", {"size": 5}, solve)["values"][1] == 2.0  # resealed
    assert solve.calls == 2


def test_a_sealed_table_under_another_key_is_not_taken(folder):
    solve = Solver()
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    tablecache.path_of("toy", {"size": 5}).replace(tablecache.path_of("toy", {"size": 6}))
    assert tablecache.cached_arrays("toy", {"size": 6}, solve)["values"][1] == 2.0


def test_a_crafted_expert_table_of_the_right_shape_is_not_used(folder, capsys):
    """A table of the right names, shapes and dtypes but other values (the expert then
    played games twice as long: 46.14 turns for 21.98) is solved again, not used."""
    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    fresh = solve_solitaire(rules, cap=policies.SOLITAIRE_CAP)
    policies._solitaire.cache_clear()
    try:
        policies._solitaire(rules.board_rows, rules.men_per_player, rules.men_to_win)
        [path] = folder.glob("manhome-solitaire-*.npz")
        _old_style(path, turns=fresh.turns[::-1].copy(), decisions=fresh.decisions[::-1].copy(),
                   counts=np.array([fresh.sweeps, fresh.updates]), seconds=np.array(1.0))
        policies._solitaire.cache_clear()
        read = policies._solitaire(rules.board_rows, rules.men_per_player, rules.men_to_win)
    finally:
        policies._solitaire.cache_clear()
    assert np.array_equal(read.turns, fresh.turns)
    assert np.array_equal(read.decisions, fresh.decisions)
    assert "solving it again" in capsys.readouterr().err


def test_a_fifo_in_a_tables_place_does_not_block(folder):
    """A FIFO where a table would be: opened for reading it would wait for ever for a
    writer. The command runs in a subprocess; its deadline only bounds a hang."""
    import os
    import subprocess
    import sys

    path = tablecache.path_of("toy", {"size": 5})
    folder.mkdir(parents=True)
    os.mkfifo(path)
    code = ("import numpy as np; from solver import tablecache; "
            "t = tablecache.cached_arrays('toy', {'size': 5}, lambda: {'values': np.arange(3.0)}); "
            "print(t['values'].sum())")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60, env={**os.environ, tablecache.ENV: str(folder)})
    except subprocess.TimeoutExpired:
        pytest.fail("reading the cache blocked on a FIFO")
    assert done.returncode == 0 and done.stdout.strip() == "3.0", done.stderr
    assert "not a regular file" in done.stderr
    assert path.is_file()  # the FIFO replaced by the table


def test_a_symlink_in_a_tables_place_is_not_followed(folder, tmp_path):
    solve = Solver()
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    path = tablecache.path_of("toy", {"size": 5})
    elsewhere = tmp_path / "elsewhere.npz"
    path.replace(elsewhere)
    path.symlink_to(elsewhere)
    assert tablecache.cached_arrays("toy", {"size": 5}, solve)["values"][1] == 2.0
    assert not path.is_symlink()


@pytest.mark.parametrize("home", ["", "/", "relative/home", "missing"])
def test_no_cache_without_a_real_home(monkeypatch, tmp_path, capsys, home):
    """``HOME=''`` made the cache ``/.cache/numbergames``, at the file system's root. Without
    a usable home (empty, ``/``, relative, not a folder) and without ``XDG_CACHE_HOME``
    there is no cache: tables are solved in each command, said once."""
    monkeypatch.delenv(tablecache.ENV, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "missing") if home == "missing" else home)
    monkeypatch.setattr(tablecache, "_said_no_home", False, raising=False)
    assert tablecache.folder() is None
    solve = Solver()
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    tablecache.cached_arrays("toy", {"size": 5}, solve)
    assert solve.calls == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "NUMBERGAMES_CACHE" in said[0], said


def test_a_real_home_keeps_the_cache(monkeypatch, tmp_path):
    monkeypatch.delenv(tablecache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # not absolute: ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path))
    assert tablecache.folder() == tmp_path / ".cache" / "numbergames"
