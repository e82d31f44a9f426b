# Man Home's decision API (its functions declared in play.pxd, called by
# cext/common/decisions.pxi): the men as bitboards (place, lift), the dice, a man's arrival,
# the moves of an action in canonical order, a turn's nodes (start_turn, finish), the
# chance outcomes and draws, apply_action and the result row.
# Python twin: solver/manhome/state.py (ManHomeState).


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
        if g.home[seat] >= c.rules.men_to_win:
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
cdef int seat_of_go(const Config* c, int go) noexcept nogil:
    """The seat of the game's go-th go under the rules' order (rules.seat_of_go)."""
    cdef int n = c.players
    cdef int round_ = go // n, place = go - (go // n) * n
    if c.rules.order == ORDER_ROTATE:
        return (round_ + place) % n
    if c.rules.order == ORDER_SNAKE and round_ & 1:
        return n - 1 - place
    return place


cdef int next_go(const Config* c, int seat, int* goes, int* head) noexcept nogil:
    """The seat to move when seat's go ends (ManHomeState._next_go): itself while it has
    head-start turns left (``head``: its count, taken one), else the next go's seat
    (``goes``: the goes ended, counted one more)."""
    if head[0]:
        head[0] -= 1
        return seat
    goes[0] += 1
    if c.rules.order == ORDER_FIXED:
        return (seat + 1) * (seat + 1 < c.players)
    return seat_of_go(c, goes[0])



cdef int START_PHASE[4]      # a turn's first node by (can bring a new man, can act)
START_PHASE[:] = [PH_ACT_ROLL, PH_ACT_ROLL, PH_NEW_ROLL, PH_OPTION]


cdef inline void start_turn(State* g, const Config* c) noexcept nogil:
    """The next turn's first node, or the end (ManHomeState._start_turn)."""
    cdef int seat
    cdef bint can_new, can_act, decision
    if g.winner >= 0 or g.turns >= c.rules.max_turns:
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
    if not ((outcome == O_HOME or outcome == O_KILL) and c.rules.extra_turn):
        if c.plain_goes:                # (next_go, in seat order with no head start)
            g.goes += 1
            g.to_move = c.next_seat[seat]
        else:
            g.to_move = next_go(c, seat, &g.goes, &g.head[seat])
    start_turn(g, c)


# -- the decision API (cext/common/decisions.pxi) -------------------------------------
cdef inline void game_start(State* g, const Config* c, uint64_t key) noexcept nogil:
    cdef int seat
    memset(g, 0, sizeof(State))
    memset(g.board, EMPTY, sizeof(g.board))
    for seat in range(c.players):
        g.reserve[seat] = c.rules.men_per_player
    if c.rules.head_start and c.players > 1:      # rules.head_start_turns
        for seat in range(c.players):
            g.head[seat] = seat * c.rules.head_start // (c.players - 1)
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
    cdef int row_die, face, square, n = 0, total = c.rules.board_rows * D6
    memset(count, 0, sizeof(count))
    for row_die in range(1, c.rules.board_rows + 1):
        for face in range(1, D6 + 1):
            count[ROW * (row_die % c.rules.board_rows) + face % ROW] += 1
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
    cdef int row_die = roll(g, c.rules.board_rows)
    return ROW * (row_die if row_die < c.rules.board_rows else 0) + roll(g, D6) % ROW


cdef inline int32_t face_off(State* g, const Config* c) noexcept nogil:
    """The FACE_OFF node's draw: the attacker's d6, then the defender's, again while they tie
    under ``reroll``."""
    cdef int a, d
    while True:
        a = roll(g, D6)
        d = roll(g, D6)
        if a != d:
            return ATTACKER_WINS if a > d else DEFENDER_HOLDS
        if c.rules.tie != TIE_REROLL:
            return ATTACKER_WINS if c.rules.tie == TIE_ATTACKER else DEFENDER_HOLDS


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
    killed, phase, kind (MOVE, FACE_OFF; else -1), decision, pending move or (), goes,
    head-start turns left by seat)."""
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
            (g.pending_src, g.pending_dst) if g.phase == PH_FACE_OFF else (), g.goes,
            tuple([g.head[s] for s in range(n)]))
