# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sumoku's layout search in C: the search of solver/sumoku/layout.py, cell for cell and
node for node (the same order of widths, cells, kinds and values, the same pruning), fast.

:func:`search_kinds` returns ``(status, cells, nodes)``: status 0 found, 1 impossible,
2 gave up; ``cells`` the found pattern as ``(row, column, kind, value)`` tuples.
"""
from libc.stdlib cimport malloc, free

from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted

# what the kernel shares with solver/sumoku/, made from it at build time
from cext.sumoku.constants cimport MAX_LINE, NINE, NKINDS, NUMBERS, SIX

cdef enum:
    EMPTY = -1

FOUND, IMPOSSIBLE, GAVE_UP = 0, 1, 2


cdef struct Strip:
    int* kind
    int* value
    int* stack
    int* seen
    int* in_column
    int counts[NKINDS]
    int n, w, rows, ncells, key
    bint solo, six_is_nine
    long long budget, nodes
    bint gave_up
    Interrupt stop           # Ctrl-C and SIGTERM (cext/common/interrupt.pxd): a node a unit


cdef inline int at(Strip* s, int r, int c) noexcept nogil:
    if r < 0 or c < 0 or c >= s.w:
        return EMPTY
    return s.kind[r * s.w + c]


cdef inline bint joins(Strip* s, int r, int c, int k) noexcept nogil:
    cdef int colour = (k // NUMBERS), num = (k % NUMBERS + 1), length, rr, cc, q
    # the run on the left
    length = 0
    cc = c - 1
    while True:
        q = at(s, r, cc)
        if q == EMPTY:
            break
        length += 1
        if (q // NUMBERS) == colour or (s.solo and (q % NUMBERS + 1) == num):
            return False
        cc -= 1
    if length + 1 > MAX_LINE:
        return False
    length = 0
    rr = r - 1
    while True:
        q = at(s, rr, c)
        if q == EMPTY:
            break
        length += 1
        if (q // NUMBERS) == colour or (s.solo and (q % NUMBERS + 1) == num):
            return False
        rr -= 1
    return length + 1 <= MAX_LINE


cdef inline bint row_run_ok(Strip* s, int r, int c) noexcept nogil:
    """The row run ending at (r, c), final: fewer than 2 tiles, or a multiple of the key."""
    cdef int length = 0, total = 0
    while at(s, r, c) != EMPTY:
        length += 1
        total += s.value[r * s.w + c]
        c -= 1
    return length < 2 or total % s.key == 0


cdef inline bint closes(Strip* s, int r, int c) noexcept nogil:
    cdef int length = 0, total = 0, rr = r - 1
    if not row_run_ok(s, r, c - 1):
        return False
    while at(s, rr, c) != EMPTY:
        length += 1
        total += s.value[rr * s.w + c]
        rr -= 1
    if length >= 2 and total % s.key:
        return False
    if length == 1 and at(s, r - 1, c - 1) == EMPTY and at(s, r - 1, c + 1) == EMPTY:
        return False
    return True


cdef int count_groups(Strip* s, int last, bint* all_touch) noexcept nogil:
    """The connected groups of tiles in rows 0..last; all_touch: each touches row last."""
    cdef int limit = (last + 1) * s.w, p, q, top, groups = 0, r, c
    cdef bint touches
    if limit > s.ncells:
        limit = s.ncells
    for p in range(limit):
        s.seen[p] = 0
    all_touch[0] = True
    for p in range(limit):
        if s.kind[p] == EMPTY or s.seen[p]:
            continue
        groups += 1
        touches = False
        s.seen[p] = 1
        top = 0
        s.stack[top] = p
        top += 1
        while top:
            top -= 1
            q = s.stack[top]
            r = q // s.w
            c = q % s.w
            if r == last:
                touches = True
            if r > 0 and s.kind[q - s.w] != EMPTY and not s.seen[q - s.w]:
                s.seen[q - s.w] = 1
                s.stack[top] = q - s.w
                top += 1
            if q + s.w < limit and s.kind[q + s.w] != EMPTY and not s.seen[q + s.w]:
                s.seen[q + s.w] = 1
                s.stack[top] = q + s.w
                top += 1
            if c > 0 and s.kind[q - 1] != EMPTY and not s.seen[q - 1]:
                s.seen[q - 1] = 1
                s.stack[top] = q - 1
                top += 1
            if c < s.w - 1 and s.kind[q + 1] != EMPTY and not s.seen[q + 1]:
                s.seen[q + 1] = 1
                s.stack[top] = q + 1
                top += 1
        if not touches:
            all_touch[0] = False
    return groups


cdef bint row_done(Strip* s, int r, int left) noexcept nogil:
    cdef int c, groups
    cdef bint empty = True, all_touch
    if not row_run_ok(s, r, s.w - 1):
        return False
    for c in range(s.w):
        if at(s, r, c) != EMPTY:
            empty = False
            break
    if empty:
        return r > 0 and left == 0
    groups = count_groups(s, r, &all_touch)
    return groups == 1 or all_touch


cdef inline bint tick(Strip* s) noexcept nogil:
    s.nodes += 1
    if s.nodes > s.budget or interrupted(&s.stop, 1):
        s.gave_up = True
        return False
    return True


cdef bint finish(Strip* s, int pos) noexcept nogil:
    cdef int end = (pos // s.w + 2) * s.w, p, r, c, height = 0
    cdef bint first = False, last = False, all_touch
    if end > s.ncells:
        end = s.ncells
    for p in range(pos, end):
        r = p // s.w
        c = p % s.w
        if not closes(s, r, c) or (c == s.w - 1 and not row_done(s, r, 0)):
            return False
    for p in range(s.ncells):
        if s.kind[p] != EMPTY:
            if p % s.w == 0:
                first = True
            if p % s.w == s.w - 1:
                last = True
            height = p // s.w + 1
    return (first and last and height >= s.w
            and count_groups(s, s.rows - 1, &all_touch) == 1)


cdef bint after(Strip* s, int pos, int left) noexcept nogil:
    if pos % s.w == s.w - 1 and not row_done(s, pos // s.w, left):
        return False
    return decide(s, pos + 1, left)


cdef bint decide(Strip* s, int pos, int left) noexcept nogil:
    cdef int r = pos // s.w, c = pos % s.w, k, v, bare
    if left == 0:
        return finish(s, pos)
    if r >= s.rows - 1 or r + 1 + left < s.w:
        return False
    bare = 0
    for k in range(s.w):
        if s.in_column[k] == 0:
            bare += 1
    if bare > left:
        return False
    for k in range(NKINDS):
        if not s.counts[k] or not joins(s, r, c, k):
            continue
        s.counts[k] -= 1
        s.in_column[c] += 1
        s.kind[pos] = k
        for v in range(2):
            if v == 1 and not (s.six_is_nine and (k % NUMBERS + 1) == SIX):
                break
            if not tick(s):
                return False
            s.value[pos] = NINE if v == 1 else (k % NUMBERS + 1)
            if after(s, pos, left - 1):
                return True
            if s.gave_up:
                return False
        s.kind[pos] = EMPTY
        s.value[pos] = 0
        s.in_column[c] -= 1
        s.counts[k] += 1
    if not tick(s):
        return False
    return closes(s, r, c) and after(s, pos, left)


def search_kinds(kinds, int key, bint solo=False, bint six_is_nine=True,
                 long long budget=2_000_000, widths=None, progress=None):
    """``(status, cells, nodes)`` for the hand ``kinds`` (module docstring), trying the
    strip widths in the order given (default 1, 2, ...); ``progress(nodes)`` is called
    every few milliseconds with the nodes searched so far."""
    cdef Strip s
    cdef int n = len(kinds), width, p, i
    cdef bint found
    cdef long long nodes = 0
    if key < 1:
        raise ValueError(f"the key must be positive, got {key}")
    for i in range(NKINDS):
        s.counts[i] = 0
    for k in kinds:
        if not 0 <= k < NKINDS:
            raise ValueError(f"no tile kind {k}")
        s.counts[k] += 1
    if n < 2:
        return IMPOSSIBLE, [], 0
    if widths is None:
        widths = range(1, (n + 1) // 2 + 1)
    interrupt_init(&s.stop, progress)
    for width in widths:
        s.n = n
        s.w = width
        s.rows = n - width + 2
        s.ncells = s.rows * width
        s.key = key
        s.solo = solo
        s.six_is_nine = six_is_nine
        s.budget = budget
        s.nodes = nodes
        s.gave_up = False
        s.kind = <int*>malloc(s.ncells * sizeof(int))
        s.value = <int*>malloc(s.ncells * sizeof(int))
        s.stack = <int*>malloc(s.ncells * sizeof(int))
        s.seen = <int*>malloc(s.ncells * sizeof(int))
        s.in_column = <int*>malloc(width * sizeof(int))
        if not (s.kind and s.value and s.stack and s.seen and s.in_column):
            free(s.kind); free(s.value); free(s.stack); free(s.seen); free(s.in_column)
            raise MemoryError
        try:
            for p in range(s.ncells):
                s.kind[p] = EMPTY
                s.value[p] = 0
            for p in range(width):
                s.in_column[p] = 0
            with nogil:
                found = decide(&s, 0, n)
            interrupt_raise(&s.stop)
            if s.gave_up:
                return GAVE_UP, [], budget
            nodes = s.nodes
            if found:
                return FOUND, [(p // width, p % width, s.kind[p], s.value[p])
                               for p in range(s.ncells) if s.kind[p] != EMPTY], nodes
        finally:
            free(s.kind); free(s.value); free(s.stack); free(s.seen); free(s.in_column)
    return IMPOSSIBLE, [], nodes
