"""``analyze``: the command line, a thin layer over :mod:`analysis.simulation`.

Every registered game gets its own command (``analyze manhome --sims 1e6``);
``analyze games`` lists the games, their players and their rules parameters;
``analyze runs`` lists the runs in the results store and ``analyze compare A B``
compares two of them; ``analyze whatif GAME --vary name=v1,v2`` sweeps rules variants.
Bad input ends with one line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from collections.abc import Sequence
from typing import Any
from pathlib import Path

from analysis.errors import UserError
from solver.params import parse_assignments, RulesError
from solver.registry import GameSpec, games

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
DEFAULT_STORE = "reports/runs.sqlite"
"""The results store, relative to the current directory (see :mod:`analysis.store`)."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line (and exit status 2)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def int_at_least(low: int, what: str):
    """An argparse type: an integer of at least ``low``, else "'x' is not a <what> integer"."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {what} integer")
        return value
    return parse


positive_int = int_at_least(1, "positive")
non_negative_int = int_at_least(0, "non-negative")


def _rules_help(spec: GameSpec) -> str:
    lines = [f"rules parameters of {spec.name} (--set name=value):"]
    for name, param in spec.rules.parameters().items():
        default = getattr(spec.rules(), name)
        lines.append(f"  {name} = {str(default).lower() if isinstance(default, bool) else default}"
                     f"   {param.doc}; allowed: {param.allowed()}")
    lines.append(f"policies: {spec.policy_help()} (default {spec.default_policy})")
    name, param = next((n, p) for n, p in spec.rules.parameters().items() if n != "players")
    value = param.choices[-1] if param.choices else getattr(spec.rules(), name)
    lines.append(f"example: analyze {spec.name} --sims 1e6 --players 3 --policy greedy "
                 f"--set {name}={str(value).lower()} --seed 1")
    return "\n".join(lines)


def _add_game_command(commands, spec: GameSpec) -> None:
    parser = commands.add_parser(
        spec.name, help=f"Monte Carlo analysis of {spec.title}", description=spec.description,
        epilog=_rules_help(spec), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sims", default="100000", metavar="N",
                        help="games to play: 1e6, 250000, 2.5e5 (default 1e5)")
    parser.add_argument("--players", type=positive_int, metavar="N",
                        help="seats (same as --set players=N)")
    parser.add_argument("--policy", metavar="NAME[,NAME...]",
                        help=f"one policy for every seat or one per seat (default {spec.default_policy})")
    parser.add_argument("--seed", type=non_negative_int, default=0,
                        help="seed of the run; same seed, same games (default 0)")
    parser.add_argument("--workers", type=positive_int, metavar="N",
                        help="local worker processes (default: every core)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="play the games on the workers of this Dask scheduler instead of "
                             "local processes (same results)")
    parser.add_argument("--set", dest="assignments", action="append", default=[], metavar="NAME=VALUE",
                        help="change a rules parameter (repeatable)")
    parser.add_argument("--variant", metavar="FILE.toml", help="rules changes from a TOML variant file")
    parser.add_argument("--out", metavar="DIR",
                        help=f"report folder (default reports/{spec.name}/<variant-name>)")
    stores = parser.add_mutually_exclusive_group()
    stores.add_argument("--store", metavar="PATH", default=DEFAULT_STORE,
                        help=f"results store: games it holds are loaded, new ones kept there "
                             f"(default {DEFAULT_STORE})")
    stores.add_argument("--no-store", action="store_true",
                        help="play every game; neither read nor write a results store")
    parser.add_argument("--quiet", action="store_true", help="no progress and no summary table")
    parser.set_defaults(handler=_run_game, game=spec.name)


def _run_game(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.report import format_terminal_summary
    from analysis.simulation import plan

    players, values = _rules_values(args)
    request = plan(args.game, args.sims, players=players, policy=args.policy,
                   seed=args.seed, workers=args.workers, variant=args.variant, **values)
    if args.scheduler is not None:
        from analysis.cluster import check_scheduler

        check_scheduler(args.scheduler)
    out = args.out if args.out is not None else request.default_out()
    store = _store_beside(out, args)
    try:
        result = request.execute(progress=not args.quiet, command=shlex.join(["analyze", *argv]),
                                 store=store, scheduler=args.scheduler)
        path = result.write_report(out)
    except KeyboardInterrupt:
        return _interrupted(store)
    if not args.quiet:
        print(format_terminal_summary({**result.summary, "out": str(path)}))
    return 0


def _interrupted(store, written: str = "no report was written") -> int:
    """The one line after Ctrl-C in a run that may use a results store; exit status 130."""
    if store is None:
        print(f"analyze: interrupted; {written} and no games were kept (--no-store): "
              "the same command starts again from the first game", file=sys.stderr)
    else:
        print(f"analyze: interrupted; {written}; the chunks of games finished so far are "
              f"kept in the results store {store.path}, and running the same command again "
              f"resumes from them", file=sys.stderr)
    return EXIT_INTERRUPTED


def _to_stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _run_whatif(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.whatif import parse_vary, plan_sweep
    from analysis.whatif_report import format_table

    players, values = _rules_values(args)
    request = plan_sweep(args.game, parse_vary(args.vary), args.sims, players=players,
                         policy=args.policy, seed=args.seed, workers=args.workers,
                         variants=args.variant, precision=args.precision,
                         scheduler=args.scheduler, **values)
    out = args.out if args.out is not None else request.default_out()
    # opened once every variant is checked, so bad input leaves no store behind
    store = _store_beside(out, args)
    say = None if args.quiet or not sys.stderr.isatty() else _to_stderr
    try:
        result = request.run(store=store, command=shlex.join(["analyze", *argv]), say=say,
                             progress=not args.quiet)
        path = result.write_report(out)
    except KeyboardInterrupt:
        return _interrupted(store)
    if not args.quiet:
        print(format_table(result))
        print(f"what-if report written to {path}/report.md")
    return 0


def _precision(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (value > 0 and value < 1):
        raise argparse.ArgumentTypeError(f"{text!r} is not a half-width between 0 and 1 (e.g. 0.002)")
    return value


def _run_exact(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.folders import check_writable
    from analysis.simulation import parse_sims

    spec = games()[args.game]
    sims = parse_sims(args.sims)
    out = args.out if args.out is not None else f"reports/{spec.name}-exact"
    check_writable(out)
    start = time.perf_counter()

    def say(stage: str) -> None:
        if not args.quiet:
            print(f"[{time.perf_counter() - start:6.1f} s] {stage}", file=sys.stderr)

    path = spec.run_exact(out=out, sims=sims, seed=args.seed, workers=args.workers,
                          largest=args.largest, command=shlex.join(["analyze", *argv]), say=say)
    if not args.quiet:
        print(f"exact analysis of {spec.title} written to {path}/report.md")
    return 0


def _store_arguments(parser) -> None:
    stores = parser.add_mutually_exclusive_group()
    stores.add_argument("--store", metavar="PATH", default=DEFAULT_STORE,
                        help=f"results store: games it holds are loaded, new ones kept there "
                             f"(default {DEFAULT_STORE})")
    stores.add_argument("--no-store", action="store_true",
                        help="play every game; neither read nor write a results store")


def _run_skill(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.simulation import REPORTS_ROOT
    from analysis.skill import default_folder, format_ladder, parse_budgets, plan_skill

    players, values = _rules_values(args)
    budgets = None if args.budgets is None else parse_budgets(args.budgets)
    if args.scheduler is not None:
        from analysis.cluster import check_scheduler

        check_scheduler(args.scheduler)
    request = plan_skill(args.game, args.sims, args.search_sims, budgets=budgets,
                         seed=args.seed, workers=args.workers, players=players,
                         variant=args.variant, **values)
    store = _store_beside(args.out if args.out is not None else
                          REPORTS_ROOT / request.game.name
                          / default_folder(request.game, request.rules, request.variant), args)
    try:
        ladder = request.execute(store=store, scheduler=args.scheduler, progress=not args.quiet,
                                 command=shlex.join(["analyze", *argv]))
        path = ladder.write_report(args.out)
    except KeyboardInterrupt:
        return _interrupted(store)
    if not args.quiet:
        print(format_ladder(ladder))
        print(f"report written to {path}/report.md")
    return 0


def _run_report(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.overview import check_games, regenerate, write_overview
    from analysis.simulation import parse_sims

    if args.overview_only:
        path = write_overview(args.out)
    else:
        chosen = check_games(None if args.games is None else args.games.split(","))
        if args.scheduler is not None:
            from analysis.cluster import check_scheduler

            check_scheduler(args.scheduler)
        sims, skill_sims = parse_sims(args.sims), parse_sims(args.skill_sims, "--skill-sims")
        search_sims = parse_sims(args.search_sims, "--search-sims")
        whatif_sims = parse_sims(args.whatif_sims, "--whatif-sims")
        store = None if args.no_store else _open_store(args.store, create=True)

        def say(stage: str) -> None:
            if not args.quiet and sys.stderr.isatty():
                print(f"analyze report: {stage}", file=sys.stderr)

        try:
            path = regenerate(args.out, games=chosen, sims=sims, skill_sims=skill_sims,
                              search_sims=search_sims, whatif_sims=whatif_sims,
                              seed=args.seed, workers=args.workers,
                              store=store, scheduler=args.scheduler, exact=args.exact,
                              largest=args.largest, progress=not args.quiet, say=say)
        except KeyboardInterrupt:
            return _interrupted(store, "the reports finished before are written, the one in "
                                       "progress and the overview page are not")
    if not args.quiet:
        print(f"overview written to {path}")
    return 0


def _rules_values(args: argparse.Namespace) -> tuple[Any, dict[str, str]]:
    """``--players`` and the ``--set`` values; ``--set players=N`` is ``--players N``, and the
    two must agree when both are given."""
    try:
        values = parse_assignments(args.assignments)
    except RulesError as exc:
        raise UserError(str(exc)) from None
    players: Any = args.players
    if "players" in values:
        given = values.pop("players")
        if players is not None and given.strip() != str(players):
            raise UserError(f"--players {players} and --set players={given} disagree; give "
                            "the number of players once")
        players = given
    return players, values


def _store_beside(out, args: argparse.Namespace):
    """Check that the report folder ``out`` can be written and that the results store (of
    ``--store``, unless ``--no-store``) is not inside it — a report replaces its folder
    whole — then open the store (None with ``--no-store``)."""
    from analysis.folders import check_writable

    check_writable(out)
    if args.no_store:
        return None
    folder, store = Path(os.path.abspath(out)), Path(os.path.abspath(args.store))
    if folder in store.parents:
        raise UserError(f"the results store {args.store} is inside the report folder {out}, "
                        "which the report replaces whole; keep the store elsewhere")
    return _open_store(args.store, create=True)


def _open_store(path: str, create: bool):
    from analysis.store import Store

    return Store(path, create=create)


def _list_runs(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.compare import format_runs

    store = _open_store(args.store, create=False)
    print(format_runs(store.runs(), str(store.path)))
    return 0


def _compare_runs(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.compare import compare, format_comparison

    store = _open_store(args.store, create=False)
    print(format_comparison(compare(store, args.a, args.b)))
    return 0


def _list_games(args: argparse.Namespace, argv: Sequence[str]) -> int:
    for spec in games().values():
        print(f"{spec.name}: {spec.title} — {spec.description}")
        print("  " + _rules_help(spec).replace("\n", "\n  "))
    return 0


def _add_skill_command(commands) -> None:
    ladders = [name for name, spec in games().items() if len(spec.ladder) >= 2]
    parser = commands.add_parser(
        "skill", help="skill versus luck: the skill ladder and the luck share of a game",
        description="Every player of the game's skill ladder (fixed policies, then the search "
                    "player at doubling budgets) against the one below and against the "
                    "weakest, from every seat; the luck share: how much of the results coin "
                    "flips would have to decide in a pure-skill game to look like this one.",
        epilog="example: analyze skill manhome --sims 1e5 --search-sims 4000 --budgets 4,8,16,32")
    parser.add_argument("game", choices=ladders, help="the game")
    parser.add_argument("--sims", default="100000", metavar="N",
                        help="games per seat for matches of fixed players (default 1e5)")
    parser.add_argument("--search-sims", default="4000", metavar="N",
                        help="games per seat for matches with a search player (default 4000)")
    parser.add_argument("--budgets", metavar="N,N,...",
                        help="the search player's budgets, increasing (default: the game's, "
                             "doubling)")
    parser.add_argument("--players", type=positive_int, metavar="N", help="seats")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="seed of every match")
    parser.add_argument("--workers", type=positive_int, metavar="N", help="local worker processes")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="play the games on the workers of this Dask scheduler")
    parser.add_argument("--set", dest="assignments", action="append", default=[],
                        metavar="NAME=VALUE", help="change a rules parameter (repeatable)")
    parser.add_argument("--variant", metavar="FILE.toml", help="rules changes from a TOML file")
    parser.add_argument("--out", metavar="DIR",
                        help="report folder (default reports/<game>/skill for the standard rules)")
    _store_arguments(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress and no table")
    parser.set_defaults(handler=_run_skill)


def _add_report_command(commands) -> None:
    parser = commands.add_parser(
        "report", help="regenerate every game's standard reports and the overview page",
        description="For every registered game: its standard Monte Carlo reports, its standard "
                    "what-if sweeps and its skill ladder (and with --exact its exact analysis), "
                    "then <out>/README.md ranking the games by first-player advantage, length "
                    "and skill versus luck.",
        epilog="example: analyze report --sims 1e6")
    parser.add_argument("--games", metavar="NAME[,NAME...]", help="only these games (default all)")
    parser.add_argument("--sims", default="1000000", metavar="N",
                        help="games of each standard report (default 1e6)")
    parser.add_argument("--skill-sims", default="100000", metavar="N",
                        help="games per seat of the skill ladder's fixed matches (default 1e5)")
    parser.add_argument("--search-sims", default="4000", metavar="N",
                        help="games per seat of its search matches (default 4000)")
    parser.add_argument("--whatif-sims", default="200000", metavar="N",
                        help="games per variant of its standard what-if sweeps (default 2e5)")
    parser.add_argument("--exact", action="store_true", help="also the exact analyses")
    parser.add_argument("--largest", action="store_true",
                        help="with --exact, the largest solves too (many minutes)")
    parser.add_argument("--overview-only", action="store_true",
                        help="only rebuild the overview page from the reports already written")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="seed of every run")
    parser.add_argument("--workers", type=positive_int, metavar="N", help="local worker processes")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="play the games on the workers of this Dask scheduler")
    parser.add_argument("--out", metavar="DIR", default="reports",
                        help="the reports folder (default reports)")
    _store_arguments(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress")
    parser.set_defaults(handler=_run_report)


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="analyze",
        description="Analyse number games by simulation: fairness, length, first-player advantage.",
        epilog="example: analyze manhome --sims 1e6 --players 2 --policy greedy")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True,
                                     parser_class=ArgumentParser)
    for spec in games().values():
        _add_game_command(commands, spec)
    exact_games = [name for name, spec in games().items() if spec.exact]
    exact = commands.add_parser(
        "exact", help="solve a game exactly where it can be, and check it by Monte Carlo",
        description="Exact analysis: state search and optimal play, with Monte Carlo checks.",
        epilog="example: analyze exact manhome --sims 2e5")
    exact.add_argument("game", choices=exact_games, help="the game")
    exact.add_argument("--out", metavar="DIR", help="report folder (default reports/<game>-exact)")
    exact.add_argument("--sims", default="200000", metavar="N",
                       help="Monte Carlo games per check (default 2e5)")
    exact.add_argument("--seed", type=non_negative_int, default=0, help="seed of the checks")
    exact.add_argument("--workers", type=positive_int, metavar="N", help="local worker processes")
    exact.add_argument("--largest", action="store_true",
                       help="also run the largest solves (minutes)")
    exact.add_argument("--quiet", action="store_true", help="print nothing but errors")
    exact.set_defaults(handler=_run_exact)
    whatif = commands.add_parser(
        "whatif", help="rules-variant sweeps: every variant with the same seed, compared game by game",
        description="Play the base rules, the grid of --vary variants and any further "
                    "--variant files with the same seed (common random numbers) and report "
                    "each variant's metrics and its paired difference from the base, with "
                    "Holm-adjusted p-values.",
        epilog="examples: analyze whatif manhome --vary tie=defender,attacker "
               "--vary men_to_win=2,3,4 --sims 2e5;  "
               "analyze whatif manhome --variant calm.toml --variant bold.toml --sims 2e5")
    whatif.add_argument("game", choices=list(games()), help="the game")
    whatif.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2,...",
                        help="a rules parameter and its values (repeatable; the grid is their "
                             "product, at most 64 variants)")
    whatif.add_argument("--sims", default="100000", metavar="N",
                        help="games per variant (the ceiling with --precision; default 1e5)")
    whatif.add_argument("--precision", type=_precision, metavar="H",
                        help="grow the games until the paired 95%% half-width of seat 0's "
                             "win-rate difference is at most H (e.g. 0.002) for every variant")
    whatif.add_argument("--players", type=positive_int, metavar="N",
                        help="seats of the base rules (and of every variant file)")
    whatif.add_argument("--policy", metavar="NAME[,NAME...]", help="one policy or one per seat")
    whatif.add_argument("--seed", type=non_negative_int, default=0,
                        help="the seed every variant uses (default 0)")
    whatif.add_argument("--workers", type=positive_int, metavar="N", help="local worker processes")
    whatif.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="play every variant's games on the workers of this Dask scheduler "
                             "instead of local processes (same results)")
    whatif.add_argument("--set", dest="assignments", action="append", default=[],
                        metavar="NAME=VALUE",
                        help="change a rules parameter of the base and of every variant file "
                             "(repeatable)")
    whatif.add_argument("--variant", action="append", metavar="FILE.toml",
                        help="a TOML variant file (repeatable): the first gives the base rules; "
                             "each further file is a variant compared with it (--vary is then "
                             "optional)")
    whatif.add_argument("--out", metavar="DIR",
                        help="report folder (default reports/<game>/whatif-<varied names>, or "
                             "whatif-<file 1>-vs-<file 2>... with variant files)")
    whatif_stores = whatif.add_mutually_exclusive_group()
    whatif_stores.add_argument("--store", metavar="PATH", default=DEFAULT_STORE,
                               help=f"results store (default {DEFAULT_STORE})")
    whatif_stores.add_argument("--no-store", action="store_true",
                               help="play every game; neither read nor write a results store")
    whatif.add_argument("--quiet", action="store_true", help="no progress and no table")
    whatif.set_defaults(handler=_run_whatif)
    _add_skill_command(commands)
    _add_report_command(commands)
    listing = commands.add_parser("games", help="list the games, their policies and rules parameters")
    listing.set_defaults(handler=_list_games)
    runs = commands.add_parser(
        "runs", help="list the runs kept in the results store",
        description="The runs in the results store: id, game, label, policies, seed, games stored.",
        epilog="example: analyze runs --store reports/runs.sqlite")
    runs.add_argument("--store", metavar="PATH", default=DEFAULT_STORE,
                      help=f"the results store (default {DEFAULT_STORE})")
    runs.set_defaults(handler=_list_runs)
    comparing = commands.add_parser(
        "compare", help="compare two stored runs: win rates, advantage, length, balance",
        description="Two stored runs side by side: each measure in A and B, the difference "
                    "B - A and its 95% interval, and a verdict.",
        epilog="example: analyze compare 1a2b3c 9f8e7d (ids as `analyze runs` lists them)")
    comparing.add_argument("a", metavar="A", help="id (or the first characters of it) of run A")
    comparing.add_argument("b", metavar="B", help="id (or the first characters of it) of run B")
    comparing.add_argument("--store", metavar="PATH", default=DEFAULT_STORE,
                           help=f"the results store (default {DEFAULT_STORE})")
    comparing.set_defaults(handler=_compare_runs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args, argv)
    except UserError as exc:
        print(f"analyze: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("analyze: interrupted; no report was written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
