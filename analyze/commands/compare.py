"""``analyze compare A B``: two stored runs side by side."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from numbergames.solver.registry import GameSpec, games

from numbergames.analyze.commands.examples import EXAMPLE_SIMS
from numbergames.analyze.commands.shared import add_options, print_text
from numbergames.analyze.commands.targets import open_store


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze compare A B``."""
    comparing = commands.add_parser(
        "compare", help="compare two stored runs: win rates, advantage, length, balance",
        description="Two stored runs side by side: each measure in A and B, the difference "
                    "B - A and its 95% interval, and a verdict.",
        epilog=_example)
    comparing.add_argument("a", metavar="A", help="id (or the first characters of it) of run A")
    comparing.add_argument("b", metavar="B", help="id (or the first characters of it) of run B")
    add_options(comparing, "store_path")
    comparing.set_defaults(handler=run)


def _example() -> str:
    """Two runs of the first game and their comparison, with the ids they get (the store
    is imported only when this help is shown)."""
    from numbergames.analysis.running.store import run_identity

    spec = next(iter(games().values()))
    rules = spec.rules()
    seats = spec.players.seats(None, spec.seats(rules))
    ids = [run_identity(spec, rules, seats, seed).id[:6] for seed in (1, 2)]
    runs = [f"analyze {spec.name} --sims {EXAMPLE_SIMS} --seed {seed}" for seed in (1, 2)]
    return (f"examples: {runs[0]}; {runs[1]}; analyze compare {ids[0]} {ids[1]} (the ids "
            "`analyze runs` lists for those two runs)")


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.analysis.searches.compare import compare, format_comparison

    store = open_store(args.store, create=False)
    print_text(format_comparison(compare(store, args.a, args.b)))
    return 0
