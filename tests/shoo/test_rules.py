"""Shoo rules as data (RULES.md's parameter table: tests/test_rules_documents.py)."""
import pytest

from numbergames.solver.params import RulesError, Variant, parse_assignments
from numbergames.solver.shoo.rules import ShooRules


def test_defaults_follow_the_spec():
    r = ShooRules()
    assert (r.horses, r.corners, r.hush, r.max_plies, r.leave_home) == (
        9, "diagonal", "illegal", 600, False)
    assert r.stable_horses == 4 and r.first == 0 and r.odd_horse_seat == 1
    assert ShooRules(horses=7).stable_horses == 3


def test_the_opening_choice_decides_who_moves_first_and_who_has_five_horses():
    assert (ShooRules(opening="extra_horse").first,
            ShooRules(opening="extra_horse").odd_horse_seat) == (1, 0)
    assert ShooRules(odd_horse="field").odd_horse_seat is None
    # the odd horse stays on the field only when the toss winner took the first move
    assert ShooRules(opening="extra_horse", odd_horse="field").odd_horse_seat == 0


def test_values_from_strings():
    r = ShooRules.from_values(parse_assignments(
        ["horses=7", "hush=shoo_off", "leave_home=on", "max_plies=1e3", "repetition=3"]))
    assert (r.horses, r.hush, r.leave_home, r.max_plies, r.repetition) == (
        7, "shoo_off", True, 1000, 3)
    assert r.changed() == {"horses": 7, "hush": "shoo_off", "leave_home": True,
                           "max_plies": 1000, "repetition": 3}


@pytest.mark.parametrize("values, words", [
    ({"horses": "8"}, "bad value 8 for horses; allowed: 7 | 9"),
    ({"horses": "10"}, "bad value 10 for horses; allowed: 7 | 9"),
    ({"horses": "many"}, "bad value 'many' for horses; allowed: 7 | 9"),
    ({"hush": "loud"}, "allowed: illegal | lose_move | shoo_off | off"),
    ({"corners": "round"}, "allowed: diagonal | same_side"),
    ({"max_plies": "0"}, "allowed: an integer in 1..100000"),
    ({"repetition": "1"}, "bad value 1 for repetition; allowed: 0 (off) or an integer in 2..10"),
    ({"horse": "9"}, "unknown rules parameter 'horse' for shoo"),
])
def test_bad_values_say_what_is_allowed(values, words):
    with pytest.raises(RulesError) as info:
        ShooRules.from_values(values)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_horses_8_from_python_is_refused_too():
    with pytest.raises(RulesError, match="allowed: 7 | 9"):
        ShooRules(horses=8)


def test_variant_file(tmp_path):
    path = tmp_path / "seven.toml"
    path.write_text('game = "shoo"\n[rules]\nhorses = 7\nhush = "lose_move"\n')
    r = Variant.load(path).apply(ShooRules)
    assert (r.horses, r.hush) == (7, "lose_move")


# -- RULES.md ---------------------------------------------------------------------------
def test_horses_8_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys):
    from numbergames.analyze.cli import main

    out = tmp_path / "never"
    assert main(["shoo", "--sims", "10", "--no-store", "--out", str(out),
                 "--set", "horses=8"]) == 2
    err = capsys.readouterr().err
    assert err == "analyze: error: bad value 8 for horses; allowed: 7 | 9\n"
    assert not out.exists()
