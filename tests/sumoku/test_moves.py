"""The main game's move generator: the rulebook's scores, and every legal play found, no
more, checked against a brute force that tries every placement and asks the pattern
validator."""
import itertools
from collections import Counter

import pytest

from numbergames.solver.sumoku.board import Board, line_total
from numbergames.solver.sumoku.moves import legal_plays, tile_values
from numbergames.solver.sumoku.pattern import check_pattern, lines
from numbergames.solver.decision import RandomPlayer
from tests.sumoku.turns import Stepper
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import NINE, is_six, parse

RULES = SumokuRules()


def kinds(words):
    return [parse(w) for w in words.split()]


def board_of(*tiles):
    """A board from ``(row, col, word)``; a "6" written 9 lies as a 9."""
    b = Board()
    for r, c, word in tiles:
        k = parse(word)
        value = NINE if word[1] == "9" else int(word[1])
        b.place([(r, c, k, value)])
    return b


def find(plays, *tiles):
    """The play laying exactly these ``(row, col, word)`` tiles."""
    want = sorted((r, c, parse(w), NINE if w[1] == "9" else int(w[1])) for r, c, w in tiles)
    found = [p for p in plays if sorted(p.tiles) == want]
    assert len(found) == 1, (tiles, len(found))
    return found[0]


FIRST = ((0, 0, "R3"), (0, 1, "O1"), (0, 2, "Y6"))
"""The rulebook's first example on key 5: 3 + 1 + 6 = 10 (its picture is not in the text;
these tiles are built to match the numbers of its later examples)."""


def test_the_rulebooks_scores():
    # "the total of your combination is 10 (a multiple of the key number 5). You score 10"
    first = legal_plays(Board(), kinds("R3 O1 Y6 B7 P2 G5"), 5, RULES)
    assert find(first, *FIRST).score == 10
    board = board_of(*FIRST)
    plays = legal_plays(board, kinds("G5 B7 P2 R6 Y1"), 5, RULES)
    # "you add 5 to an existing combination and you score 15"
    assert find(plays, (0, 3, "G5")).score == 15
    # "you create a combination [7] [2] linked to an existing one: (1 + 7 + 2) = 10"
    assert find(plays, (1, 1, "B7"), (2, 1, "P2")).score == 10
    # "[5] [9] [1] both adds to and is linked to an existing one ... the new completed row
    # plus the new column: (3 + 1 + 6 + 5) + (5 + 9 + 1) = 30"
    play = find(plays, (0, 3, "G5"), (1, 3, "R9"), (2, 3, "Y1"))
    assert play.score == 30 and not play.bonus
    # the "6" is part of the play: as a 6 the column adds to 12, which 5 does not divide
    assert not [p for p in plays if sorted(p.tiles) == sorted(
        [(0, 3, parse("G5"), 5), (1, 3, parse("R6"), 6), (2, 3, parse("Y1"), 1)])]


def test_a_line_of_six_colours_earns_a_bonus():
    board = board_of((0, 0, "R1"), (0, 1, "O2"), (0, 2, "Y3"), (0, 3, "G4"), (0, 4, "B5"))
    plays = legal_plays(board, kinds("P5 P8"), 5, RULES)
    assert find(plays, (0, 5, "P5")).score == 20 and find(plays, (0, 5, "P5")).bonus
    assert find(plays, (0, -1, "P5")).bonus
    assert not find(plays, (1, 1, "P8")).bonus  # the column O2 P8 = 10 has two tiles


def test_single_tile_scores_both_lines_or_the_larger():
    board = board_of((0, 0, "R3"), (0, 1, "O2"), (1, 0, "B2"))
    # Y5 at (1, 1): row B2 Y5 = 7, column O2 Y5 = 7: both multiples of 7
    both = find(legal_plays(board, kinds("Y5"), 7, RULES), (1, 1, "Y5"))
    larger = find(legal_plays(board, kinds("Y5"), 7, RULES.replace(single_tile="larger")),
                  (1, 1, "Y5"))
    assert (both.score, larger.score) == (14, 7)


def test_six_values():
    board = board_of((0, 0, "R4"), (1, 0, "O1"))
    plays = legal_plays(board, kinds("Y6"), 5, RULES)
    # Y6 right of R4: 4 + 6 = 10; right of O1: 1 + 9 = 10
    assert find(plays, (0, 1, "Y6")).score == 10 and find(plays, (1, 1, "Y9")).score == 10
    no_nine = legal_plays(board, kinds("Y6"), 5, RULES.replace(six_is_nine=False))
    assert {p.tiles[0][:2] for p in no_nine} == {(0, 1), (0, -1)}   # beside R4 only
    per_line = RULES.replace(six_value="per_line")
    assert tile_values(parse("Y6"), per_line) == (0,)
    # per line, a "6" right of R4 (row 4 + 6) and above O1 (column 9 + 1) is read as each
    # line needs; lying one way up it cannot be placed there
    board = board_of((0, 0, "R4"), (1, 1, "O1"))
    assert [p.score for p in legal_plays(board, kinds("Y6"), 5, per_line)
            if p.tiles[0][:2] == (0, 1)] == [20]   # row 4 + 6 = 10, column 9 + 1 = 10
    assert not [p for p in legal_plays(board, kinds("Y6"), 5, RULES) if p.tiles[0][:2] == (0, 1)]


def test_first_plays_are_rows_from_the_origin():
    plays = legal_plays(Board(), kinds("R3 O2 Y5"), 5, RULES)
    assert sorted(p.kinds for p in plays) == sorted(
        [kinds("R3 O2"), kinds("O2 R3"), kinds("R3 O2 Y5"), kinds("R3 Y5 O2"),
         kinds("O2 R3 Y5"), kinds("O2 Y5 R3"), kinds("Y5 R3 O2"), kinds("Y5 O2 R3")])
    assert all(p.tiles[0][:2] == (0, 0) and {r for r, _, _, _ in p.tiles} == {0} for p in plays)
    assert legal_plays(Board(), kinds("R3 R2 R5"), 5, RULES) == []


# -- brute force ------------------------------------------------------------------------------
def brute_plays(board, hand, key, rules):
    """Every legal play by trying every set of empty cells in one row or column near the
    pattern, every assignment of hand kinds and values, and asking the pattern validator
    about the whole board after it; the score is every line holding a new tile."""
    found = set()
    hand = sorted(set(hand))
    r0, r1, c0, c1 = board.bounds()
    pad = len(hand)
    pinned = {cell: v for cell, (k, v) in board.cells.items() if is_six(k)}
    for count in range(1, len(hand) + 1):
        for axis in ((0,) if count == 1 else (0, 1)):
            for line in range((r0 if axis == 0 else c0) - 1, (r1 if axis == 0 else c1) + 2):
                lo, hi = (c0, c1) if axis == 0 else (r0, r1)
                spots = [(line, x) if axis == 0 else (x, line) for x in range(lo - pad, hi + pad + 1)]
                spots = [s for s in spots if s not in board]
                for cells in itertools.combinations(spots, count):
                    xs = [c[1 - axis] for c in cells]
                    between = [(line, x) if axis == 0 else (x, line)
                               for x in range(min(xs), max(xs) + 1)]
                    if any(c not in board and c not in cells for c in between):
                        continue
                    for chosen in itertools.permutations(hand, count):
                        for vals in itertools.product(*(tile_values(k, rules) for k in chosen)):
                            pattern = {cell: k for cell, (k, _) in board.cells.items()}
                            pins = dict(pinned)
                            for cell, k, v in zip(cells, chosen, vals):
                                pattern[cell] = k
                                if is_six(k):
                                    pins[cell] = v
                            if not check_pattern(pattern, key, pinned=pins).ok:
                                continue
                            value = {c: pins.get(c, board.cells[c][1] if c in board else 0)
                                     for c in pattern}
                            for cell, k, v in zip(cells, chosen, vals):
                                value[cell] = v
                            scored = [l for l in lines(pattern) if set(l) & set(cells)]
                            totals = [sum(value[c] for c in l) for l in scored]
                            score = sum(totals) if (count > 1 or rules.single_tile == "both") \
                                else max(totals)
                            tiles = frozenset((c[0], c[1], k, v) for c, k, v in zip(cells, chosen, vals))
                            found.add((tiles, score, any(len(l) == 6 for l in scored)))
    return found


def positions(rules, seeds, upto):
    """Boards and hands met in random games (the first ``upto`` turns of each)."""
    out = []
    for seed in seeds:
        stepper = Stepper(rules, [RandomPlayer()] * rules.players, seed)
        game = stepper.state
        for _ in range(upto):
            if game.over:
                break
            if game.board.cells:
                for seat in range(rules.players):
                    out.append((Board(dict(game.board.cells)), game.hand_kinds(seat), game.key))
            stepper.play_turn()
    return out


@pytest.mark.parametrize("variant", [{}, {"single_tile": "larger", "key": "challenge"},
                                     {"six_is_nine": False, "key": "3"}])
def test_no_legal_play_is_missed_and_none_is_wrong(variant):
    rules = SumokuRules(hand=3, **variant)
    checked = Counter()
    for board, hand, key in positions(rules, range(4), 6):
        fast = {(frozenset(p.tiles), p.score, p.bonus) for p in legal_plays(board, hand, key, rules)}
        assert len(fast) == len(legal_plays(board, hand, key, rules))  # no play twice
        assert fast == brute_plays(board, hand, key, rules)
        checked[len(fast) > 0] += 1
    assert checked[True] >= 10 and checked[False] >= 1, checked


def test_line_total_reads_free_sixes_for_the_largest_total():
    assert line_total([(parse("R6"), 0), (parse("O6"), 0), (parse("Y3"), 3)], 3) == 21
    assert line_total([(parse("R6"), 0), (parse("O1"), 1)], 5) == 10
