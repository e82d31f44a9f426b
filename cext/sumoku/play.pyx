# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sumoku main games in C: the decisions of solver/sumoku/state.py (SumokuState), fast.

The game is the decision API of cext/common/decisions.pxi (its header is the contract):
the same nodes as the reference State — deal (CHANCE, one tile a node), start tie (CHANCE),
key (CHANCE), play and bonus play (the seat to move), refill (CHANCE, one tile a node),
over — with the same action ids (a play's index in the canonical list of the node's plays,
solver/sumoku/moves.py; PASS where there is none), the same chance outcomes and the same
draws from the dice stream; the players are those of solver/sumoku/policies.py, drawing
from the choice stream as they do. The pxi's play_game / play_chunk play whole games.

The game is split by concept behind the contract play.pxd declares (Config, Play, State,
Setup and the decision API, checked by Cython): board.pxi (tiles and the board), sinks.pxi
(what a stream of plays keeps), moves.pxi (the move generator), walk.pxi (its line walk),
bounds.pxi (its best-first search), state.pxi (the decision API), policies.pxi (the players
and mcts-N's hooks), each naming its twin in solver/sumoku/; this file builds the Config
(Setup) and holds the Python entry points.
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset
from libc.math cimport exp

from cext.common.dice cimport DICE_CHOICE_SALT, dice_below, dice_choose, dice_word
from cext.common.interrupt cimport Interrupt, interrupt_init, interrupt_raise, interrupted
# what the kernel shares with solver/sumoku/, made from it at build time
from cext.sumoku.constants cimport (
    CHANCE, COL_BAG_LEFT, COL_BONUS_TURNS, COL_DECISION_TURNS, COL_KEY, COL_MARGIN, COL_PASSES,
    COL_TILES_LEFT, COL_TURNS, COL_WINNER, COPIES, DRAW, FREE, KEY_FACES, K_CHALLENGE, K_DIE,
    MCTS_EXPLORATION_PERMILLE, MCTS_SCALE, MCTS_TURNS, MCTS_WIDTH,
    K_FIXED, MAXP, MAX_BUDGET, MAX_LINE, MIN_LINE, NFACES, NGAME_COLUMNS, NINE, NKINDS,
    NSEAT_COLUMNS, NTILES, NUMBERS, PASS, PH_BONUS, PH_DEAL, PH_KEY, PH_OVER, PH_PLAY,
    PH_REFILL, PH_START, P_GREEDY, P_LOOKAHEAD, P_MCTS, P_RANDOM, P_ROLLOUT, P_SEARCH,
    SEATCOL_BONUS_TURNS, SEATCOL_PENALTY, SEATCOL_SCORE, SEATCOL_TILES, SINGLE_TILE_BOTH, SIX,
    ORDER_FIXED, SIX_VALUE_PER_LINE, START_SMALLEST_HAND, START_TIE_RANDOM, STUCK_DRAW, TERMINAL,
    WIDTH)

# the game, concept by concept (the structs and the API they implement: play.pxd)
include "cext/sumoku/board.pxi"
include "cext/sumoku/sinks.pxi"
include "cext/sumoku/moves.pxi"
include "cext/sumoku/walk.pxi"
include "cext/sumoku/bounds.pxi"
include "cext/sumoku/state.pxi"
include "cext/sumoku/policies.pxi"


cdef object state_view(const State* g, const Config* c):
    """solver.sumoku.kernel.state_view of the same state: everything that matters for the
    rest of the game but the streams (and the bag's order, which is the dice's)."""
    cdef int counts[NKINDS]
    cdef int i, k, p, r, cc
    memset(counts, 0, sizeof(counts))
    for i in range(g.drawn, NTILES):
        counts[g.bag[i] // COPIES] += 1
    bag = tuple((k, counts[k]) for k in range(NKINDS) if counts[k])
    hands = tuple(tuple(g.hand[p][i] // COPIES for i in range(g.nhand[p]))
                  for p in range(c.players))
    cells = []
    for i in range(g.ntiles):
        r = g.cell_r[i]
        cc = g.cell_c[i]
        cells.append(((r - ORIGIN, cc - ORIGIN), (g.grid[r][cc] - 1, g.value[r][cc])))
    n = c.players
    return (g.phase, g.to_move, g.key, g.pending, g.idle, bool(g.decided), bool(g.acted),
            g.turns, g.decision_turns, g.passes, tuple(g.tied[i] for i in range(g.ntied)),
            bag, hands, tuple(sorted(cells)), tuple(g.scores[p] for p in range(n)),
            tuple(g.penalties[p] for p in range(n)), tuple(g.placed[p] for p in range(n)),
            tuple(g.bonuses[p] for p in range(n)))

# ------------------------------------------------------------------------------ Python

cdef class Setup:
    """A kernel Config for rules and players (and the playouts' Config), with the scratch
    State a search player's playouts run on."""

    def __init__(self, config):
        """``config``: the plain configuration of solver.sumoku.kernel.config (the rules,
        each seat's player code and budget, and whether decide's ids are exact)."""
        cdef object given = config["rules"], kept
        memset(&self.c, 0, sizeof(Config))
        c = &self.c
        c.rules = given                 # the rules' fields in one (a missing one: ValueError)
        kept = c.rules                  # back as a dict: Cython ignored any field not in Rules
        if kept != given:
            raise ValueError(f"the rules {sorted(given)} are not the kernel's {sorted(kept)}")
        players = c.rules.players
        if not 2 <= players <= MAXP or len(config["policy"]) != players:
            raise ValueError(f"need 2 to {MAXP} players and one player code each")
        c.players = players             # the seats (cext/common's rows and KernelState)
        c.key_mode = config["key_mode"]
        c.fixed_key = config["fixed_key"]
        c.exact = config["exact_actions"]
        if not 1 <= c.rules.hand <= MAXHAND:
            raise ValueError(f"a hand of {c.rules.hand} tiles")
        for seat in range(players):
            c.policy[seat] = config["policy"][seat]
            c.budget[seat] = config["budget"][seat]
            if not ((P_RANDOM <= c.policy[seat] <= P_SEARCH
                     and 0 <= c.budget[seat] <= MAX_BUDGET)
                    or (c.policy[seat] == P_MCTS and 1 <= c.budget[seat] <= MCTS_MAX_BUDGET)):
                raise ValueError(f"bad player code or budget for seat {seat}")
        interrupt_init(&self.stop)
        c.stop = &self.stop
        self.scratch = np.zeros(sizeof(State), dtype=np.uint8)
        c.twin = <State*>&self.scratch[0]
        self.rollout = self.c
        for seat in range(c.players):
            self.rollout.policy[seat] = P_ROLLOUT
        self.rollout.exact = False
        self.rollout.rollout = NULL
        self.rollout.twin = NULL
        self.rollout.stop = NULL
        self.rollout.simulates = True
        c.rollout = &self.rollout


def play_chunk(config, const uint64_t[::1] keys):
    """The games of ``keys`` (decisions.pxi's play_chunk_nodes: node by node)."""
    return play_chunk_nodes(config, keys)


include "cext/common/decisions.pxi"
include "cext/common/mcts.pxi"


def count_plays(config, cells, hand, int key, int repeat=1):
    """The number of legal plays of ``hand`` (tiles) on a board of ``cells`` (``{(row,
    column): (kind, value)}``, the reference's Board.cells), as ``len(moves.legal_plays)``,
    under ``config`` (solver.sumoku.kernel.config); the generation runs ``repeat`` times
    (for timing)."""
    cdef Setup setup_ = Setup(config)
    cdef uint8_t[::1] buffer = np.zeros(sizeof(State), dtype=np.uint8)
    cdef State* s = <State*>&buffer[0]
    cdef Sink sink
    cdef int hand_a[MAXHAND]
    cdef int n = len(hand), i
    cdef Play play
    if n > MAXHAND or len(cells) > NTILES:
        raise ValueError("too many tiles")
    for i, t in enumerate(sorted(hand)):
        hand_a[i] = t
    for (r, c), (k, v) in cells.items():
        if not (-ORIGIN + 8 <= r < GRID - ORIGIN - 8 and -ORIGIN + 8 <= c < GRID - ORIGIN - 8):
            raise ValueError(f"cell {(r, c)} is off the grid")
        play = Play(n=1, r=[r + ORIGIN] + [0] * 5, c=[c + ORIGIN] + [0] * 5,
                    k=[k] + [0] * 5, v=[v] + [0] * 5, score=0, bonus=False)
        lay(s, &play)
    set_key(s, key)
    with nogil:
        for i in range(repeat):
            sink_init(&sink, S_COUNT, 0)
            legal_plays(s, &setup_.c, hand_a, n, &sink)
    return sink.count


def game_tiles(KernelState state):
    """Where each tile of a kernel game is (the copy of each kind, which ``view()`` leaves
    out), for the tests that follow every tile: the board (``{(row, column): (kind,
    value)}``, the reference's coordinates), the hands' tiles by seat, the bag left in
    drawing order (once shuffled), the tiles drawn, the dealing order, the scores, the key
    and the turns."""
    cdef const State* g = &state.g
    cdef int players = state.setup.c.players, i, r, c
    board = {}
    for i in range(g.ntiles):
        r, c = g.cell_r[i], g.cell_c[i]
        board[(r - ORIGIN, c - ORIGIN)] = (g.grid[r][c] - 1, g.value[r][c])
    return {"board": board,
            "hands": [[g.hand[p][j] for j in range(g.nhand[p])] for p in range(players)],
            "bag": [g.bag[j] for j in range(g.drawn, NTILES)], "drawn": g.drawn,
            "dealt": [g.dealt[p] for p in range(players)],
            "scores": [g.scores[p] for p in range(players)], "key": g.key, "turns": g.turns}
