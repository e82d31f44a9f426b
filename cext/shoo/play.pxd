# The contract of Shoo's kernel (cext/shoo/play.pyx), which Cython checks the kernel against
# (a .pxd beside a .pyx of the same name is read first; a definition that differs from its
# declaration here does not compile): the game's C structs, the decision API's functions
# that cext/common/decisions.pxi calls and the hooks of cext/common/mcts.pxi, with their
# exact signatures. The kernel defines the functions `cdef inline` (play.pyx's includes:
# state.pxi, policies.pxi), so the C compiler still inlines them into the generic loops.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from cext.common.interrupt cimport Interrupt
from cext.shoo.constants cimport HISTORY_PLIES, MAX_DEPTH, RECENT, Rules
from cext.shoo.field cimport field_t


ctypedef struct Pos:
    field_t foot[2]          # each seat's travellers on foot
    field_t rider[2]         # each seat's mounted travellers (each on its horse)
    field_t horse            # free horses
    int stable_horses[2]
    int stabled[2]
    int pasture[2]
    int side                 # seat to move
    int held                 # the last mover's held horse, or NONE
    int shoo                 # the side to move's shooed traveller, or NONE
    int hush_to              # the last move a hush may undo: its square, or NONE
    int hush_how             # H_STEP, H_DISMOUNT, H_RETURN
    int hush_origin
    int ply


ctypedef struct Moves:
    uint64_t *keys
    int n
    bint overflow
    field_t still            # gen_actions: the mover's shoo targets of a move that moves no
                             # traveller (a horse's: call, lead, hold, retire; a pass)
    field_t ones, twos       # ... the squares one / two or more of the mover's travellers
                             # but the one moving (frm) touch
    field_t theirs           # ... the opponent's travellers on foot outside their home
    int per_to               # ... room a move with its shoos takes at most: 2 + theirs


ctypedef struct Entry:
    uint64_t key               # the position's Zobrist key
    int stamp                  # the search that stored it (entries of others are empty)
    int depth
    int value
    int bound                  # B_EXACT, B_LOWER, B_UPPER
    uint64_t move              # the best move found (packed)


ctypedef struct Work:
    Moves root                 # the moves of the game's position
    int *values                # greedy's value of each root move; a search iteration's
    int *order                 # search's root moves (indices), in the order tried
    int *scores                # ... each root move's value in the last completed iteration
    uint8_t *banned            # the moves a player may not choose (ban), by index
    int64_t nodes              # positions the players evaluated or searched (benchmarks)
    # greedy_values: the travel of the mover's travellers outside its home area by each set of
    # free home squares (home_index), filled once a call (home_stamp == home_gen)
    int home_gen
    int home_stamp[512]
    int home_travel[512]
    # the search (solver.shoo.search.AlphaBeta)
    Entry *table
    uint64_t *buffer           # moves of the nodes on the search path, 2 * MAXMOVES each
    int completed              # root moves the last iteration searched
    int *evals                 # their leaves' values and the order's, 2 * MAXMOVES a height
    uint64_t killers[MAX_DEPTH + 1]
    int stamp
    int64_t searched           # nodes of this search
    int64_t limit
    int root_ply
    bint abortable
    bint aborted
    bint overflow


ctypedef struct Config:
    field_t home[2]
    int home_base[2]         # the lowest square of each home area (a 3 x 3 block)
    const int8_t *home_distance[2]   # [subset * NSQ + s]: the distance from s to the nearest
                                     # square of a subset of the home area (home_index)
    field_t first_row[2]
    Rules rules              # the rules dataclass's fields (solver/shoo/rules.py), made into
                             # constants.pxd from it (numbergames.solver.kernel_rules)
    int policy[2]            # P_* of each seat
    int budget[2]            # search-N's N; mcts-N's N
    const Config *rollout    # mcts: the same rules with greedy in both seats (Setup's)
    bint simulates           # the rollout Config of mcts-N: a state reseeded under it is a
                             # simulation, cut off and valued by the evaluation (mcts_reseed)
    int players              # 2 (the rows' per-seat columns)
    Pos start                # the position every game starts from
    Work *w                  # the players' work space (Setup's)
    uint64_t *scratch        # room for one node's moves (legal_actions, apply_action)
    Interrupt *stop          # Ctrl-C and SIGTERM in long loops (cext/common/interrupt.pxd)


# A game on the decision API (solver.shoo.state.ShooState): one decision node a move, the
# side to move's; no chance nodes.
ctypedef struct State:
    Pos pos                  # the position
    bint over                # the game is over: winner, ended_by
    bint stopped             # a signal (or too many legal moves) stopped the game
    int winner               # the seat that won, DRAW, or NONE while the game goes on
    int ended_by             # ENDED_*, or NONE
    int decisions            # the result row's counters (ShooState's)
    int hushes
    int shoos[2]
    int shoo_offs[2]
    int captures[2]
    uint64_t choices         # the game's choice stream
    int nlegal               # this node's legal moves, once decide has counted them; or -1
    int32_t picked           # the action decide picked at this node, or -1
    uint64_t picked_key      # ... its packed move
    Pos recent[RECENT]       # the game's latest positions (ShooState.recent), a ring:
    int nrecent              # ... position k at recent[k % RECENT]; how many so far
    uint64_t hushed          # the side to move's last move, hushed back by the opponent's
                             # last move: its action fields (replays), or NO_HUSHED
                             # (ShooState.hushed: player memory, not in same_position)
    int sim_stop             # an mcts-N simulation: the move count it ends at (0: not one)
    Pos seen[HISTORY_PLIES + 1]   # the position after each move, when the rules draw by
                                  # repetition (ShooState.seen; ply - start ply)


# -- the decision API and the mcts hooks, declared once for every game over this State and
# Config (defined in state.pxi, policies.pxi and play.pyx) -----------------------------------
include "cext/common/decision_api.pxi"
