"""Man Home rules as data, and the rulebook's own examples."""
import pytest

from numbergames.solver.manhome.state import ACTION_OF_ROLL, Kind, Move, action_moves
from numbergames.solver.manhome.rules import PRIME_FACTORS, ManHomeRules, new_man_square
from numbergames.solver.params import RulesError, Variant, parse_assignments


# -- the rulebook's examples -----------------------------------------------------------
def test_subtraction_example_18():
    # "If your man is on 18, your unique prime factors are 2 and 3. Subtract 2 to place
    # your man on 16, or subtract by 3 to place your man on 15."
    assert PRIME_FACTORS[18] == (2, 3)
    assert action_moves([18], Kind.SUB_PRIME) == [Move(18, 16), Move(18, 15)]


def test_division_example_44():
    # "If your man is on 44, you may divide by 2 and place your man on 22, or you divide
    # by 11 and place your man on 4."
    assert action_moves([44], Kind.DIV_PRIME) == [Move(44, 22), Move(44, 4)]


def test_new_man_dice():
    # "The 12-die goes up in multiples of six (12=0). The 6-die goes right in increments
    # of one (6=0)."
    assert new_man_square(12, 6) == 0
    assert new_man_square(12, 1) == 1
    assert new_man_square(1, 6) == 6
    assert new_man_square(11, 5) == 71
    squares = sorted(new_man_square(a, b) for a in range(1, 13) for b in range(1, 7))
    assert squares == list(range(72))


def test_action_die():
    # 1 or 5 = subtract by one; 2 or 4 = subtract a prime factor; 3 or 6 = divide.
    assert [ACTION_OF_ROLL[r] for r in range(1, 7)] == [
        Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME, Kind.SUB_PRIME, Kind.SUB_ONE, Kind.DIV_PRIME]


def test_primes_beyond_three_are_six_k_plus_or_minus_one():
    # The designer's note: every prime greater than 3 is a multiple of six plus or minus one.
    primes = [s for s in range(5, 72) if PRIME_FACTORS[s] == (s,)]
    assert primes and all(p % 6 in (1, 5) for p in primes)


def test_every_square_has_a_prime_and_every_action_goes_down():
    for s in range(2, 72):
        assert PRIME_FACTORS[s]
        for kind in (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME):
            assert all(0 <= m.target < s for m in action_moves([s], kind))


# -- rules as data --------------------------------------------------------------------
def test_defaults_follow_the_spec():
    r = ManHomeRules()
    assert (r.players, r.men_per_player, r.men_to_win, r.tie, r.extra_turn, r.max_turns) == (
        2, 6, 3, "defender", True, 10_000)


def test_values_from_strings():
    r = ManHomeRules.from_values(parse_assignments(
        ["tie=reroll", "men_to_win=4", "extra_turn=off", "players=3", "max_turns=1e4"]))
    assert (r.tie, r.men_to_win, r.extra_turn, r.players, r.max_turns) == ("reroll", 4, False, 3, 10_000)
    assert r.changed() == {"players": 3, "men_to_win": 4, "tie": "reroll", "extra_turn": False}


@pytest.mark.parametrize("values, words", [
    ({"colour": "red"}, "unknown rules parameter 'colour' for manhome; allowed: players, "),
    ({"players": "1"}, "bad value 1 for players; allowed: an integer in 2..8"),
    ({"players": "99"}, "allowed: an integer in 2..8"),
    ({"players": "2.5"}, "bad value '2.5' for players"),
    ({"tie": "coin"}, "allowed: defender | attacker | reroll"),
    ({"extra_turn": "maybe"}, "allowed: true | false"),
    ({"men_to_win": "7"}, "men_to_win"),
    ({"men_per_player": "2"}, "men_to_win; allowed: an integer in 1..men_per_player (2)"),
    ({"max_turns": "0"}, "max_turns"),
])
def test_bad_values_say_what_is_allowed(values, words):
    with pytest.raises(RulesError, match=None) as info:
        ManHomeRules.from_values(values)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_python_values_are_checked_too():
    with pytest.raises(RulesError):
        ManHomeRules(players=True)
    with pytest.raises(RulesError):
        ManHomeRules(tie="sometimes")


@pytest.mark.parametrize("item", ["tie", "=3", "tie=", ""])
def test_bad_assignments(item):
    with pytest.raises(RulesError, match="expected name=value"):
        parse_assignments([item])


def test_variant_file(tmp_path):
    path = tmp_path / "four.toml"
    path.write_text('name = "four-home"\ngame = "manhome"\n[rules]\nmen_to_win = 4\ntie = "attacker"\n')
    variant = Variant.load(path)
    rules = variant.apply(ManHomeRules)
    assert variant.name == "four-home" and rules.men_to_win == 4 and rules.tie == "attacker"
    path.write_text("[rules]\nextra_turn = false\n")
    assert Variant.load(path).name == "four" and Variant.load(path).apply(ManHomeRules).extra_turn is False


@pytest.mark.parametrize("text, words", [
    ("[rules\n", "malformed variant file"),
    ("colour = 1\n", "unknown key 'colour' in variant file"),
    ("[rules]\nspeed = 3\n", "unknown rules parameter 'speed'"),
    ("[rules]\nmen_to_win = 'three'\n", "bad value 'three' for men_to_win"),
    ("[rules]\nextra_turn = 1\n", "bad value 1 for extra_turn"),
    ("rules = 3\n", "must be a table"),
    ('game = "shoo"\n', "is for game 'shoo'"),
])
def test_bad_variant_files(tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(RulesError) as info:
        Variant.load(path).apply(ManHomeRules)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_missing_variant_file(tmp_path):
    with pytest.raises(RulesError, match="not found"):
        Variant.load(tmp_path / "nope.toml")
