"""The layout search (solver/sumoku/layout.py, cover.py) and its kernel
(cext/sumoku/layout.pyx): the same answers node for node, every layout valid, impossible
hands proven so, the rulebook's 10-tile hand solved."""
import random

import pytest

from numbergames.solver.sumoku.cover import covered
from numbergames.solver.sumoku.layout import (FOUND, GAVE_UP, IMPOSSIBLE, fast_search,
                                  kernel_strip_search, search, strip_search, verify)
from numbergames.solver.sumoku.pattern import check_pattern, parse_pattern
from numbergames.solver.sumoku.tiles import kind, parse
from tests.sumoku.test_tiles_and_lines import TEN_TILES


def hand(words):
    return [parse(w) for w in words.split()]


@pytest.mark.parametrize("solo", [False, True])
@pytest.mark.parametrize("six_is_nine", [True, False])
def test_reference_and_kernel_agree_on_random_small_hands(solo, six_is_nine):
    rng = random.Random(11 + solo + 2 * six_is_nine)
    statuses = set()
    for _ in range(60):
        tiles = [kind(t) for t in rng.sample(range(96), rng.randint(2, 6))]
        key = rng.randint(3, 10)
        a = strip_search(tiles, key, solo=solo, six_is_nine=six_is_nine, budget=3000)
        b = kernel_strip_search(tiles, key, solo=solo, six_is_nine=six_is_nine, budget=3000)
        assert (a.status, a.nodes, dict(a.layout), dict(a.cell_values)) == \
               (b.status, b.nodes, dict(b.layout), dict(b.cell_values)), (tiles, key)
        statuses.add(a.status)
        if a.status == FOUND:
            assert verify(a, key, solo=solo, six_is_nine=six_is_nine)
            assert sorted(a.layout.values()) == sorted(tiles)
    assert statuses == {FOUND, IMPOSSIBLE, GAVE_UP}


def test_every_layout_of_random_hands_is_valid_and_uses_every_tile():
    rng = random.Random(5)
    found = 0
    for _ in range(30):
        tiles = [kind(t) for t in rng.sample(range(96), 8)]
        key = rng.randint(3, 10)
        result = fast_search(tiles, key, budget=300_000)
        if result.status == FOUND:
            found += 1
            assert check_pattern(result.layout, key, pinned=result.pinned()).ok
            assert sorted(result.layout.values()) == sorted(tiles)
    assert found >= 15


def test_small_hands_are_decided_exactly_as_brute_force_says():
    # every 3-tile hand of few colours on key 3: a layout exists iff the three tiles make
    # one line (an L or a row) in some order, i.e. some pair and the three checked directly
    from itertools import combinations

    from numbergames.solver.sumoku.lines import line_valid
    kinds = [parse(w) for w in "R1 R2 O1 O2 O6 Y3 Y5".split()]
    for tiles in combinations(kinds, 3):
        expect = line_valid(list(tiles), 3) or any(
            line_valid([tiles[i], tiles[j]], 3) and line_valid([tiles[i], tiles[k]], 3)
            for i in range(3) for j in range(3) for k in range(3) if len({i, j, k}) == 3)
        got = search(list(tiles), 3).status
        assert got == (FOUND if expect else IMPOSSIBLE), tiles


@pytest.mark.parametrize("words,key", [
    ("R1 R4", 5),                      # one colour twice: no line at all
    ("R1 O2", 5),                      # 3 is no multiple of 5
    ("R1 R2 R3 R4 O5", 5),             # four reds and one other tile
    ("R1 O1 Y1 G1 B1 P1 R2", 10),      # every line of 1s and a 2 falls short of 10
])
def test_hand_made_unsolvable_hands_are_proven_impossible(words, key):
    for kernel in (False, True):
        result = search(hand(words), key, kernel=kernel)
        assert result.status == IMPOSSIBLE and result.proof in ("search", "cover")


def test_the_cover_proof_and_the_search_agree_where_the_cover_says_no():
    rng = random.Random(9)
    disproved = 0
    for _ in range(80):
        tiles = [kind(t) for t in rng.sample(range(96), 6)]
        key = rng.randint(3, 10)
        if not covered(tiles, key):
            disproved += 1
            assert kernel_strip_search(tiles, key).status == IMPOSSIBLE
    assert disproved >= 10


def test_the_rulebooks_ten_tile_hand_is_solved_on_key_5():
    pattern, _ = parse_pattern(TEN_TILES)
    tiles = sorted(pattern.values())
    result = fast_search(tiles, 5)
    assert result.status == FOUND
    assert check_pattern(result.layout, 5, pinned=result.pinned()).ok
    assert sorted(result.layout.values()) == tiles
    assert "\n" in result.text()


def test_bad_hands_and_keys_are_refused():
    with pytest.raises(ValueError):
        search([0, 48], 5)
    with pytest.raises(ValueError):
        fast_search([0, 1], 0)
