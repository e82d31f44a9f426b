"""Ctrl-C that is never lost.

Python turns SIGINT into KeyboardInterrupt in whatever code runs at that instant; when that
is a garbage-collector or weak-reference callback, the exception is printed as "ignored"
and the run goes on as if nothing happened. :func:`install` (done by the ``analyze``
console script) records every SIGINT as well, and :func:`check`, called where work can
stop cleanly (after each chunk of games, before a report folder is swapped in), raises
KeyboardInterrupt once one was recorded. :func:`deferred` holds Ctrl-C back through a
step that must not be cut in the middle (starting worker processes).
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_received = False


def _on_sigint(signum, frame) -> None:
    global _received
    _received = True
    raise KeyboardInterrupt


def install() -> None:
    """Record every SIGINT (and raise KeyboardInterrupt as Python's default does)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)


def received() -> bool:
    """Whether a SIGINT arrived since :func:`install`."""
    return _received


def check() -> None:
    """Raise KeyboardInterrupt if a SIGINT arrived since :func:`install`."""
    if _received:
        raise KeyboardInterrupt


@contextmanager
def deferred() -> Iterator[None]:
    """Hold a Ctrl-C back until the block is done, then raise KeyboardInterrupt.

    Blocking the signal would not do: any thread may take it (numpy's BLAS threads among
    them), and Python then raises it in the main thread all the same. So the block runs
    with a handler that only records the signal."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []

    def record(signum, frame) -> None:
        global _received
        _received = True
        caught.append(signum)

    previous = signal.signal(signal.SIGINT, record)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
