"""Ctrl-C and SIGTERM that are never lost.

Python turns SIGINT into KeyboardInterrupt in whatever code runs at that instant; when that
is a garbage-collector or weak-reference callback, the exception is printed as "ignored"
and the run goes on as if nothing happened. :func:`install` (done by the ``analyze``
console script) records every SIGINT as well, and :func:`check`, called where work can
stop cleanly (after each chunk of games, before a report folder is swapped in), raises
KeyboardInterrupt once one was recorded. :func:`deferred` holds Ctrl-C back through a
step that must not be cut in the middle (starting or stopping worker processes), with
:func:`handled`, the one place that installs handlers for a block and puts the old ones
back (the test suite's guard against signals sent to the test process uses it too).

SIGTERM (``kill PID``, a supervisor stopping the job) stops a run the same way: it raises
:class:`Terminated`, a KeyboardInterrupt, so every path that handles Ctrl-C — the workers
stopped, the finished chunks kept in the results store, no report folder — handles it too;
only the exit status differs (:func:`exit_status`: 143 = 128 + SIGTERM, as a shell reports
a process that SIGTERM ended, against 130 after Ctrl-C).
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a run cleanly."""

_received = False
_terminated = False


class Terminated(KeyboardInterrupt):
    """SIGTERM: handled as Ctrl-C is, with exit status 143."""


def _record(signum: int) -> None:
    global _received, _terminated
    _received = True
    if signum == signal.SIGTERM:
        _terminated = True


def _interrupt() -> KeyboardInterrupt:
    """The exception of the signals recorded so far (SIGTERM wins)."""
    return Terminated() if _terminated else KeyboardInterrupt()


def _on_signal(signum, frame) -> None:
    _record(signum)
    raise _interrupt()


def install() -> None:
    """Record every SIGINT and SIGTERM, and raise KeyboardInterrupt (:class:`Terminated`
    for SIGTERM) as Python's default does for SIGINT."""
    if threading.current_thread() is threading.main_thread():
        for signum in SIGNALS:
            signal.signal(signum, _on_signal)


def received() -> bool:
    """Whether a SIGINT or SIGTERM arrived since :func:`install`."""
    return _received


def exit_status() -> int:
    """The exit status of an interrupted run: 143 (128 + SIGTERM) once a SIGTERM arrived,
    else 130 (128 + SIGINT)."""
    return 128 + (signal.SIGTERM if _terminated else signal.SIGINT)


def check() -> None:
    """Raise KeyboardInterrupt (or :class:`Terminated`) if a signal arrived since
    :func:`install`."""
    if _received:
        raise _interrupt()


@contextmanager
def handled(signums: Iterable[int], handler: Callable[[int, Any], Any]) -> Iterator[None]:
    """Run the block with ``handler`` as the handler of each of ``signums``, then put back
    the handlers they had. Outside the main thread, where Python runs no handler and cannot
    install one, the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, handler) for signum in signums}
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back until the block is done, then raise KeyboardInterrupt
    (or :class:`Terminated`).

    Blocking the signal would not do: any thread may take it (numpy's BLAS threads among
    them), and Python then raises it in the main thread all the same. So the block runs
    with a handler that only records the signal."""
    caught = []

    def record(signum, frame) -> None:
        _record(signum)
        caught.append(signum)

    with handled(SIGNALS, record):
        yield
    if caught:
        raise _interrupt()
