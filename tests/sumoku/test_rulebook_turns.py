"""Whole Sumoku turns with known answers, worked out by hand from the rulebook.

Each test sets up a position as a :class:`SumokuState` written in Sumoku's notation (its
board, hands, key number and scores; :meth:`SumokuState.from_text`), plays whole turns
through the decision API (the tiles drawn named as the chance nodes' outcomes; a scripted
player names the play it makes by its tiles) and checks what the rulebook
says must follow: the points scored and added to the player's total, the tiles drawn, who
plays next, the bonus turn, the passes, the end of the game, the hand penalty and the
winner. Every expected number is computed by hand in the comment beside it, with the rule
of ``solver/sumoku/RULES.md`` it comes from (the rulebook is
``shared/seeds/001_3bbcc50f1ca1efff.txt``); none was copied from the engine.

The main game has no swapping (swapoku belongs to speed sumoku) and nothing else a player
may do in a turn but play or, unable to, pass (rule 20).

Tiles are written as colour letter and number (R O Y G B P: red, orange, yellow, green,
blue, purple); a "6" tile laid as a 9 is written with 9 (``G9``). Cells are (row, column).
"""
from collections import Counter

import pytest

from numbergames.solver.registry import DRAW
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import SumokuState
from numbergames.solver.sumoku.tiles import NINE, NKINDS, NTILES, kind, parse, parse_placed
from tests.sumoku.turns import Stepper


def placed(word):
    """``(kind, value)`` of a tile word; ``G9`` is green's "6" lying as a 9."""
    return parse_placed(word)


class Script:
    """A player that makes the plays it is told, in order: each play given as its tiles
    ``(row, column, word)``. It records the hand it held at each decision."""

    name = "script"

    def __init__(self):
        self.todo, self.hands = [], []

    def choose(self, game, choices):
        seat, plays = game.current_player(), game.plays()
        want = sorted((r, c, *placed(w)) for r, c, w in self.todo.pop(0))
        self.hands.append(sorted(game.hands[seat]))
        found = [i for i, p in enumerate(plays) if sorted(p.tiles) == want]
        assert len(found) == 1, f"no legal play {want}"
        return found[0]


def setup(hands, board=(), upcoming=(), key=5, scores=None, **values):
    """A game of ``values`` rules, seat 0 to move, with these hands (words), ``board``
    (``(row, column, word)``), key number and scores, written in Sumoku's notation; the bag
    holds every other tile, the ``upcoming`` words drawn first. Returns the game (a
    :class:`Stepper`, which plays whole turns) and its scripted players."""
    rules = SumokuRules(players=len(hands), **values)
    players = [Script() for _ in hands]
    scores = list(scores or [0] * len(hands))
    rows = []
    if board:
        cells = {(r, c): w for r, c, w in board}
        rows = [" ".join(cells.get((r, c), ".") for c in range(max(c for _, c, _ in board) + 1))
                for r in range(max(r for r, _, _ in board) + 1)]
    text = "\n".join([f"key: {key}; to move: 0; scores: {' '.join(map(str, scores))}", *rows,
                      *(f"hand: {hand}" for hand in hands)])
    state = SumokuState.from_text(text, rules)
    return Stepper(rules, players, state=state, draws=[parse(w) for w in upcoming]), players


def plays_of(game, seat):
    return legal_plays(game.board, game.hand_kinds(seat), game.key, game.rules)


def words(tiles):
    return sorted(f"{'ROYGBP'[t // 16]}{(t % 16) // 2 + 1}" for t in tiles)


def conserved(game):
    where = Counter(kind(t) for t in game.bag)
    where.update(kind(t) for hand in game.hands for t in hand)
    where.update(k for k, _ in game.board.cells.values())
    return where == Counter({k: 2 for k in range(NKINDS)})


def board_words(game):
    return {cell: f"{'ROYGBP'[k // 8]}{v}" for cell, (k, v) in game.board.cells.items()}


# The rulebook's pictures are not in its text; these tiles are chosen to give the numbers of
# its examples (3 + 1 + 6 = 10; 1 + 7 + 2 = 10; (3 + 1 + 6 + 5) + (5 + 9 + 1) = 30; a 5
# added to a line of 10 scores 15), key 5 as in the rulebook.

def test_the_rulebooks_examples_as_whole_turns():
    game, (p0, p1) = setup(["R3 O1 Y6 G5 R6 Y1 R8 O8", "B7 P2 R5 G3 G1 O8 Y8 B1"],
                           upcoming=["O7", "B4", "B6", "R2", "Y2", "G8", "O2", "G7"], key=5)
    # turn 1 (rules 13, 16): the starter lays one row, 3 + 1 + 6 = 10, and scores 10
    p0.todo.append([(0, 0, "R3"), (0, 1, "O1"), (0, 2, "Y6")])
    game.play_turn()
    assert game.scores() == [10, 0] and game.to_move == 1
    # rule 18: "resupply your stock by drawing as many new tiles as you just used": the
    # three tiles at the top of the bag
    assert words(game.hands[0]) == words_of("G5 R6 Y1 R8 O8 O7 B4 B6")
    # turn 2 (rules 14, 16): [7][2] linked to the 1: the column O1 B7 P2, 1 + 7 + 2 = 10
    p1.todo.append([(1, 1, "B7"), (2, 1, "P2")])
    game.play_turn()
    assert game.scores() == [10, 10] and words(game.hands[1]) == words_of(
        "R5 G3 G1 O8 Y8 B1 R2 Y2")
    # turn 3 (rules 14 to 16): [5][9][1] completes the row and makes a column; the red "6"
    # lies as a 9: row R3 O1 Y6 G5 = 3 + 1 + 6 + 5 = 15, column G5 R9 Y1 = 5 + 9 + 1 = 15;
    # 15 + 15 = 30 (the R9 and Y1 have no tile beside them in their rows)
    p0.todo.append([(0, 3, "G5"), (1, 3, "R9"), (2, 3, "Y1")])
    game.play_turn()
    assert game.scores() == [40, 10]
    # turn 4 (rule 16): "you add 5 to an existing combination and you score 15": R5 under
    # the column O1 B7 P2 (10): 1 + 7 + 2 + 5 = 15
    p1.todo.append([(3, 1, "R5")])
    game.play_turn()
    assert game.scores() == [40, 25] and game.turns == 4 and not game.over
    assert board_words(game) == {(0, 0): "R3", (0, 1): "O1", (0, 2): "Y6", (0, 3): "G5",
                                 (1, 1): "B7", (2, 1): "P2", (1, 3): "R9", (2, 3): "Y1",
                                 (3, 1): "R5"}
    # every hand full again (8 tiles), and 8 + 8 + 3 + 2 + 3 + 1 = 25 tiles drawn
    assert list(map(len, game.hands)) == [8, 8] and NTILES - game.bag_left == 25 and conserved(game)


def words_of(text):
    return sorted(text.split())


def test_a_six_counts_as_nine_only_when_the_rules_say_so():
    # the 30-point play of the rulebook needs the red "6" as a 9 (5 + 6 + 1 = 12 is not a
    # multiple of 5); without the "6 as 9" rule (six_is_nine off, rule 2) it is no play
    board = [(0, 0, "R3"), (0, 1, "O1"), (0, 2, "Y6")]
    want = sorted([(0, 3, *placed("G5")), (1, 3, *placed("R9")), (2, 3, *placed("Y1"))])
    for six_is_nine in (True, False):
        game, _ = setup(["G5 R6 Y1", "B1 B2 B3"], board, key=5, hand=3,
                        six_is_nine=six_is_nine)
        plays = [sorted(p.tiles) for p in plays_of(game, 0)]
        assert (want in plays) == six_is_nine


def test_a_single_tile_scores_both_its_lines():
    # key 5; R4 O1 in row 0 (4 + 1 = 5), R4 Y1 in column 0 (4 + 1 = 5). The green "6" at
    # (1, 1) makes the row Y1 G? and the column O1 G?: as a 9 each is 1 + 9 = 10 (as a 6,
    # 7: no line), so it lies as a 9 and scores both lines, 10 + 10 = 20 (rules 15, 17)
    board = [(0, 0, "R4"), (0, 1, "O1"), (1, 0, "Y1")]
    game, (p0, _) = setup(["G6 B2 P3", "B1 B3 P1"], board, upcoming=["R8"], key=5, hand=3)
    p0.todo.append([(1, 1, "G9")])
    game.play_turn()
    assert game.scores() == [20, 0] and board_words(game)[(1, 1)] == "G9"
    assert words(game.hands[0]) == words_of("B2 P3 R8")   # one tile used, one drawn
    # single_tile = larger (rule 17's other reading): only one line's 10
    game, (p0, _) = setup(["G6 B2 P3", "B1 B3 P1"], board, key=5, hand=3,
                          single_tile="larger")
    p0.todo.append([(1, 1, "G9")])
    game.play_turn()
    assert game.scores() == [10, 0]


def test_a_line_of_six_colours_plays_again_before_refilling():
    # rule 19: "Each time you create or complete a line of 6 colors you play again without
    # drawing new tiles. Then add both totals and resupply to 8 tiles." Key 5; the row
    # R1 O2 Y3 G4 B5 (15) lies on the board
    board = [(0, c, w) for c, w in enumerate("R1 O2 Y3 G4 B5".split())]
    hand = "P5 R2 O3 Y8 G8 B8 P8 P7"
    game, (p0, _) = setup([hand, "R7 O7 Y7 G7 B7 P1 P2 P3"], board,
                          upcoming=["O5", "Y5", "G5"], key=5)
    # the first play: P5 completes the row, six colours, 1 + 2 + 3 + 4 + 5 + 5 = 20
    p0.todo.append([(0, 5, "P5")])
    # the bonus play, from the same hand: the column P5 R2 O3 = 5 + 2 + 3 = 10
    p0.todo.append([(1, 5, "R2"), (2, 5, "O3")])
    game.play_turn()
    # both totals: 20 + 10 = 30, one turn, seat 1 next
    assert game.scores() == [30, 0] and game.turns == 1 and game.to_move == 1
    # the bonus play was chosen from the seven tiles left, nothing drawn yet
    assert words(p0.hands[1]) == words_of("R2 O3 Y8 G8 B8 P8 P7")
    # then the refill: three tiles used, the three at the top of the bag drawn
    assert words(game.hands[0]) == words_of("Y8 G8 B8 P8 P7 O5 Y5 G5")
    assert game.row()["bonus_turns"] == 1 and conserved(game)


def test_without_the_bonus_rule_the_turn_ends():
    board = [(0, c, w) for c, w in enumerate("R1 O2 Y3 G4 B5".split())]
    game, (p0, _) = setup(["P5 R2 O3 Y8 G8 B8 P8 P7", "R7 O7 Y7 G7 B7 P1 P2 P3"], board,
                          upcoming=["O5"], key=5, bonus=False)
    p0.todo.append([(0, 5, "P5")])   # 20, as above, and no second play
    game.play_turn()
    assert game.scores() == [20, 0] and game.to_move == 1
    assert words(game.hands[0]) == words_of("R2 O3 Y8 G8 B8 P8 P7 O5")
    assert game.row()["bonus_turns"] == 0


def test_a_cross_line_of_six_earns_the_bonus_too():
    # the column R1 O2 Y3 G4 B5 (15) stands at column 0; the row P5 R5 laid below it
    # (cells (5, 0), (5, 1)) scores its own line 5 + 5 = 10 and completes the column to
    # six colours, 1 + 2 + 3 + 4 + 5 + 5 = 20: 30, and a bonus play (rule 19: "each time
    # you create or complete a line of 6 colors"; RULES.md: a cross line counts)
    board = [(r, 0, w) for r, w in enumerate("R1 O2 Y3 G4 B5".split())]
    game, (p0, _) = setup(["P5 R5 Y4 O1 G8 B8 P8 Y8", "R7 O7 Y7 G7 B7 P1 P2 P3"], board,
                          upcoming=["O5", "Y5", "G5", "B4"], key=5)
    p0.todo.append([(5, 0, "P5"), (5, 1, "R5")])
    # the bonus play: Y4 and O1 under the R5 make the column R5 Y4 O1 = 10
    p0.todo.append([(6, 1, "Y4"), (7, 1, "O1")])
    game.play_turn()
    assert game.scores() == [40, 0] and game.turns == 1
    assert words(p0.hands[1]) == words_of("Y4 O1 G8 B8 P8 Y8")
    assert words(game.hands[0]) == words_of("G8 B8 P8 Y8 O5 Y5 G5 B4")


def test_a_bonus_with_no_tile_left_ends_the_turn():
    # hands of 6: the first line uses them all, R1 O2 Y3 G4 B5 P5 = 20, six colours; the
    # bonus play cannot be made with no tiles (RULES.md rule 19), the hand is refilled
    game, (p0, _) = setup(["R1 O2 Y3 G4 B5 P5", "R7 O7 Y7 G7 B7 P8"],
                          upcoming=["R2", "O3", "Y4", "G5", "B6", "P7"], key=5, hand=6)
    p0.todo.append([(0, c, w) for c, w in enumerate("R1 O2 Y3 G4 B5 P5".split())])
    game.play_turn()
    assert game.scores() == [20, 0] and game.to_move == 1 and game.turns == 1
    assert words(game.hands[0]) == words_of("R2 O3 Y4 G5 B6 P7")


# The end. Key 5; the row R2 O3 Y5 (10) on the board. A red tile cannot go in the row
# (red is there) or on a column under or over R2; under or over O3 it needs 3 + x a
# multiple of 5 (x = 2 or 7), under or over Y5 5 + x (x = 5 or 10); two red tiles never
# share a line. So red hands without 2, 5 or 7 (and a "6": 3 + 6, 3 + 9, 5 + 6, 5 + 9 are
# no multiples of 5) have no play.
END_BOARD = [(0, 0, "R2"), (0, 1, "O3"), (0, 2, "Y5")]


def test_nobody_can_play_the_game_ends_and_hands_are_deducted():
    game, _ = setup(["R6 R8", "R1 R4"], END_BOARD, key=5, hand=2, scores=[12, 20])
    assert plays_of(game, 0) == [] and plays_of(game, 1) == []
    game.play_turn()   # seat 0 cannot play: passes (rule 20)
    assert not game.over and game.scores() == [12, 20] and game.passes == 1
    game.play_turn()   # seat 1 passes: a full round without a tile placed (rule 21)
    assert game.over and game.turns == 2
    # rule 22: the hand's "numerical value" is deducted, a "6" counting 6 (rule 2):
    # seat 0: 6 + 8 = 14, 12 - 14 = -2 (scores may be negative); seat 1: 1 + 4 = 5, 20 - 5
    assert game.penalties == [14, 5] and game.scores() == [-2, 15]
    # rule 23: the highest score wins; the game ended with tiles still in the bag
    assert game.winner == 1 and game.row()["margin"] == 17 and game.bag_left > 0


def test_a_tie_for_the_highest_score_is_a_draw():
    # 20 - (6 + 8) = 6 and 11 - (1 + 4) = 6: a draw shared by both (rule 23), margin 0
    game, _ = setup(["R6 R8", "R1 R4"], END_BOARD, key=5, hand=2, scores=[20, 11])
    game.run()
    assert game.scores() == [6, 6] and game.winner == DRAW
    assert game.row()["winner"] == DRAW and game.row()["margin"] == 0


def test_without_the_penalty_rule_hands_cost_nothing():
    game, _ = setup(["R6 R8", "R1 R4"], END_BOARD, key=5, hand=2, scores=[12, 20],
                    penalty=False)
    game.run()
    assert game.penalties == [0, 0] and game.scores() == [12, 20] and game.winner == 1


def test_a_pass_does_not_end_the_game_while_someone_plays():
    # seat 0 (R6 R8) cannot play; seat 1 holds G2: under O3 the column O3 G2 = 5 scores 5
    # (rule 16), so the round was not idle and seat 0 is asked again (rule 21)
    game, (_, p1, _) = setup(["R6 R8", "G2 R1", "R4 R3"], END_BOARD, upcoming=["R8"], key=5,
                          hand=2, scores=[0, 0, 0])
    # R1 cannot play either (3 + 1, 5 + 1); seat 1's only play is G2 on one of two cells
    p1.todo.append([(1, 1, "G2")])
    game.play_turn()
    game.play_turn()
    assert game.scores() == [0, 5, 0] and game.passes == 1 and game.idle == 0
    # now the column O3 G2 (5) takes x above or below if 5 + x is a multiple of 5, the
    # cell (1, 2) beside G2 lies under Y5 (5 + x again), and (1, 0) under R2 takes no red
    # tile: seat 2 (R4 R3), seat 0 (R6 R8: 5 + 6, 5 + 9, 5 + 8) and seat 1 (R1 R8, after
    # drawing R8) have no play; three passes in a row end the game
    assert plays_of(game, 2) == []
    game.run()
    assert game.turns == 5 and game.passes == 4
    # penalties: 6 + 8 = 14, 1 + 8 = 9, 4 + 3 = 7
    assert game.penalties == [14, 9, 7] and game.scores() == [-14, -4, -7] and game.winner == 1


def test_a_stuck_player_draws_with_stuck_draw():
    # rule 20's other reading: the stuck player draws one tile and passes; the round that
    # drew is not idle, so the game goes on
    game, _ = setup(["R6 R8", "R1 R4"], END_BOARD, upcoming=["B7"], key=5, hand=2,
                    stuck="draw")
    game.play_turn()
    assert words(game.hands[0]) == words_of("R6 R8 B7") and game.passes == 1
    game.play_turn()
    assert not game.over
