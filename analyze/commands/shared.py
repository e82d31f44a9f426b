"""What every command of ``analyze`` uses: printing what input may hold, the parser that
reports a usage error in one line, the argparse types, the options more than one command
takes (defined once), and the reading of ``--players`` / ``--set`` and of the command a
report records."""
from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Sequence
from typing import Any

from numbergames.analysis.running.errors import MAX_WORKERS, UserError
from numbergames.analysis.running.request import check_seed, check_workers
from numbergames.analysis.reports.formatting import shortened, terminal_text
from numbergames.solver.params import RulesError, parse_assignments, same_number

EXIT_USAGE = 2
DEFAULT_STORE = "reports/runs.sqlite"
"""The results store, relative to the current directory (see :mod:`numbergames.analysis.running.store`)."""


def print_text(text: str = "", file=None, flush: bool = False) -> None:
    """Print ``text`` (to standard output unless ``file``) with every control character
    but the line feed shown as ``\\xNN``: what the command prints holds text from input (a
    variant's name, a stored run's label), which must not drive the terminal. A failed
    write to standard output (a full disk; not a closed pipe) is :class:`OutputLost`."""
    try:
        print(terminal_text(text, lines=True), file=sys.stdout if file is None else file,
              flush=flush)
    except BrokenPipeError:
        raise
    except OSError as exc:
        if file is not None and file is not sys.stdout:
            raise
        raise OutputLost(exc) from exc


class OutputLost(Exception):
    """Standard output could not be written (``analyze games > /dev/full``): the command
    ends with one line on stderr and exit status 2 (:func:`numbergames.analyze.cli.main`)."""



class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line (and exit status 2), and whose
    epilog may be a function, called only when the help is shown."""

    def format_help(self) -> str:
        if callable(self.epilog):
            self.epilog = self.epilog()
        return super().format_help()

    def _print_message(self, message: str, file=None) -> None:
        """As argparse's, but a failed write of the help to standard output is
        :class:`OutputLost` (argparse drops the error: ``--help > /dev/full`` exited 0)."""
        if message:
            print_text(message.rstrip("\n"), file=file or sys.stderr)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        self._words = list(sys.argv[1:] if args is None else args)  # for error()
        return super().parse_known_args(args, namespace)

    def error(self, message: str):  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: "
                              f"{shortened(terminal_text(self._explained(message)))} "
                              f"(see {self.prog} --help)\n")

    def _explained(self, message: str) -> str:
        """argparse's message, naming the option at fault when an option this command does
        not take made its value be read as a positional choice (``analyze exact manhome
        --hands 5``: "argument analysis: invalid choice: '5'")."""
        match = re.fullmatch(r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)",
                             message)
        words = getattr(self, "_words", [])
        if match is None:
            return message
        for before, word in zip(words, words[1:]):
            if (repr(word) == match.group(2) and before.startswith("-")
                    and not any(flag.startswith(before.partition("=")[0])
                                for flag in self._option_string_actions)):
                return (f"{before} is not an option of {self.prog}, so {word!r} was read as "
                        f"the {match.group(1)}, which is one of {match.group(3)}")
        return message


def int_at_least(low: int, what: str):
    """An argparse type: an integer of at least ``low``, else "'x' is not a <what> integer"."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a {what} integer")
        return value
    return parse


class OneVariant(argparse.Action):
    """``--variant`` of a command that plays one set of rules: a second file is an error
    (argparse would keep the last one and drop the others without a word)."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            raise argparse.ArgumentError(self, f"given more than once: `{parser.prog}` takes one "
                                               "variant file (`analyze whatif` compares several)")
        setattr(namespace, self.dest, values)


def int_in(low: int, high: int, flag: str):
    """An argparse type: an integer from ``low`` to ``high``, else one line saying so."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{flag} must be a whole number from {low:,} to "
                                             f"{high:,}, not {text[:40]!r}")
        return value
    return parse


def path_text(text: str) -> str:
    """An argparse type: a path, which no file system lets hold a NUL character."""
    if "\x00" in text:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a path (it holds a NUL "
                                         "character)")
    return text


def checked_by(check):
    """An argparse type: the whole number ``check`` (a check of the request,
    :mod:`numbergames.analysis.running.request`) takes, else its one line: the parser and a request made in
    Python refuse alike, with one rule and one message."""
    def parse(text: str) -> int:
        try:
            value: Any = int(text)
        except ValueError:
            value = text
        try:
            return check(value)
        except UserError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return parse


positive_int = int_at_least(1, "positive")
workers_count = checked_by(check_workers)


OPTIONS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "sims": (("--sims",), dict(default="100000", metavar="N",
                               help="games to play: 1e6, 250000, 2.5e5 (default 1e5, at "
                                    "most 1e10)")),
    "players": (("--players",), dict(metavar="N",  # read by the rules, as --set players=N
                                     help="seats (same as --set players=N)")),
    "policy": (("--policy",), dict(metavar="NAME[,NAME...]",
                                   help="one policy for every seat or one per seat")),
    "seed": (("--seed",), dict(type=checked_by(check_seed), default=0,
                               help="seed of the run; same seed, same games (default 0)")),
    "workers": (("--workers",), dict(type=workers_count, metavar="N",
                                     help=f"local worker processes, 1 to {MAX_WORKERS:,} "
                                          "(default: every core)")),
    "scheduler": (("--scheduler",), dict(
        metavar="tcp://HOST:PORT", help="play the games on the workers of this Dask scheduler "
                                        "instead of local processes (same results)")),
    "set": (("--set",), dict(dest="assignments", action="append", default=[],
                             metavar="NAME=VALUE", help="change a rules parameter (repeatable)")),
    "variant": (("--variant",), dict(metavar="FILE.toml", action=OneVariant, type=path_text,
                                     help="rules changes from a TOML variant file (one)")),
    "out": (("--out",), dict(metavar="DIR", type=path_text, help="report folder")),
    "replace": (("--replace",), dict(action="store_true",
                                     help="let --out replace a report of another game, "
                                          "command or number of players (a report of the "
                                          "same is replaced without it)")),
    "quiet": (("--quiet",), dict(action="store_true", help="no progress and no summary table")),
    "store_path": (("--store",), dict(metavar="PATH", default=DEFAULT_STORE, type=path_text,
                                      help=f"the results store (default {DEFAULT_STORE})")),
}
"""Every option that more than one command takes, defined once: ``name -> (flags,
argparse keywords)``; :func:`add_options` adds them (a command may change the help or
the default)."""


def add_options(parser, *names: str, **changes: dict[str, Any]) -> None:
    """Add the shared options ``names`` to ``parser``; ``changes[name]`` overrides some of
    an option's argparse keywords (its help, its default). ``store`` adds ``--store`` and
    ``--no-store`` as one choice (changed by ``changes["store"]`` and
    ``changes["no_store"]``)."""
    for name in names:
        if name == "store":
            stores = parser.add_mutually_exclusive_group()
            flags, keywords = OPTIONS["store_path"]
            stores.add_argument(*flags, **{**keywords, "help": (
                f"results store: games it holds are loaded, new ones kept there (default "
                f"{DEFAULT_STORE})"), **changes.get("store", {})})
            stores.add_argument("--no-store", **{
                "action": "store_true",
                "help": "play every game; neither read nor write a results store",
                **changes.get("no_store", {})})
            continue
        flags, keywords = OPTIONS[name]
        parser.add_argument(*flags, **{**keywords, **changes.get(name, {})})


def rules_values(args: argparse.Namespace) -> tuple[Any, dict[str, str]]:
    """``--players`` and the ``--set`` values; ``--set players=N`` is ``--players N``, and the
    two must agree when both are given."""
    try:
        values = parse_assignments(args.assignments)
    except RulesError as exc:
        raise UserError(str(exc)) from None
    players: Any = getattr(args, "players", None)
    if "players" in values:
        given = values.pop("players")
        if players is not None and not same_number(given, players):
            raise UserError(f"--players {players} and --set players={given} disagree; give "
                            "the number of players once")
        players = given
    return players, values


def recorded(argv: Sequence[str]) -> str:
    """The command a report records, to be run again on any machine: ``argv`` without
    ``--store PATH`` (where the games were kept changes no figure, and an absolute path
    names one machine's files; ``--store=PATH`` and argparse's abbreviations alike)."""
    words, skip = ["analyze"], False
    for word in argv:
        if skip:
            skip = False
            continue
        flag, equals, _ = word.partition("=")
        if len(flag) >= 4 and "--store".startswith(flag):
            skip = not equals
            continue
        words.append(word)
    return shlex.join(words)
