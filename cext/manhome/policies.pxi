# Each seat's player (decide): random, greedy and the table players inline, the expert's
# move worths, the search player's playouts, and mcts-N's hooks for cext/common/mcts.pxi.
# Python twin: solver/manhome/policies.py.


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
    if home >= c.rules.men_to_win:
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
    offsets[home][k + 1] + below[j] + C(t - 2, j + 1) + above[j] (solver/manhome/sides.py),
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
    for t in range(FIRST_SQUARE, ROW * c.rules.board_rows):
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
    return A_NEW_MAN if 3 * new_sum > ROW * c.rules.board_rows * best_sum else A_ACTION


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


cdef inline double mcts_exploration() noexcept nogil:
    return 1.4      # solver.mcts.C


cdef inline double mcts_keep_z() noexcept nogil:
    return MCTS_KEEP      # policies.MCTS_KEEP: mcts keeps expert's choice unless clearly beaten
