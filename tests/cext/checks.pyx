# cython: language_level=3, boundscheck=False, wraparound=False
"""Test-only wrappers that expose shared C routines to pytest, so that tests can check
them against their Python twins: the dice (cext/common/dice.pxd, solver/dice.py), the bit
sets (cext/common/bits.pxd, Python's int) and the numbering of sides
(cext/manhome/sides.pxd, solver/manhome/sides.py).

Not part of the installed package: the ``checks`` fixture in tests/conftest.py compiles
this file for the test session."""
import numpy as np

from libc.stdint cimport uint64_t

from cext.common.bits cimport bits_count, bits_lowest
from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word


def words(uint64_t state, Py_ssize_t n):
    """The first n words of the SplitMix64 stream starting at state."""
    out = np.empty(n, dtype=np.uint64)
    cdef uint64_t[::1] view = out
    cdef Py_ssize_t i
    for i in range(n):
        view[i] = dice_word(&state)
    return out


def below(uint64_t state, bounds):
    """dice_below(bound) for each bound in turn, from one stream."""
    return [dice_below(&state, b) for b in bounds]


def choose(uint64_t state, counts):
    """dice_choose(count) for each count in turn, from one stream."""
    return [dice_choose(&state, c) for c in counts]


CHOICE_SALT = DICE_CHOICE_SALT


def scan_forward(uint64_t word):
    """The members of the bit set word, ascending, by the bits_lowest scan."""
    members = []
    while word:
        members.append(bits_lowest(word))
        word &= word - 1
    return members


def popcount(uint64_t word):
    """bits_count(word): the number of members."""
    return bits_count(word)


from cext.manhome.sides cimport SideSpaceC, side_index, side_index_bits, side_space_init, side_unrank


def side_numbers(int board_rows, int men_per_player, int men_to_win, int cap):
    """(size, offsets, [(home, men) for every index via side_unrank], [index via
    side_index], [index via side_index_bits]) of the C numbering, for tests."""
    cdef SideSpaceC sp
    cdef int home, k, i
    cdef int men[12]
    cdef uint64_t lo, hi
    side_space_init(&sp, board_rows, men_per_player, men_to_win, cap)
    sides, by_list, by_bits = [], [], []
    for index in range(sp.size):
        k = side_unrank(&sp, index, &home, men)
        squares = tuple(men[i] for i in range(k))
        sides.append((home, squares))
        by_list.append(side_index(&sp, home, men, k))
        lo = hi = 0
        for s in squares:
            if s < 64:
                lo |= (<uint64_t>1) << s
            else:
                hi |= (<uint64_t>1) << (s - 64)
        by_bits.append(side_index_bits(&sp, home, lo, hi, k))
    offsets = [[sp.offsets[h][k] for k in range(min(cap, men_per_player - h) + 1)]
               for h in range(men_to_win)]
    return sp.size, offsets, sides, by_list, by_bits
