"""The solved-table cache (solver/tablecache.py): a table is solved once and then read, a
damaged or unexpected file is solved again, and the cache off or unwritable costs nothing
but the cache."""
from __future__ import annotations

import numpy as np
import pytest

from solver import tablecache
from solver.manhome import policies
from solver.manhome.rules import ManHomeRules
from solver.manhome.solitaire import solve_solitaire


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
