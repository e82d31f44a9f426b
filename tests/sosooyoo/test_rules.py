"""So-Soo-Yoo rules as data and the placement dice (RULES.md's parameter table:
tests/test_rules_documents.py)."""
import pytest

from numbergames.solver.params import RulesError, Variant, parse_assignments, value_text
from numbergames.solver.sosooyoo.rules import (COLOURS, SoSooYooRules, placement_number,
                                   placement_outcome)


def test_defaults_follow_the_spec():
    r = SoSooYooRules()
    assert (r.players, r.board_size, r.jumps, r.warps, r.prime_bubble, r.say_error) == (
        4, 199, True, True, True, 0.0)
    assert r.ring_on_ring == "reroll" and r.exact_count and r.ring_limit == 10
    assert r.colours == COLOURS[:4] and len(COLOURS) == 6


def test_values_from_strings():
    r = SoSooYooRules.from_values(parse_assignments(
        ["say_error=0.1", "board_size=60", "jumps=off", "players=6", "double_zero=reroll"]))
    assert (r.say_error, r.board_size, r.jumps, r.players, r.double_zero) == (
        0.1, 60, False, 6, "reroll")
    assert r.changed() == {"players": 6, "board_size": 60, "jumps": False, "say_error": 0.1,
                           "double_zero": "reroll"}
    assert value_text(r.say_error) == "0.1"


@pytest.mark.parametrize("values, words", [
    ({"board_size": "1"}, "bad value 1 for board_size; allowed: an integer in 12..199"),
    ({"board_size": "200"}, "allowed: an integer in 12..199"),
    ({"players": "1"}, "allowed: an integer in 2..6"),
    ({"players": "7"}, "allowed: an integer in 2..6"),
    ({"say_error": "1.5"}, "bad value 1.5 for say_error; allowed: a number in 0..1"),
    ({"say_error": "sometimes"}, "allowed: a number in 0..1"),
    ({"ring_on_ring": "stack"}, "allowed: reroll | share"),
    ({"ring_limit": "5"}, "allowed: an integer in 6..60"),
    ({"colour": "red"}, "unknown rules parameter 'colour' for sosooyoo"),
])
def test_bad_values_say_what_is_allowed(values, words):
    with pytest.raises(RulesError) as info:
        SoSooYooRules.from_values(values)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_variant_file(tmp_path):
    path = tmp_path / "learner.toml"
    path.write_text('game = "sosooyoo"\n[rules]\nsay_error = 0.25\nwarps = false\n')
    r = Variant.load(path).apply(SoSooYooRules)
    assert (r.say_error, r.warps) == (0.25, False)


def test_placement_dice():
    # "if the 20-sided die reads two and the 10-sided die reads one, it's the number
    # twenty-one. If the 20-sided reads seventeen and the 10-sided reads three, it's 173."
    assert placement_number(2, 1) == 21 and placement_number(17, 3) == 173
    rolls = [placement_number(t, u) for t in range(20) for u in range(10)]
    assert sorted(rolls) == list(range(200))
    assert placement_outcome(0) == "double zero"
    assert [placement_outcome(n, 12) for n in (1, 12, 13, 199)] == ["space", "space", "reroll", "reroll"]
    with pytest.raises(ValueError):
        placement_number(20, 0)


# -- RULES.md ---------------------------------------------------------------------------
