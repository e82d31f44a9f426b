"""Shoo's designer variants (RULES.md rules 34, 36): horse odds and a head start in moves,
known from outside the engines (the differential data, cases.py, has both engines play
games under them move for move)."""
import pytest

from numbergames.solver.params import GRADED, RulesError
from numbergames.solver.shoo.exact import solve
from numbergames.solver.shoo.kernel import kernel_state, play_chunk
from numbergames.solver.shoo.moves import Kind
from numbergames.solver.shoo.position import start
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ShooState


def test_the_lever_is_declared():
    assert {n: p.lever for n, p in ShooRules.levers().items()} == {"horse_odds": GRADED,
                                                                   "head_start": GRADED}


@pytest.mark.parametrize("values, stables", [
    ({}, [4, 5]),
    ({"horse_odds": 2}, [2, 7]),
    ({"horse_odds": 4}, [0, 9]),
    ({"horse_odds": -4}, [8, 1]),
    ({"horse_odds": 1, "opening": "extra_horse"}, [4, 5]),
    ({"horse_odds": -1, "odd_horse": "field"}, [5, 3]),
    ({"horse_odds": 3, "horses": 7}, [0, 7]),
])
def test_the_odds_move_horses_between_the_stables(values, stables):
    position = start(ShooRules(**values))
    assert position.stable_horses == stables
    assert sum(position.stable_horses) + sum(s == 1 for s in position.board) == \
        ShooRules(**values).horses
    assert position.side == ShooRules(**values).first   # the odds move horses, not turns


@pytest.mark.parametrize("values, words", [
    ({"horse_odds": 4, "horses": 7},
     "bad value 4 for horse_odds with 3 + 4 horses in the stables; allowed: -4..3"),
    ({"horse_odds": 5}, "bad value 5 for horse_odds; allowed: an integer in -4..4"),
])
def test_more_horses_than_a_stable_holds_are_refused(values, words):
    with pytest.raises(RulesError) as error:
        ShooRules(**values)
    assert str(error.value) == words


def test_a_reduced_game_takes_the_odds_from_its_own_stables():
    game = Reduced(3, 1, 3)                          # one horse a stable, the odd one White's
    assert game.start(ShooRules()).stable_horses == [1, 2]
    assert game.start(ShooRules(horse_odds=1)).stable_horses == [0, 3]
    assert game.start(ShooRules(horse_odds=-2)).stable_horses == [3, 0]
    with pytest.raises(RulesError, match="^bad value 2 for horse_odds with 1 \\+ 2 horses"):
        game.start(ShooRules(horse_odds=2))


def test_no_odds_play_the_games_of_the_rules_without_them():
    keys = [3, 5, 8]
    base = play_chunk(ShooRules(max_plies=60), ["greedy", "greedy"], keys)
    same = play_chunk(ShooRules(max_plies=60, horse_odds=0), ["greedy", "greedy"], keys)
    assert all((base[name] == same[name]).all() for name in base)


@pytest.mark.parametrize("values, passes", [
    ({"head_start": 3}, [0, 2, 4]),                              # Blue waits three turns
    ({"head_start": -2}, [1, 3]),                                # White waits two
    ({"head_start": -2, "opening": "extra_horse"}, [0, 2]),      # White moves first, waits
    ({"head_start": 1, "opening": "extra_horse"}, [1]),
])
def test_the_waiting_side_passes_its_first_turns(values, passes):
    """The moves with one legal move, a pass, in the first ten of a game, in both engines
    (every other move of the opening has many)."""
    rules = ShooRules(**values)
    state, kernel = ShooState(rules), kernel_state(rules, ["greedy", "greedy"], 7)
    passed = []
    for ply in range(10):
        moves = state.moves()
        assert kernel.legal_actions() == state.legal_actions()
        if len(moves) == 1 and moves[0].kind == Kind.PASS:
            passed.append(ply)
        action = state.legal_actions()[0 if len(moves) == 1 else len(moves) // 2]
        state.apply_action(action)
        kernel.apply_action(action)
    assert passed == passes


def test_a_head_start_is_not_solved_exactly():
    with pytest.raises(RulesError, match="^head_start is not solved exactly"):
        solve(Reduced(3, 1, 1), ShooRules(head_start=1))
