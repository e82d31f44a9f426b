"""Sumoku's tiles, key die, lines and whole patterns (RULES.md rules 1 to 7, 39), the
rulebook's examples, and the line kernel held against the reference."""
import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from numbergames.cext.sumoku.lines import check_lines
from numbergames.solver.dice import Stream
from numbergames.solver.sumoku.lines import encode, line_sums, line_valid, placed_line_valid
from numbergames.solver.sumoku.pattern import (check_pattern, connected, format_pattern, lines,
                                   parse_pattern)
from numbergames.solver.sumoku.tiles import (KEY_FACES, NKINDS, NTILES, all_tiles, colour, key_chances,
                                 kind, kind_colour, kind_number, number, parse, roll_key,
                                 values)


def kinds(words):
    return [parse(w) for w in words.split()]


def test_the_96_tiles():
    tiles = all_tiles()
    assert len(tiles) == NTILES == 96
    assert Counter(colour(t) for t in tiles) == {c: 16 for c in range(6)}
    assert Counter((colour(t), number(t)) for t in tiles) == {
        (c, n): 2 for c in range(6) for n in range(1, 9)}
    assert Counter(kind(t) for t in tiles) == {k: 2 for k in range(NKINDS)}
    assert all((kind_colour(kind(t)), kind_number(kind(t))) == (colour(t), number(t))
               for t in tiles)
    assert sum(len(values(kind(t))) == 2 for t in tiles) == 12  # the twelve "6" tiles


def test_the_key_die_and_the_challenge():
    assert sorted(KEY_FACES) == [3, 3, 4, 4, 5, 5]
    assert {k: float(p) for k, p in key_chances("die").items()} == {3: 1 / 3, 4: 1 / 3,
                                                                    5: 1 / 3}
    assert sorted(key_chances("challenge")) == [6, 7, 8, 9, 10]
    assert sum(key_chances("challenge").values()) == 1
    # the die draws one below(6) from the dice stream, the challenge two, a fixed key none
    for seed in range(50):
        s = Stream(seed)
        assert roll_key("die", Stream(seed)) == KEY_FACES[s.below(6)]
        s = Stream(seed)
        assert roll_key("challenge", Stream(seed)) == KEY_FACES[s.below(6)] + KEY_FACES[s.below(6)]
        s = Stream(seed)
        assert roll_key("4", s) == 4 and s.state == Stream(seed).state
    rolled = Counter(roll_key("challenge", Stream(seed)) for seed in range(9000))
    assert set(rolled) == {6, 7, 8, 9, 10} and abs(rolled[8] / 9000 - 1 / 3) < 0.02


def test_tile_words():
    assert parse("R1") == 0 and parse("p8") == 47 and parse("G6") == parse("G9")
    for bad in ("X1", "R0", "R10", "R", ""):
        with pytest.raises(ValueError, match="bad tile"):
            parse(bad)


# -- lines --------------------------------------------------------------------------------
def test_lines_from_the_rulebook():
    # "the total of your combination is 10 (a multiple of the key number 5)"
    assert line_valid(kinds("R3 O1 Y6"), 5)
    # "A color cannot repeat in the same row or column. A number may repeat."
    assert not line_valid(kinds("R3 R2"), 5)
    assert line_valid(kinds("R3 O3 Y4"), 5)
    # 2 to 6 tiles
    assert not line_valid(kinds("R5"), 5) and not line_valid([], 5)
    assert line_valid(kinds("R5 O5 Y5 G5 B5 P5"), 5)
    assert not line_valid(kinds("R5 O5 Y5 G5 B5 P5 R5"), 5)
    # the "6" tile as 6 or 9: 5 + 9 + 1 = 15
    assert line_valid(kinds("R5 O6 Y1"), 5) and not line_valid(kinds("R5 O6 Y1"), 5,
                                                             six_is_nine=False)
    assert line_sums(kinds("R6 O6")) == [12, 15, 18]
    # solo sumoku: numbers distinct too
    assert not line_valid(kinds("R3 O3 Y4"), 5, solo=True)
    assert not line_valid(kinds("R6 O6 Y3"), 3, solo=True)   # 9 + 6 + 3 is still two "6"s
    assert placed_line_valid(kinds("R5 O6 Y1"), [5, 9, 1], 5)


def brute_line_valid(line, key, solo, six_is_nine):
    """Rule 5 by enumeration: some reading of every tile's values adds to a multiple."""
    if not 2 <= len(line) <= 6:
        return False
    if len({kind_colour(k) for k in line}) < len(line):
        return False
    if solo and len({kind_number(k) for k in line}) < len(line):
        return False
    return any(sum(v) % key == 0
               for v in itertools.product(*(values(k, six_is_nine) for k in line)))


LINES = st.lists(st.integers(0, NKINDS - 1), min_size=0, max_size=8)


@settings(max_examples=400, deadline=None)
@given(LINES, st.integers(3, 10), st.booleans(), st.booleans())
def test_reference_agrees_with_enumeration(line, key, solo, six_is_nine):
    assert line_valid(line, key, solo=solo, six_is_nine=six_is_nine) == brute_line_valid(
        line, key, solo, six_is_nine)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=40), st.integers(3, 10), st.booleans(),
       st.booleans())
def test_kernel_agrees_with_the_reference(batch, key, solo, six_is_nine):
    words = np.array([encode(line) for line in batch], dtype=np.uint64)
    fast = check_lines(words, key, solo, six_is_nine)
    assert fast.dtype == np.uint8
    assert fast.tolist() == [int(line_valid(line, key, solo=solo, six_is_nine=six_is_nine))
                             for line in batch]


def test_kernel_on_random_lines_for_every_key():
    rng = np.random.default_rng(3)
    batch = [rng.choice(NKINDS, size=rng.integers(0, 9)).tolist() for _ in range(20_000)]
    words = np.array([encode(line) for line in batch], dtype=np.uint64)
    for key in range(3, 11):
        assert check_lines(words, key).tolist() == [int(line_valid(line, key)) for line in batch]


def test_kernel_rejects_bad_words():
    with pytest.raises(ValueError, match="no kind"):
        check_lines(np.array([49], dtype=np.uint64), 5)
    with pytest.raises(ValueError, match="key"):
        check_lines(np.array([1], dtype=np.uint64), 0)


# -- patterns -----------------------------------------------------------------------------
TEN_TILES = """
    R3 O1 Y6 G5
    .  B7 .  R9
    .  P2 O2 Y1
    .  R5 .  .
"""
"""A 10-tile sumoku on key 5 (the rulebook's introduction shows one; its picture is not in
the text, so this one is built to the same rules): rows 3+1+6+5 = 15 and 2+2+1 = 5,
columns 1+7+2+5 = 15 and 5+9+1 = 15, the red "6" lying as a 9."""


def test_a_ten_tile_pattern_on_key_5():
    pattern, pinned = parse_pattern(TEN_TILES)
    assert len(pattern) == 10
    verdict = check_pattern(pattern, 5, pinned=pinned)
    assert verdict.ok, verdict.reason
    assert verdict.values == {(0, 2): 6, (1, 3): 9}
    # the validator finds the 9 itself when the pattern does not say it
    free = check_pattern(pattern, 5)
    assert free.ok and free.values == {(0, 2): 6, (1, 3): 9}
    assert len(lines(pattern)) == 4
    for key in (3, 4):
        assert not check_pattern(pattern, key).ok
    assert parse_pattern(format_pattern(pattern, verdict.values)) == (pattern, pinned)


@pytest.mark.parametrize("text, reason", [
    ("R3 O2\n.  .\nG1 B4", "not connected"),
    ("R3 O2\n.  .  Y5", "not connected"),
    ("R3 R2", "repeats a colour"),
    ("R1 O1 Y1 G1 B1 P1 R4", "has 7 tiles"),
    ("R3 O1\n.  Y4", "adds up to 5, not a multiple of 4"),
])
def test_invalid_patterns_say_why(text, reason):
    pattern, pinned = parse_pattern(text)
    verdict = check_pattern(pattern, 4 if "Y4" in text else 5, pinned=pinned)
    assert not verdict.ok and reason in verdict.reason


def test_a_tile_in_no_line():
    # a pattern of one tile is connected, but the tile lies in no line
    assert "no line" in check_pattern({(0, 0): parse("R5")}, 5).reason


def test_a_six_lies_one_way_up():
    # the red "6" heads a row R6 O4 (6 + 4 = 10) and a column R6 B1 (9 + 1 = 10): each line
    # alone works, but the tile cannot be a 6 in one and a 9 in the other
    pattern, _ = parse_pattern("R6 O4\nB1 .")
    verdict = check_pattern(pattern, 5)
    assert not verdict.ok and "one value" in verdict.reason
    assert check_pattern(pattern, 5, six_value="per_line").ok
    assert not check_pattern(pattern, 5, six_is_nine=False).ok


def test_solo_patterns():
    pattern, _ = parse_pattern("R3 O3 Y4")
    assert check_pattern(pattern, 5).ok
    assert "colour or number" in check_pattern(pattern, 5, solo=True).reason


def test_malformed_pattern_text():
    with pytest.raises(ValueError, match="bad tile"):
        parse_pattern("R3 Q1")
    with pytest.raises(ValueError, match="more than twice"):
        parse_pattern("R3 R3\nR3 .")
    with pytest.raises(ValueError, match="no tiles"):
        parse_pattern(". .\n")


def brute_pattern_ok(pattern, key):
    """Rule 7 by enumeration of every reading of the "6" tiles."""
    if not connected(pattern):
        return False
    found = lines(pattern)
    if {c for line in found for c in line} != set(pattern):
        return False
    cells = sorted(pattern)
    for reading in itertools.product(*(values(pattern[c]) for c in cells)):
        value = dict(zip(cells, reading))
        if all(placed_line_valid([pattern[c] for c in line], [value[c] for c in line], key)
               for line in found):
            return True
    return False


SIXES_AND_FRIENDS = [k for k in range(NKINDS) if kind_number(k) in (1, 3, 4, 6)]


def test_pattern_validator_agrees_with_enumeration():
    # random patterns on a 3 x 3 grid, from tiles rich in "6"s; both verdicts come up often
    # enough, and among the valid ones some need a "6" read as 9
    rng = np.random.default_rng(8)
    verdicts = Counter()
    for _ in range(6000):
        size = int(rng.integers(2, 8))
        cells = rng.choice(9, size=size, replace=False)
        pattern = {(int(c) // 3, int(c) % 3): int(rng.choice(SIXES_AND_FRIENDS)) for c in cells}
        key = int(rng.choice([3, 5]))
        verdict = check_pattern(pattern, key)
        assert verdict.ok == brute_pattern_ok(pattern, key), pattern
        verdicts[verdict.ok, 9 in verdict.values.values()] += 1
    assert verdicts[True, True] >= 20 and verdicts[True, False] >= 20, verdicts
    assert verdicts[False, False] >= 1000, verdicts
