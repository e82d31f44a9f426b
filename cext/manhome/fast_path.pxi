# play_chunk's games when no seat searches: the same turns as the decision API's nodes (the
# same draws from the dice and choice streams, in the same order, the same decisions), made
# a turn at a time without going through the nodes. The generic loop (play_game over the
# decision API, cext/common/decisions.pxi) stays the reference: play_chunk_nodes plays it,
# and tests/manhome/test_fast_path.py checks that both play the same games.
# Python twin: solver.decision.play over solver/manhome/state.py with policies.py's
# players (greedy_move is GreedyPolicy's choice, found without a branch).


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
