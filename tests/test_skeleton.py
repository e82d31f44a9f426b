"""One skeleton for every game: each registered game package has the same core modules in
the same roles, so that a reader who knows one game finds their way in another.

=============== =====================================================================
``RULES.md``    the numbered rules, every interpretation and the parameter that flips it
``__init__.py`` the registration: what the game is (:class:`GameSpec`)
``rules.py``    the rules dataclass (defaults: the pinned reading)
``state.py``    the decision API's ``State``: the reference engine
``policies.py`` the players over that API (``PLAYERS``, ``make_policy``)
``kernel.py``   the binding to the C kernel (``play_chunk``, ``kernel_state``, ``state_view``)
``columns.py``  the result columns (``COLUMNS``)
``exact.py``    the exact analysis, where the game has one (not every game does)
=============== =====================================================================

A game's other modules are its own concepts (a board, moves, a search); none repeats a
core module's role under a near name (``states.py`` beside ``state.py``), and ``engine.py``
is not a core role: the reference engine is ``state.py``."""
import importlib
from pathlib import Path

import pytest
from numbergames.solver.registry import GAME_PACKAGES, games

CORE = ("RULES.md", "__init__.py", "rules.py", "state.py", "policies.py", "kernel.py",
        "columns.py")
PACKAGES = {package.rpartition(".")[2]: package for package in GAME_PACKAGES}


def folder(game: str) -> Path:
    return Path(importlib.import_module(PACKAGES[game]).__file__).parent


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_game_has_the_core_modules(game):
    missing = [name for name in CORE if not (folder(game) / name).is_file()]
    assert not missing, f"{game} lacks {', '.join(missing)}"


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_no_module_repeats_a_core_role_under_a_near_name(game):
    names = {path.stem for path in folder(game).glob("*.py")}
    near = {stem + "s" for stem in (n[:-3] for n in CORE if n.endswith(".py"))}
    near |= {stem[:-1] for stem in (n[:-3] for n in CORE if n.endswith("s.py"))}
    assert not names & near, sorted(names & near)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_core_modules_hold_their_roles(game):
    spec, package = games()[game], PACKAGES[game]
    state = importlib.import_module(package + ".state")
    policies = importlib.import_module(package + ".policies")
    assert spec.new_state.__module__ == state.__name__
    assert spec.players is policies.PLAYERS and spec.make_player is policies.make_policy
    assert spec.rules.__module__ == package + ".rules"
    assert spec.columns is importlib.import_module(package + ".columns").COLUMNS
    assert spec.kernel.module().__name__ == package + ".kernel"
