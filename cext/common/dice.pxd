# The one dice routine, in C (its readable twin and documentation: solver/dice.py).
#
# A stream is one uint64_t of SplitMix64 state. dice_word() advances it and returns
# the next 64-bit word; dice_below(n) is an unbiased integer in [0, n) by Lemire's
# multiply-and-reject method; dice_choose(n) draws nothing when n == 1.
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    #define DICE_GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL
    #define DICE_CHOICE_SALT 0xD1B54A32D192ED03ULL

    static inline uint64_t dice_word(uint64_t *state) {
        uint64_t z = (*state += DICE_GOLDEN_GAMMA);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    static inline uint64_t dice_below(uint64_t *state, uint64_t n) {
        __uint128_t product = (__uint128_t)dice_word(state) * n;
        uint64_t low = (uint64_t)product;
        if (low < n) {
            uint64_t threshold = (0 - n) % n;   /* 2**64 mod n */
            while (low < threshold) {
                product = (__uint128_t)dice_word(state) * n;
                low = (uint64_t)product;
            }
        }
        return (uint64_t)(product >> 64);
    }

    static inline uint64_t dice_choose(uint64_t *state, uint64_t n) {
        return n == 1 ? 0 : dice_below(state, n);
    }
    """
    const uint64_t DICE_CHOICE_SALT
    uint64_t dice_word(uint64_t *state) noexcept nogil
    uint64_t dice_below(uint64_t *state, uint64_t n) noexcept nogil
    uint64_t dice_choose(uint64_t *state, uint64_t n) noexcept nogil
