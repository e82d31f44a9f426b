"""``analyze``: the command line, a thin layer over :mod:`numbergames.analysis.searches.simulation`.

Every registered game gets its own command (``analyze <game> --sims 1e6``);
``analyze games`` lists the games, their players and their rules parameters;
``analyze runs`` lists the runs in the results store and ``analyze compare A B``
compares two of them; ``analyze whatif GAME --vary name=v1,v2`` sweeps rules variants.
Bad input ends with one line on stderr and exit status 2.

Each command is a module of :mod:`numbergames.analyze.commands` with ``add(commands, specs)``, which
adds its parser, and ``run(args, argv)``, which runs it; this module builds the parser
from them and runs the command given.
"""
from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Sequence

from numbergames.analysis.running import interrupts
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.reports.formatting import shortened, terminal_text
from numbergames.solver.registry import GameSpec, find_game, game_names, games

from numbergames.analyze.commands import (compare, exact, fair, games as listing, position, report, run,
                              runs, skill, whatif)
from numbergames.analyze.commands.examples import run_example
from numbergames.analyze.commands.shared import EXIT_USAGE, ArgumentParser, OutputLost, print_text

COMMANDS = (run, exact, position, whatif, fair, skill, report, listing, runs, compare)
"""The command modules, in the order ``analyze --help`` lists their commands."""


class _ClosedOutput(io.TextIOBase):
    """Standard output of a command started with it closed (``analyze games >&-``, where
    Python's sys.stdout is None): a write fails as on a closed descriptor, so the command
    ends as when its output is lost (:func:`_output_lost`); one that prints nothing
    succeeds."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it is closed")

    def fileno(self) -> int:
        return 1


def _drop_stdout() -> None:
    """Point standard output at the null device: what it still buffers goes nowhere."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _output_lost(exc: BaseException) -> int:
    """The one line for output that could not be written; exit status 2. What standard
    output still buffers is dropped, so that Python's own flush at exit cannot fail
    again (with "Exception ignored ..." and status 120)."""
    from numbergames.analysis.running.folders import describe_os_error

    cause = exc.__cause__ if isinstance(exc, OutputLost) else exc
    _drop_stdout()
    reason = describe_os_error(cause) if isinstance(cause, OSError) else str(cause)
    print_text(f"analyze: error: cannot write to standard output: {reason}", file=sys.stderr)
    return EXIT_USAGE


COMMANDS_OF_ONE_GAME = ("exact", "position", "whatif", "fair", "skill")
"""The commands whose next word names the one game they are about."""
COMMANDS_OF_NO_GAME = ("runs", "compare")
"""The commands about the results store (the games of its runs are loaded when needed)."""


def games_of(argv: Sequence[str]) -> list[GameSpec]:
    """The games the command of ``argv`` is about — its game alone when it names one, none
    for the store's commands, every game otherwise (the overview, the help): a command
    about one game imports that game only."""
    names = game_names()
    first = argv[0] if argv else ""
    if first in names:
        return [find_game(first)]
    if first in COMMANDS_OF_ONE_GAME and len(argv) > 1 and argv[1] in names:
        return [find_game(argv[1])]
    if first in COMMANDS_OF_NO_GAME:
        return []
    return list(games().values())


def build_parser(specs: Sequence[GameSpec] | None = None) -> ArgumentParser:
    """The parser of every command, with the game commands of ``specs`` (default: every
    registered game)."""
    specs = list(games().values()) if specs is None else list(specs)
    parser = ArgumentParser(
        prog="analyze",
        description="Analyse number games by simulation: fairness, length, first-player advantage.",
        epilog=lambda: "example: " + (run_example(specs[0]) if specs else "analyze GAME"))
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True,
                                     parser_class=ArgumentParser)
    for command in COMMANDS:
        command.add(commands, specs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command of ``argv`` (default ``sys.argv[1:]``); its exit status: 0, 2 after
    bad input or output that could not be written (one line on stderr), 130 / 143 after
    Ctrl-C / SIGTERM."""
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    elif getattr(sys.stdout, "errors", None) == "strict" and hasattr(sys.stdout, "reconfigure"):
        # an encoding without a character printed (PYTHONIOENCODING=ascii and the em dash
        # of every title): an escape, as on stderr, not a UnicodeEncodeError
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        status = _command(argv)
        try:
            sys.stdout.flush()  # a full disk shows here, not in Python's flush at exit
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputLost(exc) from exc
        return status
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        _drop_stdout()
        return 0
    except OutputLost as exc:
        return _output_lost(exc)


def _command(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(games_of(argv))
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error, already said in one line (2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        if getattr(args, "scheduler", None) is not None:  # before anything else
            from numbergames.analysis.running.cluster import reach_scheduler

            reach_scheduler(args.scheduler)
        return args.handler(args, argv)
    except UserError as exc:
        print_text(f"analyze: error: {shortened(terminal_text(exc))}", file=sys.stderr)  # one line
        return EXIT_USAGE
    except KeyboardInterrupt:
        print_text("analyze: interrupted; no report was written", file=sys.stderr)
        return interrupts.exit_status()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())