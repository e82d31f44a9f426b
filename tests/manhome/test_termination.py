"""How a game of Man Home ended, the derived ``termination`` column beside ``winner`` (issue
42): a player's ``men_to_win``-th man home (won) or ``max_turns`` turns first (the turn limit,
unfinished) — its only two endings. Positions set up by hand give each code; both engines give
the same on a game won on the last turn the limit allows and cut off one turn earlier."""
import numpy as np
import pytest

from numbergames.solver.manhome import SPEC
from numbergames.solver.manhome.columns import DERIVED, Termination
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import ACTION, ManHomeState
from numbergames.solver.registry import TERMINATION
from tests.manhome.test_state import after
from tests.test_columns import table, termination


def test_the_codes_are_declared_once():
    assert DERIVED[0].name == TERMINATION and DERIVED[0].codes == ("won", "turn limit")


@pytest.mark.parametrize("max_turns", [10_000, 1])
def test_the_last_man_home_gives_won_even_on_the_last_turn_allowed(max_turns):
    # Blue has two men home and one on 2: subtracting one brings it home (tests/manhome/
    # test_state.py); with max_turns = 1 that turn is also the last the limit allows.
    rules = ManHomeRules(max_turns=max_turns)
    won = after(ManHomeState.setup(rules, {0: [2]}, home={0: 2}), ACTION, 1)
    assert won.is_terminal() and won.row()["winner"] == 0
    assert termination(SPEC, rules, [won.row()]).tolist() == [Termination.WON]


def test_a_game_cut_off_gives_the_turn_limit():
    rules = ManHomeRules(players=3, max_turns=2)
    state = after(ManHomeState(rules), 22, 40)
    assert state.is_terminal() and state.row()["winner"] == -1
    assert termination(SPEC, rules, [state.row()]).tolist() == [Termination.TURN_LIMIT]


def test_a_win_on_the_last_turn_allowed_is_a_win_in_both_engines():
    # A game of length L won, played again with max_turns = L (the same dice and choices):
    # still won; with max_turns = L - 1: cut off.
    rules = ManHomeRules(board_rows=1, men_per_player=1, men_to_win=1)
    key = int(np.random.PCG64(7).random_raw(1)[0])
    whole = SPEC.reference(rules, ["random", "random"], key)
    assert whole["winner"] >= 0 and whole["turns"] > 1
    for limit, code in ((whole["turns"], Termination.WON),
                        (whole["turns"] - 1, Termination.TURN_LIMIT)):
        cut = rules.replace(max_turns=limit)
        reference = termination(SPEC, cut, [SPEC.reference(cut, ["random", "random"], key)])
        fast = SPEC.play_chunk(cut, ["random", "random"], np.array([key], dtype=np.uint64))
        assert reference.tolist() == SPEC.derive(table(SPEC, fast), cut)[TERMINATION].tolist()
        assert reference.tolist() == [code]
