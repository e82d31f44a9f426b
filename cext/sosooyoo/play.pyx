# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""So-Soo-Yoo games in C: the decision API of solver/sosooyoo/state.py, fast.

The kernel's State is a game at one node of solver/sosooyoo/state.py: the same nodes (the
set-up's and each turn's placement rolls, moves die, moves, bumps, rings taken, lost and
discarded, say-the-numbers slips, the end of the turn), the same action ids in the same
ascending order, the same chance outcomes drawn from the same dice stream; its players are
those of solver/sosooyoo/policies.py, function by function under the same names, drawing
from the same choice stream. The reference engine's steps are Python generators
(solver/sosooyoo/engine.py: the set-up, a turn, a landing, a bump, placing rings); here each
is a frame on a small stack inside the State (its procedure, where it stands, its locals),
and run() carries the game on from frame to frame to its next node. The generic half —
the whole-game loop, play_chunk's rows, perft, KernelState — is cext/common/decisions.pxi.

The kernel has no import of solver/: the numbers it shares with that code (colours, dice,
codes, action ids, weights, result columns) come from cext/sosooyoo/constants.pxd, written
from it at build time, and the rules, the players and the board's tables (its moves,
distances and walks) come in as a plain configuration (solver/sosooyoo/kernel.py: config).
The games run without the GIL over plain C structs.

The game is split by concept behind the contract play.pxd declares (Config, Frame, State,
Setup, the decision API and the search hooks, checked by Cython): engine.pxi (rings, wins
and the engine's steps as frames), policies.pxi (the players, search-N, mcts-N and the
hooks), state.pxi (the decision API), each named after its twin in solver/sosooyoo/; this
file builds the Config (Setup) and holds the Python entry points.
"""
import numpy as np

include "cext/common/always_inline.pxi"

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
# what the kernel shares with solver/sosooyoo/ (and solver/kernel_rows.py), made from it at
# build time
from cext.sosooyoo.constants cimport *

# the game, concept by concept (the structs and the API they implement: play.pxd)
include "cext/sosooyoo/engine.pxi"
include "cext/sosooyoo/policies.pxi"
include "cext/sosooyoo/state.pxi"


cdef object state_view(const State* g, const Config* c):
    """solver/sosooyoo/kernel.py: state_view, of the kernel's State."""
    cdef int players = c.players, s
    seats = range(players)
    return (g.node, g.chooser, g.subject, tuple([g.pos[s] for s in seats]),
            tuple([tuple([g.held[s][col] for col in range(NCOL)]) for s in seats]),
            tuple([g.ring_space[col] for col in range(NCOL)]),
            tuple([g.boneyard[col] for col in range(NCOL)]), g.in_hand, g.mover, g.to_move,
            g.winner, g.turns, g.decision_turns, g.moves_left, g.roll,
            tuple([g.landings[s] for s in seats]), tuple([g.bumps[s] for s in seats]),
            tuple([g.swaps[s] for s in seats]), g.double_zeros,
            tuple([x for x in range(MAXS) if g.visited[x]]),
            tuple([tuple([x for x in range(MAXS) if g.said[s][x]]) for s in seats]),
            g.win_kind, g.decided_by, tuple([s for s in seats if (g.taken >> s) & 1]),
            int(g.decided), int(g.turn_bumped), int(g.turn_swapped), int(g.turn_double_zero))


cdef class Setup:
    """A kernel Config from a plain configuration (solver/sosooyoo/kernel.py: config),
    holding the tables it points into."""

    def __init__(self, config):
        cdef int seat, n, i, space
        cdef Config* c
        cdef object given = config["rules"], kept
        memset(&self.c, 0, sizeof(Config))
        c = &self.c
        c.rules = given                 # the rules' fields in one (a missing one: ValueError)
        kept = c.rules                  # back as a dict: Cython ignored any field not in Rules
        if kept != given:
            raise ValueError(f"the rules {sorted(given)} are not the kernel's {sorted(kept)}")
        if not 1 <= c.rules.players <= MAXP:
            raise ValueError(f"{c.rules.players} players: the kernel holds 1 to {MAXP}")
        c.players = c.rules.players     # the seats (cext/common's rows and KernelState)
        if not 1 <= c.rules.board_size < MAXS:
            raise ValueError(f"board of {c.rules.board_size} spaces: the kernel holds 1 to "
                             f"{MAXS - 1}")
        c.stride = c.rules.board_size + 1
        c.say_threshold = config["say_threshold"]
        for seat in range(c.players):
            c.policy[seat] = config["policy"][seat]
            c.budget[seat] = config["budget"][seat]
        table, product = config["targets"], config["product"]
        for space in range(1, c.rules.board_size + 1):
            n = len(table[space])
            if n > MAXT:
                raise ValueError(f"space {space} has {n} targets, more than {MAXT}")
            c.ntargets[space] = n
            c.product[space] = product[space]
            for i in range(n):
                c.targets[space][i] = table[space][i]
        self.dist, self.reach, self.landing = config["dist"], config["reach"], config["landing"]
        c.dist = &self.dist[0, 0]
        c.reach = &self.reach[0, 0, 0]
        c.landing = &self.landing[0, 0, 0]
        interrupt_init(&self.stop)
        c.stop = &self.stop
        self.rollout = self.c
        for seat in range(c.players):
            self.rollout.policy[seat] = P_ROLLOUT
            self.rollout.budget[seat] = 0
        self.rollout.rollout = NULL
        c.rollout = &self.rollout


def play_chunk(config, const uint64_t[::1] keys):
    """The games of ``keys`` (decisions.pxi's play_chunk_nodes: node by node)."""
    return play_chunk_nodes(config, keys)


include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"
