# Bit sets in one 64-bit word, for any game's kernel: a set of squares (or men, tiles,
# rings) is a uint64_t with bit i set for member i, scanned in ascending order by
#
#     while word:
#         i = bits_lowest(word)    # the smallest member
#         word &= word - 1         # ... removed
#
# (python-chess's scan_forward). Wider sets are arrays of words.
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    static inline int bits_lowest(uint64_t word) { return __builtin_ctzll(word); }
    static inline int bits_count(uint64_t word) { return __builtin_popcountll(word); }
    """
    int bits_lowest(uint64_t word) noexcept nogil   # index of the lowest set bit; word != 0
    int bits_count(uint64_t word) noexcept nogil    # number of set bits
