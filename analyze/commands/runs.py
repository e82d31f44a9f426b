"""``analyze runs``: the runs kept in the results store; ``--drop`` removes one."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from numbergames.solver.registry import GameSpec, games

from numbergames.analyze.commands.examples import run_example
from numbergames.analyze.commands.shared import add_options, print_text
from numbergames.analyze.commands.targets import open_store


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze runs``, with ``--store`` and ``--drop``."""
    runs = commands.add_parser(
        "runs", help="list the runs kept in the results store",
        description="The runs in the results store: id, game, label, policies, seed, games stored.",
        epilog=lambda: "examples: " + run_example(next(iter(games().values()))) + (
            "; analyze runs (the runs stored in reports/runs.sqlite, that one among them)"))
    add_options(runs, "store_path")
    runs.add_argument("--drop", metavar="ID",
                      help="remove the run with this id (or its first characters) and all its "
                           "games from the store, even when they are damaged; the other runs "
                           "stay")
    runs.set_defaults(handler=run)


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from numbergames.analysis.searches.compare import format_runs

    store = open_store(args.store, create=False)
    if args.drop is not None:
        key, chunks = store.drop(args.drop)
        print_text(f"dropped run {key[:16]} and its {chunks} chunk{'s' if chunks != 1 else ''} "
                   f"from {store.path}; every other run is kept")
        return 0
    print_text(format_runs(store.runs(), str(store.path)))
    return 0
