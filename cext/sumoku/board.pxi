# Sumoku's tiles and board in C, the twins of solver/sumoku/tiles.py (a tile's number, a
# kind's number and colour) and solver/sumoku/board.py (a line's total, a cell touching the
# pattern, Board.place: laying tiles and taking them back, the key's multiples). Included
# by cext/sumoku/play.pyx; the grid is the State's (play.pxd).
cdef inline int tile_number(int t) noexcept nogil:
    return (t % (NUMBERS * COPIES)) // COPIES + 1     # solver.sumoku.tiles.number


cdef inline int kind_number(int k) noexcept nogil:
    return k % NUMBERS + 1                            # tiles.kind_number


cdef inline int kind_colour(int k) noexcept nogil:
    return k // NUMBERS                               # tiles.kind_colour


cdef inline int cross_total(int total, int nfree, const uint8_t* multiple) noexcept nogil:
    """solver.sumoku.board.line_total of a line of distinct colours: ``total`` and ``nfree``
    free sixes besides, the largest multiple of the key, or INVALID."""
    cdef int j, candidate
    for j in range(nfree, -1, -1):
        candidate = total + NINE * j + SIX * (nfree - j)
        if multiple[candidate]:
            return candidate
    return INVALID


cdef inline bint touches(const State* s, int r, int c) noexcept nogil:
    return (s.grid[r - 1][c] != 0 or s.grid[r + 1][c] != 0 or s.grid[r][c - 1] != 0
            or s.grid[r][c + 1] != 0)


cdef void set_key(State* s, int key) noexcept nogil:
    cdef int x
    s.key = key
    for x in range(MAXSUM):
        s.multiple[x] = x % key == 0
        s.below[x] = x - x % key


cdef void lay(State* s, const Play* p) noexcept nogil:
    """Board.place, keeping the bounds and the list of placed cells."""
    cdef int i, r, c
    for i in range(p.n):
        r = p.r[i]
        c = p.c[i]
        s.grid[r][c] = p.k[i] + 1
        s.value[r][c] = p.v[i]
        if s.ntiles == 0:
            s.min_r = s.max_r = r
            s.min_c = s.max_c = c
        else:
            if r < s.min_r: s.min_r = r
            if r > s.max_r: s.max_r = r
            if c < s.min_c: s.min_c = c
            if c > s.max_c: s.max_c = c
        s.cell_r[s.ntiles] = r
        s.cell_c[s.ntiles] = c
        s.ntiles += 1


cdef void unlay(State* s, int ntiles, int min_r, int max_r, int min_c,
                int max_c) noexcept nogil:
    """Take back the tiles laid after the first ``ntiles``, and the bounds."""
    while s.ntiles > ntiles:
        s.ntiles -= 1
        s.grid[s.cell_r[s.ntiles]][s.cell_c[s.ntiles]] = 0
        s.value[s.cell_r[s.ntiles]][s.cell_c[s.ntiles]] = 0
    s.min_r = min_r
    s.max_r = max_r
    s.min_c = min_c
    s.max_c = max_c
