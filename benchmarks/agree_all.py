"""Every game's kernel against its reference engine at scale: the widest net, too slow for
every test run (the suite plays a few games per player, budgeted by this script's costs:
tests/test_conformance.py). For every registered game and every fixed player (and the
smallest budget of each search family), the kernel and the reference play the same games
from the same keys, under the game's standard rules and its small rules, and every result
column is compared row by row. Prints what it compared and every disagreement (there
should be none); exit status 1 on a disagreement.

    python benchmarks/agree_all.py                       # about 20 s of reference play per player
    python benchmarks/agree_all.py --game sumoku --seconds 60
    python benchmarks/agree_all.py --cost                # ms of reference play per game

``--cost`` prints what one game of each player costs the reference engine under the small
rules: the figures ``REFERENCE_MS`` in tests/test_conformance.py are taken from it.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from analysis.chunks import chunk_keys
from solver import registry


def players_to_try(spec: registry.GameSpec) -> list[str]:
    """Every fixed player, and the smallest budget of each search family."""
    return [*spec.players.fixed, *(f"{family.name}-1" for family in spec.players.search)]


def compare(spec: registry.GameSpec, rules, name: str, seconds: float,
            seed: int) -> tuple[int, int]:
    """Games of ``name`` in every seat, kernel against reference, for about ``seconds`` of
    reference play; returns (games compared, disagreements)."""
    policies = [name] * spec.seats(rules)
    games = wrong = 0
    block = 8
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        keys = chunk_keys(seed, games, block)
        fast = spec.play_chunk(rules, policies, keys)
        for i, key in enumerate(keys):
            row = spec.reference(rules, policies, int(key))
            bad = [c for c in spec.result_keys
                   if not np.array_equal(np.asarray(row[c]), fast[c][i])]
            if bad:
                wrong += 1
                print(f"  DISAGREE {spec.name} {name} key {int(key)}: {', '.join(bad)}")
        games += block
        block = min(block * 2, 256)
    return games, wrong


def cost(spec: registry.GameSpec, name: str, games: int = 6) -> float:
    """Milliseconds of reference play per game of ``name`` under the small rules."""
    rules = spec.rules.from_values(dict(spec.small_rules))
    policies = [name] * spec.seats(rules)
    spec.players.prepare(rules, policies)
    start = time.perf_counter()
    for key in chunk_keys(11, 0, games):
        spec.reference(rules, policies, int(key))
    return (time.perf_counter() - start) / games * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=registry.game_names(), action="append",
                        help="a game (repeatable; default every game)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="reference play per player and rules (default 20)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cost", action="store_true",
                        help="print the reference's cost per game and player, and stop")
    args = parser.parse_args(argv)
    total = wrong = 0
    for game in args.game or registry.game_names():
        spec = registry.find_game(game)
        if args.cost:
            for name in players_to_try(spec):
                print(f"{game:9s} {name:12s} {cost(spec, name):9.1f} ms/game", flush=True)
            continue
        for label, rules in (("standard", spec.rules()),
                             ("small", spec.rules.from_values(dict(spec.small_rules)))):
            for name in players_to_try(spec):
                try:
                    spec.players.prepare(rules, [name] * spec.seats(rules))
                except ValueError as exc:     # e.g. an exact player on rules too large
                    print(f"{game:9s} {label:8s} {name:12s} not played: {exc}")
                    continue
                games, bad = compare(spec, rules, name, args.seconds, args.seed)
                total += games
                wrong += bad
                print(f"{game:9s} {label:8s} {name:12s} {games:6,d} games  "
                      f"{bad} disagreements", flush=True)
    if not args.cost:
        print(f"{total:,} games compared, {wrong} disagreements")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
