# The search behind search-N: iterative-deepening negamax with alpha-beta cut-offs, a
# transposition table keyed by Zobrist keys and killer moves, on greedy's values and the
# evaluation. Python twin: solver/shoo/search.py.
cdef enum:
    B_EXACT = 0             # the bounds of a table entry's value
    B_LOWER = 1
    B_UPPER = 2


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
    if p.ply >= c.rules.max_plies:
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
    if depth == 0 or winner(p, c) != NONE or p.ply >= c.rules.max_plies:
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
        elif tactical and p.ply + 1 < c.rules.max_plies:
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
