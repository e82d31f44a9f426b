"""So-Soo-Yoo's board: the rulebook's own examples, the two readings of a move, the graph
and the spiral."""
import itertools
import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbergames.solver.params import RulesError
from numbergames.solver.sosooyoo.board import (JUMP, SIMPLE, STANDARD_MOVES, WARP, adjacency, board_graph,
                                   book_targets, bubble_choices, bubbles, carries, is_prime,
                                   move_graph, move_kind, move_table, moves_by, spiral_layout,
                                   targets)
from numbergames.solver.sosooyoo.rules import SoSooYooRules

FLAGS = [dict(jumps=j, warps=w, prime_bubble=p)
         for j, w, p in itertools.product((True, False), repeat=3)]
"""Every combination of the three board switches."""


# -- the rulebook's examples -------------------------------------------------------------
def test_jumping_from_21():
    # "It has an orange three (3) bubble and a green seven (7) bubble. You can use the three
    # bubble to jump backwards to the eighteen (18) space or forwards to the twenty-four (24)
    # space... or the seven bubble to jump backwards to the fourteen (14) space or forwards
    # to the twenty-eight (28) space."
    assert bubbles(21) == (3, 7)
    assert moves_by(21, (3,)) == (18, 24)
    assert moves_by(21, (7,)) == (14, 28)
    moves = book_targets(21)
    assert {m for m, kind in moves.items() if kind == JUMP} == {14, 18, 24, 28}


def test_warping_from_60_by_two_and_three():
    # "if you were on space sixty (60), and chose to use one of the red two bubbles and the
    # orange three bubbles, you could warp directly to space fifty-four (54) or space
    # sixty-six (66)"
    assert bubbles(60) == (2, 2, 3, 5)
    assert moves_by(60, (2, 3)) == (54, 66)
    assert book_targets(60)[54] == book_targets(60)[66] == WARP


@pytest.mark.parametrize("chosen, expected", [
    ((2, 2), (56, 64)), ((2, 3), (54, 66)), ((2, 5), (50, 70)), ((3, 5), (45, 75)),
    ((2, 2, 3), (48, 72)), ((2, 2, 5), (40, 80)), ((2, 3, 5), (30, 90)),
    ((2, 2, 3, 5), (120,)),                                   # 0 is not a space
])
def test_warping_from_60(chosen, expected):
    # "Here's a look at more of the spaces you could warp to from sixty, using various
    # combinations of bubbles": every choice of two or more of its bubbles.
    assert moves_by(60, chosen) == expected


def test_every_move_from_60():
    warps = [c for c in bubble_choices(60) if len(c) >= 2]
    assert len(warps) == 8
    assert targets(60) == (30, 40, 45, 48, 50, 54, 55, 56, 57, 58, 59, 61, 62, 63, 64, 65, 66,
                           70, 72, 75, 80, 90, 120)
    kinds = book_targets(60)
    assert {m for m, k in kinds.items() if k == JUMP} == {55, 57, 58, 62, 63, 65}
    assert {m for m, k in kinds.items() if k == SIMPLE} == {59, 61}


def test_division_by_the_board():
    # Notes to teachers: "to divide the number 52 by six ... place a ring on every number
    # that is divisible by six (has both a two and a three bubble) between 52 and 1, namely
    # 48, 42, 36, 30, 24, 18, 12, and 6. There are seven rings on the board" (counting
    # from 52 down, the eighth is 6; 52 = 8·6 + 4 reads the same board).
    assert [m for m in range(52, 0, -1) if carries(m, (2, 3))] == [48, 42, 36, 30, 24, 18, 12, 6]


def test_say_the_numbers_examples():
    # "two times two times three times five is sixty"; "four red two bubbles is ... sixteen"
    assert bubbles(60) == (2, 2, 3, 5) and math.prod(bubbles(60)) == 60
    assert bubbles(16) == (2, 2, 2, 2)


def test_simple_moves_at_the_ends():
    # "You may always move forward or backward one space (unless you are on space number
    # one or space number 199)."
    assert targets(1) == (2,)
    assert targets(199) == (198,)          # 199 is prime: its jump leads off the board
    assert all({n - 1, n + 1} & set(range(1, 200)) <= set(targets(n)) for n in range(1, 200))


def test_round_and_square_spaces():
    # "The round spaces are prime numbers, and the square spaces are composite numbers. The
    # composite number spaces all have two or more prime factors in bubbles."
    for n in range(2, 200):
        assert (len(bubbles(n)) >= 2) == (not is_prime(n))
    assert sum(is_prime(n) for n in range(1, 200)) == 46


# -- the two readings of a move ------------------------------------------------------------
@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: ",".join(k for k, v in f.items() if v) or "none")
@pytest.mark.parametrize("size", [199, 60, 12, 4, 1])
def test_the_books_walk_is_the_specs_arithmetic(size, flags):
    for n in range(1, size + 1):
        book = book_targets(n, size, **flags)
        assert tuple(sorted(book)) == targets(n, size, **flags)
        assert all(move_kind(abs(m - n)) == kind for m, kind in book.items())


def test_prime_bubble_off():
    assert targets(7, prime_bubble=False) == (6, 8)
    assert targets(7) == (6, 8, 14)
    assert 7 not in targets(14, prime_bubble=False) and 7 in targets(14)
    # The jump from 2p down to p is the only move the switch removes from a composite space.
    for n in range(4, 200):
        if not is_prime(n):
            lost = set(targets(n)) - set(targets(n, prime_bubble=False))
            assert lost == ({n // 2} if n % 2 == 0 and is_prime(n // 2) else set())


def test_jumps_and_warps_off():
    for n in range(1, 200):
        steps = {abs(m - n) for m in targets(n, jumps=False)}
        assert not any(is_prime(d) for d in steps)
        steps = {abs(m - n) for m in targets(n, warps=False)}
        assert all(d == 1 or is_prime(d) for d in steps)
        assert targets(n, jumps=False, warps=False) == tuple(m for m in (n - 1, n + 1) if 1 <= m <= 199)


def test_small_boards():
    assert board_graph(1).number_of_edges() == 0
    assert sorted(board_graph(2).edges) == [(1, 2)]
    assert sorted(board_graph(3).edges) == [(1, 2), (2, 3)]            # 2 and 3 jump off the board
    assert sorted(board_graph(4).edges) == [(1, 2), (2, 3), (2, 4), (3, 4)]
    assert move_table(12)[6] == (3, 4, 5, 7, 8, 9, 12)
    assert move_table(12)[12] == (6, 8, 9, 10, 11)
    with pytest.raises(ValueError):
        targets(13, 12)


def test_standard_table():
    assert len(STANDARD_MOVES) == 200 and STANDARD_MOVES[0] == ()
    assert STANDARD_MOVES[21] == targets(21)


# -- the graph ---------------------------------------------------------------------------
def test_move_graph_from_rules():
    g = move_graph(SoSooYooRules())
    assert g.number_of_nodes() == 199 and nx.is_connected(g)
    assert g.edges[21, 18] == {"step": 3, "kind": JUMP}
    assert g.edges[54, 60] == {"step": 6, "kind": WARP}
    assert g.nodes[60] == {"bubbles": (2, 2, 3, 5), "prime": False}
    small = move_graph(SoSooYooRules(board_size=30, warps=False, prime_bubble=False))
    assert small.number_of_nodes() == 30 and not small.has_edge(7, 14) and small.has_edge(7, 8)
    assert not any(d["kind"] == WARP for *_, d in small.edges(data=True))


def test_the_rules_reject_a_one_space_board():
    with pytest.raises(RulesError, match="board_size; allowed: an integer in 12..199"):
        SoSooYooRules(board_size=1)


@settings(max_examples=60, deadline=None)
@given(size=st.integers(1, 199), jumps=st.booleans(), warps=st.booleans(), prime_bubble=st.booleans())
def test_moves_are_symmetric_and_stay_on_the_board(size, jumps, warps, prime_bubble):
    table = move_table(size, jumps, warps, prime_bubble)
    for n in range(1, size + 1):
        assert all(1 <= m <= size and m != n for m in table[n])
        assert all(n in table[m] for m in table[n])
    matrix = adjacency(size, jumps=jumps, warps=warps, prime_bubble=prime_bubble)
    assert (matrix == matrix.T).all() and not matrix.diagonal().any()
    g = board_graph(size, jumps=jumps, warps=warps, prime_bubble=prime_bubble)
    assert nx.is_connected(g) and g.number_of_edges() == matrix.sum() // 2


# -- the spiral --------------------------------------------------------------------------
def test_spiral_starts_in_the_middle_and_circles_out():
    # "The board has 199 spaces starting with the number one in the middle circling out to
    # the last space numbered 199."
    xy = spiral_layout()
    assert xy[1] == (0.0, 0.0) and xy[2] == (1.0, 0.0)
    radius = [math.hypot(*xy[n]) for n in range(1, 200)]
    assert radius == sorted(radius)
    angle = [math.atan2(xy[n][1], xy[n][0]) for n in range(2, 200)]
    turns = sum(((b - a) % (2 * math.pi)) for a, b in zip(angle, angle[1:])) / (2 * math.pi)
    assert 6 < turns < 7                     # counter-clockwise, six and a half turns from 2
    for n in range(1, 199):
        assert math.dist(xy[n], xy[n + 1]) == pytest.approx(1.0, abs=1e-9)
    closest = min(math.dist(xy[a], xy[b]) for a in xy for b in xy if a < b)
    assert closest > 0.99                    # no two spaces overlap


def test_spiral_clockwise_is_the_mirror_image():
    ccw, cw = spiral_layout(50), spiral_layout(50, clockwise=True)
    assert all(cw[n] == pytest.approx((ccw[n][0], -ccw[n][1])) for n in ccw)
