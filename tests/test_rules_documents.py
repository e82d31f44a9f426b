"""Every game whose RULES.md has a parameter table lists there each rules parameter, in
order, with its default and allowed values as the rules dataclass declares them."""
import re
from pathlib import Path

import pytest

from numbergames.solver import registry
from numbergames.solver.params import value_text

TABLED = ("sosooyoo", "sumoku", "shoo")
"""Games whose RULES.md has the table ``| `name` | default | allowed | rule | meaning |``."""


def rules_md(game: str) -> Path:
    spec = registry.games()[game]
    return Path(__import__(spec.rules.__module__, fromlist=["_"]).__file__).with_name("RULES.md")


def parameter_table(path: Path) -> dict[str, list[str]]:
    """``name -> [default, allowed, rule, meaning]`` of the table's rows."""
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| `(\w+)` \| (.*?) \| (.*?) \| (.*?) \| (.*?) \|$", line)
        if match:
            rows[match.group(1)] = [match.group(i) for i in range(2, 6)]
    return rows


@pytest.mark.parametrize("game", TABLED)
def test_rules_md_lists_every_parameter_with_its_default_and_range(game):
    rules = registry.games()[game].rules
    table = parameter_table(rules_md(game))
    specs = rules.parameters()
    assert list(table) == list(specs)
    defaults = rules()
    for name, spec in specs.items():
        default, allowed, _, _ = table[name]
        assert default.strip("`").replace(",", "") == value_text(getattr(defaults, name)), name
        if spec.choices:
            assert allowed == ", ".join(f"`{c}`" for c in spec.choices), name
        elif spec.kind is bool:
            assert set(allowed.split(", ")) == {"`true`", "`false`"}, name
        elif spec.kind is float:
            assert allowed == f"a number in {spec.low:g}..{spec.high:g}", name
        else:
            assert allowed.replace(",", "") == f"{spec.low}..{spec.high}", name


CITES_EVERY = {"shoo"}
"""Games whose table cites only rules that each name the parameter (the others: at least
one of the rules cited names it)."""


@pytest.mark.parametrize("game", TABLED)
def test_rules_md_names_each_parameter_in_the_rule_it_cites(game):
    path = rules_md(game)
    text = path.read_text(encoding="utf-8")
    rules = {int(m.group(1)): m.group(2) for m in re.finditer(
        r"^(\d+)\. (.*?)(?=^\d+\. |^#+ |\Z)", text, flags=re.M | re.S)}
    assert sorted(rules) == list(range(1, len(rules) + 1))
    every = all if game in CITES_EVERY else any
    for name, (_, _, cited, _) in parameter_table(path).items():
        numbers = [int(n) for n in re.findall(r"\d+", cited)]
        assert numbers and every(f"`{name}`" in rules[n] or f"`{name} =" in rules[n]
                                 for n in numbers), (name, numbers)
