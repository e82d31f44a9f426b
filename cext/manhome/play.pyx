# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Man Home playouts in C: the same games as the reference engine (solver/manhome/state.py), fast.

Every rule, draw order and policy decision mirrors the reference engine and its
policies (solver/manhome/policies.py). The numbers both share (the board's size, the
move kinds and outcomes, the prime factors of every square, the players' and tie rules'
codes, the greedy player's ranks) come from cext/manhome/constants.pxd, written from the
solver's readable code when the package is built (solver/manhome/kernel.py); the rules,
players and solved tables come in as a plain configuration (``kernel.config``). The hot
loop runs without the GIL over plain C structs.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from cext.common.bits cimport bits_lowest
from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.manhome.constants cimport (
    D6, DEATH, EMPTY, FIRST_SQUARE, HOME, IS_PRIME, K_DIV_PRIME, K_NEW_MAN, K_SUB_ONE,
    K_SUB_PRIME, KIND_OF_ROLL, MAXM, MAXMOVES, MAXP, NKINDS, NPOLICIES, NSEAT, O_DEATH, O_HOME,
    O_KILL, O_KILLED, O_MERGE, O_STAND, P_EXPERT, P_OPTIMAL, P_RANDOM, P_GREEDY, P_ROLLOUT,
    P_SEARCH, P_SOLITAIRE, PRIME_COUNT, PRIMES, RANK_BACK, RANK_FIGHT, RANK_HOME, RANK_PRIME,
    RANK_SAFE, ROW, S_DEATHS, S_HOME, S_KILLED, S_KILLS, S_TURNS, SQUARES, TIE_ATTACKER,
    TIE_REROLL)
from cext.manhome.sides cimport SideSpaceC, side_index_bits, side_space_init


cdef struct Config:
    int players
    int men_per_player
    int men_to_win
    int tie                       # TIE_*
    int extra_turn
    int max_turns
    int board_rows                # new men land on squares 0 .. ROW * board_rows - 1
    int policy[MAXP]              # P_* of each seat
    int budget[MAXP]              # search: playouts per candidate
    Config* rollout               # search: the same rules with greedy in every seat
    int64_t q_num                 # attacker's face-off chance q_num / q_den
    int64_t q_den
    const int64_t* goes           # expert: scaled expected goes of every side (solitaire values)
    int64_t bonus                 # expert: one go, when a turn earns another (0 without)
    const uint8_t* tables[NPOLICIES]  # solved decisions per policy code (table policies),
                                      # NKINDS to a side (or a pair of sides)
    SideSpaceC* spaces[NPOLICIES]     # ... and the numbering of their sides
    Interrupt* stop               # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


cdef struct State:
    int8_t board[SQUARES]         # owning seat, or EMPTY
    uint64_t men[MAXP][2]         # each seat's men as a bitboard: bit s of (men[0], men[1])
    int nmen[MAXP]                # men on the board
    int nentries[MAXP]            # (man, prime) entries: the men's distinct prime factors
    int reserve[MAXP]
    int home[MAXP]
    uint64_t dice                 # dice stream state
    uint64_t choice               # choice stream state
    int to_move
    int winner
    int turns
    int decisions
    int32_t turns_by[MAXP]
    int32_t kills[MAXP]
    int32_t deaths[MAXP]
    int32_t killed[MAXP]


# -- the board ------------------------------------------------------------------
# A seat's men are a bitboard of two 64-bit words (squares 0..63, 64..71), so that
# placing and lifting a man are O(1) and the men come out in ascending order
# (scanned with cext/common/bits.pxd).


cdef inline void place(State* g, int seat, int square) noexcept nogil:
    g.board[square] = seat
    g.men[seat][square >> 6] |= (<uint64_t>1) << (square & 63)
    g.nmen[seat] += 1
    g.nentries[seat] += PRIME_COUNT[square]


cdef inline void lift(State* g, int seat, int square) noexcept nogil:
    g.board[square] = EMPTY
    g.men[seat][square >> 6] &= ~((<uint64_t>1) << (square & 63))
    g.nmen[seat] -= 1
    g.nentries[seat] -= PRIME_COUNT[square]


cdef inline int roll(State* g, int sides) noexcept nogil:
    return <int>dice_below(&g.dice, sides) + 1


cdef inline bint attacker_wins(State* g, const Config* c) noexcept nogil:
    cdef int a, d
    while True:
        a = roll(g, D6)
        d = roll(g, D6)
        if a != d:
            return a > d
        if c.tie != TIE_REROLL:
            return c.tie == TIE_ATTACKER


cdef int arrive(State* g, const Config* c, int seat, int square) noexcept nogil:
    """A man of seat (already off his square or out of the reserve) arrives."""
    cdef int holder
    if square == DEATH:
        g.reserve[seat] += 1
        g.deaths[seat] += 1
        return O_DEATH
    if square == HOME:
        g.home[seat] += 1
        if g.home[seat] >= c.men_to_win:
            g.winner = seat
        return O_HOME
    holder = g.board[square]
    if holder == EMPTY:
        place(g, seat, square)
        return O_STAND
    if holder == seat:
        g.reserve[seat] += 1
        return O_MERGE
    if attacker_wins(g, c):
        lift(g, holder, square)
        g.reserve[holder] += 1
        g.killed[holder] += 1
        place(g, seat, square)
        g.kills[seat] += 1
        return O_KILL
    g.reserve[seat] += 1
    g.killed[seat] += 1
    return O_KILLED


cdef inline int action_target(int kind, int square, int prime) noexcept nogil:
    if kind == K_SUB_ONE:
        return square - 1
    if kind == K_SUB_PRIME:
        return square - prime
    return square // prime


cdef int action_moves(const State* g, int seat, int kind, int* source, int* target) noexcept nogil:
    """The legal moves of an action in canonical order; returns how many."""
    cdef int w, j, s, k = 0
    cdef uint64_t bits
    for w in range(2):
        bits = g.men[seat][w]
        while bits:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            if kind == K_SUB_ONE:
                source[k] = s
                target[k] = s - 1
                k += 1
            else:
                for j in range(PRIME_COUNT[s]):
                    source[k] = s
                    target[k] = action_target(kind, s, PRIMES[s][j])
                    k += 1
    return k


cdef void nth_move(const State* g, int seat, int kind, int n, int* source, int* target) noexcept nogil:
    """The n-th legal move of an action in canonical order, without listing them all."""
    cdef int w, s, count
    cdef uint64_t bits
    for w in range(2):
        bits = g.men[seat][w]
        while bits:
            s = 64 * w + bits_lowest(bits)
            bits &= bits - 1
            count = 1 if kind == K_SUB_ONE else PRIME_COUNT[s]
            if n < count:
                source[0] = s
                target[0] = action_target(kind, s, PRIMES[s][n])
                return
            n -= count


# -- policies -------------------------------------------------------------------
cdef inline int greedy_score(const State* g, int seat, int target) noexcept nogil:
    cdef int rank
    if target == HOME:
        rank = RANK_HOME
    elif target == DEATH or g.board[target] == seat:
        rank = RANK_BACK
    elif g.board[target] != EMPTY:
        rank = RANK_FIGHT
    elif IS_PRIME[target]:
        rank = RANK_PRIME
    else:
        rank = RANK_SAFE
    return rank * SQUARES - target


cdef inline int64_t expert_goes(const Config* c, int home, uint64_t lo, uint64_t hi,
                                int k) noexcept nogil:
    """Scaled expected goes a side still needs (0 once it has won)."""
    if home >= c.men_to_win:
        return 0
    return c.goes[side_index_bits(c.spaces[P_EXPERT], home, lo, hi, k)]


cdef inline void flip(uint64_t* lo, uint64_t* hi, int square) noexcept nogil:
    if square < 64:
        lo[0] ^= (<uint64_t>1) << square
    else:
        hi[0] ^= (<uint64_t>1) << (square - 64)


cdef int64_t expert_worth(const State* g, const Config* c, int seat, int source,
                          int target) noexcept nogil:
    """q_den times a move's worth (solver.manhome.policies.ExpertPolicy.move_worth)."""
    cdef uint64_t lo = g.men[seat][0], hi = g.men[seat][1]
    cdef int k = g.nmen[seat], home = g.home[seat], holder, their
    cdef int64_t rest, kill
    if source >= 0:
        flip(&lo, &hi, source)
        k -= 1
    if target == HOME:
        return c.q_den * (c.bonus - expert_goes(c, home + 1, lo, hi, k))
    holder = EMPTY if target == DEATH else g.board[target]
    rest = expert_goes(c, home, lo, hi, k)
    if target == DEATH or holder == seat:
        return -c.q_den * rest
    flip(&lo, &hi, target)
    if holder == EMPTY:
        return -c.q_den * expert_goes(c, home, lo, hi, k + 1)
    their = g.home[holder]
    kill = (c.goes[c.spaces[P_EXPERT].offsets[their][0]]
            - c.goes[c.spaces[P_EXPERT].offsets[their][1] + target - FIRST_SQUARE])
    return (c.q_num * (c.bonus + kill - expert_goes(c, home, lo, hi, k + 1))
            - (c.q_den - c.q_num) * rest)


cdef inline int64_t table_row(const State* g, const Config* c, int seat, int policy) noexcept nogil:
    """The row of a solved table for the seat to move: its own side (solitaire), or its
    side and the opponent's (optimal, two players)."""
    cdef const SideSpaceC* sp = c.spaces[policy]
    cdef int64_t mine = side_index_bits(sp, g.home[seat], g.men[seat][0], g.men[seat][1], g.nmen[seat])
    cdef int other = 1 - seat
    if policy == P_SOLITAIRE:
        return mine
    return mine * sp.size + side_index_bits(sp, g.home[other], g.men[other][0], g.men[other][1],
                                            g.nmen[other])


cdef bint choose_new_man(State* g, const Config* c, int seat) noexcept nogil:
    cdef int policy = c.policy[seat]
    cdef int source[MAXMOVES]
    cdef int target[MAXMOVES]
    cdef int kind, i, k
    cdef int64_t new_sum = 0, best_sum = 0, best, w
    if policy == P_RANDOM:
        return dice_below(&g.choice, 2) == 0
    if policy == P_GREEDY:
        return g.nmen[seat] < 2
    if policy == P_SOLITAIRE or policy == P_OPTIMAL:
        return c.tables[policy][NKINDS * table_row(g, c, seat, policy)] == 1
    if policy == P_SEARCH:
        return search_new_man(g, c, seat)
    if g.nmen[seat] >= c.spaces[P_EXPERT].cap:
        return False
    for i in range(ROW * c.board_rows):
        new_sum += expert_worth(g, c, seat, -1, i)
    for kind in range(K_SUB_ONE, K_DIV_PRIME + 1):
        k = action_moves(g, seat, kind, source, target)
        best = expert_worth(g, c, seat, source[0], target[0])
        for i in range(1, k):
            w = expert_worth(g, c, seat, source[i], target[i])
            if w > best:
                best = w
        best_sum += best
    return 3 * new_sum > ROW * c.board_rows * best_sum


cdef int choose_move(State* g, const Config* c, int seat, int kind, int k, const int* source,
                     const int* target) noexcept nogil:
    cdef int policy = c.policy[seat]
    cdef int i, best = 0
    cdef int64_t score, best_score
    if policy == P_SOLITAIRE or policy == P_OPTIMAL:
        return c.tables[policy][NKINDS * table_row(g, c, seat, policy) + kind]
    if policy == P_SEARCH:
        return search_move(g, c, seat, kind, k, source, target)
    if policy == P_GREEDY:
        best_score = greedy_score(g, seat, target[0])
        for i in range(1, k):
            score = greedy_score(g, seat, target[i])
            if score > best_score:
                best, best_score = i, score
        return best
    best_score = expert_worth(g, c, seat, source[0], target[0])
    for i in range(1, k):
        score = expert_worth(g, c, seat, source[i], target[i])
        if score > best_score:
            best, best_score = i, score
    return best


# -- search ---------------------------------------------------------------------
cdef inline void playout_start(State* h, const State* g, uint64_t* stream) noexcept nogil:
    """h becomes a copy of g rolling the dice of the next playout key of stream."""
    cdef uint64_t key = dice_word(stream)
    h[0] = g[0]
    h.dice = key
    h.choice = key ^ DICE_CHOICE_SALT


cdef inline int playout_won(State* h, const Config* r, int seat) noexcept nogil:
    while h.winner < 0 and h.turns < r.max_turns:
        play_turn(h, r, NULL)
    return h.winner == seat


cdef bint search_new_man(State* g, const Config* c, int seat) noexcept nogil:
    """SearchPolicy.choose_new_man: the option whose playouts won more (new man on a tie)."""
    cdef uint64_t start = dice_word(&g.choice), stream
    cdef int option, j
    cdef int wins[2]
    cdef State h
    for option in range(2):
        wins[option] = 0
        stream = start
        for j in range(c.budget[seat]):
            if interrupted(c.stop, 1):      # a playout a unit; the game is abandoned
                break
            playout_start(&h, g, &stream)
            continue_turn(&h, c.rollout, seat, option == 0, True, NULL)
            wins[option] += playout_won(&h, c.rollout, seat)
    return wins[0] >= wins[1]


cdef int search_move(State* g, const Config* c, int seat, int kind, int k, const int* source,
                     const int* target) noexcept nogil:
    """SearchPolicy.choose_move: the move whose playouts won most (the first among equals)."""
    cdef uint64_t start = dice_word(&g.choice), stream
    cdef int i, j, wins, best = 0, best_wins = -1
    cdef State h
    for i in range(k):
        wins = 0
        stream = start
        for j in range(c.budget[seat]):
            if interrupted(c.stop, 1):      # a playout a unit; the game is abandoned
                break
            playout_start(&h, g, &stream)
            make_move(&h, c.rollout, seat, kind, source[i], target[i], True, NULL)
            wins += playout_won(&h, c.rollout, seat)
        if wins > best_wins:
            best, best_wins = i, wins
    return best


# -- a game ---------------------------------------------------------------------
cdef void play_turn(State* g, const Config* c, int32_t* step) noexcept nogil:
    """One turn of the seat to move; writes (seat, kind, source, target, outcome) to step."""
    cdef int seat = g.to_move
    cdef bint can_new = g.reserve[seat] > 0
    cdef bint can_act = g.nmen[seat] > 0
    cdef bint decision = can_new and can_act
    cdef bint new_man
    if not decision:
        new_man = can_new
    elif c.policy[seat] == P_RANDOM:    # the hot path of the spec's player, inline
        new_man = dice_below(&g.choice, 2) == 0
    else:
        new_man = choose_new_man(g, c, seat)
    continue_turn(g, c, seat, new_man, decision, step)


cdef void continue_turn(State* g, const Config* c, int seat, bint new_man, bint decision,
                        int32_t* step) noexcept nogil:
    """The rest of a turn once the option is chosen: the roll, the pick, the move."""
    cdef int kind, k, pick
    cdef int src = -1, dst = 0
    cdef int source[MAXMOVES]
    cdef int target[MAXMOVES]
    if new_man:
        kind = K_NEW_MAN
        k = roll(g, c.board_rows)
        dst = ROW * (k % c.board_rows) + roll(g, D6) % ROW
    else:
        kind = KIND_OF_ROLL[roll(g, D6)]
        if c.policy[seat] == P_RANDOM:
            # the spec's uniform pick among (man, prime) entries, found without listing them
            k = g.nmen[seat] if kind == K_SUB_ONE else g.nentries[seat]
            if k > 1:
                decision = True
            nth_move(g, seat, kind, <int>dice_choose(&g.choice, k), &src, &dst)
        else:
            k = action_moves(g, seat, kind, source, target)
            pick = 0
            if k > 1:
                decision = True
                pick = choose_move(g, c, seat, kind, k, source, target)
            src = source[pick]
            dst = target[pick]
    make_move(g, c, seat, kind, src, dst, decision, step)


cdef void make_move(State* g, const Config* c, int seat, int kind, int src, int dst,
                    bint decision, int32_t* step) noexcept nogil:
    """The seat makes a move (from the reserve when src is -1); the turn ends, and passes
    on unless it earned another."""
    cdef int outcome
    if src < 0:
        g.reserve[seat] -= 1
    else:
        lift(g, seat, src)
    outcome = arrive(g, c, seat, dst)
    g.turns += 1
    g.turns_by[seat] += 1
    g.decisions += decision
    if not ((outcome == O_HOME or outcome == O_KILL) and c.extra_turn):
        g.to_move = seat + 1 if seat + 1 < c.players else 0
    if step != NULL:
        step[0] = seat
        step[1] = kind
        step[2] = src
        step[3] = dst
        step[4] = outcome


cdef void play_game(State* g, const Config* c, uint64_t key, int32_t* trace) noexcept nogil:
    cdef int seat
    memset(g, 0, sizeof(State))
    memset(g.board, EMPTY, sizeof(g.board))
    for seat in range(c.players):
        g.reserve[seat] = c.men_per_player
    g.dice = key
    g.choice = key ^ DICE_CHOICE_SALT
    g.winner = -1
    while g.winner < 0 and g.turns < c.max_turns:
        play_turn(g, c, NULL if trace == NULL else trace + 5 * g.turns)


# -- Python entry points --------------------------------------------------------
cdef class Setup:
    """A kernel Config for a plain configuration (``solver.manhome.kernel.config``), owning
    the solved tables it points to."""
    cdef Config c
    cdef Config rollout
    cdef SideSpaceC spaces[NPOLICIES]
    cdef list keep
    cdef Interrupt stop

    def __init__(self, config):
        cdef int seat, code
        cdef const uint8_t[:, ::1] decisions
        cdef const int64_t[::1] goes_view
        policies, budgets = config["policy"], config["budget"]
        players = config["players"]
        if not 1 <= players <= MAXP or len(policies) != players or len(budgets) != players:
            raise ValueError(f"need 1 to {MAXP} seats and a policy and a budget each")
        memset(&self.c, 0, sizeof(Config))
        self.keep = []
        self.c.players = players
        self.c.men_per_player = config["men_per_player"]
        self.c.men_to_win = config["men_to_win"]
        self.c.tie = config["tie"]
        self.c.extra_turn = config["extra_turn"]
        self.c.max_turns = config["max_turns"]
        self.c.board_rows = config["board_rows"]
        for seat in range(players):
            code = policies[seat]
            if not 0 <= code <= P_SEARCH:
                raise ValueError(f"no policy code {code}")
            self.c.policy[seat] = code
            self.c.budget[seat] = budgets[seat]
        for code, (space, table) in config["tables"].items():
            decisions = table
            self.keep.append(table)
            side_space_init(&self.spaces[code], space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            self.c.tables[code] = &decisions[0, 0]
            self.c.spaces[code] = &self.spaces[code]
        if config["goes"] is not None:
            space, goes = config["goes"]
            self.keep.append(goes)
            side_space_init(&self.spaces[P_EXPERT], space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            goes_view = goes
            self.c.goes = &goes_view[0]
            self.c.spaces[P_EXPERT] = &self.spaces[P_EXPERT]
        self.c.q_num = config["q_num"]
        self.c.q_den = config["q_den"]
        self.c.bonus = config["bonus"]
        # search players play their playouts with the rollout policy in every seat
        self.rollout = self.c
        for seat in range(players):
            self.rollout.policy[seat] = P_ROLLOUT
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        self.c.rollout = &self.rollout
        interrupt_init(&self.stop)
        self.c.stop = &self.stop


def play_chunk(config, const uint64_t[::1] keys):
    """Play one game per key; returns ``(winner, game, seat)``: the winners (int8, shape
    (n,)), the turns and decision turns (int32, shape (2, n)) and the per-seat counters
    (int32, shape (NSEAT, n, players), rows S_TURNS, S_HOME, S_KILLS, S_DEATHS, S_KILLED)."""
    cdef Setup setup = Setup(config)
    cdef Config* c = &setup.c
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int seat, players = c.players
    cdef State g
    winner_a = np.empty(n, dtype=np.int8)
    game_a = np.empty((2, n), dtype=np.int32)
    seat_a = np.empty((NSEAT, n, players), dtype=np.int32)
    cdef int8_t[::1] winner = winner_a
    cdef int32_t[:, ::1] game = game_a
    cdef int32_t[:, :, ::1] per_seat = seat_a
    with nogil:
        for i in range(n):
            play_game(&g, c, keys[i], NULL)
            if interrupted(c.stop, 1):    # a game a unit
                break
            winner[i] = g.winner
            game[0, i] = g.turns
            game[1, i] = g.decisions
            for seat in range(players):
                per_seat[S_TURNS, i, seat] = g.turns_by[seat]
                per_seat[S_HOME, i, seat] = g.home[seat]
                per_seat[S_KILLS, i, seat] = g.kills[seat]
                per_seat[S_DEATHS, i, seat] = g.deaths[seat]
                per_seat[S_KILLED, i, seat] = g.killed[seat]
    interrupt_raise(c.stop)
    return winner_a, game_a, seat_a


def trace_game(config, uint64_t key):
    """Play one game and return its steps: an (turns, 5) int32 array of
    (seat, kind, source, target, outcome), and its final counters as a dict."""
    cdef Setup setup = Setup(config)
    cdef State g
    trace_a = np.zeros((setup.c.max_turns, 5), dtype=np.int32)
    cdef int32_t[:, ::1] trace = trace_a
    with nogil:
        play_game(&g, &setup.c, key, &trace[0, 0])
    interrupt_raise(&setup.stop)
    players = setup.c.players
    final = {"winner": g.winner, "turns": g.turns, "decision_turns": g.decisions,
             "home": [g.home[s] for s in range(players)],
             "reserve": [g.reserve[s] for s in range(players)],
             "men": [[q for q in range(SQUARES) if g.board[q] == s] for s in range(players)],
             "turns_by_seat": [g.turns_by[s] for s in range(players)],
             "kills": [g.kills[s] for s in range(players)],
             "deaths": [g.deaths[s] for s in range(players)],
             "killed": [g.killed[s] for s in range(players)]}
    return trace_a[:g.turns].copy(), final


def play_solitaire(config, const uint64_t[::1] keys):
    """One player alone (``config`` of one seat, the ``solitaire`` policy): the turns each
    game took to bring ``men_to_win`` men home, -1 when cut off (for checking the exact
    solitaire values)."""
    cdef Setup setup = Setup(config)
    cdef Py_ssize_t n = keys.shape[0], i
    cdef State g
    turns_a = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] turns = turns_a
    with nogil:
        for i in range(n):
            play_game(&g, &setup.c, keys[i], NULL)
            if interrupted(&setup.stop, 1):
                break
            turns[i] = g.turns if g.winner == 0 else -1
    interrupt_raise(&setup.stop)
    return turns_a
