# So-Soo-Yoo's rules in C, the twin of solver/sosooyoo/engine.py (Game): rings and wins,
# the end of a turn's options, and the reference engine's steps (the set-up, a turn, a
# landing, a bump, placing rings) as frames on the State's stack (play.pxd), which run()
# carries from one node to the next. Included by cext/sosooyoo/play.pyx.

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
    for s in range(c.rules.players):
        if g.pos[s] == space and s != besides:
            return s
    return NOBODY


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
    if c.rules.swaps:
        for j in range(c.rules.players):
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
    if c.rules.swaps:
        for j in range(c.rules.players):
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
    if c.rules.swaps:
        for j in range(c.rules.players):
            if j != seat and h[j] and g.held[j][seat]:
                after_end(g, seat, END_SWAP + j, h, out)
                if is_win(out):
                    return END_SWAP + j
    return -1



cdef inline int seat_of_turn(const Config* c, int turn) noexcept nogil:
    """The seat of the game's turn-th turn under the rules' order (rules.seat_of_turn)."""
    cdef int n = c.rules.players
    cdef int round_ = turn // n, place = turn - (turn // n) * n
    if c.rules.order == ORDER_ROTATE:
        return (round_ + place) % n
    if c.rules.order == ORDER_SNAKE and round_ & 1:
        return n - 1 - place
    return place


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
    if c.rules.order == ORDER_FIXED:
        g.to_move = (seat + 1) % c.rules.players
    else:
        g.to_move = seat_of_turn(c, g.turns)
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
    if total(g.held[seat]) >= c.rules.ring_limit and seat != g.mover:
        g.boneyard[colour] += 1
        return False
    g.held[seat][colour] += 1
    if total(g.held[seat]) > c.rules.ring_limit:
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
    if c.rules.random_bumps:
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
        if 1 <= v <= c.rules.board_size and piece_at(g, c, v, NOBODY) == NOBODY:
            g.pos[f.a] = v
            f.a += 1
            if f.a == c.rules.players:
                if c.rules.start_rings:           # rule 39: rules.start_rings_of
                    for v in range(1, c.rules.players):
                        g.held[v][v] += v * c.rules.start_rings // (c.rules.players - 1)
                        g.boneyard[v] -= v * c.rules.start_rings // (c.rules.players - 1)
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
    if c.rules.no_roll_win:
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
    if not f.b or c.rules.say_fail != SAY_FAIL_REST_OF_TURN:
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
                if c.rules.exact_count and not f.b and completes_win(g, c, seat, col):
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
    if c.rules.bumped_collects:
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
            if c.rules.double_zero == DOUBLE_ZERO_LOSE_RING:
                return bump_lose(g, f, g.mover, victim)
            return chance(g, C_PLACEMENT)
        if v == g.pos[victim]:
            if c.rules.random_bump_own_space == RANDOM_BUMP_OWN_SPACE_LOSE_RING:
                return bump_lose(g, f, g.mover, victim)
            return chance(g, C_PLACEMENT)
        if v > c.rules.board_size or blocked(g, f.k, v):
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
            if (g.mover != NOBODY and c.rules.double_zero == DOUBLE_ZERO_LOSE_RING
                    and holds(g, g.mover)):
                f.pc = 2
                return decision(g, D_LOSE_RING, (g.mover + 1) % c.rules.players, g.mover)
            return chance(g, C_PLACEMENT)
        if v > c.rules.board_size:
            return chance(g, C_PLACEMENT)
        if c.rules.ring_on_ring == RING_ON_RING_REROLL:
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
