"""``analyze``: the command line, a thin layer over :mod:`analysis.simulation`.

Every registered game gets its own command (``analyze <game> --sims 1e6``);
``analyze games`` lists the games, their players and their rules parameters;
``analyze runs`` lists the runs in the results store and ``analyze compare A B``
compares two of them; ``analyze whatif GAME --vary name=v1,v2`` sweeps rules variants.
Bad input ends with one line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import errno
import io
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from pathlib import Path

from analysis import interrupts
from analysis.errors import MAX_SEED, MAX_WORKERS, UserError
from analysis.formatting import shortened, terminal_text
from solver.params import RulesError, parse_assignments, same_number, value_text
from solver.progress import listening
from solver.registry import GameSpec, find_game, game_names, games
from studies import find_study

PROGRESS_EVERY_S = 10.0
"""How often `analyze exact` adds a line of progress within a long stage."""
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""After Ctrl-C; 143 after SIGTERM (:func:`analysis.interrupts.exit_status`)."""
DEFAULT_STORE = "reports/runs.sqlite"
"""The results store, relative to the current directory (see :mod:`analysis.store`)."""


def _print(text: str = "", file=None, flush: bool = False) -> None:
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
    ends with one line on stderr and exit status 2 (:func:`main`)."""


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
    from analysis.folders import describe_os_error

    cause = exc.__cause__ if isinstance(exc, OutputLost) else exc
    _drop_stdout()
    reason = describe_os_error(cause) if isinstance(cause, OSError) else str(cause)
    _print(f"analyze: error: cannot write to standard output: {reason}", file=sys.stderr)
    return EXIT_USAGE


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
            _print(message.rstrip("\n"), file=file or sys.stderr)

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


positive_int = int_at_least(1, "positive")
workers_count = int_in(1, MAX_WORKERS, "--workers")


OPTIONS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "sims": (("--sims",), dict(default="100000", metavar="N",
                               help="games to play: 1e6, 250000, 2.5e5 (default 1e5, at "
                                    "most 1e10)")),
    "players": (("--players",), dict(metavar="N",  # read by the rules, as --set players=N
                                     help="seats (same as --set players=N)")),
    "policy": (("--policy",), dict(metavar="NAME[,NAME...]",
                                   help="one policy for every seat or one per seat")),
    "seed": (("--seed",), dict(type=int_in(0, MAX_SEED, "--seed"), default=0,
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


def _first_game(specs: Sequence[GameSpec]) -> str:
    """The first game's name, for the examples in ``--help``."""
    return specs[0].name if specs else "GAME"


def _rules_help(spec: GameSpec) -> str:
    lines = [f"rules parameters of {spec.name} (--set name=value):"]
    for name, param in spec.rules.parameters().items():
        default = getattr(spec.rules(), name)
        lines.append(f"  {name} = {str(default).lower() if isinstance(default, bool) else default}"
                     f"   {param.doc}; allowed: {param.allowed()}")
    lines.append(f"policies: {spec.players.help()} (default {spec.players.default})")
    lines.append(f"example: {_run_example(spec, rule=True)}")
    return "\n".join(lines)


EXAMPLE_SIMS = "1e4"
"""Games of the examples in the help texts: a run that takes at most a minute or so."""


def _run_example(spec: GameSpec, rule: bool = False, seed: int = 1) -> str:
    """A command that runs a Monte Carlo analysis of ``spec`` as its help shows it: a valid
    number of players (three where the game allows it), its default player, and with
    ``rule`` a rules parameter set to another of its values."""
    words = ["analyze", spec.name, "--sims", EXAMPLE_SIMS]
    low, high = spec.traits.players
    if low < high:
        words += ["--players", str(3 if low <= 3 <= high else low)]
    words += ["--policy", spec.players.default]
    if rule:
        default = spec.rules()
        for name, param in spec.rules.parameters().items():
            others = [c for c in (param.choices or ()) if c != getattr(default, name)]
            if name != "players" and (others or param.kind is bool):
                value = others[-1] if others else not getattr(default, name)
                words += ["--set", f"{name}={str(value).lower()}"]
                break
    return " ".join(words + ["--seed", str(seed)])


def _compare_example() -> str:
    """Two runs of the first game and their comparison, with the ids they get (the store
    is imported only when this help is shown)."""
    from analysis.store import run_identity

    spec = next(iter(games().values()))
    rules = spec.rules()
    seats = spec.players.seats(None, spec.seats(rules))
    ids = [run_identity(spec, rules, seats, seed).id[:6] for seed in (1, 2)]
    runs = [f"analyze {spec.name} --sims {EXAMPLE_SIMS} --seed {seed}" for seed in (1, 2)]
    return (f"examples: {runs[0]}; {runs[1]}; analyze compare {ids[0]} {ids[1]} (the ids "
            "`analyze runs` lists for those two runs)")


def _add_game_command(commands, spec: GameSpec) -> None:
    parser = commands.add_parser(
        spec.name, help=f"Monte Carlo analysis of {spec.title}",
        description=find_study(spec.name).description,
        epilog=_rules_help(spec), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_options(parser, "sims", "players", "policy", "seed", "workers", "scheduler", "set",
                "variant", "out", "replace", "store", "quiet",
                policy={"help": f"one policy for every seat or one per seat (default "
                                f"{spec.players.default})"},
                out={"help": f"report folder (default reports/{spec.name}/<variant-name>)"})
    parser.add_argument("--keep-games", default="1e6", metavar="N",
                        help="rows kept in games.npz: the first N games (default 1e6; 0 keeps "
                             "none); every figure counts all games")
    parser.set_defaults(handler=_run_game, game=spec.name)


def _run_game(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.report import format_terminal_summary
    from analysis.simulation import plan

    players, values = _rules_values(args)
    request = plan(args.game, args.sims, players=players, policy=args.policy,
                   seed=args.seed, workers=args.workers, variant=args.variant,
                   presentation=find_study(args.game), keep_games=args.keep_games, **values)
    if args.scheduler is not None:
        from analysis.cluster import check_scheduler

        check_scheduler(args.scheduler)
    out = args.out if args.out is not None else request.default_out()
    store = _store_beside(out, args, _identity(request.game, "run", request.rules))
    try:
        result = request.execute(progress=not args.quiet, command=_recorded(argv),
                                 store=store, scheduler=args.scheduler)
        path = result.write_report(out)
    except KeyboardInterrupt:
        return _interrupted(store)
    if not args.quiet:
        _print(format_terminal_summary({**result.summary, "out": str(path)}))
    return 0


def _recorded(argv: Sequence[str]) -> str:
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


def _interrupted(store, written: str = "no report was written") -> int:
    """The one line after Ctrl-C in a run that may use a results store; exit status 130."""
    if store is None:
        _print(f"analyze: interrupted; {written} and no games were kept (--no-store): "
              "the same command starts again from the first game", file=sys.stderr)
    else:
        _print(f"analyze: interrupted; {written}; the chunks of games finished so far are "
              f"kept in the results store {store.path}, and running the same command again "
              f"resumes from them", file=sys.stderr)
    return interrupts.exit_status()


def _to_stderr(message: str) -> None:
    _print(message, file=sys.stderr, flush=True)


def _run_whatif(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.whatif import parse_vary, plan_sweep
    from analysis.whatif_report import format_table, write_report

    players, values = _rules_values(args)
    request = plan_sweep(args.game, parse_vary(args.vary), args.sims, players=players,
                         policy=args.policy, seed=args.seed, workers=args.workers,
                         variants=args.variant, precision=args.precision,
                         scheduler=args.scheduler, **values)
    out = args.out if args.out is not None else request.default_out()
    # opened once every variant is checked, so bad input leaves no store behind
    store = _store_beside(out, args, _identity(request.game, "what-if", request.plans[0].rules))
    say = None if args.quiet or not sys.stderr.isatty() else _to_stderr
    try:
        result = request.run(store=store, command=_recorded(argv), say=say,
                             progress=not args.quiet)
        path = write_report(result, out)
    except KeyboardInterrupt:
        return _interrupted(store)
    if not args.quiet:
        _print(format_table(result))
        _print(f"what-if report written to {path}/report.md")
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
    from analysis.simulation import build_rules, parse_sims

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
        players, values = _rules_values(args)
        options["rules"], _ = build_rules(spec, args.variant, values, players)
    elif getattr(args, "assignments", None) or getattr(args, "variant", None):
        raise UserError(f"analyze exact {spec.name} {analysis.name} solves fixed rules; "
                        "--set and --variant do not apply to it")
    out = args.out if args.out is not None else f"reports/{analysis.folder}"
    _check_targets(out, options.get("store") or None,  # an analysis's own --store
                   _identity(spec, f"exact {analysis.name}"), args.replace)
    start = time.perf_counter()

    def say(stage: str) -> None:
        if not args.quiet:
            _print(f"[{time.perf_counter() - start:6.1f} s] {stage}", file=sys.stderr)

    heard = [time.perf_counter()]

    def hear(progress: str) -> None:  # a long solve's progress, every ten seconds
        if time.perf_counter() - heard[0] >= PROGRESS_EVERY_S:
            heard[0] = time.perf_counter()
            say(f"  ... {progress}")

    try:
        with listening(hear):
            path = analysis.load()(out, command=_recorded(argv), say=say,
                                   **options)
    except ValueError as exc:  # the analysis refuses these rules
        raise UserError(str(exc)) from None
    if not args.quiet:
        _print(f"{analysis.title}: written to {path}/report.md")
    return 0


def _run_skill(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.simulation import REPORTS_ROOT
    from analysis.skill import default_folder, format_ladder, parse_budgets, plan_skill
    from analysis.skill_report import write_report

    players, values = _rules_values(args)
    budgets = None if args.budgets is None else parse_budgets(args.budgets)
    if args.scheduler is not None:
        from analysis.cluster import check_scheduler

        check_scheduler(args.scheduler)
    request = plan_skill(args.game, args.sims, args.search_sims, budgets=budgets,
                         seed=args.seed, workers=args.workers, players=players,
                         variant=args.variant, openspiel=args.openspiel,
                         top_sims=args.top_sims, **values)
    store = _store_beside(args.out if args.out is not None else
                          REPORTS_ROOT / request.game.name
                          / default_folder(request.game, request.rules, request.variant), args,
                          _identity(request.game, "skill ladder", request.rules))
    try:
        ladder = request.execute(store=store, scheduler=args.scheduler, progress=not args.quiet,
                                 command=_recorded(argv))
        path = write_report(ladder, args.out)
    except KeyboardInterrupt:
        return _interrupted(store)
    if not args.quiet:
        _print(format_ladder(ladder))
        _print(f"report written to {path}/report.md")
    return 0


def _run_report(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from studies.overview import check_games, regenerate, write_overview
    from analysis.simulation import parse_sims

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
            from analysis.cluster import check_scheduler

            check_scheduler(args.scheduler)
        sims, skill_sims = parse_sims(args.sims), parse_sims(args.skill_sims, "--skill-sims")
        search_sims = parse_sims(args.search_sims, "--search-sims")
        whatif_sims = parse_sims(args.whatif_sims, "--whatif-sims")
        store = None if args.no_store else _open_store(args.store, create=True)

        def say(stage: str) -> None:
            if not args.quiet and sys.stderr.isatty():
                _print(f"analyze report: {stage}", file=sys.stderr)

        try:
            path = regenerate(args.out, games=chosen, sims=sims, skill_sims=skill_sims,
                              search_sims=search_sims, whatif_sims=whatif_sims,
                              seed=args.seed, workers=args.workers,
                              store=store, scheduler=args.scheduler, exact=args.exact,
                              progress=not args.quiet, say=say)
        except KeyboardInterrupt:
            return _interrupted(store, "the reports finished before are written, the one in "
                                       "progress and the overview page are not")
    if not args.quiet:
        _print(f"overview written to {path}")
    return 0


def _rules_values(args: argparse.Namespace) -> tuple[Any, dict[str, str]]:
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


def _store_beside(out, args: argparse.Namespace, identity):
    """Check that the report folder ``out`` can take the report of ``identity`` and that
    the results store (of ``--store``, unless ``--no-store``) can be its store
    (:func:`_check_targets`), then open the store (None with ``--no-store``)."""
    _check_targets(out, None if args.no_store else args.store, identity, args.replace)
    return None if args.no_store else _open_store(args.store, create=True)


def _check_targets(out, store: str | None, identity, replace: bool) -> None:
    """Before any work: the report folder ``out`` can be written — and holds no report of
    another identity than ``identity`` (:class:`analysis.folders.ReportIdentity`) unless
    ``replace`` — and the results store ``store`` (None: none) has a usable path
    (:func:`analysis.store.check_store_path`) that is neither the report folder nor inside
    it — a report replaces its folder whole — nor holds it."""
    from analysis.folders import check_writable
    from analysis.store import check_store_path

    if store is not None:
        check_store_path(store)
    check_writable(out, identity=None if replace else identity)
    if store is None:
        return
    folder, path = Path(os.path.abspath(out)), Path(os.path.abspath(store))
    if folder == path or folder in path.parents:
        raise UserError(f"the results store {store} is {'inside ' if folder != path else ''}"
                        f"the report folder {out}, which the report replaces whole; keep the "
                        "store elsewhere")
    if path in folder.parents:
        raise UserError(f"the report folder {out} is inside the results store {store}, "
                        "which is a file; give --out a folder of its own")


def _identity(spec: GameSpec, kind: str, rules=None):
    """The identity of the report a command writes (:class:`analysis.folders.ReportIdentity`)."""
    from analysis.folders import ReportIdentity

    return ReportIdentity(spec.name, kind, None if rules is None else spec.seats(rules))


def _open_store(path: str, create: bool):
    from analysis.store import Store

    return Store(path, create=create)


def _list_runs(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.compare import format_runs

    store = _open_store(args.store, create=False)
    if args.drop is not None:
        key, chunks = store.drop(args.drop)
        _print(f"dropped run {key[:16]} and its {chunks} chunk{'s' if chunks != 1 else ''} "
              f"from {store.path}; every other run is kept")
        return 0
    _print(format_runs(store.runs(), str(store.path)))
    return 0


def _compare_runs(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from analysis.compare import compare, format_comparison

    store = _open_store(args.store, create=False)
    _print(format_comparison(compare(store, args.a, args.b)))
    return 0


def _traits_text(spec: GameSpec) -> str:
    low, high = spec.traits.players
    players = f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low}-{high} players"
    text = (f"{players}, {'dice' if spec.traits.chance else 'no dice'}, "
            f"{spec.traits.outcome}" + (f" (score: {spec.traits.score})" if spec.traits.score
                                        else ""))
    if spec.players.ladder:
        text += "; skill ladder " + " < ".join(spec.players.ladder)
    for family in spec.players.search:
        text += f"; search {family.name}-N on {family.base}"
    analyses = find_study(spec.name).analyses
    if analyses:
        text += "; exact: " + ", ".join(a.name for a in analyses)
    return text


def _list_games(args: argparse.Namespace, argv: Sequence[str]) -> int:
    for spec in games().values():
        _print(f"{spec.name}: {spec.title} — {find_study(spec.name).description}")
        _print(f"  {_traits_text(spec)}")
        _print("  " + _rules_help(spec).replace("\n", "\n  "))
    return 0


def _add_skill_command(commands, specs: Sequence[GameSpec]) -> None:
    ladders = [spec.name for spec in specs if len(spec.players.ladder) >= 2]
    parser = commands.add_parser(
        "skill", help="skill versus luck: the skill ladder and the luck share of a game",
        description="Every player of the game's skill ladder (fixed policies, then each search "
                    "family at doubling budgets) against the one below and against the "
                    "weakest, from every seat; the luck share: how much of the results coin "
                    "flips would have to decide in a pure-skill game to look like this one.",
        epilog=f"example: analyze skill {_first_game(specs)} --sims 1e4 --search-sims 100")
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
    parser.set_defaults(handler=_run_skill)


REPORT_RUN_OPTIONS = {
    "--games": ("games", None), "--sims": ("sims", "1000000"),
    "--skill-sims": ("skill_sims", "100000"), "--search-sims": ("search_sims", "4000"),
    "--whatif-sims": ("whatif_sims", "200000"), "--exact": ("exact", False),
    "--seed": ("seed", 0), "--workers": ("workers", None), "--scheduler": ("scheduler", None),
    "--store": ("store", DEFAULT_STORE), "--no-store": ("no_store", False)}
"""The options of ``analyze report`` that choose what is played, ``flag -> (name,
default)``: each is None when not given (so that ``--overview-only``, which plays nothing,
can refuse them), and then takes its default."""


def _add_report_command(commands) -> None:
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
    parser.set_defaults(handler=_run_report)


def _add_exact_command(commands, specs: Sequence[GameSpec]) -> None:
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
        game.set_defaults(handler=_run_exact, game=spec.name)


def _run_position(args: argparse.Namespace, argv: Sequence[str]) -> int:
    import json

    from analysis.simulation import build_rules

    spec = find_game(args.game)
    tool = find_study(args.game).position
    players, values = _rules_values(args)
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
        _print("analyze: interrupted; nothing was written", file=sys.stderr)
        return interrupts.exit_status()
    _print(json.dumps(info, indent=2) if args.json else tool.load("render")(info))
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
    :data:`solver.notation.MAX_BYTES` (a leading byte-order mark dropped); one line when it
    cannot be read."""
    from solver.notation import MAX_BYTES
    from solver.textfile import TextError, read_utf8

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


def _add_position_command(commands, specs: Sequence[GameSpec]) -> None:
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
        game.set_defaults(handler=_run_position, game=spec.name)


COMMANDS_OF_ONE_GAME = ("exact", "position", "whatif", "skill")
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
        epilog=lambda: "example: " + (_run_example(specs[0]) if specs else "analyze GAME"))
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True,
                                     parser_class=ArgumentParser)
    for spec in specs:
        _add_game_command(commands, spec)
    _add_exact_command(commands, specs)
    _add_position_command(commands, specs)
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
    whatif.set_defaults(handler=_run_whatif)
    _add_skill_command(commands, specs)
    _add_report_command(commands)
    listing = commands.add_parser("games", help="list the games, their policies and rules parameters")
    listing.set_defaults(handler=_list_games)
    runs = commands.add_parser(
        "runs", help="list the runs kept in the results store",
        description="The runs in the results store: id, game, label, policies, seed, games stored.",
        epilog=lambda: "examples: " + _run_example(next(iter(games().values()))) + (
            "; analyze runs (the runs stored in reports/runs.sqlite, that one among them)"))
    add_options(runs, "store_path")
    runs.add_argument("--drop", metavar="ID",
                      help="remove the run with this id (or its first characters) and all its "
                           "games from the store, even when they are damaged; the other runs "
                           "stay")
    runs.set_defaults(handler=_list_runs)
    comparing = commands.add_parser(
        "compare", help="compare two stored runs: win rates, advantage, length, balance",
        description="Two stored runs side by side: each measure in A and B, the difference "
                    "B - A and its 95% interval, and a verdict.",
        epilog=_compare_example)
    comparing.add_argument("a", metavar="A", help="id (or the first characters of it) of run A")
    comparing.add_argument("b", metavar="B", help="id (or the first characters of it) of run B")
    add_options(comparing, "store_path")
    comparing.set_defaults(handler=_compare_runs)
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
            from analysis.cluster import reach_scheduler

            reach_scheduler(args.scheduler)
        return args.handler(args, argv)
    except UserError as exc:
        _print(f"analyze: error: {shortened(terminal_text(exc))}", file=sys.stderr)  # one line
        return EXIT_USAGE
    except KeyboardInterrupt:
        _print("analyze: interrupted; no report was written", file=sys.stderr)
        return interrupts.exit_status()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
