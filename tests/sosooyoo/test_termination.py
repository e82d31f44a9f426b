"""How a game of So-Soo-Yoo ended, the derived ``termination`` column beside ``winner`` (issue
42): a player holding a winning six at the end of their turn (won; ``win_kind`` says how) or
``max_turns`` turns first (the turn limit, unfinished) — its only two endings (RULES.md rules
32, 34). Turns set up by hand (tests/sosooyoo/test_known_turns.py) give each code."""
import pytest

from numbergames.solver.registry import TERMINATION
from numbergames.solver.sosooyoo import SPEC
from numbergames.solver.sosooyoo.columns import DERIVED, Termination
from tests.sosooyoo.test_known_turns import (END, FIVE_RED, MOVE, NOTHING, RED, T21, T24, Ask,
                                             d6, discard, placed, play_turn, position)
from tests.test_columns import termination


def test_the_codes_are_declared_once():
    assert DERIVED[0].name == TERMINATION and DERIVED[0].codes == ("won", "turn limit")


@pytest.mark.parametrize("max_turns", [10_000, 1])
def test_a_popsicle_at_the_end_of_the_turn_gives_won_even_on_the_last_turn_allowed(max_turns):
    # Seat 0 holds five red rings; a roll of 3 lands its last move on the red ring at 24:
    # six red, a popsicle (tests/sosooyoo/test_known_turns.py, the exact count).
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190),
                    max_turns=max_turns)
    play_turn(game, d6(3) + placed(42), [
        Ask(MOVE, 0, 0, T21, 24), Ask(MOVE, 0, 0, T24, 21), Ask(MOVE, 0, 0, T21, 24),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.over and game.row()["winner"] == 0
    assert termination(SPEC, game.rules, [game.row()]).tolist() == [Termination.WON]


def test_a_turn_without_a_win_at_the_limit_gives_the_turn_limit():
    # The same position, a roll of 2: the red ring is passed over, no win; max_turns = 1.
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190),
                    max_turns=1)
    play_turn(game, d6(2), [
        Ask(MOVE, 0, 0, T21, 24), Ask(MOVE, 0, 0, T24, 25),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.over and game.row()["winner"] == -1
    assert termination(SPEC, game.rules, [game.row()]).tolist() == [Termination.TURN_LIMIT]
