# The players' choices: the moves a player may not choose (ban), the choice among distinct
# moves of random, greedy and search-N, and mcts-N's hooks for cext/common/mcts.pxi (its
# candidates, its choice stream, a simulation's start). Python twin: solver/shoo/policies.py.
cdef enum:
    # work units (cext/common/interrupt.pxd): about a microsecond each
    PLY_WORK = 16           # a move chosen by random or greedy (plus a search's nodes)
    MCTS_WIDTH = 12         # policies.MCTS_WIDTH: mcts-N's candidates at a decision
    MCTS_PLIES = 4          # policies.MCTS_PLIES: the moves a simulation plays
    ACTION_BITS = 40        # a packed move's action fields, shoo and hush aside

# constants in C (an enum holds only ints), not module globals the kernel could write
cdef extern from *:
    """
    static const double SHOO_MCTS_SCALE = 60.0;
    static const uint64_t SHOO_NO_HUSHED = 0xFFFFFFFFFFFFFFFFULL;
    """
    const double MCTS_SCALE "SHOO_MCTS_SCALE"   # policies.MCTS_SCALE: a cut-off
                                                # simulation's squashing
    const uint64_t NO_HUSHED "SHOO_NO_HUSHED"   # State.hushed: none


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

cdef int choose_search(const Pos *p, const Config *c, Work *w, int budget,
                       const uint8_t *banned, uint64_t *choices) noexcept nogil:
    """policies.SearchPolicy.choose: a best distinct move of the search (choose_best)."""
    search(p, c, w, <int64_t>budget * NODE_UNIT)
    return choose_best(&w.root, w.scores, banned, choices)

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
