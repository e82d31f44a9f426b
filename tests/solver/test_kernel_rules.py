"""Every game's rules reach C through one struct made from the rules dataclass
(numbergames.solver.kernel_rules): the build's constants.pxd holds it with a member a field,
and the kernel's Setup takes exactly the dataclass's fields, refusing a missing or an extra
one, so that a rules field added to the dataclass cannot be quietly left out of C."""
import copy
import dataclasses
import importlib
from pathlib import Path

import pytest

from numbergames.solver import kernel_rules
from numbergames.solver.registry import find_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["manhome", "shoo", "sosooyoo", "sumoku"]


def kernel(game):
    spec = find_game(game)
    module = importlib.import_module(f"numbergames.solver.{game}.kernel")
    play = importlib.import_module(f"numbergames.cext.{game}.play")
    rules = spec.rules()
    config = module.config(rules, [spec.players.fixed[0]] * spec.seats(rules))
    return module, play, rules, config


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_struct_has_a_member_for_every_field_of_the_dataclass(game):
    module, _, rules, config = kernel(game)
    assert module.RULES is type(rules)
    fields = [f.name for f in dataclasses.fields(rules) if f.init]
    assert list(config["rules"]) == fields
    text = kernel_rules.struct_text(module.RULES)
    members = [line.split()[1] for line in text.splitlines()
               if line.startswith("    ") and not line.strip().startswith("#")]
    assert members == fields
    built = (ROOT / "cext" / game / "constants.pxd").read_text(encoding="utf-8")
    assert text in built   # the kernel was compiled with the struct of today's dataclass


@pytest.mark.parametrize("game", GAMES)
def test_setup_takes_exactly_the_rules_fields(game):
    _, play, _, config = kernel(game)
    play.Setup(config)
    for change in ("missing", "extra"):
        rules = dict(config["rules"])
        if change == "missing":
            del rules["players" if "players" in rules else next(iter(rules))]
        else:
            rules["no_such_rule"] = 1
        with pytest.raises(ValueError):
            play.Setup({**config, "rules": rules})


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_reaches_c_as_its_index(game):
    module, _, rules, _ = kernel(game)
    for name, spec in type(rules).parameters().items():
        if spec.kind is str:
            last = spec.choices[-1]
            changed = copy.copy(rules)    # unchecked: the last choice may need other rules
            object.__setattr__(changed, name, last)     # (Sumoku's snake order, 3 seats)
            values = kernel_rules.values(changed)
            assert values[name] == len(spec.choices) - 1
            code = f"{name}_{last}".upper().replace("-", "_")
            assert kernel_rules.choice_codes(module.RULES).get(code) == values[name], code
