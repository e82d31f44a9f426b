"""Man Home's compensation rules (RULES.md, designer variants): ``head_start`` (extra turns
of the later seats at their first go) and ``order`` (of the goes), worked out by hand and
checked in both engines. The differential test plays them move for move
(tests/manhome/cases.py)."""
import numpy as np
import pytest

from numbergames.solver.manhome import kernel
from numbergames.solver.manhome.policies import make_policy
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import ManHomeState, play_game
from numbergames.solver.params import GRADED, ORDER, RulesError

KEYS = [3, 17, 2024]


def seats_of_turns(rules: ManHomeRules, key: int, names=None) -> list[int]:
    """The seat of every turn of the reference game of ``key`` (greedy in every seat)."""
    steps = []
    names = names or ["greedy"] * rules.players
    play_game(rules, [make_policy(n, rules) for n in names], key, trace=steps)
    return [step.seat for step in steps]


def test_the_levers_are_declared():
    levers = ManHomeRules.levers()
    assert {name: spec.lever for name, spec in levers.items()} == {"head_start": GRADED,
                                                                     "order": ORDER}
    assert ManHomeRules().head_start == 0 and ManHomeRules().order == "fixed"
    assert levers["head_start"].low == 0 and levers["order"].choices[0] == "fixed"


def test_two_seats_refuse_every_order_but_fixed():
    for order in ("rotate", "snake"):
        with pytest.raises(RulesError, match="^bad value '.*' for order with 2 players") as err:
            ManHomeRules(order=order)
        assert "\n" not in str(err.value)
        assert ManHomeRules(players=3, order=order).order == order


@pytest.mark.parametrize("order, expected", [
    ("fixed", [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
    ("rotate", [0, 1, 2, 1, 2, 0, 2, 0, 1, 0, 1, 2]),
    ("snake", [0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0]),
])
def test_the_order_of_goes_with_three_seats(order, expected):
    # without extra turns every turn is a go
    rules = ManHomeRules(players=3, order=order, extra_turn=False, max_turns=12)
    for key in KEYS:
        assert seats_of_turns(rules, key) == expected


@pytest.mark.parametrize("players, head_start, expected", [
    (2, 1, [0, 1, 1, 0, 1, 0]),
    (2, 3, [0, 1, 1, 1, 1, 0, 1, 0]),
    (3, 1, [0, 1, 2, 2, 0, 1, 2, 0]),      # seat 1: 1 // 2 = 0 extra turns, seat 2: 1
    (4, 2, [0, 1, 2, 2, 3, 3, 3, 0, 1, 2, 3]),  # seats 0..3: 0, 0, 1, 2
])
def test_head_start_turns_by_hand(players, head_start, expected):
    rules = ManHomeRules(players=players, head_start=head_start, extra_turn=False,
                         max_turns=len(expected))
    for key in KEYS:
        assert seats_of_turns(rules, key) == expected
        rows = kernel.play_chunk(rules, ["greedy"] * players, np.array([key], dtype=np.uint64))
        assert rows["seat_turns"][0].tolist() == [expected.count(s) for s in range(players)]


def test_head_start_turns_come_after_the_extra_turns_of_the_first_go():
    # seat 1's two head-start turns follow its whole first go, extra turns included
    rules = ManHomeRules(head_start=2)
    for key in range(40):
        steps = []
        play_game(rules, [make_policy("greedy", rules)] * 2, key, trace=steps)
        seats = [s.seat for s in steps]
        first_one = seats.index(1)
        run = first_one
        while run < len(seats) and seats[run] == 1:
            run += 1
        earned = sum(s.outcome in (1, 4) for s in steps[first_one:run])   # Home, kill
        assert run - first_one == min(3 + earned, len(seats) - first_one)


@pytest.mark.parametrize("values", [dict(players=3, order="rotate"), dict(players=4, order="snake"),
                                    dict(players=3, order="snake", head_start=0)])
def test_every_order_plays_the_first_round_as_fixed(values):
    """A property: the first round of goes is seat order in every order, so the first
    goes of a game are the same turns, dice and choices included, as under ``fixed``."""
    for key in KEYS:
        lever = seats_of_turns(ManHomeRules(**values, extra_turn=False), key)
        fixed = seats_of_turns(ManHomeRules(**{**values, "order": "fixed"}, extra_turn=False), key)
        n = values["players"]
        assert lever[:n] == fixed[:n] == list(range(n))


def test_levers_at_their_defaults_are_the_rules_without_them():
    """The defaults compensate nothing: the same rules, the same games (the kept hashes of
    tests/test_same_games.py check the committed runs)."""
    small = dict(players=3, board_rows=2, men_per_player=3, men_to_win=2)
    rules = ManHomeRules(**small, head_start=0, order="fixed")
    assert rules == ManHomeRules(**small) and "head_start" not in rules.changed()
    keys = np.random.PCG64(5).random_raw(200)
    a = kernel.play_chunk(rules, ["greedy", "expert", "random"], keys)
    b = kernel.play_chunk(ManHomeRules(**small), ["greedy", "expert", "random"], keys)
    assert all(np.array_equal(a[k], b[k]) for k in a)


def test_the_race_players_evaluate_along_the_schedule():
    """ply-N's evaluation with the goes as they come: in seat order it is the race
    evaluation's own formula; seat 1 with two head-start turns is worth more to seat 1."""
    from numbergames.solver.manhome.policies import race_table
    from numbergames.solver.manhome.race import Race

    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2, head_start=2)
    race = Race(rules, *race_table(rules))
    homes, men = [0, 0], [[5], [7]]
    plain = race.leaf(homes, men, 0)
    assert race.leaf(homes, men, 0, (0, (0, 0))) == plain
    assert race.leaf(homes, men, 1, (0, (0, 0))) == race.leaf(homes, men, 1)
    ahead = race.leaf(homes, men, 0, (0, (0, 2)))
    assert ahead[1] > plain[1] and sum(ahead) == pytest.approx(1.0, abs=1e-3)


def test_the_exact_duel_refuses_a_head_start():
    from numbergames.solver.manhome.duel import check_duel_rules

    with pytest.raises(ValueError, match="without a head start"):
        check_duel_rules(ManHomeRules(board_rows=1, men_per_player=2, men_to_win=2, head_start=1))


def test_a_state_clone_keeps_the_goes():
    rules = ManHomeRules(players=3, order="snake", head_start=2)
    state = ManHomeState(rules)
    twin = state.clone()
    assert twin == state and twin.head_left == [0, 1, 2]
    twin.head_left[2] -= 1
    assert state.head_left == [0, 1, 2] and twin != state
