# The best-first search's bounds: the most a window's plays can score, and its windows by
# that bound, highest first; twin: solver/sumoku/moves.py (legal_plays, whose plays kept it
# never changes: it only skips those that cannot be kept). Included after moves.pxi.

cdef inline void most_of(const Gen* g, uint64_t m, const short* ct, int* out_most, int* out_v,
                         int* out_c) noexcept nogil:
    """The most an option of ``m`` adds to a score on an empty cell whose cross line's
    totals are ``ct``: its value (FREE as 9) and its cross line's total together, its value
    alone, its cross line's total alone."""
    cdef int o, most = INVALID, mv = 0, mc = 0
    while m:
        o = ctz64(m)
        m &= m - 1
        if g.opt_v9[o] + ct[o] > most:
            most = g.opt_v9[o] + ct[o]
        if g.opt_v9[o] > mv:
            mv = g.opt_v9[o]
        if ct[o] > mc:
            mc = ct[o]
    out_most[0] = most
    out_v[0] = mv
    out_c[0] = mc


cdef inline void suffix_sums(Gen* g, int ne) noexcept nogil:
    cdef int e
    g.suffix[ne] = g.svs[ne] = g.scs[ne] = 0
    for e in range(ne - 1, -1, -1):
        g.suffix[e] += g.suffix[e + 1]
        g.svs[e] += g.svs[e + 1]
        g.scs[e] += g.scs[e + 1]


cdef void set_tops(Gen* g) noexcept nogil:
    """``tops``: for each set of the hand's colours taken and each k up to MAX_LINE, the sum
    of the k largest values (FREE as 9) of distinct colours among the hand's colours not
    taken (all of them if fewer); read at ``taken & hcols``."""
    cdef int taken = g.hcols, j, k, total
    while True:
        k = total = 0
        g.tops[taken][0] = 0
        for j in range(g.ncolours):
            if not taken >> g.corder[j] & 1:
                total += g.cmax[j]
                k += 1
                g.tops[taken][k] = total
        for k in range(k + 1, MAX_LINE + 1):
            g.tops[taken][k] = total
        if taken == 0:
            break
        taken = (taken - 1) & g.hcols


cdef inline int bound_at(const Gen* g, int i, int ucol, int known, int xsum) noexcept nogil:
    """The most a play of the window can score with its empty cells before i filled: the
    window's values so far (``known``, a free six as 9) and its cross lines' totals so far
    (``xsum``), and the most the cells from i on add; the window's total is a multiple of
    the key, so is the part the values make."""
    cdef int a = known + xsum + g.suffix[i], b = g.svs[i], top = g.tops[ucol & g.hcols][g.ne - i]
    if top < b:
        b = top
    b = g.s.below[known + b] + xsum + g.scs[i]
    return a if a < b else b


cdef inline bint cell_most(Gen* g, int q, int colours) noexcept nogil:
    """The most the line's empty cell q adds to a score, its value and its cross line
    (lmost, lmv, lmc) with the options of ``colours`` taken; False if it takes none."""
    cdef uint64_t m = g.lfit[q] & ~g.copts[colours]
    if m == 0:
        return False
    if not g.lcross[q]:
        # every option of the colours left: the largest value of a colour left, no cross
        # line (most_of's figures)
        g.lmost[q] = g.lmv[q] = g.tops[colours & g.hcols][1]
        g.lmc[q] = 0
    elif m != g.lmm[q]:
        most_of(g, m, g.lctp[q], &g.lmost[q], &g.lmv[q], &g.lmc[q])
        g.lmm[q] = m
    return True


cdef bint walk_bounds(Gen* g) noexcept nogil:
    """walk's windows in the same order, each kept with its upper bound (bound_at at its
    start) for best_first instead of filled (False: too many). The bound's sums over the
    window's empty cells grow with the window and are summed again when a tile brings a
    colour."""
    cdef const State* s = g.s
    cdef int axis, line, lo, hi, along_lo, along_hi, start, length, q, qs, qq, x, bit
    cdef int colours, wsum, wfree, empty, ub, sm, sv, sc, n = 0
    cdef bint touching, stale, dead
    for axis in range(2):
        lo = s.min_r if axis == 0 else s.min_c
        hi = s.max_r if axis == 0 else s.max_c
        for line in range(lo - 1, hi + 2):
            line_walk_range(g, axis, line, &along_lo, &along_hi)
            for start in range(along_lo - MAX_LINE, along_hi + 2):
                qs = start - g.lbase
                if g.lx[qs - 1] != 0 or g.lnext[qs] >= qs + MAX_LINE:
                    continue        # a window touches the pattern
                colours = wsum = wfree = empty = sm = sv = sc = 0
                touching = stale = False
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
                        stale = empty > 0
                    else:
                        empty += 1
                        if empty > g.ncolours:
                            break
                        if g.lfit[q] == 0:
                            break
                        touching = touching or g.ltouch[q]
                        if stale:
                            pass
                        elif not g.lcross[q]:
                            # every option of the colours left (cell_most)
                            x = g.tops[colours & g.hcols][1]
                            if x == 0:
                                break   # unfillable in every longer window
                            sm += x
                            sv += x
                        else:
                            if not cell_most(g, q, colours):
                                break   # unfillable in every longer window
                            sm += g.lmost[q]
                            sv += g.lmv[q]
                            sc += g.lmc[q]
                    if (length < MIN_LINE or g.lx[q + 1] != 0 or empty < 2
                            or not (empty < length or touching)):
                        continue
                    if stale:
                        sm = sv = sc = 0
                        dead = False
                        for qq in range(qs, q + 1):
                            if g.lx[qq] != 0:
                                continue
                            if not cell_most(g, qq, colours):
                                dead = True
                                break
                            sm += g.lmost[qq]
                            sv += g.lmv[qq]
                            sc += g.lmc[qq]
                        if dead:
                            break   # the cell stays unfillable in every longer window
                        stale = False
                    # bound_at at the window's start, from the sums
                    x = g.tops[colours & g.hcols][empty]
                    if x > sv:
                        x = sv
                    ub = s.below[wsum + NINE * wfree + x] + sc
                    x = wsum + NINE * wfree + sm
                    if x < ub:
                        ub = x
                    if n == MAXROOTS or ub >= MAXUB or ub < 0:
                        return False
                    g.root_ub[n] = ub
                    g.root_at[n] = axis | line << 1 | start << 10 | length << 19
                    n += 1
    g.nroots = n
    return True


cdef bint best_first(Gen* g) noexcept nogil:
    """The windows of a board with tiles searched best-first for a sink that keeps the
    best score (S_GREEDY, S_MAX, bounding): each window's upper bound (walk), the windows
    by bound, highest first (equal bounds in canonical order), until the bound falls below
    the best score found (S_GREEDY: an equal score counts if its window comes first in
    canonical order, ``cur_rank``). False (nothing done) if there are too many windows."""
    cdef Sink* sink = g.sink
    cdef int ub, n, i, j, at, top = 0
    if not walk_bounds(g):
        return False
    n = g.nroots
    # by bound, highest first, stable (a counting sort)
    for i in range(n):
        if g.root_ub[i] > top:
            top = g.root_ub[i]
    memset(g.bucket, 0, (top + 1) * sizeof(int))
    for i in range(n):
        g.bucket[top - g.root_ub[i]] += 1
    at = 0
    for j in range(top + 1):
        i = g.bucket[j]
        g.bucket[j] = at
        at += i
    for i in range(n):
        j = top - g.root_ub[i]
        g.order[g.bucket[j]] = i
        g.bucket[j] += 1
    for j in range(n):
        i = g.order[j]
        ub = g.root_ub[i]
        if sink.count >= 2:
            if sink.mode == S_MAX:
                if ub <= sink.best:
                    break
            elif ub < sink.best:
                break
            elif ub == sink.best and i >= sink.best_rank:
                continue
        at = g.root_at[i]
        window_setup(g, at & 1, (at >> 1) & 511, (at >> 10) & 511, at >> 19)
        g.cur_rank = i
        fill_window(g)
    return True
