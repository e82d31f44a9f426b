# The decision API of cext/common/decisions.pxi (its functions declared in play.pxd): one
# decision node a move, the side to move's; no chance nodes. Action ids to and from packed
# moves (encode, decode), the end of a game (settle), each seat's player (decide) and the
# result row. Python twin: solver/shoo/state.py (ShooState, Encoder).
cdef enum:
    MAX_ACTIONS = MAXMOVES   # room for the legal actions of any node


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
    elif g.pos.ply >= c.rules.max_plies:
        g.over, g.winner, g.ended_by = True, DRAW, ENDED_LIMIT
    elif c.rules.repetition and g.pos.ply > c.start.ply:
        for i in range(g.pos.ply - c.start.ply + 1):
            count += same_position(&g.seen[i], &g.pos)
        if count >= c.rules.repetition:
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
    if c.rules.repetition:
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
    if c.rules.repetition:
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
    if c.rules.repetition:
        for i in range(g.pos.ply - c.start.ply + 1):
            key = position_view(&g.seen[i])
            seen[key] = seen.get(key, 0) + 1
    return (position_view(&g.pos), g.pos.ply, g.winner, g.ended_by, g.decisions, g.hushes,
            (g.shoos[0], g.shoos[1]), (g.shoo_offs[0], g.shoo_offs[1]),
            (g.captures[0], g.captures[1]), tuple(sorted(seen.items())))
