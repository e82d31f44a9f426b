"""``analyze skill GAME``: skill versus luck, the skill ladder and the luck share."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from numbergames.solver.registry import GameSpec

from numbergames.analyze.commands.examples import first_game
from numbergames.analyze.commands.shared import add_options, print_text, recorded, rules_values
from numbergames.analyze.commands.targets import identity, interrupted, store_beside


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze skill GAME`` for the games of ``specs`` with a skill ladder."""
    ladders = [spec.name for spec in specs if len(spec.players.ladder) >= 2]
    parser = commands.add_parser(
        "skill", help="skill versus luck: the skill ladder and the luck share of a game",
        description="Every player of the game's skill ladder (fixed policies, then each search "
                    "family at doubling budgets) against the one below and against the "
                    "weakest, from every seat; the luck share: how much of the results coin "
                    "flips would have to decide in a pure-skill game to look like this one.",
        epilog=f"example: analyze skill {first_game(specs)} --sims 1e4 --search-sims 100")
    parser.add_argument("game", choices=ladders, help="the game")
    add_options(parser, "sims",
                sims={"help": "games per seat for matches of fixed players (default 1e5, at "
                                 "most 1e10)"})
    parser.add_argument("--search-sims", default="4000", metavar="N",
                        help="games per seat for matches with a search player (default 4000, at "
                             "most 1e10)")
    parser.add_argument("--top-sims", default=None, metavar="N",
                        help="games per seat for the matches of the search chains' tops "
                             "(against the weakest and the luck baseline, the strongest fixed "
                             "player and each other: the luck share and 'beats it from every "
                             "seat' rest on them; default --search-sims, at most 1e10)")
    parser.add_argument("--budgets", metavar="[FAMILY=]N,N,...", action="append",
                        help="a search family's budgets, increasing, each at most the family's "
                             "largest (`analyze games` shows it). N,N,... alone: the first "
                             "family's, the others left off; FAMILY=N,N,... (repeatable): that "
                             "family's, FAMILY= leaves it off (default: every family, at the "
                             "game's doubling budgets)")
    parser.add_argument("--openspiel", default="0", metavar="N",
                        help="games per seat of the game's search against OpenSpiel's MCTSBot "
                             "at equal simulations (default 0: none; needs the openspiel "
                             "extra)")
    add_options(parser, "players", "seed", "workers", "scheduler", "set", "variant", "out",
                "replace", "store", "quiet", seed={"help": "seed of every match (default 0)"},
                out={"help": "report folder (default reports/<game>/skill for the standard "
                              "rules)"})
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.analysis.searches.simulation import REPORTS_ROOT
    from numbergames.analysis.searches.skill import default_folder, format_ladder, parse_budgets, plan_skill
    from numbergames.analysis.searches.skill_report import write_report
    from numbergames.studies import find_study

    players, values = rules_values(args)
    budgets = None if args.budgets is None else parse_budgets(args.budgets)
    request = plan_skill(args.game, args.sims, args.search_sims, budgets=budgets,
                         seed=args.seed, workers=args.workers, players=players,
                         variant=args.variant, openspiel=args.openspiel,
                         top_sims=args.top_sims, scheduler=args.scheduler,
                         presentation=find_study(args.game), **values)
    store = store_beside(args.out if args.out is not None else
                          REPORTS_ROOT / request.game.name
                          / default_folder(request.game, request.rules, request.variant), args,
                          identity(request.game, "skill ladder", request.rules))
    try:
        ladder = request.execute(store=store, progress=not args.quiet, command=recorded(argv))
        path = write_report(ladder, args.out)
    except KeyboardInterrupt:
        return interrupted(store)
    if not args.quiet:
        print_text(format_ladder(ladder))
        print_text(f"report written to {path}/report.md")
    return 0
