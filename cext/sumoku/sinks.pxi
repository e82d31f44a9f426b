# The sinks a play stream fills (what a caller keeps of the plays: their number, the play
# at one index, the first best, the best few, the best score); twin: solver/sumoku/policies.py
# (GreedyPolicy's first best play, top_plays). Included by cext/sumoku/play.pyx before moves.pxi.

cdef enum:
    NOSCORE = -1000000
    TOPMAX = WIDTH + MCTS_WIDTH   # more plays than a sink keeps (lookahead's, mcts-N's)

cdef enum:               # what a sink keeps
    S_COUNT = 0
    S_FIND = 1
    S_GREEDY = 2
    S_TOP = 3
    S_MAX = 4

cdef struct Sink:
    int mode
    long count              # plays seen
    long target             # S_FIND: the index wanted
    bint stop
    bint bound              # skip branches that cannot beat what is kept (S_GREEDY, S_TOP,
                            # S_MAX); then count is no longer every play, only >= 2 is known
    Play found              # S_FIND: the play at target; S_GREEDY: the first best
    long found_index
    int best                # S_GREEDY, S_MAX: the best score
    int best_rank           # S_GREEDY: the rank of its window (Gen.cur_rank)
    int ntop                # S_TOP: the best plays by score, then index, at most width
    int width
    Play top[TOPMAX]
    long top_index[TOPMAX]


# ------------------------------------------------------------------------------ sinks

cdef inline void keep(Sink* sink, const Play* p, long index, int rank) noexcept nogil:
    """What the sink keeps of the play at ``index`` (counted already) of window ``rank``."""
    cdef int j, pos
    if sink.mode == S_FIND:
        if index == sink.target:
            sink.found = p[0]
            sink.found_index = index
            sink.stop = True
    elif sink.mode == S_GREEDY:
        if p.score > sink.best or (p.score == sink.best and rank < sink.best_rank):
            sink.best = p.score
            sink.best_rank = rank
            sink.found = p[0]
            sink.found_index = index
    elif sink.mode == S_MAX:
        if p.score > sink.best:
            sink.best = p.score
    elif sink.mode == S_TOP:
        pos = sink.ntop
        while pos > 0 and sink.top[pos - 1].score < p.score:
            pos -= 1
        if pos < sink.width:
            j = sink.ntop if sink.ntop < sink.width else sink.width - 1
            while j > pos:
                sink.top[j] = sink.top[j - 1]
                sink.top_index[j] = sink.top_index[j - 1]
                j -= 1
            sink.top[pos] = p[0]
            sink.top_index[pos] = index
            if sink.ntop < sink.width:
                sink.ntop += 1


cdef inline void emit(Sink* sink, const Play* p, int rank) noexcept nogil:
    cdef long index = sink.count
    sink.count += 1
    keep(sink, p, index, rank)


cdef void sink_init(Sink* sink, int mode, long target) noexcept nogil:
    sink.mode = mode
    sink.bound = False
    sink.count = 0
    sink.target = target
    sink.stop = False
    sink.best = NOSCORE
    sink.best_rank = 1 << 30
    sink.ntop = 0
    sink.width = WIDTH
    sink.found_index = -1
