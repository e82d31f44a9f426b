"""Every game declares its result columns once, in the same place: ``COLUMNS`` of its
``columns`` module, which its registration takes as they are; the reference engine's row and
the kernel's arrays have exactly those columns (after the standard ones), in that order.
Its derived columns (``DERIVED``: ``termination`` first, how each game ended, issue 42) are
computed from those and the rules: both engines' rows give the same."""
import importlib

import numpy as np
import pytest
from numbergames.analysis.running.chunks import chunk_keys, expand
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
