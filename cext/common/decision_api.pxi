# The C decision API's contract, declared once for every game: the functions a kernel defines
# (cext/<game>/state.pxi, policies.pxi, play.pyx) and the shared code calls, the whole-game
# loop, perft and KernelState of cext/common/decisions.pxi (which states what each does) and
# the search of cext/common/mcts.pxi (its five hooks). Included by each cext/<game>/play.pxd
# after that game's own State and Config structs, so every declaration here names the game's
# own types; Cython checks the kernel's definitions against it (one that differs does not
# compile). A .pxd cannot declare an inline function with its body: the definitions keep
# their `cdef inline` and cext/common/always_inline.pxi makes the C compiler honour it.
from libc.stdint cimport int32_t, uint64_t

# -- the decision API (cext/common/decisions.pxi; solver/<game>/state.py) ---------------------
cdef void game_start(State* g, const Config* c, uint64_t key) noexcept nogil
cdef int current_player(const State* g, const Config* c) noexcept nogil
cdef int legal_actions(const State* g, const Config* c, int32_t* actions) noexcept nogil
cdef int chance_outcomes(const State* g, const Config* c, int32_t* outcomes,
                         double* probabilities) noexcept nogil
cdef int32_t draw_chance(State* g, const Config* c) noexcept nogil
cdef void apply_action(State* g, const Config* c, int32_t action) noexcept nogil
cdef int32_t decide(State* g, const Config* c, int seat) noexcept nogil
cdef void returns(const State* g, const Config* c, double* out) noexcept nogil
cdef void write_row(const State* g, const Config* c, int32_t* row) noexcept nogil
cdef object state_view(const State* g, const Config* c)

# -- the hooks of cext/common/mcts.pxi (solver/<game>/policies.py) ----------------------------
cdef void mcts_reseed(State* h, const Config* c, uint64_t key) noexcept nogil
cdef uint64_t* mcts_choices(State* g) noexcept nogil
cdef int mcts_actions(State* g, const Config* c, int32_t* actions) noexcept nogil
cdef double mcts_exploration() noexcept nogil
cdef double mcts_keep_z() noexcept nogil
