"""The decision API's type names (:mod:`numbergames.solver.decision`: ``Seat``, ``Action``,
``Key``) in the contract's signatures: the base State, every game's state module and the
game contract's reference engine."""
import inspect

import pytest
from numbergames.solver import decision, registry
from numbergames.solver.registry import games
from tests.examples import example_specs

SIGNATURES = {
    "current_player": ({}, "Seat"),
    "legal_actions": ({}, "list[Action]"),
    "apply_action": ({"action": "Action"}, "None"),
    "chance_outcomes": ({}, "list[tuple[Action, float]]"),
    "draw_chance": ({}, "Action"),
    "action_to_string": ({"action": "Action"}, "str"),
}
STATES = {"State": decision.State,
          **{spec.name: spec.new_state for spec in [*games().values(), *example_specs()]}}


def test_the_names_are_ints():
    assert decision.Seat is int and decision.Action is int and decision.Key is int


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_state_signs_with_the_type_names(name):
    cls = STATES[name]
    for method, (parameters, returned) in SIGNATURES.items():
        signature = inspect.signature(getattr(cls, method))
        assert str(signature.return_annotation) == returned, (method, signature)
        for parameter, annotation in parameters.items():
            assert signature.parameters[parameter].annotation == annotation, (method, signature)


def test_the_contract_takes_a_key():
    hints = inspect.get_annotations(registry.GameSpec)
    assert "Key" in hints["reference"]
    for spec in games().values():
        assert inspect.signature(spec.reference).parameters["key"].annotation == "Key"
