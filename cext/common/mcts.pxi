# Open-loop UCT over the C decision API, written once for every game's kernel: the
# ``mcts-N`` players (N simulations a decision). Its readable twin, which makes the same
# choices bit for bit, is solver/mcts.py (its docstring states the algorithm).
#
# A Cython include, compiled into each kernel after `include "cext/common/decisions.pxi"`,
# over the game's own inline functions (current_player, legal_actions, draw_chance,
# apply_action, decide, returns) and five hooks the kernel defines (and declares in its
# contract, cext/<game>/play.pxd):
#
#     void mcts_reseed(State* h, const Config* c, uint64_t key)
#         restart a copy of the state's dice and choice streams from ``key``, as
#         game_start does for a game (and whatever else the game's own search does to a
#         playout's copy: So-Soo-Yoo cuts the playout off as search-N does and rolls each
#         turn's moves die from the turn's own key)
#     uint64_t* mcts_choices(State* g)
#         the game's choice stream in its state (the one word a decision is drawn from it)
#     int mcts_actions(State* g, const Config* c, int32_t* actions)
#         at a decision, the actions the search considers, in the order it tries them
#         (legal_actions for Man Home and Shoo: all of them, ascending; So-Soo-Yoo: all,
#         by adaptive's score — its mcts-N is its own sequential halving, which calls
#         mcts_reseed and mcts_actions' order but not mcts_search; Sumoku: the sixteen
#         highest-scoring plays in lookahead's order); one only when the decision is forced
#     double mcts_exploration()
#         the game's C in UCB1 (solver.mcts.C, 1.4, unless the game's policies set their own)
#     double mcts_keep_z()
#         MctsPolicy's ``keep``: 0 (off), or the standard errors by which the tree's choice
#         must beat the rollout player's own at the root (Man Home's mcts keeps expert's)
#
# (hooks, not module globals: the shared code is never rebound or written by a kernel).
#
# and calls ``mcts(g, c, r, seat, budget)`` from its ``decide`` for the seat's mcts player,
# where ``r`` is the kernel's rollout Config (the same rules, the family's rollout player
# in every seat; its decide is the rollout policy).
#
# ``rollout_state(state, key)`` (Python) plays a KernelState to its end as a simulation's playout
# does: the streams restarted by mcts_reseed from ``key``, then the rollout Config's
# players in every seat (it reads the rollout Config as ``Config.rollout``, which every
# kernel sets in its Setup), or another KernelState's players (e.g. random in every seat) —
# the rollout of solver.spiel's KernelRolloutEvaluator, so that OpenSpiel's MCTSBot plays
# out in C, with the same player and the same cut-off as mcts-N or with random play.
#
# The tree: a node per sequence of (non-forced) decision actions from the root; chance
# outcomes and forced actions are played in each simulation from its own streams, never
# stored (open loop). A simulation: one word of the searched game's choice stream (drawn
# once a decision) starts a SplitMix64 stream whose j-th word is simulation j's key; the
# state is copied and reseeded from that key; from the root, at each decision node the
# actions now (mcts_actions) are walked in order: the first without a child is expanded
# (one node a simulation), after which the game is played out to its end by the rollout
# player; if every one has a child, the one of highest UCB1
# value/visits + mcts_exploration() * sqrt(log(parent visits) / visits) is followed (the first in
# that order among equals). The returns (1 a win, a share of a draw, 0 a loss) are backed
# up: every node on the path gets a visit, and each child the return of the seat that
# chose it in this simulation. The decision: the root's child of most visits, the first in
# the order of the root's candidates among equals (mcts_actions asked again: it must give
# the same list at the same state); a kernel whose mcts_keep_z() > 0 (Man Home)
# keeps instead the rollout player's own choice at the root unless that child's
# mean return beats it by more than mcts_keep_z() standard errors (mcts_keep). A game may
# ask for two more things (mcts_search): a tree at most so many decisions deep (a
# simulation that follows a child on the floor plays out from it), and paired simulations
# (the k-th through each child of the root reseeded from the k-th key just before the
# child's action). The node pool (budget + 1 nodes, children as sibling lists ascending by
# action; a walk restarts from the first child when the actions come in another order) and
# the buffers are allocated per decision; no Python object is touched.
from libc.math cimport log, sqrt

from cext.common.dice cimport dice_word
from cext.common.interrupt cimport Interrupt


cdef struct MctsNode:
    int32_t action
    int32_t visits
    int32_t first          # first child (children ascending by action), -1 for none
    int32_t next           # next sibling, -1 for none
    double value           # sum of the returns of the seats that chose this action


cdef enum:
    MCTS_MAX_BUDGET = 1 << 16     # solver.mcts.MAX_BUDGET


cdef inline int mcts_advance(State* h, const Config* r, int32_t* actions,
                             Interrupt* stop) noexcept nogil:
    """Play chance nodes and forced actions; the legal actions (two or more) of the
    decision reached, or 0 at the end of the game (or once a signal stopped the search: a
    node a unit of work)."""
    cdef int seat, n
    while True:
        seat = current_player(h, r)
        if seat == TERMINAL or interrupted(stop, 1):
            return 0
        if seat == CHANCE:
            apply_action(h, r, draw_chance(h, r))
            continue
        n = mcts_actions(h, r, actions)
        if n > 1:
            return n
        apply_action(h, r, actions[0])


cdef inline void mcts_rollout(State* h, const Config* r, Interrupt* stop) noexcept nogil:
    """The game played to its end by the rollout Config's players; a node a unit of work
    (the rollout player's own search counts its own), cut off once a signal arrived."""
    cdef int seat
    while True:
        seat = current_player(h, r)
        if seat == TERMINAL or interrupted(stop, 1):
            return
        if seat == CHANCE:
            apply_action(h, r, draw_chance(h, r))
        else:
            apply_action(h, r, decide(h, r, seat))


cdef int32_t mcts(State* g, const Config* c, const Config* r, int seat,
                  int budget) noexcept nogil:
    """The mcts-``budget`` player's action at ``g`` (the header comment); -1 if memory
    ran out (never expected: a few MB at the largest budget)."""
    return mcts_search(g, c, r, seat, budget, 0, False)


cdef int32_t mcts_search(State* g, const Config* c, const Config* r, int seat,
                         int budget, int max_depth, bint paired) noexcept nogil:
    """mcts() with two of a game's choices (solver.mcts.MctsPolicy): a tree at most
    ``max_depth`` decisions deep (0: no limit; a simulation that follows a child at that
    depth plays out from it), and ``paired`` simulations: the k-th simulation through each
    child of the root draws from the k-th key (common random numbers), the root's
    candidates taken from ``g``."""
    cdef int32_t* actions = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    cdef MctsNode* nodes = <MctsNode*>malloc((budget + 1) * sizeof(MctsNode))
    cdef int32_t* path = <int32_t*>malloc((budget + 1) * sizeof(int32_t))
    cdef int32_t* movers = <int32_t*>malloc((budget + 1) * sizeof(int32_t))
    cdef uint64_t* keys = <uint64_t*>malloc((budget + 1) * sizeof(uint64_t))
    cdef double ret[DECISIONS_MAX_SEATS]
    cdef State h
    cdef uint64_t stream, key
    cdef int n, i, j, d, depth, used, cur, child, prev, best, mover
    cdef int32_t a, last, chosen = -1
    cdef bint expand
    cdef double logn, score, best_score
    if actions == NULL or nodes == NULL or path == NULL or movers == NULL or keys == NULL:
        free(keys)
        free(actions)
        free(nodes)
        free(path)
        free(movers)
        return -1
    n = mcts_actions(g, c, actions)
    if n == 1:
        chosen = actions[0]
    else:
        stream = dice_word(mcts_choices(g))
        nodes[0].action = -1
        nodes[0].visits = 0
        nodes[0].first = -1
        nodes[0].next = -1
        nodes[0].value = 0.0
        used = 1
        if paired:
            for j in range(budget):
                keys[j] = dice_word(&stream)
        for j in range(budget):
            if interrupted(c.stop, 1):      # a simulation a unit; the game is abandoned
                break
            h = g[0]
            if not paired:
                key = dice_word(&stream)
                mcts_reseed(&h, r, key)
            n = mcts_actions(&h, r, actions)
            cur = 0
            depth = 0
            path[0] = 0
            while True:
                mover = current_player(&h, r)
                child = nodes[cur].first
                prev = -1
                best = -1
                best_score = 0.0
                logn = 0.0
                if nodes[cur].visits > 0:
                    logn = log(<double>nodes[cur].visits)
                expand = False
                last = actions[0]
                for i in range(n):
                    a = actions[i]
                    if a < last:                     # not ascending: walk from the first
                        child = nodes[cur].first
                        prev = -1
                    last = a
                    while child >= 0 and nodes[child].action < a:
                        prev = child
                        child = nodes[child].next
                    if child < 0 or nodes[child].action != a:
                        expand = True         # the first action without a child
                        break
                    score = (nodes[child].value / <double>nodes[child].visits
                             + mcts_exploration() * sqrt(logn / <double>nodes[child].visits))
                    if best < 0 or score > best_score:
                        best = child
                        best_score = score
                    prev = child
                    child = nodes[child].next
                depth += 1
                movers[depth] = mover
                if expand and used <= budget:     # expand it, then play out
                    nodes[used].action = a
                    nodes[used].visits = 0
                    nodes[used].first = -1
                    nodes[used].next = child
                    nodes[used].value = 0.0
                    if prev < 0:
                        nodes[cur].first = used
                    else:
                        nodes[prev].next = used
                    path[depth] = used
                    used += 1
                    if paired and depth == 1:        # the child's first simulation
                        mcts_reseed(&h, r, keys[0])
                    apply_action(&h, r, a)
                    mcts_rollout(&h, r, c.stop)
                    break
                path[depth] = best
                cur = best
                if paired and depth == 1:            # the child's next simulation
                    mcts_reseed(&h, r, keys[nodes[best].visits])
                apply_action(&h, r, nodes[best].action)
                if max_depth > 0 and depth >= max_depth:    # the tree's floor: play out
                    mcts_rollout(&h, r, c.stop)
                    break
                n = mcts_advance(&h, r, actions, c.stop)
                if n == 0:
                    break
            returns(&h, r, ret)
            nodes[0].visits += 1
            for d in range(1, depth + 1):
                nodes[path[d]].visits += 1
                nodes[path[d]].value += ret[movers[d]]
        best = -1
        n = mcts_actions(g, c, actions)        # the root's candidates again, in their order
        for i in range(n):
            child = nodes[0].first
            while child >= 0 and nodes[child].action != actions[i]:
                child = nodes[child].next
            if child >= 0 and (best < 0 or nodes[child].visits > nodes[best].visits):
                best = child                   # the first in that order among equals
        if best >= 0 and mcts_keep_z() > 0.0:
            best = mcts_keep(g, r, seat, nodes, best)
        if best >= 0:
            chosen = nodes[best].action
        else:                                  # interrupted before a simulation
            chosen = actions[0]
    free(keys)
    free(actions)
    free(nodes)
    free(path)
    free(movers)
    return chosen


cdef int mcts_keep(State* g, const Config* r, int seat, const MctsNode* nodes,
                   int best) noexcept nogil:
    """The root's child to take (MctsPolicy's ``keep``): the one of the rollout player's own
    choice at the root (decided on a copy) unless ``best`` beats it by more than mcts_keep_z()
    standard errors of the difference of their mean returns, sqrt(m(1 - m)/visits) each."""
    cdef State h = g[0]
    cdef int32_t mine = decide(&h, r, seat)
    cdef int child = nodes[0].first
    cdef double mb, mc, se
    while child >= 0 and nodes[child].action != mine:
        child = nodes[child].next
    if child < 0 or child == best:
        return best
    mb = nodes[best].value / <double>nodes[best].visits
    mc = nodes[child].value / <double>nodes[child].visits
    se = sqrt(mb * (1.0 - mb) / <double>nodes[best].visits
              + mc * (1.0 - mc) / <double>nodes[child].visits)
    if mb - mc > mcts_keep_z() * se:
        return best
    return child


def rollout_state(KernelState state, uint64_t key, KernelState players=None):
    """Play ``state`` (in place) to its end as an mcts-N playout does (the header comment):
    its streams restarted from ``key`` (mcts_reseed), then the family's rollout player in
    every seat — or, given ``players`` (a KernelState of the same rules), the players of
    its configuration; returns the state. Nothing is drawn from the game's own streams, so
    a playout from a clone of a game in progress learns nothing of its future dice."""
    cdef const Config* r = (state.setup.c.rollout if players is None
                            else &players.setup.c)
    cdef Interrupt* stop = state.setup.c.stop   # (a rollout Config may have none)
    cdef State* h = &state.g
    cdef int seat
    if r == NULL:
        raise ValueError("this configuration has no rollout players")
    if players is not None and r.players != state.setup.c.players:
        raise ValueError("the players' configuration has another number of seats")
    with nogil:
        mcts_reseed(h, r, key)
        while True:
            seat = current_player(h, r)
            if seat == TERMINAL or interrupted(stop, 1):
                break
            if seat == CHANCE:
                apply_action(h, r, draw_chance(h, r))
            else:
                apply_action(h, r, decide(h, r, seat))
    interrupt_raise(stop)
    return state
