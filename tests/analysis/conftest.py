"""Fixtures shared by the analysis tests."""
from pathlib import Path

import pytest

from solver import registry

HERE = Path(__file__).parent


@pytest.fixture
def toy(monkeypatch):
    """A second game, registered for the test only (the analysis layer never names games)."""
    monkeypatch.syspath_prepend(str(HERE))
    import toygame

    registry.games()  # the real games first
    monkeypatch.setitem(registry._GAMES, "toy", toygame.SPEC)
    return toygame.SPEC
