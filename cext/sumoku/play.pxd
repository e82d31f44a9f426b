# Sumoku's kernel contract, checked by Cython against cext/sumoku/play.pyx (a .pxd of the
# same name as a .pyx is its declaration): the game's C Config, Play and State, the Setup
# that holds a Config, and the decision API's functions and the search hooks that
# cext/common/decisions.pxi and mcts.pxi call, with their exact signatures. A definition
# that does not match its declaration here does not compile.
#
# The definitions are in the concept files play.pyx includes (state.pxi: the decision API;
# policies.pxi: decide and the hooks). Some are `cdef inline` there (current_player and the
# hooks): a .pxd cannot declare an inline function without its body, so they are declared
# here plainly, and Cython keeps the definition's inline mark.
#
# The board is a fixed grid of GRID x GRID cells with row and column 0 of the reference at
# ORIGIN (a pattern of 96 tiles and the windows around it stay inside).
from libc.stdint cimport int32_t, uint8_t, uint64_t

from cext.common.interrupt cimport Interrupt
from cext.sumoku.constants cimport MAX_LINE, MAXP, MCTS_WIDTH, NTILES, Rules


cdef enum:
    MAXHAND = NTILES      # a hand may grow past its size with stuck = draw
    GRID = 224
    ORIGIN = 112
    MAXSUM = 128          # above any total a line of 6 (at most 54) or its parts reach
    MAX_ACTIONS = 1 << 17 # legal_actions' buffers (decisions.pxi): more than the plays of
                          # any position met (some 120,000 with a full hand of 8); a node
                          # with more lists only the first MAX_ACTIONS


ctypedef struct Play:
    int n
    int r[MAX_LINE]         # grid rows
    int c[MAX_LINE]         # grid columns
    int k[MAX_LINE]         # kinds
    int v[MAX_LINE]         # values (FREE for a "6" read per line)
    int score
    bint bonus


ctypedef struct State:
    uint8_t grid[GRID][GRID]    # kind + 1 on each cell, 0 empty
    uint8_t value[GRID][GRID]   # the value it lies with
    int min_r, max_r, min_c, max_c
    int ntiles
    int cell_r[NTILES]          # placed cells, in order
    int cell_c[NTILES]
    int bag[NTILES]             # bag[drawn:] the tiles left: in drawing order once shuffled,
    int drawn                   # else ascending
    bint shuffled
    int hand[MAXP][MAXHAND]     # tiles, ascending; while dealing, by dealing place
    int nhand[MAXP]
    int dealt[MAXP]
    int key                     # 0 until known
    uint8_t multiple[MAXSUM]    # multiple[x]: x is a multiple of the key (x < MAXSUM)
    uint8_t below[MAXSUM]       # below[x]: the largest multiple of the key up to x
    int scores[MAXP]
    int penalties[MAXP]
    int placed[MAXP]
    int bonuses[MAXP]
    int phase                   # PH_*: the node (solver.sumoku.state's phases)
    int pending                 # tiles still to draw at this deal or refill
    int ntied                   # the start tie's dealing places
    int tied[MAXP]
    bint decided                # within the turn: a choice among two or more plays was made
    bint acted                  # within the turn: a tile was placed (or drawn when stuck)
    int to_move
    int idle
    int turns
    int decision_turns
    int passes
    uint64_t dice
    uint64_t choice
    int sim_stop                # an mcts-N simulation: the turn it ends at (0: not one)
    int ckey[6]                 # mcts_actions' candidates and their plays, kept for the
    int ncache                  # node of ckey (cache_valid): a simulation's root lists
    int32_t cache_action[MCTS_WIDTH]  # them once a decision, and apply_action finds the
    Play cache_play[MCTS_WIDTH]       # play of a candidate without listing the plays
    bint has_chosen             # decide's pick, for the apply_action that follows it:
    int32_t chosen_action       # its id, the plays at the node (0, 1 or 2: two or more)
    int chosen_n                # and the play
    Play chosen


ctypedef struct Config:
    Rules rules             # the rules dataclass's fields (solver/sumoku/rules.py), made into
                            # constants.pxd from it (numbergames.solver.kernel_rules)
    int players             # the seats (cext/common's rows and KernelState): rules.players
    int key_mode            # K_*: rules.key fixed, rolled or the challenge (kernel.config)
    int fixed_key           # rules.key's number when fixed, else 0
    bint exact              # decide's ids are canonical indices (no branch and bound)
    int policy[MAXP]
    int budget[MAXP]        # search-N, mcts-N: N
    const Config* rollout   # the playouts' config (greedy in every seat), or NULL
    State* twin             # the State a playout runs on (Setup's scratch)
    Interrupt* stop         # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)
    bint simulates          # the rollout Config of mcts-N: a state reseeded under it is a
                            # simulation (mcts_reseed)


cdef class Setup:
    # built in play.pyx from the plain configuration (solver/sumoku/kernel.py: config)
    cdef Config c
    cdef Config rollout
    cdef uint8_t[::1] scratch       # the twin State (Config.twin)
    cdef Interrupt stop


# -- the decision API and the mcts hooks, declared once for every game over this State and
# Config (defined in state.pxi, policies.pxi and play.pyx) -----------------------------------
include "cext/common/decision_api.pxi"
