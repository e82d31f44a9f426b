"""Sumoku rules as data (RULES.md's parameter table: tests/test_rules_documents.py)."""
import pytest

from numbergames.solver.params import RulesError, Variant, parse_assignments, value_text
from numbergames.solver.sumoku.rules import KEYS, SumokuRules


def test_defaults_follow_the_spec():
    r = SumokuRules()
    assert (r.players, r.key, r.hand, r.six_is_nine, r.six_value) == (2, "die", 8, True,
                                                                      "per_tile")
    assert (r.start, r.bonus, r.penalty, r.out_ends) == ("smallest_hand", True, True, False)
    assert r.fixed_key is None and SumokuRules(key="challenge").fixed_key is None


def test_values_from_strings_python_and_toml(tmp_path):
    r = SumokuRules.from_values(parse_assignments(["key=5", "players=4", "stuck=draw"]))
    assert (r.key, r.fixed_key, r.players, r.stuck) == ("5", 5, 4, "draw")
    assert r.changed() == {"players": 4, "key": "5", "stuck": "draw"}
    assert SumokuRules(key=7).key == "7" and value_text(SumokuRules(key=7).key) == "7"
    path = tmp_path / "key7.toml"
    path.write_text('game = "sumoku"\n[rules]\nkey = 7\nsix_is_nine = false\n')
    r = Variant.load(path).apply(SumokuRules)
    assert (r.key, r.six_is_nine) == ("7", False)


@pytest.mark.parametrize("values, words", [
    ({"key": "2"}, "bad value '2' for key; allowed: die | challenge | 3 | 4 | 5 | 6 | 7 | 8 "
                   "| 9 | 10"),
    ({"key": "11"}, "allowed: die | challenge"),
    ({"key": 11}, "bad value 11 for key"),
    ({"key": True}, "bad value True for key"),
    ({"players": "1"}, "bad value 1 for players; allowed: an integer in 2..5"),
    ({"players": "9"}, "allowed: an integer in 2..5"),
    ({"hand": "0"}, "allowed: an integer in 1..16"),
    ({"single_tile": "first"}, "allowed: both | larger"),
    ({"colour": "red"}, "unknown rules parameter 'colour' for sumoku"),
])
def test_bad_values_say_what_is_allowed(values, words):
    with pytest.raises(RulesError) as info:
        SumokuRules.from_values(values)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_bad_values_from_python_raise_the_same_error():
    for values in ({"key": 2}, {"key": "dice"}, {"players": 6}, {"six_is_nine": "yes"}):
        with pytest.raises(RulesError):
            SumokuRules(**values)


# -- RULES.md ---------------------------------------------------------------------------
def test_the_key_choices_are_the_tiles_keys():
    assert SumokuRules.parameters()["key"].choices == KEYS
