"""``analyze report``: every game's standard reports and the overview page."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from numbergames.analysis.running.errors import UserError
from numbergames.solver.registry import GameSpec

from numbergames.analyze.commands.shared import DEFAULT_STORE, add_options, print_text
from numbergames.analyze.commands.targets import interrupted, open_store


REPORT_RUN_OPTIONS = {
    "--games": ("games", None), "--sims": ("sims", "1000000"),
    "--skill-sims": ("skill_sims", "100000"), "--search-sims": ("search_sims", "4000"),
    "--whatif-sims": ("whatif_sims", "200000"), "--exact": ("exact", False),
    "--seed": ("seed", 0), "--workers": ("workers", None), "--scheduler": ("scheduler", None),
    "--store": ("store", DEFAULT_STORE), "--no-store": ("no_store", False)}
"""The options of ``analyze report`` that choose what is played, ``flag -> (name,
default)``: each is None when not given (so that ``--overview-only``, which plays nothing,
can refuse them), and then takes its default."""


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze report``: every registered game, whatever ``specs``."""
    parser = commands.add_parser(
        "report", help="regenerate every game's standard reports and the overview page",
        description="For every registered game: its standard Monte Carlo reports, its standard "
                    "what-if sweeps and its skill ladder (and with --exact its exact analysis), "
                    "then <out>/README.md ranking the games by first-player advantage, length "
                    "and skill versus luck.",
        epilog="example: analyze report --sims 1e6")
    parser.add_argument("--games", metavar="NAME[,NAME...]", help="only these games (default all)")
    add_options(parser, "sims", sims={"default": None,
                                       "help": "games of each standard report (default 1e6, at most 1e10)"})
    parser.add_argument("--skill-sims", metavar="N",
                        help="games per seat of the skill ladder's fixed matches (default 1e5, "
                             "at most 1e10)")
    parser.add_argument("--search-sims", metavar="N",
                        help="games per seat of its search matches (default 4000, at most 1e10)")
    parser.add_argument("--whatif-sims", metavar="N",
                        help="games per variant of its standard what-if sweeps (default 2e5, at "
                             "most 1e10)")
    parser.add_argument("--exact", action="store_true", default=None,
                        help="also every game's own exact analyses (with their default options)")
    parser.add_argument("--overview-only", action="store_true",
                        help="only rebuild the overview page from the reports already written "
                             "in the reports folder (no option that plays games applies)")
    add_options(parser, "seed", "workers", "scheduler", "out", "store", "quiet",
                seed={"default": None, "help": "seed of every run (default 0)"},
                out={"default": "reports", "help": "the reports folder (default reports)"},
                quiet={"help": "no progress"}, store={"default": None},
                no_store={"default": None})
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.studies.overview import check_games, regenerate, write_overview
    from numbergames.analysis.searches.simulation import parse_sims

    if args.overview_only:
        given = [flag for flag, value in REPORT_RUN_OPTIONS.items()
                 if getattr(args, value[0]) is not None]
        if given:
            raise UserError(f"{given[0]} does not apply to analyze report --overview-only, "
                            "which only rebuilds the overview page from the reports already "
                            "written; drop --overview-only to write the reports")
        path = write_overview(args.out, existing=True)
    else:
        for flag, (name, default) in REPORT_RUN_OPTIONS.items():  # not given: the default
            if getattr(args, name) is None:
                setattr(args, name, default)
        chosen = check_games(None if args.games is None else args.games.split(","))
        if args.scheduler is not None:
            from numbergames.analysis.running.cluster import check_scheduler

            check_scheduler(args.scheduler)
        sims, skill_sims = parse_sims(args.sims), parse_sims(args.skill_sims, "--skill-sims")
        search_sims = parse_sims(args.search_sims, "--search-sims")
        whatif_sims = parse_sims(args.whatif_sims, "--whatif-sims")
        store = None if args.no_store else open_store(args.store, create=True)

        def say(stage: str) -> None:
            if not args.quiet and sys.stderr.isatty():
                print_text(f"analyze report: {stage}", file=sys.stderr)

        try:
            path = regenerate(args.out, games=chosen, sims=sims, skill_sims=skill_sims,
                              search_sims=search_sims, whatif_sims=whatif_sims,
                              seed=args.seed, workers=args.workers,
                              store=store, scheduler=args.scheduler, exact=args.exact,
                              progress=not args.quiet, say=say)
        except KeyboardInterrupt:
            return interrupted(store, "the reports finished before are written, the one in "
                                       "progress and the overview page are not")
    if not args.quiet:
        print_text(f"overview written to {path}")
    return 0
