"""The ``analyze`` console script: :func:`numbergames.analyze.cli.main`, with Ctrl-C and SIGTERM
handled from the first instant (while the heavy modules are still being imported) to the
last (a signal after the work is done changes nothing, so it is ignored then). SIGTERM
stops a run as Ctrl-C does, with exit status 143 instead of 130 (:mod:`numbergames.analysis.running.interrupts`)."""
from __future__ import annotations

import signal
import sys

from numbergames.analysis.running import interrupts

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as the command line's own; 143 (128 +
SIGTERM) after SIGTERM (:func:`numbergames.analysis.running.interrupts.exit_status`)."""


def main() -> int:
    interrupts.install()
    try:
        from numbergames.analyze.cli import main as run

        status = run()
    except KeyboardInterrupt:
        print("analyze: interrupted; no report was written", file=sys.stderr)
        status = interrupts.exit_status()
    except Exception:
        # a Ctrl-C inside a compiled module's start-up can surface as another error
        # (e.g. "ImportError: initialization failed"): it is still the Ctrl-C
        if not interrupts.received():
            raise
        print("analyze: interrupted; no report was written", file=sys.stderr)
        status = interrupts.exit_status()
    for signum in interrupts.SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    return status
