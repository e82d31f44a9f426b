"""Every game declares its result columns once, in the same place: ``COLUMNS`` of its
``columns`` module, which its registration takes as they are; the reference engine's row and
the kernel's arrays have exactly those columns (after the standard ones), in that order.
Its derived columns (``DERIVED``: ``termination`` first, how each game ended, issue 42) are
computed from those and the rules: both engines' rows give the same, and a table of games
shows them right after ``winner`` while the results store and ``games.npz`` keep the
engines' columns only."""
import importlib

import numpy as np
import pytest

import numbergames
from numbergames.analysis.reports import report
from numbergames.analysis.running.chunks import chunk_keys, expand
from numbergames.analysis.running.runner import run
from numbergames.analysis.running.store import Store
from numbergames.analysis.searches.simulation import PLAIN, Simulation
from numbergames.solver.registry import (GAME_PACKAGES, SEAT_PREFIX, STANDARD_COLUMNS,
                                         TERMINATION, games)

PACKAGES = dict(zip((package.rpartition(".")[2] for package in GAME_PACKAGES), GAME_PACKAGES))


def small(spec):
    rules = spec.rules.from_values(dict(spec.small_rules))
    policies = [spec.players.default] * spec.seats(rules)
    spec.players.prepare(rules, policies)
    return rules, policies


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_columns_are_declared_in_the_columns_module(game):
    declared = importlib.import_module(PACKAGES[game] + ".columns").COLUMNS
    assert games()[game].columns is declared


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_rows_have_the_declared_columns_in_the_declared_order(game):
    spec = games()[game]
    game_level = [c.name for c in spec.columns if not c.per_seat]
    per_seat = ["seat_" + c.name for c in spec.columns if c.per_seat]
    expected = [*STANDARD_COLUMNS, *game_level, *per_seat]
    assert list(spec.result_keys) == expected
    rules, policies = small(spec)
    keys = chunk_keys(5, 0, 3)
    for key in keys:
        assert list(spec.reference(rules, policies, int(key))) == expected
    fast = spec.play_chunk(rules, policies, keys)
    assert list(fast) == expected
    assert all(np.shape(fast[name])[0] == len(keys) for name in expected)


def table(spec, part):
    """A chunk's arrays, as the engines give them, as the columns of a table of games."""
    return expand(part, {SEAT_PREFIX + name: name for name in spec.per_seat})


def termination(spec, rules, rows):
    """How the games of the reference engine's ``rows`` (dicts, ``State.row()``) ended."""
    part = {key: np.array([row[key] for row in rows]) for key in spec.result_keys}
    return spec.derive(table(spec, part), rules)[TERMINATION]


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_game_derives_how_each_game_ended(game):
    spec = games()[game]
    assert spec.derived is importlib.import_module(PACKAGES[game] + ".columns").DERIVED
    first = spec.derived[0]
    assert first.name == TERMINATION and not first.per_seat and len(first.codes) >= 2
    rules, _ = small(spec)
    frame = set(spec.frame_columns(spec.seats(rules)))
    assert all(c.derive is not None and c.name not in frame for c in spec.derived)


ENDINGS = {
    "manhome": ({"max_turns": 4}, "random"),
    "sosooyoo": ({"max_turns": 12}, "popsicle"),
    "sumoku": ({"out_ends": True, "hand": 3, "players": 2}, "random"),
    "shoo": ({"max_plies": 8}, "random"),
}
"""Small rules and a player under which games end more than one way where the game allows
it in a few dozen games (Shoo's wins and repetitions are set up by hand:
tests/<game>/test_termination.py takes every code so)."""


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_both_engines_rows_give_the_same_termination(game):
    """The kernel plays 40 games; the reference engine the shortest of each code that comes
    up (the reference engines are slow), which must end the same way."""
    spec = games()[game]
    values, player = ENDINGS[game]
    rules = spec.rules.from_values({**spec.small_rules, **values})
    policies = [player] * spec.seats(rules)
    keys = chunk_keys(7, 0, 40)
    fast = table(spec, spec.play_chunk(rules, policies, keys))
    derived = spec.derive(fast, rules)[TERMINATION].tolist()
    assert set(derived) <= set(range(len(spec.derived[0].codes)))
    if "ended_by" in fast:  # Shoo: the engines' own record of it
        assert derived == fast["ended_by"].tolist()
    turns = fast["turns"].tolist()
    picked = [min((i for i, c in enumerate(derived) if c == code), key=turns.__getitem__)
              for code in sorted(set(derived))]
    reference = termination(spec, rules, [spec.reference(rules, policies, int(keys[i]))
                                          for i in picked])
    assert reference.tolist() == [derived[i] for i in picked]
    if game != "shoo":
        assert len(set(derived)) == len(spec.derived[0].codes)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_a_table_of_games_shows_termination_after_winner_and_the_store_keeps_none(game, tmp_path):
    spec = games()[game]
    rules, policies = small(spec)
    store = Store(tmp_path / "results.sqlite")
    result = run(spec, rules, policies, 5, seed=3, workers=1, store=store)
    columns = list(result.games.columns)
    assert columns == ["winner", TERMINATION, *spec.frame_columns(spec.seats(rules))[1:]]
    assert columns == list(spec.table_columns(rules))
    stored = store.find(store.identify(spec, rules, policies, 3).id)
    assert list(store.load_chunk(stored.key, 0, 5)) == list(spec.result_keys)
    assert store.load_games(stored).equals(result.games)


def test_games_npz_keeps_the_engines_columns_only(monkeypatch):
    spec = games()["manhome"]
    rules, policies = small(spec)
    result = run(spec, rules, policies, 5, seed=3, workers=1)
    simulation = Simulation(spec, rules, tuple(policies), 3, result.games, 0.0,
                            presentation=PLAIN)
    written = {}

    def write_folder(out_dir, summary, games, *args, **kwargs):  # the folder's writer
        written["games.npz"] = games
        return out_dir

    monkeypatch.setattr(report, "write_report", write_folder)
    simulation.write_report("scratch")
    assert list(written["games.npz"]) == list(spec.frame_columns(spec.seats(rules)))
    assert TERMINATION in simulation.games


def test_the_front_door_shows_termination_after_winner():
    game = numbergames.load_game("manhome", **games()["manhome"].small_rules)
    assert list(game.simulate(5, workers=1).games)[:2] == ["winner", TERMINATION]
