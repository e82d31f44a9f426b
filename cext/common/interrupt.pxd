# Ctrl-C and SIGTERM inside a kernel's long loops, for any game's kernel.
#
# Python runs a signal's handler only between bytecodes, never while a kernel runs in C
# with the GIL released: a perft or a search of minutes would ignore Ctrl-C for minutes.
# So every long loop counts its work into an Interrupt,
#
#     if interrupted(c.stop, 1):   # one unit of work done; True once a signal stopped us
#         break                    # unwind: every later call says True at once
#
# and every INTERRUPT_EVERY units the count runs out and interrupted() looks: it takes the
# GIL, lets Python run the handlers of the signals that arrived (PyErr_CheckSignals), and
# if one raised — KeyboardInterrupt for Ctrl-C; the `analyze` command's SIGTERM handler
# raises a KeyboardInterrupt too — keeps that exception and says so. The loop unwinds as
# fast as it can; the def wrapper, back with the GIL, calls interrupt_raise(), which raises
# the kept exception, so the partial results are never returned.
#
# A look also reports progress: interrupt_init(s, progress) with a Python callable makes
# every look call progress(done), ``done`` the units counted so far (the callable decides
# what to show and how often; if it raises, the loop stops as for a signal and the wrapper
# raises that exception).
#
# A unit is about a microsecond of work (a node of a game or of a search — an mcts walk's or
# playout's node, ply-N's expectimax node, Shoo's alpha-beta node —, a turn of Man Home's
# fast path, a move generation of Shoo, a few dozen layout nodes...): each call site says
# how many units its step is worth, and a search counts inside itself, never only once per
# decision (a ply-4 decision takes seconds), so that INTERRUPT_EVERY units take some
# milliseconds in every kernel and a signal stops any kernel within 0.1 CPU second
# (tests/test_kernels_look_for_signals.py), while the looks (a GIL
# round trip each, some hundred nanoseconds) cost nothing measurable. In a worker process
# (which ignores SIGINT; its parent stops it) or in any thread but the main one, a look
# finds nothing to do. An Interrupt pointer may be NULL: nothing is counted or looked at.
from libc.stdint cimport int64_t
from cpython.ref cimport PyObject

cdef extern from "Python.h":
    # declared without an exception value: a look keeps the exception itself
    int _interrupt_signals "PyErr_CheckSignals" ()
    void _interrupt_fetch "PyErr_Fetch" (PyObject **kind, PyObject **value, PyObject **trace)
    void _interrupt_restore "PyErr_Restore" (PyObject *kind, PyObject *value, PyObject *trace)
    PyObject *_interrupt_long "PyLong_FromLongLong" (long long value)
    PyObject *_interrupt_call "PyObject_CallOneArg" (PyObject *function, PyObject *argument)
    void _interrupt_decref "Py_DECREF" (PyObject *object)

cdef enum:
    INTERRUPT_EVERY = 1 << 14   # units of work between two looks (some milliseconds)

cdef struct Interrupt:
    int64_t left                # units until the next look
    int64_t done                # units counted so far
    PyObject *progress          # called with ``done`` at every look, or NULL (borrowed: the
                                # wrapper holds it)
    bint raised                 # a signal's handler raised: unwind, then interrupt_raise()
    PyObject *kind              # the exception it raised (owned references)
    PyObject *value
    PyObject *trace


cdef inline void interrupt_init(Interrupt *s, object progress=None):
    """Start counting (before the loop); ``progress``: a callable for every look, or None."""
    s.left = INTERRUPT_EVERY
    s.done = 0
    s.progress = NULL if progress is None else <PyObject *>progress
    s.raised = False
    s.kind = s.value = s.trace = NULL


cdef inline bint interrupt_look(Interrupt *s) noexcept nogil:
    """Run Python's pending signal handlers now, then report progress; True if a handler or
    the progress callable raised (the exception kept)."""
    cdef PyObject *done
    cdef PyObject *answer
    s.left = INTERRUPT_EVERY
    with gil:
        if _interrupt_signals() != 0:
            _interrupt_fetch(&s.kind, &s.value, &s.trace)
            s.raised = True
        elif s.progress != NULL:
            done = _interrupt_long(s.done)
            answer = NULL if done == NULL else _interrupt_call(s.progress, done)
            if done != NULL:
                _interrupt_decref(done)
            if answer == NULL:
                _interrupt_fetch(&s.kind, &s.value, &s.trace)
                s.raised = True
            else:
                _interrupt_decref(answer)
    return s.raised


cdef inline bint interrupted(Interrupt *s, int64_t work) noexcept nogil:
    """Count ``work`` units done; True once a signal's handler raised (see above)."""
    if s == NULL:
        return False
    if s.raised:
        return True
    s.done += work
    s.left -= work
    if s.left > 0:
        return False
    return interrupt_look(s)


cdef inline int interrupt_raise(Interrupt *s) except -1:
    """With the GIL, after the loop: raise the exception a signal's handler raised, if one
    did (the wrapper then returns nothing of its partial results)."""
    if s.raised:
        s.raised = False
        _interrupt_restore(s.kind, s.value, s.trace)
        s.kind = s.value = s.trace = NULL
        return -1
    return 0
