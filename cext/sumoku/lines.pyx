# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sumoku's line validity in C: the same answers as solver/sumoku/lines.py, fast.

A line is one 64-bit word (``solver.sumoku.lines.encode``): byte i holds kind + 1 of its
i-th tile, 0 after the last. :func:`check_lines` decides a whole array of them; the tables
(each kind's colour bit, number bit, face value and whether it is a "6"; which totals and
counts of sixes make a multiple of the key) are filled once per call from the tiles'
numbering, made out of solver/sumoku/tiles.py at build time (cext/sumoku/constants.pxd).
"""
import numpy as np

from libc.stdint cimport uint8_t, uint16_t, uint64_t

# what the kernel shares with solver/sumoku/, made from it at build time
from cext.sumoku.constants cimport (ENCODED_MAX, KIND_COLOUR, KIND_IS_SIX, KIND_NUMBER,
                                    MAX_LINE, MIN_LINE, NINE, NKINDS, NUMBERS, SIX)

cdef enum:
    MAXTILES = ENCODED_MAX            # tiles one word can hold
    MAXSUM = NUMBERS * MAXTILES       # the largest face total of a word
    NSIX = MAXTILES + 1               # counts of sixes 0..8


cdef struct LineTable:
    uint8_t colour_bit[NKINDS + 1]    # by byte (kind + 1); byte 0 never read
    uint16_t number_bit[NKINDS + 1]   # 1 << number, for solo sumoku
    uint8_t face[NKINDS + 1]          # the number, a "6" counting 6
    uint8_t six[NKINDS + 1]           # 1 when the tile may count 9 (six_is_nine)
    uint8_t good[MAXSUM + 1][NSIX]    # good[total][s]: total + 3j is a multiple of the key
                                      # for some j in 0..s
    bint solo


cdef void fill_table(LineTable* t, int key, bint solo, bint six_is_nine) noexcept:
    cdef int b, total, s, j
    for b in range(1, NKINDS + 1):
        k = b - 1
        t.colour_bit[b] = 1 << KIND_COLOUR[k]
        t.number_bit[b] = 1 << KIND_NUMBER[k]
        t.face[b] = KIND_NUMBER[k]
        t.six[b] = 1 if (six_is_nine and KIND_IS_SIX[k]) else 0
    for total in range(MAXSUM + 1):
        for s in range(NSIX):
            t.good[total][s] = 0
            for j in range(s + 1):
                if (total + (NINE - SIX) * j) % key == 0:
                    t.good[total][s] = 1
    t.solo = solo


cdef inline bint line_ok(uint64_t line, const LineTable* t) noexcept nogil:
    """Whether the encoded line is valid (rules 5, 6 with free sixes, 39)."""
    cdef unsigned colours = 0, numbers = 0, b
    cdef int n = 0, total = 0, sixes = 0
    while line:
        b = <unsigned>(line & 0xFF)
        if colours & t.colour_bit[b]:
            return 0
        colours |= t.colour_bit[b]
        if t.solo:
            if numbers & t.number_bit[b]:
                return 0
            numbers |= t.number_bit[b]
        total += t.face[b]
        sixes += t.six[b]
        n += 1
        line >>= 8
    if n < MIN_LINE or n > MAX_LINE:
        return 0
    return t.good[total][sixes]


def check_lines(const uint64_t[::1] lines, int key, bint solo=False, bint six_is_nine=True):
    """Whether each encoded line is valid: a uint8 array of 0/1, one per line."""
    if not 1 <= key <= 64:
        raise ValueError(f"key must be 1..64, not {key}")
    cdef LineTable t
    fill_table(&t, key, solo, six_is_nine)
    cdef Py_ssize_t n = lines.shape[0], i
    cdef uint64_t word
    out_a = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] out = out_a
    for i in range(n):  # reject a byte that names no kind before any C code reads it
        word = lines[i]
        while word:
            if (word & 0xFF) > NKINDS:
                raise ValueError(f"line {i}: byte {word & 0xFF} is no kind (1..{NKINDS})")
            word >>= 8
    with nogil:
        for i in range(n):
            out[i] = line_ok(lines[i], &t)
    return out_a
