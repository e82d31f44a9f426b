# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shoo in C on bit sets: the same moves, shoo detection, players and games as
solver/shoo/, on the decision API of cext/common/decisions.pxi.

The contract is play.pxd, which Cython checks this module against: the C structs (``Pos``,
``Config``, ``State`` and the players' work space) and the decision API's functions and
mcts hooks that the shared code calls. The rest is one include file a concept, each named
after its readable twin in solver/shoo/ and opening with what it holds: board.pxi (the
field's tables), position.pxi (sets of a position: the shooable, the shooed-off, the
winner), moves.pxi (packed moves, making them, legal moves), evaluation.pxi (the
evaluation and greedy's values), search.pxi (search-N's alpha-beta), policies.pxi (the
players' choices and mcts-N's hooks) and state.pxi (the decision API); this file holds the
Python face: ``Setup`` (a configuration into C) and the entry points.

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
search-N, mcts-N), drawing from the choice stream as it does. Whole games are the generic
loop of cext/common/decisions.pxi (``play_game``, ``play_chunk_nodes``, ``KernelState``),
without the GIL.

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
                                  OPENING_FIRST_MOVE,
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

include "cext/shoo/board.pxi"
include "cext/shoo/position.pxi"
include "cext/shoo/moves.pxi"
include "cext/shoo/evaluation.pxi"
include "cext/shoo/search.pxi"
include "cext/shoo/policies.pxi"
include "cext/shoo/state.pxi"


# -- from Python ------------------------------------------------------------------------------
cdef field_t _from_python(object bits):
    cdef field_t out = 0
    cdef int s
    for s in range(NSQ):
        if bits >> s & 1:
            out |= field_bit(s)
    return out


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
        cdef object given, kept
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
        given = config["rules"]
        self.c.rules = given            # the rules' fields in one (a missing one: ValueError)
        kept = self.c.rules             # back as a dict: Cython ignored any field not in Rules
        if kept != given:
            raise ValueError(f"the rules {sorted(given)} are not the kernel's {sorted(kept)}")
        self.c.start = state_of(config["start"])
        if self.c.rules.repetition and self.c.rules.max_plies - self.c.start.ply > HISTORY_PLIES:
            raise ValueError(f"the kernel keeps the positions of {HISTORY_PLIES} moves for the "
                             f"draw by repetition, not of max_plies = {self.c.rules.max_plies}")
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

def perft(config, position, int depth, progress=None):
    """solver.shoo.perft.perft by the kernel over positions (the positions seen do not
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

def play_chunk(config, const uint64_t[::1] keys):
    """The games of ``keys`` (decisions.pxi's play_chunk_nodes: node by node)."""
    return play_chunk_nodes(config, keys)


# the seeded whole-game loop, play_chunk_nodes, perft and KernelState over the functions above
include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"
