"""Every game declares its result columns once, in the same place: ``COLUMNS`` of its
``columns`` module, which its registration takes as they are; the reference engine's row and
the kernel's arrays have exactly those columns (after the standard ones), in that order."""
import importlib

import numpy as np
import pytest
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.solver.registry import GAME_PACKAGES, STANDARD_COLUMNS, games

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
