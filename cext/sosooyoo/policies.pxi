# So-Soo-Yoo's players in C, the twin of solver/sosooyoo/policies.py, function by function
# under the same names: the planners (popsicle, rainbow, adaptive), search-N and its
# playouts, adaptive's scores and search's candidates, the hooks of cext/common/mcts.pxi,
# and mcts-N (HalvingPolicy). Included by cext/sosooyoo/play.pyx.

cdef enum:
    # work units (cext/common/interrupt.pxd): about a microsecond each
    PLAYOUT_WORK = 32             # a search player's playout

# -- the players ------------------------------------------------------------------------

cdef inline int64_t dist(const Config* c, int a, int b) noexcept nogil:
    return c.dist[a * c.stride + b]


cdef int cost(int held[MAXP][NCOL], int players, int seat, int plan, int rpc) noexcept nogil:
    cdef int col, o, need, extra, missing = 0, left
    cdef bint possible = True
    cdef const int* h = held[seat]
    if plan == RAINBOW:
        for col in range(NCOL):
            if h[col] == 0:
                missing += 1
                left = rpc
                for o in range(players):
                    left -= held[o][col]
                if left < 1:
                    possible = False
        need = missing
        extra = total(h) - (NCOL - missing)
    else:
        need = WIN_RINGS - h[plan]
        if need < 0:
            need = 0
        extra = total(h) - (h[plan] if h[plan] < WIN_RINGS else WIN_RINGS)
        left = rpc
        for o in range(players):
            left -= held[o][plan]
        possible = left >= need
        return POPSICLE_WEIGHT * need + extra + (0 if possible else IMPOSSIBLE)
    return NEED_WEIGHT * need + extra + (0 if possible else IMPOSSIBLE)


cdef inline int col_sums(int held[MAXP][NCOL], int players, int seat, int* sums) noexcept nogil:
    """Each colour's rings held by all the seats into ``sums``; the seat's total."""
    cdef int o, col
    for col in range(NCOL):
        sums[col] = held[0][col]
    for o in range(1, players):
        for col in range(NCOL):
            sums[col] += held[o][col]
    return total(held[seat])


cdef inline int cost_with(const int* h, int tot, const int* sums, int plan,
                          int rpc) noexcept nogil:
    """cost(), from the seat's holding h, its total and the colours' sums (col_sums)."""
    cdef int col, need, missing = 0
    cdef bint possible = True
    if plan == RAINBOW:
        for col in range(NCOL):
            if h[col] == 0:
                missing += 1
                if rpc - sums[col] < 1:
                    possible = False
        return NEED_WEIGHT * missing + tot - (NCOL - missing) + (0 if possible else IMPOSSIBLE)
    need = WIN_RINGS - h[plan]
    if need < 0:
        need = 0
    return (POPSICLE_WEIGHT * need + tot - (h[plan] if h[plan] < WIN_RINGS else WIN_RINGS)
            + (0 if rpc - sums[plan] >= need else IMPOSSIBLE))


cdef int best_cost(int held[MAXP][NCOL], int players, int seat, int rpc) noexcept nogil:
    cdef int sums[NCOL]
    cdef int tot = col_sums(held, players, seat, sums)
    cdef int p, x, best = cost_with(held[seat], tot, sums, 0, rpc)
    for p in range(1, NCOL + 1):
        x = cost_with(held[seat], tot, sums, p, rpc)
        if x < best:
            best = x
    return best


cdef int target(const State* g, const Config* c, int seat, int plan, int* colour) noexcept nogil:
    """The space of the nearest ring ``plan`` needs (0: none); its colour in ``colour``."""
    cdef int col, space, here = g.pos[seat], best_space = 0
    cdef int64_t d, best = FAR
    colour[0] = -1
    for col in range(NCOL):
        if plan == RAINBOW:
            if g.held[seat][col] != 0:
                continue
        elif col != plan or g.held[seat][plan] >= WIN_RINGS:
            continue
        space = g.ring_space[col]
        if space:
            d = dist(c, here, space)
            if d < best:
                best, best_space, colour[0] = d, space, col
    return best_space


cdef int nearest_piece(const State* g, const Config* c, int seat) noexcept nogil:
    cdef int other, here = g.pos[seat], space = 0
    cdef int64_t d, best = FAR
    for other in range(c.rules.players):
        if other != seat:
            d = dist(c, here, g.pos[other])
            if d < best:
                best, space = d, g.pos[other]
    return space


cdef int best_plan(State* g, const Config* c, int seat) noexcept nogil:
    cdef int plan, space, colour, k, best_plan_ = 0, best_k = 0
    cdef int64_t d, best_d = 0
    cdef int i
    cdef int sums[NCOL]
    cdef int tot = col_sums(g.held, c.rules.players, seat, sums)
    for i in range(NCOL + 1):
        plan = RAINBOW if i == 0 else i - 1
        space = target(g, c, seat, plan, &colour)
        d = dist(c, g.pos[seat], space) if space else FAR
        k = cost_with(g.held[seat], tot, sums, plan, c.rules.rings_per_colour)
        if i == 0 or k < best_k or (k == best_k and d < best_d):
            best_k, best_d, best_plan_ = k, d, plan
    return best_plan_


cdef int64_t move_score(const Config* c, int landing, int goal, bint exact, int rest) noexcept nogil:
    if exact:
        if landing == goal and rest == 0:
            return 0
        if rest and c.reach[(rest * c.stride + landing) * c.stride + goal]:
            return 0
        return 1 + dist(c, landing, goal)
    return dist(c, landing, goal)


cdef inline void copy_held(const State* g, int held[MAXP][NCOL]) noexcept nogil:
    cdef int s, col
    for s in range(MAXP):
        for col in range(NCOL):
            held[s][col] = g.held[s][col]


cdef void after_end_all(const State* g, int seat, int action, int held[MAXP][NCOL]) noexcept nogil:
    cdef int j
    copy_held(g, held)
    if END_SWAP <= action < END_DISCARD:
        j = action - END_SWAP
        held[seat][j] -= 1
        held[j][j] += 1
        held[j][seat] -= 1
        held[seat][seat] += 1
    elif action >= END_DISCARD:
        held[seat][action - END_DISCARD] -= 1


cdef inline int plan_of(State* g, const Config* c, int code, int seat) noexcept nogil:
    if code == P_POPSICLE:
        return seat
    if code == P_RAINBOW:
        return RAINBOW
    return best_plan(g, c, seat)


cdef inline int my_cost(State* g, const Config* c, int code, int held[MAXP][NCOL],
                        int seat) noexcept nogil:
    if code == P_ADAPTIVE:
        return best_cost(held, c.rules.players, seat, c.rules.rings_per_colour)
    return cost(held, c.rules.players, seat, plan_of(g, c, code, seat), c.rules.rings_per_colour)


cdef int leader(const State* g, const Config* c, int seat) noexcept nogil:
    cdef int s, k, best = -1, best_k = 0
    cdef int held[MAXP][NCOL]
    copy_held(g, held)
    for s in range(c.rules.players):
        if s != seat:
            k = best_cost(held, c.rules.players, s, c.rules.rings_per_colour)
            if best < 0 or k < best_k:
                best, best_k = s, k
    return best


cdef int64_t tour(const Config* c, const int* spaces, const int* extra, int k, int used,
                  int start, int r, int depth) noexcept nogil:
    """policies.tour: the least score of collecting rings of ``spaces`` (those not in
    ``used``) from ``start`` within ``r`` moves, ``depth`` of them at most."""
    cdef int i
    cdef int64_t d, best, s, near = FAR
    for i in range(k):
        if not (used >> i) & 1:
            d = dist(c, start, spaces[i]) + extra[i]
            if d < near:
                near = d
    best = 0 if near == FAR or near <= r else near - r
    if depth == 0:
        return best
    for i in range(k):
        if not (used >> i) & 1:
            d = dist(c, start, spaces[i])
            if d <= r:
                s = -RING_WORTH + tour(c, spaces, extra, k, used | (1 << i), spaces[i],
                                       r - <int>d, depth - 1)
                if s < best:
                    best = s
    return best


cdef void contested(State* g, const Config* c, int seat, int* extra) noexcept nogil:
    """policies.contested: per colour, CONTESTED if an opponent whose best plan needs it
    stands within CONTESTED moves of its ring, else 0."""
    cdef int col, o, plan
    for col in range(NCOL):
        extra[col] = 0
    for o in range(c.rules.players):
        if o == seat:
            continue
        plan = best_plan(g, c, o)
        for col in range(NCOL):
            if g.ring_space[col] and dist(c, g.pos[o], g.ring_space[col]) <= CONTESTED and (
                    (plan == RAINBOW and g.held[o][col] == 0)
                    or (plan == col and g.held[o][col] < WIN_RINGS)):
                extra[col] = CONTESTED


cdef int64_t tour_score(const State* g, const Config* c, int seat, int plan, int landing,
                        int rest, const int* against) noexcept nogil:
    """policies.tour_score: how good landing on ``landing`` with ``rest`` moves to go is."""
    cdef int spaces[NCOL]
    cdef int extra[NCOL]
    cdef int k = 0, col, gained = 0
    cdef bint need
    for col in range(NCOL):
        if not g.ring_space[col]:
            continue
        if plan == RAINBOW:
            need = g.held[seat][col] == 0
        else:
            need = col == plan and g.held[seat][plan] < WIN_RINGS
        if not need:
            continue
        if g.ring_space[col] == landing:
            gained += 1
            continue
        spaces[k] = g.ring_space[col]
        extra[k] = against[col]
        k += 1
    return -RING_WORTH * gained + tour(c, spaces, extra, k, 0, landing, rest, TOUR_RINGS)


cdef int planner_move(State* g, const Config* c, int code, int seat, const int* options,
                      int n) noexcept nogil:
    """PlannerPolicy.pick at a move: the index of the first target of least score."""
    cdef int i, plan, best = 0, goal, colour, rest
    cdef bint exact
    cdef int64_t s, best_s = 0
    cdef double v, best_v = 0
    cdef int against[NCOL]
    plan = plan_of(g, c, code, seat)
    goal = target(g, c, seat, plan, &colour)
    exact = False
    if goal:
        exact = c.rules.exact_count and completes_win(g, c, seat, colour)
    else:
        goal = nearest_piece(g, c, seat)
    rest = g.moves_left - 1
    if code == P_ADAPTIVE and exact:
        for i in range(n):
            v = c.landing[(rest * c.stride + goal) * c.stride + options[i]]
            if i == 0 or v < best_v:
                best, best_v = i, v
        return best
    if code == P_ADAPTIVE and colour >= 0:
        contested(g, c, seat, against)
        for i in range(n):
            s = tour_score(g, c, seat, plan, options[i], rest, against)
            if i == 0 or s < best_s:
                best, best_s = i, s
        return best
    for i in range(n):
        s = move_score(c, options[i], goal, exact, rest)
        if i == 0 or s < best_s:
            best, best_s = i, s
    return best


cdef int planner_choose(State* g, const Config* c, int code, int seat, int decision,
                        int subject, const int* options, int n) noexcept nogil:
    """PlannerPolicy.pick: the index of the first option of least score."""
    cdef int i, best = 0, colour, away, lead, mine, hurt, best_mine = 0, best_hurt = 0
    cdef int64_t s, best_s = 0
    cdef int held[MAXP][NCOL]
    if decision == D_MOVE:
        return planner_move(g, c, code, seat, options, n)
    if decision == D_BUMP_TO:
        if code == P_ADAPTIVE:
            away = target(g, c, subject, best_plan(g, c, subject), &colour)
        else:
            away = target(g, c, seat, plan_of(g, c, code, seat), &colour)
        if not away:
            return 0 if options[0] != RANDOM_BUMP else n - 1
        for i in range(n):
            s = -dist(c, options[i], away) if options[i] != RANDOM_BUMP else 1
            if i == 0 or s < best_s:
                best, best_s = i, s
        return best
    if decision == D_TAKE_RING or decision == D_LOSE_RING:
        for i in range(n):
            if code == P_ADAPTIVE:
                copy_held(g, held)
                held[subject][options[i]] -= 1
                s = -best_cost(held, c.rules.players, subject, c.rules.rings_per_colour)
            else:
                s = -g.held[subject][options[i]]
            if i == 0 or s < best_s:
                best, best_s = i, s
        return best
    if decision == D_DISCARD:
        for i in range(n):
            copy_held(g, held)
            held[seat][options[i]] -= 1
            s = my_cost(g, c, code, held, seat)
            if i == 0 or s < best_s:
                best, best_s = i, s
        return best
    # D_END
    lead = leader(g, c, seat) if code == P_ADAPTIVE else -1
    for i in range(n):
        after_end_all(g, seat, options[i], held)
        mine = my_cost(g, c, code, held, seat)
        hurt = -best_cost(held, c.rules.players, lead, c.rules.rings_per_colour) if lead >= 0 else 0
        if i == 0 or mine < best_mine or (mine == best_mine and hurt < best_hurt):
            best, best_mine, best_hurt = i, mine, hurt
    return best



cdef int search(State* g, const Config* c, int seat, int kind, const int* options,
                int n) noexcept nogil:
    """SearchPolicy.choose at a move or the end of a turn: adaptive's candidate, unless
    another won more of its playouts by more than the margin: the square root of the
    budget, rounded down (at least 1). A candidate's playouts start from the node after it
    (its frames, no dice drawn yet) and play on with adaptive in every seat from the dice
    and choice streams of each key, at most PLAYOUT_TURNS turns after this one."""
    cdef int default = planner_choose(g, c, P_ADAPTIVE, seat, kind, seat, options, n)
    cdef uint64_t begin = dice_word(&g.choice), stream
    cdef int i, j, best, margin, limit = g.turns + 1 + PLAYOUT_TURNS
    cdef int won[MAXOPT]
    cdef State start, twin
    cdef const Config* r = c.rollout
    for i in range(n):
        won[i] = 0
        stream = begin
        start = g[0]
        if start.limit > limit:
            start.limit = limit
        apply_action(&start, r, encode(kind, options[i]))
        for j in range(c.budget[seat]):
            if interrupted(c.stop, PLAYOUT_WORK):   # the game is abandoned
                break
            twin = start
            twin.dice = dice_word(&stream)
            twin.choice = twin.dice ^ DICE_CHOICE_SALT
            playout(&twin, r)
            won[i] += twin.winner == seat
    margin = 1
    while (margin + 1) * (margin + 1) <= c.budget[seat]:
        margin += 1
    best = default
    for i in range(n):
        if won[i] > won[default] + margin and won[i] > won[best]:
            best = i
    return best


cdef void playout(State* g, const Config* r) noexcept nogil:
    """The game played on to its end (its limit) by r's players (decisions.pxi: play_game)."""
    cdef int seat
    while True:
        seat = current_player(g, r)
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            apply_action(g, r, draw_chance(g, r))
        else:
            apply_action(g, r, decide(g, r, seat))


cdef void adaptive_scores(State* g, const Config* c, int seat, int decision, int subject,
                          const int* options, int n, double* out) noexcept nogil:
    """policies.adaptive_scores: adaptive's score of every option (lower is better)."""
    cdef int i, plan, goal, colour, rest, away, lead, mine, hurt
    cdef bint exact
    cdef int against[NCOL]
    cdef int held[MAXP][NCOL]
    if decision == D_MOVE:
        plan = best_plan(g, c, seat)
        goal = target(g, c, seat, plan, &colour)
        exact = False
        if goal:
            exact = c.rules.exact_count and completes_win(g, c, seat, colour)
        else:
            goal = nearest_piece(g, c, seat)
        rest = g.moves_left - 1
        if exact:
            for i in range(n):
                out[i] = c.landing[(rest * c.stride + goal) * c.stride + options[i]]
            return
        if colour >= 0:
            contested(g, c, seat, against)
            for i in range(n):
                out[i] = <double>tour_score(g, c, seat, plan, options[i], rest, against)
            return
        for i in range(n):
            out[i] = <double>move_score(c, options[i], goal, exact, rest)
        return
    if decision == D_BUMP_TO:
        away = target(g, c, subject, best_plan(g, c, subject), &colour)
        if not away:
            colour = 0 if options[0] != RANDOM_BUMP else n - 1     # adaptive's pick
            for i in range(n):
                out[i] = 0.0 if i == colour else 1.0
            return
        for i in range(n):
            out[i] = <double>(-dist(c, options[i], away)) if options[i] != RANDOM_BUMP else 1.0
        return
    if decision == D_TAKE_RING or decision == D_LOSE_RING:
        for i in range(n):
            copy_held(g, held)
            held[subject][options[i]] -= 1
            out[i] = <double>(-best_cost(held, c.rules.players, subject, c.rules.rings_per_colour))
        return
    if decision == D_DISCARD:
        for i in range(n):
            copy_held(g, held)
            held[seat][options[i]] -= 1
            out[i] = <double>best_cost(held, c.rules.players, seat, c.rules.rings_per_colour)
        return
    lead = leader(g, c, seat)
    for i in range(n):
        after_end_all(g, seat, options[i], held)
        mine = best_cost(held, c.rules.players, seat, c.rules.rings_per_colour)
        hurt = -best_cost(held, c.rules.players, lead, c.rules.rings_per_colour)
        out[i] = <double>mine * 4096.0 + <double>hurt


cdef int search_candidates(State* g, const Config* c, int seat, int32_t* acts) noexcept nogil:
    """policies.search_candidates: the legal actions by adaptive's score, ascending among
    equals (adaptive's choice first); how many."""
    cdef int options[MAXOPT]
    cdef double score[MAXOPT]
    cdef int n, i, j, kind = g.node
    cdef int32_t a
    cdef double s
    cdef const int* targets
    if kind == D_MOVE:
        n = c.ntargets[g.pos[seat]]
        targets = c.targets[g.pos[seat]]
        for i in range(n):
            options[i] = targets[i]
    else:
        n = node_options(g, c, options)
    for i in range(n):
        acts[i] = encode(kind, options[i])
    if n < 2:
        return n
    adaptive_scores(g, c, seat, kind, g.subject, options, n, score)
    for i in range(1, n):              # insertion sort: stable
        a = acts[i]
        s = score[i]
        j = i - 1
        while j >= 0 and score[j] > s:
            acts[j + 1] = acts[j]
            score[j + 1] = score[j]
            j -= 1
        acts[j + 1] = a
        score[j + 1] = s
    return n


# -- the hooks of cext/common/mcts.pxi ----------------------------------------------------

cdef inline int mcts_actions(State* g, const Config* c, int32_t* actions) noexcept nogil:
    """cext/common/mcts.pxi's hook (its shared search is not So-Soo-Yoo's mcts-N, halving
    is; the hook gives the same candidates): search_candidates."""
    return search_candidates(g, c, current_player(g, c), actions)


cdef inline uint64_t* mcts_choices(State* g) noexcept nogil:
    """cext/common/mcts.pxi's hook: the game's choice stream."""
    return &g.choice


cdef inline void mcts_reseed(State* h, const Config* c, uint64_t key) noexcept nogil:
    """cext/common/mcts.pxi's hook: the copy's streams restarted from ``key`` and its end
    at most PLAYOUT_TURNS turns after this one (as search's playouts)."""
    cdef int limit = h.turns + 1 + PLAYOUT_TURNS
    h.dice = key
    h.choice = key ^ DICE_CHOICE_SALT
    if h.limit > limit:
        h.limit = limit
    h.turn_key = key | 1


cdef inline double mcts_exploration() noexcept nogil:
    return 1.4      # solver.mcts.C


cdef inline double mcts_keep_z() noexcept nogil:
    return 0.0      # no keep


# -- mcts-N: sequential halving -----------------------------------------------------------

cdef inline double mcts_z() noexcept nogil:
    return MCTS_Z_TENTHS / 10.0      # policies.MCTS_Z


cdef int32_t halving(State* g, const Config* c, const Config* r, int seat,
                     int budget) noexcept nogil:
    """policies.HalvingPolicy.choose: the mcts-``budget`` player's action at ``g``."""
    cdef int32_t acts[MAX_ACTIONS]
    cdef int alive[MAX_ACTIONS]
    cdef int order[MAX_ACTIONS]
    cdef double sums[MAX_ACTIONS]
    cdef double ret[DECISIONS_MAX_SEATS]
    cdef int n, w, m, rounds, rnd, per, used, k, i, j, t, best, keepn, q
    cdef double mean, var, d
    cdef uint64_t stream
    cdef uint64_t* keys
    cdef double* res
    cdef int32_t chosen
    cdef State h
    n = search_candidates(g, c, seat, acts)
    if n < 2:
        return acts[0]
    stream = dice_word(&g.choice)
    keys = <uint64_t*>malloc(budget * sizeof(uint64_t))
    res = <double*>malloc(n * budget * sizeof(double))
    if keys == NULL or res == NULL:        # (never expected: some kB)
        free(keys)
        free(res)
        return acts[0]
    for j in range(budget):
        keys[j] = dice_word(&stream)
    w = budget // MCTS_WIDTH
    if w < 2:
        w = 2
    if w > n:
        w = n
    rounds = 0
    while (1 << rounds) < w:
        rounds += 1
    m = w
    for i in range(m):
        alive[i] = i
        sums[i] = 0.0
    used = 0
    k = 0
    for rnd in range(rounds):
        per = (budget - used) // (m * (rounds - rnd))
        if per < 1:
            per = 1
        if used + per * m > budget:
            break
        for t in range(m):
            i = alive[t]
            for j in range(k, k + per):
                if interrupted(c.stop, PLAYOUT_WORK):   # the game is abandoned
                    break
                h = g[0]
                mcts_reseed(&h, r, keys[j])
                apply_action(&h, r, acts[i])
                playout(&h, r)
                returns(&h, r, ret)
                res[i * budget + j] = ret[seat]
                sums[i] += ret[seat]
        used += per * m
        k += per
        if m > 2:           # the better half by sum (the earlier among equals), 0 kept
            for t in range(m):
                order[t] = alive[t]
            for t in range(1, m):
                q = order[t]
                j = t - 1
                while j >= 0 and sums[order[j]] < sums[q]:
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = q
            keepn = (m + 1) // 2
            if keepn < 2:
                keepn = 2
            q = 0
            for t in range(keepn):
                if order[t] == 0:
                    q = 1
            if not q:
                order[keepn - 1] = 0
            for t in range(1, keepn):          # back in candidate order
                q = order[t]
                j = t - 1
                while j >= 0 and order[j] > q:
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = q
            m = keepn
            for t in range(m):
                alive[t] = order[t]
    best = 0
    for t in range(m):
        if sums[alive[t]] > sums[best]:
            best = alive[t]
    chosen = acts[0]
    if best != 0 and k >= MCTS_MIN_KEYS:       # the paired test against adaptive's
        mean = 0.0
        for j in range(k):
            mean += res[best * budget + j] - res[j]
        mean /= k
        var = 0.0
        for j in range(k):
            d = res[best * budget + j] - res[j] - mean
            var += d * d
        var /= k - 1
        if mean > mcts_z() * sqrt(var / k):
            chosen = acts[best]
    free(keys)
    free(res)
    return chosen
