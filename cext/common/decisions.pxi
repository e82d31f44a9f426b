# The decision API's generic half in C, written once for every game's kernel: the seeded
# whole-game loop, perft, a chunk of games packed into result rows, and KernelState, the
# Python face of one kernel game (the differential tests walk it beside the reference).
#
# It is a Cython include, not a .pxd: it is compiled into each game's kernel, where it
# calls that game's own inline functions directly (the C compiler inlines them into the
# loop; no function table stands between a node and its game). The decisions are those of
# the reference engine's State (solver/decision.py, solver/<game>/state.py): the same
# nodes, the same action ids in the same ascending order, the same chance outcomes, drawn
# from the same dice stream; so one key plays one game in both engines, node by node.
#
# A game's kernel (cext/<game>/play.pyx) defines, before `include "cext/common/decisions.pxi"`,
# what its contract cext/<game>/play.pxd declares (Cython checks each definition against it):
#
#   from constants.pxd (written by setup.py, solver.kernel_constants and solver.kernel_rows):
#     CHANCE, TERMINAL          current_player()'s markers (solver.decision)
#     NGAME_COLUMNS, NSEAT_COLUMNS, COL_<NAME>, SEATCOL_<NAME>
#                               the result row: the game-level columns of the game's spec in
#                               order, then each per-seat column ``players`` wide
#     MAX_ACTIONS               more than any node's legal actions or chance outcomes
#   State       a struct of plain data (no owned pointers): a copy is ``h[0] = g[0]``
#   Config      a struct with ``int players`` and ``Interrupt* stop``
#   Setup       a cdef class holding ``cdef Config c`` (and what it points to, as typed
#               memoryviews), built by ``Setup(config)`` from the game's plain configuration
#   and these functions, all ``noexcept nogil`` but state_view:
#     void    game_start(State* g, const Config* c, uint64_t key)
#                 the start of a game; its dice and choice streams from ``key``
#     int     current_player(const State* g, const Config* c)
#                 the seat to decide, CHANCE or TERMINAL
#     int     legal_actions(const State* g, const Config* c, int32_t* actions)
#                 the legal actions (at a chance node: the outcomes), ascending; how many
#     int     chance_outcomes(const State* g, const Config* c, int32_t* outcomes,
#                             double* probabilities)
#     int32_t draw_chance(State* g, const Config* c)
#                 the outcome of this chance node from g's dice stream, drawn exactly as
#                 the reference engine's State.draw_chance draws it
#     void    apply_action(State* g, const Config* c, int32_t action)
#     int32_t decide(State* g, const Config* c, int seat)
#                 the seat's player (Config's codes) picks an action, drawing from g's
#                 choice stream as the reference's player does; a node with a single legal
#                 action gives it without drawing
#     void    returns(const State* g, const Config* c, double* out)
#                 per seat: 1 a win, a share of a draw, 0 a loss (0 while the game goes on)
#     void    write_row(const State* g, const Config* c, int32_t* row)
#                 the finished game's result row (see NGAME_COLUMNS)
#     object  state_view(const State* g, const Config* c)
#                 what the differential test compares after every action: the same value
#                 as the game's ``solver.<game>.kernel.state_view(reference_state)``
#   and the Python entry ``play_chunk(config, keys)``: play_chunk_nodes below, or the same
#   rows played faster (Man Home plays a turn at a time when no seat searches)
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc

from cext.common.interrupt cimport interrupt_raise, interrupted


cdef enum:
    DECISIONS_MAX_SEATS = 16     # more seats than any game has (returns' buffer)


cdef inline int row_width(const Config* c) noexcept nogil:
    return NGAME_COLUMNS + NSEAT_COLUMNS * c.players


cdef inline void play_game(State* g, const Config* c, uint64_t key) noexcept nogil:
    """One game from ``key`` to its end (solver.decision.play): the dice at chance nodes,
    each seat's player at its decisions; a node a unit of work (a player's search counts
    its own), the game abandoned once a signal arrived."""
    cdef int seat
    cdef int32_t action
    game_start(g, c, key)
    while True:
        seat = current_player(g, c)
        if seat == TERMINAL or interrupted(c.stop, 1):
            return
        if seat == CHANCE:
            action = draw_chance(g, c)
        else:
            action = decide(g, c, seat)
        apply_action(g, c, action)


cdef int64_t count_sequences(const State* g, const Config* c, int depth) noexcept nogil:
    """The node sequences of ``depth`` nodes from ``g`` (solver.decision.count_sequences,
    perft): decisions and chance outcomes alike; none from a game over too soon. Its
    buffers are on the heap (a game's MAX_ACTIONS may be large); -1 if memory ran out."""
    cdef int32_t* actions
    cdef State* h
    cdef int n, i
    cdef int64_t total = 0, part
    if depth == 0:
        return 1
    if current_player(g, c) == TERMINAL:
        return 0
    actions = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    h = <State*>malloc(sizeof(State))
    if actions == NULL or h == NULL:
        free(actions)
        free(h)
        return -1
    n = legal_actions(g, c, actions)
    if depth == 1:
        total = n
    else:
        for i in range(n):
            if interrupted(c.stop, 1):
                break
            h[0] = g[0]
            apply_action(h, c, actions[i])
            part = count_sequences(h, c, depth - 1)
            if part < 0:
                total = -1
                break
            total += part
    free(actions)
    free(h)
    return total


def play_chunk_nodes(config, const uint64_t[::1] keys):
    """Play one game per key with the configuration's players, node by node (the kernel's
    ``play_chunk`` calls it, or plays the same rows faster); returns the result rows, an
    int32 array of shape (n, NGAME_COLUMNS + NSEAT_COLUMNS * players) laid out as the
    game's spec declares its columns (solver.kernel_rows.split makes them columns), stored
    column by column (Fortran order: each column contiguous, as split reads them)."""
    cdef Setup setup = Setup(config)
    cdef const Config* c = &setup.c
    cdef Py_ssize_t n = keys.shape[0], i
    cdef int k, width = row_width(c)
    cdef State g
    cdef int32_t row[NGAME_COLUMNS + NSEAT_COLUMNS * DECISIONS_MAX_SEATS]
    columns_a = np.empty((width, n), dtype=np.int32)
    cdef int32_t[:, ::1] columns = columns_a
    with nogil:
        for i in range(n):
            play_game(&g, c, keys[i])
            if interrupted(c.stop, 1):    # a game a unit
                break
            write_row(&g, c, row)
            for k in range(width):
                columns[k, i] = row[k]
    interrupt_raise(c.stop)
    return columns_a.T


cdef class KernelState:
    """One kernel game through the decision API, for Python: the same methods as the
    reference engine's State (solver/decision.py), on the C state. Built at the start of
    the game of ``key`` with the players of ``config`` (for :meth:`decide`)."""
    cdef Setup setup
    cdef State g

    def __init__(self, config=None, uint64_t key=0):
        if config is not None:
            self.setup = Setup(config)
            game_start(&self.g, &self.setup.c, key)

    def current_player(self):
        return current_player(&self.g, &self.setup.c)

    def is_terminal(self):
        return current_player(&self.g, &self.setup.c) == TERMINAL

    def is_chance_node(self):
        return current_player(&self.g, &self.setup.c) == CHANCE

    def legal_actions(self):
        actions_a = np.empty(MAX_ACTIONS, dtype=np.int32)   # on the heap: it may be large
        cdef int32_t[::1] actions = actions_a
        cdef int n = legal_actions(&self.g, &self.setup.c, &actions[0])
        return actions_a[:n].tolist()

    def chance_outcomes(self):
        if current_player(&self.g, &self.setup.c) != CHANCE:
            raise ValueError("not a chance node")
        outcomes_a = np.empty(MAX_ACTIONS, dtype=np.int32)
        probabilities_a = np.empty(MAX_ACTIONS, dtype=np.float64)
        cdef int32_t[::1] outcomes = outcomes_a
        cdef double[::1] probabilities = probabilities_a
        cdef int n = chance_outcomes(&self.g, &self.setup.c, &outcomes[0], &probabilities[0])
        return list(zip(outcomes_a[:n].tolist(), probabilities_a[:n].tolist()))

    def apply_action(self, int32_t action):
        """Make ``action``; ValueError unless it is legal here."""
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal here")
        apply_action(&self.g, &self.setup.c, action)

    def draw_chance(self):
        """The outcome this chance node draws from the game's dice stream."""
        if current_player(&self.g, &self.setup.c) != CHANCE:
            raise ValueError("not a chance node")
        return draw_chance(&self.g, &self.setup.c)

    def decide(self):
        """The action the seat to move's player picks (from the game's choice stream)."""
        cdef int seat = current_player(&self.g, &self.setup.c)
        if seat == TERMINAL:
            raise ValueError("no legal action to decide: the game is over")
        if seat < 0:
            raise ValueError("not a decision node")
        cdef int32_t action
        with nogil:
            action = decide(&self.g, &self.setup.c, seat)
        interrupt_raise(self.setup.c.stop)
        return action

    def clone(self):
        cdef KernelState twin = KernelState()
        twin.setup = self.setup
        twin.g = self.g
        return twin

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        """A clone: OpenSpiel clones a Python state by deep copy (solver.spiel's
        kernel-backed bridge); the Setup is shared, as clone shares it."""
        return self.clone()

    def returns(self):
        cdef double out[DECISIONS_MAX_SEATS]
        returns(&self.g, &self.setup.c, out)
        return [out[i] for i in range(self.setup.c.players)]

    def row(self):
        """The result row of the finished game (as play_chunk gives it)."""
        if current_player(&self.g, &self.setup.c) != TERMINAL:
            raise ValueError("the game is not over")
        row_a = np.zeros(row_width(&self.setup.c), dtype=np.int32)
        cdef int32_t[::1] row = row_a
        write_row(&self.g, &self.setup.c, &row[0])
        return row_a

    def view(self):
        """What the differential test compares with the reference engine's state."""
        return state_view(&self.g, &self.setup.c)

    def count_sequences(self, int depth):
        """Perft from here (solver.decision.count_sequences), in C."""
        cdef int64_t total
        with nogil:
            total = count_sequences(&self.g, &self.setup.c, depth)
        interrupt_raise(self.setup.c.stop)
        if total < 0:
            raise MemoryError("no memory left to count the node sequences")
        return total

    def play(self):
        """Play on to the end with the configuration's players."""
        cdef int seat
        with nogil:
            while True:
                seat = current_player(&self.g, &self.setup.c)
                if seat == TERMINAL or interrupted(self.setup.c.stop, 1):
                    break
                if seat == CHANCE:
                    apply_action(&self.g, &self.setup.c, draw_chance(&self.g, &self.setup.c))
                else:
                    apply_action(&self.g, &self.setup.c, decide(&self.g, &self.setup.c, seat))
        interrupt_raise(self.setup.c.stop)
        return self
