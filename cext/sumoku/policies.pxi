# Sumoku's players in C, the twin of solver/sumoku/policies.py: random, greedy, lookahead
# and search-N in decide, a search's playouts, and mcts-N's hooks for
# cext/common/mcts.pxi. Included by cext/sumoku/play.pyx.
#
# **Action ids and the bound.** A bounded sink no longer knows a kept play's index in the
# canonical list (the plays of the branches it skipped are not counted). ``decide`` therefore
# keeps the play it picked in the State (``chosen``), and ``apply_action`` of the id it
# returned applies that play without listing the plays again. With ``Config.exact`` (the
# configuration's ``exact_actions``: ``solver.sumoku.kernel.kernel_state``) the players do
# not bound, so the ids ``decide`` returns are the canonical indices, as the reference
# players return them; without it (``play_chunk``'s games, a search's playouts) the greedy,
# lookahead and search players bound, and the id ``decide`` returns is only good for the
# ``apply_action`` that follows it (the same play, the same game; the random player's ids are
# always exact). A search player's playouts run on a second State (``Config.twin``) over the
# same functions with greedy players in every seat. The games run without the GIL over plain
# C structs.
#
# **mcts-N** (cext/common/mcts.pxi over the hooks at the end, policies.py's ``mcts-N``): a
# bandit over the MCTS_WIDTH highest-scoring plays in lookahead's order, paired simulations.
# A simulation is a copy of the State reseeded under the rollout Config (``simulates``): its
# ``sim_stop`` cuts it off MCTS_TURNS turns on (current_player says TERMINAL) and ``returns``
# gives each seat its squashed score margin (policies.Simulation); a game's own State has
# ``sim_stop`` 0. ``mcts_actions`` keeps the candidates and their plays in the State for the
# node they are of (``ckey``), so a simulation's copy of the decision finds them without
# listing the plays, and ``make_play`` applies a candidate's play as it applies ``decide``'s.

cdef enum:
    # work units (cext/common/interrupt.pxd): about a microsecond each
    DECIDE_WORK = 256     # a decision (a greedy one takes some 100 microseconds): the
                          # pxi's play_chunk counts a game as one unit, so decide counts
                          # the work that lets a signal stop a chunk within milliseconds
    PLAYOUT_WORK = 512    # a search player's playout: a play and one round of greedy turns


# ------------------------------------------------------------------------------ players

cdef int reply_score(State* s, const Config* c, int seat, const Play* p) noexcept nogil:
    """policies.reply_score: the next player's best score at once after ``p``."""
    cdef Sink sink
    cdef int nxt = next_opponent(s, c, seat)
    cdef int ntiles = s.ntiles, min_r = s.min_r, max_r = s.max_r, min_c = s.min_c
    cdef int max_c = s.max_c
    lay(s, p)
    sink_init(&sink, S_MAX, 0)
    sink.bound = True
    legal_plays(s, c, s.hand[nxt], s.nhand[nxt], &sink)
    unlay(s, ntiles, min_r, max_r, min_c, max_c)
    return sink.best if sink.count else 0


cdef inline void shuffle_bag_left(State* t, uint64_t key) noexcept nogil:
    """A playout's bag: the tiles left shuffled by the dice stream of ``key`` (hands lie face
    up, only the bag's order is unknown), as SumokuState.playout shuffles them."""
    t.dice = key
    shuffle_left(t)


cdef int playout_value(const State* g, const Config* c, int seat, const Play* p,
                       int32_t action, uint64_t key) noexcept nogil:
    """One playout of ``p`` (policies._playout, SumokuState.playout): the twin copies the
    game, shuffles the bag left with the dice stream ``key``, makes the play (id
    ``action``) and plays on with the rollout's greedy players until every seat has had a
    turn; the seat's score minus the best other score."""
    cdef State* t = c.twin
    cdef const Config* rollout = c.rollout
    cdef int stop, other, best = NOSCORE, who
    memcpy(t, g, sizeof(State))   # the whole State, grid included
    shuffle_bag_left(t, key)
    stop = t.turns + c.rules.players
    t.has_chosen = True
    t.chosen_action = action
    t.chosen_n = 2
    t.chosen = p[0]
    apply_action(t, rollout, action)
    while t.phase != PH_OVER and t.turns < stop:
        who = current_player(t, rollout)
        if who == CHANCE:
            apply_action(t, rollout, draw_chance(t, rollout))
        else:
            apply_action(t, rollout, decide(t, rollout, who))
    for other in range(c.rules.players):
        if other != seat and t.scores[other] > best:
            best = t.scores[other]
    return t.scores[seat] - best


cdef int32_t decide(State* g, const Config* c, int seat) noexcept nogil:
    """The seat's player (policies.py) picks a play: its id, and the play kept in
    ``g.chosen`` for apply_action. ``random`` counts the plays and finds the one it draws;
    ``greedy`` keeps the first best, ``lookahead`` and ``search-N`` the best few, bounding
    the generation unless ``c.exact`` (module docstring)."""
    cdef Sink sink
    cdef long n = 0, index = 0
    cdef int policy = c.policy[seat], i, j, value, best = NOSCORE
    cdef long total, best_total = 0
    cdef uint64_t ks
    cdef uint64_t keys[MAX_BUDGET]
    cdef Play chosen
    interrupted(c.stop, DECIDE_WORK)   # a signal stops the chunk at the end of this game
    if policy == P_MCTS:               # a canonical index: apply_action finds its play
        g.has_chosen = False           # (a bandit over the root's candidates, paired)
        return mcts_search(g, c, c.rollout, seat, c.budget[seat], 1, True)
    if g.nhand[seat] == 0:
        n = 0
    elif policy == P_GREEDY:
        sink_init(&sink, S_GREEDY, 0)
        sink.bound = not c.exact
        legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
        n = sink.count
        if n:
            chosen = sink.found
            index = sink.found_index
    elif policy == P_LOOKAHEAD or policy == P_SEARCH:
        sink_init(&sink, S_TOP, 0)
        sink.bound = not c.exact
        legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
        n = sink.count
        if n == 1:
            chosen = sink.top[0]
            index = sink.top_index[0]
        elif n > 1 and policy == P_SEARCH:
            ks = dice_word(&g.choice)
            for j in range(c.budget[seat]):
                keys[j] = dice_word(&ks)
            for i in range(sink.ntop):
                total = 0
                for j in range(c.budget[seat]):
                    if interrupted(c.stop, PLAYOUT_WORK):   # the game is abandoned
                        break
                    total += playout_value(g, c, seat, &sink.top[i],
                                           <int32_t>sink.top_index[i], keys[j])
                if i == 0 or total > best_total:
                    best_total = total
                    index = sink.top_index[i]
                    chosen = sink.top[i]
        elif n > 1:
            for i in range(sink.ntop):
                value = sink.top[i].score - reply_score(g, c, seat, &sink.top[i])
                if value > best or (value == best and sink.top_index[i] < index):
                    best = value
                    index = sink.top_index[i]
                    chosen = sink.top[i]
    else:
        sink_init(&sink, S_COUNT, 0)
        legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
        n = sink.count
        if n:
            index = <long>dice_choose(&g.choice, n)
            sink_init(&sink, S_FIND, index)
            legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
            chosen = sink.found
    g.has_chosen = True
    g.chosen_n = 2 if n > 1 else <int>n
    if n:
        g.chosen = chosen
        g.chosen_action = <int32_t>index
    else:
        g.chosen_action = PASS
    return g.chosen_action


# -- the hooks of cext/common/mcts.pxi ----------------------------------------------------

cdef inline int mcts_actions(State* g, const Config* c, int32_t* actions) noexcept nogil:
    """cext/common/mcts.pxi's hook: at a play, the MCTS_WIDTH highest-scoring plays (ties in
    canonical order; their canonical indices: no bound) in the order of lookahead's value,
    the score minus the next player's best score at once (reply_score), highest first,
    equal values in canonical order (policies.mcts_candidates); else the legal actions.
    The candidates and their plays are kept in the state for its node (cache_valid): every
    simulation starts from a copy of the decision's state, and make_play finds them there."""
    cdef Sink sink
    cdef int i, j, t, seat = g.to_move, n
    cdef int values[MCTS_WIDTH]
    cdef int order[MCTS_WIDTH]
    if (g.phase != PH_PLAY and g.phase != PH_BONUS) or g.nhand[seat] == 0:
        return legal_actions(g, c, actions)
    if cache_valid(g):
        for i in range(g.ncache):
            actions[i] = g.cache_action[i]
        return g.ncache
    sink_init(&sink, S_TOP, 0)
    sink.bound = False
    sink.width = MCTS_WIDTH
    legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
    if sink.count == 0:
        actions[0] = PASS
        return 1
    n = sink.ntop
    for i in range(n):
        order[i] = i
        values[i] = 0
    if n > 1:
        for i in range(n):
            values[i] = sink.top[i].score - reply_score(g, c, seat, &sink.top[i])
        for i in range(1, n):           # insertion sort: value down, then canonical index
            j = i
            while j > 0 and (values[order[j - 1]] < values[order[j]] or
                             (values[order[j - 1]] == values[order[j]] and
                              sink.top_index[order[j - 1]] > sink.top_index[order[j]])):
                t = order[j - 1]
                order[j - 1] = order[j]
                order[j] = t
                j -= 1
    for i in range(n):
        actions[i] = <int32_t>sink.top_index[order[i]]
        g.cache_action[i] = actions[i]
        g.cache_play[i] = sink.top[order[i]]
    g.ncache = n
    if n > 1:
        cache_set(g)
    return n


cdef inline uint64_t* mcts_choices(State* g) noexcept nogil:
    """cext/common/mcts.pxi's hook: the game's choice stream."""
    return &g.choice


cdef inline void mcts_reseed(State* h, const Config* c, uint64_t key) noexcept nogil:
    """cext/common/mcts.pxi's hook: the copy's bag left shuffled by the dice stream of
    ``key`` (as playout_value: hands lie face up, only the bag's order is unknown), its
    choice stream restarted from ``key``."""
    shuffle_bag_left(h, key)
    h.choice = key ^ DICE_CHOICE_SALT
    h.has_chosen = False
    if c.simulates:                    # policies.mcts_start: cut off, valued by the margin
        h.sim_stop = h.turns + MCTS_TURNS


cdef inline double mcts_exploration() noexcept nogil:
    return MCTS_EXPLORATION_PERMILLE / 1000.0      # policies.MCTS_EXPLORATION


cdef inline double mcts_keep_z() noexcept nogil:
    return 0.0      # no keep
