# cython: language_level=3, boundscheck=False, wraparound=False
"""Test-only wrappers that expose the C dice routine (cext/dice.pxd) to pytest,
so that tests can check it against its Python twin, solver/dice.py."""
import numpy as np

from libc.stdint cimport uint64_t

from cext.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word


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
