"""How a game of Sumoku ended, in the ``termination`` column beside ``winner`` (issue 42):
a full round of turns placing no tile and drawing none (nobody can play) or, with
``out_ends``, the bag empty and the player who just played without tiles (went out) — its
only two endings (RULES.md rule 21; the game has no turn limit). Positions set up by hand
give each code; the kernel's rows give the reference engine's."""
import numpy as np
import pytest

from numbergames.solver.registry import TERMINATION
from numbergames.solver.sumoku import SPEC
from numbergames.solver.sumoku.columns import COLUMNS, Termination
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import PASS, SumokuState
from tests.sumoku.test_state import find


def test_the_codes_are_declared_once():
    assert COLUMNS[0].name == TERMINATION
    assert COLUMNS[0].codes == ("nobody can play", "went out")


def last_hand_laid(out_ends: bool) -> SumokuState:
    """Key 5, the bag emptied by hand: seat 0 lays its whole hand, R3 O1 Y6 (3 + 1 + 6 = 10,
    tests/sumoku/test_state.py); seat 1 holds nothing."""
    state = SumokuState.from_text("key: 5\nhand: R3 O1 Y6\nhand:", SumokuRules(out_ends=out_ends))
    state.bag = []
    state.apply_action(find(state, (0, 0, "R3"), (0, 1, "O1"), (0, 2, "Y6")))
    return state


def test_the_last_tile_laid_with_the_bag_empty_goes_out():
    state = last_hand_laid(out_ends=True)
    assert state.is_terminal() and state.row()[TERMINATION] == Termination.WENT_OUT
    assert state.row()["winner"] == 0 and state.row()["turns"] == 1


def test_without_out_ends_the_game_ends_when_a_full_round_cannot_play():
    state = last_hand_laid(out_ends=False)
    assert not state.is_terminal()
    for seat in (1, 0):                      # neither has a tile: each passes, a full round
        assert state.current_player() == seat and state.legal_actions() == [PASS]
        state.apply_action(PASS)
    assert state.is_terminal() and state.row()[TERMINATION] == Termination.NOBODY_CAN_PLAY
    assert state.row()["turns"] == 3


def test_the_kernel_gives_the_reference_engines_code_each_ending_where_the_rules_allow_it():
    # Without out_ends every game ends when nobody can play; with it, hands of 3 and two
    # greedy players, 71 of the first 100 keys of this seed go out and 29 end blocked.
    keys = np.random.PCG64(6).random_raw(100)
    blocked = SPEC.play_chunk(SumokuRules(players=2, hand=3), ["greedy"] * 2, keys)
    assert set(blocked[TERMINATION].tolist()) == {Termination.NOBODY_CAN_PLAY}
    rules = SumokuRules(players=2, hand=3, out_ends=True)
    fast = SPEC.play_chunk(rules, ["greedy"] * 2, keys)[TERMINATION].tolist()
    assert set(fast) == {Termination.NOBODY_CAN_PLAY, Termination.WENT_OUT}
    for code in Termination:                 # one game of each, by the reference engine too
        i = fast.index(code)
        assert SPEC.reference(rules, ["greedy"] * 2, int(keys[i]))[TERMINATION] == code
