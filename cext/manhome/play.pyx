# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Man Home in C: the decision API of the reference engine (solver/manhome/state.py), fast.

The nodes of a turn, their action ids (ascending), the chance outcomes and their
probabilities, and what a chance node draws from the dice stream are exactly those of
``solver/manhome/state.py`` (its module docstring); ``decide`` is each seat's player of
``solver/manhome/policies.py``, drawing from the choice stream exactly as it does. The
generic half — the seeded whole-game loop, perft, the result rows of ``play_chunk`` and
``KernelState`` — is ``cext/common/decisions.pxi``, included at the end. When no seat
searches, ``play_chunk`` plays a turn at a time (``fast_game``: the same draws, decisions
and games, without the nodes); the pxi's node-by-node ``play_chunk`` stays the reference,
as ``play_chunk_nodes``.

The numbers both engines share (the board's size, the move kinds, phases, action ids and
outcomes, the prime factors of every square, the players' and tie rules' codes, the greedy
player's ranks, the result rows' columns) come from cext/manhome/constants.pxd, written from
the solver's readable code when the package is built (solver/manhome/kernel.py); the rules,
players and solved tables come in as a plain configuration (``kernel.config``). The hot loop
runs without the GIL over plain C structs.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset

from cext.common.bits cimport bits_lowest
from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.manhome.constants cimport (
    A_ACTION, A_NEW_MAN, ATTACKER_WINS, CHANCE, COL_DECISION_TURNS, COL_TURNS, COL_WINNER, D6,
    DEATH, DEFENDER_HOLDS, EMPTY, FIRST_MOVE_ACTION, FIRST_SQUARE, HOME, IS_PRIME, K_DIV_PRIME,
    K_NEW_MAN, K_SUB_ONE, KIND_OF_ROLL, MAX_ACTIONS, MAXMOVES, MAXP, MOST_PRIMES, MOVE_TARGET,
    NGAME_COLUMNS, NKINDS, NPOLICIES, NSEAT_COLUMNS, O_DEATH, O_HOME, O_KILL, O_KILLED,
    MCTS_KEEP, O_MERGE, O_STAND, P_EXPERT, P_GREEDY, P_OPTIMAL, P_MCTS, P_MCTS_ROLLOUT, P_PLY, P_ADAPT,
    P_RANDOM, P_ROLLOUT, P_SEARCH, RACE_SCALE,
    P_SOLITAIRE, PH_ACT_ROLL, PH_FACE_OFF, PH_MOVE, PH_NEW_ROLL, PH_OPTION, PH_OVER,
    PRIME_COUNT, RANK_BACK, RANK_FIGHT, RANK_HOME, RANK_PRIME, RANK_SAFE, ROW, SEATCOL_DEATHS,
    SEATCOL_HOME, SEATCOL_KILLED, SEATCOL_KILLS, SEATCOL_TURNS, SQUARES, TERMINAL, TIE_ATTACKER,
    TIE_REROLL)
from cext.manhome.sides cimport SideSpaceC, side_index_bits, side_new_man_terms, side_space_init

include "cext/common/always_inline.pxi"


cdef struct Config:
    int players
    int men_per_player
    int men_to_win
    int tie                       # TIE_*
    int extra_turn
    int max_turns
    int board_rows                # new men land on squares 0 .. ROW * board_rows - 1
    int policy[MAXP]              # P_* of each seat
    int budget[MAXP]              # search: playouts per candidate; mcts: simulations
    const Config* rollout         # search: the same rules with greedy in every seat
    const Config* mcts_rollout    # mcts: the same rules with expert in every seat
    int64_t q_num                 # attacker's face-off chance q_num / q_den
    int64_t q_den
    const int64_t* goes           # expert: scaled expected goes of every side (solitaire
                                  # values), in Setup.goes
    int64_t bonus                 # expert: one go, when a turn earns another (0 without)
    const uint8_t* tables[NPOLICIES]  # solved decisions per policy code (table players,
                                      # in Setup's tables), NKINDS to a side (or a pair)
    const SideSpaceC* spaces[NPOLICIES]  # ... and the numbering of their sides
    const uint16_t* race          # ply: the race table (solver/manhome/race.py), race_columns
    int race_columns              # to a side numbered by race_space
    const uint16_t* adapt         # adapt: the race table mixed with its envelope, the same shape
    const SideSpaceC* race_space
    Interrupt* stop               # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


cdef struct State:
    # ManHomeState's fields (solver/manhome/state.py), the men as bitboards
    int8_t board[SQUARES]         # owning seat, or EMPTY
    uint64_t men[MAXP][2]         # each seat's men as a bitboard: bit s of (men[0], men[1])
    int nmen[MAXP]                # men on the board
    int nentries[MAXP]            # (man, prime) entries: the men's distinct prime factors
    int reserve[MAXP]
    int home[MAXP]
    uint64_t dice                 # dice stream state
    uint64_t choice               # choice stream state
    int to_move
    int winner
    int turns
    int decisions                 # decision_turns
    int phase                     # PH_*: the node within the turn
    int player                    # current_player() of the node (kept with phase)
    int kind                      # K_*: the kind of the turn (MOVE, FACE_OFF)
    int decision                  # this turn has had a choice so far
    int pending_src               # the move waiting for its face-off (FACE_OFF)
    int pending_dst
    int count                     # the MOVE node's legal moves (move_count; set with it)
    int32_t pick                  # the action id of the last move a player picked, and its
    int pick_src                  # source and target: apply_action skips decoding that id
    int pick_dst                  # (an id is one move, so a stale pick is never wrong)
    int32_t turns_by[MAXP]
    int32_t kills[MAXP]
    int32_t deaths[MAXP]
    int32_t killed[MAXP]


# -- the board ------------------------------------------------------------------
# A seat's men are a bitboard of two 64-bit words (squares 0..63, 64..71), so that
# placing and lifting a man are O(1) and the men come out in ascending order
# (scanned with cext/common/bits.pxd).


cdef inline void place(State* g, int seat, int square) noexcept nogil:
    g.board[square] = seat
    g.men[seat][square >> 6] |= (<uint64_t>1) << (square & 63)
    g.nmen[seat] += 1
    g.nentries[seat] += PRIME_COUNT[square]


cdef inline void lift(State* g, int seat, int square) noexcept nogil:
    g.board[square] = EMPTY
    g.men[seat][square >> 6] &= ~((<uint64_t>1) << (square & 63))
    g.nmen[seat] -= 1
    g.nentries[seat] -= PRIME_COUNT[square]


cdef inline int roll(State* g, int sides) noexcept nogil:
    return <int>dice_below(&g.dice, sides) + 1


cdef inline int arrive(State* g, const Config* c, int seat, int square,
                       bint attacker_wins) noexcept nogil:
    """A man of seat (already off his square or out of the reserve) arrives
    (ManHomeState._arrive)."""
    cdef int holder
    if square == DEATH:
        g.reserve[seat] += 1
        g.deaths[seat] += 1
        return O_DEATH
    if square == HOME:
        g.home[seat] += 1
        if g.home[seat] >= c.men_to_win:
            g.winner = seat
        return O_HOME
    holder = g.board[square]
    if holder == EMPTY:
        place(g, seat, square)
        return O_STAND
    if holder == seat:
        g.reserve[seat] += 1
        return O_MERGE
    if attacker_wins:
        lift(g, holder, square)
        g.reserve[holder] += 1
        g.killed[holder] += 1
        place(g, seat, square)
        g.kills[seat] += 1
        return O_KILL
    g.reserve[seat] += 1
    g.killed[seat] += 1
    return O_KILLED


cdef inline int action_target(int kind, int square, int prime_index) noexcept nogil:
    """Where the man on ``square`` lands by its ``prime_index``-th entry of the kind (a table
    lookup: no division by the prime)."""
    return MOVE_TARGET[kind][square][prime_index]


cdef inline int32_t move_action(int kind, int square, int prime_index) noexcept nogil:
    """The action id of a move (solver.manhome.state.move_action)."""
    return FIRST_MOVE_ACTION + ((kind - 1) * SQUARES + square) * MOST_PRIMES + prime_index


cdef inline int move_count(const State* g, int seat, int kind) noexcept nogil:
    """How many moves an action has: one per man, or per (man, prime) entry."""
    cdef bint one = kind == K_SUB_ONE      # (no branch: the kind is the dice's)
    return one * g.nmen[seat] + (1 - one) * g.nentries[seat]


cdef int action_moves(const State* g, int seat, int kind, int* source, int* target,
                      int32_t* actions) noexcept nogil:
    """The legal moves of an action in canonical order (their action ids ascending);
    returns how many. ``actions`` may be NULL."""
    cdef int w, j, s, k = 0
    cdef uint64_t bits
    for w in range(2):
        bits = g.men[seat][w]
        while bits:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            if kind == K_SUB_ONE:
                source[k] = s
                target[k] = s - 1
                if actions != NULL:
                    actions[k] = move_action(kind, s, 0)
                k += 1
            else:
                for j in range(PRIME_COUNT[s]):
                    source[k] = s
                    target[k] = action_target(kind, s, j)
                    if actions != NULL:
                        actions[k] = move_action(kind, s, j)
                    k += 1
    return k


cdef inline int nth_move(const State* g, int seat, int kind, int n, int* src,
                         int* dst) noexcept nogil:
    """The n-th legal move of an action in canonical order: its source and target in
    ``src`` and ``dst``; returns which of its man's moves it is (-1: no n-th move)."""
    cdef int w, s, count
    cdef uint64_t bits
    for w in range(2):
        bits = g.men[seat][w]
        while bits:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            count = 1 if kind == K_SUB_ONE else PRIME_COUNT[s]
            if n < count:
                src[0] = s
                dst[0] = action_target(kind, s, n)
                return n
            n -= count
    return -1


cdef inline int32_t pick_move(State* g, int seat, int kind, int n) noexcept nogil:
    """The action id of the n-th legal move of an action in canonical order, found without
    listing them all; the move is also left in g.pick, g.pick_src and g.pick_dst for the
    apply_action that follows."""
    cdef int local = nth_move(g, seat, kind, n, &g.pick_src, &g.pick_dst)
    if local < 0:
        return -1
    g.pick = move_action(kind, g.pick_src, local)
    return g.pick


# -- the turn (ManHomeState's rules) -----------------------------------------------
cdef int START_PHASE[4]      # a turn's first node by (can bring a new man, can act)
START_PHASE[:] = [PH_ACT_ROLL, PH_ACT_ROLL, PH_NEW_ROLL, PH_OPTION]


cdef inline void start_turn(State* g, const Config* c) noexcept nogil:
    """The next turn's first node, or the end (ManHomeState._start_turn)."""
    cdef int seat
    cdef bint can_new, can_act, decision
    if g.winner >= 0 or g.turns >= c.max_turns:
        g.phase = PH_OVER
        g.player = TERMINAL
        return
    seat = g.to_move
    can_new = g.reserve[seat] > 0
    can_act = g.nmen[seat] > 0
    decision = can_new & can_act
    g.decision = decision
    g.kind = K_NEW_MAN
    # (a table and a product, no branches: whose men are where is the dice's; Cython
    # writes a conditional expression as an if, which GCC may leave a branch)
    g.phase = START_PHASE[2 * can_new + can_act]
    g.player = CHANCE + decision * (seat - CHANCE)


cdef inline void finish(State* g, const Config* c, int src, int dst,
                        bint attacker_wins) noexcept nogil:
    """The move is made (with the face-off's result, if any); the turn ends and passes on
    unless it earned another (ManHomeState._finish)."""
    cdef int seat = g.to_move
    cdef int outcome
    if src < 0:
        g.reserve[seat] -= 1
    else:
        lift(g, seat, src)
    outcome = arrive(g, c, seat, dst, attacker_wins)
    g.turns += 1
    g.turns_by[seat] += 1
    g.decisions += g.decision
    if not ((outcome == O_HOME or outcome == O_KILL) and c.extra_turn):
        g.to_move = (seat + 1) * (seat + 1 < c.players)
    start_turn(g, c)


# -- the decision API (cext/common/decisions.pxi) -------------------------------------
cdef inline void game_start(State* g, const Config* c, uint64_t key) noexcept nogil:
    cdef int seat
    memset(g, 0, sizeof(State))
    memset(g.board, EMPTY, sizeof(g.board))
    for seat in range(c.players):
        g.reserve[seat] = c.men_per_player
    g.dice = key
    g.choice = key ^ DICE_CHOICE_SALT
    g.winner = -1
    g.pending_src = -1
    g.pending_dst = -1
    g.pick = -1
    start_turn(g, c)


cdef inline int current_player(const State* g, const Config* c) noexcept nogil:
    return g.player


cdef inline int new_man_outcomes(const Config* c, int32_t* outcomes,
                                 double* probabilities) noexcept nogil:
    """The NEW_ROLL node's squares, ascending, each with its share of the rolls (the row
    die then the d6: rules.new_man_square)."""
    cdef int count[SQUARES]
    cdef int row_die, face, square, n = 0, total = c.board_rows * D6
    memset(count, 0, sizeof(count))
    for row_die in range(1, c.board_rows + 1):
        for face in range(1, D6 + 1):
            count[ROW * (row_die % c.board_rows) + face % ROW] += 1
    for square in range(SQUARES):
        if count[square]:
            outcomes[n] = square
            if probabilities != NULL:
                probabilities[n] = <double>count[square] / <double>total
            n += 1
    return n


cdef inline int chance_outcomes(const State* g, const Config* c, int32_t* outcomes,
                                double* probabilities) noexcept nogil:
    cdef int face
    if g.phase == PH_NEW_ROLL:
        return new_man_outcomes(c, outcomes, probabilities)
    if g.phase == PH_ACT_ROLL:
        for face in range(D6):
            outcomes[face] = face + 1
            if probabilities != NULL:
                probabilities[face] = 1.0 / D6
        return D6
    if g.phase == PH_FACE_OFF:
        outcomes[0] = DEFENDER_HOLDS
        outcomes[1] = ATTACKER_WINS
        if probabilities != NULL:
            probabilities[0] = <double>(c.q_den - c.q_num) / <double>c.q_den
            probabilities[1] = <double>c.q_num / <double>c.q_den
        return 2
    return 0


cdef inline int legal_actions(const State* g, const Config* c, int32_t* actions) noexcept nogil:
    cdef int source[MAXMOVES]
    cdef int target[MAXMOVES]
    cdef int phase = g.phase
    if phase == PH_OPTION:
        actions[0] = A_NEW_MAN
        actions[1] = A_ACTION
        return 2
    if phase == PH_MOVE:
        return action_moves(g, g.to_move, g.kind, source, target, actions)
    if phase == PH_OVER:
        return 0
    return chance_outcomes(g, c, actions, NULL)


cdef inline int32_t draw_chance(State* g, const Config* c) noexcept nogil:
    """ManHomeState.draw_chance: the row die then the d6 (new man), one d6 (action), or the
    attacker's and the defender's d6, again while they tie under ``reroll`` (face-off)."""
    if g.phase == PH_NEW_ROLL:
        return new_man_square(g, c)
    if g.phase == PH_ACT_ROLL:
        return roll(g, D6)
    return face_off(g, c)


cdef inline int new_man_square(State* g, const Config* c) noexcept nogil:
    """The NEW_ROLL node's draw: the row die (its top face counts 0: rules.new_man_square),
    then the d6."""
    cdef int row_die = roll(g, c.board_rows)
    return ROW * (row_die if row_die < c.board_rows else 0) + roll(g, D6) % ROW


cdef inline int32_t face_off(State* g, const Config* c) noexcept nogil:
    """The FACE_OFF node's draw: the attacker's d6, then the defender's, again while they tie
    under ``reroll``."""
    cdef int a, d
    while True:
        a = roll(g, D6)
        d = roll(g, D6)
        if a != d:
            return ATTACKER_WINS if a > d else DEFENDER_HOLDS
        if c.tie != TIE_REROLL:
            return ATTACKER_WINS if c.tie == TIE_ATTACKER else DEFENDER_HOLDS


cdef inline void apply_action(State* g, const Config* c, int32_t action) noexcept nogil:
    """ManHomeState.apply_action (the action is legal here): one move made per node that
    ends a turn, written once so that the C compiler inlines it into the game loop."""
    cdef int phase = g.phase
    cdef int kind, src, dst, seat, holder, count
    cdef unsigned rest
    cdef uint64_t low
    cdef bint attacker_wins = False
    if phase == PH_OPTION:
        g.phase = PH_NEW_ROLL if action == A_NEW_MAN else PH_ACT_ROLL
        g.player = CHANCE
        return
    if phase == PH_NEW_ROLL:
        kind = K_NEW_MAN
        src = -1
        dst = action
    elif phase == PH_ACT_ROLL:
        kind = KIND_OF_ROLL[action]
        seat = g.to_move
        count = move_count(g, seat, kind)
        if count != 1:
            g.phase = PH_MOVE
            g.player = seat
            g.kind = kind
            g.count = count
            g.decision = True
            return
        # a node with one legal action is no node: the only move (one man, one prime)
        low = g.men[seat][0]
        src = bits_lowest(low) if low else 64 + bits_lowest(g.men[seat][1])
        dst = action_target(kind, src, 0)
    elif phase == PH_MOVE:
        # the action is move_action(kind, src, j) of the node's kind: src * 3 + j past
        # the kind's first id (unsigned: a multiply, no signed division)
        kind = g.kind
        if action == g.pick:      # the move its player just picked (pick_move)
            src = g.pick_src
            dst = g.pick_dst
        else:
            rest = <unsigned>(action - move_action(kind, 0, 0))
            src = rest // MOST_PRIMES
            dst = action_target(kind, src, rest - MOST_PRIMES * src)
    else:    # PH_FACE_OFF
        kind = g.kind
        src = g.pending_src
        dst = g.pending_dst
        g.pending_src = -1
        g.pending_dst = -1
        attacker_wins = action == ATTACKER_WINS
    if phase != PH_FACE_OFF and dst > HOME:
        # onto an opponent's man: a face-off first (ManHomeState._move)
        holder = g.board[dst]
        if holder != EMPTY and holder != g.to_move:
            g.phase = PH_FACE_OFF
            g.player = CHANCE
            g.kind = kind
            g.pending_src = src
            g.pending_dst = dst
            return
    finish(g, c, src, dst, attacker_wins)


cdef inline void returns(const State* g, const Config* c, double* out) noexcept nogil:
    cdef int seat
    for seat in range(c.players):
        out[seat] = 0.0
    if g.phase != PH_OVER:
        return
    if g.winner >= 0:
        out[g.winner] = 1.0
    else:
        for seat in range(c.players):
            out[seat] = 1.0 / c.players


cdef inline void write_row(const State* g, const Config* c, int32_t* row) noexcept nogil:
    cdef int seat, n = c.players
    row[COL_WINNER] = g.winner
    row[COL_TURNS] = g.turns
    row[COL_DECISION_TURNS] = g.decisions
    for seat in range(n):
        row[NGAME_COLUMNS + SEATCOL_TURNS * n + seat] = g.turns_by[seat]
        row[NGAME_COLUMNS + SEATCOL_HOME * n + seat] = g.home[seat]
        row[NGAME_COLUMNS + SEATCOL_KILLS * n + seat] = g.kills[seat]
        row[NGAME_COLUMNS + SEATCOL_DEATHS * n + seat] = g.deaths[seat]
        row[NGAME_COLUMNS + SEATCOL_KILLED * n + seat] = g.killed[seat]


cdef object state_view(const State* g, const Config* c):
    """The state as solver.manhome.kernel.state_view gives the reference's: (board, men,
    reserve, home, to_move, winner, turns, decision_turns, turns by seat, kills, deaths,
    killed, phase, kind (MOVE, FACE_OFF; else -1), decision, pending move or ())."""
    cdef int n = c.players
    cdef int s, q
    men = tuple([tuple([q for q in range(SQUARES) if (g.men[s][q >> 6] >> (q & 63)) & 1])
                 for s in range(n)])
    return (tuple([g.board[q] for q in range(SQUARES)]), men,
            tuple([g.reserve[s] for s in range(n)]), tuple([g.home[s] for s in range(n)]),
            g.to_move, g.winner, g.turns, g.decisions,
            tuple([g.turns_by[s] for s in range(n)]), tuple([g.kills[s] for s in range(n)]),
            tuple([g.deaths[s] for s in range(n)]), tuple([g.killed[s] for s in range(n)]),
            g.phase, g.kind if g.phase == PH_MOVE or g.phase == PH_FACE_OFF else -1,
            int(g.decision),
            (g.pending_src, g.pending_dst) if g.phase == PH_FACE_OFF else ())


cdef inline int greedy_score(const State* g, int seat, int target) noexcept nogil:
    cdef int rank
    if target == HOME:
        rank = RANK_HOME
    elif target == DEATH or g.board[target] == seat:
        rank = RANK_BACK
    elif g.board[target] != EMPTY:
        rank = RANK_FIGHT
    elif IS_PRIME[target]:
        rank = RANK_PRIME
    else:
        rank = RANK_SAFE
    return rank * SQUARES - target


cdef inline int32_t decide(State* g, const Config* c, int seat) noexcept nogil:
    """The seat's player (solver/manhome/policies.py) at an OPTION or a MOVE node: the
    random, greedy and table players here (inlined into the loop), the expert and
    search players in decide_more."""
    cdef int policy = c.policy[seat]
    if policy == P_RANDOM:
        if g.phase == PH_OPTION:     # RandomPolicy: choose(2), 0 the new man
            return <int32_t>dice_below(&g.choice, 2)
        # the uniform pick among the (man, prime) entries, found without listing them
        # (choose(k) is below(k): a MOVE node has two moves or more)
        return pick_move(g, seat, g.kind, <int>dice_below(&g.choice, g.count))
    if policy == P_GREEDY:
        if g.phase == PH_OPTION:
            return A_NEW_MAN if g.nmen[seat] < 2 else A_ACTION
        return greedy_action(g, seat, g.kind)
    if policy == P_SOLITAIRE or policy == P_OPTIMAL:
        # TablePolicy: the side's (or the pair's) row of solved decisions, NKINDS to a row
        # (the option at K_NEW_MAN, then the index of the move of each kind; a MOVE node
        # has g.count > 1 moves)
        if g.phase == PH_OPTION:
            return (A_NEW_MAN if c.tables[policy][NKINDS * table_row(g, c, seat, policy)] == 1
                    else A_ACTION)
        return pick_move(g, seat, g.kind,
                         c.tables[policy][NKINDS * table_row(g, c, seat, policy) + g.kind])
    if policy == P_PLY:
        return ply_decide(g, c, seat)
    if policy == P_ADAPT:
        return adapt_decide(g, c, seat)
    return decide_more(g, c, seat)


cdef inline int32_t greedy_action(const State* g, int seat, int kind) noexcept nogil:
    """GreedyPolicy's move: the first best-scored move in canonical order, scored as the
    moves are scanned (no list)."""
    cdef int w, j, s, n, score, best_score = -1 << 30
    cdef int32_t best = -1
    cdef uint64_t bits
    for w in range(2):
        bits = g.men[seat][w]
        while bits:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            n = 1 if kind == K_SUB_ONE else PRIME_COUNT[s]
            for j in range(n):
                score = greedy_score(g, seat, action_target(kind, s, j))
                if score > best_score:
                    best, best_score = move_action(kind, s, j), score
    return best


cdef int32_t decide_more(State* g, const Config* c, int seat) noexcept nogil:
    if g.phase == PH_OPTION:
        return choose_option(g, c, seat)
    return choose_move(g, c, seat, g.kind)


# -- players ----------------------------------------------------------------------
cdef inline int64_t expert_goes(const Config* c, int home, uint64_t lo, uint64_t hi,
                                int k) noexcept nogil:
    """Scaled expected goes a side still needs (0 once it has won)."""
    if home >= c.men_to_win:
        return 0
    return c.goes[side_index_bits(c.spaces[P_EXPERT], home, lo, hi, k)]


cdef inline void flip(uint64_t* lo, uint64_t* hi, int square) noexcept nogil:
    if square < 64:
        lo[0] ^= (<uint64_t>1) << square
    else:
        hi[0] ^= (<uint64_t>1) << (square - 64)


cdef int64_t expert_worth(const State* g, const Config* c, int seat, int source,
                          int target, int64_t rest=-1) noexcept nogil:
    """q_den times a move's worth (solver.manhome.policies.ExpertPolicy.move_worth);
    ``rest``: the side's own expected goes after the source is taken off (the same for every
    new man: the caller gives it once), or -1 to look it up."""
    cdef uint64_t lo = g.men[seat][0], hi = g.men[seat][1]
    cdef int k = g.nmen[seat], home = g.home[seat], holder, their
    cdef int64_t kill
    if source >= 0:
        flip(&lo, &hi, source)
        k -= 1
    if target == HOME:
        return c.q_den * (c.bonus - expert_goes(c, home + 1, lo, hi, k))
    holder = EMPTY if target == DEATH else g.board[target]
    if rest < 0:
        rest = expert_goes(c, home, lo, hi, k)
    if target == DEATH or holder == seat:
        return -c.q_den * rest
    flip(&lo, &hi, target)
    if holder == EMPTY:
        return -c.q_den * expert_goes(c, home, lo, hi, k + 1)
    their = g.home[holder]
    kill = (c.goes[c.spaces[P_EXPERT].offsets[their][0]]
            - c.goes[c.spaces[P_EXPERT].offsets[their][1] + target - FIRST_SQUARE])
    return (c.q_num * (c.bonus + kill - expert_goes(c, home, lo, hi, k + 1))
            - (c.q_den - c.q_num) * rest)


cdef inline int64_t table_row(const State* g, const Config* c, int seat, int policy) noexcept nogil:
    """The row of a solved table for the seat to move: its own side (solitaire), or its
    side and the opponent's (optimal, two players) (policies.TablePolicy.row)."""
    cdef const SideSpaceC* sp = c.spaces[policy]
    cdef int64_t mine = side_index_bits(sp, g.home[seat], g.men[seat][0], g.men[seat][1], g.nmen[seat])
    cdef int other = 1 - seat
    if policy == P_SOLITAIRE:
        return mine
    return mine * sp.size + side_index_bits(sp, g.home[other], g.men[other][0], g.men[other][1],
                                            g.nmen[other])


cdef inline int64_t expert_new_sum(const State* g, const Config* c, int seat,
                                   int64_t rest) noexcept nogil:
    """The sum of expert_worth(-1, square) over the squares a new man may land on (the same
    values, as exact integers), each side's index from its neighbours' sums: a new man on
    ``t``, with ``j`` of the seat's k men below it, makes the side of k + 1 men numbered
    offsets[home][k + 1] + below[j] + C(t - 2, j + 1) + above[j] (solver/manhome/states.py),
    where below[j] sums C(m_i - 2, i + 1) over the j lowest men m_i and above[j] sums
    C(m_i - 2, i + 2) over the others. (The caller has fewer men on the board than the cap;
    the seat has not won.)"""
    cdef const SideSpaceC* sp = c.spaces[P_EXPERT]
    cdef const int64_t* goes = c.goes
    cdef int men[MAXMOVES]
    cdef int64_t below[MAXMOVES + 1]
    cdef int64_t above[MAXMOVES + 1]
    cdef int k = 0, i, j = 0, t, holder, home = g.home[seat]
    cdef uint64_t bits
    cdef int64_t base, total, value, away, q_win = c.q_num, q_lose = c.q_den - c.q_num
    for i in range(2):
        bits = g.men[seat][i]
        while bits:
            men[k] = 64 * i + bits_lowest(bits)
            bits &= bits - 1
            k += 1
    base = side_new_man_terms(sp, home, men, k, below, above)
    # DEATH and HOME (squares 0 and 1), then the board
    total = -c.q_den * rest + c.q_den * (c.bonus - expert_goes(c, home + 1, g.men[seat][0],
                                                               g.men[seat][1], k))
    for t in range(FIRST_SQUARE, ROW * c.board_rows):
        holder = g.board[t]
        if holder == seat:
            total -= c.q_den * rest
            j += 1
            continue
        value = goes[base + below[j] + sp.binom[t - FIRST_SQUARE][j + 1] + above[j]]
        if holder == EMPTY:
            total -= c.q_den * value
        else:
            away = g.home[holder]
            total += (q_win * (c.bonus + goes[sp.offsets[away][0]]
                               - goes[sp.offsets[away][1] + t - FIRST_SQUARE] - value)
                      - q_lose * rest)
    return total


cdef int32_t choose_option(State* g, const Config* c, int seat) noexcept nogil:
    """The OPTION node of the search and expert players (policies.SearchPolicy,
    ExpertPolicy.new_man; the table players' is in decide)."""
    cdef int policy = c.policy[seat]
    cdef int source[MAXMOVES]
    cdef int target[MAXMOVES]
    cdef int kind, i, k
    cdef int64_t new_sum, best_sum = 0, best, w, rest
    if policy == P_SEARCH:
        return search(g, c, seat)
    if policy == P_MCTS:
        return mcts(g, c, c.mcts_rollout, seat, c.budget[seat])
    if g.nmen[seat] >= c.spaces[P_EXPERT].cap:
        return A_ACTION
    rest = expert_goes(c, g.home[seat], g.men[seat][0], g.men[seat][1], g.nmen[seat])
    new_sum = expert_new_sum(g, c, seat, rest)
    for kind in range(K_SUB_ONE, K_DIV_PRIME + 1):
        k = action_moves(g, seat, kind, source, target, NULL)
        best = expert_worth(g, c, seat, source[0], target[0])
        for i in range(1, k):
            w = expert_worth(g, c, seat, source[i], target[i])
            if w > best:
                best = w
        best_sum += best
    return A_NEW_MAN if 3 * new_sum > ROW * c.board_rows * best_sum else A_ACTION


cdef int32_t choose_move(State* g, const Config* c, int seat, int kind) noexcept nogil:
    """The MOVE node of the greedy, expert and search players: the first best move in
    canonical order (policies.GreedyPolicy, ExpertPolicy, SearchPolicy)."""
    cdef int policy = c.policy[seat]
    cdef int source[MAXMOVES]
    cdef int target[MAXMOVES]
    cdef int32_t actions[MAXMOVES]
    cdef int i, k, best = 0
    cdef int64_t score, best_score
    if policy == P_SEARCH:
        return search(g, c, seat)
    if policy == P_MCTS:
        return mcts(g, c, c.mcts_rollout, seat, c.budget[seat])
    k = action_moves(g, seat, kind, source, target, actions)
    # (the expert beyond its table — more men on the board than its cap, which only
    # another player's choices, as mcts's in its tree, can give it — moves as greedy)
    if policy == P_GREEDY or g.nmen[seat] > c.spaces[P_EXPERT].cap:
        best_score = greedy_score(g, seat, target[0])
        for i in range(1, k):
            score = greedy_score(g, seat, target[i])
            if score > best_score:
                best, best_score = i, score
        return actions[best]
    best_score = expert_worth(g, c, seat, source[0], target[0])
    for i in range(1, k):
        score = expert_worth(g, c, seat, source[i], target[i])
        if score > best_score:
            best, best_score = i, score
    return actions[best]


# -- search -------------------------------------------------------------------------
cdef inline void play_on(State* h, const Config* r) noexcept nogil:
    """A playout: the game played on to its end over the decision API (the generic
    play_game's loop, from here); a node a unit of work, abandoned once a signal stopped
    the search."""
    cdef int seat
    while True:
        seat = current_player(h, r)
        if seat == TERMINAL or interrupted(r.stop, 1):
            return
        if seat == CHANCE:
            apply_action(h, r, draw_chance(h, r))
        else:
            apply_action(h, r, decide(h, r, seat))


cdef int32_t search(State* g, const Config* c, int seat) noexcept nogil:
    """SearchPolicy.choose: each legal action (new man before action, the moves in
    canonical order) is tried with the same ``budget`` playouts — playout j the game of the
    j-th key of a stream started by one word of the choice stream, played on with the
    rollout player in every seat — and the first that won most is taken."""
    cdef const Config* r = c.rollout
    cdef int32_t actions[MAX_ACTIONS]
    cdef int n = legal_actions(g, c, actions)
    cdef uint64_t start = dice_word(&g.choice), stream, key
    cdef int i, j, wins, best = 0, best_wins = -1
    cdef State h
    for i in range(n):
        wins = 0
        stream = start
        for j in range(c.budget[seat]):
            if interrupted(c.stop, 1):      # a playout a unit; the game is abandoned
                break
            key = dice_word(&stream)
            h = g[0]
            h.dice = key
            h.choice = key ^ DICE_CHOICE_SALT
            apply_action(&h, r, actions[i])
            play_on(&h, r)
            wins += h.winner == seat
        if wins > best_wins:
            best, best_wins = i, wins
    return actions[best]



# -- ply-N: expectimax over the next N turns on the race evaluation --------------------
# The twin of solver/manhome/race.py's Race (its docstring has the definitions): the same
# values, added in the same order, so both engines choose alike.
cdef struct Pos:
    int8_t board[SQUARES]
    uint64_t men[MAXP][2]
    int nmen[MAXP]
    int home[MAXP]
    int reserve[MAXP]


cdef inline void pos_place(Pos* p, int seat, int square) noexcept nogil:
    p.board[square] = seat
    p.men[seat][square >> 6] |= (<uint64_t>1) << (square & 63)
    p.nmen[seat] += 1


cdef inline void pos_lift(Pos* p, int seat, int square) noexcept nogil:
    p.board[square] = EMPTY
    p.men[seat][square >> 6] &= ~((<uint64_t>1) << (square & 63))
    p.nmen[seat] -= 1


cdef inline int64_t race_index(const SideSpaceC* sp, const Pos* p, int seat) noexcept nogil:
    """The race table's row of a seat's side: its cap lowest men (Race.cdf)."""
    cdef int64_t rank = 0
    cdef int w, k = 0, s
    cdef uint64_t bits
    for w in range(2):
        bits = p.men[seat][w]
        while bits and k < sp.cap:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            rank += sp.binom[s - FIRST_SQUARE][k + 1]
            k += 1
    return sp.offsets[p.home[seat]][k] + rank


cdef void ply_leaf(const Pos* p, const Config* c, int t, double* out) noexcept nogil:
    """Every seat's chance to win, seat t to move (Race.leaf)."""
    cdef const uint16_t* rows[MAXP]
    cdef int order[MAXP]
    cdef int players = c.players, columns = c.race_columns, i, j, n
    cdef double total, prod, fi, prev, fj
    for i in range(players):
        rows[i] = c.race + race_index(c.race_space, p, i) * columns
        order[i] = (i - t + players) % players
    for i in range(players):
        total = 0.0
        prev = 0.0
        for n in range(1, columns + 1):
            fi = <double>rows[i][n - 1] / <double>RACE_SCALE
            prod = fi - prev
            for j in range(players):
                if j == i:
                    continue
                if order[j] < order[i]:
                    fj = <double>rows[j][n - 1] / <double>RACE_SCALE
                elif n >= 2:
                    fj = <double>rows[j][n - 2] / <double>RACE_SCALE
                else:
                    fj = 0.0
                prod *= 1.0 - fj
            total += prod
            prev = fi
        out[i] = total


cdef void ply_value(const Pos* p, const Config* c, int t, int depth, double* out) noexcept nogil:
    """Race.value: every seat's chance at the start of seat t's turn. A node a unit of
    work (cext/common/interrupt.pxd): once a signal stopped the search, every node is worth
    0 at once, so a search of seconds unwinds in microseconds (its choice is not used: the
    game is abandoned and the wrapper raises)."""
    cdef double new[MAXP]
    cdef double act[MAXP]
    cdef bint has_new, has_act
    cdef int i
    if interrupted(c.stop, 1):
        for i in range(c.players):
            out[i] = 0.0
        return
    if depth == 0:
        ply_leaf(p, c, t, out)
        return
    has_new = ply_new(p, c, t, depth, new)
    has_act = ply_action(p, c, t, depth, act)
    if has_new and (not has_act or new[t] > act[t]):
        for i in range(c.players):
            out[i] = new[i]
    else:
        for i in range(c.players):
            out[i] = act[i]


cdef bint ply_new(const Pos* p, const Config* c, int t, int depth, double* out) noexcept nogil:
    """Race.new_value; False when a new man is not legal here (no reserve, or the cap)."""
    cdef double v[MAXP]
    cdef int q, i, squares = ROW * c.board_rows
    if p.reserve[t] == 0 or p.nmen[t] >= c.race_space.cap:
        return False
    for i in range(c.players):
        out[i] = 0.0
    for q in range(squares):
        ply_arrive(p, c, t, -1, q, depth, v)
        for i in range(c.players):
            out[i] = out[i] + v[i]
    for i in range(c.players):
        out[i] = out[i] / <double>squares
    return True


cdef bint ply_action(const Pos* p, const Config* c, int t, int depth, double* out) noexcept nogil:
    """Race.action_value; False without men on the board."""
    cdef double v[MAXP]
    cdef double best[MAXP]
    cdef int kind, w, s, j, n, i
    cdef bint found
    cdef uint64_t bits
    if p.nmen[t] == 0:
        return False
    for i in range(c.players):
        out[i] = 0.0
    for kind in range(K_SUB_ONE, K_DIV_PRIME + 1):
        found = False
        for w in range(2):
            bits = p.men[t][w]
            while bits:
                s = 64 * w + bits_lowest(bits)
                bits &= bits - 1
                n = 1 if kind == K_SUB_ONE else PRIME_COUNT[s]
                for j in range(n):
                    ply_arrive(p, c, t, s, action_target(kind, s, j), depth, v)
                    if not found or v[t] > best[t]:
                        found = True
                        for i in range(c.players):
                            best[i] = v[i]
        for i in range(c.players):
            out[i] = out[i] + best[i]
    for i in range(c.players):
        out[i] = out[i] / 3.0
    return True


cdef void ply_arrive(const Pos* p, const Config* c, int t, int source, int target, int depth,
                     double* out) noexcept nogil:
    """Race.arrive: seat t's man (from source, -1 a new man) arrives at target."""
    cdef Pos q = p[0]
    cdef Pos w
    cdef int following = (t + 1) % c.players, again, holder, i
    cdef double kill[MAXP]
    cdef double lost[MAXP]
    cdef double chance, miss
    again = t if c.extra_turn else following
    if source >= 0:
        pos_lift(&q, t, source)
    else:
        q.reserve[t] -= 1
    if target == DEATH or (target != HOME and q.board[target] == t):
        q.reserve[t] += 1
        ply_value(&q, c, following, depth - 1, out)
        return
    if target == HOME:
        q.home[t] += 1
        if q.home[t] >= c.men_to_win:
            for i in range(c.players):
                out[i] = 1.0 if i == t else 0.0
            return
        ply_value(&q, c, again, depth - 1, out)
        return
    holder = q.board[target]
    if holder == EMPTY:
        pos_place(&q, t, target)
        ply_value(&q, c, following, depth - 1, out)
        return
    w = q                                   # the face-off: the attacker kills, or is killed
    pos_lift(&w, holder, target)
    w.reserve[holder] += 1
    pos_place(&w, t, target)
    ply_value(&w, c, again, depth - 1, kill)
    q.reserve[t] += 1
    ply_value(&q, c, following, depth - 1, lost)
    chance = <double>c.q_num / <double>c.q_den
    miss = 1.0 - chance
    for i in range(c.players):
        out[i] = chance * kill[i] + miss * lost[i]


cdef int32_t adapt_decide(State* g, const Config* c, int seat) noexcept nogil:
    """AdaptPolicy.choose: ply_decide on the mixed race table."""
    cdef Config mixed = c[0]
    mixed.race = c.adapt
    return ply_decide(g, &mixed, seat)


cdef int32_t ply_decide(State* g, const Config* c, int seat) noexcept nogil:
    """PlyPolicy.choose (Race.choose): the option, or the move, of the highest chance for
    the seat, ``budget`` turns searched."""
    cdef Pos p
    cdef double new[MAXP]
    cdef double act[MAXP]
    cdef double v[MAXP]
    cdef double best_value = 0.0
    cdef int source[MAXMOVES]
    cdef int target[MAXMOVES]
    cdef int32_t actions[MAXMOVES]
    cdef int depth = c.budget[seat], i, k, best = 0
    cdef bint has_new
    memcpy(p.board, g.board, sizeof(p.board))
    for i in range(c.players):
        p.men[i][0] = g.men[i][0]
        p.men[i][1] = g.men[i][1]
        p.nmen[i] = g.nmen[i]
        p.home[i] = g.home[i]
        p.reserve[i] = g.reserve[i]
    if g.phase == PH_OPTION:
        has_new = ply_new(&p, c, seat, depth, new)
        ply_action(&p, c, seat, depth, act)
        return A_NEW_MAN if has_new and new[seat] > act[seat] else A_ACTION
    k = action_moves(g, seat, g.kind, source, target, actions)
    for i in range(k):
        ply_arrive(&p, c, seat, source[i], target[i], depth, v)
        if i == 0 or v[seat] > best_value:
            best = i
            best_value = v[seat]
    return actions[best]

cdef inline int mcts_actions(State* g, const Config* c, int32_t* actions) noexcept nogil:
    """cext/common/mcts.pxi's hook: every legal action, ascending."""
    return legal_actions(g, c, actions)


cdef inline uint64_t* mcts_choices(State* g) noexcept nogil:
    """cext/common/mcts.pxi's hook: the game's choice stream."""
    return &g.choice


cdef inline void mcts_reseed(State* h, const Config* c, uint64_t key) noexcept nogil:
    """cext/common/mcts.pxi's hook: the copy's streams restarted from ``key`` (as game_start
    and search's playouts do)."""
    h.dice = key
    h.choice = key ^ DICE_CHOICE_SALT


# -- Python entry points --------------------------------------------------------
cdef class Setup:
    """A kernel Config for a plain configuration (``solver.manhome.kernel.config``),
    holding the solved tables it points into."""
    cdef Config c
    cdef Config rollout
    cdef Config mcts_rollout
    cdef SideSpaceC spaces[NPOLICIES]
    cdef const uint8_t[:, ::1] solitaire        # the table players' solved decisions
    cdef const uint8_t[:, ::1] optimal
    cdef const int64_t[::1] goes                # the expert's values
    cdef const uint16_t[:, ::1] race            # ply's race table
    cdef const uint16_t[:, ::1] adapt           # adapt's
    cdef SideSpaceC race_space
    cdef Interrupt stop

    def __init__(self, config):
        cdef int seat, code
        policies, budgets = config["policy"], config["budget"]
        players = config["players"]
        if not 1 <= players <= MAXP or len(policies) != players or len(budgets) != players:
            raise ValueError(f"need 1 to {MAXP} seats and a policy and a budget each")
        memset(&self.c, 0, sizeof(Config))
        self.c.players = players
        self.c.men_per_player = config["men_per_player"]
        self.c.men_to_win = config["men_to_win"]
        self.c.tie = config["tie"]
        self.c.extra_turn = config["extra_turn"]
        self.c.max_turns = config["max_turns"]
        self.c.board_rows = config["board_rows"]
        for seat in range(players):
            code = policies[seat]
            if not 0 <= code <= P_ADAPT:
                raise ValueError(f"no policy code {code}")
            self.c.policy[seat] = code
            self.c.budget[seat] = budgets[seat]
        if (P_MCTS in policies and P_MCTS_ROLLOUT == P_EXPERT and config["goes"] is None):
            raise ValueError("mcts plays expert in its simulations: the expert's values "
                             "are needed")
        for code, (space, table) in config["tables"].items():
            if code == P_SOLITAIRE:
                self.solitaire = table
                self.c.tables[code] = &self.solitaire[0, 0]
            elif code == P_OPTIMAL:
                self.optimal = table
                self.c.tables[code] = &self.optimal[0, 0]
            else:
                raise ValueError(f"no table player of code {code}")
            side_space_init(&self.spaces[code], space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            self.c.spaces[code] = &self.spaces[code]
        if config["goes"] is not None:
            space, goes = config["goes"]
            self.goes = goes
            side_space_init(&self.spaces[P_EXPERT], space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            self.c.goes = &self.goes[0]
            self.c.spaces[P_EXPERT] = &self.spaces[P_EXPERT]
        if P_PLY in policies and config.get("race") is None:
            raise ValueError("ply plays on the race table: it is needed")
        if P_ADAPT in policies and (config.get("race") is None or config.get("adapt") is None):
            raise ValueError("adapt plays on the mixed race table: it is needed")
        if config.get("race") is not None:
            space, race = config["race"]
            self.race = race
            side_space_init(&self.race_space, space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            if race.shape[0] != self.race_space.size:
                raise ValueError("the race table does not fit its side numbering")
            self.c.race = &self.race[0, 0]
            self.c.race_columns = race.shape[1]
            self.c.race_space = &self.race_space
        if config.get("adapt") is not None:
            adapt = config["adapt"]
            if adapt.shape[0] != self.race_space.size or adapt.shape[1] != self.c.race_columns:
                raise ValueError("the mixed race table does not fit the race table")
            self.adapt = adapt
            self.c.adapt = &self.adapt[0, 0]
        self.c.q_num = config["q_num"]
        self.c.q_den = config["q_den"]
        self.c.bonus = config["bonus"]
        interrupt_init(&self.stop)
        self.c.stop = &self.stop
        # search players play their playouts with the rollout player in every seat
        self.rollout = self.c
        for seat in range(players):
            self.rollout.policy[seat] = P_ROLLOUT
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        self.rollout.mcts_rollout = NULL
        # mcts players play their simulations with the mcts rollout player in every seat
        self.mcts_rollout = self.rollout
        for seat in range(players):
            self.mcts_rollout.policy[seat] = P_MCTS_ROLLOUT
        self.c.rollout = &self.rollout
        self.c.mcts_rollout = &self.mcts_rollout


# -- the fast path: whole turns for the fixed players ----------------------------------
# play_chunk's games when no seat searches: the same turns as the decision API's nodes (the
# same draws from the dice and choice streams, in the same order, the same decisions), made
# a turn at a time without going through the nodes. The generic loop (play_game over the
# decision API, cext/common/decisions.pxi) stays the reference: play_chunk_nodes plays it,
# and tests/manhome/test_fast_path.py checks that both play the same games.




# GREEDY_KEY[what the target holds][target]: (greedy_score + SQUARES, above 0) times
# GREEDY_SPAN, by what the target holds: 0 no man (Death and Home never hold one), 1 one of
# the mover's men, 2 an opponent's man
cdef int GREEDY_KEY[3][SQUARES]
cdef enum:
    GREEDY_SPAN = 512            # more than a move's place, 4 * source + entry (< 4 * SQUARES)


cdef void greedy_keys() noexcept nogil:
    cdef int t, holder
    cdef State g
    memset(g.board, EMPTY, sizeof(g.board))
    for t in range(SQUARES):
        for holder in range(3):          # (the mover is seat 0; an opponent seat 1)
            g.board[t] = EMPTY if holder == 0 else holder - 1
            GREEDY_KEY[holder][t] = (greedy_score(&g, 0, t) + SQUARES) * GREEDY_SPAN
        g.board[t] = EMPTY


greedy_keys()


cdef inline void greedy_move(const State* g, int seat, int kind, int* src,
                             int* dst) noexcept nogil:
    """greedy_action's move as (source, target): the first best-scored in canonical order,
    as the largest key of GREEDY_KEY[what the target holds][target] + GREEDY_SPAN - 1 - the
    move's place (4 * source + its entry): no branch on what the board holds."""
    cdef int w, j, s, n, t, holder, key, best = 0
    cdef uint64_t bits
    for w in range(2):
        bits = g.men[seat][w]
        while bits:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            n = 1 if kind == K_SUB_ONE else PRIME_COUNT[s]
            for j in range(n):
                t = action_target(kind, s, j)
                holder = g.board[t]
                key = (GREEDY_KEY[(holder != EMPTY) + ((holder != EMPTY) & (holder != seat))][t]
                       + GREEDY_SPAN - 1 - (4 * s + j))
                best = max(best, key)
    best = GREEDY_SPAN - 1 - (best & (GREEDY_SPAN - 1))
    src[0] = best >> 2
    dst[0] = action_target(kind, best >> 2, best & 3)


cdef inline bint fast_new_man(State* g, const Config* c, int seat, int policy) noexcept nogil:
    """decide at the OPTION node, as whether the new man is taken."""
    if policy == P_RANDOM:
        return dice_below(&g.choice, 2) == A_NEW_MAN
    if policy == P_GREEDY:
        return g.nmen[seat] < 2
    if policy == P_SOLITAIRE or policy == P_OPTIMAL:
        return c.tables[policy][NKINDS * table_row(g, c, seat, policy)] == 1
    return choose_option(g, c, seat) == A_NEW_MAN     # expert


cdef inline void fast_move(State* g, const Config* c, int seat, int policy, int kind,
                           int count, int* src, int* dst) noexcept nogil:
    """decide at the MOVE node (``count`` > 1 moves of ``kind``), as the move's source and
    target."""
    cdef unsigned rest
    if policy == P_RANDOM:
        nth_move(g, seat, kind, <int>dice_below(&g.choice, count), src, dst)
    elif policy == P_GREEDY:
        greedy_move(g, seat, kind, src, dst)
    elif policy == P_SOLITAIRE or policy == P_OPTIMAL:
        nth_move(g, seat, kind, c.tables[policy][NKINDS * table_row(g, c, seat, policy) + kind],
                 src, dst)
    else:                                              # expert: its action id, decoded
        rest = <unsigned>(choose_move(g, c, seat, kind) - move_action(kind, 0, 0))
        src[0] = rest // MOST_PRIMES
        dst[0] = action_target(kind, src[0], rest - MOST_PRIMES * src[0])


cdef inline void fast_game(State* g, const Config* c, uint64_t key, int same) noexcept nogil:
    """play_game, a turn at a time: ``same`` is the policy of every seat (the compiler makes
    a copy of the loop for each), or -1 to look each seat's up."""
    cdef int seat, policy, kind, count, holder, src = -1, dst = -1
    cdef bint attacker_wins
    cdef uint64_t low
    game_start(g, c, key)
    while g.phase != PH_OVER:
        seat = g.to_move
        policy = same if same >= 0 else c.policy[seat]
        if g.phase == PH_NEW_ROLL or (g.phase == PH_OPTION
                                      and fast_new_man(g, c, seat, policy)):
            kind = K_NEW_MAN
            src = -1
            dst = new_man_square(g, c)
        else:
            kind = KIND_OF_ROLL[roll(g, D6)]
            count = move_count(g, seat, kind)
            if count != 1:
                g.decision = True
                fast_move(g, c, seat, policy, kind, count, &src, &dst)
            else:
                low = g.men[seat][0]
                src = bits_lowest(low) if low else 64 + bits_lowest(g.men[seat][1])
                dst = action_target(kind, src, 0)
        attacker_wins = False
        if dst > HOME:
            holder = g.board[dst]
            if holder != EMPTY and holder != seat:
                attacker_wins = face_off(g, c) == ATTACKER_WINS
        finish(g, c, src, dst, attacker_wins)


cdef inline int fast_policy(const Config* c) noexcept nogil:
    """The policy every seat plays, -1 if they differ, -2 if one searches (no fast path)."""
    cdef int seat, same = c.policy[0]
    for seat in range(c.players):
        if (c.policy[seat] == P_SEARCH or c.policy[seat] == P_MCTS or c.policy[seat] == P_PLY
                or c.policy[seat] == P_ADAPT):
            return -2
        if c.policy[seat] != same:
            same = -1
    return same


cdef inline double mcts_exploration() noexcept nogil:
    return 1.4      # solver.mcts.C


cdef inline double mcts_keep_z() noexcept nogil:
    return MCTS_KEEP      # policies.MCTS_KEEP: mcts keeps expert's choice unless clearly beaten


include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"

def play_chunk(config, const uint64_t[::1] keys):
    """The rows of decisions.pxi's play_chunk_nodes, a turn at a time when no seat searches
    (fast_game); play_chunk_nodes, the reference, plays every game node by node."""
    cdef Setup setup = Setup(config)
    cdef const Config* c = &setup.c
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int k, width = row_width(c), same = fast_policy(c)
    cdef State g
    cdef int32_t row[NGAME_COLUMNS + NSEAT_COLUMNS * DECISIONS_MAX_SEATS]
    if same == -2:
        return play_chunk_nodes(config, keys)
    columns_a = np.empty((width, n), dtype=np.int32)
    cdef int32_t[:, ::1] columns = columns_a
    with nogil:
        for i in range(n):
            if same == P_RANDOM:
                fast_game(&g, c, keys[i], P_RANDOM)
            elif same == P_GREEDY:
                fast_game(&g, c, keys[i], P_GREEDY)
            elif same == P_SOLITAIRE:
                fast_game(&g, c, keys[i], P_SOLITAIRE)
            elif same == P_EXPERT:
                fast_game(&g, c, keys[i], P_EXPERT)
            else:
                fast_game(&g, c, keys[i], -1)
            if interrupted(c.stop, 1 + g.turns):    # a turn a unit
                break
            write_row(&g, c, row)
            for k in range(width):
                columns[k, i] = row[k]
    interrupt_raise(c.stop)
    return columns_a.T



def play_solitaire(config, const uint64_t[::1] keys):
    """One player alone (``config`` of one seat, the ``solitaire`` policy): the turns each
    game took to bring ``men_to_win`` men home, -1 when cut off (for checking the exact
    solitaire values)."""
    cdef Setup setup = Setup(config)
    cdef Py_ssize_t n = keys.shape[0], i
    cdef State g
    turns_a = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] turns = turns_a
    with nogil:
        for i in range(n):
            play_game(&g, &setup.c, keys[i])
            if interrupted(&setup.stop, 1):
                break
            turns[i] = g.turns if g.winner == 0 else -1
    interrupt_raise(&setup.stop)
    return turns_a
