# Sumoku's move generator in C, the twin of solver/sumoku/moves.py (legal_plays): the
# plays of a hand, streamed in canonical order into a sink (sinks.pxi); the windows, their
# cells' options and cross lines, the single tiles. Included by cext/sumoku/play.pyx, with
# the line walk (walk.pxi) and the best-first search's bounds (bounds.pxi) after it.
#
# The move generator never stores the list of plays: it streams them, in canonical order, into
# a *sink* that keeps what the caller needs — their number, the play at one index (the random
# player), the first best score (greedy), the best few (lookahead), or only the best score
# (a lookahead's reply). A sink that keeps only the best plays may *bound* the search: a
# branch whose scores cannot exceed what it keeps is skipped (branch and bound), which changes
# which plays it counts but never the plays it keeps; it bounds only once it has seen two
# plays, so that "two or more plays" (a decision) is still known.
#
# **The walk.** Single tiles first (each empty cell touching the pattern reads its row and
# column once: the hand's *options*, kind and value, that fit each, as a bit mask, with the
# line's total; a cross line of fixed values by the residue of its total and the set of its
# colours, tables made once per generation). Then each line is walked once, only around its
# tiles and those of the lines beside it (``walk``): its cells' cross lines are read once,
# into the same masks (singles' pool; walk.pxi); a window from a first cell grows to 6 cells and ends
# at a cell no option fits or a colour its tiles repeat (every longer window holds it too);
# ``fill`` tries only the options each cell takes, its colours unused. A bounding sink that
# keeps the best score (greedy, a lookahead's reply) searches the windows *best-first*
# (``best_first``, bounds.pxi): every window's upper bound (``walk_bounds``: its tiles, and each empty
# cell's best value and cross total, summed as the window grows; the part the window's values
# make floored to a multiple of the key, at most the k largest values of distinct colours
# left, a table), then the windows by bound, highest first, until the bound falls below the
# best score found. The canonical tie-break (the first best play) is the window's rank in canonical
# order, compared only on equal scores, so the search order is free.

cdef enum:
    RUN_CAP = 8           # a run is read up to 7 tiles: long enough to be too long
    INVALID = -1

cdef enum:
    NCOLOURS = NKINDS // NUMBERS
    MAXOPT = 64           # a hand's options (kind and value): at most 48 kinds and 6 nines
    MAXROOTS = 8192       # best_first's windows (more: the canonical walk instead)
    MAXUB = 1024          # above any play's score
    MAXKEY = 16           # above any key (the challenge's largest is 10)
    BOXCAP = 1600         # the cells around a pattern whose cross lines singles keeps for
    POOL = 256            # walk (more: walk reads them again), and the lines it keeps

cdef extern from *:
    """
    static inline int sumoku_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int sumoku_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    """
    int ctz64 "sumoku_ctz64"(uint64_t x) noexcept nogil
    int popcount64 "sumoku_popcount64"(uint64_t x) noexcept nogil

cdef struct Gen:
    State* s
    const Config* c
    Sink* sink
    int cur_rank                # the rank of the window being filled (canonical order),
                                # -1 for single tiles: the tie-break of a best-first search
    int nopt                    # the hand's options: its kinds ascending, each with its
    int opt_kind[MAXOPT]        # values ascending (a "6": 6 then 9, or FREE per line)
    int opt_val[MAXOPT]
    int opt_v9[MAXOPT]          # the value with FREE read as 9 (an upper bound)
    uint64_t col_opts[NCOLOURS] # the options of each colour
    uint64_t copts[1 << NCOLOURS]  # the options of each set of colours
    uint64_t all_opts
    uint64_t free_opts          # the options of value FREE (a "6" read per line)
    uint64_t resfit[MAXKEY]     # resfit[x]: the options of fixed value v with x + v a
                                # multiple of the key (x below the key)
    int opt_col[MAXOPT]         # each option's colour, as a bit
    uint8_t tops[1 << NCOLOURS][MAX_LINE + 1]  # top_values of each set of colours taken
    int ncolours                # the colours in hand: the most empty cells a window can fill
    int hcols                   # and their set
    int corder[NCOLOURS]        # the colours in hand by their largest value (FREE as 9),
    int cmax[NCOLOURS]          # highest first, and that value
    int axis                    # the window being filled
    int wlen
    int ne
    int er[MAX_LINE]
    int ec[MAX_LINE]
    int wcol                    # the window's tiles' colours (their options excluded)
    int wsum                    # the window's tiles: the sum of their values, free sixes
    int wfree
    uint64_t fit[MAX_LINE]      # each empty cell: the options its cross line takes,
    const short* ctrow[MAX_LINE]  # the cross line's total with each (0: no cross line),
    short ct[MAX_LINE][MAXOPT]  # (window_setup's rows)
    bint csix[MAX_LINE]         # whether that line has six tiles,
    int suffix[MAX_LINE + 1]    # and from it on, the most the cells can add to a score,
    int svs[MAX_LINE + 1]       # the most their values can add to the window's total and
    int scs[MAX_LINE + 1]       # the most their cross lines can add
    int sel[MAX_LINE]           # the option chosen for each empty cell
    short zero_ct[MAXOPT]       # the totals of a cell without a cross line
    int lbase                   # the line walked (walk): its cells from position lbase on,
    int lx[GRID]                # each its tile (kind + 1, 0 empty), its value, and if empty
    int lv[GRID]                # whether it touches the pattern, the options its cross
    bint ltouch[GRID]           # line takes, their totals and whether that line has six
    bint lcross[GRID]           # tiles (lcross: whether it has a cross line)
    uint64_t lfit[GRID]         # tiles
    const short* lctp[GRID]
    short lct[GRID][MAXOPT]
    bint lsix[GRID]
    uint64_t lmm[GRID]          # the options most_of last looked at on it (0: none) and
    int lmost[GRID]             # what it found
    int lmv[GRID]
    int lmc[GRID]
    int lnext[GRID + 1]         # the first tile or empty cell touching the pattern from it on
    int lline                   # the line walked and its axis
    int laxis
    int nroots
    int ext_lo[2][GRID]         # walk: the first and last positions along each line of the
    int ext_hi[2][GRID]         # tiles on it (GRID and -1 without)
    bint boxed                  # singles' cross lines kept for walk: the cells from (br0,
    int br0                     # bc0), bh rows of bw, each its pool entry + 1 by direction
    int bc0                     # (cross_options' axis; 0: not kept)
    int bh
    int bw
    short cidx[BOXCAP][2]
    int npool
    uint64_t pfit[POOL]
    bint psix[POOL]
    bint phas[POOL]
    short pct[POOL][MAXOPT]
    int root_ub[MAXROOTS]       # best-first: the windows with their upper bounds
    int root_at[MAXROOTS]
    int order[MAXROOTS]
    int bucket[MAXUB + 1]


# ------------------------------------------------------------------------ the generator

cdef inline bint beyond(const Gen* g, int most) noexcept nogil:
    """Whether no play scoring at most ``most`` (in the window being filled) can change
    what the sink keeps."""
    cdef const Sink* sink = g.sink
    if sink.mode == S_GREEDY:
        return most < sink.best or (most == sink.best and g.cur_rank >= sink.best_rank)
    if sink.mode == S_MAX:
        return most <= sink.best
    if sink.mode == S_TOP:
        return sink.ntop == sink.width and most <= sink.top[sink.width - 1].score
    return False


cdef void leaf(Gen* g, int score, bint bonus) noexcept nogil:
    """A play of the window: every empty cell has its option (``sel``)."""
    cdef Sink* sink = g.sink
    cdef long index = sink.count
    cdef int e, o
    cdef Play p
    sink.count += 1
    if sink.mode == S_COUNT:
        return
    if sink.mode == S_MAX:
        if score > sink.best:
            sink.best = score
        return
    if sink.mode == S_FIND:
        if index != sink.target:
            return
    elif sink.mode == S_GREEDY:
        if not (score > sink.best or (score == sink.best and g.cur_rank < sink.best_rank)):
            return
    elif sink.mode == S_TOP:
        if sink.ntop == sink.width and score <= sink.top[sink.width - 1].score:
            return
    p.n = g.ne
    for e in range(g.ne):
        o = g.sel[e]
        p.r[e] = g.er[e]
        p.c[e] = g.ec[e]
        p.k[e] = g.opt_kind[o]
        p.v[e] = g.opt_val[o]
    p.score = score
    p.bonus = bonus
    keep(sink, &p, index, g.cur_rank)


cdef void fill(Gen* g, int i, int ucol, int msum, int mfree, int xsum,
               bint xsix) noexcept nogil:
    """moves._fill_window's fill: the empty cells from i on, the colours ``ucol`` taken
    (their options excluded); the window's values so far (``msum``, free sixes ``mfree``)
    and the cross lines' totals so far."""
    cdef uint64_t m
    cdef int o, v, t, known
    cdef bint six
    cdef Sink* sink = g.sink
    if sink.bound and sink.count >= 2:
        known = msum + NINE * mfree
        if beyond(g, known + xsum + g.suffix[i]):
            return
        if beyond(g, bound_at(g, i, ucol, known, xsum)):
            return
    m = g.fit[i] & ~g.copts[ucol]
    if i == g.ne - 1:
        # the last new tile: the window's total decides (line_total; its colours are
        # distinct by construction)
        six = g.wlen == MAX_LINE or xsix or g.csix[i]
        if sink.mode == S_COUNT and mfree == 0:
            # counting only: the options of fixed value that make the total a multiple of
            # the key (resfit), the free sixes the long way
            sink.count += popcount64(m & g.resfit[msum - g.s.below[msum]])
            m &= g.free_opts
        while m:
            o = ctz64(m)
            m &= m - 1
            v = g.opt_val[o]
            if v == FREE:
                t = cross_total(msum, mfree + 1, g.s.multiple)
            elif mfree == 0:
                t = msum + v if g.s.multiple[msum + v] else INVALID
            else:
                t = cross_total(msum + v, mfree, g.s.multiple)
            if t == INVALID:
                continue
            g.sel[i] = o
            leaf(g, t + xsum + g.ctrow[i][o], six)
            if sink.stop:
                return
        return
    while m:
        o = ctz64(m)
        m &= m - 1
        v = g.opt_val[o]
        g.sel[i] = o
        if v == FREE:
            fill(g, i + 1, ucol | g.opt_col[o], msum, mfree + 1, xsum + g.ctrow[i][o],
                 xsix or g.csix[i])
        else:
            fill(g, i + 1, ucol | g.opt_col[o], msum + v, mfree, xsum + g.ctrow[i][o],
                 xsix or g.csix[i])
        if sink.stop:
            return


cdef uint64_t cross_options(Gen* g, int r, int c, int axis, uint64_t avail, short* ct,
                           bint* six, bint* has) noexcept nogil:
    """The options of ``avail`` the empty cell (r, c) takes with its cross line across
    ``axis`` (the tiles beside it in the other direction): all of them if it has none
    (``has`` False, ``ct`` untouched), else those that make it a valid line, with its total
    in ``ct``; ``six``: that line has six tiles."""
    cdef int step = GRID if axis == 0 else 1, d, bit, x, n = 0, colours = 0, total = 0
    cdef int nfree = 0, o, t
    cdef bint bad = False
    cdef uint64_t m, mm, fit = 0
    cdef const uint8_t* cell = &g.s.grid[0][0] + r * GRID + c
    cdef const uint8_t* value = &g.s.value[0][0] + r * GRID + c
    d = -step
    while cell[d] != 0 and n < RUN_CAP:
        bit = 1 << kind_colour(cell[d] - 1)
        if colours & bit:
            bad = True
        colours |= bit
        if value[d] == FREE:
            nfree += 1
        else:
            total += value[d]
        n += 1
        d -= step
    d = step
    while cell[d] != 0 and n < RUN_CAP:
        bit = 1 << kind_colour(cell[d] - 1)
        if colours & bit:
            bad = True
        colours |= bit
        if value[d] == FREE:
            nfree += 1
        else:
            total += value[d]
        n += 1
        d += step
    six[0] = n + 1 == MAX_LINE
    has[0] = n > 0
    if n == 0:
        return avail
    if bad or n + 1 > MAX_LINE:
        return 0
    m = avail & ~g.copts[colours]
    if nfree == 0:
        # the options of fixed value that make the total a multiple of the key (resfit),
        # with the total they make; the free sixes' the long way
        fit = m & g.resfit[total - g.s.below[total]]
        x = 0
        t = 0
        mm = fit
        while mm:
            o = ctz64(mm)
            mm &= mm - 1
            ct[o] = total + g.opt_val[o]
        m &= g.free_opts
    while m:
        o = ctz64(m)
        m &= m - 1
        if g.opt_val[o] == FREE:
            t = cross_total(total, nfree + 1, g.s.multiple)
        else:
            t = cross_total(total + g.opt_val[o], nfree, g.s.multiple)
        if t == INVALID:
            continue
        fit |= (<uint64_t>1) << o
        ct[o] = t
    return fit


cdef int cell_options(Gen* g, int e, int r, int c, uint64_t avail) noexcept nogil:
    """The window's e-th empty cell (r, c): what it takes (``fit``, ``ctrow``, ``csix``);
    the most it can add to a score, or INVALID if it takes no option."""
    cdef bint has
    cdef int p
    if (g.boxed and 0 <= r - g.br0 < g.bh and 0 <= c - g.bc0 < g.bw
            and g.cidx[(r - g.br0) * g.bw + c - g.bc0][g.axis]):
        p = g.cidx[(r - g.br0) * g.bw + c - g.bc0][g.axis] - 1     # singles read it
        g.fit[e] = g.pfit[p] & avail
        g.ctrow[e] = &g.pct[p][0] if g.phas[p] else &g.zero_ct[0]
        g.csix[e] = g.psix[p]
    else:
        g.fit[e] = cross_options(g, r, c, g.axis, avail, g.ct[e], &g.csix[e], &has)
        g.ctrow[e] = &g.ct[e][0] if has else &g.zero_ct[0]
    if g.fit[e] == 0:
        return INVALID
    most_of(g, g.fit[e], g.ctrow[e], &g.suffix[e], &g.svs[e], &g.scs[e])
    return 0


cdef int window_setup(Gen* g, int axis, int line, int start, int length) noexcept nogil:
    """The window's cells, its tiles and what each empty cell takes; INVALID if it has no
    play (a colour repeats among its tiles, or an empty cell takes no option)."""
    cdef int i, r, c, x, bit, e, colours = 0
    g.axis = axis
    g.wlen = length
    g.ne = 0
    g.wsum = 0
    g.wfree = 0
    for i in range(length):
        r = line if axis == 0 else start + i
        c = start + i if axis == 0 else line
        x = g.s.grid[r][c]
        if x != 0:
            bit = 1 << kind_colour(x - 1)
            if colours & bit:
                return INVALID
            colours |= bit
            if g.s.value[r][c] == FREE:
                g.wfree += 1
            else:
                g.wsum += g.s.value[r][c]
        else:
            g.er[g.ne] = r
            g.ec[g.ne] = c
            g.ne += 1
    g.wcol = colours
    for e in range(g.ne):
        if cell_options(g, e, g.er[e], g.ec[e], g.all_opts & ~g.copts[colours]) == INVALID:
            return INVALID
    suffix_sums(g, g.ne)
    return 0


cdef inline void fill_window(Gen* g) noexcept nogil:
    """Every play of the window set up last."""
    fill(g, 0, g.wcol, g.wsum, g.wfree, 0, False)


cdef void set_options(Gen* g, const int* hand, int nhand) noexcept nogil:
    """The hand's options: its kinds ascending (the hand is sorted), each with its values
    (moves.tile_values) ascending."""
    cdef int i, k, n, x, col, most, last = -1, colours = 0
    g.nopt = 0
    g.all_opts = 0
    for col in range(NCOLOURS):
        g.col_opts[col] = 0
    for i in range(nhand):
        k = hand[i] // COPIES
        if k == last:
            continue
        last = k
        colours |= 1 << kind_colour(k)
        if kind_number(k) == SIX and g.c.rules.six_is_nine:
            if g.c.rules.six_value == SIX_VALUE_PER_LINE:
                add_option(g, k, FREE)
            else:
                add_option(g, k, SIX)
                add_option(g, k, NINE)
        else:
            add_option(g, k, kind_number(k))
    for i in range(g.nopt):
        g.opt_col[i] = 1 << kind_colour(g.opt_kind[i])
    g.copts[0] = 0
    for i in range(1, 1 << NCOLOURS):
        g.copts[i] = g.copts[i & (i - 1)] | g.col_opts[ctz64(i)]
    g.free_opts = 0
    for i in range(g.nopt):
        if g.opt_val[i] == FREE:
            g.free_opts |= (<uint64_t>1) << i
    for x in range(g.s.key):
        g.resfit[x] = 0
        for i in range(g.nopt):
            if g.opt_val[i] != FREE and g.s.multiple[x + g.opt_val[i]]:
                g.resfit[x] |= (<uint64_t>1) << i
    n = 0
    for col in range(NCOLOURS):
        if not colours >> col & 1:
            continue
        most = 0
        for i in range(g.nopt):
            if kind_colour(g.opt_kind[i]) == col and g.opt_v9[i] > most:
                most = g.opt_v9[i]
        i = n
        while i > 0 and g.cmax[i - 1] < most:
            g.corder[i] = g.corder[i - 1]
            g.cmax[i] = g.cmax[i - 1]
            i -= 1
        g.corder[i] = col
        g.cmax[i] = most
        n += 1
    g.ncolours = n
    g.hcols = colours


cdef inline void add_option(Gen* g, int k, int v) noexcept nogil:
    cdef uint64_t bit = (<uint64_t>1) << g.nopt
    g.opt_kind[g.nopt] = k
    g.opt_val[g.nopt] = v
    g.opt_v9[g.nopt] = NINE if v == FREE else v
    g.col_opts[kind_colour(k)] |= bit
    g.all_opts |= bit
    g.nopt += 1


cdef inline uint64_t single_cross(Gen* g, int r, int c, int axis, short* own, short** ct,
                                 bint* six, bint* has) noexcept nogil:
    """cross_options for singles, kept for walk in the pool while it lasts (else in
    ``own``); ``ct`` the totals' row."""
    cdef int e
    cdef uint64_t fit
    if not g.boxed or g.npool == POOL:
        ct[0] = own
        return cross_options(g, r, c, axis, g.all_opts, own, six, has)
    e = g.npool
    g.npool += 1
    fit = cross_options(g, r, c, axis, g.all_opts, g.pct[e], six, has)
    ct[0] = g.pct[e]
    g.pfit[e] = fit
    g.psix[e] = six[0]
    g.phas[e] = has[0]
    g.cidx[(r - g.br0) * g.bw + c - g.bc0][axis] = e + 1
    return fit


cdef void singles(Gen* g) noexcept nogil:
    """moves._single for every empty cell touching the pattern (by row, then column) and
    every option: valid in its row and its column."""
    cdef const State* s = g.s
    cdef short own_row[MAXOPT]
    cdef short own_col[MAXOPT]
    cdef short* ct_row
    cdef short* ct_col
    cdef bint six_row, six_col, has_row, has_col
    cdef uint64_t m
    cdef int r, c, o, a, b
    cdef Play p
    p.n = 1
    g.br0 = s.min_r - 1
    g.bc0 = s.min_c - 1
    g.bh = s.max_r - s.min_r + 3
    g.bw = s.max_c - s.min_c + 3
    g.boxed = g.bh * g.bw <= BOXCAP
    g.npool = 0
    if g.boxed:
        memset(g.cidx, 0, g.bh * g.bw * sizeof(g.cidx[0]))
    for r in range(s.min_r - 1, s.max_r + 2):
        # the cells beside a tile of the row or of the rows on either side
        for c in range(min3(g.ext_lo[0][r - 1], g.ext_lo[0][r], g.ext_lo[0][r + 1]) - 1,
                       max3(g.ext_hi[0][r - 1], g.ext_hi[0][r], g.ext_hi[0][r + 1]) + 2):
            if s.grid[r][c] != 0 or not touches(s, r, c):
                continue
            m = single_cross(g, r, c, 1, own_row, &ct_row, &six_row, &has_row)
            if m == 0:
                continue
            m &= single_cross(g, r, c, 0, own_col, &ct_col, &six_col, &has_col)
            if g.sink.mode == S_COUNT:
                g.sink.count += popcount64(m)
                continue
            p.r[0] = r
            p.c[0] = c
            while m:
                o = ctz64(m)
                m &= m - 1
                a = ct_row[o] if has_row else 0
                b = ct_col[o] if has_col else 0
                p.k[0] = g.opt_kind[o]
                p.v[0] = g.opt_val[o]
                p.score = (a + b if g.c.rules.single_tile == SINGLE_TILE_BOTH
                           else (a if a > b else b))
                p.bonus = six_row or six_col
                emit(g.sink, &p, -1)
                if g.sink.stop:
                    return


cdef void legal_plays(State* s, const Config* c, const int* hand, int nhand,
                      Sink* sink) noexcept nogil:
    """moves.legal_plays, streamed into ``sink`` in canonical order (a bounding sink that
    keeps the best score: best-first, ``best_first``)."""
    cdef Gen g
    cdef int length
    g.s = s
    g.c = c
    g.sink = sink
    set_options(&g, hand, nhand)
    if sink.bound:
        set_tops(&g)
    memset(g.zero_ct, 0, sizeof(g.zero_ct))
    g.cur_rank = 0
    g.boxed = False
    if s.ntiles == 0:
        for length in range(MIN_LINE, MAX_LINE + 1):
            if window_setup(&g, 0, ORIGIN, ORIGIN, length) != INVALID:
                fill_window(&g)
            if sink.stop:
                return
        return
    g.cur_rank = -1
    line_extents(&g)
    singles(&g)
    if sink.stop:
        return
    g.cur_rank = 0
    if sink.bound and (sink.mode == S_GREEDY or sink.mode == S_MAX) and best_first(&g):
        return
    g.cur_rank = 0
    walk(&g)
