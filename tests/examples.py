"""The example games of ``examples/`` as data for the suites that run over every game
(``tests/test_conformance.py``, ``tests/test_decision_api.py``), as the toy games are.

An example game registers itself on import; the suites' other parametrizations read the
registry when they are collected, in the same process, so the registry is left as it was:
a test that plays an example game registers it for itself (``monkeypatch.setitem``)."""
import importlib

from numbergames.solver import registry

EXAMPLES = ("examples.pig",)


def example_specs() -> list[registry.GameSpec]:
    """The ``SPEC`` of every example game, the registry left as it was."""
    before = dict(registry._GAMES)
    try:
        return [importlib.import_module(name).SPEC for name in EXAMPLES]
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(before)
