# Numbering one player's side (men home, men on the board) in C, for exact state search
# and for playing from solved tables. The readable twin, with the definition, is
# solver/manhome/sides.py: index = offset[home][k] + sum(C(s_i - 2, i + 1)) over the k
# men's squares s_0 < s_1 < ... ascending (2 = FIRST_SQUARE).
from libc.stdint cimport int64_t, uint64_t

from cext.common.bits cimport bits_lowest
from cext.manhome.constants cimport FIRST_SQUARE, MAX_ROWS, MAXM, ROW, SQUARES

cdef enum:
    SIDE_MAX_HOME = MAXM
    SIDE_MAX_MEN = MAXM
    SIDE_MAX_USABLE = SQUARES - FIRST_SQUARE

cdef struct SideSpaceC:
    int board_rows
    int usable                                      # squares 2 .. usable + 1
    int men_per_player
    int men_to_win
    int cap                                         # most men on the board
    int64_t offsets[SIDE_MAX_HOME][SIDE_MAX_MEN + 1]  # first index of (home, k)
    int64_t size                                    # number of sides
    int64_t binom[SIDE_MAX_USABLE + 1][SIDE_MAX_MEN + 2]  # binom[n][k] = C(n, k)


cdef inline int side_most_men(const SideSpaceC* sp, int home) noexcept nogil:
    cdef int left = sp.men_per_player - home
    return sp.cap if sp.cap < left else left


cdef inline int64_t side_index(const SideSpaceC* sp, int home, const int* men, int k) noexcept nogil:
    """Index of the side with ``home`` men home and men on the ``k`` squares ``men``
    (ascending)."""
    cdef int64_t rank = sp.offsets[home][k]
    cdef int i
    for i in range(k):
        rank += sp.binom[men[i] - FIRST_SQUARE][i + 1]
    return rank


cdef inline int64_t side_new_man_terms(const SideSpaceC* sp, int home, const int* men, int k,
                                       int64_t* below, int64_t* above) noexcept nogil:
    """The numbering of the sides a new man makes, every square in one pass: on square t,
    with j of the ``k`` men (ascending) below it, the side of k + 1 men is numbered
    base + below[j] + binom[t - FIRST_SQUARE][j + 1] + above[j], where below[j] sums the
    j lowest men's terms and above[j] the others', one place higher (filled here, k + 1
    entries each); returns base, offsets[home][k + 1]."""
    cdef int j
    below[0] = 0
    for j in range(k):
        below[j + 1] = below[j] + sp.binom[men[j] - FIRST_SQUARE][j + 1]
    above[k] = 0
    for j in range(k - 1, -1, -1):
        above[j] = above[j + 1] + sp.binom[men[j] - FIRST_SQUARE][j + 2]
    return sp.offsets[home][k + 1]


cdef inline int64_t side_index_bits(const SideSpaceC* sp, int home, uint64_t lo, uint64_t hi,
                                    int k) noexcept nogil:
    """The same for men given as a bitboard of squares (bit s of (lo, hi))."""
    cdef int64_t rank = sp.offsets[home][k]
    cdef int i = 0, s
    while lo:
        s = bits_lowest(lo)
        lo &= lo - 1
        rank += sp.binom[s - FIRST_SQUARE][i + 1]
        i += 1
    while hi:
        s = 64 + bits_lowest(hi)
        hi &= hi - 1
        rank += sp.binom[s - FIRST_SQUARE][i + 1]
        i += 1
    return rank


cdef inline int side_unrank(const SideSpaceC* sp, int64_t index, int* home, int* men) noexcept nogil:
    """The side with this index: sets ``*home`` and ``men`` (ascending); returns k."""
    cdef int h = 0, k, i, n
    cdef int64_t rank
    for h in range(sp.men_to_win - 1, -1, -1):
        if index >= sp.offsets[h][0]:
            break
    home[0] = h
    k = side_most_men(sp, h)
    while k > 0 and index < sp.offsets[h][k]:
        k -= 1
    rank = index - sp.offsets[h][k]
    for i in range(k - 1, -1, -1):
        n = i
        while sp.binom[n + 1][i + 1] <= rank:
            n += 1
        men[i] = n + FIRST_SQUARE
        rank -= sp.binom[n][i + 1]
    return k


cdef inline int side_space_init(SideSpaceC* sp, int board_rows, int men_per_player,
                                int men_to_win, int cap) except -1:
    """Fill a SideSpaceC (the same numbers as solver.manhome.sides.SideSpace)."""
    cdef int n, k, h
    cdef int64_t start = 0
    if not (1 <= board_rows <= MAX_ROWS and 1 <= men_to_win <= men_per_player <= SIDE_MAX_MEN
            and 0 <= cap <= SIDE_MAX_MEN):
        raise ValueError("side space out of range")
    sp.board_rows = board_rows
    sp.usable = ROW * board_rows - FIRST_SQUARE
    sp.men_per_player = men_per_player
    sp.men_to_win = men_to_win
    sp.cap = cap
    for n in range(SIDE_MAX_USABLE + 1):
        sp.binom[n][0] = 1
        for k in range(1, SIDE_MAX_MEN + 2):
            sp.binom[n][k] = 0 if n == 0 else sp.binom[n - 1][k - 1] + sp.binom[n - 1][k]
    for h in range(men_to_win):
        for k in range(side_most_men(sp, h) + 1):
            sp.offsets[h][k] = start
            start += sp.binom[sp.usable][k]
    sp.size = start
    return 0
