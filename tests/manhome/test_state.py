"""Man Home's decision API (:class:`numbergames.solver.manhome.state.ManHomeState`), from outside the engine.

1. **The rulebook's examples and hand-worked turns, node by node**: who is asked what, the
   options and moves a player is offered (the rulebook's own "18: subtract 2 or 3" and
   "44: divide by 2 or 11"), their action ids by the documented encoding, the chance
   outcomes and their odds counted here from the dice (the d12 and d6 of a new man, the
   d6 of an action, the face-off's two d6 under each tie reading), the extra turn, the
   end and the returns.
2. **Every node of many random games** (:func:`numbergames.solver.decision.random_playout`'s walk,
   checked at every step) over several player counts and rules variants: legal actions
   ascending and within :func:`size`, probabilities that sum to 1, a clone equal to its
   original and independent of it, returns that match the winner, the row.

(The kernel's decisions are the same node by node: tests/test_kernel_decisions.py, in the
rules and seatings of tests/manhome/cases.py too.)
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from numbergames.solver import decision
from numbergames.solver.decision import CHANCE, TERMINAL, RandomPlayer, random_playout
from numbergames.solver.dice import Stream
from numbergames.solver.manhome import SPEC
from numbergames.solver.manhome.policies import make_policy
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import (ACTION, ATTACKER_WINS, DEFENDER_HOLDS, NEW_MAN, ManHomeState,
                                  Phase, size)

STANDARD = ManHomeRules()


def move_id(kind: int, source: int, prime_index: int) -> int:
    """The documented encoding, written out again: 2 + ((kind - 1) * 72 + source) * 3 + j."""
    return 2 + ((kind - 1) * 72 + source) * 3 + prime_index


def after(state: ManHomeState, *actions: int) -> ManHomeState:
    state = state.clone()
    for action in actions:
        assert action in state.legal_actions(), (action, state.legal_actions(), str(state))
        state.apply_action(action)
    return state


# -- 1. the rulebook and hand-worked turns ---------------------------------------------------
def test_the_first_turn_is_a_new_man_rolled_without_asking():
    # "Each player rolls out a new man on their first turn": no option node; the d12 counts
    # sixes (12 = 0) and the d6 ones (6 = 0), so every square 0..71 once in 72 rolls.
    state = ManHomeState(STANDARD)
    assert state.num_players == 2 and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(72)) == state.legal_actions()
    assert all(p == 1 / 72 for _, p in outcomes)
    state.apply_action(22)                         # d12 = 3, d6 = 4: 6 * 3 + 4
    assert state.men == [[22], []] and state.reserve == [5, 6]
    assert state.current_player() == CHANCE         # seat 1's own first new man
    assert state.to_move == 1 and state.turns == 1


def test_a_smaller_board_rolls_its_rows_on_a_smaller_die():
    # board_rows = 2: the row die has two faces (2 counts 0): squares 0..11, 1/12 each.
    state = ManHomeState(ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2))
    assert state.chance_outcomes() == [(s, 1 / 12) for s in range(12)]


def test_the_option_node_offers_new_man_then_action():
    # Men on the board and in the reserve: the player chooses (spec, a turn, step 1).
    state = ManHomeState.setup(STANDARD, {0: [18]})
    assert state.current_player() == 0 and state.legal_actions() == [NEW_MAN, ACTION] == [0, 1]
    assert state.action_to_string(NEW_MAN) == "new man"
    assert after(state, NEW_MAN).current_player() == CHANCE
    action = after(state, ACTION)
    assert action.current_player() == CHANCE
    assert action.chance_outcomes() == [(face, 1 / 6) for face in range(1, 7)]


def test_an_empty_reserve_forces_the_action_without_asking():
    state = ManHomeState.setup(STANDARD, {0: [10, 20, 30, 40, 50, 60]})
    assert state.current_player() == CHANCE and state.phase == Phase.ACT_ROLL


def test_the_rulebooks_subtraction_example():
    # "If your man is on 18, your unique prime factors are 2 and 3. Subtract 2 to place
    # your man on 16, or subtract by 3 to place your man on 15." A second man on 44
    # (2 and 11) comes after it: men ascending, primes ascending.
    state = after(ManHomeState.setup(STANDARD, {0: [44, 18]}), ACTION, 2)   # d6 2: subtract
    assert state.current_player() == 0
    assert state.legal_actions() == [move_id(2, 18, 0), move_id(2, 18, 1), move_id(2, 44, 0),
                                     move_id(2, 44, 1)]
    assert [tuple(m) for m in state.moves()] == [(18, 16), (18, 15), (44, 42), (44, 33)]
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "18 - 2 = 16", "18 - 3 = 15", "44 - 2 = 42", "44 - 11 = 33"]
    moved = after(state, move_id(2, 18, 1))
    assert moved.men[0] == [15, 44] and moved.to_move == 1 and moved.turns == 1


def test_the_rulebooks_division_example():
    # "If your man is on 44, you may divide by 2 and place your man on 22, or you divide by
    # 11 and place your man on 4." Roll 6 divides too.
    for face in (3, 6):
        state = after(ManHomeState.setup(STANDARD, {0: [44]}, to_move=0), ACTION, face)
        assert state.legal_actions() == [move_id(3, 44, 0), move_id(3, 44, 1)]
        assert [state.action_to_string(a) for a in state.legal_actions()] == [
            "44 / 2 = 22", "44 / 11 = 4"]
        assert after(state, move_id(3, 44, 1)).men[0] == [4]


def test_subtract_one_has_one_move_per_man_and_a_lone_move_is_not_asked():
    state = after(ManHomeState.setup(STANDARD, {0: [30, 9]}), ACTION, 5)   # 5: subtract one
    assert state.legal_actions() == [move_id(1, 9, 0), move_id(1, 30, 0)]
    # a man on 7 alone: subtracting a prime has one move (7 - 7 = 0): made at once, death
    lone = after(ManHomeState.setup(STANDARD, {0: [7]}), ACTION, 4)
    assert lone.to_move == 1 and lone.deaths == [1, 0] and lone.reserve[0] == 6


def faceoff_odds(tie: str) -> Fraction:
    """P(attacker takes the square), counted from the 36 rolls of two d6 (ties rerolled
    under ``reroll``: the odds among the 30 untied rolls)."""
    rolls = list(product(range(1, 7), repeat=2))
    higher = sum(a > d for a, d in rolls)
    tied = sum(a == d for a, d in rolls)
    if tie == "reroll":
        return Fraction(higher, len(rolls) - tied)
    return Fraction(higher + (tied if tie == "attacker" else 0), len(rolls))


@pytest.mark.parametrize("tie", ["defender", "attacker", "reroll"])
def test_a_face_off_is_a_chance_node_at_the_tie_rules_odds(tie):
    # Man on 10, d6 1: 10 - 1 = 9, where seat 1 stands: a face-off (15/36, 21/36, 1/2).
    state = after(ManHomeState.setup(ManHomeRules(tie=tie), {0: [10], 1: [9]}), ACTION, 1)
    assert state.current_player() == CHANCE and state.phase == Phase.FACE_OFF
    q = faceoff_odds(tie)
    assert state.chance_outcomes() == [(DEFENDER_HOLDS, float(1 - q)), (ATTACKER_WINS, float(q))]
    # the attacker wins: seat 1's man goes to its reserve, seat 0 plays again
    won = after(state, ATTACKER_WINS)
    assert won.men == [[9], []] and won.reserve == [5, 6] and won.kills == [1, 0]
    assert won.current_player() == 0 and won.killed == [0, 1]
    # the defender holds: seat 0's man goes to its reserve, the turn passes
    lost = after(state, DEFENDER_HOLDS)
    assert lost.men == [[], [9]] and lost.reserve == [6, 5] and lost.killed == [1, 0]
    assert lost.current_player() == 1 and lost.phase == Phase.OPTION   # men on 9 and in reserve


@pytest.mark.parametrize("tie", ["defender", "attacker", "reroll"])
def test_the_face_off_draws_two_dice_per_roll_off(tie):
    # draw_chance rolls the attacker's d6 then the defender's, again on a tie under reroll.
    class Faces(Stream):
        def __init__(self, *faces):
            super().__init__(0)
            self.faces = list(faces)

        def below(self, n):
            return self.faces.pop(0) - 1

    state = after(ManHomeState.setup(ManHomeRules(tie=tie), {0: [10], 1: [9]}), ACTION, 1)
    assert state.draw_chance(Faces(5, 2)) == ATTACKER_WINS
    assert state.draw_chance(Faces(2, 5)) == DEFENDER_HOLDS
    dice = Faces(4, 4, 6, 3)
    expected = {"defender": DEFENDER_HOLDS, "attacker": ATTACKER_WINS, "reroll": ATTACKER_WINS}
    assert state.draw_chance(dice) == expected[tie]
    assert len(dice.faces) == (0 if tie == "reroll" else 2)


def test_home_earns_another_turn_and_the_third_man_home_ends_the_game():
    state = ManHomeState.setup(STANDARD, {0: [2, 30], 1: [40]}, home={0: 1})
    home = after(state, ACTION, 1, move_id(1, 2, 0))          # 2 - 1 = 1: home
    assert home.home == [2, 0] and home.current_player() == 0  # the extra turn
    again = after(home, ACTION, 3, move_id(3, 30, 1))          # 30 / 3 = 10
    assert again.to_move == 1 and again.returns() == [0.0, 0.0]
    won = after(ManHomeState.setup(STANDARD, {0: [2]}, home={0: 2}), ACTION, 1)
    assert won.is_terminal() and won.current_player() == TERMINAL
    assert won.legal_actions() == [] and won.returns() == [1.0, 0.0]
    assert won.row()["winner"] == 0 and won.row()["seat_home"] == [3, 0]


def test_no_extra_turn_when_switched_off():
    state = ManHomeState.setup(ManHomeRules(extra_turn=False), {0: [2, 30]})
    assert after(state, ACTION, 1, move_id(1, 2, 0)).to_move == 1


def test_a_game_cut_off_is_a_draw_of_every_seat():
    rules = ManHomeRules(players=3, max_turns=2)
    state = after(ManHomeState(rules), 22, 40)
    assert state.is_terminal() and state.returns() == [1 / 3] * 3
    assert state.row()["winner"] == -1 and state.row()["turns"] == 2


def test_a_clone_is_equal_and_independent():
    state = ManHomeState.setup(STANDARD, {0: [10], 1: [9]})
    twin = state.clone()
    assert twin == state and twin is not state
    state.apply_action(ACTION)
    assert twin != state and twin.phase == Phase.OPTION
    # the same actions from equal states give equal states
    assert after(twin, ACTION, 1) == after(twin.clone(), ACTION, 1) != after(twin, ACTION, 2)


def test_size_bounds_the_game():
    assert size(STANDARD) == decision.Size(num_distinct_actions=2 + 3 * 72 * 3,
                                           max_chance_outcomes=72, max_game_length=40_000)
    assert size(ManHomeRules(board_rows=1, max_turns=5)).max_chance_outcomes == 7


def test_registered():
    assert SPEC.new_state is ManHomeState and SPEC.size is size
    assert SPEC.make_player("random", STANDARD).name == "random"


# -- 2. every node of random games -------------------------------------------------------------
VARIANTS = [dict(players=2), dict(players=3, tie="attacker"), dict(players=4, tie="reroll"),
            dict(players=2, extra_turn=False, board_rows=2, men_per_player=2, men_to_win=2),
            dict(players=5, board_rows=1, men_per_player=3, men_to_win=1),
            dict(players=2, max_turns=30), dict(players=8, men_per_player=12, men_to_win=12,
                                                 board_rows=3, max_turns=300),
            dict(players=2, head_start=3), dict(players=3, order="snake", head_start=2),
            dict(players=4, order="rotate", head_start=6, extra_turn=False)]


def walk(state: ManHomeState, stream: Stream, bound: decision.Size) -> int:
    """random_playout's walk, every node checked."""
    nodes = 0
    while not state.is_terminal():
        seat = state.current_player()
        actions = state.legal_actions()
        assert actions and actions == sorted(set(actions)), str(state)
        twin = state.clone()
        assert twin == state
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            assert [o for o, _ in outcomes] == actions
            assert sum(Fraction(p).limit_denominator(1 << 20) for _, p in outcomes) == 1
            assert all(p > 0 and o < bound.max_chance_outcomes for o, p in outcomes)
            action = decision.sample(outcomes, stream)
        else:
            assert 0 <= seat < state.num_players
            assert all(0 <= a < bound.num_distinct_actions for a in actions)
            assert all(isinstance(state.action_to_string(a), str) for a in actions)
            action = actions[stream.choose(len(actions))]
        assert state.returns() == [0.0] * state.num_players
        state.apply_action(action)
        state.check_invariants()
        assert twin != state, "a node that changes nothing"
        assert twin.legal_actions() == actions and twin.current_player() == seat
        nodes += 1
    assert nodes <= bound.max_game_length
    returns = state.returns()
    row = state.row()
    if row["winner"] >= 0:
        assert returns == [float(s == row["winner"]) for s in range(state.num_players)]
        assert row["seat_home"][row["winner"]] == state.rules.men_to_win
    else:
        assert row["turns"] == state.rules.max_turns
        assert returns == [1 / state.num_players] * state.num_players
    assert sum(returns) == pytest.approx(1.0) and str(state)
    assert row["turns"] == sum(row["seat_turns"]) and row["decision_turns"] <= row["turns"]
    return nodes


@pytest.mark.parametrize("values", VARIANTS, ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_every_node_of_random_games_keeps_the_api(values):
    rules = ManHomeRules(**values)
    bound = size(rules)
    for seed in range(12):
        walk(ManHomeState(rules), Stream(1000 + seed), bound)
        assert random_playout(ManHomeState(rules), Stream(seed)) > 0


def test_the_random_player_is_the_apis():
    assert isinstance(make_policy("random"), RandomPlayer)


@pytest.mark.parametrize("name", ["random", "greedy", "expert", "solitaire", "optimal", "search-2"])
def test_every_player_picks_a_legal_action(name):
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    player = make_policy(name, rules)
    for seed in range(3):
        state, dice, choices = ManHomeState(rules), Stream(seed + 99), Stream(seed + 7)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.draw_chance(dice)
                assert action in state.legal_actions()
            else:
                action = player.choose(state.clone(), choices)
                assert action in state.legal_actions()
            state.apply_action(action)
