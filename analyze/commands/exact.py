"""``analyze exact GAME [ANALYSIS]``: a game's own exact analyses, as each game registers them."""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from numbergames.analysis.running.errors import UserError
from numbergames.solver.progress import listening
from numbergames.solver.registry import GameSpec, find_game
from numbergames.studies import find_study

from numbergames.analyze.commands.shared import (ArgumentParser, add_options, print_text, recorded,
                                     rules_values)
from numbergames.analyze.commands.targets import check_targets, identity

PROGRESS_EVERY_S = 10.0
"""How often `analyze exact` adds a line of progress within a long stage."""


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze exact <game> [<analysis>]``, built from what each game registers."""
    parser = commands.add_parser(
        "exact", help="solve a game exactly where it can be (its own analyses)",
        description="A game's own exact analyses: state search, optimal play, solved boards, "
                    "each with the checks it registers. `analyze exact GAME --help` lists them.",
        epilog="example: analyze exact " + next(
            (f"{spec.name} --sims 2e5" for spec in sorted(specs, key=lambda s: s.name)
             if find_study(spec.name).analyses[:1]
             and find_study(spec.name).analyses[0].monte_carlo), "GAME"))
    per_game = parser.add_subparsers(title="games", metavar="GAME", required=True,
                                     parser_class=ArgumentParser)
    for spec in specs:
        analyses = find_study(spec.name).analyses
        if not analyses:
            continue
        game = per_game.add_parser(
            spec.name, help=f"{spec.title}: " + "; ".join(a.title for a in analyses),
            description="\n".join(f"{a.name}: {a.title} — {a.description}"
                                  for a in analyses),
            formatter_class=argparse.RawDescriptionHelpFormatter)
        game.add_argument("analysis", nargs="?", choices=[a.name for a in analyses],
                          default=analyses[0].name,
                          help=f"which analysis (default {analyses[0].name})")
        add_options(game, "out", "replace", "quiet",
                    out={"help": "report folder (default reports/<the analysis's folder>)"})
        if any(a.monte_carlo for a in analyses):
            add_options(game, "sims", "seed", "workers",
                        sims={"default": None,
                              "help": "Monte Carlo games per check, or per cell as the "
                                      "analysis says (default: the analysis's own: "
                                      + ", ".join(f"{a.name} {a.sims:,}" for a in analyses
                                                  if a.monte_carlo) + ")"},
                        seed={"help": "seed of the checks (default 0)"})
        elif any(a.parallel for a in analyses):
            add_options(game, "workers")
        if any(a.takes_rules for a in analyses):
            add_options(game, "set", "variant", *(
                ["players"] if "players" in spec.rules.parameters() else []))
        seen = set()
        for analysis in analyses:
            for option in analysis.options:
                if option.name in seen:
                    continue
                seen.add(option.name)
                flag = "--" + option.name.replace("_", "-")
                sharing = [(a.name, o) for a in analyses for o in a.options
                           if o.name == option.name]
                text = option.help if len(sharing) == 1 else "; ".join(
                    f"{name}: {o.help}" for name, o in sharing)
                if option.kind is bool:  # None when not given: each analysis's own default
                    game.add_argument(flag, dest=f"option_{option.name}", action="store_true",
                                      default=None, help=text)
                else:  # the text, parsed by the chosen analysis's own Option (its range)
                    game.add_argument(flag, dest=f"option_{option.name}", default=None,
                                      help=text, metavar=option.name.upper())
        game.set_defaults(handler=run, game=spec.name)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.analysis.searches.simulation import build_rules, parse_sims

    spec, study = find_game(args.game), find_study(args.game)
    analysis = study.analysis(args.analysis)
    own = {o.name for o in analysis.options}
    for other in study.analyses:
        for o in other.options:
            if o.name not in own and getattr(args, f"option_{o.name}") is not None:
                raise UserError(f"--{o.name.replace('_', '-')} does not apply to analyze exact "
                                f"{spec.name} {analysis.name}")
    options: dict[str, Any] = {}
    for o in analysis.options:  # not given: this analysis's own default
        value = getattr(args, f"option_{o.name}")
        if value is None or o.kind is bool:
            options[o.name] = o.default if value is None else value
            continue
        try:  # each analysis its own range (two may share an option's name)
            options[o.name] = o.parse(value)
        except ValueError as exc:
            raise UserError(f"{exc} (analyze exact {spec.name} {analysis.name})") from None
    if not analysis.monte_carlo and getattr(args, "sims", None) is not None:
        raise UserError(f"--sims does not apply to analyze exact {spec.name} {analysis.name} "
                        "(it samples nothing)")
    if analysis.monte_carlo:
        options.update(sims=parse_sims(analysis.sims if args.sims is None else args.sims),
                       seed=args.seed, workers=args.workers)
    elif analysis.parallel:
        options["workers"] = args.workers
    elif getattr(args, "workers", None) is not None:
        raise UserError(f"--workers does not apply to analyze exact {spec.name} "
                        f"{analysis.name} (it runs in one process)")
    if analysis.takes_rules:
        players, values = rules_values(args)
        options["rules"], _ = build_rules(spec, args.variant, values, players)
    elif getattr(args, "assignments", None) or getattr(args, "variant", None):
        raise UserError(f"analyze exact {spec.name} {analysis.name} solves fixed rules; "
                        "--set and --variant do not apply to it")
    out = args.out if args.out is not None else f"reports/{analysis.folder}"
    check_targets(out, options.get("store") or None,  # an analysis's own --store
                   identity(spec, f"exact {analysis.name}"), args.replace)
    start = time.perf_counter()

    def say(stage: str) -> None:
        if not args.quiet:
            print_text(f"[{time.perf_counter() - start:6.1f} s] {stage}", file=sys.stderr)

    heard = [time.perf_counter()]

    def hear(progress: str) -> None:  # a long solve's progress, every ten seconds
        if time.perf_counter() - heard[0] >= PROGRESS_EVERY_S:
            heard[0] = time.perf_counter()
            say(f"  ... {progress}")

    try:
        with listening(hear):
            path = analysis.load()(out, command=recorded(argv), say=say,
                                   **options)
    except ValueError as exc:  # the analysis refuses these rules
        raise UserError(str(exc)) from None
    if not args.quiet:
        print_text(f"{analysis.title}: written to {path}/report.md")
    return 0
