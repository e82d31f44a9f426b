# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shoo in C on bit sets: the same moves, shoo detection, players and games as
solver/shoo/, on the decision API of cext/common/decisions.pxi.

The field is a handful of 128-bit sets (cext/shoo/field.pxd): each seat's travellers on foot
and mounted, and the free horses. Shoo detection for a whole position is set arithmetic:
the squares touched by two or more of a seat's travellers (``field_touch2``), less the home
area, met with the opponent's travellers on foot; a shooable traveller is shooed off when
no square next to it is empty and safe and no free horse it may mount stands next to it.

Every function mirrors its readable twin (solver/shoo/moves.py, state.py, policies.py,
evaluation.py, search.py) under the same name. Inside, a move is packed into one 64-bit key
whose ascending order is the reference's canonical order (the sorted order of its ``Move``
tuples): hush, kind, from, via, put, to, shoo, each square stored plus one so that "none"
(-1) comes first. Positions (``Pos``) are copied, not unmade (copy-make: a position is
about 150 bytes). The search's transposition table is allocated once per worker and
emptied for each search by a stamp (an entry of an earlier search counts as empty).

The decision API (the nodes of solver/shoo/state.py: one decision node a move, the side to
move's; no chance nodes) is ``State``: the position, the result row's counters, the game's
choice stream and, under a draw by repetition, the positions seen. Its actions are the
reference's stable ids (ShooState's ``Encoder``), converted from and to packed keys with
tables; ``decide`` is the seat's player of solver/shoo/policies.py (random, greedy,
search-N), drawing from the choice stream as it does. Whole games are the generic loop of
cext/common/decisions.pxi (``play_game``, ``play_chunk``, ``KernelState``), without the GIL.

The kernel imports no solver/ module: every number it shares with the readable code (the
squares and their neighbours, the move kinds' order, piece codes, the values of ``hush``,
the players' codes, the evaluation's weights, the search's sizes and Zobrist keys, the
ending codes, the action ids' tables, the columns of the result rows) is cimported from
cext/shoo/constants.pxd, which setup.py writes out of solver/shoo/kernel.py's
``constants()`` (and solver/kernel_rows.py); the rules, the players and the start position
come in as plain data (solver/shoo/kernel.py: ``config``, ``position_data``), and the
toolkit calls the kernel through that module.
"""
import numpy as np

from cpython.exc cimport PyErr_SetString
from libc.math cimport exp
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from cext.common.bits cimport bits_lowest
from cext.common.dice cimport DICE_CHOICE_SALT, dice_choose
from cext.common.interrupt cimport (Interrupt, _interrupt_fetch, interrupt_init, interrupt_raise,
                                     interrupted)
from cext.shoo.field cimport (FIELD_ALL, field_bit, field_count, field_has, field_init,
                              field_highest, field_lowest, field_spread, field_step,
                              field_sum, field_t, field_touch12, field_touch123,
                              field_touch2)
# every number shared with solver/shoo/, written out of it at build time (solver/shoo/kernel.py)
from cext.shoo.constants cimport (ACTION_COUNT, ACTION_SHOOS, BLOCKER_WEIGHT, BLOCK_START,
                                  CHANCE, COL_DECISION_TURNS, COL_ENDED_BY, COL_HUSHES,
                                  COL_TURNS, COL_WINNER, COUNT_BASE, DANGER_WEIGHT, DIGIT_FIELD,
                                  EXPOSED_WEIGHT, MOUNT_WEIGHT,
                                  DIGIT_HOW, DIGIT_RADIX, DISTANCE_WEIGHT, DRAW, D_LN_FRM,
                                  D_NB_FRM, D_NB_VIA, D_SQ, EMPTY, ENDED_LIMIT,
                                  ENDED_REPETITION, ENDED_WIN, FOOT, HELD_BASE, HISTORY_PLIES,
                                  HORSE, HORSE_WEIGHT, HUSH_BASE, HUSH_ILLEGAL, HUSH_LOSE_MOVE,
                                  HUSH_OFF, HUSH_SHOO_OFF, H_DISMOUNT, H_RETURN, H_STEP,
                                  INFINITY, K_CALL, K_CAPTURE, K_DISMOUNT,
                                  K_HOLD, K_LEAD, K_MOUNT, K_PASS, K_RETIRE, K_RETURN, K_RIDE,
                                  K_SHOO_OFF, K_WALK, LN_RANK, LN_SQUARE, MAX_DEPTH, MAX_DIGITS,
                                  NB_RANK, NB_SQUARE, NEIGHBOURS_MAX, NEIGHBOUR_SQUARES,
                                  NGAME_COLUMNS, NKINDS, NODE_UNIT, NONE, NSEAT_COLUMNS, NSQ,
                                  PARTIAL_DEPTH,
                                  PIECE_KEY, PLY_SHIFT, P_GREEDY, P_MCTS, P_RANDOM, P_SEARCH, RAY_SQUARES,
                                  RECENT, RIDER,
                                  SEATCOL_CAPTURES, SEATCOL_HOME, SEATCOL_SHOOS,
                                  SEATCOL_SHOO_OFFS, SHOO_BASE, SIDE_BASE, STABLED_COST,
                                  TABLE_BITS, TERMINAL, THREAT_WEIGHT, WIN)

cdef enum:
    MAXMOVES = 1 << 15      # room for the legal moves of one position
    B_EXACT = 0             # the bounds of a table entry's value
    B_LOWER = 1
    B_UPPER = 2
    # work units (cext/common/interrupt.pxd): about a microsecond each
    PERFT_WORK = 1          # a move generation (some microseconds)
    PLY_WORK = 16           # a move chosen by random or greedy (plus a search's nodes)

field_init()

cdef enum:
    MCTS_WIDTH = 12          # policies.MCTS_WIDTH: mcts-N's candidates at a decision
    MCTS_PLIES = 4           # policies.MCTS_PLIES: the moves a simulation plays
cdef double MCTS_SCALE = 60.0   # policies.MCTS_SCALE: a cut-off simulation's squashing

cdef field_t NEIGH[NSQ]
"""Squares touching each square as a set (from constants.pxd's NEIGHBOUR_SQUARES, the
readable code's solver.shoo.board.NEIGHBOURS). PIECE_KEY (search.PIECE_KEYS: the Zobrist
key of each piece code on each square) is constants.pxd's table as it is; the distances
home (evaluation.king_distance to the nearest free home square) come in through Setup
(solver.shoo.kernel.home_distances)."""


cdef field_t _from_python(object bits):
    cdef field_t out = 0
    cdef int s
    for s in range(NSQ):
        if bits >> s & 1:
            out |= field_bit(s)
    return out


cdef field_t RAY_UPWARD[NSQ][4]
cdef field_t RAY_DOWNWARD[NSQ][4]
"""Each square's queen rays as sets (constants.pxd's RAY_SQUARES, board.RAYS), the four
going to higher squares and the four going to lower ones."""
cdef field_t BEYOND_UP[NSQ + 1][4]
"""BEYOND_UP[b][k]: square b and RAY_UPWARD[b][k], what a ray blocked at b does not reach;
nothing for the sentinel b = NSQ."""
cdef field_t BEYOND_DOWN[NSQ + 1][4]
"""BEYOND_DOWN[b + 1][k]: the same going down; nothing for the sentinel b = -1."""


cdef void _tables() noexcept:
    cdef int s, j, d, k, up, down, centre = NSQ // 2
    cdef field_t ray
    for s in range(NSQ):
        NEIGH[s] = 0
        for j in range(NEIGHBOURS_MAX):
            if NEIGHBOUR_SQUARES[s][j] != NONE:
                NEIGH[s] |= field_bit(NEIGHBOUR_SQUARES[s][j])
    for k in range(4):
        BEYOND_UP[NSQ][k] = BEYOND_DOWN[0][k] = 0
    for s in range(NSQ):
        up = down = 0
        for d in range(8):      # up or down: as from the centre, where every ray has squares
            ray = 0
            for j in range(8):
                if RAY_SQUARES[s][d][j] != NONE:
                    ray |= field_bit(RAY_SQUARES[s][d][j])
            if RAY_SQUARES[centre][d][0] > centre:
                RAY_UPWARD[s][up] = ray
                BEYOND_UP[s][up] = ray | field_bit(s)
                up += 1
            else:
                RAY_DOWNWARD[s][down] = ray
                BEYOND_DOWN[s + 1][down] = ray | field_bit(s)
                down += 1


_tables()


cdef struct Pos:
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


cdef struct Moves:
    uint64_t *keys
    int n
    bint overflow
    field_t still            # gen_actions: the mover's shoo targets of a move that moves no
                             # traveller (a horse's: call, lead, hold, retire; a pass)
    field_t ones, twos       # ... the squares one / two or more of the mover's travellers
                             # but the one moving (frm) touch
    field_t theirs           # ... the opponent's travellers on foot outside their home
    int per_to               # ... room a move with its shoos takes at most: 2 + theirs


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
    uint8_t *banned            # the moves a player may not choose (ban), by index
    int64_t nodes              # positions the players evaluated or searched (benchmarks)
    # greedy_values: the travel of the mover's travellers outside its home area by each set of
    # free home squares (home_index), filled once a call (home_stamp == home_gen)
    int home_gen
    int home_stamp[512]
    int home_travel[512]
    # the search (solver.shoo.search.AlphaBeta)
    Entry *table
    uint64_t *buffer           # moves of the nodes on the search path, 2 * MAXMOVES each
    int completed              # root moves the last iteration searched
    int *evals                 # their leaves' values and the order's, 2 * MAXMOVES a height
    uint64_t killers[MAX_DEPTH + 1]
    int stamp
    int64_t searched           # nodes of this search
    int64_t limit
    int root_ply
    bint abortable
    bint aborted
    bint overflow


cdef struct Config:
    field_t home[2]
    int home_base[2]         # the lowest square of each home area (a 3 x 3 block)
    const int8_t *home_distance[2]   # [subset * NSQ + s]: the distance from s to the nearest
                                     # square of a subset of the home area (home_index)
    field_t first_row[2]
    int hush
    bint leave_home
    bint call_next_to
    bint hold_move
    bint escape_by_horse
    int max_plies
    int repetition
    int policy[2]            # P_* of each seat
    int budget[2]            # search-N's N; mcts-N's N
    const Config *rollout    # mcts: the same rules with greedy in both seats (Setup's)
    bint simulates           # the rollout Config of mcts-N: a state reseeded under it is a
                             # simulation, cut off and valued by the evaluation (mcts_reseed)
    int players              # 2 (the rows' per-seat columns)
    Pos start                # the position every game starts from
    Work *w                  # the players' work space (Setup's)
    uint64_t *scratch        # room for one node's moves (legal_actions, apply_action)
    Interrupt *stop          # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


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
cdef inline int home_index(field_t x, int base) noexcept nogil:
    """The squares of ``x`` in the 3 x 3 home area starting at ``base`` as a 9-bit number,
    bit j for the area's j-th square in ascending order (solver.shoo.kernel.home_distances)."""
    return <int>(((x >> base) & 7) | (((x >> (base + 9)) & 7) << 3)
                 | (((x >> (base + 18)) & 7) << 6))


cdef inline int home_bit(int s, int base) noexcept nogil:
    """The bit of square ``s`` of the home area starting at ``base`` in home_index."""
    cdef int d = s - base
    return d - 6 * (d // 9)


cdef inline field_t travellers(const Pos *p, int seat) noexcept nogil:
    return p.foot[seat] | p.rider[seat]


cdef inline field_t empty_squares(const Pos *p) noexcept nogil:
    return FIELD_ALL & ~(p.foot[0] | p.foot[1] | p.rider[0] | p.rider[1] | p.horse)


cdef inline field_t danger(const Pos *p, const Config *c, int seat) noexcept nogil:
    """The squares where a traveller of ``seat`` on foot would be shooable."""
    return field_touch2(travellers(p, 1 - seat)) & ~c.home[seat]


cdef inline field_t shooable(const Pos *p, const Config *c, int by) noexcept nogil:
    """The travellers ``by`` may shoo (Position.shooable)."""
    return p.foot[1 - by] & danger(p, c, 1 - by)


cdef inline field_t free_horses(const Pos *p) noexcept nogil:
    return p.horse & ~(field_bit(p.held) if p.held >= 0 else <field_t>0)


cdef inline field_t shooed_off(const Pos *p, const Config *c) noexcept nogil:
    """Of the side to move's shooable travellers, those with no escape (moves.detect)."""
    cdef int side = p.side
    cdef field_t d = danger(p, c, side)
    cdef field_t escapes = field_spread(empty_squares(p) & ~d)
    if c.escape_by_horse:
        escapes |= field_spread(free_horses(p))
    return p.foot[side] & d & ~escapes


cdef inline bint can_escape(const Pos *p, const Config *c, int s) noexcept nogil:
    cdef field_t near = NEIGH[s]
    if near & empty_squares(p) & ~danger(p, c, p.side):
        return True
    return c.escape_by_horse and (near & free_horses(p)) != 0


cdef inline int winner(const Pos *p, const Config *c) noexcept nogil:
    """Position.winner, or NONE."""
    cdef int seat, k
    for k in range(2):
        seat = 1 - p.side if k == 0 else p.side
        if (p.stabled[seat] == 0 and p.rider[seat] == 0
                and (p.foot[seat] & ~c.home[seat]) == 0):
            return seat
    return NONE


cdef inline field_t line_squares(int s, field_t empty) noexcept nogil:
    """The squares a queen on ``s`` reaches along ``empty`` squares: each ray up to its
    first square not empty (the nearest: the lowest member on a ray going up, the highest
    on one going down), without a branch: a sentinel square past each end (NSQ up, -1
    down) whose ray beyond is empty."""
    cdef field_t out = 0, ray
    cdef int k
    for k in range(4):
        ray = RAY_UPWARD[s][k]
        out |= ray & ~BEYOND_UP[field_lowest((ray & ~empty) | field_bit(NSQ))][k]
        ray = RAY_DOWNWARD[s][k]
        out |= ray & ~BEYOND_DOWN[field_highest(((ray & ~empty) << 1) | 1)][k]
    return out


# -- making moves -------------------------------------------------------------------------
cdef void act(const Pos *p, const Config *c, uint64_t move, Pos *out) noexcept nogil:
    """moves.apply_action: the move's action (not its hush or shoo) into ``out``."""
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


cdef void apply_hush(const Pos *p, const Config *c, Pos *out) noexcept nogil:
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


cdef void make_move(const Pos *p, const Config *c, uint64_t move, Pos *out) noexcept nogil:
    cdef Pos hushed
    if m_hush(move):
        apply_hush(p, c, &hushed)
        act(&hushed, c, move, out)
    else:
        act(p, c, move, out)
    out.shoo = m_shoo(move)


# -- legal moves ----------------------------------------------------------------------------
cdef inline void emit(Moves *ms, uint64_t key) noexcept nogil:
    if ms.n < MAXMOVES:
        ms.keys[ms.n] = key
        ms.n += 1
    else:
        ms.overflow = True


cdef inline field_t shoo_targets(const Pos *p, const Config *c, const Moves *ms, int kind,
                                 int frm, int put, int to) noexcept nogil:
    """shooable(after, c, p.side) of the position ``act`` would make, without making it: only
    the mover's travellers (and, for a capture, the opponent's on foot) can change."""
    cdef int side = p.side, opp = 1 - p.side
    cdef field_t mine, theirs
    if kind == K_CALL or kind == K_LEAD or kind == K_HOLD or kind == K_RETIRE or kind == K_PASS:
        return ms.still
    if (kind == K_WALK or kind == K_RIDE or kind == K_MOUNT or kind == K_DISMOUNT
            or kind == K_CAPTURE):
        # frm -> to: two or more touch where the others (ms.ones, ms.twos) and to do
        theirs = ms.theirs
        if kind == K_CAPTURE:
            theirs |= field_bit(put) & ~c.home[opp]
        return theirs & (ms.twos | (ms.ones & NEIGH[to]))
    mine = travellers(p, side)
    if kind == K_RETURN:
        mine |= field_bit(to)
    else:                        # shoo-off
        mine &= ~field_bit(frm)
    return p.foot[opp] & field_touch2(mine) & ~c.home[opp]


cdef void with_shoos(const Pos *p, const Config *c, Moves *ms, int hush, int kind, int frm,
                     int via, int put, int to) noexcept nogil:
    """The action and each shoo it allows (moves._with_shoos)."""
    cdef uint64_t key = pack(hush, kind, frm, via, put, to, NONE)
    cdef field_t targets = shoo_targets(p, c, ms, kind, frm, put, to)
    cdef int t
    emit(ms, key)
    while targets:
        t = field_lowest(targets)
        targets &= targets - 1
        emit(ms, pack(hush, kind, frm, via, put, to, t))


cdef void each_to(const Pos *p, const Config *c, Moves *ms, int hush, int kind, int frm,
                  int via, int put, field_t tos) noexcept nogil:
    """with_shoos for each square of ``tos``, ascending, written straight into ms."""
    cdef uint64_t base = pack(hush, kind, frm, via, put, NONE, NONE), key, half
    cdef uint64_t *keys = ms.keys
    cdef int n = ms.n, to, t
    cdef field_t targets, theirs = 0
    cdef bint plain_only = False
    if (n + NSQ * ms.per_to > MAXMOVES
            and n + field_count(tos) * ms.per_to > MAXMOVES):
        # a move and its shoos take ms.per_to keys at most: room checked as the moves come
        while tos:
            to = field_lowest(tos)
            tos &= tos - 1
            key = base | (<uint64_t>(to + 1) << 8)
            targets = shoo_targets(p, c, ms, kind, frm, put, to)
            if n + 1 + (field_count(targets) if targets else 0) > MAXMOVES:
                ms.overflow = True
                break
            keys[n] = key
            n += 1
            while targets:
                t = field_lowest(targets)
                targets &= targets - 1
                keys[n] = key | <uint64_t>(t + 1)
                n += 1
        ms.n = n
        return
    if kind == K_CALL or kind == K_LEAD:
        plain_only = ms.still == 0
    elif (kind == K_WALK or kind == K_RIDE or kind == K_MOUNT or kind == K_DISMOUNT
            or kind == K_CAPTURE):
        theirs = ms.theirs
        if kind == K_CAPTURE:
            theirs |= field_bit(put) & ~c.home[1 - p.side]
        # shoo_targets: theirs & (ms.twos | (ms.ones & NEIGH[to])), none if none is touched
        plain_only = (theirs & ms.ones) == 0
        theirs &= ms.ones
    if plain_only:               # no shoo: one key a destination
        half = <uint64_t>tos
        while half:
            keys[n] = base | (<uint64_t>(bits_lowest(half) + 1) << 8)
            n += 1
            half &= half - 1
        half = <uint64_t>(tos >> 64)
        while half:
            keys[n] = base | (<uint64_t>(bits_lowest(half) + 65) << 8)
            n += 1
            half &= half - 1
        ms.n = n
        return
    while tos:
        to = field_lowest(tos)
        tos &= tos - 1
        key = base | (<uint64_t>(to + 1) << 8)
        if theirs:
            targets = theirs & (ms.twos | NEIGH[to])
        else:
            targets = shoo_targets(p, c, ms, kind, frm, put, to)
        keys[n] = key
        n += 1
        while targets:
            t = field_lowest(targets)
            targets &= targets - 1
            keys[n] = key | <uint64_t>(t + 1)
            n += 1
    ms.n = n


cdef void mounts(const Pos *p, const Config *c, Moves *ms, int hush, int s,
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


cdef void captures(const Pos *p, const Config *c, Moves *ms, int hush, int s,
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


cdef inline void others_touch(Moves *ms, field_t ones, field_t twos, field_t threes,
                             int s) noexcept nogil:
    """ms.ones, ms.twos: the squares one / two or more of the mover's travellers but the one
    on ``s`` touch, from those one, two, three or more of them all touch (``s`` touches
    one fewer on its neighbours)."""
    cdef field_t near = NEIGH[s]
    ms.ones = (ones & ~near) | (twos & near)
    ms.twos = (twos & ~near) | (threes & near)


cdef void gen_actions(const Pos *p, const Config *c, Moves *ms, int hush) noexcept nogil:
    """Every action of the side to move with its shoos (moves.actions, moves._with_shoos)."""
    cdef int side = p.side, s, start = ms.n
    cdef field_t empty = empty_squares(p), d = danger(p, c, side), area, foot_ok, own, tos
    cdef field_t horses, near, mine = travellers(p, side), ones, twos, threes
    field_touch123(mine, &ones, &twos, &threes)
    ms.still = p.foot[1 - side] & twos & ~c.home[1 - side]      # shooable(p, c, side)
    ms.theirs = p.foot[1 - side] & ~c.home[1 - side]
    ms.per_to = 2 + field_count(ms.theirs)
    if p.shoo >= 0:
        s = p.shoo
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_WALK, s, NONE, NONE, NEIGH[s] & empty & ~d)
        if c.escape_by_horse:
            mounts(p, c, ms, hush, s, False)
        if ms.n == start:
            with_shoos(p, c, ms, hush, K_SHOO_OFF, s, NONE, NONE, NONE)
        return
    # kind by kind, each kind's moves ascending: the canonical order without a sort
    foot_ok = FIELD_ALL if c.hush != HUSH_ILLEGAL else ~d
    own = p.foot[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        area = c.home[side] if not c.leave_home and field_has(c.home[side], s) else FIELD_ALL
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_WALK, s, NONE, NONE, NEIGH[s] & empty & area & foot_ok)
    own = p.rider[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        area = c.home[side] if not c.leave_home and field_has(c.home[side], s) else FIELD_ALL
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_RIDE, s, NONE, NONE, line_squares(s, empty) & area)
    own = p.foot[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        others_touch(ms, ones, twos, threes, s)
        mounts(p, c, ms, hush, s, not c.leave_home and field_has(c.home[side], s))
    own = p.rider[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        area = c.home[side] if not c.leave_home and field_has(c.home[side], s) else FIELD_ALL
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_DISMOUNT, s, NONE, NONE, NEIGH[s] & empty & area & foot_ok)
    own = travellers(p, side)
    if field_spread(own) & p.rider[1 - side]:
        while own:
            s = field_lowest(own)
            own &= own - 1
            others_touch(ms, ones, twos, threes, s)
            captures(p, c, ms, hush, s, not c.leave_home and field_has(c.home[side], s))
    if p.stable_horses[side]:
        tos = empty
        if c.call_next_to:
            tos &= field_spread(travellers(p, side))
        each_to(p, c, ms, hush, K_CALL, NONE, NONE, NONE, tos)
    horses = free_horses(p)
    own = horses
    while own:
        s = field_lowest(own)
        own &= own - 1
        each_to(p, c, ms, hush, K_LEAD, s, NONE, NONE, line_squares(s, empty))
    near = horses & field_spread(travellers(p, side))
    if c.hold_move:
        own = near
        while own:
            s = field_lowest(own)
            own &= own - 1
            with_shoos(p, c, ms, hush, K_HOLD, s, NONE, NONE, NONE)
    own = near
    while own:
        s = field_lowest(own)
        own &= own - 1
        with_shoos(p, c, ms, hush, K_RETIRE, s, NONE, NONE, NONE)
    if p.stabled[side]:
        each_to(p, c, ms, hush, K_RETURN, NONE, NONE, NONE, empty & c.first_row[side] & foot_ok)
    if ms.n == start:
        with_shoos(p, c, ms, hush, K_PASS, NONE, NONE, NONE, NONE)


cdef void legal_moves(const Pos *p, const Config *c, Moves *ms) noexcept nogil:
    """Every legal move in canonical (ascending key) order (moves.legal_moves): gen_actions
    makes each position's moves in that order, the hush's after the others."""
    cdef Pos hushed
    ms.n = 0
    ms.overflow = False
    gen_actions(p, c, ms, 0)
    if p.hush_to >= 0:
        apply_hush(p, c, &hushed)
        gen_actions(&hushed, c, ms, 1)


# -- players --------------------------------------------------------------------------------
cdef int standing(const Pos *p, const Config *c, int seat,
                  const field_t *touch2) noexcept nogil:
    """evaluation.standing; ``touch2[s]``: the squares two or more of seat s's travellers
    touch (computed once for both standings). The travellers on foot outside the home area
    count their distances home at once (field_sum); the riders one by one."""
    cdef field_t home = c.home[seat], own = travellers(p, seat)
    cdef field_t empty = empty_squares(p), foot = p.foot[seat], riders = p.rider[seat]
    cdef field_t danger_mine = touch2[1 - seat] & ~home
    cdef field_t danger_theirs = touch2[seat] & ~c.home[1 - seat]
    cdef int travel = STABLED_COST * p.stabled[seat]
    cdef int horses = p.stable_horses[seat] + field_count(riders)
    cdef int s, threats, dangers, blockers
    cdef const int8_t *distance = (c.home_distance[seat]
                                   + NSQ * home_index(home & ~own, c.home_base[seat]))
    travel += field_sum(foot & ~home, distance)
    s = p.shoo
    if s >= 0 and field_has(foot, s) and not can_escape(p, c, s):
        travel += STABLED_COST - (0 if field_has(home, s) else distance[s])
    travel += riders_travel(riders, home, empty, distance)
    threats = field_count(p.foot[1 - seat] & danger_theirs)
    dangers = field_count(foot & danger_mine)
    blockers = field_count(travellers(p, 1 - seat) & home)
    return (-DISTANCE_WEIGHT * travel + HORSE_WEIGHT * horses + THREAT_WEIGHT * threats
            - DANGER_WEIGHT * dangers - BLOCKER_WEIGHT * blockers)


cdef int evaluate(const Pos *p, const Config *c, int seat) noexcept nogil:
    """evaluation.evaluate."""
    cdef int won = winner(p, c)
    if won != NONE:
        return WIN if won == seat else -WIN
    if p.ply >= c.max_plies:
        return 0
    cdef field_t touch2[2]
    touch2[0] = field_touch2(travellers(p, 0))
    touch2[1] = field_touch2(travellers(p, 1))
    return standing(p, c, seat, touch2) - standing(p, c, 1 - seat, touch2)


cdef int greedy_values_slow(const Pos *p, const Config *c, const Moves *ms, int *values,
                            Work *w) noexcept nogil:
    """Each move's value for the mover, each move made and evaluated
    (policies.GreedyPolicy.values); returns the best. greedy_values' twin, for the tests."""
    cdef Pos after
    cdef int i, best = -WIN - 1
    w.nodes += ms.n
    for i in range(ms.n):
        make_move(p, c, ms.keys[i], &after)
        values[i] = evaluate(&after, c, p.side)
        if values[i] > best:
            best = values[i]
    return best


cdef inline int shoo_bonus(const Config *c, field_t empty, field_t free, field_t danger_t,
                           field_t targets, int seat, int t) noexcept nogil:
    """What naming ``t`` (``seat``'s traveller on foot, outside its home area) adds to the
    mover's evaluation of the position after a move: standing counts t as stabled when it
    cannot escape (can_escape: an empty square next to it out of ``danger_t``, or a free
    horse next to it), else at its distance home. ``empty``, ``free``, ``targets``: the
    empty squares, free horses and ``seat``'s free home squares after the move."""
    cdef field_t near = NEIGH[t]
    if near & empty & ~danger_t:
        return 0
    if c.escape_by_horse and (near & free):
        return 0
    return DISTANCE_WEIGHT * (STABLED_COST - c.home_distance[seat][
        NSQ * home_index(targets, c.home_base[seat]) + t])


cdef inline bint horse_kind(int kind) noexcept nogil:
    return kind == K_CALL or kind == K_LEAD or kind == K_HOLD or kind == K_RETIRE


cdef inline int stuck_travel(const Pos *p, const Config *c, field_t riders, field_t empty,
                             int side) noexcept nogil:
    """Of ``riders`` (riders in their own home area), the travel standing adds for those
    with no empty home square next to them, beyond a free rider's, counted for ``side``
    (the opponent's negated)."""
    cdef int r, seat, out = 0
    while riders:
        r = field_lowest(riders)
        riders &= riders - 1
        seat = 0 if field_has(p.rider[0], r) else 1
        if not (NEIGH[r] & empty & c.home[seat]):
            out += (STABLED_COST - 2) if seat == side else -(STABLED_COST - 2)
    return out


cdef inline int riders_travel(field_t riders, field_t home, field_t empty,
                              const int8_t *distance) noexcept nogil:
    """standing's travel of a seat's ``riders``."""
    cdef int s, out = 0
    cdef field_t rest = riders & ~home
    while rest:
        s = field_lowest(rest)
        rest &= rest - 1
        out += (distance[s] + 3) // 4 + 2
    rest = riders & home
    while rest:
        s = field_lowest(rest)
        rest &= rest - 1
        out += 2 if NEIGH[s] & empty & home else STABLED_COST
    return out


cdef int greedy_values(const Pos *p, const Config *c, const Moves *ms, int *values,
                       Work *w) noexcept nogil:
    """Each move's value for the mover, as greedy_values_slow gives it, each action valued
    once: a shoo adds shoo_bonus to its plain move's value (nothing after a won game or at
    the move limit: the evaluation is then the end's). The moves are taken a run at a time:
    the moves of one action to each square with their shoos (keys equal above ``to``, as
    gen_actions writes them), what the run shares figured once. Unless the game ends by the
    move limit after the move (or a seat has won already), a horse's move (call, lead,
    hold, retire: no traveller moves) is worth the one figure ``base`` of the position with
    the travellers as they are, less a called horse, the riders in their home areas next to
    the squares it changes recounted (stuck_travel); a run with no shoo and no rider at home
    is that figure throughout. A walk, ride, mount, dismount, return or capture is the
    mover's standing after it, from its sets, less the opponent's: as the position has it
    (counted once) but for a capture, whose run has the opponent as the capture leaves it
    (the rider on via on foot on put, what its travellers touch from the counts of the
    position). The mover's threats after the move are the shoos that follow it in the list
    (shoo_targets made them); its travellers outside the home area go by the distances of
    the position when neither frm nor to is in it, else by those of the free home squares
    after the move, summed once a set of them a call (Work.home_travel). Passes,
    shoo-offs, moves after a hush and a capture after which the opponent has won are made
    and evaluated. Returns the best."""
    cdef Pos after, q
    cdef int i, best = -WIN - 1, side = p.side, opp = 1 - p.side, t, kind, frm, via, to
    cdef int plain = 0, base = 0, opp_static = 0, blockers_side = 0, travel
    cdef bint settled = True, fast
    cdef uint64_t key
    cdef field_t empty = empty_squares(p), danger_opp = 0, touched
    cdef field_t home_riders = (p.rider[0] & c.home[0]) | (p.rider[1] & c.home[1])
    cdef field_t opp_targets = c.home[opp] & ~travellers(p, opp)
    cdef field_t home = c.home[side], opp_home = c.home[opp], theirs = travellers(p, opp)
    cdef field_t t2_opp = 0, opp_in_riders = p.rider[opp] & opp_home
    cdef int threats_before
    cdef field_t foot = 0, rider = 0, horse = 0
    cdef field_t empty_after = 0, free_after = 0, danger_after = 0, targets_after = 0
    cdef const int8_t *distance_opp = (c.home_distance[opp]
                                       + NSQ * home_index(opp_targets, c.home_base[opp]))
    cdef const int8_t *distance
    cdef const int8_t *side_distance = NULL
    cdef int opp_in_travel = 0, opp_in, side_foot = 0, side_out_riders = 0, side_in_riders = 0
    cdef field_t side_home_riders = 0, mine_before = 0, ones_all = 0, twos_all = 0
    cdef field_t danger_zone = 0, threes_all = 0
    cdef int dangers_before = 0, riders_before = 0, blocking_before = 0, dangers, riders
    cdef int blocking, n = ms.n, value, plain0, travel0, rest, fixed
    cdef const uint64_t *keys = ms.keys
    cdef uint64_t head
    cdef field_t empty_run, near_frm, twos_run = 0, ones_run = 0, to_bit, foot_after, rider_after
    cdef bint to_foot = False, frm_home, can_win
    cdef bint slow
    cdef int j, threats, idx, idx_before = 0, idx_run, home_base = 0
    cdef int put, opp_static_r, opp_in_travel_r, blockers_r
    cdef field_t foot_opp_r = 0, rider_opp_r, theirs_r = 0, opp_targets_r = 0, opp_in_riders_r = 0
    cdef field_t danger_zone_r = 0, ones_t = 0, twos_t = 0, threes_t = 0, ones_x, twos_x, near
    cdef const int8_t *distance_opp_r = NULL
    w.nodes += ms.n
    if w.home_gen == 0x7FFFFFFF:
        for i in range(512):
            w.home_stamp[i] = -1
        w.home_gen = 0
    w.home_gen += 1
    q = p[0]
    q.side, q.held, q.shoo, q.hush_to, q.ply = opp, NONE, NONE, NONE, p.ply + 1
    fast = winner(&q, c) == NONE and q.ply < c.max_plies
    if fast:
        # what one, two, three or more of each side's travellers touch
        mine_before = travellers(p, side)
        field_touch123(mine_before, &ones_all, &twos_all, &threes_all)
        field_touch123(theirs, &ones_t, &twos_t, &threes_t)
        t2_opp = twos_t
        danger_opp = twos_all & ~opp_home
        # the opponent's standing but for its riders at home (their travel depends on the
        # empty squares), threats, dangers and blockers
        opp_static = (-DISTANCE_WEIGHT * (STABLED_COST * p.stabled[opp]
                                          + field_sum(p.foot[opp] & ~opp_home, distance_opp)
                                          + riders_travel(p.rider[opp] & ~opp_home, opp_home,
                                                          empty, distance_opp))
                      + HORSE_WEIGHT * (p.stable_horses[opp] + field_count(p.rider[opp])))
        blockers_side = field_count(theirs & home)
        opp_in_travel = riders_travel(opp_in_riders, opp_home, empty, distance_opp)
        home_base = c.home_base[side]
        idx_before = home_index(home & ~travellers(p, side), home_base)
        side_distance = c.home_distance[side] + NSQ * idx_before
        side_foot = field_sum(p.foot[side] & ~home, side_distance)
        side_out_riders = riders_travel(p.rider[side] & ~home, home, empty, side_distance)
        side_home_riders = p.rider[side] & home
        side_in_riders = riders_travel(side_home_riders, home, empty, side_distance)
        danger_zone = t2_opp & ~home
        dangers_before = field_count(p.foot[side] & danger_zone)
        riders_before = field_count(p.rider[side])
        blocking_before = field_count(mine_before & opp_home)
        # evaluate(&q): the standing of each side from the figures above (the mover's
        # threats are the opponent's dangers, and the other way round)
        threats_before = field_count(p.foot[opp] & danger_opp)
        base = ((-DISTANCE_WEIGHT * (STABLED_COST * p.stabled[side] + side_foot
                                     + side_out_riders + side_in_riders)
                 + HORSE_WEIGHT * (p.stable_horses[side] + riders_before)
                 + THREAT_WEIGHT * threats_before - DANGER_WEIGHT * dangers_before
                 - BLOCKER_WEIGHT * blockers_side)
                - (opp_static - DISTANCE_WEIGHT * opp_in_travel
                   + THREAT_WEIGHT * dangers_before - DANGER_WEIGHT * threats_before
                   - BLOCKER_WEIGHT * blocking_before))
    i = 0
    while i < n:
        key = keys[i]
        head = key >> 16                          # hush, kind, frm, via, put: one action's
        kind = m_kind(key)                        # moves to each square, with their shoos
        frm = m_frm(key)
        if fast and not m_hush(key) and horse_kind(kind):
            # a horse's moves: the figure of the position, less a called horse, the riders
            # at home next to frm or to recounted; a shoo adds its bonus
            free_after = p.horse
            empty_run = empty
            near_frm = 0
            if frm >= 0:
                free_after &= ~field_bit(frm)
                near_frm = NEIGH[frm]
                if kind == K_LEAD or kind == K_RETIRE:
                    empty_run |= field_bit(frm)
            plain0 = base - (HORSE_WEIGHT if kind == K_CALL else 0)
            if not (p.foot[opp] & danger_opp) and not home_riders:
                # no shoo and no rider at home: every move of the run is worth plain0
                if plain0 > best:
                    best = plain0
                while i < n and keys[i] >> 16 == head:
                    values[i] = plain0
                    i += 1
                continue
            plain = plain0
            to = NONE
            while i < n and keys[i] >> 16 == head:
                key = keys[i]
                t = <int>(key & 0xFF) - 1
                if t == NONE:
                    to = m_to(key)
                    plain = plain0
                    if home_riders:
                        touched = home_riders & (near_frm | (NEIGH[to] if to >= 0 else <field_t>0))
                        if touched:
                            empty_after = empty_run & ~(field_bit(to) if to >= 0 else <field_t>0)
                            plain -= DISTANCE_WEIGHT * (
                                stuck_travel(p, c, touched, empty_after, side)
                                - stuck_travel(p, c, touched, empty, side))
                    value = plain
                else:
                    empty_after = empty_run & ~(field_bit(to) if to >= 0 else <field_t>0)
                    value = plain + shoo_bonus(c, empty_after, free_after, danger_opp,
                                               opp_targets, opp, t)
                values[i] = value
                if value > best:
                    best = value
                i += 1
            continue
        if fast and not m_hush(key) and (kind == K_WALK or kind == K_RIDE or kind == K_MOUNT
                                         or kind == K_DISMOUNT or kind == K_RETURN
                                         or kind == K_CAPTURE):
            # a traveller's moves from frm (via a horse, or capturing the rider on via and
            # putting it down on put): the mover's standing after each from its sets, the
            # opponent's (as the action leaves it) less the parts no such move changes
            via, put = m_via(key), m_put(key)
            foot, rider, horse = p.foot[side], p.rider[side], p.horse
            travel0 = STABLED_COST * p.stabled[side]
            to_foot = kind == K_WALK or kind == K_DISMOUNT or kind == K_RETURN
            riders = riders_before
            if kind == K_WALK:
                foot &= ~field_bit(frm)
            elif kind == K_RIDE:
                rider &= ~field_bit(frm)
            elif kind == K_MOUNT:
                foot &= ~field_bit(frm)
                horse &= ~field_bit(via)
                riders += 1
            elif kind == K_DISMOUNT:
                rider &= ~field_bit(frm)
                horse |= field_bit(frm)
                riders -= 1
            elif kind == K_CAPTURE:
                if field_has(rider, frm):         # its old horse stays behind, free
                    rider &= ~field_bit(frm)
                    horse |= field_bit(frm)
                else:
                    foot &= ~field_bit(frm)
                    riders += 1
            else:
                travel0 -= STABLED_COST
            if kind == K_CAPTURE:
                # the opponent as the capture leaves it: the rider on via on foot on put
                foot_opp_r = p.foot[opp] | field_bit(put)
                rider_opp_r = p.rider[opp] & ~field_bit(via)
                if (rider_opp_r == 0 and p.stabled[opp] == 0
                        and (foot_opp_r & ~opp_home) == 0):
                    slow = True                   # the opponent wins: made and evaluated
                else:
                    slow = False
                    theirs_r = foot_opp_r | rider_opp_r
                    opp_targets_r = opp_home & ~theirs_r
                    distance_opp_r = (c.home_distance[opp]
                                      + NSQ * home_index(opp_targets_r, c.home_base[opp]))
                    opp_static_r = (
                        -DISTANCE_WEIGHT * (STABLED_COST * p.stabled[opp]
                                            + field_sum(foot_opp_r & ~opp_home, distance_opp_r)
                                            + riders_travel(rider_opp_r & ~opp_home, opp_home,
                                                            empty, distance_opp_r))
                        + HORSE_WEIGHT * (p.stable_horses[opp] + field_count(rider_opp_r)))
                    opp_in_riders_r = rider_opp_r & opp_home
                    opp_in_travel_r = riders_travel(opp_in_riders_r, opp_home, empty,
                                                    distance_opp_r)
                    blockers_r = field_count(theirs_r & home)
                    # what the opponent's travellers touch, via taken away and put added
                    near = NEIGH[via]
                    ones_x = (ones_t & ~near) | (twos_t & near)
                    twos_x = (twos_t & ~near) | (threes_t & near)
                    danger_zone_r = (twos_x | (ones_x & NEIGH[put])) & ~home
                    dangers = field_count(foot & danger_zone_r)
            else:
                slow = False
                foot_opp_r, theirs_r, opp_targets_r = p.foot[opp], theirs, opp_targets
                distance_opp_r, opp_static_r = distance_opp, opp_static
                opp_in_riders_r, opp_in_travel_r = opp_in_riders, opp_in_travel
                blockers_r, danger_zone_r = blockers_side, danger_zone
                dangers = dangers_before
                if kind == K_WALK or kind == K_MOUNT:
                    dangers -= field_has(danger_zone, frm)
        else:
            slow = True
        if not slow:
            blocking = blocking_before
            empty_run = FIELD_ALL & ~(foot | rider | theirs_r | horse)
            frm_home = False
            near_frm = 0
            rest = travel0 + side_foot + side_out_riders + side_in_riders
            idx_run = idx_before
            if frm >= 0:
                # touch2(mine) & ~opp_home from what the travellers but frm touch (from
                # what one, two, three or more of them all touch: frm touches one fewer
                # on its neighbours, as in others_touch) and to
                near = NEIGH[frm]
                ones_run = ((ones_all & ~near) | (twos_all & near)) & ~opp_home
                twos_run = ((twos_all & ~near) | (threes_all & near)) & ~opp_home
                blocking -= field_has(opp_home, frm)
                frm_home = field_has(home, frm)
                if frm_home:
                    idx_run = idx_before | (1 << home_bit(frm, home_base))
                near_frm = NEIGH[frm]
                if via >= 0:
                    near_frm |= NEIGH[via]
                if put >= 0:
                    near_frm |= NEIGH[put]
                if field_has(p.foot[side], frm):
                    rest -= side_distance[frm]
                else:
                    rest -= (side_distance[frm] + 3) // 4 + 2
            else:                     # a return: all the travellers before, and to
                twos_run, ones_run = twos_all & ~opp_home, ones_all & ~opp_home
            can_win = to_foot and rider == 0 and travel0 == 0 and (foot & ~home) == 0
            fixed = (HORSE_WEIGHT * (p.stable_horses[side] + riders) - opp_static_r
                     - BLOCKER_WEIGHT * blockers_r + BLOCKER_WEIGHT * blocking
                     - (THREAT_WEIGHT + DANGER_WEIGHT) * dangers)
            settled = False
            while i < n and keys[i] >> 16 == head:
                key = keys[i]
                t = <int>(key & 0xFF) - 1
                if t == NONE:
                    to = m_to(key)
                    to_bit = field_bit(to)
                    # the shoos that follow: the opponent's travellers on foot outside their
                    # home area that two or more of the mover's touch after the move (the
                    # threats of the mover's standing: shoo_targets made them)
                    j = i + 1
                    while j < n and keys[j] >> 8 == key >> 8:
                        j += 1
                    threats = j - i - 1
                    settled = can_win and field_has(home, to)
                    if settled:
                        plain = WIN               # the mover wins (the opponent has not)
                    else:
                        empty_after = empty_run & ~to_bit
                        touched = 0              # next to a square whose emptiness may change
                        if home_riders:
                            touched = near_frm | NEIGH[to]
                        if frm_home or (to_bit & home):
                            # the free home squares change: every distance home with them,
                            # the sums over the travellers outside it once a set of free
                            # home squares (home_sums), the one that moved recounted
                            if to_foot:
                                foot_after, rider_after = foot | to_bit, rider
                            else:
                                foot_after, rider_after = foot, rider | to_bit
                            idx = idx_run     # home_index(home & ~(foot_after | rider_after))
                            if to_bit & home:
                                idx &= ~(1 << home_bit(to, home_base))
                            distance = c.home_distance[side] + NSQ * idx
                            if w.home_stamp[idx] != w.home_gen:
                                w.home_stamp[idx] = w.home_gen
                                w.home_travel[idx] = (
                                    field_sum(p.foot[side] & ~home, distance)
                                    + riders_travel(p.rider[side] & ~home, home, empty,
                                                    distance))
                            travel = travel0 + w.home_travel[idx]
                            if frm >= 0 and not frm_home:
                                if field_has(p.foot[side], frm):
                                    travel -= distance[frm]
                                else:
                                    travel -= (distance[frm] + 3) // 4 + 2
                            if not (to_bit & home):
                                travel += (distance[to] if to_foot
                                           else (distance[to] + 3) // 4 + 2)
                            if rider_after & home:
                                travel += riders_travel(rider_after & home, home, empty_after,
                                                        distance)
                        else:
                            # frm and to outside the home area: the distances of this
                            # position (side_distance), the traveller that moved recounted
                            travel = rest + (side_distance[to] if to_foot
                                             else (side_distance[to] + 3) // 4 + 2)
                            if side_home_riders & touched:
                                travel += (riders_travel(side_home_riders, home, empty_after,
                                                         side_distance) - side_in_riders)
                        opp_in = opp_in_travel_r
                        if opp_in_riders_r & touched:
                            opp_in = riders_travel(opp_in_riders_r, opp_home, empty_after,
                                                   distance_opp_r)
                        plain = (fixed - DISTANCE_WEIGHT * travel + DISTANCE_WEIGHT * opp_in
                                 + (THREAT_WEIGHT + DANGER_WEIGHT)
                                 * (threats - (field_has(danger_zone_r, to) if to_foot else 0))
                                 + BLOCKER_WEIGHT * field_has(opp_home, to))
                        if threats:       # touch2(mine after) & ~opp_home, for the shoos
                            danger_after = twos_run | (ones_run & NEIGH[to])
                    value = plain
                elif settled:
                    value = plain
                else:
                    value = plain + shoo_bonus(c, empty_after, horse, danger_after,
                                               opp_targets_r, opp, t)
                values[i] = value
                if value > best:
                    best = value
                i += 1
            continue
        # the rest (passes, shoo-offs, moves after a hush, a capture that makes the
        # opponent win, and every move when a seat has won or the move limit comes): made
        # and evaluated, then its shoos
        make_move(p, c, key, &after)
        plain = evaluate(&after, c, side)
        settled = winner(&after, c) != NONE or after.ply >= c.max_plies
        empty_after = empty_squares(&after)
        free_after = free_horses(&after)
        danger_after = danger(&after, c, opp)
        targets_after = c.home[opp] & ~travellers(&after, opp)
        values[i] = plain
        if plain > best:
            best = plain
        i += 1
        while i < n and keys[i] >> 8 == key >> 8:
            t = m_shoo(keys[i])
            if settled:
                value = plain
            else:
                value = plain + shoo_bonus(c, empty_after, free_after, danger_after,
                                           targets_after, opp, t)
            values[i] = value
            if value > best:
                best = value
            i += 1
    return best


# -- the players' choice among distinct moves (policies.distinct_moves) ----------------------
cdef enum:
    ACTION_BITS = 40                          # a packed move's action fields, shoo and hush aside
cdef uint64_t NO_HUSHED = <uint64_t>0xFFFFFFFFFFFFFFFFULL   # State.hushed: none


cdef inline uint64_t same_move(uint64_t key) noexcept nogil:
    """policies.same_move: the packed move without its shoo (hush and action)."""
    return key >> 8


cdef inline bint replays(uint64_t key, uint64_t hushed) noexcept nogil:
    """policies.replays: the move's action is the hushed one (its hush and shoo aside)."""
    return (key >> 8) & ((<uint64_t>1 << ACTION_BITS) - 1) == hushed


cdef inline field_t squares_apart(const Pos *a, const Pos *b) noexcept nogil:
    """The squares whose contents differ between two positions."""
    return ((a.foot[0] ^ b.foot[0]) | (a.foot[1] ^ b.foot[1]) | (a.rider[0] ^ b.rider[0])
            | (a.rider[1] ^ b.rider[1]) | (a.horse ^ b.horse))


cdef inline field_t move_squares(const Pos *p, uint64_t key) noexcept nogil:
    """The squares a move may change (make_move): its frm, via, put and to, and the two of
    the hush it begins with (field_bit of NONE is the empty set)."""
    cdef field_t out = (field_bit(m_frm(key)) | field_bit(m_via(key)) | field_bit(m_put(key))
                        | field_bit(m_to(key)))
    if m_hush(key):
        out |= field_bit(p.hush_to) | field_bit(p.hush_origin)
    return out


cdef void ban(const State *g, const Config *c, const Moves *ms, uint8_t *banned) noexcept nogil:
    """policies.allowed, inverted: banned[i] for a move that replays the move just hushed
    back while another remains, then for one that makes one of the game's RECENT latest
    positions again while another remains. A move is made and compared only with the recent
    positions (the other side to move) that differ from this one on squares it changes
    (move_squares): the same bans, without making most moves."""
    cdef int i, j, k = 0, left = 0, m = g.nrecent if g.nrecent < RECENT else RECENT
    cdef int near[RECENT]
    cdef field_t apart[RECENT]
    cdef field_t touched
    cdef bint again
    cdef Pos after
    for i in range(ms.n):
        banned[i] = replays(ms.keys[i], g.hushed)
        left += not banned[i]
    if left == 0:
        for i in range(ms.n):
            banned[i] = 0
    for j in range(m):
        if g.recent[j].side != g.pos.side:
            near[k] = j
            apart[k] = squares_apart(&g.recent[j], &g.pos)
            k += 1
    if k == 0:
        return
    left = 0
    for i in range(ms.n):
        if banned[i]:
            continue
        touched = move_squares(&g.pos, ms.keys[i])
        again = False
        for j in range(k):
            if (apart[j] & ~touched) == 0:
                if not again:
                    make_move(&g.pos, c, ms.keys[i], &after)
                    again = True
                if same_position(&after, &g.recent[near[j]]):
                    banned[i] = 2
                    break
        left += not banned[i]
    if left == 0:
        for i in range(ms.n):
            if banned[i] == 2:
                banned[i] = 0


cdef int choose_random(const Moves *ms, const uint8_t *banned, uint64_t *choices) noexcept nogil:
    """policies.ShooRandom.choose: one choose(k) among the k distinct moves not banned, then
    one choose(j) among the chosen move's j entries not banned; returns its index in ms."""
    cdef int i, k = 0, pick, first = -1, size = 0
    cdef uint64_t last = NO_HUSHED
    for i in range(ms.n):
        if banned[i] or same_move(ms.keys[i]) == last:
            continue
        last = same_move(ms.keys[i])
        k += 1
    pick = <int>dice_choose(choices, k)
    last = NO_HUSHED
    for i in range(ms.n):
        if banned[i] or same_move(ms.keys[i]) == last:
            continue
        last = same_move(ms.keys[i])
        if pick == 0:
            first = i
            break
        pick -= 1
    i = first
    while i < ms.n and same_move(ms.keys[i]) == last:
        size += not banned[i]
        i += 1
    pick = <int>dice_choose(choices, size)
    i = first
    while True:
        if not banned[i]:
            if pick == 0:
                return i
            pick -= 1
        i += 1


cdef int choose_best(const Moves *ms, const int *values, const uint8_t *banned,
                     uint64_t *choices) noexcept nogil:
    """policies.best_of_groups and one choose(k) among the k distinct moves of the top
    value (of those not banned), each by its first entry of that value; its index."""
    cdef int i, k = 0, pick, top = -INFINITY
    cdef uint64_t last = NO_HUSHED
    for i in range(ms.n):
        if not banned[i] and values[i] > top:
            top = values[i]
    for i in range(ms.n):
        if values[i] == top and not banned[i] and same_move(ms.keys[i]) != last:
            last = same_move(ms.keys[i])
            k += 1
    pick = <int>dice_choose(choices, k)
    last = NO_HUSHED
    for i in range(ms.n):
        if values[i] == top and not banned[i] and same_move(ms.keys[i]) != last:
            last = same_move(ms.keys[i])
            if pick == 0:
                return i
            pick -= 1
    return 0


cdef int choose_greedy(const Pos *p, const Config *c, Work *w, const uint8_t *banned,
                       uint64_t *choices) noexcept nogil:
    """policies.GreedyPolicy.choose: a best distinct move by the evaluation, ties broken by
    one choose(k) from the choice stream; returns its index in w.root."""
    greedy_values(p, c, &w.root, w.values, w)
    return choose_best(&w.root, w.values, banned, choices)


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


cdef uint64_t zobrist(const Pos *p) noexcept nogil:
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


cdef inline bint duel(const Pos *p) noexcept nogil:
    """evaluation.duel: neither side has two travellers on the field."""
    return field_count(travellers(p, 0)) < 2 and field_count(travellers(p, 1)) < 2


cdef inline bint near_duel(const Pos *p) noexcept nogil:
    """Whether a move of ``p`` may lead to a duel: a move takes at most one traveller of
    each side off the field (its own shoo-off, and the opponent's hush it applies), so
    not while either side has three or more."""
    return field_count(travellers(p, 0)) < 3 and field_count(travellers(p, 1)) < 3


cdef inline int tactics(const Pos *p, const Config *c, int seat) noexcept nogil:
    """evaluation.tactics: a horse at hand (a rider, or a traveller on foot outside its
    home area next to a free horse it may mount), less its riders next to an opponent's
    traveller."""
    cdef field_t usable = free_horses(p) if seat == p.side else p.horse
    cdef int mount = (p.foot[seat] & ~c.home[seat] & field_spread(usable)) != 0
    if p.rider[seat] != 0:
        mount = 1
    return (MOUNT_WEIGHT * mount
            - EXPOSED_WEIGHT * field_count(p.rider[seat] & field_spread(travellers(p, 1 - seat))))


cdef inline int duel_tactics(const Pos *p, const Config *c) noexcept nogil:
    """What evaluation.search_evaluation adds for the side to move: the tactics of each
    side, the opponent's subtracted, in a duel (0 otherwise)."""
    if not duel(p):
        return 0
    return tactics(p, c, p.side) - tactics(p, c, 1 - p.side)


cdef int tactics_after(const Pos *p, const Config *c, uint64_t move) noexcept nogil:
    """What search.AlphaBeta.child_value adds to greedy's value of ``move``: the tactics of
    the position it leads to, the mover's less the opponent's, in a duel (0 otherwise)."""
    cdef Pos after
    make_move(p, c, move, &after)
    if not duel(&after):
        return 0
    return tactics(&after, c, p.side) - tactics(&after, c, 1 - p.side)


cdef inline int leaf_value(const Pos *p, const Config *c, int root_ply) noexcept nogil:
    """search.leaf_value: evaluation.search_evaluation for the side to move."""
    cdef int value = evaluate(p, c, p.side)
    if value == WIN:
        return WIN - (p.ply - root_ply)
    if value == -WIN:
        return -WIN + (p.ply - root_ply)
    if p.ply >= c.max_plies:
        return value
    return value + duel_tactics(p, c)


cdef int negamax(const Pos *p, const Config *c, Work *w, int depth, int alpha, int beta,
                 uint64_t *buffer) noexcept nogil:
    """search.AlphaBeta.negamax; sets w.aborted (and returns 0) past the budget."""
    cdef Moves ms
    cdef Pos after
    cdef Entry *entry
    cdef uint64_t key, first = 0, killer, move, best_move
    cdef uint64_t *ordered
    cdef int i, j, k, x, n, m = 0, early, height, best = -INFINITY, floor = alpha, value, bound
    cdef int *static
    cdef int *vals
    cdef bint tactical
    w.searched += 1
    if (w.abortable and w.searched > w.limit) or interrupted(c.stop, 1):
        w.aborted = True      # (a signal: every later node too, so the search unwinds)
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
    static = w.evals + 2 * height * MAXMOVES
    greedy_values(p, c, &ms, static, w)
    tactical = near_duel(p)
    for i in range(n):                  # the leaves' values (child_value): greedy's and
        if static[i] >= WIN:            # the tactics after the move unless the game ends
            static[i] = WIN - (p.ply + 1 - w.root_ply)
        elif static[i] <= -WIN:
            static[i] = -WIN + (p.ply + 1 - w.root_ply)
        elif tactical and p.ply + 1 < c.max_plies:
            static[i] += tactics_after(p, c, ms.keys[i])
    if depth == 1:                      # every child a leaf: the best of their values
        j = 0
        for i in range(1, n):
            if static[i] > static[j]:
                j = i
        entry.key, entry.stamp, entry.depth = key, w.stamp, depth
        entry.value, entry.bound, entry.move = static[j], B_EXACT, ms.keys[j]
        return static[j]
    killer = w.killers[height]
    vals = static + n
    for i in range(n):
        if ms.keys[i] == first:
            ordered[m] = first
            m += 1
    for i in range(n):
        if ms.keys[i] == killer and killer != first:
            ordered[m] = killer
            m += 1
    early = m
    for i in range(n):
        move = ms.keys[i]
        if move != first and move != killer:
            ordered[m] = move
            vals[m] = static[i]
            m += 1
    best_move = ordered[0]
    for i in range(n):
        if i >= early:                  # the best of the rest next, stable (a selection)
            j = i
            for k in range(i + 1, n):
                if vals[k] > vals[j]:
                    j = k
            if j != i:
                move, x = ordered[j], vals[j]
                for k in range(j, i, -1):
                    ordered[k] = ordered[k - 1]
                    vals[k] = vals[k - 1]
                ordered[i], vals[i] = move, x
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


cdef bint iteration(const Pos *p, const Config *c, Work *w, int depth) noexcept nogil:
    """search.AlphaBeta.iteration into w.values; False if abandoned."""
    cdef Pos after
    cdef int j, i, best = -INFINITY
    w.completed = 0
    for j in range(w.root.n):
        i = w.order[j]
        make_move(p, c, w.root.keys[i], &after)
        w.values[i] = -negamax(&after, c, w, depth - 1, -INFINITY, 1 - best, w.buffer)
        if w.aborted:
            return False
        w.completed = j + 1
        if w.values[i] > best:
            best = w.values[i]
    return True


cdef int search(const Pos *p, const Config *c, Work *w, int64_t limit) noexcept nogil:
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
    while True:
        for i in range(n):
            w.scores[i] = w.values[i]
        for i in range(1, n):          # stable, best first
            x = w.order[i]
            j = i - 1
            while j >= 0 and w.scores[w.order[j]] < w.scores[x]:
                w.order[j + 1] = w.order[j]
                j -= 1
            w.order[j + 1] = x
        if depth >= MAX_DEPTH:
            break
        w.abortable = True
        if not iteration(p, c, w, depth + 1):
            if depth + 1 <= PARTIAL_DEPTH and w.completed > 0:   # the moves it searched decide
                for j in range(n):
                    w.scores[w.order[j]] = w.values[w.order[j]] if j < w.completed else -INFINITY
            break
        depth += 1
    w.nodes += w.searched
    return depth


cdef int choose_search(const Pos *p, const Config *c, Work *w, int budget,
                       const uint8_t *banned, uint64_t *choices) noexcept nogil:
    """policies.SearchPolicy.choose: a best distinct move of the search (choose_best)."""
    search(p, c, w, <int64_t>budget * NODE_UNIT)
    return choose_best(&w.root, w.scores, banned, choices)


# -- the decision API (cext/common/decisions.pxi; solver/shoo/state.py) -----------------------
cdef enum:
    MAX_ACTIONS = MAXMOVES   # room for the legal actions of any node


# A game on the decision API (solver.shoo.state.ShooState): one decision node a move, the
# side to move's; no chance nodes.
cdef struct State:
    Pos pos                  # the position
    bint over                # the game is over: winner, ended_by
    bint stopped             # a signal (or too many legal moves) stopped the game
    int winner               # the seat that won, DRAW, or NONE while the game goes on
    int ended_by             # ENDED_*, or NONE
    int decisions            # the result row's counters (ShooState's)
    int hushes
    int shoos[2]
    int shoo_offs[2]
    int captures[2]
    uint64_t choices         # the game's choice stream
    int nlegal               # this node's legal moves, once decide has counted them; or -1
    int32_t picked           # the action decide picked at this node, or -1
    uint64_t picked_key      # ... its packed move
    Pos recent[RECENT]       # the game's latest positions (ShooState.recent), a ring:
    int nrecent              # ... position k at recent[k % RECENT]; how many so far
    uint64_t hushed          # the side to move's last move, hushed back by the opponent's
                             # last move: its action fields (replays), or NO_HUSHED
                             # (ShooState.hushed: player memory, not in same_position)
    int sim_stop             # an mcts-N simulation: the move count it ends at (0: not one)
    Pos seen[HISTORY_PLIES + 1]   # the position after each move, when the rules draw by
                                  # repetition (ShooState.seen; ply - start ply)


cdef bint same_position(const Pos *a, const Pos *b) noexcept nogil:
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


cdef inline int32_t encode(uint64_t key) noexcept nogil:
    """The action id of a packed move (solver.shoo.state.Encoder.encode)."""
    cdef int kind = m_kind(key), j, f, how, digit
    cdef int squares[4]
    cdef int32_t value = 0
    squares[0] = m_frm(key)
    squares[1] = m_via(key)
    squares[2] = m_put(key)
    squares[3] = m_to(key)
    for j in range(MAX_DIGITS):
        f = DIGIT_FIELD[kind][j]
        if f < 0:
            break
        how = DIGIT_HOW[kind][j]
        if how == D_SQ:
            digit = squares[f]
        elif how == D_NB_FRM:
            digit = NB_RANK[squares[0]][squares[f]]
        elif how == D_NB_VIA:
            digit = NB_RANK[squares[1]][squares[f]]
        elif how == D_LN_FRM:
            digit = LN_RANK[squares[0]][squares[f]]
        else:
            digit = LN_RANK[squares[1]][squares[f]]
        value = value * DIGIT_RADIX[kind][j] + digit
    return BLOCK_START[m_hush(key) * NKINDS + kind] + value * ACTION_SHOOS + m_shoo(key) + 1


cdef inline bint decode(int32_t action, uint64_t *key) noexcept nogil:
    """The packed move of an action id (Encoder.decode); False for an id no move has."""
    cdef int block = 2 * NKINDS - 1, kind, hush, shoo, n = 0, j, f, how, digit
    cdef int32_t value
    cdef int digits[MAX_DIGITS]
    cdef int squares[4]
    if action < 0 or action >= ACTION_COUNT:
        return False
    while BLOCK_START[block] > action:
        block -= 1
    hush = block // NKINDS
    kind = block % NKINDS
    value = (action - BLOCK_START[block]) // ACTION_SHOOS
    shoo = (action - BLOCK_START[block]) % ACTION_SHOOS - 1
    while n < MAX_DIGITS and DIGIT_FIELD[kind][n] >= 0:
        n += 1
    for j in range(n - 1, -1, -1):
        digits[j] = value % DIGIT_RADIX[kind][j]
        value //= DIGIT_RADIX[kind][j]
    if value:
        return False
    squares[0] = squares[1] = squares[2] = squares[3] = NONE
    for j in range(n):
        f = DIGIT_FIELD[kind][j]
        how = DIGIT_HOW[kind][j]
        digit = digits[j]
        if how == D_SQ:
            squares[f] = digit
        elif how == D_NB_FRM or how == D_NB_VIA:
            squares[f] = NB_SQUARE[squares[0] if how == D_NB_FRM else squares[1]][digit]
        else:
            squares[f] = LN_SQUARE[squares[0] if how == D_LN_FRM else squares[1]][digit]
        if squares[f] < 0:
            return False
    key[0] = pack(hush, kind, squares[0], squares[1], squares[2], squares[3], shoo)
    return True


cdef void overflowed(const Config *c) noexcept nogil:
    """Stop the call: a position had more legal moves than the kernel has room for (the
    wrapper raises OverflowError, as for a signal: cext/common/interrupt.pxd)."""
    with gil:
        if not c.stop.raised:
            PyErr_SetString(OverflowError,
                            b"a position had more legal moves than the kernel has room for")
            _interrupt_fetch(&c.stop.kind, &c.stop.value, &c.stop.trace)
            c.stop.raised = True


cdef inline void settle(State *g, const Config *c) noexcept nogil:
    """ShooState._settle: a win, the move limit, the repetition-th occurrence."""
    cdef int won = winner(&g.pos, c), i, count = 0
    if won != NONE:
        g.over, g.winner, g.ended_by = True, won, ENDED_WIN
    elif g.pos.ply >= c.max_plies:
        g.over, g.winner, g.ended_by = True, DRAW, ENDED_LIMIT
    elif c.repetition and g.pos.ply > c.start.ply:
        for i in range(g.pos.ply - c.start.ply + 1):
            count += same_position(&g.seen[i], &g.pos)
        if count >= c.repetition:
            g.over, g.winner, g.ended_by = True, DRAW, ENDED_REPETITION


cdef inline void game_start(State *g, const Config *c, uint64_t key) noexcept nogil:
    cdef int seat
    g.pos = c.start
    g.over = g.stopped = False
    g.winner = g.ended_by = NONE
    g.decisions = g.hushes = 0
    for seat in range(2):
        g.shoos[seat] = g.shoo_offs[seat] = g.captures[seat] = 0
    g.choices = key ^ DICE_CHOICE_SALT
    g.nlegal = g.picked = -1
    g.hushed = NO_HUSHED
    g.sim_stop = 0
    g.recent[0] = g.pos
    g.nrecent = 1
    if c.repetition:
        g.seen[0] = g.pos
    settle(g, c)


cdef inline int current_player(const State *g, const Config *c) noexcept nogil:
    if g.over or g.stopped or (g.sim_stop and g.pos.ply >= g.sim_stop):
        return TERMINAL      # (an mcts-N simulation cut off: policies.Simulation)
    return g.pos.side


cdef inline int legal_actions(const State *g, const Config *c, int32_t *actions) noexcept nogil:
    cdef Moves ms
    cdef int i
    if g.over or g.stopped:
        return 0
    ms.keys = c.scratch
    legal_moves(&g.pos, c, &ms)
    for i in range(ms.n):
        actions[i] = encode(ms.keys[i])
    return ms.n


cdef inline int chance_outcomes(const State *g, const Config *c, int32_t *outcomes,
                                double *probabilities) noexcept nogil:
    return 0            # Shoo has no chance nodes


cdef inline int32_t draw_chance(State *g, const Config *c) noexcept nogil:
    return -1           # never called: Shoo has no chance nodes


cdef inline int32_t decide(State *g, const Config *c, int seat) noexcept nogil:
    """The seat's player (policies.py: random, greedy, search-N) picks among the legal
    moves, drawing from the choice stream; a single legal move is made without a draw."""
    cdef Work *w = c.w
    cdef int pick = 0
    cdef int64_t searched = w.nodes
    if c.policy[seat] == P_MCTS:          # its playouts' greedy moves use the work space
        g.nlegal = g.picked = -1
        return mcts(g, c, c.rollout, seat, c.budget[seat])
    legal_moves(&g.pos, c, &w.root)
    if w.root.overflow:
        overflowed(c)
        g.stopped = True
        return -1
    if w.root.n > 1:
        ban(g, c, &w.root, w.banned)
        if c.policy[seat] == P_RANDOM:
            pick = choose_random(&w.root, w.banned, &g.choices)
        elif c.policy[seat] == P_GREEDY:
            pick = choose_greedy(&g.pos, c, w, w.banned, &g.choices)
        else:
            pick = choose_search(&g.pos, c, w, c.budget[seat], w.banned, &g.choices)
            if w.overflow:
                overflowed(c)
                g.stopped = True
                return -1
    if interrupted(c.stop, PLY_WORK + w.nodes - searched):
        g.stopped = True
    g.nlegal = w.root.n
    g.picked_key = w.root.keys[pick]
    g.picked = encode(g.picked_key)
    return g.picked


cdef inline void apply_action(State *g, const Config *c, int32_t action) noexcept nogil:
    """ShooState.apply_action: make the move and count it into the result row."""
    cdef uint64_t key
    cdef int seat = g.pos.side, n, kind
    cdef Moves ms
    cdef Pos after
    if g.over or g.stopped:
        return
    if action == g.picked:
        key = g.picked_key
    elif not decode(action, &key):
        return
    n = g.nlegal
    if n < 0:
        ms.keys = c.scratch
        legal_moves(&g.pos, c, &ms)
        n = ms.n
    kind = m_kind(key)
    g.hushed = NO_HUSHED
    if m_hush(key):                   # ShooState._play: the opponent's move hushed back
        g.hushed = same_move(pack(0, K_WALK if g.pos.hush_how == H_STEP else (
            K_DISMOUNT if g.pos.hush_how == H_DISMOUNT else K_RETURN), g.pos.hush_origin,
            NONE, NONE, g.pos.hush_to, NONE))
    g.decisions += n > 1
    g.hushes += m_hush(key)
    g.shoos[seat] += m_shoo(key) != NONE
    g.shoo_offs[seat] += kind == K_SHOO_OFF
    g.captures[seat] += kind == K_CAPTURE
    make_move(&g.pos, c, key, &after)
    g.pos = after
    g.recent[g.nrecent % RECENT] = after
    g.nrecent += 1
    g.nlegal = g.picked = -1
    if c.repetition:
        g.seen[g.pos.ply - c.start.ply] = g.pos
    settle(g, c)


cdef inline void returns(const State *g, const Config *c, double *out) noexcept nogil:
    """ShooState.returns; an mcts-N simulation cut off (policies.Simulation) gives each
    seat its evaluation squashed, 1 / (1 + exp(-evaluation / MCTS_SCALE))."""
    cdef double e
    out[0] = out[1] = 0.0
    if not g.over:
        if g.sim_stop and g.pos.ply >= g.sim_stop:
            e = <double>evaluate(&g.pos, c, 0)          # seat 1's is -e
            out[0] = 1.0 / (1.0 + exp(-e / MCTS_SCALE))
            out[1] = 1.0 / (1.0 + exp(e / MCTS_SCALE))
        return
    if g.winner == DRAW:
        out[0] = out[1] = 0.5
    else:
        out[g.winner] = 1.0


cdef inline void write_row(const State *g, const Config *c, int32_t *row) noexcept nogil:
    cdef int seat
    cdef int32_t *per_seat = row + NGAME_COLUMNS
    row[COL_WINNER] = g.winner
    row[COL_TURNS] = g.pos.ply
    row[COL_DECISION_TURNS] = g.decisions
    row[COL_ENDED_BY] = g.ended_by
    row[COL_HUSHES] = g.hushes
    for seat in range(2):
        per_seat[SEATCOL_SHOOS * c.players + seat] = g.shoos[seat]
        per_seat[SEATCOL_SHOO_OFFS * c.players + seat] = g.shoo_offs[seat]
        per_seat[SEATCOL_CAPTURES * c.players + seat] = g.captures[seat]
        per_seat[SEATCOL_HOME * c.players + seat] = field_count(travellers(&g.pos, seat)
                                                                & c.home[seat])


cdef object position_view(const Pos *p):
    """Position.key as plain values: (board, stable horses, stabled, pastures, side, held,
    shoo, hush or None)."""
    cdef int s
    board = [EMPTY] * NSQ
    for s in range(NSQ):
        if field_has(p.horse, s):
            board[s] = HORSE
        elif field_has(p.foot[0], s) or field_has(p.foot[1], s):
            board[s] = FOOT + field_has(p.foot[1], s)
        elif field_has(p.rider[0], s) or field_has(p.rider[1], s):
            board[s] = RIDER + field_has(p.rider[1], s)
    hush = None if p.hush_to < 0 else (p.hush_to, p.hush_how, p.hush_origin)
    return (tuple(board), (p.stable_horses[0], p.stable_horses[1]),
            (p.stabled[0], p.stabled[1]), (p.pasture[0], p.pasture[1]), p.side, p.held,
            p.shoo, hush)


cdef object state_view(const State *g, const Config *c):
    """solver.shoo.kernel.state_view's value: the position and its move count, the end,
    the result row's counters and the positions seen (with their counts, sorted)."""
    cdef int i
    seen = {}
    if c.repetition:
        for i in range(g.pos.ply - c.start.ply + 1):
            key = position_view(&g.seen[i])
            seen[key] = seen.get(key, 0) + 1
    return (position_view(&g.pos), g.pos.ply, g.winner, g.ended_by, g.decisions, g.hushes,
            (g.shoos[0], g.shoos[1]), (g.shoo_offs[0], g.shoo_offs[1]),
            (g.captures[0], g.captures[1]), tuple(sorted(seen.items())))


# -- from Python ------------------------------------------------------------------------------
cdef class Setup:
    """The rules, the players and the start position as C structs (Config), and the work
    space of one worker, in typed memoryviews the Config points into."""

    cdef Config c
    cdef Config rollout
    cdef Work w
    cdef Interrupt stop
    cdef uint64_t[::1] root_keys, scratch, buffer
    cdef int[::1] evals
    cdef int[::1] values, order, scores
    cdef uint8_t[::1] banned
    cdef uint8_t[::1] table
    cdef const int8_t[:, :, ::1] home_distance

    def __init__(self, config):
        """``config``: solver.shoo.kernel.config's plain dict."""
        cdef int seat, i
        interrupt_init(&self.stop)
        self.c.stop = &self.stop
        self.root_keys = np.empty(MAXMOVES, dtype=np.uint64)
        self.scratch = np.empty(MAXMOVES, dtype=np.uint64)
        self.buffer = np.empty(2 * MAX_DEPTH * MAXMOVES, dtype=np.uint64)
        self.evals = np.empty(2 * (MAX_DEPTH + 1) * MAXMOVES, dtype=np.intc)
        self.values = np.empty(MAXMOVES, dtype=np.intc)
        self.order = np.empty(MAXMOVES, dtype=np.intc)
        self.scores = np.empty(MAXMOVES, dtype=np.intc)
        self.banned = np.zeros(MAXMOVES, dtype=np.uint8)
        self.table = np.zeros((1 << TABLE_BITS) * sizeof(Entry), dtype=np.uint8)
        self.w.root.keys = &self.root_keys[0]
        self.w.values = &self.values[0]
        self.w.order = &self.order[0]
        self.w.scores = &self.scores[0]
        self.w.banned = &self.banned[0]
        self.w.table = <Entry *>&self.table[0]
        self.w.buffer = &self.buffer[0]
        self.w.evals = &self.evals[0]
        self.w.stamp = 0
        self.w.home_gen = 0
        for i in range(512):
            self.w.home_stamp[i] = -1
        self.w.nodes = 0
        self.c.w = &self.w
        self.c.scratch = &self.scratch[0]
        self.home_distance = config["home_distance"]
        if (self.home_distance.shape[0], self.home_distance.shape[1],
                self.home_distance.shape[2]) != (2, 512, NSQ):
            raise ValueError("home_distance: one 512 x 81 table a seat")
        for seat in range(2):
            self.c.home[seat] = _from_python(config["home"][seat])
            self.c.home_base[seat] = config["home_base"][seat]
            self.c.home_distance[seat] = &self.home_distance[seat, 0, 0]
            self.c.first_row[seat] = _from_python(config["first_row"][seat])
            self.c.policy[seat] = config["policy"][seat]
            self.c.budget[seat] = config["budget"][seat]
        self.c.players = len(config["policy"])      # 2: solver.shoo.kernel.config checks
        self.c.hush = config["hush"]
        self.c.leave_home = config["leave_home"]
        self.c.call_next_to = config["call_next_to"]
        self.c.hold_move = config["hold_move"]
        self.c.escape_by_horse = config["escape_by_horse"]
        self.c.max_plies = config["max_plies"]
        self.c.repetition = config["repetition"]
        self.c.start = state_of(config["start"])
        if self.c.repetition and self.c.max_plies - self.c.start.ply > HISTORY_PLIES:
            raise ValueError(f"the kernel keeps the positions of {HISTORY_PLIES} moves for the "
                             f"draw by repetition, not of max_plies = {self.c.max_plies}")
        self.rollout = self.c                 # mcts-N's playouts: greedy in both seats
        for seat in range(2):
            self.rollout.policy[seat] = P_GREEDY
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        self.rollout.simulates = True
        self.c.simulates = False
        self.c.rollout = &self.rollout


cdef Pos state_of(position):
    """The C state of a position as solver.shoo.kernel.position_data gives it: ``(board,
    stable_horses, stabled, pasture, side, held, shoo, ply, hush)``, ``hush`` ``(to, how,
    origin)`` or None."""
    cdef Pos p
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


cdef int64_t perft_c(const Pos *p, const Config *c, int depth, uint64_t *buffer) noexcept nogil:
    cdef Moves ms
    cdef Pos after
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
    """solver.shoo.engine.perft by the kernel over positions (the positions seen do not
    count: a perft of a game under a draw by repetition is KernelState.count_sequences);
    ``progress(done)`` is called every few milliseconds with the move generations done so
    far (cext/common/interrupt.pxd)."""
    cdef Setup setup = Setup(config)
    interrupt_init(&setup.stop, progress)
    cdef Pos p = state_of(position)
    cdef uint64_t[::1] buffer = np.empty((depth + 1) * MAXMOVES, dtype=np.uint64)
    cdef int64_t count
    with nogil:
        count = perft_c(&p, &setup.c, depth, &buffer[0])
    interrupt_raise(&setup.stop)
    if count < 0:
        raise OverflowError("more legal moves than the kernel has room for")
    return int(count)


def detect(config, position):
    """moves.detect by the kernel: (shooable squares, shooed-off squares)."""
    cdef Setup setup = Setup(config)
    cdef Pos p = state_of(position)
    return (squares_of(shooable(&p, &setup.c, 1 - p.side)), squares_of(shooed_off(&p, &setup.c)))


def position_key(position):
    """search.zobrist by the kernel."""
    cdef Pos p = state_of(position)
    return int(zobrist(&p))


def search_values(config, position, int budget):
    """search.search by the kernel with ``budget * NODE_UNIT`` nodes: (each legal move's
    value, the depth completed, the nodes visited)."""
    cdef Setup setup = Setup(config)
    cdef Pos p = state_of(position)
    cdef int depth
    with nogil:
        legal_moves(&p, &setup.c, &setup.w.root)
        depth = search(&p, &setup.c, &setup.w, <int64_t>budget * NODE_UNIT)
    if setup.w.root.overflow or setup.w.overflow:
        raise OverflowError("more legal moves than the kernel has room for")
    return ([setup.w.scores[i] for i in range(setup.w.root.n)], depth,
            int(setup.w.searched))


def evaluation(config, position, int seat):
    """evaluation.evaluate by the kernel."""
    cdef Setup setup = Setup(config)
    cdef Pos p = state_of(position)
    return evaluate(&p, &setup.c, seat)


cdef class Positions:
    """Many positions as C states, for timing the kernel's routines over them."""

    cdef Pos *states           # into memory
    cdef uint8_t[::1] memory
    cdef int n
    cdef Setup setup

    def __init__(self, config, positions):
        cdef int i
        self.n = len(positions)
        self.setup = Setup(config)
        self.memory = np.empty(max(self.n, 1) * sizeof(Pos) + 16, dtype=np.uint8)
        self.states = <Pos *>(&self.memory[0] + (-<size_t>&self.memory[0] & 15))  # 16-aligned
        for i, position in enumerate(positions):
            self.states[i] = state_of(position)

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


    def greedy_values(self, int i, bint fast=True):
        """greedy's value of each legal move of position ``i`` (in canonical order), by
        greedy_values (``fast``) or greedy_values_slow (each move made and evaluated)."""
        cdef Work *w = &self.setup.w
        cdef int n
        if not 0 <= i < self.n:
            raise IndexError(i)
        with nogil:
            legal_moves(&self.states[i], &self.setup.c, &w.root)
            if not w.root.overflow:
                if fast:
                    greedy_values(&self.states[i], &self.setup.c, &w.root, w.values, w)
                else:
                    greedy_values_slow(&self.states[i], &self.setup.c, &w.root, w.values, w)
        if w.root.overflow:
            raise OverflowError("more legal moves than the kernel has room for")
        return [w.values[j] for j in range(w.root.n)]


    def tactics_after(self, int i):
        """Each legal move's tactics_after of position ``i`` (in canonical order)."""
        cdef Work *w = &self.setup.w
        cdef int j
        if not 0 <= i < self.n:
            raise IndexError(i)
        with nogil:
            legal_moves(&self.states[i], &self.setup.c, &w.root)
            if not w.root.overflow:
                for j in range(w.root.n):
                    w.values[j] = tactics_after(&self.states[i], &self.setup.c,
                                                w.root.keys[j])
        if w.root.overflow:
            raise OverflowError("more legal moves than the kernel has room for")
        return [w.values[j] for j in range(w.root.n)]


def evaluated_positions(config, const uint64_t[::1] keys):
    """Play one game per key as play_chunk does; returns the number of positions the
    players evaluated (a search's nodes), for benchmarks."""
    cdef Setup setup = Setup(config)
    cdef State g
    cdef Py_ssize_t i
    setup.w.nodes = 0
    with nogil:
        for i in range(keys.shape[0]):
            play_game(&g, &setup.c, keys[i])
            if interrupted(setup.c.stop, 1):
                break
    interrupt_raise(&setup.stop)
    return int(setup.w.nodes)


# the seeded whole-game loop, play_chunk, perft and KernelState over the functions above
cdef inline int mcts_actions(State* g, const Config* c, int32_t* actions) noexcept nogil:
    """cext/common/mcts.pxi's hook (policies.mcts_candidates): of the distinct moves allowed
    (the replay of a hushed move and a recent position left out as for every player), each
    by its entry of greedy's best value (the lowest action among equals), the MCTS_WIDTH of
    greedy's highest values, best first, equal values in the order of tie_key."""
    cdef Moves ms
    cdef Work *w = c.w
    cdef int i, j, k, n = 0, best = -1, width = MCTS_WIDTH
    cdef uint64_t group = NO_HUSHED, salt
    cdef int *picks = w.order
    cdef int32_t a
    cdef uint64_t *ties = w.buffer          # (the search's room, unused by mcts-N)
    if g.over or g.stopped or (g.sim_stop and g.pos.ply >= g.sim_stop):
        return 0
    ms.keys = c.scratch
    legal_moves(&g.pos, c, &ms)
    ban(g, c, &ms, w.banned)
    greedy_values(&g.pos, c, &ms, w.values, w)
    interrupted(c.stop, PLY_WORK + ms.n)   # counted only: the search sees a signal next
    for i in range(ms.n):
        if w.banned[i]:
            continue
        if same_move(ms.keys[i]) != group:
            if best >= 0:
                picks[n] = best
                n += 1
            group, best = same_move(ms.keys[i]), i
        elif w.values[i] > w.values[best]:
            best = i
    picks[n] = best
    n += 1
    salt = zobrist(&g.pos)
    for i in range(n):
        actions[i] = encode(ms.keys[picks[i]])
        ties[i] = mix64(salt ^ <uint64_t>actions[i])
    if width > n:
        width = n
    for j in range(width):              # a selection: the best of the rest
        k = j
        for i in range(j + 1, n):
            if (w.values[picks[i]] > w.values[picks[k]]
                    or (w.values[picks[i]] == w.values[picks[k]] and ties[i] < ties[k])):
                k = i
        best, a, salt = picks[k], actions[k], ties[k]
        for i in range(k, j, -1):
            picks[i] = picks[i - 1]
            actions[i] = actions[i - 1]
            ties[i] = ties[i - 1]
        picks[j], actions[j], ties[j] = best, a, salt
    return width


cdef inline uint64_t* mcts_choices(State* g) noexcept nogil:
    """cext/common/mcts.pxi's hook: the game's choice stream."""
    return &g.choices


cdef inline void mcts_reseed(State *h, const Config *c, uint64_t key) noexcept nogil:
    """cext/common/mcts.pxi's hook: the copy's choice stream restarted from ``key`` (as
    game_start does; Shoo has no dice)."""
    h.choices = key ^ DICE_CHOICE_SALT
    h.nlegal = h.picked = -1
    if c.simulates:                 # policies.mcts_start: cut off, valued by the evaluation
        h.sim_stop = h.pos.ply + MCTS_PLIES


cdef inline double mcts_exploration() noexcept nogil:
    return 1.4      # solver.mcts.C


cdef inline double mcts_keep_z() noexcept nogil:
    return 0.0      # no keep


def play_chunk(config, const uint64_t[::1] keys):
    """The games of ``keys`` (decisions.pxi's play_chunk_nodes: node by node)."""
    return play_chunk_nodes(config, keys)


include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"

