"""How far a long computation is, told to whoever listens.

A kernel's long loop reports its count of work every few milliseconds when it is given a
``progress`` callable (``cext/common/interrupt.pxd``): a perft its positions, the layout
search its nodes, a value iteration its updates. The solver code that calls such a kernel
passes ``reporter(describe)``, which turns that count into a line of text
(``describe(done)``) for the listener of the moment — or passes None, so the kernel reports
nothing, when nobody listens, as by default. A command line listens for the length of a
command (:func:`listening`): `analyze position` shows the line on the terminal, `analyze
exact` among its stage lines. The listener decides how often to show what it hears.

>>> heard = []
>>> with listening(heard.append):
...     report = reporter(lambda done: f"{done:,} nodes")
...     report(12345)
>>> heard, reporter(str) is None
(['12,345 nodes'], True)
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Listener = Callable[[str], None]

_LISTENER: ContextVar[Listener | None] = ContextVar("progress_listener", default=None)


@contextmanager
def listening(listener: Listener | None) -> Iterator[None]:
    """Let ``listener`` hear every progress line told in the block (None: nobody)."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def reporter(describe: Callable[[int], str]) -> Callable[[int], None] | None:
    """A kernel's ``progress`` callable that tells the listener ``describe(done)``, or None
    when nobody listens (the kernel then reports nothing)."""
    listener = _LISTENER.get()
    if listener is None:
        return None
    return lambda done: listener(describe(done))
