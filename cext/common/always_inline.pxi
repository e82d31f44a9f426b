# Included at the top of a kernel: GCC and Clang inline every `cdef inline` function of it.
#
# The decision API's functions (decisions.pxi's contract: current_player, legal_actions,
# apply_action, decide...) are small and called once per node from the generic loop; left
# to its own judgement GCC keeps some of them as calls, which cost a Man Home game a tenth
# of its time. Cython marks its inline functions CYTHON_INLINE; this makes that mark binding.
cdef extern from *:
    """
    #if defined(__GNUC__)
    #undef CYTHON_INLINE
    #define CYTHON_INLINE inline __attribute__((always_inline))
    #endif
    """
