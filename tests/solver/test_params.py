"""Rules parameters as data: float parameters beside the int, bool and str ones."""
import dataclasses
import math
import re

import numpy as np
import pytest

from numbergames.solver.params import Rules, RulesError, Variant, coerce, param, value_text


@dataclasses.dataclass(frozen=True)
class ToyRules(Rules):
    game = "toy"

    seats: int = param(2, "seats", low=2, high=6)
    fast: bool = param(False, "a switch")
    mode: str = param("a", "a choice", choices=("a", "b"))
    chance: float = param(0.0, "a probability", low=0.0, high=1.0)
    scale: float = param(2.5, "a factor", low=0.5, high=10.0)


def test_float_from_strings_toml_and_python():
    r = ToyRules.from_values({"chance": "0.1", "scale": "1e1"})
    assert (r.chance, r.scale) == (0.1, 10.0)
    assert ToyRules.from_values({"chance": 1}).chance == 1.0       # a TOML integer
    assert ToyRules(chance=0).chance == 0.0 and type(ToyRules(chance=0).chance) is float
    assert ToyRules(chance=1).changed() == {"chance": 1.0}
    assert ToyRules().changed() == {}


@pytest.mark.parametrize("values, words", [
    ({"chance": "1.5"}, "bad value 1.5 for chance; allowed: a number in 0..1"),
    ({"chance": "-0.01"}, "allowed: a number in 0..1"),
    ({"chance": "nan"}, "bad value nan for chance"),
    ({"chance": "inf"}, "allowed: a number in 0..1"),
    ({"chance": "often"}, "bad value 'often' for chance; allowed: a number in 0..1"),
    ({"chance": True}, "bad value True for chance"),
    ({"scale": "0.25"}, "allowed: a number in 0.5..10"),
])
def test_bad_floats_say_what_is_allowed(values, words):
    with pytest.raises(RulesError) as info:
        ToyRules.from_values(values)
    assert words in str(info.value)


def test_bad_float_from_python():
    with pytest.raises(RulesError, match="bad value True for chance"):
        ToyRules(chance=True)
    with pytest.raises(RulesError, match="bad value '0.1' for chance"):
        ToyRules(chance="0.1")


def test_ints_bools_and_strings_behave_as_before():
    r = ToyRules.from_values({"seats": "3", "fast": "on", "mode": "b"})
    assert (r.seats, r.fast, r.mode) == (3, True, "b")
    for values in ({"seats": "2.5"}, {"seats": 3.5}, {"seats": True}, {"seats": "7"},
                   {"fast": "maybe"}, {"mode": "c"}):
        with pytest.raises(RulesError):
            ToyRules.from_values(values)
    with pytest.raises(RulesError):
        ToyRules(seats=3.5)
    # a whole number typed as a float is that integer, in every path (issue 41)
    for r in (ToyRules(seats=3.0), ToyRules.from_values({"seats": 3.0})):
        assert r.seats == 3 and type(r.seats) is int


def test_value_text_reads_back():
    for value in (0.1, 0.0, 1.0, 1e-5, 0.3333333333333333, np.float64(0.25)):
        text = value_text(value)
        assert coerce("chance", ToyRules.parameters()["chance"], text) == float(value)
    assert value_text(np.float64(0.25)) == "0.25"


def test_float_needs_bounds():
    with pytest.raises(TypeError):
        param(0.5, "no bounds")


def test_variant_file_with_a_float(tmp_path):
    path = tmp_path / "learner.toml"
    path.write_text('name = "learner"\n[rules]\nchance = 0.2\nscale = 3\n')
    r = Variant.load(path).apply(ToyRules)
    assert (r.chance, r.scale) == (0.2, 3.0)
    assert not math.isnan(r.chance)


def _integers_of_every_game():
    from numbergames.solver.registry import games

    for spec in games().values():
        for name, param in spec.rules.parameters().items():
            numbers = [str(c) for c in param.choices or () if str(c).isdigit()]
            if param.kind is int:
                yield spec.name, name, str(getattr(spec.rules(), name))
            elif numbers:
                yield spec.name, name, numbers[-1]


@pytest.mark.parametrize("game, name, value", list(_integers_of_every_game()))
def test_a_whole_number_is_read_alike_in_every_game(game, name, value):
    # --set players=2.0 and horses=9.0 were accepted where Sumoku refused key=5.0: a whole
    # number written as a float is now read as that number for every integer parameter and
    # every choice that is a number, in every game; a fraction is refused by all
    from numbergames.solver.registry import find_game

    rules = find_game(game).rules
    for written in (value, f"{value}.0", f"{value}e0", f" {value}.00 "):
        assert str(getattr(rules.from_values({name: written}), name)) == value, written
    with pytest.raises(RulesError, match=f"bad value '{re.escape(value)}.5' for {name}"):
        rules.from_values({name: f"{value}.5"})


@pytest.mark.parametrize("game, name, value", list(_integers_of_every_game()))
def test_a_whole_number_reads_alike_in_a_variant_file_and_in_set(game, name, value, tmp_path):
    """``men_to_win = 3.0`` in a variant file was refused while ``--set men_to_win=3.0``
    was accepted: both give the integer (or the choice that is a number), and a fraction
    is refused by both."""
    from numbergames.analysis.searches.simulation import build_rules
    from numbergames.analysis.running.errors import UserError
    from numbergames.solver.registry import find_game

    spec = find_game(game)
    expected = spec.rules.from_values({name: value})
    for written in (f"{value}.0", f"{value}e0", value):
        path = tmp_path / "v.toml"
        path.write_text(f"[rules]\n{name} = {written}\n")
        from_file, _ = build_rules(spec, path)
        from_set, _ = build_rules(spec, None, {name: written})
        assert from_file == from_set == expected, written
        assert from_file.as_dict() == expected.as_dict()
        assert type(getattr(from_file, name)) is type(getattr(expected, name))
    path.write_text(f"[rules]\n{name} = {value}.5\n")
    for source in ((path, None), (None, {name: f"{value}.5"})):
        with pytest.raises(UserError, match=f"bad value '?{re.escape(value)}.5'? for {name}"):
            build_rules(spec, *source)


def test_a_lever_is_declared_with_its_kind():
    import dataclasses

    from numbergames.solver.params import GRADED, ORDER, Rules, param

    @dataclasses.dataclass(frozen=True)
    class Toy(Rules):
        players: int = param(2, "seats", low=2, high=4)
        bonus: int = param(0, "points a later seat starts with", low=0, high=9, lever=GRADED)
        order: str = param("fixed", "seats' order", choices=("fixed", "snake"), lever=ORDER)

    assert list(Toy.levers()) == ["bonus", "order"]
    assert Toy.levers()["bonus"].lever == GRADED
    for bad in (dict(lever="pie"), dict(lever=GRADED, choices=("a", "b"))):
        with pytest.raises(TypeError):
            param("a" if "choices" in bad else 0, "x", **bad)
    with pytest.raises(TypeError):
        param(0, "x", low=0, high=3, lever=ORDER)


def test_a_lever_at_its_default_is_not_in_the_rules_record():
    """A compensation rule at its default compensates nothing: the rules' record (a run's
    identity, a report's summary) is the one the game had before the lever existed."""
    import dataclasses

    from numbergames.solver.params import GRADED, Rules, param

    @dataclasses.dataclass(frozen=True)
    class Toy(Rules):
        players: int = param(2, "seats", low=2, high=4)
        bonus: int = param(0, "points a later seat starts with", low=0, high=9, lever=GRADED)

    assert Toy().as_dict() == {"players": 2}
    assert Toy(bonus=3).as_dict() == {"players": 2, "bonus": 3}
    assert Toy().as_dict(every=True) == {"players": 2, "bonus": 0}
    assert Toy().changed() == {} and Toy(bonus=3).changed() == {"bonus": 3}
