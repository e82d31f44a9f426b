# So-Soo-Yoo's kernel contract, checked by Cython against cext/sosooyoo/play.pyx (a .pxd of
# the same name as a .pyx is its declaration): the game's C Config, Frame and State, the
# Setup that holds a Config, and the decision API's functions and the search hooks that
# cext/common/decisions.pxi and mcts.pxi call, with their exact signatures. A definition
# that does not match its declaration here does not compile.
#
# The definitions are in the concept files play.pyx includes (state.pxi: the decision API;
# policies.pxi: the hooks). Several are `cdef inline` there: a .pxd cannot declare an inline
# function without its body, so they are declared here plainly, and Cython keeps the
# definition's inline mark (with cext/common/always_inline.pxi, the C compiler inlines
# them into the generic loop as before).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from cext.common.interrupt cimport Interrupt
from cext.sosooyoo.constants cimport MAXP, MAXS, NCOL, Rules


cdef enum:
    MAXT = 64         # most targets of one space
    MAXOPT = 72       # most options of one decision
    MAXF = 16         # most frames of a game's stack (a turn, a landing, six bumps, ...)
    # the frames: the reference engine's steps (solver/sosooyoo/engine.py)
    F_SETUP = 0       # Game.set_up
    F_TURN = 1        # Game.play_turn and play_moves
    F_LAND = 2        # Game.land
    F_BUMP = 3        # Game.bump and random_bump
    F_REPLENISH = 4   # Game.replenish and place_ring


ctypedef struct Config:
    Rules rules                   # the rules dataclass's fields (solver/sosooyoo/rules.py), made
                                  # into constants.pxd from it (numbergames.solver.kernel_rules)
    int players                   # the seats (cext/common's rows and KernelState): rules.players
    int stride                    # rules.board_size + 1: rows of the distance and walk tables
    uint64_t say_threshold        # rules.say_error as a slip: (dice word >> 11) below it; 0 = no draw
    int policy[MAXP]              # P_* of each seat
    int budget[MAXP]              # search: playouts per candidate; mcts: simulations
    const Config* rollout         # search: the same rules with adaptive in every seat
    int ntargets[MAXS]
    int targets[MAXS][MAXT]       # each space's targets, ascending
    const int64_t* dist           # dist[a * stride + b]: fewest moves (Setup.dist)
    const uint8_t* reach          # reach[(k * stride + a) * stride + b]: a walk of k moves
    const double* landing         # landing[(m * stride + t) * stride + e]: landing_values
    uint8_t product[MAXS]         # board.states_product of each space
    Interrupt* stop               # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


ctypedef struct Frame:
    # one step of the engine under way: which (F_*), where it stands in it (pc), its locals
    int kind
    int pc
    int a         # SETUP: the seat placed; TURN: moves left; LAND: the space; BUMP: the
                  # victim; REPLENISH: the colour being placed
    int b         # TURN: failed to say; LAND: the last move; BUMP: the space it went to
    int col       # LAND, BUMP: the next colour to collect
    int k         # BUMP: the pieces of the chain, the victim the last (State.chain)


ctypedef struct State:
    # the position and counters (solver/sosooyoo/engine.py: Game)
    int pos[MAXP]
    int held[MAXP][NCOL]
    int ring_space[NCOL]
    int boneyard[NCOL]
    int in_hand
    int mover
    int to_move
    int winner
    int turns
    int decision_turns
    int moves_left
    int roll
    int landings[MAXP]
    int bumps[MAXP]
    int swaps[MAXP]
    int double_zeros
    uint8_t visited[MAXS]
    int nvisited
    uint8_t said[MAXP][MAXS]      # spaces each seat has landed on
    int spaces_said[MAXP]
    int facts_said[MAXP]          # of them, spaces that state a product
    int win_kind
    int decided_by
    int taken                     # bit set of seats a ring was taken off this turn
    bint decided
    bint turn_bumped
    bint turn_swapped
    bint turn_double_zero
    # the node (solver/sosooyoo/state.py): D_*, C_* or NODE_OVER, who decides, about whom
    int node
    int chooser
    int subject
    int value                     # the outcome or option the node was answered with
    int limit                     # turns after which the game ends (a playout's are fewer)
    uint64_t turn_key             # a playout's: nonzero, each turn's moves die from (turn_key, turn)
    int cur                       # current_player(): chooser, CHANCE or TERMINAL, kept with node
    int nopt                      # a MOVE or BUMP_TO node's number of options
    int depth
    uint64_t dice
    uint64_t choice
    # last: game_start does not clear them (read only below depth and k, written first)
    int chain[MAXP + 1]           # the pieces of the bump chain under way, the mover first
    Frame stack[MAXF]


cdef class Setup:
    # built in play.pyx from the plain configuration (solver/sosooyoo/kernel.py: config)
    cdef Config c
    cdef Config rollout
    cdef Interrupt stop
    cdef const int64_t[:, ::1] dist
    cdef const uint8_t[:, :, ::1] reach
    cdef const double[:, :, ::1] landing


# -- the decision API and the mcts hooks, declared once for every game over this State and
# Config (defined in state.pxi, policies.pxi and play.pyx) -----------------------------------
include "cext/common/decision_api.pxi"
