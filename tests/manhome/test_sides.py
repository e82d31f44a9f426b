"""The numbering of sides: Python and C agree, and it is a bijection."""
import pytest

from numbergames.solver.manhome.sides import SideSpace, colex_rank


@pytest.mark.parametrize("rows, men, win, cap", [(1, 2, 2, 2), (2, 3, 2, 3), (2, 4, 3, 2), (3, 2, 1, 2)])
def test_c_numbering_is_the_python_numbering(checks, rows, men, win, cap):
    space = SideSpace(rows, men, win, cap)
    size, offsets, sides, by_list, by_bits = checks.side_numbers(rows, men, win, cap)
    assert size == space.size and [list(r) for r in space.offsets] == offsets
    assert sides == list(space.sides())
    assert by_list == by_bits == list(range(size))
    assert [space.index(h, m) for h, m in sides] == list(range(size))


def test_full_board_sizes(checks):
    # sides of a player with up to 4 of 6 men on the 70 usable squares, 0..2 home
    assert SideSpace(12, 6, 3, 4).size == 3 * (1 + 70 + 2415 + 54740 + 916895)
    size, offsets, *_ = checks.side_numbers(12, 2, 1, 2)
    assert size == 1 + 70 + 2415


def test_moving_a_man_down_lowers_the_rank():
    assert colex_rank((5, 40)) < colex_rank((5, 41))
    assert colex_rank((2, 70)) < colex_rank((3, 71)) and colex_rank((60, 61)) < colex_rank((2, 62))
