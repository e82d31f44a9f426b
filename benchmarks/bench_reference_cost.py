"""What one game costs each game's reference engine, per player, under the game's standard
and small rules: CPU milliseconds a game, played until ``--seconds`` of CPU time (one game at
least). The tests' budgets are taken from it: tests/test_conformance.py's ``REFERENCE_MS``
(small rules) and ``AT_SCALE_MS`` (the games of the ``slow`` net, both rules).

    python benchmarks/bench_reference_cost.py [--game sumoku] [--seconds 1.5]
"""
from __future__ import annotations

import argparse

from before_after import run_for
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.solver import registry


def cost(spec: registry.GameSpec, rules, name: str, seconds: float) -> tuple[float, int]:
    """(CPU milliseconds a game, games played) of ``name`` in every seat."""
    policies = [name] * spec.seats(rules)
    spec.players.prepare(rules, policies)
    keys = chunk_keys(2026, 0)
    games, cpu = run_for(seconds, lambda i: spec.reference(rules, policies, int(keys[i])),
                         most=len(keys))
    return cpu / games * 1000, games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=registry.game_names(), action="append",
                        help="a game (repeatable; default every game)")
    parser.add_argument("--seconds", type=float, default=1.5,
                        help="CPU seconds of play per player and rules (default 1.5)")
    args = parser.parse_args(argv)
    for game in args.game or registry.game_names():
        spec = registry.find_game(game)
        names = [*spec.players.fixed, *(f"{family.name}-1" for family in spec.players.search)]
        for label, rules in (("standard", spec.rules()),
                             ("small", spec.rules.from_values(dict(spec.small_rules)))):
            for name in names:
                try:
                    ms, games = cost(spec, rules, name, args.seconds)
                except ValueError as exc:  # e.g. an exact player on rules too large
                    print(f"{game:9s} {label:8s} {name:12s} not played: {exc}", flush=True)
                    continue
                print(f"{game:9s} {label:8s} {name:12s} {ms:10.2f} ms/game ({games} games)",
                      flush=True)


if __name__ == "__main__":
    main()
