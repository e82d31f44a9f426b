# Sets of a position: travellers, empty squares, danger, the shooable and the shooed-off,
# escapes, the winner, a queen's line, and whether two positions are the same.
# Python twin: solver/shoo/position.py (Position.shooable, winner, key), with moves.py's
# detect, can_escape and line_squares.
cdef inline int home_index(field_t x, int base) noexcept nogil:
    """The squares of ``x`` in the 3 x 3 home area starting at ``base`` as a 9-bit number,
    bit j for the area's j-th square in ascending order (solver.shoo.kernel.home_distances)."""
    return <int>(((x >> base) & 7) | (((x >> (base + 9)) & 7) << 3)
                 | (((x >> (base + 18)) & 7) << 6))


cdef inline int home_bit(int s, int base) noexcept nogil:
    """The bit of square ``s`` of the home area starting at ``base`` in home_index."""
    cdef int d = s - base
    return d - 6 * (d // 9)


cdef inline field_t travellers(const Pos *p, int seat) noexcept nogil:
    return p.foot[seat] | p.rider[seat]


cdef inline field_t empty_squares(const Pos *p) noexcept nogil:
    return FIELD_ALL & ~(p.foot[0] | p.foot[1] | p.rider[0] | p.rider[1] | p.horse)


cdef inline field_t danger(const Pos *p, const Config *c, int seat) noexcept nogil:
    """The squares where a traveller of ``seat`` on foot would be shooable."""
    return field_touch2(travellers(p, 1 - seat)) & ~c.home[seat]


cdef inline field_t shooable(const Pos *p, const Config *c, int by) noexcept nogil:
    """The travellers ``by`` may shoo (Position.shooable)."""
    return p.foot[1 - by] & danger(p, c, 1 - by)


cdef inline field_t free_horses(const Pos *p) noexcept nogil:
    return p.horse & ~(field_bit(p.held) if p.held >= 0 else <field_t>0)


cdef inline field_t shooed_off(const Pos *p, const Config *c) noexcept nogil:
    """Of the side to move's shooable travellers, those with no escape (moves.detect)."""
    cdef int side = p.side
    cdef field_t d = danger(p, c, side)
    cdef field_t escapes = field_spread(empty_squares(p) & ~d)
    if c.rules.escape_by_horse:
        escapes |= field_spread(free_horses(p))
    return p.foot[side] & d & ~escapes


cdef inline bint can_escape(const Pos *p, const Config *c, int s) noexcept nogil:
    cdef field_t near = NEIGH[s]
    if near & empty_squares(p) & ~danger(p, c, p.side):
        return True
    return c.rules.escape_by_horse and (near & free_horses(p)) != 0


cdef inline int winner(const Pos *p, const Config *c) noexcept nogil:
    """Position.winner, or NONE."""
    cdef int seat, k
    for k in range(2):
        seat = 1 - p.side if k == 0 else p.side
        if (p.stabled[seat] == 0 and p.rider[seat] == 0
                and (p.foot[seat] & ~c.home[seat]) == 0):
            return seat
    return NONE


cdef inline field_t line_squares(int s, field_t empty) noexcept nogil:
    """The squares a queen on ``s`` reaches along ``empty`` squares: each ray up to its
    first square not empty (the nearest: the lowest member on a ray going up, the highest
    on one going down), without a branch: a sentinel square past each end (NSQ up, -1
    down) whose ray beyond is empty."""
    cdef field_t out = 0, ray
    cdef int k
    for k in range(4):
        ray = RAY_UPWARD[s][k]
        out |= ray & ~BEYOND_UP[field_lowest((ray & ~empty) | field_bit(NSQ))][k]
        ray = RAY_DOWNWARD[s][k]
        out |= ray & ~BEYOND_DOWN[field_highest(((ray & ~empty) << 1) | 1)][k]
    return out

cdef bint same_position(const Pos *a, const Pos *b) noexcept nogil:
    """Equal keys (Position.key): everything but the move count."""
    cdef int s
    if (a.foot[0] != b.foot[0] or a.foot[1] != b.foot[1] or a.rider[0] != b.rider[0]
            or a.rider[1] != b.rider[1] or a.horse != b.horse):
        return False
    for s in range(2):
        if (a.stable_horses[s] != b.stable_horses[s] or a.stabled[s] != b.stabled[s]
                or a.pasture[s] != b.pasture[s]):
            return False
    if a.side != b.side or a.held != b.held or a.shoo != b.shoo or a.hush_to != b.hush_to:
        return False
    return a.hush_to < 0 or (a.hush_how == b.hush_how and a.hush_origin == b.hush_origin)
