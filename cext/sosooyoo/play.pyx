# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""So-Soo-Yoo games in C: the decision API of solver/sosooyoo/state.py, fast.

The kernel's State is a game at one node of solver/sosooyoo/state.py: the same nodes (the
set-up's and each turn's placement rolls, moves die, moves, bumps, rings taken, lost and
discarded, say-the-numbers slips, the end of the turn), the same action ids in the same
ascending order, the same chance outcomes drawn from the same dice stream; its players are
those of solver/sosooyoo/policies.py, function by function under the same names, drawing
from the same choice stream. The reference engine's steps are Python generators
(solver/sosooyoo/engine.py: the set-up, a turn, a landing, a bump, placing rings); here each
is a frame on a small stack inside the State (its procedure, where it stands, its locals),
and run() carries the game on from frame to frame to its next node. The generic half —
the whole-game loop, play_chunk's rows, perft, KernelState — is cext/common/decisions.pxi.

The kernel has no import of solver/: the numbers it shares with that code (colours, dice,
codes, action ids, weights, result columns) come from cext/sosooyoo/constants.pxd, written
from it at build time, and the rules, the players and the board's tables (its moves,
distances and walks) come in as a plain configuration (solver/sosooyoo/kernel.py: config).
The games run without the GIL over plain C structs.
"""
import numpy as np

include "cext/common/always_inline.pxi"

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
# what the kernel shares with solver/sosooyoo/ (and solver/kernel_rows.py), made from it at
# build time
from cext.sosooyoo.constants cimport *

cdef enum:
    MAXT = 64         # most targets of one space
    MAXOPT = 72       # most options of one decision
    MAXF = 16         # most frames of a game's stack (a turn, a landing, six bumps, ...)
    # work units (cext/common/interrupt.pxd): about a microsecond each
    PLAYOUT_WORK = 32             # a search player's playout
    # the frames: the reference engine's steps (solver/sosooyoo/engine.py)
    F_SETUP = 0       # Game.set_up
    F_TURN = 1        # Game.play_turn and play_moves
    F_LAND = 2        # Game.land
    F_BUMP = 3        # Game.bump and random_bump
    F_REPLENISH = 4   # Game.replenish and place_ring


cdef struct Config:
    int players
    int board_size
    int stride                    # board_size + 1: rows of the distance and walk tables
    uint64_t say_threshold        # a slip: (dice word >> 11) below it; 0 = no draw
    bint say_rest                 # say_fail == rest_of_turn
    bint dz_lose                  # double_zero == lose_ring
    bint ring_reroll              # ring_on_ring == reroll
    bint random_bumps
    bint own_space_lose           # random_bump_own_space == lose_ring
    bint bumped_collects
    bint exact_count
    bint swaps
    bint no_roll_win
    int ring_limit
    int rings_per_colour
    int max_turns
    int policy[MAXP]              # P_* of each seat
    int budget[MAXP]              # search: playouts per candidate; mcts: simulations
    const Config* rollout         # search: the same rules with adaptive in every seat
    int ntargets[MAXS]
    int targets[MAXS][MAXT]       # each space's targets, ascending
    const int64_t* dist           # dist[a * stride + b]: fewest moves (Setup.dist)
    const uint8_t* reach          # reach[(k * stride + a) * stride + b]: a walk of k moves
    const double* landing         # landing[(m * stride + t) * stride + e]: landing_values
    uint8_t product[MAXS]         # board.states_product of each space
    Interrupt* stop               # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


cdef struct Frame:
    # one step of the engine under way: which (F_*), where it stands in it (pc), its locals
    int kind
    int pc
    int a         # SETUP: the seat placed; TURN: moves left; LAND: the space; BUMP: the
                  # victim; REPLENISH: the colour being placed
    int b         # TURN: failed to say; LAND: the last move; BUMP: the space it went to
    int col       # LAND, BUMP: the next colour to collect
    int k         # BUMP: the pieces of the chain, the victim the last (State.chain)


cdef struct State:
    # the position and counters (solver/sosooyoo/engine.py: Game)
    int pos[MAXP]
    int held[MAXP][NCOL]
    int ring_space[NCOL]
    int boneyard[NCOL]
    int in_hand
    int mover
    int to_move
    int winner
    int turns
    int decision_turns
    int moves_left
    int roll
    int landings[MAXP]
    int bumps[MAXP]
    int swaps[MAXP]
    int double_zeros
    uint8_t visited[MAXS]
    int nvisited
    uint8_t said[MAXP][MAXS]      # spaces each seat has landed on
    int spaces_said[MAXP]
    int facts_said[MAXP]          # of them, spaces that state a product
    int win_kind
    int decided_by
    int taken                     # bit set of seats a ring was taken off this turn
    bint decided
    bint turn_bumped
    bint turn_swapped
    bint turn_double_zero
    # the node (solver/sosooyoo/state.py): D_*, C_* or NODE_OVER, who decides, about whom
    int node
    int chooser
    int subject
    int value                     # the outcome or option the node was answered with
    int limit                     # turns after which the game ends (a playout's are fewer)
    uint64_t turn_key             # a playout's: nonzero, each turn's moves die from (turn_key, turn)
    int cur                       # current_player(): chooser, CHANCE or TERMINAL, kept with node
    int nopt                      # a MOVE or BUMP_TO node's number of options
    int depth
    uint64_t dice
    uint64_t choice
    # last: game_start does not clear them (read only below depth and k, written first)
    int chain[MAXP + 1]           # the pieces of the bump chain under way, the mover first
    Frame stack[MAXF]


# -- rings and wins ------------------------------------------------------------------

cdef inline int total(const int* h) noexcept nogil:
    cdef int col, t = 0
    for col in range(NCOL):
        t += h[col]
    return t


cdef inline bint is_win(const int* h) noexcept nogil:
    cdef int c, lo = h[0], hi = h[0]
    if total(h) != WIN_RINGS:
        return False
    for c in range(1, NCOL):
        if h[c] < lo:
            lo = h[c]
        if h[c] > hi:
            hi = h[c]
    return hi == WIN_RINGS or lo == 1


cdef inline int piece_at(const State* g, const Config* c, int space, int besides) noexcept nogil:
    cdef int s
    for s in range(c.players):
        if g.pos[s] == space and s != besides:
            return s
    return NOBODY


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
    for other in range(c.players):
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
    cdef int tot = col_sums(g.held, c.players, seat, sums)
    for i in range(NCOL + 1):
        plan = RAINBOW if i == 0 else i - 1
        space = target(g, c, seat, plan, &colour)
        d = dist(c, g.pos[seat], space) if space else FAR
        k = cost_with(g.held[seat], tot, sums, plan, c.rings_per_colour)
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
        return best_cost(held, c.players, seat, c.rings_per_colour)
    return cost(held, c.players, seat, plan_of(g, c, code, seat), c.rings_per_colour)


cdef int leader(const State* g, const Config* c, int seat) noexcept nogil:
    cdef int s, k, best = -1, best_k = 0
    cdef int held[MAXP][NCOL]
    copy_held(g, held)
    for s in range(c.players):
        if s != seat:
            k = best_cost(held, c.players, s, c.rings_per_colour)
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
    for o in range(c.players):
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
        exact = c.exact_count and completes_win(g, c, seat, colour)
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
                s = -best_cost(held, c.players, subject, c.rings_per_colour)
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
        hurt = -best_cost(held, c.players, lead, c.rings_per_colour) if lead >= 0 else 0
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


cdef inline int held_colours(const State* g, int seat, int* options) noexcept nogil:
    cdef int col, n = 0
    for col in range(NCOL):
        if g.held[seat][col]:
            options[n] = col
            n += 1
    return n



cdef int end_options(const State* g, const Config* c, int seat, int* options) noexcept nogil:
    cdef int j, col, n = 1
    options[0] = END_NOTHING
    if c.swaps:
        for j in range(c.players):
            if j != seat and g.held[seat][j] and g.held[j][seat]:
                options[n] = END_SWAP + j
                n += 1
    for col in range(NCOL):
        if g.held[seat][col]:
            options[n] = END_DISCARD + col
            n += 1
    return n


cdef inline void after_end(const State* g, int seat, int action, const int* held,
                           int* out) noexcept nogil:
    cdef int col
    for col in range(NCOL):
        out[col] = held[col]
    if END_SWAP <= action < END_DISCARD:
        out[action - END_SWAP] -= 1
        out[seat] += 1
    elif action >= END_DISCARD:
        out[action - END_DISCARD] -= 1


cdef bint completes_win(const State* g, const Config* c, int seat, int colour) noexcept nogil:
    cdef int h[NCOL]
    cdef int out[NCOL]
    cdef int col, j, t
    for col in range(NCOL):
        h[col] = g.held[seat][col]
    h[colour] += 1
    t = total(h)                      # a win holds WIN_RINGS: as is, or after a swap
    if t == WIN_RINGS + 1:            # (which keeps the total) or a discard (one less)
        for col in range(NCOL):
            if h[col]:
                after_end(g, seat, END_DISCARD + col, h, out)
                if is_win(out):
                    return True
        return False
    if t != WIN_RINGS:
        return False
    if is_win(h):
        return True
    if c.swaps:
        for j in range(c.players):
            if j != seat and h[j] and g.held[j][seat]:
                after_end(g, seat, END_SWAP + j, h, out)
                if is_win(out):
                    return True
    return False



cdef int winning_action(const State* g, const Config* c, int seat) noexcept nogil:
    cdef int out[NCOL]
    cdef const int* h = g.held[seat]
    cdef int col, j, t = total(h)
    # end_options' first winning option: a win holds WIN_RINGS, so with one more only a
    # discard can make it, and with WIN_RINGS only nothing or a swap (which keep the total)
    if t == WIN_RINGS + 1:
        for col in range(NCOL):
            if h[col]:
                after_end(g, seat, END_DISCARD + col, h, out)
                if is_win(out):
                    return END_DISCARD + col
        return -1
    if t != WIN_RINGS:
        return -1
    if is_win(h):
        return END_NOTHING
    if c.swaps:
        for j in range(c.players):
            if j != seat and h[j] and g.held[j][seat]:
                after_end(g, seat, END_SWAP + j, h, out)
                if is_win(out):
                    return END_SWAP + j
    return -1



cdef void finish_turn(State* g, const Config* c) noexcept nogil:
    cdef int seat = g.mover, col, hi = 0
    if is_win(g.held[seat]):
        g.winner = seat
        for col in range(NCOL):
            if g.held[seat][col] > hi:
                hi = g.held[seat][col]
        g.win_kind = WIN_POPSICLE if hi == WIN_RINGS else WIN_RAINBOW
        g.decided_by = (BY_SWAP if g.turn_swapped else BY_BUMP if g.turn_bumped else
                        BY_DOUBLE_ZERO if g.turn_double_zero else BY_PLAIN)
    g.turns += 1
    g.decision_turns += g.decided
    g.to_move = (seat + 1) % c.players
    g.mover = NOBODY



# -- the engine: the reference engine's steps as frames ----------------------------------

cdef inline void push(State* g, int kind, int a, int b, int k) noexcept nogil:
    cdef Frame* f = &g.stack[g.depth]
    g.depth += 1
    f.kind, f.pc, f.a, f.b, f.col, f.k = kind, 0, a, b, 0, k


cdef inline bint chance(State* g, int kind) noexcept nogil:
    """Stop at a chance node (True: the game waits)."""
    g.node, g.chooser, g.subject = kind, NOBODY, NOBODY
    g.cur = CHANCE
    return True


cdef inline bint decision(State* g, int kind, int chooser, int subject) noexcept nogil:
    """Stop at chooser's decision about subject (True: the game waits)."""
    g.node, g.chooser, g.subject = kind, chooser, subject
    g.cur = chooser
    return True


cdef inline bint holds(const State* g, int seat) noexcept nogil:
    return total(g.held[seat]) > 0


cdef inline bint receive(State* g, const Config* c, int seat, int colour) noexcept nogil:
    """Game.receive: a ring comes onto seat's piece; True when the seat must now discard
    one (the DISCARD node is set)."""
    if total(g.held[seat]) >= c.ring_limit and seat != g.mover:
        g.boneyard[colour] += 1
        return False
    g.held[seat][colour] += 1
    if total(g.held[seat]) > c.ring_limit:
        return decision(g, D_DISCARD, seat, seat)
    return False


cdef inline bint blocked(const State* g, int k, int space) noexcept nogil:
    """Whether a piece of the bump chain's first k stands on space (Game.bump's blocked)."""
    cdef int i
    for i in range(k):
        if g.pos[g.chain[i]] == space:
            return True
    return False


cdef int bump_options(const State* g, const Config* c, int* options) noexcept nogil:
    """The options of the BUMP_TO node (engine's codes): the victim's targets off the chain,
    ascending, then RANDOM_BUMP."""
    cdef const Frame* f = &g.stack[g.depth - 1]
    cdef int here = g.pos[f.a], i, m, n = 0
    for i in range(c.ntargets[here]):
        m = c.targets[here][i]
        if not blocked(g, f.k, m):
            options[n] = m
            n += 1
    if c.random_bumps:
        options[n] = RANDOM_BUMP
        n += 1
    return n


cdef void end_effects(State* g, int seat, int action) noexcept nogil:
    """Game.apply_end but its replenish."""
    cdef int j, col
    if END_SWAP <= action < END_DISCARD:
        j = action - END_SWAP
        g.held[seat][j] -= 1
        g.held[j][j] += 1
        g.held[j][seat] -= 1
        g.held[seat][seat] += 1
        g.swaps[seat] += 1
        g.turn_swapped = True
    elif action >= END_DISCARD:
        col = action - END_DISCARD
        g.held[seat][col] -= 1
        g.boneyard[col] += 1


cdef bint step_setup(State* g, const Config* c, Frame* f) noexcept nogil:
    """Game.set_up: pieces in seat order (a = the seat), then the rings (a tail call)."""
    cdef int v
    if f.pc == 1:
        v = g.value
        if 1 <= v <= c.board_size and piece_at(g, c, v, NOBODY) == NOBODY:
            g.pos[f.a] = v
            f.a += 1
            if f.a == c.players:
                f.kind, f.pc = F_REPLENISH, 0
                return False
        return chance(g, C_PLACEMENT)
    f.a, f.pc = 0, 1
    return chance(g, C_PLACEMENT)


cdef inline bint turn_over(State* g, const Config* c, Frame* f) noexcept nogil:
    """Game.finish_turn, then the next turn (f the turn's frame). A turn is a unit of work
    (cext/common/interrupt.pxd; decisions.pxi counts one a game, and a game of random
    players runs to 10,000 turns): Ctrl-C is looked for every few milliseconds still."""
    finish_turn(g, c)
    interrupted(c.stop, 1)
    return next_turn(g, c, f)


cdef inline bint next_turn(State* g, const Config* c, Frame* f) noexcept nogil:
    """Between turns (SoSooYooState._resume): the game over, or the next turn's start
    (Game.play_turn): a win without rolling, or the moves die."""
    cdef int action
    if g.winner >= 0 or g.turns >= g.limit:
        f.pc = 0
        g.node, g.chooser, g.subject = NODE_OVER, NOBODY, NOBODY
        g.cur = TERMINAL
        return True
    g.mover = g.to_move
    g.taken = 0
    g.roll = 0
    g.decided = g.turn_bumped = g.turn_swapped = g.turn_double_zero = False
    if c.no_roll_win:
        action = winning_action(g, c, g.mover)
        if action >= 0:
            return end_action(g, c, f, action)
    f.pc = 1
    return chance(g, C_MOVES)


cdef inline bint next_move(State* g, const Config* c, Frame* f) noexcept nogil:
    if f.a > 0:
        g.moves_left = f.a
        f.pc = 2
        g.nopt = c.ntargets[g.pos[g.mover]]
        return decision(g, D_MOVE, g.mover, g.mover)
    g.moves_left = 0
    if not f.b or not c.say_rest:
        f.pc = 5
        return decision(g, D_END, g.mover, g.mover)
    return turn_over(g, c, f)


cdef bint end_action(State* g, const Config* c, Frame* f, int action) noexcept nogil:
    end_effects(g, g.mover, action)
    if action >= END_DISCARD:
        f.pc = 6
        push(g, F_REPLENISH, 0, 0, 0)
        return False
    return turn_over(g, c, f)


cdef inline bint moves_rolled(State* g, const Config* c, Frame* f, int moves) noexcept nogil:
    g.roll = f.a = moves
    f.b = 0
    return next_move(g, c, f)


cdef inline bint said(State* g, const Config* c, Frame* f, int wrong) noexcept nogil:
    if wrong:
        f.b = 1
        f.a = 0
    else:
        f.a -= 1
    return next_move(g, c, f)


cdef inline bint landed(State* g, const Config* c, Frame* f) noexcept nogil:
    """play_moves after a landing (f the turn's frame): the say-the-numbers slip, then the
    next move or the end of the turn."""
    if c.say_threshold:
        f.pc = 4
        return chance(g, C_SAY)
    f.a -= 1
    return next_move(g, c, f)


cdef inline void land_counters(State* g, const Config* c, int seat, int space) noexcept nogil:
    cdef int new_space = g.visited[space] ^ 1, new_said = g.said[seat][space] ^ 1
    g.pos[seat] = space
    g.landings[seat] += 1
    g.visited[space] = 1              # (no branches: whether a space is new is the dice's)
    g.nvisited += new_space
    g.said[seat][space] = 1
    g.spaces_said[seat] += new_said
    g.facts_said[seat] += new_said * c.product[space]


cdef inline bint replenish_needed(const State* g) noexcept nogil:
    cdef int col
    for col in range(NCOL):
        if g.ring_space[col] == 0 and g.boneyard[col] > 0:
            return True
    return False


cdef inline bint move_to(State* g, const Config* c, Frame* f, int space) noexcept nogil:
    """The mover moves to space (f the turn's frame): Game.land, at once when it collects
    and bumps nothing (the common case), else in a frame of its own."""
    cdef int col, seat = g.mover
    land_counters(g, c, seat, space)
    f.pc = 3
    for col in range(NCOL):
        if g.ring_space[col] == space:
            push(g, F_LAND, space, f.a == 1, 0)
            g.stack[g.depth - 1].pc = 1
            return False
    if piece_at(g, c, space, seat) != NOBODY:
        push(g, F_LAND, space, f.a == 1, 0)
        g.stack[g.depth - 1].pc = 1
        return False
    if replenish_needed(g):
        push(g, F_REPLENISH, 0, 0, 0)
        return False
    return landed(g, c, f)


cdef bint step_turn(State* g, const Config* c, Frame* f) noexcept nogil:
    """Game.play_turn and play_moves (a = the moves left, b = failed to say), turn after
    turn: the frame at the bottom of the stack."""
    cdef int pc = f.pc
    if pc == 2:                       # moved
        return move_to(g, c, f, g.value)
    if pc == 3:                       # landed
        return landed(g, c, f)
    if pc == 1:                       # the moves die
        return moves_rolled(g, c, f, g.value)
    if pc == 4:                       # said right or wrong
        return said(g, c, f, g.value)
    if pc == 5:                       # the end of the turn
        return end_action(g, c, f, g.value)
    if pc == 6:                       # rings placed after an end discard
        return turn_over(g, c, f)
    return next_turn(g, c, f)         # after the set-up


cdef bint step_land(State* g, const Config* c, Frame* f) noexcept nogil:
    """Game.land (a = the space, b = the last move) past its counters (move_to): collect,
    bump, then place rings (a tail call)."""
    cdef int seat = g.mover, space = f.a, col, victim
    if f.pc == 1:                     # collecting, from colour f.col
        while f.col < NCOL:
            col = f.col
            f.col += 1
            if g.ring_space[col] == space:
                if c.exact_count and not f.b and completes_win(g, c, seat, col):
                    continue
                g.ring_space[col] = 0
                if receive(g, c, seat, col):
                    return True
        victim = piece_at(g, c, space, seat)
        if victim != NOBODY:
            g.chain[0], g.chain[1] = seat, victim
            f.pc = 2
            push(g, F_BUMP, victim, 0, 2)
            return False
    if replenish_needed(g):
        f.kind, f.pc = F_REPLENISH, 0
    else:
        g.depth -= 1
    return False


cdef inline bint bump_collect(State* g, const Config* c, Frame* f) noexcept nogil:
    cdef int col
    if c.bumped_collects:
        while f.col < NCOL:
            col = f.col
            f.col += 1
            if g.ring_space[col] == f.b:
                g.ring_space[col] = 0
                if receive(g, c, f.a, col):
                    f.pc = 6
                    return True
    g.depth -= 1
    return False


cdef inline bint bump_moved(State* g, const Config* c, Frame* f, int space) noexcept nogil:
    cdef int third
    g.pos[f.a] = space
    f.b = space
    f.col = 0
    third = piece_at(g, c, space, f.a)
    if third != NOBODY and f.k <= MAXP:      # (a chain holds every piece at most once)
        g.chain[f.k] = third
        f.pc = 5
        push(g, F_BUMP, third, 0, f.k + 1)
        return False
    return bump_collect(g, c, f)


cdef inline bint bump_lose(State* g, Frame* f, int loser, int chooser) noexcept nogil:
    """Game.lose_ring in random_bump, then roll again."""
    if holds(g, loser):
        f.pc = 4
        return decision(g, D_LOSE_RING, chooser, loser)
    return chance(g, C_PLACEMENT)


cdef bint step_bump(State* g, const Config* c, Frame* f) noexcept nogil:
    """Game.bump and random_bump (a = the victim, b = the space it went to, k = the chain
    with it); the bumper is the mover."""
    cdef int pc = f.pc, victim = f.a, v, n
    cdef int options[MAXOPT]
    if pc == 3:                       # a random bump's placement roll
        v = g.value
        if v == 0:
            if c.dz_lose:
                return bump_lose(g, f, g.mover, victim)
            return chance(g, C_PLACEMENT)
        if v == g.pos[victim]:
            if c.own_space_lose:
                return bump_lose(g, f, g.mover, victim)
            return chance(g, C_PLACEMENT)
        if v > c.board_size or blocked(g, f.k, v):
            return chance(g, C_PLACEMENT)
        return bump_moved(g, c, f, v)
    if pc == 2:                       # where to
        if g.value == RANDOM_BUMP:
            f.pc = 3
            return chance(g, C_PLACEMENT)
        return bump_moved(g, c, f, g.value)
    if pc == 4:                       # a ring lost: roll again
        f.pc = 3
        return chance(g, C_PLACEMENT)
    if pc == 5 or pc == 6:            # the chain bumped on, or a ring discarded
        return bump_collect(g, c, f)
    if pc == 0:
        g.bumps[g.mover] += 1
        g.turn_bumped = True
        if not (g.taken >> victim) & 1 and holds(g, victim):
            f.pc = 1
            return decision(g, D_TAKE_RING, g.mover, victim)
    # pc 0 or 1 (a ring taken): the BUMP_TO node, if it has options
    g.nopt = bump_options(g, c, options)
    if g.nopt == 0:
        g.depth -= 1                  # nowhere to go: it stays (rule 26)
        return False
    f.pc = 2
    return decision(g, D_BUMP_TO, g.mover, victim)


cdef bint step_replenish(State* g, const Config* c, Frame* f) noexcept nogil:
    """Game.replenish and place_ring (a = the colour being placed)."""
    cdef int pc = f.pc, v, col = f.a, holder, i
    if pc == 1:                       # a placement roll for the ring of colour a
        v = g.value
        if v == 0:
            if g.mover != NOBODY and c.dz_lose and holds(g, g.mover):
                f.pc = 2
                return decision(g, D_LOSE_RING, (g.mover + 1) % c.players, g.mover)
            return chance(g, C_PLACEMENT)
        if v > c.board_size:
            return chance(g, C_PLACEMENT)
        if c.ring_reroll:
            for i in range(NCOL):
                if g.ring_space[i] == v:
                    return chance(g, C_PLACEMENT)
        holder = piece_at(g, c, v, NOBODY)
        if holder != NOBODY:
            g.in_hand = -1
            if receive(g, c, holder, col):
                f.pc = 3
                return True
            pc = 3
        else:
            g.in_hand = -1
            g.ring_space[col] = v
            pc = 0
    if pc == 2:                       # a ring lost to a double zero: roll again
        f.pc = 1
        return chance(g, C_PLACEMENT)
    if pc == 3:                       # the ring went onto a piece: another, if any left
        if g.boneyard[col] != 0:
            g.boneyard[col] -= 1
            g.in_hand = col
            f.pc = 1
            return chance(g, C_PLACEMENT)
    # the next colour to place
    for i in range(NCOL):
        if g.ring_space[i] == 0 and g.boneyard[i] > 0:
            f.a = i
            g.boneyard[i] -= 1
            g.in_hand = i
            f.pc = 1
            return chance(g, C_PLACEMENT)
    g.depth -= 1
    return False


cdef void run(State* g, const Config* c) noexcept nogil:
    """Carry the game on from its last answered node (its value in g.value) to its next
    node: SoSooYooState._resume."""
    cdef Frame* f
    cdef int kind
    while True:
        f = &g.stack[g.depth - 1]
        kind = f.kind
        if kind == F_REPLENISH:
            if step_replenish(g, c, f):
                return
        elif kind == F_LAND:
            if step_land(g, c, f):
                return
        elif kind == F_TURN:
            if step_turn(g, c, f):
                return
        elif kind == F_BUMP:
            if step_bump(g, c, f):
                return
        elif step_setup(g, c, f):
            return


# -- the decision API (cext/common/decisions.pxi) ----------------------------------------

cdef inline int32_t encode(int kind, int option) noexcept nogil:
    """state.encode: the action of the engine's option at a decision of kind."""
    if kind == D_MOVE:
        return option
    if kind == D_BUMP_TO:
        return A_RANDOM if option == RANDOM_BUMP else option
    if kind == D_END:
        return A_END + option
    return A_RING + option


cdef inline int node_options(const State* g, const Config* c, int* options) noexcept nogil:
    """The options of the decision node (the engine's, canonical order)."""
    cdef int kind = g.node, i, n
    if kind == D_MOVE:
        n = c.ntargets[g.pos[g.subject]]
        for i in range(n):
            options[i] = c.targets[g.pos[g.subject]][i]
        return n
    if kind == D_BUMP_TO:
        return bump_options(g, c, options)
    if kind == D_END:
        return end_options(g, c, g.subject, options)
    return held_colours(g, g.subject, options)


cdef inline bint many_options(const State* g, const Config* c) noexcept nogil:
    """Whether the decision node (not a move) has two or more options."""
    cdef int options[MAXOPT]
    cdef int col, n = 0
    if g.node == D_END:               # nothing, and a discard of every colour held
        return holds(g, g.subject)
    if g.node == D_BUMP_TO:
        return g.nopt > 1
    for col in range(NCOL):
        n += g.held[g.subject][col] != 0
    return n > 1


cdef inline void game_start(State* g, const Config* c, uint64_t key) noexcept nogil:
    cdef int col
    memset(g, 0, <size_t>(<char*>&g.chain[0] - <char*>g))
    g.dice = key
    g.choice = key ^ DICE_CHOICE_SALT
    g.in_hand = -1
    g.mover = NOBODY
    g.winner = UNFINISHED
    g.limit = c.max_turns
    for col in range(NCOL):
        g.boneyard[col] = c.rings_per_colour
    push(g, F_TURN, 0, 0, 0)          # the turns, once
    push(g, F_SETUP, 0, 0, 0)         # the set-up has run
    run(g, c)


cdef inline int current_player(const State* g, const Config* c) noexcept nogil:
    return g.cur


cdef int legal_actions(const State* g, const Config* c, int32_t* actions) noexcept nogil:
    cdef int options[MAXOPT]
    cdef int i, n
    if g.node == NODE_OVER:
        return 0
    if g.node == C_PLACEMENT:
        for i in range(PLACEMENTS):
            actions[i] = i
        return PLACEMENTS
    if g.node == C_MOVES:
        for i in range(MOVE_DIE):
            actions[i] = i + 1
        return MOVE_DIE
    if g.node == C_SAY:
        n = 0
        if c.say_threshold < (<uint64_t>1 << (64 - SAY_SHIFT)):
            actions[n] = 0
            n += 1
        actions[n] = 1
        return n + 1
    n = node_options(g, c, options)
    for i in range(n):
        actions[i] = encode(g.node, options[i])
    return n


cdef int chance_outcomes(const State* g, const Config* c, int32_t* outcomes,
                         double* probabilities) noexcept nogil:
    cdef int i, n = legal_actions(g, c, outcomes)
    cdef double q
    if g.node == C_SAY:
        q = <double>c.say_threshold / <double>(<uint64_t>1 << (64 - SAY_SHIFT))
        for i in range(n):
            probabilities[i] = q if outcomes[i] else 1 - q
        return n
    for i in range(n):
        probabilities[i] = 1.0 / n
    return n


cdef inline int32_t draw_chance(State* g, const Config* c) noexcept nogil:
    cdef int tens
    if g.node == C_PLACEMENT:
        tens = <int>dice_below(&g.dice, TENS_DIE)
        return UNITS_DIE * tens + <int>dice_below(&g.dice, UNITS_DIE)
    if g.node == C_MOVES:
        if g.turn_key:                # policies.turn_dice
            g.dice = g.turn_key ^ (<uint64_t>g.turns * TURN_MIX[0])
            g.dice = dice_word(&g.dice)
        return <int>dice_below(&g.dice, MOVE_DIE) + 1
    return (dice_word(&g.dice) >> SAY_SHIFT) < c.say_threshold


cdef inline void apply_action(State* g, const Config* c, int32_t action) noexcept nogil:
    cdef int kind = g.node, col
    cdef Frame* f
    if kind >= C_PLACEMENT:
        if kind == C_MOVES:           # the turn's frame is on top (so for SAY, END, MOVE)
            if moves_rolled(g, c, &g.stack[g.depth - 1], action):
                return
        elif kind == C_PLACEMENT:
            if action == 0:
                g.double_zeros += 1
                if g.mover != NOBODY:
                    g.turn_double_zero = True
            g.value = action
            f = &g.stack[g.depth - 1]
            if f.kind == F_REPLENISH:                # (the commonest)
                if step_replenish(g, c, f):
                    return
                f = &g.stack[g.depth - 1]            # placed: the turn goes on, mostly
                if f.kind == F_TURN and step_turn(g, c, f):
                    return
            elif f.kind == F_SETUP and step_setup(g, c, f):
                return
        elif said(g, c, &g.stack[g.depth - 1], action):
            return
    elif kind == D_MOVE:              # the turn's frame is on top: move at once
        if g.nopt > 1:                # (Game.ask: a decision turn)
            g.decided = True
        if move_to(g, c, &g.stack[g.depth - 1], action):
            return
    else:
        if many_options(g, c):
            g.decided = True
        if kind == D_END:
            if end_action(g, c, &g.stack[g.depth - 1], action - A_END):
                return
        elif kind == D_BUMP_TO:
            g.value = RANDOM_BUMP if action == A_RANDOM else action
        else:                         # a ring taken, lost or discarded
            col = action - A_RING
            g.held[g.subject][col] -= 1
            g.boneyard[col] += 1
            if kind == D_TAKE_RING:
                g.taken |= 1 << g.subject
    run(g, c)


cdef inline int32_t decide(State* g, const Config* c, int seat) noexcept nogil:
    cdef int code, n
    cdef int options[MAXOPT]
    cdef const int* targets
    if g.node == D_MOVE:              # the options are the table's: no list
        code = c.policy[seat]
        targets = c.targets[g.pos[seat]]
        if code == P_RANDOM:
            return targets[dice_choose(&g.choice, g.nopt)]
        if g.nopt == 1:
            return targets[0]
        if code != P_SEARCH and code != P_MCTS:
            return targets[planner_move(g, c, code, seat, targets, g.nopt)]
    elif g.node == D_END and c.policy[seat] == P_RANDOM:
        n = end_options(g, c, g.subject, options)
        return A_END + options[dice_choose(&g.choice, n)]
    return choose(g, c, seat)


cdef int32_t choose(State* g, const Config* c, int seat) noexcept nogil:
    """decide() but random's moves: the seat's player (Game.ask's index of the option)."""
    cdef int code = c.policy[seat], kind = g.node, n, index
    cdef const int* targets
    cdef int options[MAXOPT]
    if code == P_MCTS:
        return halving(g, c, c.rollout, seat, c.budget[seat])
    if kind == D_MOVE:                # the options are the table's: no list
        targets = c.targets[g.pos[seat]]
        n = c.ntargets[g.pos[seat]]
        if n == 1:
            return targets[0]
        if code == P_SEARCH:
            return targets[search(g, c, seat, kind, targets, n)]
        return targets[planner_move(g, c, code, seat, targets, n)]
    n = node_options(g, c, options)
    if n == 1:
        index = 0
    elif code == P_RANDOM:
        index = <int>dice_choose(&g.choice, n)
    elif code == P_SEARCH:
        if kind == D_END:
            index = search(g, c, seat, kind, options, n)
        else:
            index = planner_choose(g, c, P_ADAPTIVE, seat, kind, g.subject, options, n)
    else:
        index = planner_choose(g, c, code, seat, kind, g.subject, options, n)
    return encode(kind, options[index])


cdef void returns(const State* g, const Config* c, double* out) noexcept nogil:
    cdef int seat
    for seat in range(c.players):
        if g.node != NODE_OVER:
            out[seat] = 0.0
        elif g.winner >= 0:
            out[seat] = 1.0 if seat == g.winner else 0.0
        else:
            out[seat] = 1.0 / c.players


cdef void write_row(const State* g, const Config* c, int32_t* row) noexcept nogil:
    cdef int seat, players = c.players, b = 0, s = 0
    cdef int32_t* per_seat = row + NGAME_COLUMNS
    for seat in range(players):
        b += g.bumps[seat]
        s += g.swaps[seat]
        per_seat[SEATCOL_RINGS * players + seat] = total(g.held[seat])
        per_seat[SEATCOL_LANDINGS * players + seat] = g.landings[seat]
        per_seat[SEATCOL_BUMPS * players + seat] = g.bumps[seat]
        per_seat[SEATCOL_SWAPS * players + seat] = g.swaps[seat]
        per_seat[SEATCOL_SPACES * players + seat] = g.spaces_said[seat]
        per_seat[SEATCOL_FACTS * players + seat] = g.facts_said[seat]
    row[COL_WINNER] = g.winner
    row[COL_TURNS] = g.turns
    row[COL_DECISION_TURNS] = g.decision_turns
    row[COL_WIN_KIND] = g.win_kind
    row[COL_DOUBLE_ZEROS] = g.double_zeros
    row[COL_BUMPS] = b
    row[COL_SWAPS] = s
    row[COL_DECIDED_BY] = g.decided_by
    row[COL_DISTINCT_SPACES] = g.nvisited
    row[COL_ROUNDS] = (g.turns + players - 1) // players


cdef object state_view(const State* g, const Config* c):
    """solver/sosooyoo/kernel.py: state_view, of the kernel's State."""
    cdef int players = c.players, s
    seats = range(players)
    return (g.node, g.chooser, g.subject, tuple([g.pos[s] for s in seats]),
            tuple([tuple([g.held[s][col] for col in range(NCOL)]) for s in seats]),
            tuple([g.ring_space[col] for col in range(NCOL)]),
            tuple([g.boneyard[col] for col in range(NCOL)]), g.in_hand, g.mover, g.to_move,
            g.winner, g.turns, g.decision_turns, g.moves_left, g.roll,
            tuple([g.landings[s] for s in seats]), tuple([g.bumps[s] for s in seats]),
            tuple([g.swaps[s] for s in seats]), g.double_zeros,
            tuple([x for x in range(MAXS) if g.visited[x]]),
            tuple([tuple([x for x in range(MAXS) if g.said[s][x]]) for s in seats]),
            g.win_kind, g.decided_by, tuple([s for s in seats if (g.taken >> s) & 1]),
            int(g.decided), int(g.turn_bumped), int(g.turn_swapped), int(g.turn_double_zero))


cdef class Setup:
    """A kernel Config from a plain configuration (solver/sosooyoo/kernel.py: config),
    holding the tables it points into."""
    cdef Config c
    cdef Config rollout
    cdef Interrupt stop
    cdef const int64_t[:, ::1] dist
    cdef const uint8_t[:, :, ::1] reach
    cdef const double[:, :, ::1] landing

    def __init__(self, config):
        cdef int seat, n, i, space
        cdef Config* c
        memset(&self.c, 0, sizeof(Config))
        c = &self.c
        c.players = config["players"]
        if not 1 <= c.players <= MAXP:
            raise ValueError(f"{c.players} players: the kernel holds 1 to {MAXP}")
        c.board_size = config["board_size"]
        if not 1 <= c.board_size < MAXS:
            raise ValueError(f"board of {c.board_size} spaces: the kernel holds 1 to {MAXS - 1}")
        c.stride = c.board_size + 1
        c.say_threshold = config["say_threshold"]
        c.say_rest = config["say_rest"]
        c.dz_lose = config["dz_lose"]
        c.ring_reroll = config["ring_reroll"]
        c.random_bumps = config["random_bumps"]
        c.own_space_lose = config["own_space_lose"]
        c.bumped_collects = config["bumped_collects"]
        c.exact_count = config["exact_count"]
        c.swaps = config["swaps"]
        c.no_roll_win = config["no_roll_win"]
        c.ring_limit = config["ring_limit"]
        c.rings_per_colour = config["rings_per_colour"]
        c.max_turns = config["max_turns"]
        for seat in range(c.players):
            c.policy[seat] = config["policy"][seat]
            c.budget[seat] = config["budget"][seat]
        table, product = config["targets"], config["product"]
        for space in range(1, c.board_size + 1):
            n = len(table[space])
            if n > MAXT:
                raise ValueError(f"space {space} has {n} targets, more than {MAXT}")
            c.ntargets[space] = n
            c.product[space] = product[space]
            for i in range(n):
                c.targets[space][i] = table[space][i]
        self.dist, self.reach, self.landing = config["dist"], config["reach"], config["landing"]
        c.dist = &self.dist[0, 0]
        c.reach = &self.reach[0, 0, 0]
        c.landing = &self.landing[0, 0, 0]
        interrupt_init(&self.stop)
        c.stop = &self.stop
        self.rollout = self.c
        for seat in range(c.players):
            self.rollout.policy[seat] = P_ROLLOUT
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        c.rollout = &self.rollout


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
            exact = c.exact_count and completes_win(g, c, seat, colour)
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
            out[i] = <double>(-best_cost(held, c.players, subject, c.rings_per_colour))
        return
    if decision == D_DISCARD:
        for i in range(n):
            copy_held(g, held)
            held[seat][options[i]] -= 1
            out[i] = <double>best_cost(held, c.players, seat, c.rings_per_colour)
        return
    lead = leader(g, c, seat)
    for i in range(n):
        after_end_all(g, seat, options[i], held)
        mine = best_cost(held, c.players, seat, c.rings_per_colour)
        hurt = -best_cost(held, c.players, lead, c.rings_per_colour)
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


cdef inline double mcts_exploration() noexcept nogil:
    return 1.4      # solver.mcts.C


cdef inline double mcts_keep_z() noexcept nogil:
    return 0.0      # no keep


def play_chunk(config, const uint64_t[::1] keys):
    """The games of ``keys`` (decisions.pxi's play_chunk_nodes: node by node)."""
    return play_chunk_nodes(config, keys)


include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"


cdef double MCTS_Z = MCTS_Z_TENTHS / 10.0      # policies.MCTS_Z


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
        if mean > MCTS_Z * sqrt(var / k):
            chosen = acts[best]
    free(keys)
    free(res)
    return chosen
