# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Man Home playouts in C: the same games as solver/manhome/engine.py, fast.

Every rule, draw order and policy decision mirrors the reference engine and its
policies (solver/manhome/policies.py); the tables (prime factors, the expert's
values) come from the solver's readable code at import time. The hot loop runs
without the GIL over plain C structs.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from cext.common.bits cimport bits_lowest
from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.manhome.primes cimport PrimeTable, fill_prime_table
from cext.manhome.sides cimport SideSpaceC, side_index_bits, side_space_init

from solver.manhome.policies import (POLICY_NAMES, SEARCH, SEARCH_ROLLOUT, VALUE_SCALE,
                                     expert_table, parse_policy, policy_table)
from solver.manhome.rules import SQUARES as _SQUARES, TIES, MAX_MEN as _MAX_MEN, MAX_PLAYERS as _MAX_PLAYERS

cdef enum:
    SQUARES = 72
    MAXP = 8          # most seats
    MAXM = 12         # most men per player
    MAXMOVES = 36     # most legal moves of one action: 12 men x 3 primes
    EMPTY = -1

cdef enum:            # solver.manhome.engine.Kind
    K_NEW = 0
    K_SUB_ONE = 1
    K_SUB_PRIME = 2
    K_DIV_PRIME = 3

cdef enum:            # solver.manhome.engine.Outcome
    O_STAND = 0
    O_HOME = 1
    O_DEATH = 2
    O_MERGE = 3
    O_KILL = 4
    O_KILLED = 5

cdef enum:            # solver.manhome.policies.POLICY_NAMES
    P_RANDOM = 0
    P_GREEDY = 1
    P_EXPERT = 2
    P_SOLITAIRE = 3
    P_OPTIMAL = 4
    P_SEARCH = 5      # solver.manhome.policies.SEARCH: search-N

cdef enum:            # solver.manhome.rules.TIES
    TIE_DEFENDER = 0
    TIE_ATTACKER = 1
    TIE_REROLL = 2

assert _SQUARES == SQUARES and _MAX_MEN == MAXM and _MAX_PLAYERS == MAXP
assert tuple(POLICY_NAMES) == ("random", "greedy", "expert", "solitaire", "optimal")
assert tuple(TIES) == ("defender", "attacker", "reroll")

# Action kind of each d6 face (index 1..6): 1,5 subtract one; 2,4 subtract a prime; 3,6 divide.
cdef int KIND_OF_ROLL[7]
KIND_OF_ROLL[:] = [0, K_SUB_ONE, K_SUB_PRIME, K_DIV_PRIME, K_SUB_PRIME, K_SUB_ONE, K_DIV_PRIME]

cdef PrimeTable PT
fill_prime_table(&PT)


cdef struct Config:
    int players
    int men_per_player
    int men_to_win
    int tie                       # TIE_*
    int extra_turn
    int max_turns
    int board_rows                # new men land on squares 0 .. 6 * board_rows - 1
    int policy[MAXP]              # P_* of each seat
    int budget[MAXP]              # search: playouts per candidate
    Config* rollout               # search: the same rules with greedy in every seat
    int64_t q_num                 # attacker's face-off chance q_num / q_den
    int64_t q_den
    const int64_t* goes           # expert: scaled expected goes of every side (solitaire values)
    int64_t bonus                 # expert: one go, when a turn earns another (0 without)
    const uint8_t* tables[5]      # solved decisions per policy code (table policies), rows of 4
    SideSpaceC* spaces[5]         # ... and the numbering of their sides
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
    g.nentries[seat] += PT.count[square]


cdef inline void lift(State* g, int seat, int square) noexcept nogil:
    g.board[square] = EMPTY
    g.men[seat][square >> 6] &= ~((<uint64_t>1) << (square & 63))
    g.nmen[seat] -= 1
    g.nentries[seat] -= PT.count[square]


cdef inline int roll(State* g, int sides) noexcept nogil:
    return <int>dice_below(&g.dice, sides) + 1


cdef inline bint attacker_wins(State* g, const Config* c) noexcept nogil:
    cdef int a, d
    while True:
        a = roll(g, 6)
        d = roll(g, 6)
        if a != d:
            return a > d
        if c.tie != TIE_REROLL:
            return c.tie == TIE_ATTACKER


cdef int arrive(State* g, const Config* c, int seat, int square) noexcept nogil:
    """A man of seat (already off his square or out of the reserve) arrives."""
    cdef int holder
    if square == 0:
        g.reserve[seat] += 1
        g.deaths[seat] += 1
        return O_DEATH
    if square == 1:
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
                for j in range(PT.count[s]):
                    source[k] = s
                    target[k] = action_target(kind, s, PT.primes[s][j])
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
            count = 1 if kind == K_SUB_ONE else PT.count[s]
            if n < count:
                source[0] = s
                target[0] = action_target(kind, s, PT.primes[s][n])
                return
            n -= count


# -- policies -------------------------------------------------------------------
cdef inline int greedy_score(const State* g, int seat, int target) noexcept nogil:
    cdef int rank
    if target == 1:
        rank = 4
    elif target == 0 or g.board[target] == seat:
        rank = 0
    elif g.board[target] != EMPTY:
        rank = 3
    elif PT.is_prime[target]:
        rank = 1
    else:
        rank = 2
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
    if target == 1:
        return c.q_den * (c.bonus - expert_goes(c, home + 1, lo, hi, k))
    holder = EMPTY if target == 0 else g.board[target]
    rest = expert_goes(c, home, lo, hi, k)
    if target == 0 or holder == seat:
        return -c.q_den * rest
    flip(&lo, &hi, target)
    if holder == EMPTY:
        return -c.q_den * expert_goes(c, home, lo, hi, k + 1)
    their = g.home[holder]
    kill = (c.goes[c.spaces[P_EXPERT].offsets[their][0]]
            - c.goes[c.spaces[P_EXPERT].offsets[their][1] + target - 2])
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
        return c.tables[policy][4 * table_row(g, c, seat, policy)] == 1
    if policy == P_SEARCH:
        return search_new_man(g, c, seat)
    if g.nmen[seat] >= c.spaces[P_EXPERT].cap:
        return False
    for i in range(6 * c.board_rows):
        new_sum += expert_worth(g, c, seat, -1, i)
    for kind in range(K_SUB_ONE, K_DIV_PRIME + 1):
        k = action_moves(g, seat, kind, source, target)
        best = expert_worth(g, c, seat, source[0], target[0])
        for i in range(1, k):
            w = expert_worth(g, c, seat, source[i], target[i])
            if w > best:
                best = w
        best_sum += best
    return 3 * new_sum > 6 * c.board_rows * best_sum


cdef int choose_move(State* g, const Config* c, int seat, int kind, int k, const int* source,
                     const int* target) noexcept nogil:
    cdef int policy = c.policy[seat]
    cdef int i, best = 0
    cdef int64_t score, best_score
    if policy == P_SOLITAIRE or policy == P_OPTIMAL:
        return c.tables[policy][4 * table_row(g, c, seat, policy) + kind]
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
        kind = K_NEW
        k = roll(g, c.board_rows)
        dst = 6 * (k % c.board_rows) + roll(g, 6) % 6
    else:
        kind = KIND_OF_ROLL[roll(g, 6)]
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
    """A kernel Config for rules and policies, owning the solved tables it points to."""
    cdef Config c
    cdef Config rollout
    cdef SideSpaceC spaces[5]
    cdef list keep
    cdef Interrupt stop

    def __init__(self, rules, policies, players=None):
        cdef int seat, code
        cdef const uint8_t[:, ::1] decisions
        cdef const int64_t[::1] goes_view
        players = rules.players if players is None else players
        if len(policies) != players:
            raise ValueError(f"need {players} policies, got {len(policies)}")
        memset(&self.c, 0, sizeof(Config))
        self.keep = []
        self.c.players = players
        self.c.men_per_player = rules.men_per_player
        self.c.men_to_win = rules.men_to_win
        self.c.tie = TIES.index(rules.tie)
        self.c.extra_turn = rules.extra_turn
        self.c.max_turns = rules.max_turns
        self.c.board_rows = rules.board_rows
        for seat, name in enumerate(policies):
            family, budget = parse_policy(name)
            code = P_SEARCH if family == SEARCH else POLICY_NAMES.index(family)
            self.c.policy[seat] = code
            self.c.budget[seat] = budget
            if (code == P_SOLITAIRE or code == P_OPTIMAL) and self.c.tables[code] == NULL:
                solved = policy_table(name, rules)
                space = solved.space
                decisions = np.ascontiguousarray(solved.decisions, dtype=np.uint8)
                self.keep.append(decisions)
                side_space_init(&self.spaces[code], space.board_rows, space.men_per_player,
                                space.men_to_win, space.cap)
                self.c.tables[code] = &decisions[0, 0]
                self.c.spaces[code] = &self.spaces[code]
            if code == P_EXPERT and self.c.goes == NULL:
                space, goes = expert_table(rules)
                goes = np.ascontiguousarray(goes, dtype=np.int64)
                self.keep.append(goes)
                side_space_init(&self.spaces[code], space.board_rows, space.men_per_player,
                                space.men_to_win, space.cap)
                goes_view = goes
                self.c.goes = &goes_view[0]
                self.c.spaces[code] = &self.spaces[code]
        self.c.q_num, self.c.q_den = rules.attacker_win_chance
        self.c.bonus = VALUE_SCALE if rules.extra_turn else 0
        # search players play their playouts with SEARCH_ROLLOUT in every seat
        self.rollout = self.c
        for seat in range(players):
            self.rollout.policy[seat] = POLICY_NAMES.index(SEARCH_ROLLOUT)
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        self.c.rollout = &self.rollout
        interrupt_init(&self.stop)
        self.c.stop = &self.stop


COLUMNS = ("winner", "turns", "decision_turns")
SEAT_COLUMNS = ("turns", "home", "kills", "deaths", "killed")


def play_chunk(rules, policies, const uint64_t[::1] keys):
    """Play one game per key; returns a dict of result arrays (one row per game).

    ``winner``, ``turns``, ``decision_turns`` have shape (n,); ``turns``, ``home``,
    ``kills``, ``deaths``, ``killed`` per seat are under ``seat_<name>`` with shape
    (n, players).
    """
    cdef Setup setup = Setup(rules, policies)
    cdef Config* c = &setup.c
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int seat, players = c.players
    cdef State g
    winner_a = np.empty(n, dtype=np.int8)
    turns_a = np.empty(n, dtype=np.int32)
    decisions_a = np.empty(n, dtype=np.int32)
    seat_a = np.empty((5, n, players), dtype=np.int32)
    cdef int8_t[::1] winner = winner_a
    cdef int32_t[::1] turns = turns_a
    cdef int32_t[::1] decisions = decisions_a
    cdef int32_t[:, :, ::1] per_seat = seat_a
    with nogil:
        for i in range(n):
            play_game(&g, c, keys[i], NULL)
            if interrupted(c.stop, 1):    # a game a unit
                break
            winner[i] = g.winner
            turns[i] = g.turns
            decisions[i] = g.decisions
            for seat in range(players):
                per_seat[0, i, seat] = g.turns_by[seat]
                per_seat[1, i, seat] = g.home[seat]
                per_seat[2, i, seat] = g.kills[seat]
                per_seat[3, i, seat] = g.deaths[seat]
                per_seat[4, i, seat] = g.killed[seat]
    interrupt_raise(c.stop)
    # every counter is at most max_turns: send the narrowest type the rules allow
    counter = np.int16 if rules.max_turns <= np.iinfo(np.int16).max else np.int32
    result = {"winner": winner_a, "turns": turns_a.astype(counter, copy=False),
              "decision_turns": decisions_a.astype(counter, copy=False)}
    for j, name in enumerate(SEAT_COLUMNS):
        result["seat_" + name] = seat_a[j].astype(np.int8 if name == "home" else counter, copy=False)
    return result


def trace_game(rules, policies, uint64_t key):
    """Play one game and return its steps: an (turns, 5) int32 array of
    (seat, kind, source, target, outcome), and its final counters as a dict."""
    cdef Setup setup = Setup(rules, policies)
    cdef State g
    trace_a = np.zeros((rules.max_turns, 5), dtype=np.int32)
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


def play_solitaire(rules, const uint64_t[::1] keys):
    """One player alone with the ``solitaire`` policy: the turns each game took to bring
    ``men_to_win`` men home (for checking the exact solitaire values)."""
    cdef Setup setup = Setup(rules, ["solitaire"], players=1)
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
