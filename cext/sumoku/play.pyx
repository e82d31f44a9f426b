# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sumoku main games in C: the same games as solver/sumoku/engine.py, fast.

Every rule, draw and decision mirrors the reference engine, its move generator
(solver/sumoku/moves.py) and its players (solver/sumoku/policies.py), function by function
under the same names. The board is a fixed grid of GRID x GRID cells with row and column 0
of the reference at ORIGIN (a pattern of 96 tiles and the windows around it stay inside).

The move generator never stores the list of plays: it streams them, in canonical order, into
a *sink* that keeps what the caller needs — their number, the play at one index (the random
player), the first best score (greedy), the best few (lookahead), or only the best score
(a lookahead's reply). A sink that keeps only the best plays may *bound* the search: a
branch whose scores cannot exceed what it keeps is skipped (branch and bound), which changes
which plays it counts but never the plays it keeps; it bounds only once it has seen two
plays, so that "two or more plays" (a decision) is still known. A search player's playouts run on a second State (``twin``) with
greedy players in every seat. The games run without the GIL over plain C structs.
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
# what the kernel shares with solver/sumoku/, made from it at build time
from cext.sumoku.constants cimport (DRAW, G_BAG_LEFT, G_BONUS_TURNS, G_DECISION_TURNS, G_KEY,
                                    G_MARGIN, G_PASSES, G_TILES_LEFT, G_TURNS, G_WINNER,
                                    K_CHALLENGE, K_DIE, K_FIXED, KEY_FACES, COPIES, MAX_BUDGET,
                                    MAX_LINE, MAXP, MIN_LINE, NGAME, NINE, NSEAT, NTILES,
                                    NUMBERS, P_GREEDY, P_LOOKAHEAD, P_RANDOM, P_ROLLOUT,
                                    P_SEARCH, S_BONUS_TURNS, S_PENALTY, S_SCORE, S_TILES, SIX,
                                    WIDTH)

cdef enum:
    MAXHAND = NTILES      # a hand may grow past its size with stuck = draw
    GRID = 224
    ORIGIN = 112
    RUN_CAP = 8           # a run is read up to 7 tiles: long enough to be too long
    FREE = 0
    INVALID = -1
    NOSCORE = -1000000
    MAXSUM = 128          # above any total a line of 6 (at most 54) or its parts reach
    # work units (cext/common/interrupt.pxd): about a microsecond each
    TURN_WORK = 256       # a turn (a greedy one takes some 200 microseconds)
    PLAYOUT_WORK = 512    # a search player's playout: a play and one round of greedy turns

cdef enum:               # what a sink keeps
    S_COUNT = 0
    S_FIND = 1
    S_GREEDY = 2
    S_TOP = 3
    S_MAX = 4



cdef struct State


cdef struct Config:
    int players
    int hand
    int key_mode
    int fixed_key
    bint six_is_nine
    bint per_line           # six_value == per_line
    bint smallest_hand      # start == smallest_hand
    bint tie_random         # start_tie == random
    bint stuck_draw         # stuck == draw
    bint single_both        # single_tile == both
    bint bonus
    bint out_ends
    bint penalty
    int policy[MAXP]
    int budget[MAXP]        # search-N: N
    Config* rollout         # the playouts' config (greedy in every seat), or NULL
    State* twin             # the State a playout runs on
    Interrupt* stop         # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


cdef struct Play:
    int n
    int r[MAX_LINE]         # grid rows
    int c[MAX_LINE]         # grid columns
    int k[MAX_LINE]         # kinds
    int v[MAX_LINE]         # values (FREE for a "6" read per line)
    int score
    bint bonus


cdef struct Sink:
    int mode
    long count              # plays seen
    long target             # S_FIND: the index wanted
    bint stop
    bint bound              # skip branches that cannot beat what is kept (S_GREEDY, S_TOP,
                            # S_MAX); then count is no longer every play, only >= 2 is known
    Play found              # S_FIND: the play at target; S_GREEDY: the first best
    long found_index
    int best                # S_GREEDY, S_MAX: the best score
    int ntop                # S_TOP: the best plays by score, then index
    Play top[WIDTH]
    long top_index[WIDTH]


cdef struct State:
    uint8_t grid[GRID][GRID]    # kind + 1 on each cell, 0 empty
    uint8_t value[GRID][GRID]   # the value it lies with
    int min_r, max_r, min_c, max_c
    int ntiles
    int cell_r[NTILES]          # placed cells, in order (to clear the grid)
    int cell_c[NTILES]
    int bag[NTILES]
    int drawn
    int hand[MAXP][MAXHAND]     # tiles, ascending
    int nhand[MAXP]
    int dealt[MAXP]
    int key
    uint8_t multiple[MAXSUM]    # multiple[x]: x is a multiple of the key (x < MAXSUM)
    int scores[MAXP]
    int penalties[MAXP]
    int placed[MAXP]
    int bonuses[MAXP]
    int to_move
    int idle
    int turns
    int decision_turns
    int passes
    bint over
    uint64_t dice
    uint64_t choice
    int32_t* trace              # (seat, plays, index) per decision, or NULL
    int ntrace
    int cap


cdef struct Gen:
    State* s
    const Config* c
    Sink* sink
    int vmax                    # the largest value of any of the hand's tiles (a "6": 9)
    int wknown                  # the window's tiles already there: their values (free: 9)
    int nopt                    # the hand's kinds, ascending, with their values
    int opt_kind[MAXHAND]
    int opt_bit[MAXHAND]
    int opt_nval[MAXHAND]
    int opt_val[MAXHAND][2]
    int axis                    # the window being filled
    int wlen
    int wr[MAX_LINE]
    int wc[MAX_LINE]
    int wempty[MAX_LINE]        # index among the empty cells, or -1
    int ne
    int er[MAX_LINE]
    int ec[MAX_LINE]
    int nk[MAX_LINE]            # the kind and value chosen for each empty cell
    int nv[MAX_LINE]
    int cross_tot[MAX_LINE]
    bint cross_six[MAX_LINE]
    int cx_len[MAX_LINE]        # each empty cell's cross line without it: its tiles (0: none),
    int cx_mask[MAX_LINE]       # their colours, the sum of their values, their free sixes,
    int cx_sum[MAX_LINE]        # and whether a colour repeats among them (the runs on both
    int cx_free[MAX_LINE]       # sides of the cell may meet)
    bint cx_bad[MAX_LINE]


# ------------------------------------------------------------------------------ tiles

cdef inline int tile_number(int t) noexcept nogil:
    return (t % (NUMBERS * COPIES)) // COPIES + 1     # solver.sumoku.tiles.number


cdef inline int kind_number(int k) noexcept nogil:
    return k % NUMBERS + 1                            # tiles.kind_number


cdef inline int kind_colour(int k) noexcept nogil:
    return k // NUMBERS                               # tiles.kind_colour


cdef int line_total(const int* ks, const int* vs, int n, const uint8_t* multiple) noexcept nogil:
    """solver.sumoku.board.line_total (``multiple[x]``: x is a multiple of the key)."""
    cdef int colours = 0, total = 0, nfree = 0, i, bit, j, candidate
    if n < MIN_LINE or n > MAX_LINE:
        return INVALID
    for i in range(n):
        bit = 1 << kind_colour(ks[i])
        if colours & bit:
            return INVALID
        colours |= bit
        if vs[i] == FREE:
            nfree += 1
        else:
            total += vs[i]
    return cross_total(total, nfree, multiple)


cdef inline int cross_total(int total, int nfree, const uint8_t* multiple) noexcept nogil:
    """line_total's reading of ``nfree`` free sixes besides ``total``: the largest multiple
    of the key, or INVALID."""
    cdef int j, candidate
    for j in range(nfree, -1, -1):
        candidate = total + NINE * j + SIX * (nfree - j)
        if multiple[candidate]:
            return candidate
    return INVALID


cdef inline bint occupied(const State* s, int r, int c) noexcept nogil:
    return s.grid[r][c] != 0


cdef inline bint touches(const State* s, int r, int c) noexcept nogil:
    return (s.grid[r - 1][c] != 0 or s.grid[r + 1][c] != 0 or s.grid[r][c - 1] != 0
            or s.grid[r][c + 1] != 0)


cdef int run_with(const State* s, int r, int c, int axis, int k, int v, int* ks,
                  int* vs) noexcept nogil:
    """The run through the empty cell (r, c) along axis with tile (k, v) on it: its length
    (at most RUN_CAP - 1; 7 means too long) and its entries in ks, vs."""
    cdef int dr = 1 if axis == 1 else 0, dc = 1 if axis == 0 else 0
    cdef int rr = r, cc = c, n = 0
    while s.grid[rr - dr][cc - dc] != 0:
        rr -= dr
        cc -= dc
    while n < RUN_CAP - 1:
        if rr == r and cc == c:
            ks[n] = k
            vs[n] = v
        elif s.grid[rr][cc] != 0:
            ks[n] = s.grid[rr][cc] - 1
            vs[n] = s.value[rr][cc]
        else:
            break
        n += 1
        rr += dr
        cc += dc
    return n


# ------------------------------------------------------------------------------ sinks

cdef void emit(Sink* sink, const Play* p) noexcept nogil:
    cdef long index = sink.count
    cdef int j, pos
    sink.count += 1
    if sink.mode == S_FIND:
        if index == sink.target:
            sink.found = p[0]
            sink.found_index = index
            sink.stop = True
    elif sink.mode == S_GREEDY:
        if p.score > sink.best:
            sink.best = p.score
            sink.found = p[0]
            sink.found_index = index
    elif sink.mode == S_MAX:
        if p.score > sink.best:
            sink.best = p.score
    elif sink.mode == S_TOP:
        pos = sink.ntop
        while pos > 0 and sink.top[pos - 1].score < p.score:
            pos -= 1
        if pos < WIDTH:
            j = sink.ntop if sink.ntop < WIDTH else WIDTH - 1
            while j > pos:
                sink.top[j] = sink.top[j - 1]
                sink.top_index[j] = sink.top_index[j - 1]
                j -= 1
            sink.top[pos] = p[0]
            sink.top_index[pos] = index
            if sink.ntop < WIDTH:
                sink.ntop += 1


cdef void sink_init(Sink* sink, int mode, long target) noexcept nogil:
    sink.mode = mode
    sink.bound = False
    sink.count = 0
    sink.target = target
    sink.stop = False
    sink.best = NOSCORE
    sink.ntop = 0
    sink.found_index = -1


# ------------------------------------------------------------------------ the generator

cdef void single(Gen* g, int r, int c, int k, int v) noexcept nogil:
    """moves._single: one tile on (r, c)."""
    cdef int ks[RUN_CAP]
    cdef int vs[RUN_CAP]
    cdef int axis, n, t, nt = 0, total = 0, larger = NOSCORE
    cdef bint six = False
    cdef Play p
    for axis in range(2):
        n = run_with(g.s, r, c, axis, k, v, ks, vs)
        if n >= MIN_LINE:
            t = line_total(ks, vs, n, g.s.multiple)
            if t == INVALID:
                return
            nt += 1
            total += t
            if t > larger:
                larger = t
            six = six or n == MAX_LINE
    p.n = 1
    p.r[0] = r
    p.c[0] = c
    p.k[0] = k
    p.v[0] = v
    p.score = total if g.c.single_both else larger
    p.bonus = six
    emit(g.sink, &p)


cdef bint beyond_reach(const Gen* g, int i) noexcept nogil:
    """Whether no play completing the window from empty cell i on can score more than the
    sink keeps: the window's total at most its known values plus vmax a new tile, each cross
    line at most its tiles (a free six as 9) plus vmax."""
    cdef int e, most = g.wknown + (g.ne - i) * g.vmax
    cdef int keep
    for e in range(g.ne):
        if e < i:
            most += (NINE if g.nv[e] == FREE else g.nv[e]) + g.cross_tot[e]
        elif g.cx_len[e] and not g.cx_bad[e]:
            most += g.cx_sum[e] + NINE * g.cx_free[e] + g.vmax
    if g.sink.mode == S_TOP:
        if g.sink.ntop < WIDTH:
            return False
        keep = g.sink.top[WIDTH - 1].score
    elif g.sink.mode == S_GREEDY or g.sink.mode == S_MAX:
        keep = g.sink.best
    else:
        return False
    return most <= keep


cdef void fill(Gen* g, int i, int used) noexcept nogil:
    """moves._fill_window's fill: the empty cells from i on, colours ``used`` taken."""
    cdef int ks[RUN_CAP]
    cdef int vs[RUN_CAP]
    cdef int o, vi, k, v, n, t, w, e, r, c, axis = g.axis, partial = -1
    cdef Play p
    if g.sink.stop:
        return
    if i == g.ne:
        for w in range(g.wlen):
            e = g.wempty[w]
            if e >= 0:
                ks[w] = g.nk[e]
                vs[w] = g.nv[e]
            else:
                ks[w] = g.s.grid[g.wr[w]][g.wc[w]] - 1
                vs[w] = g.s.value[g.wr[w]][g.wc[w]]
        t = line_total(ks, vs, g.wlen, g.s.multiple)
        if t == INVALID:
            return
        p.n = g.ne
        p.score = t
        p.bonus = g.wlen == MAX_LINE
        for e in range(g.ne):
            p.r[e] = g.er[e]
            p.c[e] = g.ec[e]
            p.k[e] = g.nk[e]
            p.v[e] = g.nv[e]
            p.score += g.cross_tot[e]
            p.bonus = p.bonus or g.cross_six[e]
        emit(g.sink, &p)
        return
    if g.sink.bound and g.sink.count >= 2 and beyond_reach(g, i):
        return
    r = g.er[i]
    c = g.ec[i]
    if i == g.ne - 1:
        # the last new tile: the window's other tiles are known, so a value that cannot
        # make its total a multiple of the key is skipped before any cross line is read
        # (the window's line_total would reject it); a free "6" anywhere defeats this
        partial = 0
        for w in range(g.wlen):
            e = g.wempty[w]
            if e == i:
                continue
            v = g.nv[e] if e >= 0 else g.s.value[g.wr[w]][g.wc[w]]
            if v == FREE:
                partial = -1
                break
            partial += v
    for o in range(g.nopt):
        if used & g.opt_bit[o]:
            continue
        k = g.opt_kind[o]
        for vi in range(g.opt_nval[o]):
            v = g.opt_val[o][vi]
            if partial >= 0 and v != FREE and not g.s.multiple[partial + v]:
                continue
            if g.cx_len[i]:
                # the cross line with this tile, as line_total reads it
                n = g.cx_len[i] + 1
                if g.cx_bad[i] or n > MAX_LINE or g.cx_mask[i] & g.opt_bit[o]:
                    continue
                t = cross_total(g.cx_sum[i] + v, g.cx_free[i] + (v == FREE), g.s.multiple)
                if t == INVALID:
                    continue
                g.cross_tot[i] = t
                g.cross_six[i] = n == MAX_LINE
            else:
                g.cross_tot[i] = 0
                g.cross_six[i] = False
            g.nk[i] = k
            g.nv[i] = v
            fill(g, i + 1, used | g.opt_bit[o])
            if g.sink.stop:
                return


cdef void cross_info(Gen* g, int e, int r, int c, int axis) noexcept nogil:
    """The tiles beside the empty cell (r, c) across ``axis`` (the window's direction)."""
    cdef int dr = 1 if axis == 0 else 0, dc = 1 if axis == 1 else 0
    cdef int side, rr, cc, bit, b
    g.cx_len[e] = 0
    g.cx_mask[e] = 0
    g.cx_sum[e] = 0
    g.cx_free[e] = 0
    g.cx_bad[e] = False
    for side in range(2):
        rr = r + (dr if side else -dr)
        cc = c + (dc if side else -dc)
        while g.s.grid[rr][cc] != 0 and g.cx_len[e] < RUN_CAP:
            b = g.s.grid[rr][cc] - 1
            bit = 1 << kind_colour(b)
            if g.cx_mask[e] & bit:
                g.cx_bad[e] = True
            g.cx_mask[e] |= bit
            if g.s.value[rr][cc] == FREE:
                g.cx_free[e] += 1
            else:
                g.cx_sum[e] += g.s.value[rr][cc]
            g.cx_len[e] += 1
            rr += dr if side else -dr
            cc += dc if side else -dc


cdef void fill_window(Gen* g, int axis, int line, int start, int length) noexcept nogil:
    cdef int i, r, c, colours = 0
    g.axis = axis
    g.wlen = length
    g.ne = 0
    g.wknown = 0
    for i in range(length):
        r = line if axis == 0 else start + i
        c = start + i if axis == 0 else line
        g.wr[i] = r
        g.wc[i] = c
        if g.s.grid[r][c] != 0:
            colours |= 1 << kind_colour(g.s.grid[r][c] - 1)
            g.wknown += NINE if g.s.value[r][c] == FREE else g.s.value[r][c]
            g.wempty[i] = -1
        else:
            g.wempty[i] = g.ne
            g.er[g.ne] = r
            g.ec[g.ne] = c
            cross_info(g, g.ne, r, c, axis)
            g.ne += 1
    fill(g, 0, colours)


cdef bint is_window(const State* s, int axis, int line, int start, int length,
                    int most) noexcept nogil:
    """moves._is_window."""
    cdef int i, r, c, empty = 0
    cdef bint touching = False
    if axis == 0:
        if s.grid[line][start - 1] != 0 or s.grid[line][start + length] != 0:
            return False
    else:
        if s.grid[start - 1][line] != 0 or s.grid[start + length][line] != 0:
            return False
    for i in range(length):
        r = line if axis == 0 else start + i
        c = start + i if axis == 0 else line
        if s.grid[r][c] == 0:
            empty += 1
            if not touching and touches(s, r, c):
                touching = True
    if empty < 2 or empty > most:
        return False
    return empty < length or touching


cdef void set_options(Gen* g, const int* hand, int nhand) noexcept nogil:
    """The hand's kinds ascending (the hand is sorted) with moves.tile_values."""
    cdef int i, j, k, last = -1
    g.nopt = 0
    g.vmax = 0
    for i in range(nhand):
        k = hand[i] // 2
        if k == last:
            continue
        last = k
        g.opt_kind[g.nopt] = k
        g.opt_bit[g.nopt] = 1 << kind_colour(k)
        if kind_number(k) == SIX and g.c.six_is_nine:
            if g.c.per_line:
                g.opt_nval[g.nopt] = 1
                g.opt_val[g.nopt][0] = FREE
            else:
                g.opt_nval[g.nopt] = 2
                g.opt_val[g.nopt][0] = SIX
                g.opt_val[g.nopt][1] = NINE
        else:
            g.opt_nval[g.nopt] = 1
            g.opt_val[g.nopt][0] = kind_number(k)
        for j in range(g.opt_nval[g.nopt]):
            if g.opt_val[g.nopt][j] == FREE:
                g.vmax = NINE
            elif g.opt_val[g.nopt][j] > g.vmax:
                g.vmax = g.opt_val[g.nopt][j]
        g.nopt += 1


cdef void legal_plays(State* s, const Config* c, const int* hand, int nhand,
                      Sink* sink) noexcept nogil:
    """moves.legal_plays, streamed into ``sink`` in canonical order."""
    cdef Gen g
    cdef int length, r, cc, o, vi, axis, line, start, lo, hi, along_lo, along_hi
    cdef int colours = 0, most = 0
    g.s = s
    g.c = c
    g.sink = sink
    set_options(&g, hand, nhand)
    for o in range(g.nopt):
        colours |= g.opt_bit[o]
    while colours:
        most += colours & 1
        colours >>= 1
    if s.ntiles == 0:
        for length in range(MIN_LINE, MAX_LINE + 1):
            fill_window(&g, 0, ORIGIN, ORIGIN, length)
            if sink.stop:
                return
        return
    for r in range(s.min_r - 1, s.max_r + 2):
        for cc in range(s.min_c - 1, s.max_c + 2):
            if s.grid[r][cc] != 0 or not touches(s, r, cc):
                continue
            for o in range(g.nopt):
                for vi in range(g.opt_nval[o]):
                    single(&g, r, cc, g.opt_kind[o], g.opt_val[o][vi])
                    if sink.stop:
                        return
    for axis in range(2):
        lo = s.min_r if axis == 0 else s.min_c
        hi = s.max_r if axis == 0 else s.max_c
        along_lo = s.min_c if axis == 0 else s.min_r
        along_hi = s.max_c if axis == 0 else s.max_r
        for line in range(lo - 1, hi + 2):
            for start in range(along_lo - MAX_LINE, along_hi + 2):
                for length in range(MIN_LINE, MAX_LINE + 1):
                    if is_window(s, axis, line, start, length, most):
                        fill_window(&g, axis, line, start, length)
                        if sink.stop:
                            return


# ------------------------------------------------------------------------------ the game

cdef void sort_ints(int* a, int n) noexcept nogil:
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef int draw(State* s, int* hand, int nhand, int count) noexcept nogil:
    """Up to ``count`` tiles from the bag into the sorted hand; the new hand size."""
    while count > 0 and s.drawn < NTILES:
        hand[nhand] = s.bag[s.drawn]
        s.drawn += 1
        nhand += 1
        count -= 1
    sort_ints(hand, nhand)
    return nhand


cdef int hand_total(const int* hand, int nhand) noexcept nogil:
    cdef int i, total = 0
    for i in range(nhand):
        total += tile_number(hand[i])
    return total


cdef int roll_key(State* s, const Config* c) noexcept nogil:
    """tiles.roll_key."""
    if c.key_mode == K_DIE:
        return KEY_FACES[dice_below(&s.dice, 6)]
    if c.key_mode == K_CHALLENGE:
        return KEY_FACES[dice_below(&s.dice, 6)] + KEY_FACES[dice_below(&s.dice, 6)]
    return c.fixed_key


cdef void set_key(State* s, int key) noexcept nogil:
    cdef int x
    s.key = key
    for x in range(MAXSUM):
        s.multiple[x] = x % key == 0


cdef void setup(State* s, const Config* c, uint64_t key) noexcept nogil:
    """Game.__post_init__: shuffle, deal, the starter, the key. The grid must be empty."""
    cdef int by_deal[MAXP][MAXHAND]
    cdef int nby[MAXP]
    cdef int totals[MAXP]
    cdef int tied[MAXP]
    cdef int i, j, t, p, n = c.players, ntied = 0, least, starter = 0
    s.dice = key
    s.choice = key ^ DICE_CHOICE_SALT
    for i in range(NTILES):
        s.bag[i] = i
    for i in range(NTILES - 1, 0, -1):
        j = <int>dice_below(&s.dice, i + 1)
        t = s.bag[i]
        s.bag[i] = s.bag[j]
        s.bag[j] = t
    s.drawn = 0
    for p in range(n):
        nby[p] = draw(s, by_deal[p], 0, c.hand)
    if c.smallest_hand:
        for p in range(n):
            totals[p] = hand_total(by_deal[p], nby[p])
        least = totals[0]
        for p in range(n):
            if totals[p] < least:
                least = totals[p]
        for p in range(n):
            if totals[p] == least:
                tied[ntied] = p
                ntied += 1
        if ntied == 1 or not c.tie_random:
            starter = tied[0]
        else:
            starter = tied[dice_below(&s.dice, ntied)]
    for p in range(n):
        s.dealt[p] = (starter + p) % n
        s.nhand[p] = nby[s.dealt[p]]
        for i in range(s.nhand[p]):
            s.hand[p][i] = by_deal[s.dealt[p]][i]
    s.key = roll_key(s, c)
    set_key(s, s.key)
    for p in range(n):
        s.scores[p] = 0
        s.penalties[p] = 0
        s.placed[p] = 0
        s.bonuses[p] = 0
    s.ntiles = 0
    s.to_move = 0
    s.idle = 0
    s.turns = 0
    s.decision_turns = 0
    s.passes = 0
    s.over = False
    s.ntrace = 0


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


cdef void apply(State* s, int seat, const Play* p) noexcept nogil:
    """Game.apply: lay the tiles (the lowest tile of each kind from the hand), score."""
    cdef int i, j, m
    lay(s, p)
    for i in range(p.n):
        m = s.nhand[seat]
        for j in range(m):
            if s.hand[seat][j] // 2 == p.k[i]:
                while j < m - 1:
                    s.hand[seat][j] = s.hand[seat][j + 1]
                    j += 1
                s.nhand[seat] = m - 1
                break
    s.scores[seat] += p.score
    s.placed[seat] += p.n


cdef int reply_score(State* s, const Config* c, int seat, const Play* p) noexcept nogil:
    """policies.reply_score: the next player's best score at once after ``p``."""
    cdef Sink sink
    cdef int nxt = (seat + 1) % c.players
    cdef int ntiles = s.ntiles, min_r = s.min_r, max_r = s.max_r, min_c = s.min_c
    cdef int max_c = s.max_c
    lay(s, p)
    sink_init(&sink, S_MAX, 0)
    sink.bound = True
    legal_plays(s, c, s.hand[nxt], s.nhand[nxt], &sink)
    unlay(s, ntiles, min_r, max_r, min_c, max_c)
    return sink.best if sink.count else 0


cdef int playout_value(State* s, const Config* c, int seat, const Play* p,
                       uint64_t key) noexcept nogil:
    """One playout of ``p`` (SearchPolicy.choose and Game.playout): the twin copies the
    game, shuffles the bag's remaining tiles with the dice stream ``key``, plays ``p`` and
    one round on with greedy players; the seat's score minus the best other score."""
    cdef State* t = c.twin
    cdef int i, j, x, stop, other, best = NOSCORE
    memcpy(t, s, sizeof(State))   # the whole State, grid included
    t.trace = NULL
    t.dice = key
    for i in range(NTILES - 1 - s.drawn, 0, -1):
        j = <int>dice_below(&t.dice, i + 1)
        x = t.bag[s.drawn + i]
        t.bag[s.drawn + i] = t.bag[s.drawn + j]
        t.bag[s.drawn + j] = x
    stop = t.turns + c.players
    play_turn(t, c.rollout, p)
    while not t.over and t.turns < stop:
        play_turn(t, c.rollout, NULL)
    for other in range(c.players):
        if other != seat and t.scores[other] > best:
            best = t.scores[other]
    return t.scores[seat] - best


cdef long choose_play(State* s, const Config* c, int seat, Play* chosen) noexcept nogil:
    """The number of legal plays; when there are any, the one the seat's player takes in
    ``chosen``, and the decision in the trace."""
    cdef Sink sink
    cdef long n, index = 0
    cdef int policy = c.policy[seat], i, j, value, best = NOSCORE
    cdef long total, best_total = 0
    cdef uint64_t ks
    cdef uint64_t keys[MAX_BUDGET]
    if policy == P_GREEDY:
        sink_init(&sink, S_GREEDY, 0)
        sink.bound = s.trace == NULL   # a trace records the number of plays
        legal_plays(s, c, s.hand[seat], s.nhand[seat], &sink)
        n = sink.count
        if n:
            chosen[0] = sink.found
            index = sink.found_index
    elif policy == P_LOOKAHEAD or policy == P_SEARCH:
        sink_init(&sink, S_TOP, 0)
        sink.bound = s.trace == NULL
        legal_plays(s, c, s.hand[seat], s.nhand[seat], &sink)
        n = sink.count
        if n == 1:
            chosen[0] = sink.top[0]
        elif n > 1 and policy == P_SEARCH:
            ks = dice_word(&s.choice)
            for j in range(c.budget[seat]):
                keys[j] = dice_word(&ks)
            for i in range(sink.ntop):
                total = 0
                for j in range(c.budget[seat]):
                    if interrupted(c.stop, PLAYOUT_WORK):   # the game is abandoned
                        break
                    total += playout_value(s, c, seat, &sink.top[i], keys[j])
                if i == 0 or total > best_total:
                    best_total = total
                    index = sink.top_index[i]
                    chosen[0] = sink.top[i]
        elif n > 1:
            for i in range(sink.ntop):
                value = sink.top[i].score - reply_score(s, c, seat, &sink.top[i])
                if value > best or (value == best and sink.top_index[i] < index):
                    best = value
                    index = sink.top_index[i]
                    chosen[0] = sink.top[i]
    else:
        sink_init(&sink, S_COUNT, 0)
        legal_plays(s, c, s.hand[seat], s.nhand[seat], &sink)
        n = sink.count
        if n:
            index = <long>dice_choose(&s.choice, n)
            sink_init(&sink, S_FIND, index)
            legal_plays(s, c, s.hand[seat], s.nhand[seat], &sink)
            chosen[0] = sink.found
    if n and s.trace != NULL and s.ntrace < s.cap:
        s.trace[3 * s.ntrace] = seat
        s.trace[3 * s.ntrace + 1] = <int32_t>n
        s.trace[3 * s.ntrace + 2] = <int32_t>index
        s.ntrace += 1
    return n


cdef void finish(State* s, const Config* c) noexcept nogil:
    cdef int seat
    for seat in range(c.players):
        if c.penalty:
            s.penalties[seat] = hand_total(s.hand[seat], s.nhand[seat])
            s.scores[seat] -= s.penalties[seat]
    s.over = True


cdef void play_turn(State* s, const Config* c, const Play* first) noexcept nogil:
    """Game.play_turn: ``first``, if not NULL, is the first play (a playout's)."""
    cdef int seat = s.to_move
    cdef bint decided = False, acted = False, bonus = False
    cdef long n
    cdef Play play
    while s.nhand[seat] > 0:
        if first != NULL:
            play = first[0]
            first = NULL
            n = 1
        else:
            n = choose_play(s, c, seat, &play)
        if n == 0:
            break
        if n > 1:
            decided = True
        apply(s, seat, &play)
        s.bonuses[seat] += bonus
        acted = True
        if not (c.bonus and play.bonus):
            break
        bonus = True
    if acted:
        s.nhand[seat] = draw(s, s.hand[seat], s.nhand[seat], c.hand - s.nhand[seat])
    else:
        s.passes += 1
        if c.stuck_draw and s.drawn < NTILES:
            s.nhand[seat] = draw(s, s.hand[seat], s.nhand[seat], 1)
            acted = True
    s.idle = 0 if acted else s.idle + 1
    s.turns += 1
    s.decision_turns += decided
    s.to_move = (seat + 1) % c.players
    if s.idle >= c.players or (c.out_ends and s.drawn == NTILES and s.nhand[seat] == 0):
        finish(s, c)


cdef void play_game(State* s, const Config* c, uint64_t key) noexcept nogil:
    """One game; left unfinished when a signal stops it (``interrupted(c.stop, 0)``)."""
    setup(s, c, key)
    while not s.over:
        play_turn(s, c, NULL)
        if interrupted(c.stop, TURN_WORK):
            return


cdef int winner(const State* s, const Config* c) noexcept nogil:
    cdef int seat, best = s.scores[0], top = 0, count = 0
    for seat in range(c.players):
        if s.scores[seat] > best:
            best = s.scores[seat]
    for seat in range(c.players):
        if s.scores[seat] == best:
            if count == 0:
                top = seat
            count += 1
    return top if count == 1 else DRAW


cdef int margin(const State* s, const Config* c) noexcept nogil:
    cdef int seat, first = NOSCORE, second = NOSCORE
    for seat in range(c.players):
        if s.scores[seat] > first:
            second = first
            first = s.scores[seat]
        elif s.scores[seat] > second:
            second = s.scores[seat]
    return first - second


# ------------------------------------------------------------------------------ Python

cdef class Setup:
    """A kernel Config for rules and players (and the playouts' Config), a State with an
    empty grid and a twin State for playouts."""
    cdef Config c
    cdef Config rollout
    cdef State* s
    cdef State* twin
    cdef Interrupt stop

    def __cinit__(self):
        self.s = <State*>malloc(sizeof(State))
        self.twin = <State*>malloc(sizeof(State))
        if self.s == NULL or self.twin == NULL:
            raise MemoryError()
        memset(self.s, 0, sizeof(State))
        memset(self.twin, 0, sizeof(State))

    def __dealloc__(self):
        free(self.s)
        free(self.twin)

    def __init__(self, config):
        """``config``: the plain configuration of solver.sumoku.kernel.config (the rules
        and each seat's player code and budget)."""
        players = config["players"]
        if not 2 <= players <= MAXP or len(config["policy"]) != players:
            raise ValueError(f"need 2 to {MAXP} players and one player code each")
        memset(&self.c, 0, sizeof(Config))
        c = &self.c
        c.players = players
        c.hand = config["hand"]
        c.key_mode = config["key_mode"]
        c.fixed_key = config["fixed_key"]
        c.six_is_nine = config["six_is_nine"]
        c.per_line = config["per_line"]
        c.smallest_hand = config["smallest_hand"]
        c.tie_random = config["tie_random"]
        c.stuck_draw = config["stuck_draw"]
        c.single_both = config["single_both"]
        c.bonus = config["bonus"]
        c.out_ends = config["out_ends"]
        c.penalty = config["penalty"]
        for seat in range(players):
            c.policy[seat] = config["policy"][seat]
            c.budget[seat] = config["budget"][seat]
            if not (P_RANDOM <= c.policy[seat] <= P_SEARCH and 0 <= c.budget[seat] <= MAX_BUDGET):
                raise ValueError(f"bad player code or budget for seat {seat}")
        interrupt_init(&self.stop)
        c.stop = &self.stop
        self.rollout = self.c
        for seat in range(c.players):
            self.rollout.policy[seat] = P_ROLLOUT
        self.rollout.rollout = NULL
        self.rollout.twin = NULL
        self.rollout.stop = NULL
        c.rollout = &self.rollout
        c.twin = self.twin


cdef void clear(State* s) noexcept nogil:
    unlay(s, 0, 0, 0, 0, 0)


def play_chunk(config, const uint64_t[::1] keys):
    """Play one game per key (``config``: solver.sumoku.kernel.config); returns two int32
    arrays: the game-level results, shape (NGAME, n), and the per-seat ones, shape (NSEAT,
    n, players), their rows in the order of solver.sumoku.engine's columns (G_*, S_*)."""
    cdef Setup setup_ = Setup(config)
    cdef Config* c = &setup_.c
    cdef State* s = setup_.s
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int seat, players = c.players, bonus, left
    game_a = np.empty((NGAME, n), dtype=np.int32)
    seat_a = np.empty((NSEAT, n, players), dtype=np.int32)
    cdef int32_t[:, ::1] game = game_a
    cdef int32_t[:, :, ::1] per_seat = seat_a
    s.trace = NULL
    with nogil:
        for i in range(n):
            play_game(s, c, keys[i])
            if interrupted(c.stop, 0):
                break
            game[G_WINNER, i] = winner(s, c)
            game[G_TURNS, i] = s.turns
            game[G_DECISION_TURNS, i] = s.decision_turns
            game[G_KEY, i] = s.key
            bonus = 0
            left = NTILES - s.drawn
            for seat in range(players):
                bonus += s.bonuses[seat]
                left += s.nhand[seat]
                per_seat[S_SCORE, i, seat] = s.scores[seat]
                per_seat[S_PENALTY, i, seat] = s.penalties[seat]
                per_seat[S_TILES, i, seat] = s.placed[seat]
                per_seat[S_BONUS_TURNS, i, seat] = s.bonuses[seat]
            game[G_BONUS_TURNS, i] = bonus
            game[G_PASSES, i] = s.passes
            game[G_BAG_LEFT, i] = NTILES - s.drawn
            game[G_TILES_LEFT, i] = left
            game[G_MARGIN, i] = margin(s, c)
            clear(s)
    interrupt_raise(c.stop)
    return game_a, seat_a


def trace_game(config, uint64_t key, int cap=1 << 16):
    """Play one game (``config``: solver.sumoku.kernel.config); returns its decisions as an
    (m, 3) int32 array of (seat, number of plays, chosen index), as the reference engine's
    ``trace``, and its final state (the board in the reference's coordinates)."""
    cdef Setup setup_ = Setup(config)
    cdef State* s = setup_.s
    trace_a = np.zeros((cap, 3), dtype=np.int32)
    cdef int32_t[:, ::1] trace = trace_a
    s.trace = &trace[0, 0]
    s.cap = cap
    with nogil:
        play_game(s, &setup_.c, key)
    interrupt_raise(&setup_.stop)
    players = setup_.c.players
    board = {}
    for i in range(s.ntiles):
        r, c = s.cell_r[i], s.cell_c[i]
        board[(r - ORIGIN, c - ORIGIN)] = (s.grid[r][c] - 1, s.value[r][c])
    final = {"scores": [s.scores[p] for p in range(players)],
             "hands": [[s.hand[p][j] for j in range(s.nhand[p])] for p in range(players)],
             "board": board, "key": s.key, "turns": s.turns, "drawn": s.drawn,
             "dealt": [s.dealt[p] for p in range(players)]}
    out = trace_a[:s.ntrace].copy()
    clear(s)
    return out, final


def count_plays(config, cells, hand, int key, int repeat=1):
    """The number of legal plays of ``hand`` (tiles) on a board of ``cells`` (``{(row,
    column): (kind, value)}``, the reference's Board.cells), as ``len(moves.legal_plays)``,
    under ``config`` (solver.sumoku.kernel.config); the generation runs ``repeat`` times
    (for timing)."""
    cdef Setup setup_ = Setup(config)
    cdef State* s = setup_.s
    cdef Sink sink
    cdef int hand_a[MAXHAND]
    cdef int n = len(hand), i
    if n > MAXHAND or len(cells) > NTILES:
        raise ValueError("too many tiles")
    for i, t in enumerate(sorted(hand)):
        hand_a[i] = t
    for (r, c), (k, v) in cells.items():
        if not (-ORIGIN + 8 <= r < GRID - ORIGIN - 8 and -ORIGIN + 8 <= c < GRID - ORIGIN - 8):
            raise ValueError(f"cell {(r, c)} is off the grid")
        play = Play(n=1, r=[r + ORIGIN] + [0] * 5, c=[c + ORIGIN] + [0] * 5,
                    k=[k] + [0] * 5, v=[v] + [0] * 5, score=0, bonus=False)
        lay(s, &play)
    set_key(s, key)
    with nogil:
        for i in range(repeat):
            sink_init(&sink, S_COUNT, 0)
            legal_plays(s, &setup_.c, hand_a, n, &sink)
    clear(s)
    return sink.count
