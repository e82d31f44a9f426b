"""How a game of So-Soo-Yoo ended, in the ``termination`` column beside ``winner`` (issue
42): a player holding a winning six at the end of their turn (won; ``win_kind`` says how) or
``max_turns`` turns first (the turn limit, unfinished) — its only two endings (RULES.md
rules 32, 34). Turns set up by hand (tests/sosooyoo/test_known_turns.py) give each code; the
kernel's rows give the reference engine's on games that end each way."""
import numpy as np
import pytest

from numbergames.solver.registry import TERMINATION
from numbergames.solver.sosooyoo import SPEC
from numbergames.solver.sosooyoo.columns import COLUMNS, Termination
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from tests.sosooyoo.test_known_turns import (END, FIVE_RED, MOVE, NOTHING, RED, T21, T24, Ask,
                                             d6, discard, placed, play_turn, position)


def test_the_codes_are_declared_once():
    assert COLUMNS[0].name == TERMINATION and COLUMNS[0].codes == ("won", "turn limit")


@pytest.mark.parametrize("max_turns", [10_000, 1])
def test_a_popsicle_at_the_end_of_the_turn_gives_won_even_on_the_last_turn_allowed(max_turns):
    # Seat 0 holds five red rings; a roll of 3 lands its last move on the red ring at 24:
    # six red, a popsicle (tests/sosooyoo/test_known_turns.py, the exact count).
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190),
                    max_turns=max_turns)
    play_turn(game, d6(3) + placed(42), [
        Ask(MOVE, 0, 0, T21, 24), Ask(MOVE, 0, 0, T24, 21), Ask(MOVE, 0, 0, T21, 24),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.over
    assert (game.row()["winner"], game.row()[TERMINATION]) == (0, Termination.WON)


def test_a_turn_without_a_win_at_the_limit_gives_the_turn_limit():
    # The same position, a roll of 2: the red ring is passed over, no win; max_turns = 1.
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190),
                    max_turns=1)
    play_turn(game, d6(2), [
        Ask(MOVE, 0, 0, T21, 24), Ask(MOVE, 0, 0, T24, 25),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.over
    assert (game.row()["winner"], game.row()[TERMINATION]) == (-1, Termination.TURN_LIMIT)


@pytest.mark.parametrize("max_turns", [1, 40, 10_000])
def test_the_kernel_gives_the_reference_engines_code(max_turns):
    rules = SoSooYooRules(players=2, max_turns=max_turns)
    keys = np.random.PCG64(3).random_raw(12)
    fast = SPEC.play_chunk(rules, ["popsicle", "popsicle"], keys)
    reference = [SPEC.reference(rules, ["popsicle", "popsicle"], int(k)) for k in keys]
    assert fast[TERMINATION].tolist() == [row[TERMINATION] for row in reference]
    assert fast[TERMINATION].tolist() == [Termination.WON if w >= 0 else Termination.TURN_LIMIT
                                          for w in fast["winner"].tolist()]
