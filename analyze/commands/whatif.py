"""``analyze whatif GAME``: rules-variant sweeps, every variant with the same seed."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from numbergames.solver.params import value_text
from numbergames.solver.registry import GameSpec
from numbergames.studies import find_study

from numbergames.analyze.commands.examples import EXAMPLE_SIMS
from numbergames.analyze.commands.shared import add_options, print_text, recorded, rules_values
from numbergames.analyze.commands.targets import identity, interrupted, store_beside


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze whatif GAME``, for the games of ``specs``."""
    whatif = commands.add_parser(
        "whatif", help="rules-variant sweeps: every variant with the same seed, compared game by game",
        description="Play the base rules, the grid of --vary variants and any further "
                    "--variant files with the same seed (common random numbers) and report "
                    "each variant's metrics and its paired difference from the base, with "
                    "Holm-adjusted p-values.",
        epilog=lambda: "example: " + next(
            (f"analyze whatif {spec.name} " + " ".join(
                f"--vary {name}={','.join(map(value_text, values))}"
                for name, values in find_study(spec.name).standard_whatifs[0].items())
             + f" --sims {EXAMPLE_SIMS}"
             for spec in specs if find_study(spec.name).standard_whatifs),
            "analyze whatif GAME --vary NAME=V1,V2"))
    whatif.add_argument("game", choices=[spec.name for spec in specs], help="the game")
    whatif.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2,...",
                        help="a rules parameter and its values (repeatable; the grid is their "
                             "product, at most 64 variants)")
    add_options(whatif, "sims",
                sims={"help": "games per variant (the ceiling with --precision; default 1e5, "
                              "at most 1e10)"})
    whatif.add_argument("--precision", type=_precision, metavar="H",
                        help="grow the games until the paired 95%% half-width of seat 0's "
                             "win-rate difference is at most H (e.g. 0.002) for every variant")
    add_options(whatif, "players", "policy", "seed", "workers", "scheduler", "set", "variant",
                "out", "replace", "store", "quiet",
                players={"help": "seats of the base rules (and of every variant file)"},
                seed={"help": "the seed every variant uses (default 0)"},
                set={"help": "change a rules parameter of the base and of every variant file "
                             "(repeatable)"},
                variant={"action": "append",
                         "help": "a TOML variant file (repeatable): the first gives the base "
                                 "rules; each further file is a variant compared with it "
                                 "(--vary is then optional)"},
                out={"help": "report folder (default reports/<game>/whatif-<varied names>, or "
                             "whatif-<file 1>-vs-<file 2>... with variant files)"})
    whatif.set_defaults(handler=run)


def _to_stderr(message: str) -> None:
    print_text(message, file=sys.stderr, flush=True)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.analysis.searches.whatif import parse_vary, plan_sweep
    from numbergames.analysis.searches.whatif_report import format_table, write_report

    players, values = rules_values(args)
    request = plan_sweep(args.game, parse_vary(args.vary), args.sims, players=players,
                         policy=args.policy, seed=args.seed, workers=args.workers,
                         variants=args.variant, precision=args.precision,
                         scheduler=args.scheduler, **values)
    out = args.out if args.out is not None else request.default_out()
    # opened once every variant is checked, so bad input leaves no store behind
    store = store_beside(out, args, identity(request.game, "what-if", request.plans[0].rules))
    say = None if args.quiet or not sys.stderr.isatty() else _to_stderr
    try:
        result = request.run(store=store, command=recorded(argv), say=say,
                             progress=not args.quiet)
        path = write_report(result, out)
    except KeyboardInterrupt:
        return interrupted(store)
    if not args.quiet:
        print_text(format_table(result))
        print_text(f"what-if report written to {path}/report.md")
    return 0


def _precision(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (value > 0 and value < 1):
        raise argparse.ArgumentTypeError(f"{text!r} is not a half-width between 0 and 1 (e.g. 0.002)")
    return value
