"""``analyze <game>``: a Monte Carlo analysis of one game, one command per registered game."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from numbergames.solver.registry import GameSpec
from numbergames.studies import find_study

from numbergames.analyze.commands.examples import rules_help
from numbergames.analyze.commands.shared import add_options, print_text, recorded, rules_values
from numbergames.analyze.commands.targets import identity, interrupted, store_beside


def add(commands, specs: Sequence[GameSpec]) -> None:
    """A command for each game of ``specs``."""
    for spec in specs:
        _add_game(commands, spec)


def _add_game(commands, spec: GameSpec) -> None:
    parser = commands.add_parser(
        spec.name, help=f"Monte Carlo analysis of {spec.title}",
        description=find_study(spec.name).description,
        epilog=rules_help(spec), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_options(parser, "sims", "players", "policy", "seed", "workers", "scheduler", "set",
                "variant", "out", "replace", "store", "quiet",
                policy={"help": f"one policy for every seat or one per seat (default "
                                f"{spec.players.default})"},
                out={"help": f"report folder (default reports/{spec.name}/<variant-name>)"})
    parser.add_argument("--keep-games", default="1e6", metavar="N",
                        help="rows kept in games.npz: the first N games (default 1e6; 0 keeps "
                             "none); every figure counts all games")
    parser.set_defaults(handler=run, game=spec.name)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """The front door's run (:meth:`numbergames.Game.simulate`): the game loaded with its
    rules, one request checked once, played and written."""
    import numbergames
    from numbergames.analysis.reports.report import format_terminal_summary

    players, values = rules_values(args)
    game = numbergames.load_game(args.game, variant=args.variant, players=players, **values)
    request = game.request(args.sims, policy=args.policy, seed=args.seed,
                           workers=args.workers, keep_games=args.keep_games,
                           scheduler=args.scheduler)
    out = args.out if args.out is not None else request.default_out()
    store = store_beside(out, args, identity(request.game, "run", request.rules))
    try:
        result = request.execute(progress=not args.quiet, command=recorded(argv), store=store)
        path = numbergames.write_report(result, out)
    except KeyboardInterrupt:
        return interrupted(store)
    if not args.quiet:
        print_text(format_terminal_summary({**result.summary, "out": str(path)}))
    return 0
