# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Man Home in C: the decision API of the reference engine (solver/manhome/state.py), fast.

The contract is play.pxd, which Cython checks this module against: the C ``Config`` and
``State`` and the decision API's functions and mcts hooks that the shared code calls. The
rest is one include file a concept, each named after its readable twin in solver/manhome/
and opening with what it holds: state.pxi (the board, a turn's nodes, the decision API),
policies.pxi (each seat's player: random, greedy, the table players, expert, search, and
mcts-N's hooks), race.pxi (ply-N and adapt-N on the race evaluation) and fast_path.pxi
(whole turns for the fixed players); this file holds the Python face: ``Setup`` (a
configuration into C) and the entry points.

The nodes of a turn, their action ids (ascending), the chance outcomes and their
probabilities, and what a chance node draws from the dice stream are exactly those of
``solver/manhome/state.py`` (its module docstring); ``decide`` is each seat's player of
``solver/manhome/policies.py``, drawing from the choice stream exactly as it does. The
generic half — the seeded whole-game loop, perft, the node-by-node result rows of
``play_chunk_nodes`` and ``KernelState`` — is ``cext/common/decisions.pxi``, included at
the end. When no seat searches, ``play_chunk`` plays a turn at a time (``fast_game``: the
same draws, decisions and games, without the nodes); ``play_chunk_nodes`` stays the
reference.

The numbers both engines share (the board's size, the move kinds, phases, action ids and
outcomes, the prime factors of every square, the players' and tie rules' codes, the greedy
player's ranks, the result rows' columns) come from cext/manhome/constants.pxd, written from
the solver's readable code when the package is built (solver/manhome/kernel.py); the rules,
players and solved tables come in as a plain configuration (``kernel.config``). The hot loop
runs without the GIL over plain C structs.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset

from cext.common.bits cimport bits_lowest
from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
from cext.manhome.constants cimport (
    A_ACTION, A_NEW_MAN, ATTACKER_WINS, CHANCE, COL_DECISION_TURNS, COL_TURNS, COL_WINNER, D6,
    DEATH, DEFENDER_HOLDS, EMPTY, FIRST_MOVE_ACTION, FIRST_SQUARE, HOME, IS_PRIME, K_DIV_PRIME,
    K_NEW_MAN, K_SUB_ONE, KIND_OF_ROLL, MAX_ACTIONS, MAXMOVES, MAXP, MOST_PRIMES, MOVE_TARGET,
    NGAME_COLUMNS, NKINDS, NPOLICIES, NSEAT_COLUMNS, O_DEATH, O_HOME, O_KILL, O_KILLED,
    ORDER_FIXED, ORDER_ROTATE, ORDER_SNAKE, MCTS_KEEP, O_MERGE, O_STAND, P_EXPERT, P_GREEDY, P_OPTIMAL, P_MCTS, P_MCTS_ROLLOUT, P_PLY, P_ADAPT,
    P_RANDOM, P_ROLLOUT, P_SEARCH, RACE_SCALE,
    P_SOLITAIRE, PH_ACT_ROLL, PH_FACE_OFF, PH_MOVE, PH_NEW_ROLL, PH_OPTION, PH_OVER,
    PRIME_COUNT, RANK_BACK, RANK_FIGHT, RANK_HOME, RANK_PRIME, RANK_SAFE, ROW, SEATCOL_DEATHS,
    SEATCOL_HOME, SEATCOL_KILLED, SEATCOL_KILLS, SEATCOL_TURNS, SQUARES, TERMINAL, TIE_ATTACKER,
    TIE_REROLL)
from cext.manhome.sides cimport SideSpaceC, side_index_bits, side_new_man_terms, side_space_init

include "cext/common/always_inline.pxi"

include "cext/manhome/state.pxi"
include "cext/manhome/policies.pxi"
include "cext/manhome/race.pxi"
include "cext/manhome/fast_path.pxi"


# -- Python entry points --------------------------------------------------------
cdef class Setup:
    """A kernel Config for a plain configuration (``solver.manhome.kernel.config``),
    holding the solved tables it points into."""
    cdef Config c
    cdef Config rollout
    cdef Config mcts_rollout
    cdef SideSpaceC spaces[NPOLICIES]
    cdef const uint8_t[:, ::1] solitaire        # the table players' solved decisions
    cdef const uint8_t[:, ::1] optimal
    cdef const int64_t[::1] goes                # the expert's values
    cdef const uint16_t[:, ::1] race            # ply's race table
    cdef const uint16_t[:, ::1] adapt           # adapt's
    cdef SideSpaceC race_space
    cdef Interrupt stop

    def __init__(self, config):
        cdef int seat, code
        cdef object given = config["rules"], kept
        policies, budgets = config["policy"], config["budget"]
        players = config["players"]
        if not 1 <= players <= MAXP or len(policies) != players or len(budgets) != players:
            raise ValueError(f"need 1 to {MAXP} seats and a policy and a budget each")
        memset(&self.c, 0, sizeof(Config))
        self.c.rules = given            # the rules' fields in one (a missing one: ValueError)
        kept = self.c.rules             # back as a dict: Cython ignored any field not in Rules
        if kept != given:
            raise ValueError(f"the rules {sorted(given)} are not the kernel's {sorted(kept)}")
        self.c.players = players
        self.c.plain_goes = self.c.rules.order == ORDER_FIXED and self.c.rules.head_start == 0
        for seat in range(players):
            self.c.next_seat[seat] = (seat + 1) % players
        for seat in range(players):
            code = policies[seat]
            if not 0 <= code <= P_ADAPT:
                raise ValueError(f"no policy code {code}")
            self.c.policy[seat] = code
            self.c.budget[seat] = budgets[seat]
        if (P_MCTS in policies and P_MCTS_ROLLOUT == P_EXPERT and config["goes"] is None):
            raise ValueError("mcts plays expert in its simulations: the expert's values "
                             "are needed")
        for code, (space, table) in config["tables"].items():
            if code == P_SOLITAIRE:
                self.solitaire = table
                self.c.tables[code] = &self.solitaire[0, 0]
            elif code == P_OPTIMAL:
                self.optimal = table
                self.c.tables[code] = &self.optimal[0, 0]
            else:
                raise ValueError(f"no table player of code {code}")
            side_space_init(&self.spaces[code], space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            self.c.spaces[code] = &self.spaces[code]
        if config["goes"] is not None:
            space, goes = config["goes"]
            self.goes = goes
            side_space_init(&self.spaces[P_EXPERT], space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            self.c.goes = &self.goes[0]
            self.c.spaces[P_EXPERT] = &self.spaces[P_EXPERT]
        if P_PLY in policies and config.get("race") is None:
            raise ValueError("ply plays on the race table: it is needed")
        if P_ADAPT in policies and (config.get("race") is None or config.get("adapt") is None):
            raise ValueError("adapt plays on the mixed race table: it is needed")
        if config.get("race") is not None:
            space, race = config["race"]
            self.race = race
            side_space_init(&self.race_space, space["board_rows"], space["men_per_player"],
                            space["men_to_win"], space["cap"])
            if race.shape[0] != self.race_space.size:
                raise ValueError("the race table does not fit its side numbering")
            self.c.race = &self.race[0, 0]
            self.c.race_columns = race.shape[1]
            self.c.race_space = &self.race_space
        if config.get("adapt") is not None:
            adapt = config["adapt"]
            if adapt.shape[0] != self.race_space.size or adapt.shape[1] != self.c.race_columns:
                raise ValueError("the mixed race table does not fit the race table")
            self.adapt = adapt
            self.c.adapt = &self.adapt[0, 0]
        self.c.q_num = config["q_num"]
        self.c.q_den = config["q_den"]
        self.c.bonus = config["bonus"]
        interrupt_init(&self.stop)
        self.c.stop = &self.stop
        # search players play their playouts with the rollout player in every seat
        self.rollout = self.c
        for seat in range(players):
            self.rollout.policy[seat] = P_ROLLOUT
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        self.rollout.mcts_rollout = NULL
        # mcts players play their simulations with the mcts rollout player in every seat
        self.mcts_rollout = self.rollout
        for seat in range(players):
            self.mcts_rollout.policy[seat] = P_MCTS_ROLLOUT
        self.c.rollout = &self.rollout
        self.c.mcts_rollout = &self.mcts_rollout


# the seeded whole-game loop, play_chunk_nodes, perft and KernelState over the functions above
include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"


def play_chunk(config, const uint64_t[::1] keys):
    """The rows of decisions.pxi's play_chunk_nodes, a turn at a time when no seat searches
    (fast_game); play_chunk_nodes, the reference, plays every game node by node."""
    cdef Setup setup = Setup(config)
    cdef const Config* c = &setup.c
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int k, width = row_width(c), same = fast_policy(c)
    cdef State g
    cdef int32_t row[NGAME_COLUMNS + NSEAT_COLUMNS * DECISIONS_MAX_SEATS]
    if same == -2:
        return play_chunk_nodes(config, keys)
    columns_a = np.empty((width, n), dtype=np.int32)
    cdef int32_t[:, ::1] columns = columns_a
    with nogil:
        for i in range(n):
            if same == P_RANDOM:
                fast_game(&g, c, keys[i], P_RANDOM)
            elif same == P_GREEDY:
                fast_game(&g, c, keys[i], P_GREEDY)
            elif same == P_SOLITAIRE:
                fast_game(&g, c, keys[i], P_SOLITAIRE)
            elif same == P_EXPERT:
                fast_game(&g, c, keys[i], P_EXPERT)
            else:
                fast_game(&g, c, keys[i], -1)
            if interrupted(c.stop, 1 + g.turns):    # a turn a unit
                break
            write_row(&g, c, row)
            for k in range(width):
                columns[k, i] = row[k]
    interrupt_raise(c.stop)
    return columns_a.T



def play_solitaire(config, const uint64_t[::1] keys):
    """One player alone (``config`` of one seat, the ``solitaire`` policy): the turns each
    game took to bring ``men_to_win`` men home, -1 when cut off (for checking the exact
    solitaire values)."""
    cdef Setup setup = Setup(config)
    cdef Py_ssize_t n = keys.shape[0], i
    cdef State g
    turns_a = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] turns = turns_a
    with nogil:
        for i in range(n):
            play_game(&g, &setup.c, keys[i])
            if interrupted(&setup.stop, 1):
                break
            turns[i] = g.turns if g.winner == 0 else -1
    interrupt_raise(&setup.stop)
    return turns_a
