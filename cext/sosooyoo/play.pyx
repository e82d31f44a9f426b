# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""So-Soo-Yoo games in C: the same games as solver/sosooyoo/engine.py, fast.

Every rule, draw order and decision mirrors the reference engine and its players
(solver/sosooyoo/policies.py), function by function under the same names. The kernel
has no import of solver/: the numbers it shares with that code (colours, dice, codes,
weights, result rows) come from cext/sosooyoo/constants.pxd, written from it at build time,
and the rules, the players and the board's tables (its moves, distances and walks) come in
as a plain configuration (solver/sosooyoo/kernel.py: config). The games run without the
GIL over plain C structs.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
# what the kernel shares with solver/sosooyoo/, made from it at build time
from cext.sosooyoo.constants cimport (BY_BUMP, BY_DOUBLE_ZERO, BY_PLAIN, BY_SWAP, CONTESTED,
                                      D_BUMP_TO, D_DISCARD, D_END, D_LOSE_RING, D_MOVE,
                                      D_TAKE_RING, END_DISCARD, END_NOTHING, END_SWAP, FAR,
                                      G_DECIDED_BY, G_DECISION_TURNS, G_DISTINCT_SPACES,
                                      G_DOUBLE_ZEROS, G_BUMPS, G_ROUNDS, G_SWAPS, G_TURNS,
                                      G_WIN_KIND, G_WINNER, IMPOSSIBLE, MAXP, MAXS, MOVE_DIE,
                                      NCOL, NEED_WEIGHT, NGAME, NOBODY, NSEAT, P_ADAPTIVE,
                                      P_POPSICLE, P_RAINBOW, P_RANDOM, P_ROLLOUT, P_SEARCH,
                                      PLAYOUT_TURNS, POPSICLE_WEIGHT, RAINBOW, RANDOM_BUMP,
                                      RING_WORTH, S_BUMPS, S_FACTS, S_LANDINGS, S_RINGS,
                                      S_SPACES, S_SWAPS, SAY_SHIFT, TENS_DIE, TOUR_RINGS,
                                      UNFINISHED, UNITS_DIE, WIN_POPSICLE, WIN_RAINBOW,
                                      WIN_RINGS)

cdef enum:
    MAXT = 64         # most targets of one space
    MAXOPT = 72       # most options of one decision
    # work units (cext/common/interrupt.pxd): about a microsecond each
    GAME_WORK = 64                # a game of fixed players
    PLAYOUT_WORK = 32             # a search player's playout


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
    int budget[MAXP]              # search: playouts per candidate
    Config* rollout               # search: the same rules with adaptive in every seat
    int ntargets[MAXS]
    int targets[MAXS][MAXT]       # each space's targets, ascending
    const int64_t* dist           # dist[a * stride + b]: fewest moves
    const uint8_t* reach          # reach[(k * stride + a) * stride + b]: a walk of k moves
    const double* landing         # landing[(m * stride + t) * stride + e]: landing_values
    uint8_t product[MAXS]         # board.states_product of each space
    Interrupt* stop               # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


cdef struct State:
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
    uint64_t dice
    uint64_t choice
    int32_t* trace                # (decision, chooser, subject, option) per decision, or NULL
    int ntrace
    int trace_cap


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


cdef int best_cost(int held[MAXP][NCOL], int players, int seat, int rpc) noexcept nogil:
    cdef int p, x, best = cost(held, players, seat, 0, rpc)
    for p in range(1, NCOL + 1):
        x = cost(held, players, seat, p, rpc)
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
    for i in range(NCOL + 1):
        plan = RAINBOW if i == 0 else i - 1
        space = target(g, c, seat, plan, &colour)
        d = dist(c, g.pos[seat], space) if space else FAR
        k = cost(g.held, c.players, seat, plan, c.rings_per_colour)
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


cdef int planner_choose(State* g, const Config* c, int code, int seat, int decision,
                        int subject, const int* options, int n) noexcept nogil:
    """PlannerPolicy.choose: the index of the first option of least score."""
    cdef int i, plan, best = 0, goal, colour, away, rest, lead, mine, hurt, best_mine = 0, best_hurt = 0
    cdef bint exact
    cdef int64_t s, best_s = 0
    cdef double v, best_v = 0
    cdef int held[MAXP][NCOL]
    cdef int against[NCOL]
    if decision == D_MOVE:
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


cdef int search(State* g, const Config* c, int seat, int decision, const int* options,
                int n) noexcept nogil:
    """SearchPolicy.choose at a move or the end of a turn: adaptive's candidate, unless
    another won more of its playouts by more than the margin: the square root of the
    budget, rounded down (at least 1)."""
    cdef int default = planner_choose(g, c, P_ADAPTIVE, seat, decision, seat, options, n)
    cdef uint64_t start = dice_word(&g.choice), stream
    cdef int i, j, best, stop, margin
    cdef int won[MAXOPT]
    cdef State twin
    cdef const Config* r = c.rollout
    for i in range(n):
        won[i] = 0
        stream = start
        for j in range(c.budget[seat]):
            if interrupted(c.stop, PLAYOUT_WORK):   # the game is abandoned
                break
            twin = g[0]
            twin.dice = dice_word(&stream)
            twin.choice = twin.dice ^ DICE_CHOICE_SALT
            twin.trace = NULL
            if decision == D_MOVE:
                play_moves(&twin, r, g.moves_left, options[i])
            else:
                end_turn(&twin, r, options[i])
            stop = twin.turns + PLAYOUT_TURNS
            while not (twin.winner >= 0 or twin.turns >= r.max_turns) and twin.turns < stop:
                play_turn(&twin, r)
            won[i] += twin.winner == seat
    margin = 1
    while (margin + 1) * (margin + 1) <= c.budget[seat]:
        margin += 1
    best = default
    for i in range(n):
        if won[i] > won[default] + margin and won[i] > won[best]:
            best = i
    return best


# -- the engine -------------------------------------------------------------------------

cdef int ask(State* g, const Config* c, int chooser, int decision, int subject,
             const int* options, int n) noexcept nogil:
    cdef int index = 0, code
    if n > 1:
        g.decided = True
        code = c.policy[chooser]
        if code == P_RANDOM:
            index = <int>dice_choose(&g.choice, n)
        elif code == P_SEARCH:
            if decision == D_END or decision == D_MOVE:
                index = search(g, c, chooser, decision, options, n)
            else:
                index = planner_choose(g, c, P_ADAPTIVE, chooser, decision, subject, options, n)
        else:
            index = planner_choose(g, c, code, chooser, decision, subject, options, n)
    if g.trace != NULL and g.ntrace < g.trace_cap:
        g.trace[4 * g.ntrace] = decision
        g.trace[4 * g.ntrace + 1] = chooser
        g.trace[4 * g.ntrace + 2] = subject
        g.trace[4 * g.ntrace + 3] = options[index]
        g.ntrace += 1
    return options[index]


cdef int roll_placement(State* g) noexcept nogil:
    cdef int tens = <int>dice_below(&g.dice, TENS_DIE)
    cdef int number = UNITS_DIE * tens + <int>dice_below(&g.dice, UNITS_DIE)
    if number == 0:
        g.double_zeros += 1
        if g.mover != NOBODY:
            g.turn_double_zero = True
    return number


cdef inline int held_colours(const State* g, int seat, int* options) noexcept nogil:
    cdef int col, n = 0
    for col in range(NCOL):
        if g.held[seat][col]:
            options[n] = col
            n += 1
    return n


cdef void lose_ring(State* g, const Config* c, int loser, int chooser) noexcept nogil:
    cdef int options[NCOL]
    cdef int n = held_colours(g, loser, options), col
    if n:
        col = ask(g, c, chooser, D_LOSE_RING, loser, options, n)
        g.held[loser][col] -= 1
        g.boneyard[col] += 1


cdef void receive(State* g, const Config* c, int seat, int colour) noexcept nogil:
    cdef int options[NCOL]
    cdef int n, col
    if total(g.held[seat]) >= c.ring_limit and seat != g.mover:
        g.boneyard[colour] += 1
        return
    g.held[seat][colour] += 1
    if total(g.held[seat]) > c.ring_limit:
        n = held_colours(g, seat, options)
        col = ask(g, c, seat, D_DISCARD, seat, options, n)
        g.held[seat][col] -= 1
        g.boneyard[col] += 1


cdef void place_ring(State* g, const Config* c, int colour) noexcept nogil:
    cdef int num, holder, col
    cdef bint on_ring
    g.boneyard[colour] -= 1
    g.in_hand = colour
    while True:
        num = roll_placement(g)
        if num == 0:
            if g.mover != NOBODY and c.dz_lose:
                lose_ring(g, c, g.mover, (g.mover + 1) % c.players)
            continue
        if num > c.board_size:
            continue
        if c.ring_reroll:
            on_ring = False
            for col in range(NCOL):
                if g.ring_space[col] == num:
                    on_ring = True
            if on_ring:
                continue
        holder = piece_at(g, c, num, NOBODY)
        if holder != NOBODY:
            g.in_hand = -1
            receive(g, c, holder, colour)
            if g.boneyard[colour] == 0:
                return
            g.boneyard[colour] -= 1
            g.in_hand = colour
            continue
        g.in_hand = -1
        g.ring_space[colour] = num
        return


cdef void replenish(State* g, const Config* c) noexcept nogil:
    cdef int col
    cdef bint placed = True
    while placed:
        placed = False
        for col in range(NCOL):
            if g.ring_space[col] == 0 and g.boneyard[col] > 0:
                place_ring(g, c, col)
                placed = True
                break


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
    cdef int col, j
    for col in range(NCOL):
        h[col] = g.held[seat][col]
    h[colour] += 1
    if is_win(h):
        return True
    for col in range(NCOL):
        if h[col]:
            after_end(g, seat, END_DISCARD + col, h, out)
            if is_win(out):
                return True
    if c.swaps:
        for j in range(c.players):
            if j != seat and h[j] and g.held[j][seat]:
                after_end(g, seat, END_SWAP + j, h, out)
                if is_win(out):
                    return True
    return False


cdef void apply_end(State* g, const Config* c, int seat, int action) noexcept nogil:
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
        replenish(g, c)


cdef void land(State* g, const Config* c, int seat, int space, bint last) noexcept nogil:
    cdef int col, victim
    cdef int chain[MAXP + 1]
    g.pos[seat] = space
    g.landings[seat] += 1
    if not g.visited[space]:
        g.visited[space] = 1
        g.nvisited += 1
    if not g.said[seat][space]:
        g.said[seat][space] = 1
        g.spaces_said[seat] += 1
        g.facts_said[seat] += c.product[space]
    for col in range(NCOL):
        if g.ring_space[col] == space:
            if c.exact_count and not last and completes_win(g, c, seat, col):
                continue
            g.ring_space[col] = 0
            receive(g, c, seat, col)
    victim = piece_at(g, c, space, seat)
    if victim != NOBODY:
        chain[0], chain[1] = seat, victim
        bump(g, c, seat, victim, chain, 2)
    replenish(g, c)


cdef void bump(State* g, const Config* c, int bumper, int victim, int* chain, int nchain) noexcept nogil:
    cdef int options[MAXOPT]
    cdef int blocked[MAXP + 1]
    cdef int n, i, k, m, col, space, third
    cdef bint is_blocked
    g.bumps[bumper] += 1
    g.turn_bumped = True
    if not (g.taken >> victim) & 1:
        n = held_colours(g, victim, options)
        if n:
            col = ask(g, c, bumper, D_TAKE_RING, victim, options, n)
            g.held[victim][col] -= 1
            g.boneyard[col] += 1
            g.taken |= 1 << victim
    for k in range(nchain):
        blocked[k] = g.pos[chain[k]]
    n = 0
    for i in range(c.ntargets[g.pos[victim]]):
        m = c.targets[g.pos[victim]][i]
        is_blocked = False
        for k in range(nchain):
            if blocked[k] == m:
                is_blocked = True
        if not is_blocked:
            options[n] = m
            n += 1
    if c.random_bumps:
        options[n] = RANDOM_BUMP
        n += 1
    if n == 0:
        return
    space = ask(g, c, bumper, D_BUMP_TO, victim, options, n)
    if space == RANDOM_BUMP:
        space = random_bump(g, c, bumper, victim, blocked, nchain)
    g.pos[victim] = space
    third = piece_at(g, c, space, victim)
    if third != NOBODY and nchain < MAXP:     # (a chain holds every piece at most once)
        chain[nchain] = third
        bump(g, c, bumper, third, chain, nchain + 1)
    if c.bumped_collects:
        for col in range(NCOL):
            if g.ring_space[col] == space:
                g.ring_space[col] = 0
                receive(g, c, victim, col)


cdef int random_bump(State* g, const Config* c, int bumper, int victim, const int* blocked,
                     int nblocked) noexcept nogil:
    cdef int num, k
    cdef bint is_blocked
    while True:
        num = roll_placement(g)
        if num == 0:
            if c.dz_lose:
                lose_ring(g, c, bumper, victim)
            continue
        if num == g.pos[victim]:
            if c.own_space_lose:
                lose_ring(g, c, bumper, victim)
            continue
        if num > c.board_size:
            continue
        is_blocked = False
        for k in range(nblocked):
            if blocked[k] == num:
                is_blocked = True
        if is_blocked:
            continue
        return num


cdef int winning_action(const State* g, const Config* c, int seat) noexcept nogil:
    cdef int options[16]
    cdef int out[NCOL]
    cdef int i, n = end_options(g, c, seat, options)
    for i in range(n):
        after_end(g, seat, options[i], g.held[seat], out)
        if is_win(out):
            return options[i]
    return -1


cdef void play_turn(State* g, const Config* c) noexcept nogil:
    cdef int seat, action
    g.mover = g.to_move
    g.taken = 0
    g.decided = g.turn_bumped = g.turn_swapped = g.turn_double_zero = False
    seat = g.mover
    if c.no_roll_win:
        action = winning_action(g, c, seat)
        if action >= 0:
            apply_end(g, c, seat, action)
            finish_turn(g, c)
            return
    play_moves(g, c, <int>dice_below(&g.dice, MOVE_DIE) + 1, -1)


cdef void play_moves(State* g, const Config* c, int moves, int first) noexcept nogil:
    """The rest of the mover's turn with ``moves`` moves to make (the first to ``first``
    when it is a space), then its end."""
    cdef int seat = g.mover, left = moves, space, n
    cdef bint failed = False
    cdef int options[16]
    while left > 0:
        g.moves_left = left
        if first > 0 and left == moves:
            space = first
        else:
            space = ask(g, c, seat, D_MOVE, seat, c.targets[g.pos[seat]], c.ntargets[g.pos[seat]])
        land(g, c, seat, space, left == 1)
        if c.say_threshold and (dice_word(&g.dice) >> SAY_SHIFT) < c.say_threshold:
            failed = True
            break
        left -= 1
    g.moves_left = 0
    if not failed or not c.say_rest:
        n = end_options(g, c, seat, options)
        end_turn(g, c, ask(g, c, seat, D_END, seat, options, n))
    else:
        finish_turn(g, c)


cdef void end_turn(State* g, const Config* c, int action) noexcept nogil:
    apply_end(g, c, g.mover, action)
    finish_turn(g, c)


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


cdef void set_up(State* g, const Config* c, uint64_t key) noexcept nogil:
    cdef int seat, col, num
    memset(g, 0, sizeof(State))
    g.dice = key
    g.choice = key ^ DICE_CHOICE_SALT
    g.in_hand = -1
    g.mover = NOBODY
    g.winner = UNFINISHED
    for col in range(NCOL):
        g.boneyard[col] = c.rings_per_colour
    for seat in range(c.players):
        g.pos[seat] = 0
    for seat in range(c.players):
        while True:
            num = roll_placement(g)
            if 1 <= num <= c.board_size and piece_at(g, c, num, NOBODY) == NOBODY:
                g.pos[seat] = num
                break
    replenish(g, c)


cdef void play_game(State* g, const Config* c, uint64_t key, int32_t* trace,
                    int trace_cap) noexcept nogil:
    set_up(g, c, key)
    g.trace = trace
    g.trace_cap = trace_cap
    while not (g.winner >= 0 or g.turns >= c.max_turns):
        play_turn(g, c)


cdef class Setup:
    """A kernel Config from a plain configuration (solver/sosooyoo/kernel.py: config),
    owning the tables it points to."""
    cdef Config c
    cdef Config rollout
    cdef list keep
    cdef Interrupt stop

    def __init__(self, config):
        cdef int seat, n, i, space
        cdef Config* c
        cdef const int64_t[:, ::1] dist_view
        cdef const uint8_t[:, :, ::1] reach_view
        cdef const double[:, :, ::1] landing_view
        memset(&self.c, 0, sizeof(Config))
        self.keep = []
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
        dist, reach, landing = config["dist"], config["reach"], config["landing"]
        self.keep += [dist, reach, landing]
        dist_view, reach_view, landing_view = dist, reach, landing
        c.landing = &landing_view[0, 0, 0]
        c.dist = &dist_view[0, 0]
        c.reach = &reach_view[0, 0, 0]
        self.rollout = self.c
        for seat in range(c.players):
            self.rollout.policy[seat] = P_ROLLOUT
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        c.rollout = &self.rollout
        interrupt_init(&self.stop)
        c.stop = &self.stop


def play_chunk(config, const uint64_t[::1] keys):
    """Play one game per key (``config``: solver.sosooyoo.kernel.config); returns two int32
    arrays: the game-level results, shape (NGAME, n), and the per-seat ones, shape (NSEAT,
    n, players), their rows in the order of solver/sosooyoo's columns (G_*, S_*)."""
    cdef Setup setup = Setup(config)
    cdef Config* c = &setup.c
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int seat, players = c.players, b = 0, s
    cdef State g
    game_a = np.empty((NGAME, n), dtype=np.int32)
    seat_a = np.empty((NSEAT, n, players), dtype=np.int32)
    cdef int32_t[:, ::1] game = game_a
    cdef int32_t[:, :, ::1] per_seat = seat_a
    with nogil:
        for i in range(n):
            play_game(&g, c, keys[i], NULL, 0)
            if interrupted(c.stop, GAME_WORK):
                break
            game[G_WINNER, i] = g.winner
            game[G_TURNS, i] = g.turns
            game[G_DECISION_TURNS, i] = g.decision_turns
            game[G_WIN_KIND, i] = g.win_kind
            game[G_DOUBLE_ZEROS, i] = g.double_zeros
            b = 0
            s = 0
            for seat in range(players):
                b += g.bumps[seat]
                s += g.swaps[seat]
                per_seat[S_RINGS, i, seat] = total(g.held[seat])
                per_seat[S_LANDINGS, i, seat] = g.landings[seat]
                per_seat[S_BUMPS, i, seat] = g.bumps[seat]
                per_seat[S_SWAPS, i, seat] = g.swaps[seat]
                per_seat[S_SPACES, i, seat] = g.spaces_said[seat]
                per_seat[S_FACTS, i, seat] = g.facts_said[seat]
            game[G_BUMPS, i] = b
            game[G_SWAPS, i] = s
            game[G_DECIDED_BY, i] = g.decided_by
            game[G_DISTINCT_SPACES, i] = g.nvisited
            game[G_ROUNDS, i] = (g.turns + players - 1) // players
    interrupt_raise(c.stop)
    return game_a, seat_a


def trace_game(config, uint64_t key, int cap=1 << 20):
    """Play one game (``config``: solver.sosooyoo.kernel.config); returns its decisions as
    an (m, 4) int32 array of (decision, chooser, subject, option), as the reference engine's
    ``trace``, and its final state."""
    cdef Setup setup = Setup(config)
    cdef State g
    trace_a = np.zeros((cap, 4), dtype=np.int32)
    cdef int32_t[:, ::1] trace = trace_a
    with nogil:
        play_game(&g, &setup.c, key, &trace[0, 0], cap)
    interrupt_raise(&setup.stop)
    players = setup.c.players
    final = {"winner": g.winner, "turns": g.turns, "decision_turns": g.decision_turns,
             "pos": [g.pos[s] for s in range(players)],
             "held": [[g.held[s][col] for col in range(NCOL)] for s in range(players)],
             "ring_space": [g.ring_space[col] for col in range(NCOL)],
             "boneyard": [g.boneyard[col] for col in range(NCOL)]}
    return trace_a[:g.ntrace].copy(), final
