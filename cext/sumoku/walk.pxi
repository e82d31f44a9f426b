# The line walk: each line of the pattern walked once, its windows of two or more new tiles
# filled in canonical order; twin: solver/sumoku/moves.py (legal_plays' runs, _is_window).
# Included by cext/sumoku/play.pyx after moves.pxi (the generator's Gen).

cdef void line_cells(Gen* g, int axis, int line, int lo, int hi) noexcept nogil:
    """The cells of the line from position ``lo`` to ``hi`` (walk's l* arrays), an empty
    cell's cross line read by line_cross."""
    cdef const State* s = g.s
    cdef int q, x, nxt, cross
    cdef int along = 1 if axis == 0 else GRID, across = GRID if axis == 0 else 1
    cdef int first = line * GRID + lo if axis == 0 else lo * GRID + line
    cdef const uint8_t* cell
    cdef const uint8_t* value
    g.lbase = lo
    g.laxis = axis
    g.lline = line
    nxt = hi - lo + 1 + MAX_LINE
    g.lnext[hi - lo + 1] = nxt
    for q in range(hi - lo, -1, -1):
        cell = &s.grid[0][0] + first + q * along
        x = cell[0]
        g.lx[q] = x
        if x != 0:
            value = &s.value[0][0] + first + q * along
            g.lv[q] = value[0]
            nxt = q
        else:
            cross = cell[-across] | cell[across]
            if (cross | cell[-along] | cell[along]) != 0:
                g.ltouch[q] = True
                nxt = q
            else:
                g.ltouch[q] = False
            if cross != 0:
                g.lcross[q] = True
                line_cross(g, q)
            else:
                g.lcross[q] = False
                g.lfit[q] = g.all_opts
                g.lctp[q] = &g.zero_ct[0]
                g.lsix[q] = False
                g.lmm[q] = 0        # most_of's figures of this cell are not a former line's
        g.lnext[q] = nxt


cdef inline void line_cross(Gen* g, int q) noexcept nogil:
    """The cross line of the line's empty cell q (line_cells), which has one."""
    cdef bint has
    cdef int e, pos = g.lbase + q
    cdef int r = g.lline if g.laxis == 0 else pos, c = pos if g.laxis == 0 else g.lline
    if (g.boxed and 0 <= r - g.br0 < g.bh and 0 <= c - g.bc0 < g.bw
            and g.cidx[(r - g.br0) * g.bw + c - g.bc0][g.laxis]):
        e = g.cidx[(r - g.br0) * g.bw + c - g.bc0][g.laxis] - 1     # singles read it
        g.lfit[q] = g.pfit[e]
        g.lctp[q] = &g.pct[e][0] if g.phas[e] else &g.zero_ct[0]
        g.lsix[q] = g.psix[e]
    else:
        g.lfit[q] = cross_options(g, r, c, g.laxis, g.all_opts, g.lct[q], &g.lsix[q], &has)
        g.lctp[q] = &g.lct[q][0] if has else &g.zero_ct[0]
    g.lmm[q] = 0


cdef inline int min3(int a, int b, int c) noexcept nogil:
    if b < a:
        a = b
    return c if c < a else a


cdef inline int max3(int a, int b, int c) noexcept nogil:
    if b > a:
        a = b
    return c if c > a else a


cdef void line_extents(Gen* g) noexcept nogil:
    """``ext_lo``, ``ext_hi`` of every line from one before the pattern to one after it,
    and of the line beyond each end."""
    cdef const State* s = g.s
    cdef int i, r, c
    for r in range(s.min_r - 2, s.max_r + 3):
        g.ext_lo[0][r] = GRID
        g.ext_hi[0][r] = -1
    for c in range(s.min_c - 2, s.max_c + 3):
        g.ext_lo[1][c] = GRID
        g.ext_hi[1][c] = -1
    for i in range(s.ntiles):
        r = s.cell_r[i]
        c = s.cell_c[i]
        if c < g.ext_lo[0][r]:
            g.ext_lo[0][r] = c
        if c > g.ext_hi[0][r]:
            g.ext_hi[0][r] = c
        if r < g.ext_lo[1][c]:
            g.ext_lo[1][c] = r
        if r > g.ext_hi[1][c]:
            g.ext_hi[1][c] = r


cdef inline void line_walk_range(Gen* g, int axis, int line, int* along_lo,
                                 int* along_hi) noexcept nogil:
    """The line's cells a window may hold (line_cells): a window holds a tile of the line
    or a cell beside one of the lines on either side (a connected pattern has tiles on
    every line from its first to its last)."""
    along_lo[0] = min3(g.ext_lo[axis][line - 1], g.ext_lo[axis][line], g.ext_lo[axis][line + 1])
    along_hi[0] = max3(g.ext_hi[axis][line - 1], g.ext_hi[axis][line], g.ext_hi[axis][line + 1])
    line_cells(g, axis, line, along_lo[0] - MAX_LINE - 1, along_hi[0] + MAX_LINE + 1)


cdef bint walk(Gen* g) noexcept nogil:
    """The windows of a board with tiles (moves._is_window) in canonical order, walking
    each line: a window ends before a cell its tiles cannot fill (its cross line takes no
    option of the hand's colours left) or a colour its tiles repeat, which every longer
    window holds too. Each window's plays go to the sink (``fill``)."""
    cdef const State* s = g.s
    cdef Sink* sink = g.sink
    cdef int axis, line, lo, hi, along_lo, along_hi, start, length, q, qs, qq, x, bit
    cdef int colours, wsum, wfree, empty, ne
    cdef bint touching, dead, bound = sink.bound
    cdef uint64_t wused, m
    for axis in range(2):
        lo = s.min_r if axis == 0 else s.min_c
        hi = s.max_r if axis == 0 else s.max_c
        for line in range(lo - 1, hi + 2):
            line_walk_range(g, axis, line, &along_lo, &along_hi)
            for start in range(along_lo - MAX_LINE, along_hi + 2):
                qs = start - g.lbase
                if g.lx[qs - 1] != 0 or g.lnext[qs] >= qs + MAX_LINE:
                    continue        # a window touches the pattern
                colours = wsum = wfree = empty = 0
                touching = False
                for length in range(1, MAX_LINE + 1):
                    q = qs + length - 1
                    x = g.lx[q]
                    if x != 0:
                        bit = 1 << kind_colour(x - 1)
                        if colours & bit:
                            break
                        colours |= bit
                        if g.lv[q] == FREE:
                            wfree += 1
                        else:
                            wsum += g.lv[q]
                    else:
                        empty += 1
                        if empty > g.ncolours:
                            break
                        if g.lfit[q] == 0:
                            break
                        touching = touching or g.ltouch[q]
                    if (length < MIN_LINE or g.lx[q + 1] != 0 or empty < 2
                            or not (empty < length or touching)):
                        continue
                    wused = g.copts[colours]
                    dead = False
                    ne = 0
                    for qq in range(qs, q + 1):
                        if g.lx[qq] != 0:
                            continue
                        m = g.lfit[qq] & ~wused
                        if m == 0:
                            dead = True
                            break
                        if bound:       # what fill's bound reads
                            if m != g.lmm[qq]:
                                most_of(g, m, g.lctp[qq], &g.lmost[qq], &g.lmv[qq],
                                        &g.lmc[qq])
                                g.lmm[qq] = m
                            g.suffix[ne] = g.lmost[qq]
                            g.svs[ne] = g.lmv[qq]
                            g.scs[ne] = g.lmc[qq]
                        g.er[ne] = line if axis == 0 else g.lbase + qq
                        g.ec[ne] = g.lbase + qq if axis == 0 else line
                        g.fit[ne] = m
                        g.ctrow[ne] = g.lctp[qq]
                        g.csix[ne] = g.lsix[qq]
                        ne += 1
                    if dead:
                        break       # the cell stays unfillable in every longer window
                    if bound:
                        suffix_sums(g, ne)
                    g.axis = axis
                    g.wlen = length
                    g.ne = ne
                    g.wsum = wsum
                    g.wfree = wfree
                    g.wcol = colours
                    fill_window(g)
                    if sink.stop:
                        return True
    return True
