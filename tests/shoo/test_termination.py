"""How a game of Shoo ended, the derived ``termination`` column beside ``winner`` (issue 42):
a position set up by hand for each of its three endings (RULES.md rules 31-33) gives that
code from both engines' rows, ``ended_by``'s. A player with no legal move passes (rule 21):
no ending of its own."""
import numpy as np
import pytest

from numbergames.solver.kernel_rows import layout
from numbergames.solver.registry import DRAW, SEAT_PREFIX, TERMINATION
from numbergames.solver.shoo import SPEC, kernel
from numbergames.solver.shoo.columns import DERIVED, Termination
from numbergames.solver.shoo.movetext import parse_move
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ENDED_BY_LIMIT, ENDED_BY_REPETITION, ENDED_BY_WIN, encoder
from tests.shoo.test_known_answers import game_of
from tests.test_columns import termination

WON, LIMIT = "B:a7,b7,c7,a8,b8,c8,a9,b9,d8 W:e5,g1,h1,i1,g2,h2,i2,g3,h3", (5, 4)
"""Blue's d8-c9 fills its home area; any other move of the game's only one (max_plies = 1)
meets the move limit (tests/shoo/test_known_answers.py)."""
AGAIN = "B:a7,b7,c7,a8,b8,c8,b9,c9,d5 W:g1,h1,i1,g2,h2,i2,h3,i3,f5 h:g4"
"""d5-d6, H=g4, d6-d5, H=g4, d5-d6: the position after the first move again (repetition = 2)."""


def test_the_codes_are_declared_once_and_are_ended_bys():
    assert DERIVED[0].name == TERMINATION
    assert DERIVED[0].codes == ("won", "move limit", "repetition")
    assert (ENDED_BY_WIN, ENDED_BY_LIMIT, ENDED_BY_REPETITION) == tuple(Termination)


def both_rows(pieces, rules, pasture, moves):
    """The finished game's row from the reference engine and from the kernel (its game-level
    columns and, per seat, lists), played from the same position by hand."""
    game = game_of(pieces, rules=rules, pasture=pasture)
    ours = kernel.kernel_state(rules, ("random", "random"), 0, game.position)
    ids = encoder()
    for text in moves:
        move = parse_move(game.position, text)
        ours.apply_action(ids.encode(move))
        game.apply_move(move)
    assert game.is_terminal() and ours.is_terminal()
    names, seat_names = layout(SPEC)
    values = np.asarray(ours.row())
    fast = dict(zip(names, values[:len(names)].tolist()))
    seats = values[len(names):].reshape(len(seat_names), -1)
    fast |= {SEAT_PREFIX + name: seats[i].tolist() for i, name in enumerate(seat_names)}
    return game.row(), fast


@pytest.mark.parametrize("pieces, rules, pasture, moves, winner, code", [
    (WON, ShooRules(max_plies=1), LIMIT, ["d8-c9"], 0, Termination.WON),
    (WON, ShooRules(max_plies=1), LIMIT, ["d8-d7"], DRAW, Termination.MOVE_LIMIT),
    (AGAIN, ShooRules(repetition=2), (4, 4), ["d5-d6", "H=g4", "d6-d5", "H=g4", "d5-d6"], DRAW,
     Termination.REPETITION),
], ids=["won", "move limit", "repetition"])
def test_each_ending_set_up_by_hand_gives_its_code(pieces, rules, pasture, moves, winner, code):
    reference, fast = both_rows(pieces, rules, pasture, moves)
    assert reference == fast
    assert (reference["winner"], reference["ended_by"]) == (winner, code)
    assert termination(SPEC, rules, [reference]).tolist() == [code]
