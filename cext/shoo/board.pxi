# Shoo's field as tables of bit sets, built once when the module loads: each square's
# neighbours, its queen rays up and down and what a ray blocked at a square does not reach.
# Python twin: solver/shoo/board.py (NEIGHBOURS, RAYS).
field_init()

cdef field_t NEIGH[NSQ]
"""Squares touching each square as a set (from constants.pxd's NEIGHBOUR_SQUARES, the
readable code's solver.shoo.board.NEIGHBOURS). PIECE_KEY (search.PIECE_KEYS: the Zobrist
key of each piece code on each square) is constants.pxd's table as it is; the distances
home (evaluation.king_distance to the nearest free home square) come in through Setup
(solver.shoo.kernel.home_distances)."""

cdef field_t RAY_UPWARD[NSQ][4]
cdef field_t RAY_DOWNWARD[NSQ][4]
"""Each square's queen rays as sets (constants.pxd's RAY_SQUARES, board.RAYS), the four
going to higher squares and the four going to lower ones."""
cdef field_t BEYOND_UP[NSQ + 1][4]
"""BEYOND_UP[b][k]: square b and RAY_UPWARD[b][k], what a ray blocked at b does not reach;
nothing for the sentinel b = NSQ."""
cdef field_t BEYOND_DOWN[NSQ + 1][4]
"""BEYOND_DOWN[b + 1][k]: the same going down; nothing for the sentinel b = -1."""


cdef void _tables() noexcept:
    cdef int s, j, d, k, up, down, centre = NSQ // 2
    cdef field_t ray
    for s in range(NSQ):
        NEIGH[s] = 0
        for j in range(NEIGHBOURS_MAX):
            if NEIGHBOUR_SQUARES[s][j] != NONE:
                NEIGH[s] |= field_bit(NEIGHBOUR_SQUARES[s][j])
    for k in range(4):
        BEYOND_UP[NSQ][k] = BEYOND_DOWN[0][k] = 0
    for s in range(NSQ):
        up = down = 0
        for d in range(8):      # up or down: as from the centre, where every ray has squares
            ray = 0
            for j in range(8):
                if RAY_SQUARES[s][d][j] != NONE:
                    ray |= field_bit(RAY_SQUARES[s][d][j])
            if RAY_SQUARES[centre][d][0] > centre:
                RAY_UPWARD[s][up] = ray
                BEYOND_UP[s][up] = ray | field_bit(s)
                up += 1
            else:
                RAY_DOWNWARD[s][down] = ray
                BEYOND_DOWN[s + 1][down] = ray | field_bit(s)
                down += 1


_tables()
