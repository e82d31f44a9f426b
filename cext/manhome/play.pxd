# The contract of Man Home's kernel (cext/manhome/play.pyx), which Cython checks the kernel
# against (a .pxd beside a .pyx of the same name is read first; a definition that differs
# from its declaration here does not compile): the game's C Config and State, the decision
# API's functions that cext/common/decisions.pxi calls and the hooks of
# cext/common/mcts.pxi, with their exact signatures. The kernel defines the functions
# `cdef inline` (state.pxi, policies.pxi) and makes inlining binding
# (cext/common/always_inline.pxi), so the C compiler still inlines them into the loops.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t

from cext.common.interrupt cimport Interrupt
from cext.manhome.constants cimport MAXP, NPOLICIES, SQUARES, Rules
from cext.manhome.sides cimport SideSpaceC


ctypedef struct Config:
    Rules rules                   # the rules dataclass's fields (solver/manhome/rules.py), made
                                  # into constants.pxd from it (numbergames.solver.kernel_rules)
    int players                   # the seats of this call: the rules' players, or one (solitaire)
    bint plain_goes               # the goes in seat order, no head start: the turn's end takes
                                  # next_seat without next_go (the standard rules' speed)
    int next_seat[MAXP]           # the seat after each, in seat order
    int policy[MAXP]              # P_* of each seat
    int budget[MAXP]              # search: playouts per candidate; mcts: simulations
    const Config* rollout         # search: the same rules with greedy in every seat
    const Config* mcts_rollout    # mcts: the same rules with expert in every seat
    int64_t q_num                 # attacker's face-off chance q_num / q_den
    int64_t q_den
    const int64_t* goes           # expert: scaled expected goes of every side (solitaire
                                  # values), in Setup.goes
    int64_t bonus                 # expert: one go, when a turn earns another (0 without)
    const uint8_t* tables[NPOLICIES]  # solved decisions per policy code (table players,
                                      # in Setup's tables), NKINDS to a side (or a pair)
    const SideSpaceC* spaces[NPOLICIES]  # ... and the numbering of their sides
    const uint16_t* race          # ply: the race table (solver/manhome/race.py), race_columns
    int race_columns              # to a side numbered by race_space
    const uint16_t* adapt         # adapt: the race table mixed with its envelope, the same shape
    const SideSpaceC* race_space
    Interrupt* stop               # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)

ctypedef struct State:
    # ManHomeState's fields (solver/manhome/state.py), the men as bitboards
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
    int decisions                 # decision_turns
    int phase                     # PH_*: the node within the turn
    int player                    # current_player() of the node (kept with phase)
    int kind                      # K_*: the kind of the turn (MOVE, FACE_OFF)
    int decision                  # this turn has had a choice so far
    int pending_src               # the move waiting for its face-off (FACE_OFF)
    int pending_dst
    int count                     # the MOVE node's legal moves (move_count; set with it)
    int32_t pick                  # the action id of the last move a player picked, and its
    int pick_src                  # source and target: apply_action skips decoding that id
    int pick_dst                  # (an id is one move, so a stale pick is never wrong)
    int32_t turns_by[MAXP]
    int32_t kills[MAXP]
    int32_t deaths[MAXP]
    int32_t killed[MAXP]
    # the compensation rules' (at the end: the fields above keep their places, the play
    # of the standard rules its speed)
    int goes                      # goes ended so far (the order of goes: seat_of_go)
    int head[MAXP]                # head-start turns each seat still takes (head_left)


# -- the decision API and the mcts hooks, declared once for every game over this State and
# Config (defined in state.pxi, policies.pxi and play.pyx) -----------------------------------
include "cext/common/decision_api.pxi"
