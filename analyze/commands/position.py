"""``analyze position GAME [NOTATION]``: one position, its moves, search and perft."""
from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from numbergames.analysis.running import interrupts
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.reports.formatting import terminal_text
from numbergames.solver.progress import listening
from numbergames.solver.registry import GameSpec, find_game
from numbergames.studies import find_study

from numbergames.analyze.commands.shared import (ArgumentParser, add_options, int_in, path_text,
                                     positive_int, print_text, rules_values)


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze position <game> [<notation>]`` for the games with a position notation."""
    with_tool = [(spec, find_study(spec.name).position) for spec in specs
                 if find_study(spec.name).position is not None]
    if not with_tool:
        return
    parser = commands.add_parser(
        "position", help="examine one position: the board, its legal moves, search, perft",
        description="One position of a game with a position notation: the board as text, "
                    "the legal moves and what the game shows of the position; --search N "
                    "adds the best move its search player finds and its value, --perft D the "
                    "number of move sequences of each depth.",
        epilog="examples: " + "; ".join(
            f"analyze position {spec.name} {tool.example}".rstrip() for spec, tool in with_tool))
    per_game = parser.add_subparsers(title="games", metavar="GAME", required=True,
                                     parser_class=ArgumentParser)
    for spec, tool in with_tool:
        game = per_game.add_parser(spec.name, help=f"{spec.title} positions")
        game.add_argument("notation", nargs="?", default=None,
                          help=f"the position in {spec.title}'s {tool.notation} "
                               "(default: the start, where the game has one)")
        game.add_argument("--file", metavar="PATH", type=path_text,
                          help="read the position from a file (- for standard input)")
        # a game without search or perft says why it has none
        game.add_argument("--search", metavar="N", **(
            dict(type=int_in(1, tool.max_search, "--search"),
                 help=f"{tool.search_help} (N = 1..{tool.max_search:,})") if tool.max_search
            else dict(type=positive_int, help=f"(no search for {spec.title} positions)")))
        game.add_argument("--perft", metavar="D", **(
            dict(type=int_in(1, tool.max_perft, "--perft"),
                 help=f"count the move sequences of every depth 1..D (D = 1..{tool.max_perft})")
            if tool.max_perft else
            dict(type=positive_int, help=f"(no move sequences in {spec.title} positions)")))
        game.add_argument("--json", action="store_true", help="machine-readable output")
        add_options(game, "set", "variant")
        game.set_defaults(handler=run, game=spec.name)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    import json

    from numbergames.analysis.searches.simulation import build_rules

    spec = find_game(args.game)
    tool = find_study(args.game).position
    players, values = rules_values(args)
    rules, _ = build_rules(spec, args.variant, values, players)
    notation = args.notation
    if args.file is not None:
        if notation is not None:
            raise UserError("give the position either as an argument or with --file, not both")
        notation = _read_text(args.file)
    if notation is not None and not notation.strip():  # given, and empty: never the start
        source = ("standard input" if args.file == "-" else f"the file {args.file}"
                  if args.file is not None else "the position given")
        raise UserError(f"{source} is empty: give a {spec.title} {tool.notation}"
                        + (" (or leave it out for the start position)" if tool.has_start
                           else ""))
    try:
        with status_line(f"analyze position {spec.name}") as progress, listening(progress):
            info = tool.load("describe")(rules, notation, args.search or 0, args.perft or 0)
    except ValueError as exc:  # a malformed or impossible position, a bad request
        raise UserError(str(exc)) from None
    except KeyboardInterrupt:
        print_text("analyze: interrupted; nothing was written", file=sys.stderr)
        return interrupts.exit_status()
    print_text(json.dumps(info, indent=2) if args.json else tool.load("render")(info))
    return 0


@contextmanager
def status_line(prefix: str, enabled: bool = True) -> Iterator[Callable[[str], None]]:
    """A function that shows how far a long computation is, on one line of standard error
    rewritten at most twice a second with the time taken (tqdm's; nothing when standard
    error is not a terminal); the line is cleared at the end."""
    from tqdm import tqdm

    bar = tqdm(total=None, bar_format="{desc} [{elapsed}]", disable=None if enabled else True,
               leave=False, file=sys.stderr, mininterval=0.5)
    shown = [0.0]

    def progress(text: str) -> None:
        now = time.monotonic()
        if not bar.disable and now - shown[0] >= 0.5:
            shown[0] = now
            bar.set_description_str(terminal_text(f"{prefix}: {text}"))
    try:
        yield progress
    finally:
        bar.close()


def _read_text(path: str) -> str:
    """The text of ``path`` (``-``: standard input), UTF-8 of at most
    :data:`numbergames.solver.notation.MAX_BYTES` (a leading byte-order mark dropped); one line when it
    cannot be read."""
    from numbergames.solver.notation import MAX_BYTES
    from numbergames.solver.textfile import TextError, read_utf8

    hint = "; a position is a few lines"
    try:
        if path == "-":
            if sys.stdin is None:  # started with it closed (<&-)
                raise UserError("standard input is closed: give the position as an argument "
                                "or in a file (--file PATH)")
            stdin = getattr(sys.stdin, "buffer", None)
            if stdin is None:  # a text stream in its place (a test's)
                stdin = io.BytesIO(sys.stdin.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape"))
            return read_utf8(stdin, "standard input", MAX_BYTES, hint)
        with open(path, "rb") as handle:
            return read_utf8(handle, f"position file {path!r}", MAX_BYTES, hint)
    except TextError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
