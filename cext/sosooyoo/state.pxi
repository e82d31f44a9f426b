# So-Soo-Yoo's decision API in C, the twin of solver/sosooyoo/state.py (SoSooYooState):
# what play.pxd declares for cext/common/decisions.pxi (game_start, current_player,
# legal_actions, chance_outcomes, draw_chance, apply_action, decide, returns, write_row)
# over the engine's frames, with the same nodes, action ids and chance outcomes as the
# reference. Included by cext/sosooyoo/play.pyx.

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
    g.limit = c.rules.max_turns
    for col in range(NCOL):
        g.boneyard[col] = c.rules.rings_per_colour
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
    for seat in range(c.rules.players):
        if g.node != NODE_OVER:
            out[seat] = 0.0
        elif g.winner >= 0:
            out[seat] = 1.0 if seat == g.winner else 0.0
        else:
            out[seat] = 1.0 / c.rules.players


cdef void write_row(const State* g, const Config* c, int32_t* row) noexcept nogil:
    cdef int seat, players = c.rules.players, b = 0, s = 0
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
