"""A damaged results store: a byte flipped anywhere in the file gives the same figures as the
sound store or one line and exit status 2; never a traceback, never a wrong figure."""
import gc
import json
import random
import re
import sqlite3

import numpy as np
import pytest

from analysis import runner
from analysis.cli import main
from analysis.store import run_identity
from solver.manhome.rules import ManHomeRules

C = 200
"""A small chunk size: --sims 700 is three full chunks and a short one."""
COMMAND = ["manhome", "--sims", "700", "--policy", "random", "--seed", "3", "--workers", "1",
           "--quiet"]
FIGURES = ("games", "unfinished", "wins_by_seat", "win_rate_by_seat", "win_rate_ci_by_seat",
           "first_player_advantage", "first_player_advantage_ci", "first_player_p_value",
           "turns_mean", "turns_median", "turns_p10", "turns_p90", "turns_max", "turns_std",
           "balance", "completion", "decision_rate")


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    monkeypatch.setattr(runner, "CHUNK_SIZE", C)


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
    summary = json.loads((folder / "summary.json").read_text())
    with np.load(folder / "games.npz", allow_pickle=False) as games:
        columns = {name: games[name] for name in games.files}
    return {k: summary[k] for k in FIGURES}, columns


def test_a_byte_flipped_anywhere_is_one_line_or_the_right_figures(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main([*COMMAND, "--store", "good.sqlite", "--out", "first"]) == 0
    gc.collect()  # the command's store is closed; the whole store into the main file:
    with sqlite3.connect("good.sqlite") as db:
        assert db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    db.close()
    sound = (tmp_path / "good.sqlite").read_bytes()
    assert main([*COMMAND, "--store", "good.sqlite", "--out", "ref"]) == 0  # from the store
    expected = _figures(tmp_path / "ref")
    key = run_identity("manhome", ManHomeRules(), ("random", "random"), 3).key
    positions = _positions(sound, tmp_path / "good.sqlite", key)
    assert len(positions) > 40
    capsys.readouterr()
    outcomes = {}
    for number, position in enumerate(positions):
        folder = tmp_path / f"flip{number}"
        folder.mkdir()
        damaged = bytearray(sound)
        damaged[position] ^= (0x01, 0xFF, 0x10, 0x02)[number % 4]
        (folder / "s.sqlite").write_bytes(bytes(damaged))
        status = main([*COMMAND, "--store", str(folder / "s.sqlite"), "--out", str(folder / "out")])
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
