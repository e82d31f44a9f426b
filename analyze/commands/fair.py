"""``analyze fair GAME --lever NAME``: the value of a compensation rule that makes the game
fair, with an interval on it."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from numbergames.analysis.running.errors import UserError
from numbergames.solver.params import GRADED
from numbergames.solver.registry import GameSpec

from numbergames.analyze.commands.shared import add_options, print_text, recorded, rules_values
from numbergames.analyze.commands.targets import identity, interrupted, store_beside


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze fair GAME``, for the games of ``specs``."""
    fair = commands.add_parser(
        "fair", help="find the value of a compensation rule (a lever) that makes the game fair",
        description="Search a graded lever (a rules parameter that compensates later seats) "
                    "for the value where the first-player advantage is zero: every value "
                    "with the same seed (common random numbers), games added where the "
                    "answer is still open, bisection with a stated error rate; the answer "
                    "is measured again on fresh games.",
        epilog=lambda: "example: " + next(
            (f"analyze fair {spec.name} --lever {name} --precision 1"
             for spec in specs for name, p in spec.rules.levers().items() if p.lever == GRADED),
            "analyze fair GAME --lever NAME"))
    fair.add_argument("game", choices=[spec.name for spec in specs], help="the game")
    fair.add_argument("--lever", required=True, action="append", metavar="NAME",
                      help="the graded lever to search (analyze games lists each game's); "
                           "given twice with --length, the second is any numeric rules "
                           "parameter, searched for the target length")
    fair.add_argument("--length", type=float, metavar="ROUNDS",
                      help="a target mean length in rounds of the table: with a second "
                           "--lever, the pair whose fair game lasts so long")
    fair.add_argument("--range", action="append", metavar="LOW,HIGH",
                      help="the values searched (default: every value the lever allows); "
                           "a second --range for the second lever")
    fair.add_argument("--precision", type=float, default=1.0, metavar="POINTS",
                      help="a value is fair when its interval (at the search's error rate) "
                           "is within this many points of its advantage with 0 inside "
                           "(default 1)")
    add_options(fair, "sims", "players", "policy", "seed", "workers", "scheduler", "set",
                "variant", "out", "replace", "store", "quiet",
                sims={"default": "1000000",
                      "help": "the most games one value may take (default 1e6)"},
                seed={"help": "the seed every value uses (default 0)"},
                out={"help": "report folder (default reports/<game>/fair-<lever>)"})
    fair.set_defaults(handler=run)


def _to_stderr(message: str) -> None:
    print_text(message, file=sys.stderr, flush=True)


def _range(text: str | None) -> tuple[str | None, str | None]:

    if text is None:
        return None, None
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise UserError(f"--range must be two values LOW,HIGH (e.g. 0,20), not {text!r:.40}")
    return parts[0].strip(), parts[1].strip()


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.analysis.searches.fair import plan_fair
    from numbergames.analysis.searches.fair_report import format_table, write_report

    players, values = rules_values(args)
    ranges = args.range or []
    if len(ranges) > len(args.lever):
        raise UserError(f"{len(ranges)} --range for {len(args.lever)} --lever")
    low, high = _range(ranges[0] if ranges else None)
    second_range = _range(ranges[1]) if len(ranges) > 1 else None
    request = plan_fair(args.game, args.lever, args.sims, players=players, policy=args.policy,
                        seed=args.seed, workers=args.workers, variant=args.variant,
                        precision=args.precision, low=low, high=high, length=args.length,
                        second_range=second_range,
                        scheduler=args.scheduler, **values)
    out = args.out if args.out is not None else request.default_out()
    store = store_beside(out, args, identity(request.game, "fair", request.rules))
    say = None if args.quiet else _to_stderr
    try:
        result = request.run(store=store, command=recorded(argv), say=say)
        path = write_report(result, out)
    except KeyboardInterrupt:
        return interrupted(store)
    if not args.quiet:
        print_text(format_table(result))
        print_text(f"fair report written to {path}/report.md")
    return 0
