# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Solitaire Man Home solved by value iteration in C.

The same algorithm, numbering and tie rules as the readable reference
``solver.manhome.solitaire.solve_solitaire_reference`` (whose docstring has the maths):
Gauss–Seidel sweeps one ``home`` level at a time, sides in index order, the loop of a
new man that changes nothing solved in closed form. The board's numbers come from
cext/manhome/constants.pxd (written from the solver's code at build time), the rules and
the tie tolerance in a plain configuration (``solver.manhome.kernel.solve_solitaire``).
"""
import time

import numpy as np

from libc.math cimport fabs, INFINITY
from libc.stdint cimport int64_t, uint8_t, uint16_t

from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.manhome.constants cimport (FIRST_SQUARE, HOME, K_DIV_PRIME, K_NEW_MAN, K_SUB_ONE,
                                     K_SUB_PRIME, MAXM, PRIME_COUNT, PRIMES, ROW)
from cext.manhome.sides cimport SideSpaceC, side_most_men, side_new_man_terms, side_space_init


cdef inline int64_t rank_of(const SideSpaceC* sp, int home, const int* men, int k) noexcept nogil:
    cdef int64_t r = sp.offsets[home][k]
    cdef int i
    for i in range(k):
        r += sp.binom[men[i] - FIRST_SQUARE][i + 1]
    return r


cdef inline double after(const SideSpaceC* sp, const double* turns, int home, const int* men,
                         int k, int skip, int target) noexcept nogil:
    """T of the side (home, men without position ``skip``) after a man arrives at target."""
    cdef int rest[MAXM + 1]
    cdef int n = 0, i, placed = 0
    if target == HOME:
        if home + 1 >= sp.men_to_win:
            return 0.0
        home += 1
        target = 0
    for i in range(k):
        if i == skip:
            continue
        if men[i] == target:
            target = 0          # own man: one of the two returns to the reserve
        rest[n] = men[i]
        n += 1
    if target >= FIRST_SQUARE:  # stands on an empty square: insert in order
        i = n
        while i > 0 and rest[i - 1] > target:
            rest[i] = rest[i - 1]
            i -= 1
        rest[i] = target
        n += 1
    return turns[rank_of(sp, home, rest, n)]


cdef double update(const SideSpaceC* sp, double* turns, uint8_t* decision, int home,
                   const int* men, int k, int squares, double tie) noexcept nogil:
    """New T of one side (and its decisions)."""
    cdef double new = INFINITY, action = INFINITY, total, best, value
    cdef int q, same, kind, j, m, s, p, t, pick, count
    cdef int reserve = sp.men_per_player - home - k
    cdef int64_t below[MAXM + 1]  # below[j]: rank terms of the j lowest men, as they are
    cdef int64_t above[MAXM + 2]  # above[j]: rank terms of the others, one place higher
    cdef int64_t base
    if reserve > 0 and k < sp.cap:
        # S + {q} for every empty q in one pass: with j men below q its rank is
        # base + below[j] + C(q - 2, j + 1) + above[j]
        base = side_new_man_terms(sp, home, men, k, below, above)
        same = 1 + k            # Death, and every own man
        total = after(sp, turns, home, men, k, -1, 1)
        j = 0
        for q in range(FIRST_SQUARE, squares):
            if j < k and men[j] == q:
                j += 1
                continue
            total += turns[base + below[j] + sp.binom[q - FIRST_SQUARE][j + 1] + above[j]]
        new = (1.0 + total / squares) / (1.0 - <double>same / squares)
    decision[K_SUB_ONE] = decision[K_SUB_PRIME] = decision[K_DIV_PRIME] = 0
    if k > 0:
        action = 1.0
        for kind in range(K_SUB_ONE, K_DIV_PRIME + 1):
            best = INFINITY
            pick = 0
            count = 0
            for m in range(k):
                s = men[m]
                for j in range(1 if kind == K_SUB_ONE else PRIME_COUNT[s]):
                    p = PRIMES[s][j]
                    t = s - 1 if kind == K_SUB_ONE else (s - p if kind == K_SUB_PRIME else s // p)
                    value = after(sp, turns, home, men, k, m, t)
                    if value < best - tie:
                        best = value
                        pick = count
                    count += 1
            decision[kind] = pick
            action += best / 3.0
    if new < action - tie:
        decision[K_NEW_MAN] = 1
        return new
    decision[K_NEW_MAN] = 0
    return action


def solve(config, double tol=1e-12, int max_sweeps=100000, progress=None):
    """(turns, decisions, sweeps, seconds, updates) for a solitaire of ``config`` (a dict:
    ``board_rows``, ``men_per_player``, ``men_to_win``, ``cap``, the most men on the board,
    and ``tie``, the tolerance of a better decision); ``progress(updates)`` is called every
    few milliseconds with the updates done so far."""
    cdef SideSpaceC sp
    cdef double tie = config["tie"]
    side_space_init(&sp, config["board_rows"], config["men_per_player"], config["men_to_win"],
                    config["cap"])
    turns_a = np.zeros(sp.size, dtype=np.float64)
    decisions_a = np.zeros((sp.size, 4), dtype=np.uint8)
    cdef double[::1] turns = turns_a
    cdef uint8_t[:, ::1] decisions = decisions_a
    cdef int squares = ROW * sp.board_rows
    cdef int home, k, i, j, sweep, sweeps = 0
    cdef int men[MAXM + 1]
    cdef int64_t index, updates = 0
    cdef double change, value
    cdef int top = squares - 1
    cdef Interrupt stop
    interrupt_init(&stop, progress)
    start = time.perf_counter()
    with nogil:
        for home in range(sp.men_to_win - 1, -1, -1):
            for sweep in range(max_sweeps):
                sweeps += 1
                change = 0.0
                index = sp.offsets[home][0]
                for k in range(side_most_men(&sp, home) + 1):
                    for i in range(k):
                        men[i] = FIRST_SQUARE + i
                    while not interrupted(&stop, 1):   # an update a unit
                        value = update(&sp, &turns[0], &decisions[index, 0], home, men, k, squares,
                                       tie)
                        if fabs(value - turns[index]) > change:
                            change = fabs(value - turns[index])
                        turns[index] = value
                        index += 1
                        updates += 1
                        # the next k-subset in colex order
                        i = 0
                        while i < k and men[i] + 1 == (men[i + 1] if i + 1 < k else top + 1):
                            i += 1
                        if i == k:
                            break
                        men[i] += 1
                        for j in range(i):
                            men[j] = FIRST_SQUARE + j
                if change < tol or stop.raised:
                    break
            if stop.raised:
                break
    interrupt_raise(&stop)
    return turns_a, decisions_a, sweeps, time.perf_counter() - start, updates


# -- the race: the distribution of the goes a side needs under the solitaire's policy ------
cdef inline double reach(const SideSpaceC* sp, const double* prev, int home, const int* men,
                         int k, int skip, int target) noexcept nogil:
    """P(done within the turns left) of the side after a man arrives at ``target`` (as
    ``after``, 1 once the side has won)."""
    cdef int rest[MAXM + 1]
    cdef int n = 0, i
    if target == HOME:
        if home + 1 >= sp.men_to_win:
            return 1.0
        home += 1
        target = 0
    for i in range(k):
        if i == skip:
            continue
        if men[i] == target:
            target = 0
        rest[n] = men[i]
        n += 1
    if target >= FIRST_SQUARE:
        i = n
        while i > 0 and rest[i - 1] > target:
            rest[i] = rest[i - 1]
            i -= 1
        rest[i] = target
        n += 1
    return prev[rank_of(sp, home, rest, n)]


cdef double race_new_man(const SideSpaceC* sp, const double* prev, int64_t index, int home,
                         const int* men, int k, int squares) noexcept nogil:
    """A new man's value on ``prev``: the mean over the squares it may arrive at."""
    cdef int q, j
    cdef int64_t below[MAXM + 1]
    cdef int64_t above[MAXM + 2]
    cdef int64_t base
    cdef double total
    base = side_new_man_terms(sp, home, men, k, below, above)
    total = (1 + k) * prev[index]                       # Death, and every own man
    total += reach(sp, prev, home, men, k, -1, HOME)
    j = 0
    for q in range(FIRST_SQUARE, squares):
        if j < k and men[j] == q:
            j += 1
            continue
        total += prev[base + below[j] + sp.binom[q - FIRST_SQUARE][j + 1] + above[j]]
    return total / squares


cdef double race_step(const SideSpaceC* sp, const double* prev, const uint8_t* decision,
                      int64_t index, int home, const int* men, int k, int squares) noexcept nogil:
    """P(T <= t) of one side from P(T <= t - 1) of every side (``prev``), the side playing
    the solitaire's decisions; with no ``decision`` (NULL) the envelope's: the best option
    (new man or action) and each kind's best move for this t."""
    cdef int j, kind, m, s, count, q
    cdef bint may_new = sp.men_per_player - home - k > 0 and k < sp.cap
    cdef double total = 0.0, best, value, new_man = -1.0
    if may_new and (k == 0 or (decision != NULL and decision[K_NEW_MAN] == 1)):
        return race_new_man(sp, prev, index, home, men, k, squares)
    if may_new and decision == NULL:
        new_man = race_new_man(sp, prev, index, home, men, k, squares)
    for kind in range(K_SUB_ONE, K_DIV_PRIME + 1):
        count = 0
        best = -1.0
        for m in range(k):
            s = men[m]
            for j in range(1 if kind == K_SUB_ONE else PRIME_COUNT[s]):
                if decision != NULL and count != decision[kind]:
                    count += 1
                    continue
                q = (s - 1 if kind == K_SUB_ONE else
                     (s - PRIMES[s][j] if kind == K_SUB_PRIME else s // PRIMES[s][j]))
                value = reach(sp, prev, home, men, k, m, q)
                if value > best:
                    best = value
                count += 1
        total += best
    total /= 3.0
    return total if total > new_man else new_man


def race_cdf(config, const uint8_t[:, ::1] decisions, int columns, double scale,
             progress=None):
    """The distribution of the goes every side still needs to win alone, playing the
    solitaire's ``decisions`` (its solve: ``config`` as for ``solve``): a uint16 array
    (sides, ``columns``) whose column ``n - 1`` is P(N <= n) times ``scale``, rounded, N
    the goes counting the one about to start (a turn that brings a man home, not the last,
    earns another in the same go: N = turns - (men_to_win - home - 1)). Computed in double,
    one turn at a time: P(turns <= t) from P(turns <= t - 1) of every side
    (solver.manhome.race.race_cdf_reference). With ``decisions`` None, the envelope: for
    every n on its own the best chance of N <= n, every choice the best for that n."""
    cdef SideSpaceC sp
    side_space_init(&sp, config["board_rows"], config["men_per_player"], config["men_to_win"],
                    config["cap"])
    cdef bint envelope = decisions is None
    if columns < 1 or not envelope and (decisions.shape[0] != sp.size
                                        or decisions.shape[1] != 4):
        raise ValueError("decisions do not fit the side space")
    out_a = np.zeros((sp.size, columns), dtype=np.uint16)
    prev_a = np.zeros(sp.size, dtype=np.float64)
    next_a = np.zeros(sp.size, dtype=np.float64)
    cdef uint16_t[:, ::1] out = out_a
    cdef double[::1] prev = prev_a
    cdef double[::1] cur = next_a
    cdef double[::1] swap
    cdef int squares = ROW * sp.board_rows, top = squares - 1
    cdef int t, home, k, i, j, n
    cdef int men[MAXM + 1]
    cdef int64_t index
    cdef Interrupt stop
    interrupt_init(&stop, progress)
    with nogil:
        for t in range(1, columns + sp.men_to_win):
            index = 0
            for home in range(sp.men_to_win):
                n = t - (sp.men_to_win - home - 1)       # the goes of t turns
                for k in range(side_most_men(&sp, home) + 1):
                    for i in range(k):
                        men[i] = FIRST_SQUARE + i
                    while not interrupted(&stop, 1):
                        cur[index] = race_step(&sp, &prev[0],
                                               NULL if envelope else &decisions[index, 0],
                                               index, home, men, k, squares)
                        if 1 <= n <= columns:
                            out[index, n - 1] = <uint16_t>(cur[index] * scale + 0.5)
                        index += 1
                        i = 0
                        while i < k and men[i] + 1 == (men[i + 1] if i + 1 < k else top + 1):
                            i += 1
                        if i == k:
                            break
                        men[i] += 1
                        for j in range(i):
                            men[j] = FIRST_SQUARE + j
            swap = prev
            prev = cur
            cur = swap
            if stop.raised:
                break
    interrupt_raise(&stop)
    return out_a
