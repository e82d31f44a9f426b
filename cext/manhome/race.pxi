# ply-N and adapt-N: expectimax over the next N turns on the race evaluation. Python twin:
# solver/manhome/race.py's Race (its docstring has the definitions): the same values, added
# in the same order, so both engines choose alike.
cdef struct Pos:
    int8_t board[SQUARES]
    uint64_t men[MAXP][2]
    int nmen[MAXP]
    int home[MAXP]
    int reserve[MAXP]
    int goes                      # the cursor of the goes (Race's cursor): goes ended and
    int head[MAXP]                # head-start turns left, followed when ``scheduled``
    bint scheduled


cdef enum:
    MAX_SLOTS = MAXP * 66 + MAXP * 8   # a schedule's goes: every seat 41 (race columns + 1;
                                       # the table has 40) in at most 42 rounds, and the
                                       # head-start turns


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


cdef void ply_scheduled_leaf(const Pos* p, const Config* c, int t, double* out) noexcept nogil:
    """Every seat's chance to win on the schedule of the goes from seat t's (Race.schedule,
    Race.scheduled_leaf)."""
    cdef const uint16_t* rows[MAXP]
    cdef int seats[MAX_SLOTS]
    cdef int counts[MAXP]
    cdef int head[MAXP]
    cdef int players = c.players, columns = c.race_columns, i, j, k, n, m, low
    cdef int length = 0, seat = t, goes = p.goes
    cdef double total, prod, fj
    for i in range(players):
        rows[i] = c.race + race_index(c.race_space, p, i) * columns
        counts[i] = 0
        head[i] = p.head[i]
    while length < MAX_SLOTS:
        low = counts[0]
        for i in range(1, players):
            low = min(low, counts[i])
        if low > columns:
            break
        seats[length] = seat
        length += 1
        counts[seat] += 1
        seat = next_go(c, seat, &goes, &head[seat])
    for i in range(players):
        total = 0.0
        for j in range(players):
            counts[j] = 0
        for k in range(length):
            seat = seats[k]
            if seat == i:
                n = counts[i] + 1
                if n > columns:
                    break
                prod = (<double>rows[i][n - 1] / <double>RACE_SCALE
                        - (<double>rows[i][n - 2] / <double>RACE_SCALE if n >= 2 else 0.0))
                for j in range(players):
                    if j == i:
                        continue
                    m = min(counts[j], columns)
                    fj = <double>rows[j][m - 1] / <double>RACE_SCALE if m >= 1 else 0.0
                    prod *= 1.0 - fj
                total += prod
            counts[seat] += 1
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
        if p.scheduled:
            ply_scheduled_leaf(p, c, t, out)
        else:
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
    cdef int q, i, squares = ROW * c.rules.board_rows
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
    cdef int goes = p.goes, head = p.head[t]      # the cursor once t's go ends
    cdef double kill[MAXP]
    cdef double lost[MAXP]
    cdef double chance, miss
    if p.scheduled:
        following = next_go(c, t, &goes, &head)
    again = t if c.rules.extra_turn else following
    if source >= 0:
        pos_lift(&q, t, source)
    else:
        q.reserve[t] -= 1
    if target == DEATH or (target != HOME and q.board[target] == t):
        q.reserve[t] += 1
        q.goes = goes
        q.head[t] = head
        ply_value(&q, c, following, depth - 1, out)
        return
    if target == HOME:
        q.home[t] += 1
        if q.home[t] >= c.rules.men_to_win:
            for i in range(c.players):
                out[i] = 1.0 if i == t else 0.0
            return
        if not c.rules.extra_turn:
            q.goes = goes
            q.head[t] = head
        ply_value(&q, c, again, depth - 1, out)
        return
    holder = q.board[target]
    if holder == EMPTY:
        pos_place(&q, t, target)
        q.goes = goes
        q.head[t] = head
        ply_value(&q, c, following, depth - 1, out)
        return
    w = q                                   # the face-off: the attacker kills, or is killed
    pos_lift(&w, holder, target)
    w.reserve[holder] += 1
    pos_place(&w, t, target)
    if not c.rules.extra_turn:
        w.goes = goes
        w.head[t] = head
    ply_value(&w, c, again, depth - 1, kill)
    q.reserve[t] += 1
    q.goes = goes
    q.head[t] = head
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
    p.scheduled = False
    memcpy(p.board, g.board, sizeof(p.board))
    for i in range(c.players):
        p.men[i][0] = g.men[i][0]
        p.men[i][1] = g.men[i][1]
        p.nmen[i] = g.nmen[i]
        p.home[i] = g.home[i]
        p.reserve[i] = g.reserve[i]
        p.head[i] = g.head[i]
        if g.head[i]:
            p.scheduled = True
    p.goes = g.goes
    if c.rules.order != ORDER_FIXED:
        p.scheduled = True
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
