# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shoo in C on bit sets: the same moves, shoo detection and games as solver/shoo/.

The field is a handful of 128-bit sets (cext/shoo/field.pxd): each seat's travellers on foot
and mounted, and the free horses. Shoo detection for a whole position is set arithmetic:
the squares touched by two or more of a seat's travellers (``field_touch2``), less the home
area, met with the opponent's travellers on foot; a shooable traveller is shooed off when
no square next to it is empty and safe and no free horse it may mount stands next to it.

Every function mirrors its readable twin (solver/shoo/moves.py, engine.py, policies.py,
evaluation.py, search.py) under the same name. A move is packed into one 64-bit key whose ascending order is the
reference's canonical order (the sorted order of its ``Move`` tuples): hush, kind, from,
via, put, to, shoo, each square stored plus one so that "none" (-1) comes first. Positions
are copied, not unmade (copy-make: a position is about 150 bytes). Games run without the GIL.
The search's transposition table is allocated once per worker and emptied for each search
by a stamp (an entry of an earlier search counts as empty).

The kernel imports no solver/ module: every number it shares with the readable code (the
squares and their neighbours, the move kinds' order, piece codes, the values of ``hush``,
the players' codes, the evaluation's weights, the search's sizes and Zobrist keys, the
ending codes, the rows of the result arrays) is cimported from cext/shoo/constants.pxd,
which setup.py writes out of solver/shoo/kernel.py's ``constants()``; the rules, the players
and positions come in as plain data (solver/shoo/kernel.py: ``config``, ``position_data``),
and the toolkit calls the kernel through that module.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort

from cext.common.dice cimport DICE_CHOICE_SALT, dice_choose
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.shoo.field cimport (FIELD_ALL, field_bit, field_count, field_has, field_init,
                              field_lowest, field_spread, field_step, field_t, field_touch2)
# every number shared with solver/shoo/, written out of it at build time (solver/shoo/kernel.py)
from cext.shoo.constants cimport (BLOCKER_WEIGHT, COUNT_BASE, DANGER_WEIGHT,
                                  DISTANCE_WEIGHT, DRAW, ENDED_LIMIT, ENDED_REPETITION,
                                  ENDED_WIN, FOOT, G_DECISION_TURNS, G_ENDED_BY, G_HUSHES,
                                  G_TURNS, G_WINNER, HELD_BASE, HORSE, HORSE_WEIGHT,
                                  HUSH_BASE, HUSH_ILLEGAL, HUSH_LOSE_MOVE, HUSH_OFF,
                                  HUSH_SHOO_OFF, H_DISMOUNT, H_RETURN, H_STEP, INFINITY,
                                  KING_DISTANCE, K_CALL, K_CAPTURE, K_DISMOUNT, K_HOLD,
                                  K_LEAD, K_MOUNT, K_PASS, K_RETIRE, K_RETURN, K_RIDE,
                                  K_SHOO_OFF, K_WALK, MAX_DEPTH, NEIGHBOURS_MAX,
                                  NEIGHBOUR_SQUARES, NGAME, NODE_UNIT, NONE, NSEAT, NSQ,
                                  PIECE_KEY, PLY_SHIFT, P_GREEDY, P_RANDOM, P_SEARCH, RIDER,
                                  SHOO_BASE, SIDE_BASE, STABLED_COST, S_CAPTURES, S_HOME,
                                  S_SHOOS, S_SHOO_OFFS, TABLE_BITS, THREAT_WEIGHT, WIN)

cdef enum:
    MAXMOVES = 1 << 15      # room for the legal moves of one position
    B_EXACT = 0             # the bounds of a table entry's value
    B_LOWER = 1
    B_UPPER = 2
    # work units (cext/common/interrupt.pxd): about a microsecond each
    PERFT_WORK = 1          # a move generation (some microseconds)
    PLY_WORK = 16           # a move chosen by random or greedy (plus a search's nodes)
    STOPPED = -2            # play_game: a signal stopped the game

field_init()

cdef field_t NEIGH[NSQ]
"""Squares touching each square as a set (from constants.pxd's NEIGHBOUR_SQUARES, the
readable code's solver.shoo.board.NEIGHBOURS). KING_DISTANCE (evaluation.king_distance)
and PIECE_KEY (search.PIECE_KEYS: the Zobrist key of each piece code on each square) are
constants.pxd's tables as they are."""


cdef field_t _from_python(object bits):
    cdef field_t out = 0
    cdef int s
    for s in range(NSQ):
        if bits >> s & 1:
            out |= field_bit(s)
    return out


cdef void _tables() noexcept:
    cdef int s, j
    for s in range(NSQ):
        NEIGH[s] = 0
        for j in range(NEIGHBOURS_MAX):
            if NEIGHBOUR_SQUARES[s][j] != NONE:
                NEIGH[s] |= field_bit(NEIGHBOUR_SQUARES[s][j])


_tables()


cdef struct State:
    field_t foot[2]          # each seat's travellers on foot
    field_t rider[2]         # each seat's mounted travellers (each on its horse)
    field_t horse            # free horses
    int stable_horses[2]
    int stabled[2]
    int pasture[2]
    int side                 # seat to move
    int held                 # the last mover's held horse, or NONE
    int shoo                 # the side to move's shooed traveller, or NONE
    int hush_to              # the last move a hush may undo: its square, or NONE
    int hush_how             # H_STEP, H_DISMOUNT, H_RETURN
    int hush_origin
    int ply


cdef struct Config:
    field_t home[2]
    field_t first_row[2]
    int hush
    bint leave_home
    bint call_next_to
    bint hold_move
    bint escape_by_horse
    int max_plies
    int repetition
    int policy[2]            # P_* of each seat
    int budget[2]            # search-N's N
    Interrupt *stop          # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


cdef struct Moves:
    uint64_t *keys
    int n
    bint overflow


cdef inline uint64_t pack(int hush, int kind, int frm, int via, int put, int to,
                          int shoo) noexcept nogil:
    return ((<uint64_t>hush << 48) | (<uint64_t>kind << 40) | (<uint64_t>(frm + 1) << 32)
            | (<uint64_t>(via + 1) << 24) | (<uint64_t>(put + 1) << 16)
            | (<uint64_t>(to + 1) << 8) | <uint64_t>(shoo + 1))


cdef inline int m_hush(uint64_t k) noexcept nogil:
    return <int>(k >> 48)
cdef inline int m_kind(uint64_t k) noexcept nogil:
    return <int>(k >> 40 & 0xFF)
cdef inline int m_frm(uint64_t k) noexcept nogil:
    return <int>(k >> 32 & 0xFF) - 1
cdef inline int m_via(uint64_t k) noexcept nogil:
    return <int>(k >> 24 & 0xFF) - 1
cdef inline int m_put(uint64_t k) noexcept nogil:
    return <int>(k >> 16 & 0xFF) - 1
cdef inline int m_to(uint64_t k) noexcept nogil:
    return <int>(k >> 8 & 0xFF) - 1
cdef inline int m_shoo(uint64_t k) noexcept nogil:
    return <int>(k & 0xFF) - 1


# -- sets of a position -------------------------------------------------------------------
cdef inline field_t travellers(const State *p, int seat) noexcept nogil:
    return p.foot[seat] | p.rider[seat]


cdef inline field_t empty_squares(const State *p) noexcept nogil:
    return FIELD_ALL & ~(p.foot[0] | p.foot[1] | p.rider[0] | p.rider[1] | p.horse)


cdef inline field_t danger(const State *p, const Config *c, int seat) noexcept nogil:
    """The squares where a traveller of ``seat`` on foot would be shooable."""
    return field_touch2(travellers(p, 1 - seat)) & ~c.home[seat]


cdef inline field_t shooable(const State *p, const Config *c, int by) noexcept nogil:
    """The travellers ``by`` may shoo (Position.shooable)."""
    return p.foot[1 - by] & danger(p, c, 1 - by)


cdef inline field_t free_horses(const State *p) noexcept nogil:
    return p.horse & ~(field_bit(p.held) if p.held >= 0 else <field_t>0)


cdef inline field_t shooed_off(const State *p, const Config *c) noexcept nogil:
    """Of the side to move's shooable travellers, those with no escape (moves.detect)."""
    cdef int side = p.side
    cdef field_t d = danger(p, c, side)
    cdef field_t escapes = field_spread(empty_squares(p) & ~d)
    if c.escape_by_horse:
        escapes |= field_spread(free_horses(p))
    return p.foot[side] & d & ~escapes


cdef inline bint can_escape(const State *p, const Config *c, int s) noexcept nogil:
    cdef field_t near = NEIGH[s]
    if near & empty_squares(p) & ~danger(p, c, p.side):
        return True
    return c.escape_by_horse and (near & free_horses(p)) != 0


cdef inline int winner(const State *p, const Config *c) noexcept nogil:
    """Position.winner, or NONE."""
    cdef int seat, k
    for k in range(2):
        seat = 1 - p.side if k == 0 else p.side
        if (p.stabled[seat] == 0 and p.rider[seat] == 0
                and (p.foot[seat] & ~c.home[seat]) == 0):
            return seat
    return NONE


cdef inline field_t line_squares(int s, field_t empty) noexcept nogil:
    """The squares a queen on ``s`` reaches along ``empty`` squares."""
    cdef field_t out = 0, y
    cdef int d
    for d in range(8):
        y = field_step(field_bit(s), d)
        while y & empty:
            out |= y
            y = field_step(y, d)
    return out


# -- making moves -------------------------------------------------------------------------
cdef void apply_action(const State *p, const Config *c, uint64_t move, State *out) noexcept nogil:
    cdef int side = p.side, opp = 1 - p.side, held = NONE
    cdef int kind = m_kind(move), frm = m_frm(move), via = m_via(move)
    cdef int put = m_put(move), to = m_to(move)
    cdef field_t hushable
    out[0] = p[0]
    if kind == K_WALK:
        out.foot[side] = (out.foot[side] & ~field_bit(frm)) | field_bit(to)
    elif kind == K_RIDE:
        out.rider[side] = (out.rider[side] & ~field_bit(frm)) | field_bit(to)
    elif kind == K_MOUNT:
        out.foot[side] &= ~field_bit(frm)
        out.horse &= ~field_bit(via)
        out.rider[side] |= field_bit(to)
    elif kind == K_DISMOUNT:
        out.rider[side] &= ~field_bit(frm)
        out.horse |= field_bit(frm)
        out.foot[side] |= field_bit(to)
    elif kind == K_CAPTURE:
        out.rider[opp] &= ~field_bit(via)
        out.foot[opp] |= field_bit(put)
        if field_has(out.rider[side], frm):
            out.rider[side] &= ~field_bit(frm)
            out.horse |= field_bit(frm)
        else:
            out.foot[side] &= ~field_bit(frm)
        out.rider[side] |= field_bit(to)
    elif kind == K_CALL:
        out.stable_horses[side] -= 1
        out.horse |= field_bit(to)
        held = to
    elif kind == K_LEAD:
        out.horse = (out.horse & ~field_bit(frm)) | field_bit(to)
        held = to
    elif kind == K_HOLD:
        held = frm
    elif kind == K_RETIRE:
        out.horse &= ~field_bit(frm)
        out.pasture[side] += 1
    elif kind == K_RETURN:
        out.stabled[side] -= 1
        out.foot[side] |= field_bit(to)
    elif kind == K_SHOO_OFF:
        out.foot[side] &= ~field_bit(frm)
        out.stabled[side] += 1
    out.side = opp
    out.held = held
    out.shoo = NONE
    out.hush_to = NONE
    out.ply = p.ply + 1
    if ((kind == K_WALK or kind == K_DISMOUNT or kind == K_RETURN)
            and (c.hush == HUSH_LOSE_MOVE or c.hush == HUSH_SHOO_OFF)
            and field_has(danger(p, c, side), to)):
        out.hush_to = to
        out.hush_how = H_STEP if kind == K_WALK else (H_DISMOUNT if kind == K_DISMOUNT else H_RETURN)
        out.hush_origin = frm


cdef void apply_hush(const State *p, const Config *c, State *out) noexcept nogil:
    cdef int mover = 1 - p.side
    out[0] = p[0]
    out.foot[mover] &= ~field_bit(p.hush_to)
    if c.hush == HUSH_SHOO_OFF or p.hush_how == H_RETURN:
        out.stabled[mover] += 1
    elif p.hush_how == H_STEP:
        out.foot[mover] |= field_bit(p.hush_origin)
    else:
        out.horse &= ~field_bit(p.hush_origin)
        out.rider[mover] |= field_bit(p.hush_origin)
    out.shoo = NONE
    out.hush_to = NONE
    out.held = NONE


cdef void make_move(const State *p, const Config *c, uint64_t move, State *out) noexcept nogil:
    cdef State hushed
    if m_hush(move):
        apply_hush(p, c, &hushed)
        apply_action(&hushed, c, move, out)
    else:
        apply_action(p, c, move, out)
    out.shoo = m_shoo(move)


# -- legal moves ----------------------------------------------------------------------------
cdef inline void emit(Moves *ms, uint64_t key) noexcept nogil:
    if ms.n < MAXMOVES:
        ms.keys[ms.n] = key
        ms.n += 1
    else:
        ms.overflow = True


cdef void with_shoos(const State *p, const Config *c, Moves *ms, int hush, int kind, int frm,
                     int via, int put, int to) noexcept nogil:
    """The action and each shoo it allows (moves._with_shoos)."""
    cdef State after
    cdef uint64_t key = pack(hush, kind, frm, via, put, to, NONE)
    cdef field_t targets
    cdef int t
    apply_action(p, c, key, &after)
    emit(ms, key)
    targets = shooable(&after, c, p.side)
    while targets:
        t = field_lowest(targets)
        targets &= targets - 1
        emit(ms, pack(hush, kind, frm, via, put, to, t))


cdef void each_to(const State *p, const Config *c, Moves *ms, int hush, int kind, int frm,
                  int via, int put, field_t tos) noexcept nogil:
    cdef int t
    while tos:
        t = field_lowest(tos)
        tos &= tos - 1
        with_shoos(p, c, ms, hush, kind, frm, via, put, t)


cdef void mounts(const State *p, const Config *c, Moves *ms, int hush, int s,
                 bint confined) noexcept nogil:
    cdef field_t horses = NEIGH[s] & free_horses(p), dest
    cdef field_t empty = empty_squares(p) | field_bit(s)
    cdef int h
    while horses:
        h = field_lowest(horses)
        horses &= horses - 1
        dest = field_bit(h) | line_squares(h, empty)
        if confined:
            dest &= c.home[p.side]
        each_to(p, c, ms, hush, K_MOUNT, s, h, NONE, dest)


cdef void captures(const State *p, const Config *c, Moves *ms, int hush, int s,
                   bint confined) noexcept nogil:
    cdef int side = p.side, opp = 1 - p.side, r, put
    cdef field_t riders = NEIGH[s] & p.rider[opp], puts, empty, dest
    cdef bint put_back_home
    while riders:
        r = field_lowest(riders)
        riders &= riders - 1
        if confined and not field_has(c.home[side], r):
            continue
        put_back_home = not c.leave_home and field_has(c.home[opp], r)
        puts = NEIGH[r] & empty_squares(p)
        if put_back_home:
            puts &= c.home[opp]
        while puts:
            put = field_lowest(puts)
            puts &= puts - 1
            empty = empty_squares(p) & ~field_bit(put)
            if field_has(p.foot[side], s):
                empty |= field_bit(s)
            dest = field_bit(r) | line_squares(r, empty)
            if confined:
                dest &= c.home[side]
            each_to(p, c, ms, hush, K_CAPTURE, s, r, put, dest)


cdef void actions(const State *p, const Config *c, Moves *ms, int hush) noexcept nogil:
    """Every action of the side to move with its shoos (moves.actions, moves._with_shoos)."""
    cdef int side = p.side, s, start = ms.n
    cdef field_t empty = empty_squares(p), d = danger(p, c, side), area, foot_ok, own, tos
    cdef bint confined
    if p.shoo >= 0:
        s = p.shoo
        each_to(p, c, ms, hush, K_WALK, s, NONE, NONE, NEIGH[s] & empty & ~d)
        if c.escape_by_horse:
            mounts(p, c, ms, hush, s, False)
        if ms.n == start:
            with_shoos(p, c, ms, hush, K_SHOO_OFF, s, NONE, NONE, NONE)
        return
    foot_ok = FIELD_ALL if c.hush != HUSH_ILLEGAL else ~d
    own = p.foot[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        confined = not c.leave_home and field_has(c.home[side], s)
        area = c.home[side] if confined else FIELD_ALL
        each_to(p, c, ms, hush, K_WALK, s, NONE, NONE, NEIGH[s] & empty & area & foot_ok)
        mounts(p, c, ms, hush, s, confined)
        captures(p, c, ms, hush, s, confined)
    own = p.rider[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        confined = not c.leave_home and field_has(c.home[side], s)
        area = c.home[side] if confined else FIELD_ALL
        each_to(p, c, ms, hush, K_RIDE, s, NONE, NONE, line_squares(s, empty) & area)
        each_to(p, c, ms, hush, K_DISMOUNT, s, NONE, NONE, NEIGH[s] & empty & area & foot_ok)
        captures(p, c, ms, hush, s, confined)
    own = free_horses(p)
    while own:
        s = field_lowest(own)
        own &= own - 1
        each_to(p, c, ms, hush, K_LEAD, s, NONE, NONE, line_squares(s, empty))
        if NEIGH[s] & travellers(p, side):
            if c.hold_move:
                with_shoos(p, c, ms, hush, K_HOLD, s, NONE, NONE, NONE)
            with_shoos(p, c, ms, hush, K_RETIRE, s, NONE, NONE, NONE)
    if p.stable_horses[side]:
        tos = empty
        if c.call_next_to:
            tos &= field_spread(travellers(p, side))
        each_to(p, c, ms, hush, K_CALL, NONE, NONE, NONE, tos)
    if p.stabled[side]:
        each_to(p, c, ms, hush, K_RETURN, NONE, NONE, NONE, empty & c.first_row[side] & foot_ok)
    if ms.n == start:
        with_shoos(p, c, ms, hush, K_PASS, NONE, NONE, NONE, NONE)


cdef int compare_keys(const void *a, const void *b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t *>a)[0], y = (<const uint64_t *>b)[0]
    return (x > y) - (x < y)


cdef void legal_moves(const State *p, const Config *c, Moves *ms) noexcept nogil:
    """Every legal move in canonical (ascending key) order (moves.legal_moves)."""
    cdef State hushed
    ms.n = 0
    ms.overflow = False
    actions(p, c, ms, 0)
    if p.hush_to >= 0:
        apply_hush(p, c, &hushed)
        actions(&hushed, c, ms, 1)
    qsort(ms.keys, ms.n, sizeof(uint64_t), compare_keys)


# -- players --------------------------------------------------------------------------------
cdef int standing(const State *p, const Config *c, int seat,
                  const field_t *touch2) noexcept nogil:
    """policies.standing; ``touch2[s]``: the squares two or more of seat s's travellers
    touch (computed once for both standings)."""
    cdef field_t home = c.home[seat], own = travellers(p, seat), targets, rest
    cdef field_t empty = empty_squares(p)
    cdef field_t danger_mine = touch2[1 - seat] & ~home
    cdef field_t danger_theirs = touch2[seat] & ~c.home[1 - seat]
    cdef int travel = STABLED_COST * p.stabled[seat], horses = p.stable_horses[seat]
    cdef int s, t, d, threats, dangers, blockers
    cdef bint inside
    targets = home & ~own
    rest = own
    while rest:
        s = field_lowest(rest)
        rest &= rest - 1
        inside = field_has(home, s)
        d = 0
        if not inside:
            d = 1 << 20
            own = targets
            while own:
                t = field_lowest(own)
                own &= own - 1
                if KING_DISTANCE[s][t] < d:
                    d = KING_DISTANCE[s][t]
        if field_has(p.rider[seat], s):
            if inside and not (NEIGH[s] & empty & home):
                travel += STABLED_COST
            else:
                travel += (d + 3) // 4 + 2
            horses += 1
        elif s == p.shoo and not can_escape(p, c, s):
            travel += STABLED_COST
        else:
            travel += d
    threats = field_count(p.foot[1 - seat] & danger_theirs)
    dangers = field_count(p.foot[seat] & danger_mine)
    blockers = field_count(travellers(p, 1 - seat) & home)
    return (-DISTANCE_WEIGHT * travel + HORSE_WEIGHT * horses + THREAT_WEIGHT * threats
            - DANGER_WEIGHT * dangers - BLOCKER_WEIGHT * blockers)


cdef int evaluate(const State *p, const Config *c, int seat) noexcept nogil:
    cdef int won = winner(p, c)
    if won != NONE:
        return WIN if won == seat else -WIN
    if p.ply >= c.max_plies:
        return 0
    cdef field_t touch2[2]
    touch2[0] = field_touch2(travellers(p, 0))
    touch2[1] = field_touch2(travellers(p, 1))
    return standing(p, c, seat, touch2) - standing(p, c, 1 - seat, touch2)


cdef struct Entry:
    uint64_t key               # the position's Zobrist key
    int stamp                  # the search that stored it (entries of others are empty)
    int depth
    int value
    int bound                  # B_EXACT, B_LOWER, B_UPPER
    uint64_t move              # the best move found (packed)


cdef struct Work:
    Moves root                 # the moves of the game's position
    int *values                # greedy's value of each root move; a search iteration's
    int *order                 # search's root moves (indices), in the order tried
    int *scores                # ... each root move's value in the last completed iteration
    int64_t nodes              # positions the players evaluated or searched (benchmarks)
    # the search (solver.shoo.search.AlphaBeta)
    Entry *table
    uint64_t *buffer           # moves of the nodes on the search path, 2 * MAXMOVES each
    uint64_t killers[MAX_DEPTH + 1]
    int stamp
    int64_t searched           # nodes of this search
    int64_t limit
    int root_ply
    bint abortable
    bint aborted
    bint overflow


cdef int greedy_values(const State *p, const Config *c, const Moves *ms, int *values,
                       Work *w) noexcept nogil:
    """Each move's value for the mover; returns the best."""
    cdef State after
    cdef int i, best = -WIN - 1
    w.nodes += ms.n
    for i in range(ms.n):
        make_move(p, c, ms.keys[i], &after)
        values[i] = evaluate(&after, c, p.side)
        if values[i] > best:
            best = values[i]
    return best


cdef int choose_greedy(const State *p, const Config *c, Work *w, uint64_t *choices) noexcept nogil:
    cdef int best = greedy_values(p, c, &w.root, w.values, w), i, k = 0, pick
    for i in range(w.root.n):
        k += w.values[i] == best
    pick = <int>dice_choose(choices, k)
    for i in range(w.root.n):
        if w.values[i] == best:
            if pick == 0:
                return i
            pick -= 1
    return 0


cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    x += <uint64_t>0x9E3779B97F4A7C15ULL
    x = (x ^ (x >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    x = (x ^ (x >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return x ^ (x >> 31)


cdef inline uint64_t piece_keys(field_t x, int code) noexcept nogil:
    cdef uint64_t key = 0
    while x:
        key ^= PIECE_KEY[code][field_lowest(x)]
        x &= x - 1
    return key


cdef uint64_t zobrist(const State *p) noexcept nogil:
    """search.zobrist."""
    cdef uint64_t key = piece_keys(p.horse, HORSE)
    cdef int seat
    for seat in range(2):
        key ^= piece_keys(p.foot[seat], FOOT + seat) ^ piece_keys(p.rider[seat], RIDER + seat)
        key ^= mix64(COUNT_BASE + 64 * seat + p.stable_horses[seat])
        key ^= mix64(COUNT_BASE + 64 * seat + 16 + p.stabled[seat])
        key ^= mix64(COUNT_BASE + 64 * seat + 32 + p.pasture[seat])
    key ^= mix64(SIDE_BASE + p.side)
    key ^= mix64(HELD_BASE + p.held + 1)
    key ^= mix64(SHOO_BASE + p.shoo + 1)
    if p.hush_to >= 0:
        key ^= mix64(HUSH_BASE + 1024 * (p.hush_to + 1) + 128 * p.hush_how + p.hush_origin + 1)
    return key ^ mix64((<uint64_t>1 << PLY_SHIFT) + <uint64_t>p.ply)


cdef inline int leaf_value(const State *p, const Config *c, int root_ply) noexcept nogil:
    """search.leaf_value."""
    cdef int value = evaluate(p, c, p.side)
    if value == WIN:
        return WIN - (p.ply - root_ply)
    if value == -WIN:
        return -WIN + (p.ply - root_ply)
    return value


cdef inline bint forcing(uint64_t move) noexcept nogil:
    return m_shoo(move) != NONE or m_kind(move) == K_CAPTURE


cdef int negamax(const State *p, const Config *c, Work *w, int depth, int alpha, int beta,
                 uint64_t *buffer) noexcept nogil:
    """search.AlphaBeta.negamax; sets w.aborted (and returns 0) past the budget."""
    cdef Moves ms
    cdef State after
    cdef Entry *entry
    cdef uint64_t key, first = 0, killer, move, best_move
    cdef uint64_t *ordered
    cdef int i, n, m = 0, height, best = -INFINITY, floor = alpha, value, bound
    w.searched += 1
    if w.abortable and w.searched > w.limit:
        w.aborted = True
        return 0
    if depth == 0 or winner(p, c) != NONE or p.ply >= c.max_plies:
        return leaf_value(p, c, w.root_ply)
    key = zobrist(p)
    entry = &w.table[key & ((1 << TABLE_BITS) - 1)]
    if entry.stamp == w.stamp and entry.key == key:
        first = entry.move
        if entry.depth == depth and (
                entry.bound == B_EXACT
                or (entry.bound == B_LOWER and entry.value >= beta)
                or (entry.bound == B_UPPER and entry.value <= alpha)):
            return entry.value
    ms.keys = buffer
    legal_moves(p, c, &ms)
    if ms.overflow:
        w.overflow = w.aborted = True
        return 0
    n = ms.n
    ordered = buffer + n
    height = p.ply - w.root_ply
    killer = w.killers[height]
    for i in range(n):
        if ms.keys[i] == first:
            ordered[m] = first
            m += 1
    for i in range(n):
        if ms.keys[i] == killer and killer != first:
            ordered[m] = killer
            m += 1
    for i in range(n):
        move = ms.keys[i]
        if move != first and move != killer and forcing(move):
            ordered[m] = move
            m += 1
    for i in range(n):
        move = ms.keys[i]
        if move != first and move != killer and not forcing(move):
            ordered[m] = move
            m += 1
    best_move = ordered[0]
    for i in range(n):
        make_move(p, c, ordered[i], &after)
        value = -negamax(&after, c, w, depth - 1, -beta, -(alpha if alpha > best else best),
                         ordered + n)
        if w.aborted:
            return 0
        if value > best:
            best, best_move = value, ordered[i]
            if best >= beta:
                w.killers[height] = ordered[i]
                break
    bound = B_UPPER if best <= floor else (B_LOWER if best >= beta else B_EXACT)
    entry.key, entry.stamp, entry.depth = key, w.stamp, depth
    entry.value, entry.bound, entry.move = best, bound, best_move
    return best


cdef bint iteration(const State *p, const Config *c, Work *w, int depth) noexcept nogil:
    """search.AlphaBeta.iteration into w.values; False if abandoned."""
    cdef State after
    cdef int j, i, best = -INFINITY
    for j in range(w.root.n):
        i = w.order[j]
        make_move(p, c, w.root.keys[i], &after)
        w.values[i] = -negamax(&after, c, w, depth - 1, -INFINITY, 1 - best, w.buffer)
        if w.aborted:
            return False
        if w.values[i] > best:
            best = w.values[i]
    return True


cdef int search(const State *p, const Config *c, Work *w, int64_t limit) noexcept nogil:
    """search.search over w.root: the values of the deepest completed iteration in
    w.scores; returns its depth."""
    cdef int n = w.root.n, depth = 1, i, j, x
    w.stamp += 1
    w.searched = 0
    w.limit = limit
    w.root_ply = p.ply
    w.abortable = w.aborted = w.overflow = False
    for i in range(MAX_DEPTH + 1):
        w.killers[i] = 0
    for i in range(n):
        w.order[i] = i
    iteration(p, c, w, 1)
    for i in range(n):
        w.scores[i] = w.values[i]
    while depth < MAX_DEPTH:
        w.abortable = True
        if not iteration(p, c, w, depth + 1):
            break
        depth += 1
        for i in range(n):
            w.scores[i] = w.values[i]
        for i in range(1, n):          # stable, best first
            x = w.order[i]
            j = i - 1
            while j >= 0 and w.scores[w.order[j]] < w.scores[x]:
                w.order[j + 1] = w.order[j]
                j -= 1
            w.order[j + 1] = x
    w.nodes += w.searched
    return depth


cdef int choose_search(const State *p, const Config *c, Work *w, int budget,
                       uint64_t *choices) noexcept nogil:
    """search.pick_best of the search."""
    cdef int i, k = 0, pick, top = -INFINITY
    search(p, c, w, <int64_t>budget * NODE_UNIT)
    for i in range(w.root.n):
        if w.scores[i] > top:
            top = w.scores[i]
    for i in range(w.root.n):
        k += w.scores[i] == top
    pick = <int>dice_choose(choices, k)
    for i in range(w.root.n):
        if w.scores[i] == top:
            if pick == 0:
                return i
            pick -= 1
    return 0


# -- games ------------------------------------------------------------------------------------
cdef struct Result:
    int winner
    int plies
    int decisions
    int ended_by
    int hushes
    int shoos[2]
    int shoo_offs[2]
    int captures[2]
    int home[2]


cdef bint same_position(const State *a, const State *b) noexcept nogil:
    """Equal keys (Position.key): everything but the move count."""
    cdef int s
    if (a.foot[0] != b.foot[0] or a.foot[1] != b.foot[1] or a.rider[0] != b.rider[0]
            or a.rider[1] != b.rider[1] or a.horse != b.horse):
        return False
    for s in range(2):
        if (a.stable_horses[s] != b.stable_horses[s] or a.stabled[s] != b.stabled[s]
                or a.pasture[s] != b.pasture[s]):
            return False
    if a.side != b.side or a.held != b.held or a.shoo != b.shoo or a.hush_to != b.hush_to:
        return False
    return a.hush_to < 0 or (a.hush_how == b.hush_how and a.hush_origin == b.hush_origin)


cdef int play_game(State *p, const Config *c, uint64_t key, Work *w, State *seen,
                   Result *r) noexcept nogil:
    """One game from ``p`` (engine.play_game); returns -1 if a position had more legal
    moves than the kernel has room for, STOPPED if a signal stopped it."""
    cdef uint64_t choices = key ^ DICE_CHOICE_SALT
    cdef State after
    cdef int pick, seat, i, count
    cdef uint64_t move
    cdef int64_t searched = w.nodes
    r.decisions = r.hushes = 0
    for seat in range(2):
        r.shoos[seat] = r.shoo_offs[seat] = r.captures[seat] = 0
    if seen != NULL:
        seen[0] = p[0]
    while True:
        if interrupted(c.stop, PLY_WORK + w.nodes - searched):
            return STOPPED
        searched = w.nodes
        r.winner = winner(p, c)
        if r.winner != NONE:
            r.ended_by = ENDED_WIN
            break
        if p.ply >= c.max_plies:
            r.winner, r.ended_by = DRAW, ENDED_LIMIT
            break
        if seen != NULL and p.ply > 0:
            count = 0
            for i in range(p.ply + 1):
                count += same_position(&seen[i], p)
            if count >= c.repetition:
                r.winner, r.ended_by = DRAW, ENDED_REPETITION
                break
        legal_moves(p, c, &w.root)
        if w.root.overflow:
            return -1
        pick = 0
        seat = p.side
        if w.root.n > 1:
            r.decisions += 1
            if c.policy[seat] == P_RANDOM:
                pick = <int>dice_choose(&choices, w.root.n)
            elif c.policy[seat] == P_GREEDY:
                pick = choose_greedy(p, c, w, &choices)
            else:
                pick = choose_search(p, c, w, c.budget[seat], &choices)
                if w.overflow:
                    return -1
        move = w.root.keys[pick]
        r.hushes += m_hush(move)
        r.shoos[seat] += m_shoo(move) != NONE
        r.shoo_offs[seat] += m_kind(move) == K_SHOO_OFF
        r.captures[seat] += m_kind(move) == K_CAPTURE
        make_move(p, c, move, &after)
        p[0] = after
        if seen != NULL:
            seen[p.ply] = p[0]
    r.plies = p.ply
    for seat in range(2):
        r.home[seat] = field_count(travellers(p, seat) & c.home[seat])
    return 0


# -- from Python ------------------------------------------------------------------------------
cdef class Setup:
    """The rules and players as C structs, and the work space of one worker."""

    cdef Config c
    cdef Work w
    cdef uint64_t *root_keys
    cdef Interrupt stop

    def __cinit__(self, config):
        """``config``: solver.shoo.kernel.config's plain dict."""
        cdef int seat
        interrupt_init(&self.stop)
        self.c.stop = &self.stop
        self.root_keys = <uint64_t *>malloc(MAXMOVES * sizeof(uint64_t))
        self.w.values = <int *>malloc(MAXMOVES * sizeof(int))
        self.w.order = <int *>malloc(MAXMOVES * sizeof(int))
        self.w.scores = <int *>malloc(MAXMOVES * sizeof(int))
        self.w.table = <Entry *>calloc(1 << TABLE_BITS, sizeof(Entry))
        self.w.buffer = <uint64_t *>malloc(2 * MAX_DEPTH * MAXMOVES * sizeof(uint64_t))
        if (self.root_keys == NULL or self.w.values == NULL or self.w.order == NULL
                or self.w.scores == NULL or self.w.table == NULL or self.w.buffer == NULL):
            raise MemoryError()
        self.w.root.keys = self.root_keys
        self.w.stamp = 0
        self.w.nodes = 0
        for seat in range(2):
            self.c.home[seat] = _from_python(config["home"][seat])
            self.c.first_row[seat] = _from_python(config["first_row"][seat])
            self.c.policy[seat] = config["policy"][seat]
            self.c.budget[seat] = config["budget"][seat]
        self.c.hush = config["hush"]
        self.c.leave_home = config["leave_home"]
        self.c.call_next_to = config["call_next_to"]
        self.c.hold_move = config["hold_move"]
        self.c.escape_by_horse = config["escape_by_horse"]
        self.c.max_plies = config["max_plies"]
        self.c.repetition = config["repetition"]

    def __dealloc__(self):
        free(self.root_keys)
        free(self.w.values)
        free(self.w.order)
        free(self.w.scores)
        free(self.w.table)
        free(self.w.buffer)


cdef State state_of(position):
    """The C state of a position as solver.shoo.kernel.position_data gives it: ``(board,
    stable_horses, stabled, pasture, side, held, shoo, ply, hush)``, ``hush`` ``(to, how,
    origin)`` or None."""
    cdef State p
    cdef int s, piece
    board, stable_horses, stabled, pasture, side, held, shoo, ply, hush = position
    p.foot[0] = p.foot[1] = p.rider[0] = p.rider[1] = p.horse = 0
    for s in range(NSQ):
        piece = board[s]
        if piece == HORSE:
            p.horse |= field_bit(s)
        elif piece >= RIDER:
            p.rider[piece - RIDER] |= field_bit(s)
        elif piece >= FOOT:
            p.foot[piece - FOOT] |= field_bit(s)
    for s in range(2):
        p.stable_horses[s] = stable_horses[s]
        p.stabled[s] = stabled[s]
        p.pasture[s] = pasture[s]
    p.side, p.held, p.shoo, p.ply = side, held, shoo, ply
    p.hush_to = NONE if hush is None else hush[0]
    p.hush_how = 0 if hush is None else hush[1]
    p.hush_origin = 0 if hush is None else hush[2]
    return p


cdef object squares_of(field_t x):
    out = []
    while x:
        out.append(field_lowest(x))
        x &= x - 1
    return out


def move_keys(config, position):
    """The packed keys of the legal moves of ``position`` (see :func:`state_of`), ascending."""
    cdef Setup setup = Setup(config)
    cdef State p = state_of(position)
    with nogil:
        legal_moves(&p, &setup.c, &setup.w.root)
    if setup.w.root.overflow:
        raise OverflowError("more legal moves than the kernel has room for")
    return np.array([setup.w.root.keys[i] for i in range(setup.w.root.n)], dtype=np.uint64)


def pack_move(int hush, int kind, int frm, int via, int put, int to, int shoo):
    """The packed key of a move (solver.shoo.moves.Move's fields, in its order)."""
    return int(pack(hush, kind, frm, via, put, to, shoo))


cdef int64_t perft_c(const State *p, const Config *c, int depth, uint64_t *buffer) noexcept nogil:
    cdef Moves ms
    cdef State after
    cdef int64_t total = 0
    cdef int i
    if depth == 0:
        return 1
    if winner(p, c) != NONE or p.ply >= c.max_plies or interrupted(c.stop, PERFT_WORK):
        return 0
    ms.keys = buffer
    legal_moves(p, c, &ms)
    if ms.overflow:
        return -1
    if depth == 1:
        return ms.n
    for i in range(ms.n):
        make_move(p, c, ms.keys[i], &after)
        total += perft_c(&after, c, depth - 1, buffer + ms.n)
    return total


def perft(config, position, int depth, progress=None):
    """engine.perft by the kernel; ``progress(done)`` is called every few milliseconds with
    the move generations done so far (cext/common/interrupt.pxd)."""
    cdef Setup setup = Setup(config)
    interrupt_init(&setup.stop, progress)
    cdef State p = state_of(position)
    cdef uint64_t *buffer = <uint64_t *>malloc((depth + 1) * MAXMOVES * sizeof(uint64_t))
    cdef int64_t count
    if buffer == NULL:
        raise MemoryError()
    try:
        with nogil:
            count = perft_c(&p, &setup.c, depth, buffer)
    finally:
        free(buffer)
    interrupt_raise(&setup.stop)
    if count < 0:
        raise OverflowError("more legal moves than the kernel has room for")
    return int(count)


def detect(config, position):
    """moves.detect by the kernel: (shooable squares, shooed-off squares)."""
    cdef Setup setup = Setup(config)
    cdef State p = state_of(position)
    return (squares_of(shooable(&p, &setup.c, 1 - p.side)), squares_of(shooed_off(&p, &setup.c)))


def position_key(position):
    """search.zobrist by the kernel."""
    cdef State p = state_of(position)
    return int(zobrist(&p))


def search_values(config, position, int budget):
    """search.search by the kernel with ``budget * NODE_UNIT`` nodes: (each legal move's
    value, the depth completed, the nodes visited)."""
    cdef Setup setup = Setup(config)
    cdef State p = state_of(position)
    cdef int depth
    with nogil:
        legal_moves(&p, &setup.c, &setup.w.root)
        depth = search(&p, &setup.c, &setup.w, <int64_t>budget * NODE_UNIT)
    if setup.w.root.overflow or setup.w.overflow:
        raise OverflowError("more legal moves than the kernel has room for")
    return ([setup.w.scores[i] for i in range(setup.w.root.n)], depth,
            int(setup.w.searched))


def evaluation(config, position, int seat):
    """policies.evaluate by the kernel."""
    cdef Setup setup = Setup(config)
    cdef State p = state_of(position)
    return evaluate(&p, &setup.c, seat)


cdef class Positions:
    """Many positions as C states, for timing the kernel's routines over them."""

    cdef State *states
    cdef int n
    cdef Setup setup

    def __cinit__(self, config, positions):
        cdef int i
        self.n = len(positions)
        self.setup = Setup(config)
        self.states = <State *>malloc(max(self.n, 1) * sizeof(State))
        if self.states == NULL:
            raise MemoryError()
        for i, position in enumerate(positions):
            self.states[i] = state_of(position)

    def __dealloc__(self):
        free(self.states)

    def detect_all(self, int repeats=1):
        """Shoo detection of every position ``repeats`` times; returns the number of
        shooable and of shooed-off travellers found in one pass (every pass is counted,
        so that no pass can be optimised away)."""
        cdef int64_t found = 0, off = 0
        cdef int r, i
        cdef field_t a, b
        with nogil:
            for r in range(repeats):
                for i in range(self.n):
                    a = shooable(&self.states[i], &self.setup.c, 1 - self.states[i].side)
                    b = shooed_off(&self.states[i], &self.setup.c)
                    found += field_count(a)
                    off += field_count(b)
        return int(found // repeats), int(off // repeats)

    def count_moves(self, int repeats=1):
        """Legal-move generation for every position ``repeats`` times; returns the moves of
        one pass."""
        cdef int64_t total = 0
        cdef int r, i
        with nogil:
            for r in range(repeats):
                total = 0
                for i in range(self.n):
                    legal_moves(&self.states[i], &self.setup.c, &self.setup.w.root)
                    total += self.setup.w.root.n
        return int(total)


def evaluated_positions(config, start, const uint64_t[::1] keys):
    """Play one game per key from ``start`` as :func:`play_chunk` does (no repetitions
    tracked); returns the number of positions the players evaluated (a search's nodes),
    for benchmarks."""
    cdef Setup setup = Setup(config)
    cdef State first = state_of(start), p
    cdef Result r
    cdef Py_ssize_t i
    if setup.c.repetition:
        raise ValueError("evaluated_positions does not track repetitions")
    setup.w.nodes = 0
    with nogil:
        for i in range(keys.shape[0]):
            p = first
            if play_game(&p, &setup.c, keys[i], &setup.w, NULL, &r) < 0:
                break
    interrupt_raise(&setup.stop)
    return int(setup.w.nodes)


def play_chunk(config, start, const uint64_t[::1] keys):
    """Play one game per key from ``start`` (see :func:`state_of`); returns two int32 arrays:
    the game rows (G_* of constants.pxd) of shape (NGAME, n) and the per-seat rows (S_*) of
    shape (NSEAT, n, 2)."""
    cdef Setup setup = Setup(config)
    cdef Py_ssize_t n = keys.shape[0], i
    cdef State first = state_of(start), p
    cdef State *seen = NULL
    cdef Result r
    cdef int seat, status = 0
    game_a = np.empty((NGAME, n), dtype=np.int32)
    seat_a = np.empty((NSEAT, n, 2), dtype=np.int32)
    cdef int32_t[:, ::1] game = game_a
    cdef int32_t[:, :, ::1] per_seat = seat_a
    if setup.c.repetition:
        seen = <State *>malloc((setup.c.max_plies + 1) * sizeof(State))
        if seen == NULL:
            raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                p = first
                status = play_game(&p, &setup.c, keys[i], &setup.w, seen, &r)
                if status < 0:
                    break
                game[G_WINNER, i] = r.winner
                game[G_TURNS, i] = r.plies
                game[G_DECISION_TURNS, i] = r.decisions
                game[G_ENDED_BY, i] = r.ended_by
                game[G_HUSHES, i] = r.hushes
                for seat in range(2):
                    per_seat[S_SHOOS, i, seat] = r.shoos[seat]
                    per_seat[S_SHOO_OFFS, i, seat] = r.shoo_offs[seat]
                    per_seat[S_CAPTURES, i, seat] = r.captures[seat]
                    per_seat[S_HOME, i, seat] = r.home[seat]
    finally:
        free(seen)
    interrupt_raise(&setup.stop)
    if status < 0:
        raise OverflowError("a position had more legal moves than the kernel has room for")
    return game_a, seat_a
