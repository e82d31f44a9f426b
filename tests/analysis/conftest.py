"""Fixtures shared by the analysis tests: toy games registered for one test only (the
analysis layer never names a game, so any game that registers gets every analysis)."""
from pathlib import Path

import pytest

from numbergames import studies
from numbergames.solver import registry

HERE = Path(__file__).parent


def _register(monkeypatch, module_name: str):
    monkeypatch.syspath_prepend(str(HERE))
    module = __import__(module_name)
    registry.games()  # the real games first
    monkeypatch.setitem(registry._GAMES, module.SPEC.name, module.SPEC)
    monkeypatch.setitem(studies._STUDIES, module.SPEC.name, module.STUDY)
    return module.SPEC


@pytest.fixture
def toy(monkeypatch):
    """A race for 2–3 players with dice (win/loss)."""
    return _register(monkeypatch, "toygame")


@pytest.fixture
def duel(monkeypatch):
    """A two-player game without dice and with draws (win/draw/loss)."""
    return _register(monkeypatch, "toyduel")


@pytest.fixture
def puzzle(monkeypatch):
    """A one-player puzzle with a score."""
    return _register(monkeypatch, "toypuzzle")


def _no_plots(path, previous, function, *args, inputs=None):
    """The plot cache's ``draw`` without drawing: an empty file where the plot would be."""
    path.write_bytes(b"")
    return False


@pytest.fixture
def no_plots(monkeypatch):
    """Reports without drawing their plots (0.2 s each), for tests of figures and pages;
    each plot is drawn by the tests of its own report."""
    from numbergames.analysis.reports import plotcache

    monkeypatch.setattr(plotcache, "draw", _no_plots)
