# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Two-player Man Home solved by value iteration in C.

The same algorithm, numbering, start values, tie rules and order of arithmetic as the
readable reference ``solver.manhome.duel.solve_duel_reference`` (whose docstring has
the maths): Gauss–Seidel sweeps over the valid pairs (a, b) in index order a * size + b,
then one pass reading the decisions off the final values. Additions happen in the same
order as in the reference, so on one machine the two give the same bits.

Speed comes from tables built once per side x (index, men home, reserve, men as a
bitboard; x with a man added on / removed from each square, x with a man more home;
x's moves of each action kind) and from the memory layout: inside the kernel the value
of (mover x, opponent y) is kept at ``y * size + x`` (transposed). A sweep runs over b
for one a at a time, and most values an update reads are ``V(b, x)`` for sides x made
from a — in this layout they lie next to those of the previous b, so the sweep streams
through memory instead of jumping. The result is returned in the public layout
``a * size + b``.

The board's numbers (its size, the move kinds, the prime factors of every square, the
largest duel) come from cext/manhome/constants.pxd, written from the solver's code at build
time; the rules, the tie tolerance and the start value in a plain configuration
(``solver.manhome.kernel.solve_duel``).
"""
import time

import numpy as np

from libc.math cimport INFINITY, NAN, fabs
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.manhome.constants cimport (DEATH, FIRST_SQUARE, HOME, K_NEW_MAN, K_SUB_ONE,
                                     K_SUB_PRIME, MAX_PAIRS, MAXM, MAXMOVES, NACTIONS, NKINDS,
                                     NO_STATE, PRIME_COUNT, PRIMES, ROW, SQUARES)
from cext.manhome.sides cimport SideSpaceC, side_index, side_most_men, side_space_init, side_unrank


cdef struct Duel:
    int64_t size           # sides of one player
    int squares            # Q: new men land on 0 .. Q - 1
    int extra              # extra_turn
    double q               # the attacker's face-off chance
    double miss            # 1 - q
    double tie             # a decision: a new man only when better by more than this, the
                           #   first move within this of the best
    double* V              # V(mover x, opponent y) at y * size + x
    const int32_t* add     # add[x * Q + t]: x with a man on t (t >= 2, free of x's men,
                           #   x has a reserve), else -1
    const int32_t* rem     # rem[x * Q + t]: x without its man on t, else -1
    const int32_t* up      # up[x]: x with a man more home; -1: that man wins
    const uint64_t* occ    # occ[2x], occ[2x + 1]: x's men as bits of squares 0..63, 64..127
    const uint8_t* reserve # reserve[x]
    const uint8_t* nmen    # men on the board
    const int32_t* mstart  # x's moves of kind k: mstart[3x + k] .. mstart[3x + k + 1] - 1
    const int32_t* mrest   # a move's side after the man left his square
    const uint8_t* mtarget # a move's target square


cdef inline double value_at(const Duel* d, int64_t mover, int64_t opponent) noexcept nogil:
    return d.V[opponent * d.size + mover]


cdef inline double passes(const Duel* d, int64_t mover, int64_t opponent) noexcept nogil:
    """The value to the mover when the turn passes."""
    return 1.0 - value_at(d, opponent, mover)


cdef inline double goes_on(const Duel* d, int64_t mover, int64_t opponent) noexcept nogil:
    """The value to the mover after a turn that earns an extra turn (if the rules give one)."""
    if d.extra:
        return value_at(d, mover, opponent)
    return 1.0 - value_at(d, opponent, mover)


cdef inline bint holds(const Duel* d, int64_t side, int t) noexcept nogil:
    return (d.occ[2 * side + (t >> 6)] >> (t & 63)) & 1


cdef inline bint apart(const Duel* d, int64_t a, int64_t b) noexcept nogil:
    """Whether no square holds men of both sides (the pair can occur)."""
    return (d.occ[2 * a] & d.occ[2 * b]) == 0 and (d.occ[2 * a + 1] & d.occ[2 * b + 1]) == 0


cdef inline double arrive(const Duel* d, int64_t rest, int64_t b, int t) noexcept nogil:
    """The value of a man of the mover, whose side without him is ``rest``, arriving at t."""
    cdef int64_t u
    if t == DEATH or (t >= FIRST_SQUARE and holds(d, rest, t)):
        return passes(d, rest, b)
    if t == HOME:
        u = d.up[rest]
        if u == -1:
            return 1.0
        return goes_on(d, u, b)
    if holds(d, b, t):
        return d.q * goes_on(d, d.add[rest * d.squares + t], d.rem[b * d.squares + t]) \
            + d.miss * passes(d, rest, b)
    return passes(d, d.add[rest * d.squares + t], b)


cdef double bellman(const Duel* d, int64_t a, int64_t b, uint8_t* decision) noexcept nogil:
    """The right-hand side of the Bellman equation at (a, b); with ``decision`` not NULL,
    also the decisions that attain it."""
    cdef double new = -INFINITY, action = -INFINITY, total, best, stay, kill
    cdef double results[MAXMOVES]
    cdef int Q = d.squares, t, kind, n, i
    cdef int64_t ai, m, lo, hi
    cdef const int32_t* add_a = d.add + a * Q
    cdef bint can_new = d.reserve[a] > 0, can_act = d.nmen[a] > 0, take_new
    if can_new:
        # arrive(a, b, t) for t = 0 .. Q - 1 in order, the cases unrolled
        stay = passes(d, a, b)                  # Death, or onto an own man
        total = stay
        total += arrive(d, a, b, HOME)
        for t in range(FIRST_SQUARE, Q):
            ai = add_a[t]
            if ai < 0:
                total += stay
            elif holds(d, b, t):
                kill = goes_on(d, ai, d.rem[b * Q + t])
                total += d.q * kill + d.miss * stay
            else:
                total += passes(d, ai, b)    # the man stands on t
        new = total / Q
    if can_act:
        total = 0.0
        for kind in range(NACTIONS):           # K_SUB_ONE + kind
            lo = d.mstart[NACTIONS * a + kind]
            hi = d.mstart[NACTIONS * a + kind + 1]
            best = -INFINITY
            n = 0
            for m in range(lo, hi):
                results[n] = arrive(d, d.mrest[m], b, d.mtarget[m])
                if results[n] > best:
                    best = results[n]
                n += 1
            if decision != NULL:
                for i in range(n):
                    if results[i] >= best - d.tie:
                        decision[K_SUB_ONE + kind] = i
                        break
            total += best
        action = total / 3.0
    if decision != NULL:
        take_new = can_new and (not can_act or new > action + d.tie)
        decision[K_NEW_MAN] = take_new
        if not can_act:
            for kind in range(K_SUB_ONE, NKINDS):
                decision[kind] = 0
    if can_new and (not can_act or new > action):
        return new
    return action


def solve(config, double tol=1e-12, int max_sweeps=100000, progress=None):
    """Solve the duel of ``config`` (a dict: ``players``, ``board_rows``, ``men_per_player``,
    ``men_to_win``, ``extra_turn``, the attacker's face-off chance ``q_num / q_den``, the
    tolerance ``tie`` of a better decision and the ``start_value`` of every pair): a dict
    with ``values`` (float64, size * size, index
    a * size + b), ``decisions`` (uint8, size * size x 4), ``first_player_win``,
    ``sweeps``, ``seconds``, ``states`` (valid pairs), ``updates``, ``converged`` and
    ``size``. ``progress(pairs)`` is called every few milliseconds with the pair updates
    done so far."""
    cdef SideSpaceC sp
    cdef int64_t size, x, a, b, pos, states = 0, updates = 0, nmoves
    cdef int Q, h = 0, k, i, j, t, s, kind, p, sweeps = 0
    cdef int men[MAXM + 1]
    cdef int other[MAXM + 1]
    cdef uint64_t lo, hi
    cdef double change, value, diff
    cdef bint converged = False
    cdef Duel d
    cdef Interrupt stop
    interrupt_init(&stop, progress)
    if config["players"] != 2:
        raise ValueError(f"a duel needs players = 2, not {config['players']}")
    if not tol >= 0.0 or tol == INFINITY:
        raise ValueError(f"tol must be a finite number >= 0, not {tol!r}")
    if max_sweeps < 1:
        raise ValueError(f"max_sweeps must be at least 1, not {max_sweeps!r}")
    Q = ROW * config["board_rows"]
    if Q > SQUARES:
        raise ValueError(f"board of {Q} squares; at most {SQUARES}")
    started = time.perf_counter()
    side_space_init(&sp, config["board_rows"], config["men_per_player"], config["men_to_win"],
                    config["men_per_player"])
    size = sp.size
    if size > 10_000 or size * size > MAX_PAIRS:
        raise ValueError(f"{size} sides give {int(size) ** 2:,} pairs, more than the "
                         f"{MAX_PAIRS:,} allowed; use fewer board_rows, men_per_player or "
                         f"men_to_win")
    num, den = config["q_num"], config["q_den"]
    cdef double start_value = config["start_value"]

    # ---- tables per side
    add_a = np.full(size * Q, -1, dtype=np.int32)
    rem_a = np.full(size * Q, -1, dtype=np.int32)
    up_a = np.full(size, -2, dtype=np.int32)       # -2: never used (no reserve)
    occ_a = np.zeros(2 * size, dtype=np.uint64)
    reserve_a = np.zeros(size, dtype=np.uint8)
    nmen_a = np.zeros(size, dtype=np.uint8)
    mstart_a = np.zeros(NACTIONS * size + 1, dtype=np.int32)
    cdef int32_t[::1] add_v = add_a, rem_v = rem_a, up_v = up_a, mstart_v = mstart_a
    cdef uint64_t[::1] occ_v = occ_a
    cdef uint8_t[::1] reserve_v = reserve_a, nmen_v = nmen_a
    nmoves = 0
    for x in range(size):          # count the moves first
        k = side_unrank(&sp, x, &h, men)
        for i in range(k):
            nmoves += 1 + 2 * PRIME_COUNT[men[i]]
    mrest_a = np.zeros(max(nmoves, 1), dtype=np.int32)
    mtarget_a = np.zeros(max(nmoves, 1), dtype=np.uint8)
    cdef int32_t[::1] mrest_v = mrest_a
    cdef uint8_t[::1] mtarget_v = mtarget_a
    nmoves = 0
    for x in range(size):
        k = side_unrank(&sp, x, &h, men)
        nmen_v[x] = k
        reserve_v[x] = sp.men_per_player - h - k
        lo = hi = 0
        for i in range(k):
            if men[i] < 64:
                lo |= (<uint64_t>1) << men[i]
            else:
                hi |= (<uint64_t>1) << (men[i] - 64)
        occ_v[2 * x] = lo
        occ_v[2 * x + 1] = hi
        if reserve_v[x] > 0:
            up_v[x] = -1 if h + 1 == sp.men_to_win else side_index(&sp, h + 1, men, k)
            for t in range(FIRST_SQUARE, Q):   # a man added on t
                j = 0
                for i in range(k):
                    if men[i] == t:
                        j = -1
                        break
                    if men[i] < t:
                        j = i + 1
                if j < 0:
                    continue
                for i in range(j):
                    other[i] = men[i]
                other[j] = t
                for i in range(j, k):
                    other[i + 1] = men[i]
                add_v[x * Q + t] = side_index(&sp, h, other, k + 1)
        for i in range(k):                     # the man on men[i] removed
            for j in range(i):
                other[j] = men[j]
            for j in range(i + 1, k):
                other[j - 1] = men[j]
            rem_v[x * Q + men[i]] = side_index(&sp, h, other, k - 1)
        for kind in range(K_SUB_ONE, NKINDS):  # moves in canonical order
            mstart_v[NACTIONS * x + kind - K_SUB_ONE] = nmoves
            for i in range(k):
                s = men[i]
                for j in range(1 if kind == K_SUB_ONE else PRIME_COUNT[s]):
                    p = PRIMES[s][j]
                    mrest_v[nmoves] = rem_v[x * Q + s]
                    mtarget_v[nmoves] = (s - 1 if kind == K_SUB_ONE
                                         else (s - p if kind == K_SUB_PRIME else s // p))
                    nmoves += 1
        mstart_v[NACTIONS * x + NACTIONS] = nmoves

    # ---- values (transposed inside the kernel) and decisions
    inner_a = np.full(size * size, np.nan, dtype=np.float64)
    decisions_a = np.full((size * size, NKINDS), NO_STATE, dtype=np.uint8)
    cdef double[::1] inner = inner_a
    cdef uint8_t[:, ::1] decisions = decisions_a
    d.size = size
    d.squares = Q
    d.extra = 1 if config["extra_turn"] else 0
    d.q = <double>num / <double>den
    d.miss = 1.0 - d.q
    d.tie = config["tie"]
    d.V = &inner[0]
    d.add = &add_v[0]
    d.rem = &rem_v[0]
    d.up = &up_v[0]
    d.occ = &occ_v[0]
    d.reserve = &reserve_v[0]
    d.nmen = &nmen_v[0]
    d.mstart = &mstart_v[0]
    d.mrest = &mrest_v[0]
    d.mtarget = &mtarget_v[0]

    with nogil:
        for a in range(size):
            for b in range(size):
                if apart(&d, a, b):
                    d.V[b * size + a] = start_value
                    states += 1
        while sweeps < max_sweeps:
            sweeps += 1
            change = 0.0
            for a in range(size):
                if interrupted(&stop, size):    # a pair a unit
                    break
                for b in range(size):
                    if not apart(&d, a, b):
                        continue
                    value = bellman(&d, a, b, NULL)
                    pos = b * size + a
                    diff = fabs(value - d.V[pos])
                    if diff > change:
                        change = diff
                    d.V[pos] = value
                    updates += 1
            if stop.raised:
                break
            if change < tol:
                converged = True
                break
        for a in range(size if not stop.raised else 0):
            for b in range(size):
                if apart(&d, a, b):
                    bellman(&d, a, b, &decisions[a * size + b, 0])
    interrupt_raise(&stop)
    values_a = np.ascontiguousarray(inner_a.reshape(size, size).T).reshape(size * size)
    del inner_a
    return {"values": values_a, "decisions": decisions_a,
            "first_player_win": float(values_a[0]),   # side 0: nothing home, none on the board
            "sweeps": sweeps, "seconds": time.perf_counter() - started, "states": states,
            "updates": updates, "converged": bool(converged), "size": size}


solve_duel = solve
