# The hand-made evaluation of a position (standing, evaluate), greedy's value of every
# legal move at once (greedy_values; greedy_values_slow, its twin for the tests) and the
# duel's tactics the search adds. Python twin: solver/shoo/evaluation.py (and
# policies.GreedyPolicy.values).
cdef int standing(const Pos *p, const Config *c, int seat,
                  const field_t *touch2) noexcept nogil:
    """evaluation.standing; ``touch2[s]``: the squares two or more of seat s's travellers
    touch (computed once for both standings). The travellers on foot outside the home area
    count their distances home at once (field_sum); the riders one by one."""
    cdef field_t home = c.home[seat], own = travellers(p, seat)
    cdef field_t empty = empty_squares(p), foot = p.foot[seat], riders = p.rider[seat]
    cdef field_t danger_mine = touch2[1 - seat] & ~home
    cdef field_t danger_theirs = touch2[seat] & ~c.home[1 - seat]
    cdef int travel = STABLED_COST * p.stabled[seat]
    cdef int horses = p.stable_horses[seat] + field_count(riders)
    cdef int s, threats, dangers, blockers
    cdef const int8_t *distance = (c.home_distance[seat]
                                   + NSQ * home_index(home & ~own, c.home_base[seat]))
    travel += field_sum(foot & ~home, distance)
    s = p.shoo
    if s >= 0 and field_has(foot, s) and not can_escape(p, c, s):
        travel += STABLED_COST - (0 if field_has(home, s) else distance[s])
    travel += riders_travel(riders, home, empty, distance)
    threats = field_count(p.foot[1 - seat] & danger_theirs)
    dangers = field_count(foot & danger_mine)
    blockers = field_count(travellers(p, 1 - seat) & home)
    return (-DISTANCE_WEIGHT * travel + HORSE_WEIGHT * horses + THREAT_WEIGHT * threats
            - DANGER_WEIGHT * dangers - BLOCKER_WEIGHT * blockers)


cdef int evaluate(const Pos *p, const Config *c, int seat) noexcept nogil:
    """evaluation.evaluate."""
    cdef int won = winner(p, c)
    if won != NONE:
        return WIN if won == seat else -WIN
    if p.ply >= c.rules.max_plies:
        return 0
    cdef field_t touch2[2]
    touch2[0] = field_touch2(travellers(p, 0))
    touch2[1] = field_touch2(travellers(p, 1))
    return standing(p, c, seat, touch2) - standing(p, c, 1 - seat, touch2)


cdef int greedy_values_slow(const Pos *p, const Config *c, const Moves *ms, int *values,
                            Work *w) noexcept nogil:
    """Each move's value for the mover, each move made and evaluated
    (policies.GreedyPolicy.values); returns the best. greedy_values' twin, for the tests."""
    cdef Pos after
    cdef int i, best = -WIN - 1
    w.nodes += ms.n
    for i in range(ms.n):
        make_move(p, c, ms.keys[i], &after)
        values[i] = evaluate(&after, c, p.side)
        if values[i] > best:
            best = values[i]
    return best


cdef inline int shoo_bonus(const Config *c, field_t empty, field_t free, field_t danger_t,
                           field_t targets, int seat, int t) noexcept nogil:
    """What naming ``t`` (``seat``'s traveller on foot, outside its home area) adds to the
    mover's evaluation of the position after a move: standing counts t as stabled when it
    cannot escape (can_escape: an empty square next to it out of ``danger_t``, or a free
    horse next to it), else at its distance home. ``empty``, ``free``, ``targets``: the
    empty squares, free horses and ``seat``'s free home squares after the move."""
    cdef field_t near = NEIGH[t]
    if near & empty & ~danger_t:
        return 0
    if c.rules.escape_by_horse and (near & free):
        return 0
    return DISTANCE_WEIGHT * (STABLED_COST - c.home_distance[seat][
        NSQ * home_index(targets, c.home_base[seat]) + t])


cdef inline bint horse_kind(int kind) noexcept nogil:
    return kind == K_CALL or kind == K_LEAD or kind == K_HOLD or kind == K_RETIRE


cdef inline int stuck_travel(const Pos *p, const Config *c, field_t riders, field_t empty,
                             int side) noexcept nogil:
    """Of ``riders`` (riders in their own home area), the travel standing adds for those
    with no empty home square next to them, beyond a free rider's, counted for ``side``
    (the opponent's negated)."""
    cdef int r, seat, out = 0
    while riders:
        r = field_lowest(riders)
        riders &= riders - 1
        seat = 0 if field_has(p.rider[0], r) else 1
        if not (NEIGH[r] & empty & c.home[seat]):
            out += (STABLED_COST - 2) if seat == side else -(STABLED_COST - 2)
    return out


cdef inline int riders_travel(field_t riders, field_t home, field_t empty,
                              const int8_t *distance) noexcept nogil:
    """standing's travel of a seat's ``riders``."""
    cdef int s, out = 0
    cdef field_t rest = riders & ~home
    while rest:
        s = field_lowest(rest)
        rest &= rest - 1
        out += (distance[s] + 3) // 4 + 2
    rest = riders & home
    while rest:
        s = field_lowest(rest)
        rest &= rest - 1
        out += 2 if NEIGH[s] & empty & home else STABLED_COST
    return out


cdef int greedy_values(const Pos *p, const Config *c, const Moves *ms, int *values,
                       Work *w) noexcept nogil:
    """Each move's value for the mover, as greedy_values_slow gives it, each action valued
    once: a shoo adds shoo_bonus to its plain move's value (nothing after a won game or at
    the move limit: the evaluation is then the end's). The moves are taken a run at a time:
    the moves of one action to each square with their shoos (keys equal above ``to``, as
    gen_actions writes them), what the run shares figured once. Unless the game ends by the
    move limit after the move (or a seat has won already), a horse's move (call, lead,
    hold, retire: no traveller moves) is worth the one figure ``base`` of the position with
    the travellers as they are, less a called horse, the riders in their home areas next to
    the squares it changes recounted (stuck_travel); a run with no shoo and no rider at home
    is that figure throughout. A walk, ride, mount, dismount, return or capture is the
    mover's standing after it, from its sets, less the opponent's: as the position has it
    (counted once) but for a capture, whose run has the opponent as the capture leaves it
    (the rider on via on foot on put, what its travellers touch from the counts of the
    position). The mover's threats after the move are the shoos that follow it in the list
    (shoo_targets made them); its travellers outside the home area go by the distances of
    the position when neither frm nor to is in it, else by those of the free home squares
    after the move, summed once a set of them a call (Work.home_travel). Passes,
    shoo-offs, moves after a hush and a capture after which the opponent has won are made
    and evaluated. Returns the best."""
    cdef Pos after, q
    cdef int i, best = -WIN - 1, side = p.side, opp = 1 - p.side, t, kind, frm, via, to
    cdef int plain = 0, base = 0, opp_static = 0, blockers_side = 0, travel
    cdef bint settled = True, fast
    cdef uint64_t key
    cdef field_t empty = empty_squares(p), danger_opp = 0, touched
    cdef field_t home_riders = (p.rider[0] & c.home[0]) | (p.rider[1] & c.home[1])
    cdef field_t opp_targets = c.home[opp] & ~travellers(p, opp)
    cdef field_t home = c.home[side], opp_home = c.home[opp], theirs = travellers(p, opp)
    cdef field_t t2_opp = 0, opp_in_riders = p.rider[opp] & opp_home
    cdef int threats_before
    cdef field_t foot = 0, rider = 0, horse = 0
    cdef field_t empty_after = 0, free_after = 0, danger_after = 0, targets_after = 0
    cdef const int8_t *distance_opp = (c.home_distance[opp]
                                       + NSQ * home_index(opp_targets, c.home_base[opp]))
    cdef const int8_t *distance
    cdef const int8_t *side_distance = NULL
    cdef int opp_in_travel = 0, opp_in, side_foot = 0, side_out_riders = 0, side_in_riders = 0
    cdef field_t side_home_riders = 0, mine_before = 0, ones_all = 0, twos_all = 0
    cdef field_t danger_zone = 0, threes_all = 0
    cdef int dangers_before = 0, riders_before = 0, blocking_before = 0, dangers, riders
    cdef int blocking, n = ms.n, value, plain0, travel0, rest, fixed
    cdef const uint64_t *keys = ms.keys
    cdef uint64_t head
    cdef field_t empty_run, near_frm, twos_run = 0, ones_run = 0, to_bit, foot_after, rider_after
    cdef bint to_foot = False, frm_home, can_win
    cdef bint slow
    cdef int j, threats, idx, idx_before = 0, idx_run, home_base = 0
    cdef int put, opp_static_r, opp_in_travel_r, blockers_r
    cdef field_t foot_opp_r = 0, rider_opp_r, theirs_r = 0, opp_targets_r = 0, opp_in_riders_r = 0
    cdef field_t danger_zone_r = 0, ones_t = 0, twos_t = 0, threes_t = 0, ones_x, twos_x, near
    cdef const int8_t *distance_opp_r = NULL
    w.nodes += ms.n
    if w.home_gen == 0x7FFFFFFF:
        for i in range(512):
            w.home_stamp[i] = -1
        w.home_gen = 0
    w.home_gen += 1
    q = p[0]
    q.side, q.held, q.shoo, q.hush_to, q.ply = opp, NONE, NONE, NONE, p.ply + 1
    fast = winner(&q, c) == NONE and q.ply < c.rules.max_plies
    if fast:
        # what one, two, three or more of each side's travellers touch
        mine_before = travellers(p, side)
        field_touch123(mine_before, &ones_all, &twos_all, &threes_all)
        field_touch123(theirs, &ones_t, &twos_t, &threes_t)
        t2_opp = twos_t
        danger_opp = twos_all & ~opp_home
        # the opponent's standing but for its riders at home (their travel depends on the
        # empty squares), threats, dangers and blockers
        opp_static = (-DISTANCE_WEIGHT * (STABLED_COST * p.stabled[opp]
                                          + field_sum(p.foot[opp] & ~opp_home, distance_opp)
                                          + riders_travel(p.rider[opp] & ~opp_home, opp_home,
                                                          empty, distance_opp))
                      + HORSE_WEIGHT * (p.stable_horses[opp] + field_count(p.rider[opp])))
        blockers_side = field_count(theirs & home)
        opp_in_travel = riders_travel(opp_in_riders, opp_home, empty, distance_opp)
        home_base = c.home_base[side]
        idx_before = home_index(home & ~travellers(p, side), home_base)
        side_distance = c.home_distance[side] + NSQ * idx_before
        side_foot = field_sum(p.foot[side] & ~home, side_distance)
        side_out_riders = riders_travel(p.rider[side] & ~home, home, empty, side_distance)
        side_home_riders = p.rider[side] & home
        side_in_riders = riders_travel(side_home_riders, home, empty, side_distance)
        danger_zone = t2_opp & ~home
        dangers_before = field_count(p.foot[side] & danger_zone)
        riders_before = field_count(p.rider[side])
        blocking_before = field_count(mine_before & opp_home)
        # evaluate(&q): the standing of each side from the figures above (the mover's
        # threats are the opponent's dangers, and the other way round)
        threats_before = field_count(p.foot[opp] & danger_opp)
        base = ((-DISTANCE_WEIGHT * (STABLED_COST * p.stabled[side] + side_foot
                                     + side_out_riders + side_in_riders)
                 + HORSE_WEIGHT * (p.stable_horses[side] + riders_before)
                 + THREAT_WEIGHT * threats_before - DANGER_WEIGHT * dangers_before
                 - BLOCKER_WEIGHT * blockers_side)
                - (opp_static - DISTANCE_WEIGHT * opp_in_travel
                   + THREAT_WEIGHT * dangers_before - DANGER_WEIGHT * threats_before
                   - BLOCKER_WEIGHT * blocking_before))
    i = 0
    while i < n:
        key = keys[i]
        head = key >> 16                          # hush, kind, frm, via, put: one action's
        kind = m_kind(key)                        # moves to each square, with their shoos
        frm = m_frm(key)
        if fast and not m_hush(key) and horse_kind(kind):
            # a horse's moves: the figure of the position, less a called horse, the riders
            # at home next to frm or to recounted; a shoo adds its bonus
            free_after = p.horse
            empty_run = empty
            near_frm = 0
            if frm >= 0:
                free_after &= ~field_bit(frm)
                near_frm = NEIGH[frm]
                if kind == K_LEAD or kind == K_RETIRE:
                    empty_run |= field_bit(frm)
            plain0 = base - (HORSE_WEIGHT if kind == K_CALL else 0)
            if not (p.foot[opp] & danger_opp) and not home_riders:
                # no shoo and no rider at home: every move of the run is worth plain0
                if plain0 > best:
                    best = plain0
                while i < n and keys[i] >> 16 == head:
                    values[i] = plain0
                    i += 1
                continue
            plain = plain0
            to = NONE
            while i < n and keys[i] >> 16 == head:
                key = keys[i]
                t = <int>(key & 0xFF) - 1
                if t == NONE:
                    to = m_to(key)
                    plain = plain0
                    if home_riders:
                        touched = home_riders & (near_frm | (NEIGH[to] if to >= 0 else <field_t>0))
                        if touched:
                            empty_after = empty_run & ~(field_bit(to) if to >= 0 else <field_t>0)
                            plain -= DISTANCE_WEIGHT * (
                                stuck_travel(p, c, touched, empty_after, side)
                                - stuck_travel(p, c, touched, empty, side))
                    value = plain
                else:
                    empty_after = empty_run & ~(field_bit(to) if to >= 0 else <field_t>0)
                    value = plain + shoo_bonus(c, empty_after, free_after, danger_opp,
                                               opp_targets, opp, t)
                values[i] = value
                if value > best:
                    best = value
                i += 1
            continue
        if fast and not m_hush(key) and (kind == K_WALK or kind == K_RIDE or kind == K_MOUNT
                                         or kind == K_DISMOUNT or kind == K_RETURN
                                         or kind == K_CAPTURE):
            # a traveller's moves from frm (via a horse, or capturing the rider on via and
            # putting it down on put): the mover's standing after each from its sets, the
            # opponent's (as the action leaves it) less the parts no such move changes
            via, put = m_via(key), m_put(key)
            foot, rider, horse = p.foot[side], p.rider[side], p.horse
            travel0 = STABLED_COST * p.stabled[side]
            to_foot = kind == K_WALK or kind == K_DISMOUNT or kind == K_RETURN
            riders = riders_before
            if kind == K_WALK:
                foot &= ~field_bit(frm)
            elif kind == K_RIDE:
                rider &= ~field_bit(frm)
            elif kind == K_MOUNT:
                foot &= ~field_bit(frm)
                horse &= ~field_bit(via)
                riders += 1
            elif kind == K_DISMOUNT:
                rider &= ~field_bit(frm)
                horse |= field_bit(frm)
                riders -= 1
            elif kind == K_CAPTURE:
                if field_has(rider, frm):         # its old horse stays behind, free
                    rider &= ~field_bit(frm)
                    horse |= field_bit(frm)
                else:
                    foot &= ~field_bit(frm)
                    riders += 1
            else:
                travel0 -= STABLED_COST
            if kind == K_CAPTURE:
                # the opponent as the capture leaves it: the rider on via on foot on put
                foot_opp_r = p.foot[opp] | field_bit(put)
                rider_opp_r = p.rider[opp] & ~field_bit(via)
                if (rider_opp_r == 0 and p.stabled[opp] == 0
                        and (foot_opp_r & ~opp_home) == 0):
                    slow = True                   # the opponent wins: made and evaluated
                else:
                    slow = False
                    theirs_r = foot_opp_r | rider_opp_r
                    opp_targets_r = opp_home & ~theirs_r
                    distance_opp_r = (c.home_distance[opp]
                                      + NSQ * home_index(opp_targets_r, c.home_base[opp]))
                    opp_static_r = (
                        -DISTANCE_WEIGHT * (STABLED_COST * p.stabled[opp]
                                            + field_sum(foot_opp_r & ~opp_home, distance_opp_r)
                                            + riders_travel(rider_opp_r & ~opp_home, opp_home,
                                                            empty, distance_opp_r))
                        + HORSE_WEIGHT * (p.stable_horses[opp] + field_count(rider_opp_r)))
                    opp_in_riders_r = rider_opp_r & opp_home
                    opp_in_travel_r = riders_travel(opp_in_riders_r, opp_home, empty,
                                                    distance_opp_r)
                    blockers_r = field_count(theirs_r & home)
                    # what the opponent's travellers touch, via taken away and put added
                    near = NEIGH[via]
                    ones_x = (ones_t & ~near) | (twos_t & near)
                    twos_x = (twos_t & ~near) | (threes_t & near)
                    danger_zone_r = (twos_x | (ones_x & NEIGH[put])) & ~home
                    dangers = field_count(foot & danger_zone_r)
            else:
                slow = False
                foot_opp_r, theirs_r, opp_targets_r = p.foot[opp], theirs, opp_targets
                distance_opp_r, opp_static_r = distance_opp, opp_static
                opp_in_riders_r, opp_in_travel_r = opp_in_riders, opp_in_travel
                blockers_r, danger_zone_r = blockers_side, danger_zone
                dangers = dangers_before
                if kind == K_WALK or kind == K_MOUNT:
                    dangers -= field_has(danger_zone, frm)
        else:
            slow = True
        if not slow:
            blocking = blocking_before
            empty_run = FIELD_ALL & ~(foot | rider | theirs_r | horse)
            frm_home = False
            near_frm = 0
            rest = travel0 + side_foot + side_out_riders + side_in_riders
            idx_run = idx_before
            if frm >= 0:
                # touch2(mine) & ~opp_home from what the travellers but frm touch (from
                # what one, two, three or more of them all touch: frm touches one fewer
                # on its neighbours, as in others_touch) and to
                near = NEIGH[frm]
                ones_run = ((ones_all & ~near) | (twos_all & near)) & ~opp_home
                twos_run = ((twos_all & ~near) | (threes_all & near)) & ~opp_home
                blocking -= field_has(opp_home, frm)
                frm_home = field_has(home, frm)
                if frm_home:
                    idx_run = idx_before | (1 << home_bit(frm, home_base))
                near_frm = NEIGH[frm]
                if via >= 0:
                    near_frm |= NEIGH[via]
                if put >= 0:
                    near_frm |= NEIGH[put]
                if field_has(p.foot[side], frm):
                    rest -= side_distance[frm]
                else:
                    rest -= (side_distance[frm] + 3) // 4 + 2
            else:                     # a return: all the travellers before, and to
                twos_run, ones_run = twos_all & ~opp_home, ones_all & ~opp_home
            can_win = to_foot and rider == 0 and travel0 == 0 and (foot & ~home) == 0
            fixed = (HORSE_WEIGHT * (p.stable_horses[side] + riders) - opp_static_r
                     - BLOCKER_WEIGHT * blockers_r + BLOCKER_WEIGHT * blocking
                     - (THREAT_WEIGHT + DANGER_WEIGHT) * dangers)
            settled = False
            while i < n and keys[i] >> 16 == head:
                key = keys[i]
                t = <int>(key & 0xFF) - 1
                if t == NONE:
                    to = m_to(key)
                    to_bit = field_bit(to)
                    # the shoos that follow: the opponent's travellers on foot outside their
                    # home area that two or more of the mover's touch after the move (the
                    # threats of the mover's standing: shoo_targets made them)
                    j = i + 1
                    while j < n and keys[j] >> 8 == key >> 8:
                        j += 1
                    threats = j - i - 1
                    settled = can_win and field_has(home, to)
                    if settled:
                        plain = WIN               # the mover wins (the opponent has not)
                    else:
                        empty_after = empty_run & ~to_bit
                        touched = 0              # next to a square whose emptiness may change
                        if home_riders:
                            touched = near_frm | NEIGH[to]
                        if frm_home or (to_bit & home):
                            # the free home squares change: every distance home with them,
                            # the sums over the travellers outside it once a set of free
                            # home squares (home_sums), the one that moved recounted
                            if to_foot:
                                foot_after, rider_after = foot | to_bit, rider
                            else:
                                foot_after, rider_after = foot, rider | to_bit
                            idx = idx_run     # home_index(home & ~(foot_after | rider_after))
                            if to_bit & home:
                                idx &= ~(1 << home_bit(to, home_base))
                            distance = c.home_distance[side] + NSQ * idx
                            if w.home_stamp[idx] != w.home_gen:
                                w.home_stamp[idx] = w.home_gen
                                w.home_travel[idx] = (
                                    field_sum(p.foot[side] & ~home, distance)
                                    + riders_travel(p.rider[side] & ~home, home, empty,
                                                    distance))
                            travel = travel0 + w.home_travel[idx]
                            if frm >= 0 and not frm_home:
                                if field_has(p.foot[side], frm):
                                    travel -= distance[frm]
                                else:
                                    travel -= (distance[frm] + 3) // 4 + 2
                            if not (to_bit & home):
                                travel += (distance[to] if to_foot
                                           else (distance[to] + 3) // 4 + 2)
                            if rider_after & home:
                                travel += riders_travel(rider_after & home, home, empty_after,
                                                        distance)
                        else:
                            # frm and to outside the home area: the distances of this
                            # position (side_distance), the traveller that moved recounted
                            travel = rest + (side_distance[to] if to_foot
                                             else (side_distance[to] + 3) // 4 + 2)
                            if side_home_riders & touched:
                                travel += (riders_travel(side_home_riders, home, empty_after,
                                                         side_distance) - side_in_riders)
                        opp_in = opp_in_travel_r
                        if opp_in_riders_r & touched:
                            opp_in = riders_travel(opp_in_riders_r, opp_home, empty_after,
                                                   distance_opp_r)
                        plain = (fixed - DISTANCE_WEIGHT * travel + DISTANCE_WEIGHT * opp_in
                                 + (THREAT_WEIGHT + DANGER_WEIGHT)
                                 * (threats - (field_has(danger_zone_r, to) if to_foot else 0))
                                 + BLOCKER_WEIGHT * field_has(opp_home, to))
                        if threats:       # touch2(mine after) & ~opp_home, for the shoos
                            danger_after = twos_run | (ones_run & NEIGH[to])
                    value = plain
                elif settled:
                    value = plain
                else:
                    value = plain + shoo_bonus(c, empty_after, horse, danger_after,
                                               opp_targets_r, opp, t)
                values[i] = value
                if value > best:
                    best = value
                i += 1
            continue
        # the rest (passes, shoo-offs, moves after a hush, a capture that makes the
        # opponent win, and every move when a seat has won or the move limit comes): made
        # and evaluated, then its shoos
        make_move(p, c, key, &after)
        plain = evaluate(&after, c, side)
        settled = winner(&after, c) != NONE or after.ply >= c.rules.max_plies
        empty_after = empty_squares(&after)
        free_after = free_horses(&after)
        danger_after = danger(&after, c, opp)
        targets_after = c.home[opp] & ~travellers(&after, opp)
        values[i] = plain
        if plain > best:
            best = plain
        i += 1
        while i < n and keys[i] >> 8 == key >> 8:
            t = m_shoo(keys[i])
            if settled:
                value = plain
            else:
                value = plain + shoo_bonus(c, empty_after, free_after, danger_after,
                                           targets_after, opp, t)
            values[i] = value
            if value > best:
                best = value
            i += 1
    return best

cdef inline bint duel(const Pos *p) noexcept nogil:
    """evaluation.duel: neither side has two travellers on the field."""
    return field_count(travellers(p, 0)) < 2 and field_count(travellers(p, 1)) < 2


cdef inline bint near_duel(const Pos *p) noexcept nogil:
    """Whether a move of ``p`` may lead to a duel: a move takes at most one traveller of
    each side off the field (its own shoo-off, and the opponent's hush it applies), so
    not while either side has three or more."""
    return field_count(travellers(p, 0)) < 3 and field_count(travellers(p, 1)) < 3


cdef inline int tactics(const Pos *p, const Config *c, int seat) noexcept nogil:
    """evaluation.tactics: a horse at hand (a rider, or a traveller on foot outside its
    home area next to a free horse it may mount), less its riders next to an opponent's
    traveller."""
    cdef field_t usable = free_horses(p) if seat == p.side else p.horse
    cdef int mount = (p.foot[seat] & ~c.home[seat] & field_spread(usable)) != 0
    if p.rider[seat] != 0:
        mount = 1
    return (MOUNT_WEIGHT * mount
            - EXPOSED_WEIGHT * field_count(p.rider[seat] & field_spread(travellers(p, 1 - seat))))


cdef inline int duel_tactics(const Pos *p, const Config *c) noexcept nogil:
    """What evaluation.search_evaluation adds for the side to move: the tactics of each
    side, the opponent's subtracted, in a duel (0 otherwise)."""
    if not duel(p):
        return 0
    return tactics(p, c, p.side) - tactics(p, c, 1 - p.side)
