# Shoo's field as a bit set: one unsigned 128-bit integer (GCC's unsigned __int128) with
# bit s for square s = 9 * rank + file (a1 = 0, i9 = 80), the numbering of
# solver/shoo/board.py. A step in one of the eight directions is a shift by 1, 8, 9 or 10
# with the file that would wrap around masked off first; field_spread gives every square
# touching a set at once, field_touch2 the squares touched by two or more of its members —
# the whole of shoo detection in a few dozen instructions.
from libc.stdint cimport int8_t, uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    typedef unsigned __int128 field_t;
    #define FIELD_ONE ((field_t)1)
    static const field_t FIELD_ALL = (((field_t)1) << 81) - 1;
    /* the field without file a, without file i: set once by field_init() */
    static field_t not_a = 0, not_i = 0;
    /* FIELD_BITS[s]: the set {s}, for s = 0..127 (a load is cheaper than a 128-bit shift) */
    static field_t FIELD_BITS[128];
    static void field_init(void) {
        field_t a = 0, i = 0;
        for (int s = 0; s < 128; s++) FIELD_BITS[s] = ((field_t)1) << s;
        for (int r = 0; r < 9; r++) { a |= FIELD_ONE << (9 * r); i |= FIELD_ONE << (9 * r + 8); }
        not_a = FIELD_ALL & ~a;
        not_i = FIELD_ALL & ~i;
    }
    static inline field_t field_step(field_t x, int d) {
        /* d: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW */
        switch (d) {
            case 0: return (x << 9) & FIELD_ALL;
            case 1: return ((x & not_i) << 10) & FIELD_ALL;
            case 2: return (x & not_i) << 1;
            case 3: return (x & not_i) >> 8;
            case 4: return x >> 9;
            case 5: return (x & not_a) >> 10;
            case 6: return (x & not_a) >> 1;
            default: return ((x & not_a) << 8) & FIELD_ALL;
        }
    }
    static inline field_t field_spread(field_t x) {
        field_t out = 0;
        for (int d = 0; d < 8; d++) out |= field_step(x, d);
        return out;
    }
    static inline field_t field_touch2(field_t x) {
        field_t ones = 0, twos = 0, y;
        for (int d = 0; d < 8; d++) { y = field_step(x, d); twos |= ones & y; ones |= y; }
        return twos;
    }
    static inline void field_touch12(field_t x, field_t *ones, field_t *twos) {
        /* the squares touching a member of x, and those touching two or more */
        field_t o = 0, t = 0, y;
        for (int d = 0; d < 8; d++) { y = field_step(x, d); t |= o & y; o |= y; }
        *ones = o;
        *twos = t;
    }
    static inline void field_touch123(field_t x, field_t *ones, field_t *twos,
                                      field_t *threes) {
        /* the squares touching one or more members of x, two or more, three or more */
        field_t o = 0, t = 0, h = 0, y;
        for (int d = 0; d < 8; d++) { y = field_step(x, d); h |= t & y; t |= o & y; o |= y; }
        *ones = o;
        *twos = t;
        *threes = h;
    }
    static inline __attribute__((always_inline)) int field_popcount64(uint64_t x) {
    #if defined(__POPCNT__)
        return __builtin_popcountll(x);
    #else
        /* without -mpopcnt GCC calls libgcc's __popcountdi2; this is the same count inline */
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    #endif
    }
    static inline __attribute__((always_inline)) int field_count(field_t x) {
        return field_popcount64((uint64_t)x) + field_popcount64((uint64_t)(x >> 64));
    }
    static inline int field_lowest(field_t x) {
        uint64_t low = (uint64_t)x;
        return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
    }
    static inline int field_sum(field_t x, const int8_t *table) {
        /* the sum of table[s] over the members s of x */
        uint64_t low = (uint64_t)x, high = (uint64_t)(x >> 64);
        int out = 0;
        while (low) { out += table[__builtin_ctzll(low)]; low &= low - 1; }
        while (high) { out += table[64 + __builtin_ctzll(high)]; high &= high - 1; }
        return out;
    }
    static inline int field_highest(field_t x) {
        uint64_t high = (uint64_t)(x >> 64);
        return high ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll((uint64_t)x);
    }
    /* s & 127: within the table for any s (a square past the field's is in no set) */
    static inline field_t field_bit(int s) { return FIELD_BITS[s & 127]; }
    static inline int field_has(field_t x, int s) { return (x & FIELD_BITS[s & 127]) != 0; }
    """
    # Cython is told a 64-bit type so that it writes the C operators (& | ~ << >>) as they
    # are; C does them on all 128 bits. A field_t never becomes a Python object.
    ctypedef unsigned long long field_t
    field_t FIELD_ALL
    void field_init() noexcept nogil                           # call once before the rest
    field_t field_step(field_t x, int d) noexcept nogil       # every member moved one step
    field_t field_spread(field_t x) noexcept nogil            # squares touching a member
    field_t field_touch2(field_t x) noexcept nogil            # squares touching two or more
    void field_touch12(field_t x, field_t *ones, field_t *twos) noexcept nogil
                                                              # spread and touch2 at once
    void field_touch123(field_t x, field_t *ones, field_t *twos, field_t *threes) noexcept nogil
                                                              # touching 1+, 2+ and 3+ members
    int field_count(field_t x) noexcept nogil                 # number of members
    int field_lowest(field_t x) noexcept nogil                # smallest member; x != 0
    int field_highest(field_t x) noexcept nogil               # largest member; x != 0
    int field_sum(field_t x, const int8_t *table) noexcept nogil   # sum of table[member]
    field_t field_bit(int s) noexcept nogil                   # the set {s}
    int field_has(field_t x, int s) noexcept nogil            # whether s is a member
