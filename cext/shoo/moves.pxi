# Shoo's moves: a move packed into one 64-bit key, what a move does (act, apply_hush,
# make_move) and every legal move in canonical order (legal_moves); perft over positions.
# Python twin: solver/shoo/moves.py (and engine.perft).
cdef enum:
    MAXMOVES = 1 << 15      # room for the legal moves of one position
    # work units (cext/common/interrupt.pxd): about a microsecond each
    PERFT_WORK = 1          # a move generation (some microseconds)


cdef inline uint64_t pack(int hush, int kind, int frm, int via, int put, int to,
                          int shoo) noexcept nogil:
    return ((<uint64_t>hush << 48) | (<uint64_t>kind << 40) | (<uint64_t>(frm + 1) << 32)
            | (<uint64_t>(via + 1) << 24) | (<uint64_t>(put + 1) << 16)
            | (<uint64_t>(to + 1) << 8) | <uint64_t>(shoo + 1))


cdef inline int m_hush(uint64_t k) noexcept nogil:
    return <int>(k >> 48)
cdef inline int m_kind(uint64_t k) noexcept nogil:
    return <int>(k >> 40 & 0xFF)
cdef inline int m_frm(uint64_t k) noexcept nogil:
    return <int>(k >> 32 & 0xFF) - 1
cdef inline int m_via(uint64_t k) noexcept nogil:
    return <int>(k >> 24 & 0xFF) - 1
cdef inline int m_put(uint64_t k) noexcept nogil:
    return <int>(k >> 16 & 0xFF) - 1
cdef inline int m_to(uint64_t k) noexcept nogil:
    return <int>(k >> 8 & 0xFF) - 1
cdef inline int m_shoo(uint64_t k) noexcept nogil:
    return <int>(k & 0xFF) - 1

# -- making moves -------------------------------------------------------------------------
cdef void act(const Pos *p, const Config *c, uint64_t move, Pos *out) noexcept nogil:
    """moves.apply_action: the move's action (not its hush or shoo) into ``out``."""
    cdef int side = p.side, opp = 1 - p.side, held = NONE
    cdef int kind = m_kind(move), frm = m_frm(move), via = m_via(move)
    cdef int put = m_put(move), to = m_to(move)
    cdef field_t hushable
    out[0] = p[0]
    if kind == K_WALK:
        out.foot[side] = (out.foot[side] & ~field_bit(frm)) | field_bit(to)
    elif kind == K_RIDE:
        out.rider[side] = (out.rider[side] & ~field_bit(frm)) | field_bit(to)
    elif kind == K_MOUNT:
        out.foot[side] &= ~field_bit(frm)
        out.horse &= ~field_bit(via)
        out.rider[side] |= field_bit(to)
    elif kind == K_DISMOUNT:
        out.rider[side] &= ~field_bit(frm)
        out.horse |= field_bit(frm)
        out.foot[side] |= field_bit(to)
    elif kind == K_CAPTURE:
        out.rider[opp] &= ~field_bit(via)
        out.foot[opp] |= field_bit(put)
        if field_has(out.rider[side], frm):
            out.rider[side] &= ~field_bit(frm)
            out.horse |= field_bit(frm)
        else:
            out.foot[side] &= ~field_bit(frm)
        out.rider[side] |= field_bit(to)
    elif kind == K_CALL:
        out.stable_horses[side] -= 1
        out.horse |= field_bit(to)
        held = to
    elif kind == K_LEAD:
        out.horse = (out.horse & ~field_bit(frm)) | field_bit(to)
        held = to
    elif kind == K_HOLD:
        held = frm
    elif kind == K_RETIRE:
        out.horse &= ~field_bit(frm)
        out.pasture[side] += 1
    elif kind == K_RETURN:
        out.stabled[side] -= 1
        out.foot[side] |= field_bit(to)
    elif kind == K_SHOO_OFF:
        out.foot[side] &= ~field_bit(frm)
        out.stabled[side] += 1
    out.side = opp
    out.held = held
    out.shoo = NONE
    out.hush_to = NONE
    out.ply = p.ply + 1
    if ((kind == K_WALK or kind == K_DISMOUNT or kind == K_RETURN)
            and (c.rules.hush == HUSH_LOSE_MOVE or c.rules.hush == HUSH_SHOO_OFF)
            and field_has(danger(p, c, side), to)):
        out.hush_to = to
        out.hush_how = H_STEP if kind == K_WALK else (H_DISMOUNT if kind == K_DISMOUNT else H_RETURN)
        out.hush_origin = frm


cdef void apply_hush(const Pos *p, const Config *c, Pos *out) noexcept nogil:
    cdef int mover = 1 - p.side
    out[0] = p[0]
    out.foot[mover] &= ~field_bit(p.hush_to)
    if c.rules.hush == HUSH_SHOO_OFF or p.hush_how == H_RETURN:
        out.stabled[mover] += 1
    elif p.hush_how == H_STEP:
        out.foot[mover] |= field_bit(p.hush_origin)
    else:
        out.horse &= ~field_bit(p.hush_origin)
        out.rider[mover] |= field_bit(p.hush_origin)
    out.shoo = NONE
    out.hush_to = NONE
    out.held = NONE


cdef void make_move(const Pos *p, const Config *c, uint64_t move, Pos *out) noexcept nogil:
    cdef Pos hushed
    if m_hush(move):
        apply_hush(p, c, &hushed)
        act(&hushed, c, move, out)
    else:
        act(p, c, move, out)
    out.shoo = m_shoo(move)

# -- legal moves ----------------------------------------------------------------------------
cdef inline void emit(Moves *ms, uint64_t key) noexcept nogil:
    if ms.n < MAXMOVES:
        ms.keys[ms.n] = key
        ms.n += 1
    else:
        ms.overflow = True


cdef inline field_t shoo_targets(const Pos *p, const Config *c, const Moves *ms, int kind,
                                 int frm, int put, int to) noexcept nogil:
    """shooable(after, c, p.side) of the position ``act`` would make, without making it: only
    the mover's travellers (and, for a capture, the opponent's on foot) can change."""
    cdef int side = p.side, opp = 1 - p.side
    cdef field_t mine, theirs
    if kind == K_CALL or kind == K_LEAD or kind == K_HOLD or kind == K_RETIRE or kind == K_PASS:
        return ms.still
    if (kind == K_WALK or kind == K_RIDE or kind == K_MOUNT or kind == K_DISMOUNT
            or kind == K_CAPTURE):
        # frm -> to: two or more touch where the others (ms.ones, ms.twos) and to do
        theirs = ms.theirs
        if kind == K_CAPTURE:
            theirs |= field_bit(put) & ~c.home[opp]
        return theirs & (ms.twos | (ms.ones & NEIGH[to]))
    mine = travellers(p, side)
    if kind == K_RETURN:
        mine |= field_bit(to)
    else:                        # shoo-off
        mine &= ~field_bit(frm)
    return p.foot[opp] & field_touch2(mine) & ~c.home[opp]


cdef void with_shoos(const Pos *p, const Config *c, Moves *ms, int hush, int kind, int frm,
                     int via, int put, int to) noexcept nogil:
    """The action and each shoo it allows (moves._with_shoos)."""
    cdef uint64_t key = pack(hush, kind, frm, via, put, to, NONE)
    cdef field_t targets = shoo_targets(p, c, ms, kind, frm, put, to)
    cdef int t
    emit(ms, key)
    while targets:
        t = field_lowest(targets)
        targets &= targets - 1
        emit(ms, pack(hush, kind, frm, via, put, to, t))


cdef void each_to(const Pos *p, const Config *c, Moves *ms, int hush, int kind, int frm,
                  int via, int put, field_t tos) noexcept nogil:
    """with_shoos for each square of ``tos``, ascending, written straight into ms."""
    cdef uint64_t base = pack(hush, kind, frm, via, put, NONE, NONE), key, half
    cdef uint64_t *keys = ms.keys
    cdef int n = ms.n, to, t
    cdef field_t targets, theirs = 0
    cdef bint plain_only = False
    if (n + NSQ * ms.per_to > MAXMOVES
            and n + field_count(tos) * ms.per_to > MAXMOVES):
        # a move and its shoos take ms.per_to keys at most: room checked as the moves come
        while tos:
            to = field_lowest(tos)
            tos &= tos - 1
            key = base | (<uint64_t>(to + 1) << 8)
            targets = shoo_targets(p, c, ms, kind, frm, put, to)
            if n + 1 + (field_count(targets) if targets else 0) > MAXMOVES:
                ms.overflow = True
                break
            keys[n] = key
            n += 1
            while targets:
                t = field_lowest(targets)
                targets &= targets - 1
                keys[n] = key | <uint64_t>(t + 1)
                n += 1
        ms.n = n
        return
    if kind == K_CALL or kind == K_LEAD:
        plain_only = ms.still == 0
    elif (kind == K_WALK or kind == K_RIDE or kind == K_MOUNT or kind == K_DISMOUNT
            or kind == K_CAPTURE):
        theirs = ms.theirs
        if kind == K_CAPTURE:
            theirs |= field_bit(put) & ~c.home[1 - p.side]
        # shoo_targets: theirs & (ms.twos | (ms.ones & NEIGH[to])), none if none is touched
        plain_only = (theirs & ms.ones) == 0
        theirs &= ms.ones
    if plain_only:               # no shoo: one key a destination
        half = <uint64_t>tos
        while half:
            keys[n] = base | (<uint64_t>(bits_lowest(half) + 1) << 8)
            n += 1
            half &= half - 1
        half = <uint64_t>(tos >> 64)
        while half:
            keys[n] = base | (<uint64_t>(bits_lowest(half) + 65) << 8)
            n += 1
            half &= half - 1
        ms.n = n
        return
    while tos:
        to = field_lowest(tos)
        tos &= tos - 1
        key = base | (<uint64_t>(to + 1) << 8)
        if theirs:
            targets = theirs & (ms.twos | NEIGH[to])
        else:
            targets = shoo_targets(p, c, ms, kind, frm, put, to)
        keys[n] = key
        n += 1
        while targets:
            t = field_lowest(targets)
            targets &= targets - 1
            keys[n] = key | <uint64_t>(t + 1)
            n += 1
    ms.n = n


cdef void mounts(const Pos *p, const Config *c, Moves *ms, int hush, int s,
                 bint confined) noexcept nogil:
    cdef field_t horses = NEIGH[s] & free_horses(p), dest
    cdef field_t empty = empty_squares(p) | field_bit(s)
    cdef int h
    while horses:
        h = field_lowest(horses)
        horses &= horses - 1
        dest = field_bit(h) | line_squares(h, empty)
        if confined:
            dest &= c.home[p.side]
        each_to(p, c, ms, hush, K_MOUNT, s, h, NONE, dest)


cdef void captures(const Pos *p, const Config *c, Moves *ms, int hush, int s,
                   bint confined) noexcept nogil:
    cdef int side = p.side, opp = 1 - p.side, r, put
    cdef field_t riders = NEIGH[s] & p.rider[opp], puts, empty, dest
    cdef bint put_back_home
    while riders:
        r = field_lowest(riders)
        riders &= riders - 1
        if confined and not field_has(c.home[side], r):
            continue
        put_back_home = not c.rules.leave_home and field_has(c.home[opp], r)
        puts = NEIGH[r] & empty_squares(p)
        if put_back_home:
            puts &= c.home[opp]
        while puts:
            put = field_lowest(puts)
            puts &= puts - 1
            empty = empty_squares(p) & ~field_bit(put)
            if field_has(p.foot[side], s):
                empty |= field_bit(s)
            dest = field_bit(r) | line_squares(r, empty)
            if confined:
                dest &= c.home[side]
            each_to(p, c, ms, hush, K_CAPTURE, s, r, put, dest)


cdef inline void others_touch(Moves *ms, field_t ones, field_t twos, field_t threes,
                             int s) noexcept nogil:
    """ms.ones, ms.twos: the squares one / two or more of the mover's travellers but the one
    on ``s`` touch, from those one, two, three or more of them all touch (``s`` touches
    one fewer on its neighbours)."""
    cdef field_t near = NEIGH[s]
    ms.ones = (ones & ~near) | (twos & near)
    ms.twos = (twos & ~near) | (threes & near)


cdef void gen_actions(const Pos *p, const Config *c, Moves *ms, int hush) noexcept nogil:
    """Every action of the side to move with its shoos (moves.actions, moves._with_shoos)."""
    cdef int side = p.side, s, start = ms.n
    cdef field_t empty = empty_squares(p), d = danger(p, c, side), area, foot_ok, own, tos
    cdef field_t horses, near, mine = travellers(p, side), ones, twos, threes
    field_touch123(mine, &ones, &twos, &threes)
    ms.still = p.foot[1 - side] & twos & ~c.home[1 - side]      # shooable(p, c, side)
    ms.theirs = p.foot[1 - side] & ~c.home[1 - side]
    ms.per_to = 2 + field_count(ms.theirs)
    if p.shoo >= 0:
        s = p.shoo
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_WALK, s, NONE, NONE, NEIGH[s] & empty & ~d)
        if c.rules.escape_by_horse:
            mounts(p, c, ms, hush, s, False)
        if ms.n == start:
            with_shoos(p, c, ms, hush, K_SHOO_OFF, s, NONE, NONE, NONE)
        return
    # kind by kind, each kind's moves ascending: the canonical order without a sort
    foot_ok = FIELD_ALL if c.rules.hush != HUSH_ILLEGAL else ~d
    own = p.foot[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        area = c.home[side] if not c.rules.leave_home and field_has(c.home[side], s) else FIELD_ALL
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_WALK, s, NONE, NONE, NEIGH[s] & empty & area & foot_ok)
    own = p.rider[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        area = c.home[side] if not c.rules.leave_home and field_has(c.home[side], s) else FIELD_ALL
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_RIDE, s, NONE, NONE, line_squares(s, empty) & area)
    own = p.foot[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        others_touch(ms, ones, twos, threes, s)
        mounts(p, c, ms, hush, s, not c.rules.leave_home and field_has(c.home[side], s))
    own = p.rider[side]
    while own:
        s = field_lowest(own)
        own &= own - 1
        area = c.home[side] if not c.rules.leave_home and field_has(c.home[side], s) else FIELD_ALL
        others_touch(ms, ones, twos, threes, s)
        each_to(p, c, ms, hush, K_DISMOUNT, s, NONE, NONE, NEIGH[s] & empty & area & foot_ok)
    own = travellers(p, side)
    if field_spread(own) & p.rider[1 - side]:
        while own:
            s = field_lowest(own)
            own &= own - 1
            others_touch(ms, ones, twos, threes, s)
            captures(p, c, ms, hush, s, not c.rules.leave_home and field_has(c.home[side], s))
    if p.stable_horses[side]:
        tos = empty
        if c.rules.call_next_to:
            tos &= field_spread(travellers(p, side))
        each_to(p, c, ms, hush, K_CALL, NONE, NONE, NONE, tos)
    horses = free_horses(p)
    own = horses
    while own:
        s = field_lowest(own)
        own &= own - 1
        each_to(p, c, ms, hush, K_LEAD, s, NONE, NONE, line_squares(s, empty))
    near = horses & field_spread(travellers(p, side))
    if c.rules.hold_move:
        own = near
        while own:
            s = field_lowest(own)
            own &= own - 1
            with_shoos(p, c, ms, hush, K_HOLD, s, NONE, NONE, NONE)
    own = near
    while own:
        s = field_lowest(own)
        own &= own - 1
        with_shoos(p, c, ms, hush, K_RETIRE, s, NONE, NONE, NONE)
    if p.stabled[side]:
        each_to(p, c, ms, hush, K_RETURN, NONE, NONE, NONE, empty & c.first_row[side] & foot_ok)
    if ms.n == start:
        with_shoos(p, c, ms, hush, K_PASS, NONE, NONE, NONE, NONE)


cdef void legal_moves(const Pos *p, const Config *c, Moves *ms) noexcept nogil:
    """Every legal move in canonical (ascending key) order (moves.legal_moves): gen_actions
    makes each position's moves in that order, the hush's after the others."""
    cdef Pos hushed
    cdef int k = c.rules.head_start, waiting
    ms.n = 0
    ms.overflow = False
    if k:                       # ShooRules.waits: a pass alone (rule 36)
        waiting = 0 if k > 0 else 1
        if p.side == waiting and p.ply < 2 * (k if k > 0 else -k) + (
                waiting != (0 if c.rules.opening == OPENING_FIRST_MOVE else 1)):
            emit(ms, pack(0, K_PASS, NONE, NONE, NONE, NONE, NONE))
            return
    gen_actions(p, c, ms, 0)
    if p.hush_to >= 0:
        apply_hush(p, c, &hushed)
        gen_actions(&hushed, c, ms, 1)

cdef int64_t perft_c(const Pos *p, const Config *c, int depth, uint64_t *buffer) noexcept nogil:
    cdef Moves ms
    cdef Pos after
    cdef int64_t total = 0
    cdef int i
    if depth == 0:
        return 1
    if winner(p, c) != NONE or p.ply >= c.rules.max_plies or interrupted(c.stop, PERFT_WORK):
        return 0
    ms.keys = buffer
    legal_moves(p, c, &ms)
    if ms.overflow:
        return -1
    if depth == 1:
        return ms.n
    for i in range(ms.n):
        make_move(p, c, ms.keys[i], &after)
        total += perft_c(&after, c, depth - 1, buffer + ms.n)
    return total
