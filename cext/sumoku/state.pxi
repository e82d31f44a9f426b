# Sumoku's decision API in C, the twin of solver/sumoku/state.py (SumokuState): the hands,
# a play made, the plays counted and found, and what play.pxd declares for
# cext/common/decisions.pxi (game_start, current_player, chance_outcomes, legal_actions,
# draw_chance, apply_action, returns, write_row; decide is the players', policies.pxi),
# with the same nodes, action ids and chance outcomes as the reference. Included by
# cext/sumoku/play.pyx.
# ------------------------------------------------------------------------------ the game

cdef inline void insort(int* hand, int n, int t) noexcept nogil:
    """Put tile ``t`` into the sorted ``hand`` of ``n`` tiles (bisect.insort)."""
    cdef int j = n
    while j > 0 and hand[j - 1] > t:
        hand[j] = hand[j - 1]
        j -= 1
    hand[j] = t


cdef int hand_total(const int* hand, int nhand) noexcept nogil:
    cdef int i, total = 0
    for i in range(nhand):
        total += tile_number(hand[i])
    return total


cdef void apply(State* s, int seat, const Play* p) noexcept nogil:
    """SumokuState._decide's play: lay the tiles (the lowest tile of each kind from the
    hand), score."""
    cdef int i, j, m
    lay(s, p)
    for i in range(p.n):
        m = s.nhand[seat]
        for j in range(m):
            if s.hand[seat][j] // COPIES == p.k[i]:
                while j < m - 1:
                    s.hand[seat][j] = s.hand[seat][j + 1]
                    j += 1
                s.nhand[seat] = m - 1
                break
    s.scores[seat] += p.score
    s.placed[seat] += p.n


cdef long count_plays_of(State* g, const Config* c, int seat) noexcept nogil:
    """How many legal plays the seat has (SumokuState.plays)."""
    cdef Sink sink
    if g.nhand[seat] == 0:
        return 0
    sink_init(&sink, S_COUNT, 0)
    legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
    return sink.count


cdef bint find_play(State* g, const Config* c, int seat, long index, Play* out) noexcept nogil:
    """The play at ``index`` of the seat's canonical list (False: no such play)."""
    cdef Sink sink
    if index < 0 or g.nhand[seat] == 0:
        return False
    sink_init(&sink, S_FIND, index)
    legal_plays(g, c, g.hand[seat], g.nhand[seat], &sink)
    if not sink.stop:
        return False
    out[0] = sink.found
    return True


# ------------------------------------------------------------ the decision API (the pxi's)

cdef void game_start(State* g, const Config* c, uint64_t key) noexcept nogil:
    """SumokuState(rules): the bag full and ascending, nothing dealt; the streams of ``key``."""
    cdef int i
    memset(g.grid, 0, sizeof(g.grid))
    memset(g.value, 0, sizeof(g.value))
    g.min_r = g.max_r = g.min_c = g.max_c = 0
    g.ntiles = 0
    for i in range(NTILES):
        g.bag[i] = i
    g.drawn = 0
    g.shuffled = False
    for i in range(MAXP):
        g.nhand[i] = 0
        g.dealt[i] = i
        g.scores[i] = 0
        g.penalties[i] = 0
        g.placed[i] = 0
        g.bonuses[i] = 0
    if c.key_mode == K_FIXED:
        set_key(g, c.fixed_key)
    else:
        g.key = 0
    g.phase = PH_DEAL
    g.pending = c.rules.players * c.rules.hand
    g.ntied = 0
    g.decided = g.acted = False
    g.to_move = g.idle = g.turns = g.decision_turns = g.passes = 0
    g.dice = key
    g.choice = key ^ DICE_CHOICE_SALT
    g.has_chosen = False
    g.sim_stop = 0
    g.ckey[0] = -1


cdef inline int current_player(const State* g, const Config* c) noexcept nogil:
    if g.sim_stop and g.phase == PH_PLAY and g.turns >= g.sim_stop:
        return TERMINAL          # an mcts-N simulation cut off (policies.Simulation)
    if g.phase == PH_PLAY or g.phase == PH_BONUS:
        return g.to_move
    if g.phase == PH_OVER:
        return TERMINAL
    return CHANCE


cdef int chance_outcomes(const State* g, const Config* c, int32_t* outcomes,
                         double* probabilities) noexcept nogil:
    """SumokuState.chance_outcomes (``probabilities`` may be NULL)."""
    cdef int counts[NKINDS]
    cdef int chances[MAXSUM]
    cdef int i, j, k, n = 0, size
    if g.phase == PH_DEAL or g.phase == PH_REFILL:
        memset(counts, 0, sizeof(counts))
        for i in range(g.drawn, NTILES):
            counts[g.bag[i] // COPIES] += 1
        size = NTILES - g.drawn
        for k in range(NKINDS):
            if counts[k]:
                outcomes[n] = k
                if probabilities != NULL:
                    probabilities[n] = <double>counts[k] / size
                n += 1
    elif g.phase == PH_START:
        for i in range(g.ntied):
            outcomes[i] = g.tied[i]
            if probabilities != NULL:
                probabilities[i] = 1.0 / g.ntied
        n = g.ntied
    elif g.phase == PH_KEY:
        memset(chances, 0, sizeof(chances))
        if c.key_mode == K_DIE:
            size = NFACES
            for i in range(NFACES):
                chances[KEY_FACES[i]] += 1
        else:
            size = NFACES * NFACES
            for i in range(NFACES):
                for j in range(NFACES):
                    chances[KEY_FACES[i] + KEY_FACES[j]] += 1
        for k in range(MAXSUM):
            if chances[k]:
                outcomes[n] = k
                if probabilities != NULL:
                    probabilities[n] = <double>chances[k] / size
                n += 1
    return n


cdef int legal_actions(const State* g, const Config* c, int32_t* actions) noexcept nogil:
    """SumokuState.legal_actions: at a decision, the plays' indices (PASS without one; at
    most MAX_ACTIONS listed); at a chance node, the outcomes."""
    cdef long n, i
    if g.phase == PH_PLAY or g.phase == PH_BONUS:
        n = count_plays_of(<State*>g, c, g.to_move)   # the generator lays nothing
        if n == 0:
            actions[0] = PASS
            return 1
        if n > MAX_ACTIONS:
            n = MAX_ACTIONS
        for i in range(n):
            actions[i] = <int32_t>i
        return <int>n
    if g.phase == PH_OVER:
        return 0
    return chance_outcomes(g, c, actions, NULL)



cdef inline void shuffle_left(State* t) noexcept nogil:
    """Fisher-Yates over the tiles not yet drawn, from the state's dice stream (the bag is
    shuffled once, at the first draw; a playout reshuffles it from its own key)."""
    cdef int i, j, x
    for i in range(NTILES - 1 - t.drawn, 0, -1):
        j = <int>dice_below(&t.dice, i + 1)
        x = t.bag[t.drawn + i]
        t.bag[t.drawn + i] = t.bag[t.drawn + j]
        t.bag[t.drawn + j] = x
    t.shuffled = True

cdef int32_t draw_chance(State* g, const Config* c) noexcept nogil:
    """SumokuState.draw_chance: the first tile drawn shuffles the bag left (Fisher–Yates
    from the last; rule 24), every tile is the next of it; the start tie ``below(k)``; the
    key ``below(faces)``, twice for the challenge."""
    cdef int i, j, t, first
    if g.phase == PH_DEAL or g.phase == PH_REFILL:
        if not g.shuffled:
            shuffle_left(g)
        return g.bag[g.drawn] // COPIES
    if g.phase == PH_START:
        return g.tied[dice_below(&g.dice, g.ntied)]
    if g.phase == PH_KEY:
        first = KEY_FACES[dice_below(&g.dice, NFACES)]
        if c.key_mode == K_CHALLENGE:
            return first + KEY_FACES[dice_below(&g.dice, NFACES)]
        return first
    return -1


cdef int take(State* g, int k) noexcept nogil:
    """SumokuState._take: the tile of kind ``k`` drawn (the shuffled bag's next, or the
    first of that kind in it; unshuffled, the lowest copy), or -1."""
    cdef int j, t
    for j in range(g.drawn, NTILES):
        if g.bag[j] // COPIES == k:
            break
    else:
        return -1
    t = g.bag[j]
    if g.shuffled:
        g.bag[j] = g.bag[g.drawn]
    else:
        while j > g.drawn:
            g.bag[j] = g.bag[j - 1]
            j -= 1
    g.bag[g.drawn] = t
    g.drawn += 1
    return t


cdef void finish(State* g, const Config* c) noexcept nogil:
    """SumokuState._finish: the hand penalty (rule 22) and the end."""
    cdef int seat
    for seat in range(c.rules.players):
        if c.rules.penalty:
            g.penalties[seat] = hand_total(g.hand[seat], g.nhand[seat])
            g.scores[seat] -= g.penalties[seat]
    g.phase = PH_OVER


cdef inline int seat_at(const Config* c, int turn) noexcept nogil:
    """SumokuRules.seat_at: the seat of turn ``turn`` under the order of turns."""
    cdef int n = c.rules.players, t
    if c.rules.order == ORDER_FIXED:
        return turn % n
    t = turn % (2 * n)
    return t if t < n else 2 * n - 1 - t


cdef inline int next_opponent(const State* g, const Config* c, int seat) noexcept nogil:
    """SumokuRules.next_opponent: the first other seat to play after this turn."""
    cdef int turn = g.turns
    if c.rules.order == ORDER_FIXED:
        return (seat + 1) % c.rules.players
    while seat_at(c, turn + 1) == seat:
        turn += 1
    return seat_at(c, turn + 1)


cdef inline bint all_idle(const State* g, const Config* c) noexcept nogil:
    """SumokuRules.all_idle: the idle turns before this one gave every seat a turn."""
    cdef int t, seen = 0
    if c.rules.order == ORDER_FIXED:
        return g.idle >= c.rules.players
    for t in range(g.turns - g.idle, g.turns):
        seen |= 1 << seat_at(c, t)
    return seen == (1 << c.rules.players) - 1


cdef void end_turn(State* g, const Config* c) noexcept nogil:
    """SumokuState._end_turn."""
    cdef int seat = g.to_move
    g.idle = 0 if g.acted else g.idle + 1
    g.turns += 1
    g.decision_turns += g.decided
    g.decided = g.acted = False
    g.pending = 0
    if c.rules.order == ORDER_FIXED:
        g.to_move = (seat + 1) % c.rules.players
    else:
        g.to_move = seat_at(c, g.turns)
    g.phase = PH_PLAY
    if all_idle(g, c) or (c.rules.out_ends and g.drawn == NTILES and g.nhand[seat] == 0):
        finish(g, c)


cdef inline void refill(State* g, const Config* c, int count) noexcept nogil:
    """SumokuState._refill: the end of the turn, ``count`` tiles to draw while the bag lasts."""
    if count > NTILES - g.drawn:
        count = NTILES - g.drawn
    g.pending = count if count > 0 else 0
    if g.pending:
        g.phase = PH_REFILL
    else:
        end_turn(g, c)


cdef void start(State* g, const Config* c, int starter) noexcept nogil:
    """SumokuState._start: seats in playing order from the starter's dealing place."""
    cdef int by_deal[MAXP][MAXHAND]
    cdef int nby[MAXP]
    cdef int p, n = c.rules.players
    memcpy(by_deal, g.hand, sizeof(by_deal))
    memcpy(nby, g.nhand, sizeof(nby))
    g.ntied = 0
    g.scores[0] = c.rules.starter_points     # rule 52
    for p in range(n):
        g.dealt[p] = (starter + p) % n
        g.nhand[p] = nby[g.dealt[p]]
        memcpy(g.hand[p], by_deal[g.dealt[p]], nby[g.dealt[p]] * sizeof(int))
    g.phase = PH_PLAY if c.key_mode == K_FIXED else PH_KEY


cdef void deal_done(State* g, const Config* c) noexcept nogil:
    """SumokuState._deal_done: who starts (rules 10, 11)."""
    cdef int totals[MAXP]
    cdef int p, least, ntied = 0
    if c.rules.start != START_SMALLEST_HAND:
        start(g, c, 0)
        return
    for p in range(c.rules.players):
        totals[p] = hand_total(g.hand[p], g.nhand[p])
    least = totals[0]
    for p in range(c.rules.players):
        if totals[p] < least:
            least = totals[p]
    for p in range(c.rules.players):
        if totals[p] == least:
            g.tied[ntied] = p
            ntied += 1
    if ntied == 1 or c.rules.start_tie != START_TIE_RANDOM:
        start(g, c, g.tied[0])
    else:
        g.ntied = ntied
        g.phase = PH_START


cdef void draw_tile(State* g, const Config* c, int k) noexcept nogil:
    """SumokuState._draw: a tile of kind ``k`` into the hand being dealt or refilled."""
    cdef int t = take(g, k), place, seat
    if t < 0:
        return
    g.pending -= 1
    if g.phase == PH_DEAL:
        place = (c.rules.players * c.rules.hand - g.pending - 1) // c.rules.hand
        insort(g.hand[place], g.nhand[place], t)
        g.nhand[place] += 1
        if not g.pending:
            deal_done(g, c)
    else:
        seat = g.to_move
        insort(g.hand[seat], g.nhand[seat], t)
        g.nhand[seat] += 1
        if not g.pending:
            end_turn(g, c)


cdef inline bint cache_valid(const State* g) noexcept nogil:
    return (g.ckey[0] == g.ntiles and g.ckey[1] == g.turns and g.ckey[2] == g.phase
            and g.ckey[3] == g.drawn and g.ckey[4] == g.to_move
            and g.ckey[5] == g.nhand[g.to_move])


cdef inline void cache_set(State* g) noexcept nogil:
    g.ckey[0] = g.ntiles
    g.ckey[1] = g.turns
    g.ckey[2] = g.phase
    g.ckey[3] = g.drawn
    g.ckey[4] = g.to_move
    g.ckey[5] = g.nhand[g.to_move]


cdef void make_play(State* g, const Config* c, int32_t action) noexcept nogil:
    """SumokuState._decide: the play of id ``action`` (decide's pick if it made it), or a
    pass."""
    cdef int seat = g.to_move
    cdef long n
    cdef Play play
    cdef int i
    if g.has_chosen and action == g.chosen_action:
        n = g.chosen_n
        play = g.chosen
    elif cache_valid(g):
        n = 0
        for i in range(g.ncache):
            if g.cache_action[i] == action:
                n = 2
                play = g.cache_play[i]
                break
        if n == 0:
            n = count_plays_of(g, c, seat)
            if n and not find_play(g, c, seat, action, &play):
                return
    else:
        n = count_plays_of(g, c, seat)
        if n and not find_play(g, c, seat, action, &play):
            return
    if n == 0:
        if g.phase == PH_BONUS:     # the bonus play cannot be made: the turn ends
            refill(g, c, c.rules.hand - g.nhand[seat])
            return
        g.passes += 1
        if c.rules.stuck == STUCK_DRAW and g.drawn < NTILES:
            g.acted = True
            refill(g, c, 1)
            return
        refill(g, c, 0)
        return
    if n > 1:
        g.decided = True
    apply(g, seat, &play)
    g.bonuses[seat] += g.phase == PH_BONUS
    g.acted = True
    if c.rules.bonus and play.bonus and g.nhand[seat] > 0:
        g.phase = PH_BONUS
    else:
        refill(g, c, c.rules.hand - g.nhand[seat])


cdef void apply_action(State* g, const Config* c, int32_t action) noexcept nogil:
    """SumokuState.apply_action (an illegal action leaves the state as it is or worse:
    KernelState checks first)."""
    cdef int phase = g.phase
    if phase == PH_PLAY or phase == PH_BONUS:
        make_play(g, c, action)
    elif phase == PH_DEAL or phase == PH_REFILL:
        draw_tile(g, c, action)
    elif phase == PH_START:
        start(g, c, action)
    elif phase == PH_KEY:
        set_key(g, action)
        g.phase = PH_PLAY
    g.has_chosen = False


cdef int winner(const State* g, const Config* c) noexcept nogil:
    cdef int seat, best = g.scores[0], top = 0, count = 0
    for seat in range(c.rules.players):
        if g.scores[seat] > best:
            best = g.scores[seat]
    for seat in range(c.rules.players):
        if g.scores[seat] == best:
            if count == 0:
                top = seat
            count += 1
    return top if count == 1 else DRAW


cdef int margin(const State* g, const Config* c) noexcept nogil:
    cdef int seat, first = NOSCORE, second = NOSCORE
    for seat in range(c.rules.players):
        if g.scores[seat] > first:
            second = first
            first = g.scores[seat]
        elif g.scores[seat] > second:
            second = g.scores[seat]
    return first - second


cdef void returns(const State* g, const Config* c, double* out) noexcept nogil:
    """SumokuState.returns: the top score wins, a tie for it shares (0 while playing); in
    an mcts-N simulation (policies.Simulation) each seat's squashed score margin over the
    best other seat, 1 / (1 + exp(-margin / MCTS_SCALE))."""
    cdef int seat, best = g.scores[0], top = 0, other, m
    if g.sim_stop:
        for seat in range(c.rules.players):
            m = NOSCORE
            for other in range(c.rules.players):
                if other != seat and g.scores[other] > m:
                    m = g.scores[other]
            out[seat] = 1.0 / (1.0 + exp(-(<double>(g.scores[seat] - m)) / MCTS_SCALE))
        return
    for seat in range(c.rules.players):
        out[seat] = 0.0
        if g.scores[seat] > best:
            best = g.scores[seat]
    if g.phase != PH_OVER:
        return
    for seat in range(c.rules.players):
        top += g.scores[seat] == best
    for seat in range(c.rules.players):
        if g.scores[seat] == best:
            out[seat] = 1.0 / top


cdef void write_row(const State* g, const Config* c, int32_t* row) noexcept nogil:
    """SumokuState.row, in the columns of the game's spec (solver.kernel_rows)."""
    cdef int seat, players = c.rules.players, bonus = 0, left = NTILES - g.drawn
    for seat in range(players):
        bonus += g.bonuses[seat]
        left += g.nhand[seat]
        row[NGAME_COLUMNS + SEATCOL_SCORE * players + seat] = g.scores[seat]
        row[NGAME_COLUMNS + SEATCOL_PENALTY * players + seat] = g.penalties[seat]
        row[NGAME_COLUMNS + SEATCOL_TILES * players + seat] = g.placed[seat]
        row[NGAME_COLUMNS + SEATCOL_BONUS_TURNS * players + seat] = g.bonuses[seat]
    row[COL_WINNER] = winner(g, c)
    row[COL_TURNS] = g.turns
    row[COL_DECISION_TURNS] = g.decision_turns
    row[COL_KEY] = g.key
    row[COL_BONUS_TURNS] = bonus
    row[COL_PASSES] = g.passes
    row[COL_BAG_LEFT] = NTILES - g.drawn
    row[COL_TILES_LEFT] = left
    row[COL_MARGIN] = margin(g, c)
