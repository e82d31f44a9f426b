"""How a game of Man Home ended, in the ``termination`` column beside ``winner`` (issue 42):
a player's ``men_to_win``-th man home (won) or ``max_turns`` turns first (the turn limit,
unfinished) — its only two endings. Positions set up by hand give each code; the kernel's
rows give the reference engine's on games that end each way, a win on the last turn the
limit allows included."""
import numpy as np
import pytest

from numbergames.solver.manhome import SPEC
from numbergames.solver.manhome.columns import COLUMNS, Termination
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import ACTION, ManHomeState
from numbergames.solver.registry import TERMINATION
from tests.manhome.test_state import after


def test_the_codes_are_declared_once():
    assert COLUMNS[0].name == TERMINATION and COLUMNS[0].codes == ("won", "turn limit")


@pytest.mark.parametrize("max_turns", [10_000, 1])
def test_the_last_man_home_gives_won_even_on_the_last_turn_allowed(max_turns):
    # Blue has two men home and one on 2: subtracting one brings it home (tests/manhome/
    # test_state.py); with max_turns = 1 that turn is also the last the limit allows.
    rules = ManHomeRules(max_turns=max_turns)
    won = after(ManHomeState.setup(rules, {0: [2]}, home={0: 2}), ACTION, 1)
    assert won.is_terminal()
    assert (won.row()["winner"], won.row()[TERMINATION]) == (0, Termination.WON)


def test_a_game_cut_off_gives_the_turn_limit():
    state = after(ManHomeState(ManHomeRules(players=3, max_turns=2)), 22, 40)
    assert state.is_terminal()
    assert (state.row()["winner"], state.row()[TERMINATION]) == (-1, Termination.TURN_LIMIT)


@pytest.mark.parametrize("values", [{"max_turns": 1}, {"max_turns": 3},
                                    {"board_rows": 1, "men_per_player": 1, "men_to_win": 1}])
def test_the_kernel_gives_the_reference_engines_code(values):
    rules = ManHomeRules(**values)
    keys = np.random.PCG64(42).random_raw(200)
    fast = SPEC.play_chunk(rules, ["random", "random"], keys)
    reference = [SPEC.reference(rules, ["random", "random"], int(k)) for k in keys]
    assert fast[TERMINATION].tolist() == [row[TERMINATION] for row in reference]
    assert fast[TERMINATION].tolist() == [Termination.WON if w >= 0 else Termination.TURN_LIMIT
                                          for w in fast["winner"].tolist()]


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
        reference = SPEC.reference(cut, ["random", "random"], key)
        fast = SPEC.play_chunk(cut, ["random", "random"], np.array([key], dtype=np.uint64))
        assert reference[TERMINATION] == fast[TERMINATION][0] == code
