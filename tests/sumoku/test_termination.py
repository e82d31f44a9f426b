"""How a game of Sumoku ended, the derived ``termination`` column beside ``winner`` (issue 42):
a full round of turns placing no tile and drawing none (nobody can play) or, with
``out_ends``, the bag empty and the player who just played without tiles (went out) — its
only two endings (RULES.md rule 21; the game has no turn limit). Positions set up by hand give
each code; with ``out_ends`` but no ``penalty`` the row does not say it (left out)."""
import numpy as np

from numbergames.solver.registry import TERMINATION
from numbergames.solver.sumoku import SPEC
from numbergames.solver.sumoku.columns import DERIVED, Termination
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import PASS, SumokuState
from tests.sumoku.test_state import find
from tests.test_columns import table, termination


def test_the_codes_are_declared_once():
    assert DERIVED[0].name == TERMINATION
    assert DERIVED[0].codes == ("nobody can play", "went out")


def last_hand_laid(rules: SumokuRules, other: str = "") -> SumokuState:
    """Key 5, the bag emptied by hand: seat 0 lays its whole hand, R3 O1 Y6 (3 + 1 + 6 = 10,
    tests/sumoku/test_state.py); seat 1 holds ``other``."""
    state = SumokuState.from_text(f"key: 5\nhand: R3 O1 Y6\nhand: {other}".rstrip(), rules)
    state.bag = []
    state.apply_action(find(state, (0, 0, "R3"), (0, 1, "O1"), (0, 2, "Y6")))
    return state


def test_the_last_tile_laid_with_the_bag_empty_goes_out():
    rules = SumokuRules(out_ends=True)
    state = last_hand_laid(rules)
    assert state.is_terminal() and state.row()["turns"] == 1
    assert termination(SPEC, rules, [state.row()]).tolist() == [Termination.WENT_OUT]


def test_without_out_ends_the_game_ends_when_a_full_round_cannot_play():
    rules = SumokuRules(out_ends=False)
    state = last_hand_laid(rules)
    assert not state.is_terminal()
    for seat in (1, 0):                      # neither has a tile: each passes, a full round
        assert state.current_player() == seat and state.legal_actions() == [PASS]
        state.apply_action(PASS)
    assert state.is_terminal() and state.row()["turns"] == 3
    assert termination(SPEC, rules, [state.row()]).tolist() == [Termination.NOBODY_CAN_PLAY]


def test_with_out_ends_a_round_that_cannot_play_is_no_going_out():
    # Both hold tiles that make no line of key 5 with the bag empty: two passes end it.
    rules = SumokuRules(out_ends=True)
    state = SumokuState.from_text("key: 5\nhand: R1\nhand: O1", rules)
    state.bag = []
    while not state.is_terminal():
        assert state.legal_actions() == [PASS]
        state.apply_action(PASS)
    assert state.row()["bag_left"] == 0 and state.row()["turns"] == 2
    assert termination(SPEC, rules, [state.row()]).tolist() == [Termination.NOBODY_CAN_PLAY]


def test_without_the_penalty_the_row_does_not_say_whose_hand_is_empty():
    # Seat 0 goes out, seat 1 keeps G2: with the penalty seat 1's row says 2, without it 0.
    for penalty, shown in ((True, True), (False, False)):
        rules = SumokuRules(out_ends=True, penalty=penalty)
        row = last_hand_laid(rules, "G2").row()
        assert row["seat_penalty"] == [0, 2 if penalty else 0]
        games = table(SPEC, {key: np.array([row[key]]) for key in SPEC.result_keys})
        derived = SPEC.with_derived(games, rules)
        assert (TERMINATION in derived) == shown
        if shown:
            assert derived[TERMINATION].tolist() == [Termination.WENT_OUT]
    assert TERMINATION not in SPEC.table_columns(SumokuRules(out_ends=True, penalty=False))
    assert SPEC.table_columns(SumokuRules(out_ends=True))[:2] == ("winner", TERMINATION)
