"""``analyze games``: the games, their players and their rules parameters."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from numbergames.solver.registry import GameSpec, games
from numbergames.studies import find_study

from numbergames.analyze.commands.examples import rules_help
from numbergames.analyze.commands.shared import print_text


def add(commands, specs: Sequence[GameSpec]) -> None:
    """``analyze games``."""
    listing = commands.add_parser("games", help="list the games, their policies and rules parameters")
    listing.set_defaults(handler=run)


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


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    for spec in games().values():
        print_text(f"{spec.name}: {spec.title} — {find_study(spec.name).description}")
        print_text(f"  {_traits_text(spec)}")
        print_text("  " + rules_help(spec).replace("\n", "\n  "))
    return 0
