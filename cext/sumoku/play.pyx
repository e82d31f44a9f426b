# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sumoku main games in C: the decisions of solver/sumoku/state.py (SumokuState), fast.

The game is the decision API of cext/common/decisions.pxi (its header is the contract):
the same nodes as the reference State — deal (CHANCE, one tile a node), start tie (CHANCE),
key (CHANCE), play and bonus play (the seat to move), refill (CHANCE, one tile a node),
over — with the same action ids (a play's index in the canonical list of the node's plays,
solver/sumoku/moves.py; PASS where there is none), the same chance outcomes and the same
draws from the dice stream; the players are those of solver/sumoku/policies.py, drawing
from the choice stream as they do. The pxi's play_game / play_chunk play whole games.

The board is a fixed grid of GRID x GRID cells with row and column 0 of the reference at
ORIGIN (a pattern of 96 tiles and the windows around it stay inside).

The move generator never stores the list of plays: it streams them, in canonical order, into
a *sink* that keeps what the caller needs — their number, the play at one index (the random
player), the first best score (greedy), the best few (lookahead), or only the best score
(a lookahead's reply). A sink that keeps only the best plays may *bound* the search: a
branch whose scores cannot exceed what it keeps is skipped (branch and bound), which changes
which plays it counts but never the plays it keeps; it bounds only once it has seen two
plays, so that "two or more plays" (a decision) is still known.

**The walk.** Single tiles first (each empty cell touching the pattern reads its row and
column once: the hand's *options*, kind and value, that fit each, as a bit mask, with the
line's total; a cross line of fixed values by the residue of its total and the set of its
colours, tables made once per generation). Then each line is walked once, only around its
tiles and those of the lines beside it (``walk``): its cells' cross lines are read once,
into the same masks (singles' pool); a window from a first cell grows to 6 cells and ends
at a cell no option fits or a colour its tiles repeat (every longer window holds it too);
``fill`` tries only the options each cell takes, its colours unused. A bounding sink that
keeps the best score (greedy, a lookahead's reply) searches the windows *best-first*
(``best_first``): every window's upper bound (``walk_bounds``: its tiles, and each empty
cell's best value and cross total, summed as the window grows; the part the window's values
make floored to a multiple of the key, at most the k largest values of distinct colours
left, a table), then the windows by bound, highest first, until the bound falls below the
best score found. The canonical tie-break (the first best play) is the window's rank in canonical
order, compared only on equal scores, so the search order is free.

**Action ids and the bound.** A bounded sink no longer knows a kept play's index in the
canonical list (the plays of the branches it skipped are not counted). ``decide`` therefore
keeps the play it picked in the State (``chosen``), and ``apply_action`` of the id it
returned applies that play without listing the plays again. With ``Config.exact`` (the
configuration's ``exact_actions``: ``solver.sumoku.kernel.kernel_state``) the players do
not bound, so the ids ``decide`` returns are the canonical indices, as the reference
players return them; without it (``play_chunk``'s games, a search's playouts) the greedy,
lookahead and search players bound, and the id ``decide`` returns is only good for the
``apply_action`` that follows it (the same play, the same game; the random player's ids are
always exact). A search player's playouts run on a second State (``Config.twin``) over the
same functions with greedy players in every seat. The games run without the GIL over plain
C structs.

**mcts-N** (cext/common/mcts.pxi over the hooks at the end, policies.py's ``mcts-N``): a
bandit over the MCTS_WIDTH highest-scoring plays in lookahead's order, paired simulations.
A simulation is a copy of the State reseeded under the rollout Config (``simulates``): its
``sim_stop`` cuts it off MCTS_TURNS turns on (current_player says TERMINAL) and ``returns``
gives each seat its squashed score margin (policies.Simulation); a game's own State has
``sim_stop`` 0. ``mcts_actions`` keeps the candidates and their plays in the State for the
node they are of (``ckey``), so a simulation's copy of the decision finds them without
listing the plays, and ``make_play`` applies a candidate's play as it applies ``decide``'s.
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset
from libc.math cimport exp

from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
# what the kernel shares with solver/sumoku/, made from it at build time
from cext.sumoku.constants cimport (
    CHANCE, COL_BAG_LEFT, COL_BONUS_TURNS, COL_DECISION_TURNS, COL_KEY, COL_MARGIN, COL_PASSES,
    COL_TILES_LEFT, COL_TURNS, COL_WINNER, COPIES, DRAW, FREE, KEY_FACES, K_CHALLENGE, K_DIE,
    MCTS_EXPLORATION_PERMILLE, MCTS_SCALE, MCTS_TURNS, MCTS_WIDTH,
    K_FIXED, MAXP, MAX_BUDGET, MAX_LINE, MIN_LINE, NFACES, NGAME_COLUMNS, NINE, NKINDS,
    NSEAT_COLUMNS, NTILES, NUMBERS, PASS, PH_BONUS, PH_DEAL, PH_KEY, PH_OVER, PH_PLAY,
    PH_REFILL, PH_START, P_GREEDY, P_LOOKAHEAD, P_MCTS, P_RANDOM, P_ROLLOUT, P_SEARCH,
    SEATCOL_BONUS_TURNS, SEATCOL_PENALTY, SEATCOL_SCORE, SEATCOL_TILES, SIX, TERMINAL, WIDTH)

cdef enum:
    MAXHAND = NTILES      # a hand may grow past its size with stuck = draw
    GRID = 224
    ORIGIN = 112
    RUN_CAP = 8           # a run is read up to 7 tiles: long enough to be too long
    INVALID = -1
    NOSCORE = -1000000
    MAXSUM = 128          # above any total a line of 6 (at most 54) or its parts reach
    TOPMAX = WIDTH + MCTS_WIDTH   # more plays than a sink keeps (lookahead's, mcts-N's)
    # work units (cext/common/interrupt.pxd): about a microsecond each
    DECIDE_WORK = 256     # a decision (a greedy one takes some 100 microseconds): the
                          # pxi's play_chunk counts a game as one unit, so decide counts
                          # the work that lets a signal stop a chunk within milliseconds
    PLAYOUT_WORK = 512    # a search player's playout: a play and one round of greedy turns
    MAX_ACTIONS = 1 << 17 # legal_actions' buffers (decisions.pxi): more than the plays of
                          # any position met (some 120,000 with a full hand of 8); a node
                          # with more lists only the first MAX_ACTIONS

cdef enum:               # what a sink keeps
    S_COUNT = 0
    S_FIND = 1
    S_GREEDY = 2
    S_TOP = 3
    S_MAX = 4

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
    bint exact              # decide's ids are canonical indices (no branch and bound)
    int policy[MAXP]
    int budget[MAXP]        # search-N, mcts-N: N
    const Config* rollout   # the playouts' config (greedy in every seat), or NULL
    State* twin             # the State a playout runs on (Setup's scratch)
    Interrupt* stop         # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)
    bint simulates          # the rollout Config of mcts-N: a state reseeded under it is a
                            # simulation (mcts_reseed)


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
    int best_rank           # S_GREEDY: the rank of its window (Gen.cur_rank)
    int ntop                # S_TOP: the best plays by score, then index, at most width
    int width
    Play top[TOPMAX]
    long top_index[TOPMAX]


cdef struct State:
    uint8_t grid[GRID][GRID]    # kind + 1 on each cell, 0 empty
    uint8_t value[GRID][GRID]   # the value it lies with
    int min_r, max_r, min_c, max_c
    int ntiles
    int cell_r[NTILES]          # placed cells, in order
    int cell_c[NTILES]
    int bag[NTILES]             # bag[drawn:] the tiles left: in drawing order once shuffled,
    int drawn                   # else ascending
    bint shuffled
    int hand[MAXP][MAXHAND]     # tiles, ascending; while dealing, by dealing place
    int nhand[MAXP]
    int dealt[MAXP]
    int key                     # 0 until known
    uint8_t multiple[MAXSUM]    # multiple[x]: x is a multiple of the key (x < MAXSUM)
    uint8_t below[MAXSUM]       # below[x]: the largest multiple of the key up to x
    int scores[MAXP]
    int penalties[MAXP]
    int placed[MAXP]
    int bonuses[MAXP]
    int phase                   # PH_*: the node (solver.sumoku.state's phases)
    int pending                 # tiles still to draw at this deal or refill
    int ntied                   # the start tie's dealing places
    int tied[MAXP]
    bint decided                # within the turn: a choice among two or more plays was made
    bint acted                  # within the turn: a tile was placed (or drawn when stuck)
    int to_move
    int idle
    int turns
    int decision_turns
    int passes
    uint64_t dice
    uint64_t choice
    int sim_stop                # an mcts-N simulation: the turn it ends at (0: not one)
    int ckey[6]                 # mcts_actions' candidates and their plays, kept for the
    int ncache                  # node of ckey (cache_valid): a simulation's root lists
    int32_t cache_action[MCTS_WIDTH]  # them once a decision, and apply_action finds the
    Play cache_play[MCTS_WIDTH]       # play of a candidate without listing the plays
    bint has_chosen             # decide's pick, for the apply_action that follows it:
    int32_t chosen_action       # its id, the plays at the node (0, 1 or 2: two or more)
    int chosen_n                # and the play
    Play chosen


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


# ------------------------------------------------------------------------------ tiles

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


# ------------------------------------------------------------------------------ sinks

cdef inline void keep(Sink* sink, const Play* p, long index, int rank) noexcept nogil:
    """What the sink keeps of the play at ``index`` (counted already) of window ``rank``."""
    cdef int j, pos
    if sink.mode == S_FIND:
        if index == sink.target:
            sink.found = p[0]
            sink.found_index = index
            sink.stop = True
    elif sink.mode == S_GREEDY:
        if p.score > sink.best or (p.score == sink.best and rank < sink.best_rank):
            sink.best = p.score
            sink.best_rank = rank
            sink.found = p[0]
            sink.found_index = index
    elif sink.mode == S_MAX:
        if p.score > sink.best:
            sink.best = p.score
    elif sink.mode == S_TOP:
        pos = sink.ntop
        while pos > 0 and sink.top[pos - 1].score < p.score:
            pos -= 1
        if pos < sink.width:
            j = sink.ntop if sink.ntop < sink.width else sink.width - 1
            while j > pos:
                sink.top[j] = sink.top[j - 1]
                sink.top_index[j] = sink.top_index[j - 1]
                j -= 1
            sink.top[pos] = p[0]
            sink.top_index[pos] = index
            if sink.ntop < sink.width:
                sink.ntop += 1


cdef inline void emit(Sink* sink, const Play* p, int rank) noexcept nogil:
    cdef long index = sink.count
    sink.count += 1
    keep(sink, p, index, rank)


cdef void sink_init(Sink* sink, int mode, long target) noexcept nogil:
    sink.mode = mode
    sink.bound = False
    sink.count = 0
    sink.target = target
    sink.stop = False
    sink.best = NOSCORE
    sink.best_rank = 1 << 30
    sink.ntop = 0
    sink.width = WIDTH
    sink.found_index = -1


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


# ------------------------------------------------------------------------ the generator

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
        if kind_number(k) == SIX and g.c.six_is_nine:
            if g.c.per_line:
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
                p.score = a + b if g.c.single_both else (a if a > b else b)
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


# ------------------------------------------------------------------------------ the game

cdef inline void insort(int* hand, int n, int t) noexcept nogil:
    """Put tile ``t`` into the sorted ``hand`` of ``n`` tiles (bisect.insort)."""
    cdef int j = n
    while j > 0 and hand[j - 1] > t:
        hand[j] = hand[j - 1]
        j -= 1
    hand[j] = t


cdef int hand_total(const int* hand, int nhand) noexcept nogil:
    cdef int i, total = 0
    for i in range(nhand):
        total += tile_number(hand[i])
    return total


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


cdef void apply(State* s, int seat, const Play* p) noexcept nogil:
    """SumokuState._decide's play: lay the tiles (the lowest tile of each kind from the
    hand), score."""
    cdef int i, j, m
    lay(s, p)
    for i in range(p.n):
        m = s.nhand[seat]
        for j in range(m):
            if s.hand[seat][j] // COPIES == p.k[i]:
                while j < m - 1:
                    s.hand[seat][j] = s.hand[seat][j + 1]
                    j += 1
                s.nhand[seat] = m - 1
                break
    s.scores[seat] += p.score
    s.placed[seat] += p.n


cdef long count_plays_of(State* g, const Config* c, int seat) noexcept nogil:
    """How many legal plays the seat has (SumokuState.plays)."""
    cdef Sink sink
    if g.nhand[seat] == 0:
        return 0
    sink_init(&sink, S_COUNT, 0)
    legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
    return sink.count


cdef bint find_play(State* g, const Config* c, int seat, long index, Play* out) noexcept nogil:
    """The play at ``index`` of the seat's canonical list (False: no such play)."""
    cdef Sink sink
    if index < 0 or g.nhand[seat] == 0:
        return False
    sink_init(&sink, S_FIND, index)
    legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
    if not sink.stop:
        return False
    out[0] = sink.found
    return True


# ------------------------------------------------------------ the decision API (the pxi's)

cdef void game_start(State* g, const Config* c, uint64_t key) noexcept nogil:
    """SumokuState(rules): the bag full and ascending, nothing dealt; the streams of ``key``."""
    cdef int i
    memset(g.grid, 0, sizeof(g.grid))
    memset(g.value, 0, sizeof(g.value))
    g.min_r = g.max_r = g.min_c = g.max_c = 0
    g.ntiles = 0
    for i in range(NTILES):
        g.bag[i] = i
    g.drawn = 0
    g.shuffled = False
    for i in range(MAXP):
        g.nhand[i] = 0
        g.dealt[i] = i
        g.scores[i] = 0
        g.penalties[i] = 0
        g.placed[i] = 0
        g.bonuses[i] = 0
    if c.key_mode == K_FIXED:
        set_key(g, c.fixed_key)
    else:
        g.key = 0
    g.phase = PH_DEAL
    g.pending = c.players * c.hand
    g.ntied = 0
    g.decided = g.acted = False
    g.to_move = g.idle = g.turns = g.decision_turns = g.passes = 0
    g.dice = key
    g.choice = key ^ DICE_CHOICE_SALT
    g.has_chosen = False
    g.sim_stop = 0
    g.ckey[0] = -1


cdef inline int current_player(const State* g, const Config* c) noexcept nogil:
    if g.sim_stop and g.phase == PH_PLAY and g.turns >= g.sim_stop:
        return TERMINAL          # an mcts-N simulation cut off (policies.Simulation)
    if g.phase == PH_PLAY or g.phase == PH_BONUS:
        return g.to_move
    if g.phase == PH_OVER:
        return TERMINAL
    return CHANCE


cdef int chance_outcomes(const State* g, const Config* c, int32_t* outcomes,
                         double* probabilities) noexcept nogil:
    """SumokuState.chance_outcomes (``probabilities`` may be NULL)."""
    cdef int counts[NKINDS]
    cdef int chances[MAXSUM]
    cdef int i, j, k, n = 0, size
    if g.phase == PH_DEAL or g.phase == PH_REFILL:
        memset(counts, 0, sizeof(counts))
        for i in range(g.drawn, NTILES):
            counts[g.bag[i] // COPIES] += 1
        size = NTILES - g.drawn
        for k in range(NKINDS):
            if counts[k]:
                outcomes[n] = k
                if probabilities != NULL:
                    probabilities[n] = <double>counts[k] / size
                n += 1
    elif g.phase == PH_START:
        for i in range(g.ntied):
            outcomes[i] = g.tied[i]
            if probabilities != NULL:
                probabilities[i] = 1.0 / g.ntied
        n = g.ntied
    elif g.phase == PH_KEY:
        memset(chances, 0, sizeof(chances))
        if c.key_mode == K_DIE:
            size = NFACES
            for i in range(NFACES):
                chances[KEY_FACES[i]] += 1
        else:
            size = NFACES * NFACES
            for i in range(NFACES):
                for j in range(NFACES):
                    chances[KEY_FACES[i] + KEY_FACES[j]] += 1
        for k in range(MAXSUM):
            if chances[k]:
                outcomes[n] = k
                if probabilities != NULL:
                    probabilities[n] = <double>chances[k] / size
                n += 1
    return n


cdef int legal_actions(const State* g, const Config* c, int32_t* actions) noexcept nogil:
    """SumokuState.legal_actions: at a decision, the plays' indices (PASS without one; at
    most MAX_ACTIONS listed); at a chance node, the outcomes."""
    cdef long n, i
    if g.phase == PH_PLAY or g.phase == PH_BONUS:
        n = count_plays_of(<State*>g, c, g.to_move)   # the generator lays nothing
        if n == 0:
            actions[0] = PASS
            return 1
        if n > MAX_ACTIONS:
            n = MAX_ACTIONS
        for i in range(n):
            actions[i] = <int32_t>i
        return <int>n
    if g.phase == PH_OVER:
        return 0
    return chance_outcomes(g, c, actions, NULL)



cdef inline void shuffle_left(State* t) noexcept nogil:
    """Fisher-Yates over the tiles not yet drawn, from the state's dice stream (the bag is
    shuffled once, at the first draw; a playout reshuffles it from its own key)."""
    cdef int i, j, x
    for i in range(NTILES - 1 - t.drawn, 0, -1):
        j = <int>dice_below(&t.dice, i + 1)
        x = t.bag[t.drawn + i]
        t.bag[t.drawn + i] = t.bag[t.drawn + j]
        t.bag[t.drawn + j] = x
    t.shuffled = True

cdef int32_t draw_chance(State* g, const Config* c) noexcept nogil:
    """SumokuState.draw_chance: the first tile drawn shuffles the bag left (Fisher–Yates
    from the last; rule 24), every tile is the next of it; the start tie ``below(k)``; the
    key ``below(faces)``, twice for the challenge."""
    cdef int i, j, t, first
    if g.phase == PH_DEAL or g.phase == PH_REFILL:
        if not g.shuffled:
            shuffle_left(g)
        return g.bag[g.drawn] // COPIES
    if g.phase == PH_START:
        return g.tied[dice_below(&g.dice, g.ntied)]
    if g.phase == PH_KEY:
        first = KEY_FACES[dice_below(&g.dice, NFACES)]
        if c.key_mode == K_CHALLENGE:
            return first + KEY_FACES[dice_below(&g.dice, NFACES)]
        return first
    return -1


cdef int take(State* g, int k) noexcept nogil:
    """SumokuState._take: the tile of kind ``k`` drawn (the shuffled bag's next, or the
    first of that kind in it; unshuffled, the lowest copy), or -1."""
    cdef int j, t
    for j in range(g.drawn, NTILES):
        if g.bag[j] // COPIES == k:
            break
    else:
        return -1
    t = g.bag[j]
    if g.shuffled:
        g.bag[j] = g.bag[g.drawn]
    else:
        while j > g.drawn:
            g.bag[j] = g.bag[j - 1]
            j -= 1
    g.bag[g.drawn] = t
    g.drawn += 1
    return t


cdef void finish(State* g, const Config* c) noexcept nogil:
    """SumokuState._finish: the hand penalty (rule 22) and the end."""
    cdef int seat
    for seat in range(c.players):
        if c.penalty:
            g.penalties[seat] = hand_total(g.hand[seat], g.nhand[seat])
            g.scores[seat] -= g.penalties[seat]
    g.phase = PH_OVER


cdef void end_turn(State* g, const Config* c) noexcept nogil:
    """SumokuState._end_turn."""
    cdef int seat = g.to_move
    g.idle = 0 if g.acted else g.idle + 1
    g.turns += 1
    g.decision_turns += g.decided
    g.decided = g.acted = False
    g.pending = 0
    g.to_move = (seat + 1) % c.players
    g.phase = PH_PLAY
    if g.idle >= c.players or (c.out_ends and g.drawn == NTILES and g.nhand[seat] == 0):
        finish(g, c)


cdef inline void refill(State* g, const Config* c, int count) noexcept nogil:
    """SumokuState._refill: the end of the turn, ``count`` tiles to draw while the bag lasts."""
    if count > NTILES - g.drawn:
        count = NTILES - g.drawn
    g.pending = count if count > 0 else 0
    if g.pending:
        g.phase = PH_REFILL
    else:
        end_turn(g, c)


cdef void start(State* g, const Config* c, int starter) noexcept nogil:
    """SumokuState._start: seats in playing order from the starter's dealing place."""
    cdef int by_deal[MAXP][MAXHAND]
    cdef int nby[MAXP]
    cdef int p, n = c.players
    memcpy(by_deal, g.hand, sizeof(by_deal))
    memcpy(nby, g.nhand, sizeof(nby))
    g.ntied = 0
    for p in range(n):
        g.dealt[p] = (starter + p) % n
        g.nhand[p] = nby[g.dealt[p]]
        memcpy(g.hand[p], by_deal[g.dealt[p]], nby[g.dealt[p]] * sizeof(int))
    g.phase = PH_PLAY if c.key_mode == K_FIXED else PH_KEY


cdef void deal_done(State* g, const Config* c) noexcept nogil:
    """SumokuState._deal_done: who starts (rules 10, 11)."""
    cdef int totals[MAXP]
    cdef int p, least, ntied = 0
    if not c.smallest_hand:
        start(g, c, 0)
        return
    for p in range(c.players):
        totals[p] = hand_total(g.hand[p], g.nhand[p])
    least = totals[0]
    for p in range(c.players):
        if totals[p] < least:
            least = totals[p]
    for p in range(c.players):
        if totals[p] == least:
            g.tied[ntied] = p
            ntied += 1
    if ntied == 1 or not c.tie_random:
        start(g, c, g.tied[0])
    else:
        g.ntied = ntied
        g.phase = PH_START


cdef void draw_tile(State* g, const Config* c, int k) noexcept nogil:
    """SumokuState._draw: a tile of kind ``k`` into the hand being dealt or refilled."""
    cdef int t = take(g, k), place, seat
    if t < 0:
        return
    g.pending -= 1
    if g.phase == PH_DEAL:
        place = (c.players * c.hand - g.pending - 1) // c.hand
        insort(g.hand[place], g.nhand[place], t)
        g.nhand[place] += 1
        if not g.pending:
            deal_done(g, c)
    else:
        seat = g.to_move
        insort(g.hand[seat], g.nhand[seat], t)
        g.nhand[seat] += 1
        if not g.pending:
            end_turn(g, c)


cdef inline bint cache_valid(const State* g) noexcept nogil:
    return (g.ckey[0] == g.ntiles and g.ckey[1] == g.turns and g.ckey[2] == g.phase
            and g.ckey[3] == g.drawn and g.ckey[4] == g.to_move
            and g.ckey[5] == g.nhand[g.to_move])


cdef inline void cache_set(State* g) noexcept nogil:
    g.ckey[0] = g.ntiles
    g.ckey[1] = g.turns
    g.ckey[2] = g.phase
    g.ckey[3] = g.drawn
    g.ckey[4] = g.to_move
    g.ckey[5] = g.nhand[g.to_move]


cdef void make_play(State* g, const Config* c, int32_t action) noexcept nogil:
    """SumokuState._decide: the play of id ``action`` (decide's pick if it made it), or a
    pass."""
    cdef int seat = g.to_move
    cdef long n
    cdef Play play
    cdef int i
    if g.has_chosen and action == g.chosen_action:
        n = g.chosen_n
        play = g.chosen
    elif cache_valid(g):
        n = 0
        for i in range(g.ncache):
            if g.cache_action[i] == action:
                n = 2
                play = g.cache_play[i]
                break
        if n == 0:
            n = count_plays_of(g, c, seat)
            if n and not find_play(g, c, seat, action, &play):
                return
    else:
        n = count_plays_of(g, c, seat)
        if n and not find_play(g, c, seat, action, &play):
            return
    if n == 0:
        if g.phase == PH_BONUS:     # the bonus play cannot be made: the turn ends
            refill(g, c, c.hand - g.nhand[seat])
            return
        g.passes += 1
        if c.stuck_draw and g.drawn < NTILES:
            g.acted = True
            refill(g, c, 1)
            return
        refill(g, c, 0)
        return
    if n > 1:
        g.decided = True
    apply(g, seat, &play)
    g.bonuses[seat] += g.phase == PH_BONUS
    g.acted = True
    if c.bonus and play.bonus and g.nhand[seat] > 0:
        g.phase = PH_BONUS
    else:
        refill(g, c, c.hand - g.nhand[seat])


cdef void apply_action(State* g, const Config* c, int32_t action) noexcept nogil:
    """SumokuState.apply_action (an illegal action leaves the state as it is or worse:
    KernelState checks first)."""
    cdef int phase = g.phase
    if phase == PH_PLAY or phase == PH_BONUS:
        make_play(g, c, action)
    elif phase == PH_DEAL or phase == PH_REFILL:
        draw_tile(g, c, action)
    elif phase == PH_START:
        start(g, c, action)
    elif phase == PH_KEY:
        set_key(g, action)
        g.phase = PH_PLAY
    g.has_chosen = False


# ------------------------------------------------------------------------------ players

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


cdef inline void shuffle_bag_left(State* t, uint64_t key) noexcept nogil:
    """A playout's bag: the tiles left shuffled by the dice stream of ``key`` (hands lie face
    up, only the bag's order is unknown), as SumokuState.playout shuffles them."""
    t.dice = key
    shuffle_left(t)


cdef int playout_value(const State* g, const Config* c, int seat, const Play* p,
                       int32_t action, uint64_t key) noexcept nogil:
    """One playout of ``p`` (policies._playout, SumokuState.playout): the twin copies the
    game, shuffles the bag left with the dice stream ``key``, makes the play (id
    ``action``) and plays on with the rollout's greedy players until every seat has had a
    turn; the seat's score minus the best other score."""
    cdef State* t = c.twin
    cdef const Config* rollout = c.rollout
    cdef int stop, other, best = NOSCORE, who
    memcpy(t, g, sizeof(State))   # the whole State, grid included
    shuffle_bag_left(t, key)
    stop = t.turns + c.players
    t.has_chosen = True
    t.chosen_action = action
    t.chosen_n = 2
    t.chosen = p[0]
    apply_action(t, rollout, action)
    while t.phase != PH_OVER and t.turns < stop:
        who = current_player(t, rollout)
        if who == CHANCE:
            apply_action(t, rollout, draw_chance(t, rollout))
        else:
            apply_action(t, rollout, decide(t, rollout, who))
    for other in range(c.players):
        if other != seat and t.scores[other] > best:
            best = t.scores[other]
    return t.scores[seat] - best


cdef int32_t decide(State* g, const Config* c, int seat) noexcept nogil:
    """The seat's player (policies.py) picks a play: its id, and the play kept in
    ``g.chosen`` for apply_action. ``random`` counts the plays and finds the one it draws;
    ``greedy`` keeps the first best, ``lookahead`` and ``search-N`` the best few, bounding
    the generation unless ``c.exact`` (module docstring)."""
    cdef Sink sink
    cdef long n = 0, index = 0
    cdef int policy = c.policy[seat], i, j, value, best = NOSCORE
    cdef long total, best_total = 0
    cdef uint64_t ks
    cdef uint64_t keys[MAX_BUDGET]
    cdef Play chosen
    interrupted(c.stop, DECIDE_WORK)   # a signal stops the chunk at the end of this game
    if policy == P_MCTS:               # a canonical index: apply_action finds its play
        g.has_chosen = False           # (a bandit over the root's candidates, paired)
        return mcts_search(g, c, c.rollout, seat, c.budget[seat], 1, True)
    if g.nhand[seat] == 0:
        n = 0
    elif policy == P_GREEDY:
        sink_init(&sink, S_GREEDY, 0)
        sink.bound = not c.exact
        legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
        n = sink.count
        if n:
            chosen = sink.found
            index = sink.found_index
    elif policy == P_LOOKAHEAD or policy == P_SEARCH:
        sink_init(&sink, S_TOP, 0)
        sink.bound = not c.exact
        legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
        n = sink.count
        if n == 1:
            chosen = sink.top[0]
            index = sink.top_index[0]
        elif n > 1 and policy == P_SEARCH:
            ks = dice_word(&g.choice)
            for j in range(c.budget[seat]):
                keys[j] = dice_word(&ks)
            for i in range(sink.ntop):
                total = 0
                for j in range(c.budget[seat]):
                    if interrupted(c.stop, PLAYOUT_WORK):   # the game is abandoned
                        break
                    total += playout_value(g, c, seat, &sink.top[i],
                                           <int32_t>sink.top_index[i], keys[j])
                if i == 0 or total > best_total:
                    best_total = total
                    index = sink.top_index[i]
                    chosen = sink.top[i]
        elif n > 1:
            for i in range(sink.ntop):
                value = sink.top[i].score - reply_score(g, c, seat, &sink.top[i])
                if value > best or (value == best and sink.top_index[i] < index):
                    best = value
                    index = sink.top_index[i]
                    chosen = sink.top[i]
    else:
        sink_init(&sink, S_COUNT, 0)
        legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
        n = sink.count
        if n:
            index = <long>dice_choose(&g.choice, n)
            sink_init(&sink, S_FIND, index)
            legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
            chosen = sink.found
    g.has_chosen = True
    g.chosen_n = 2 if n > 1 else <int>n
    if n:
        g.chosen = chosen
        g.chosen_action = <int32_t>index
    else:
        g.chosen_action = PASS
    return g.chosen_action


cdef int winner(const State* g, const Config* c) noexcept nogil:
    cdef int seat, best = g.scores[0], top = 0, count = 0
    for seat in range(c.players):
        if g.scores[seat] > best:
            best = g.scores[seat]
    for seat in range(c.players):
        if g.scores[seat] == best:
            if count == 0:
                top = seat
            count += 1
    return top if count == 1 else DRAW


cdef int margin(const State* g, const Config* c) noexcept nogil:
    cdef int seat, first = NOSCORE, second = NOSCORE
    for seat in range(c.players):
        if g.scores[seat] > first:
            second = first
            first = g.scores[seat]
        elif g.scores[seat] > second:
            second = g.scores[seat]
    return first - second


cdef void returns(const State* g, const Config* c, double* out) noexcept nogil:
    """SumokuState.returns: the top score wins, a tie for it shares (0 while playing); in
    an mcts-N simulation (policies.Simulation) each seat's squashed score margin over the
    best other seat, 1 / (1 + exp(-margin / MCTS_SCALE))."""
    cdef int seat, best = g.scores[0], top = 0, other, m
    if g.sim_stop:
        for seat in range(c.players):
            m = NOSCORE
            for other in range(c.players):
                if other != seat and g.scores[other] > m:
                    m = g.scores[other]
            out[seat] = 1.0 / (1.0 + exp(-(<double>(g.scores[seat] - m)) / MCTS_SCALE))
        return
    for seat in range(c.players):
        out[seat] = 0.0
        if g.scores[seat] > best:
            best = g.scores[seat]
    if g.phase != PH_OVER:
        return
    for seat in range(c.players):
        top += g.scores[seat] == best
    for seat in range(c.players):
        if g.scores[seat] == best:
            out[seat] = 1.0 / top


cdef void write_row(const State* g, const Config* c, int32_t* row) noexcept nogil:
    """SumokuState.row, in the columns of the game's spec (solver.kernel_rows)."""
    cdef int seat, players = c.players, bonus = 0, left = NTILES - g.drawn
    for seat in range(players):
        bonus += g.bonuses[seat]
        left += g.nhand[seat]
        row[NGAME_COLUMNS + SEATCOL_SCORE * players + seat] = g.scores[seat]
        row[NGAME_COLUMNS + SEATCOL_PENALTY * players + seat] = g.penalties[seat]
        row[NGAME_COLUMNS + SEATCOL_TILES * players + seat] = g.placed[seat]
        row[NGAME_COLUMNS + SEATCOL_BONUS_TURNS * players + seat] = g.bonuses[seat]
    row[COL_WINNER] = winner(g, c)
    row[COL_TURNS] = g.turns
    row[COL_DECISION_TURNS] = g.decision_turns
    row[COL_KEY] = g.key
    row[COL_BONUS_TURNS] = bonus
    row[COL_PASSES] = g.passes
    row[COL_BAG_LEFT] = NTILES - g.drawn
    row[COL_TILES_LEFT] = left
    row[COL_MARGIN] = margin(g, c)


cdef object state_view(const State* g, const Config* c):
    """solver.sumoku.kernel.state_view of the same state: everything that matters for the
    rest of the game but the streams (and the bag's order, which is the dice's)."""
    cdef int counts[NKINDS]
    cdef int i, k, p, r, cc
    memset(counts, 0, sizeof(counts))
    for i in range(g.drawn, NTILES):
        counts[g.bag[i] // COPIES] += 1
    bag = tuple((k, counts[k]) for k in range(NKINDS) if counts[k])
    hands = tuple(tuple(g.hand[p][i] // COPIES for i in range(g.nhand[p]))
                  for p in range(c.players))
    cells = []
    for i in range(g.ntiles):
        r = g.cell_r[i]
        cc = g.cell_c[i]
        cells.append(((r - ORIGIN, cc - ORIGIN), (g.grid[r][cc] - 1, g.value[r][cc])))
    n = c.players
    return (g.phase, g.to_move, g.key, g.pending, g.idle, bool(g.decided), bool(g.acted),
            g.turns, g.decision_turns, g.passes, tuple(g.tied[i] for i in range(g.ntied)),
            bag, hands, tuple(sorted(cells)), tuple(g.scores[p] for p in range(n)),
            tuple(g.penalties[p] for p in range(n)), tuple(g.placed[p] for p in range(n)),
            tuple(g.bonuses[p] for p in range(n)))


# ------------------------------------------------------------------------------ Python

cdef class Setup:
    """A kernel Config for rules and players (and the playouts' Config), with the scratch
    State a search player's playouts run on."""
    cdef Config c
    cdef Config rollout
    cdef uint8_t[::1] scratch       # the twin State (Config.twin)
    cdef Interrupt stop

    def __init__(self, config):
        """``config``: the plain configuration of solver.sumoku.kernel.config (the rules,
        each seat's player code and budget, and whether decide's ids are exact)."""
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
        c.exact = config["exact_actions"]
        if not 1 <= c.hand <= MAXHAND:
            raise ValueError(f"a hand of {c.hand} tiles")
        for seat in range(players):
            c.policy[seat] = config["policy"][seat]
            c.budget[seat] = config["budget"][seat]
            if not ((P_RANDOM <= c.policy[seat] <= P_SEARCH
                     and 0 <= c.budget[seat] <= MAX_BUDGET)
                    or (c.policy[seat] == P_MCTS and 1 <= c.budget[seat] <= MCTS_MAX_BUDGET)):
                raise ValueError(f"bad player code or budget for seat {seat}")
        interrupt_init(&self.stop)
        c.stop = &self.stop
        self.scratch = np.zeros(sizeof(State), dtype=np.uint8)
        c.twin = <State*>&self.scratch[0]
        self.rollout = self.c
        for seat in range(c.players):
            self.rollout.policy[seat] = P_ROLLOUT
        self.rollout.exact = False
        self.rollout.rollout = NULL
        self.rollout.twin = NULL
        self.rollout.stop = NULL
        self.rollout.simulates = True
        c.rollout = &self.rollout


cdef inline int mcts_actions(State* g, const Config* c, int32_t* actions) noexcept nogil:
    """cext/common/mcts.pxi's hook: at a play, the MCTS_WIDTH highest-scoring plays (ties in
    canonical order; their canonical indices: no bound) in the order of lookahead's value,
    the score minus the next player's best score at once (reply_score), highest first,
    equal values in canonical order (policies.mcts_candidates); else the legal actions.
    The candidates and their plays are kept in the state for its node (cache_valid): every
    simulation starts from a copy of the decision's state, and make_play finds them there."""
    cdef Sink sink
    cdef int i, j, t, seat = g.to_move, n
    cdef int values[MCTS_WIDTH]
    cdef int order[MCTS_WIDTH]
    if (g.phase != PH_PLAY and g.phase != PH_BONUS) or g.nhand[seat] == 0:
        return legal_actions(g, c, actions)
    if cache_valid(g):
        for i in range(g.ncache):
            actions[i] = g.cache_action[i]
        return g.ncache
    sink_init(&sink, S_TOP, 0)
    sink.bound = False
    sink.width = MCTS_WIDTH
    legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
    if sink.count == 0:
        actions[0] = PASS
        return 1
    n = sink.ntop
    for i in range(n):
        order[i] = i
        values[i] = 0
    if n > 1:
        for i in range(n):
            values[i] = sink.top[i].score - reply_score(g, c, seat, &sink.top[i])
        for i in range(1, n):           # insertion sort: value down, then canonical index
            j = i
            while j > 0 and (values[order[j - 1]] < values[order[j]] or
                             (values[order[j - 1]] == values[order[j]] and
                              sink.top_index[order[j - 1]] > sink.top_index[order[j]])):
                t = order[j - 1]
                order[j - 1] = order[j]
                order[j] = t
                j -= 1
    for i in range(n):
        actions[i] = <int32_t>sink.top_index[order[i]]
        g.cache_action[i] = actions[i]
        g.cache_play[i] = sink.top[order[i]]
    g.ncache = n
    if n > 1:
        cache_set(g)
    return n


cdef inline uint64_t* mcts_choices(State* g) noexcept nogil:
    """cext/common/mcts.pxi's hook: the game's choice stream."""
    return &g.choice


cdef inline void mcts_reseed(State* h, const Config* c, uint64_t key) noexcept nogil:
    """cext/common/mcts.pxi's hook: the copy's bag left shuffled by the dice stream of
    ``key`` (as playout_value: hands lie face up, only the bag's order is unknown), its
    choice stream restarted from ``key``."""
    shuffle_bag_left(h, key)
    h.choice = key ^ DICE_CHOICE_SALT
    h.has_chosen = False
    if c.simulates:                    # policies.mcts_start: cut off, valued by the margin
        h.sim_stop = h.turns + MCTS_TURNS


cdef inline double mcts_exploration() noexcept nogil:
    return MCTS_EXPLORATION_PERMILLE / 1000.0      # policies.MCTS_EXPLORATION


cdef inline double mcts_keep_z() noexcept nogil:
    return 0.0      # no keep


def play_chunk(config, const uint64_t[::1] keys):
    """The games of ``keys`` (decisions.pxi's play_chunk_nodes: node by node)."""
    return play_chunk_nodes(config, keys)


include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"


def count_plays(config, cells, hand, int key, int repeat=1):
    """The number of legal plays of ``hand`` (tiles) on a board of ``cells`` (``{(row,
    column): (kind, value)}``, the reference's Board.cells), as ``len(moves.legal_plays)``,
    under ``config`` (solver.sumoku.kernel.config); the generation runs ``repeat`` times
    (for timing)."""
    cdef Setup setup_ = Setup(config)
    cdef uint8_t[::1] buffer = np.zeros(sizeof(State), dtype=np.uint8)
    cdef State* s = <State*>&buffer[0]
    cdef Sink sink
    cdef int hand_a[MAXHAND]
    cdef int n = len(hand), i
    cdef Play play
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
    return sink.count


def game_tiles(KernelState state):
    """Where each tile of a kernel game is (the copy of each kind, which ``view()`` leaves
    out), for the tests that follow every tile: the board (``{(row, column): (kind,
    value)}``, the reference's coordinates), the hands' tiles by seat, the bag left in
    drawing order (once shuffled), the tiles drawn, the dealing order, the scores, the key
    and the turns."""
    cdef const State* g = &state.g
    cdef int players = state.setup.c.players, i, r, c
    board = {}
    for i in range(g.ntiles):
        r, c = g.cell_r[i], g.cell_c[i]
        board[(r - ORIGIN, c - ORIGIN)] = (g.grid[r][c] - 1, g.value[r][c])
    return {"board": board,
            "hands": [[g.hand[p][j] for j in range(g.nhand[p])] for p in range(players)],
            "bag": [g.bag[j] for j in range(g.drawn, NTILES)], "drawn": g.drawn,
            "dealt": [g.dealt[p] for p in range(players)],
            "scores": [g.scores[p] for p in range(players)], "key": g.key, "turns": g.turns}
