"""Shoo's kernel against the reference at scale (issue 12, point 3): shoo detection on a
million random positions and perft to depth 2 from hundreds of random middle-game
positions, under the standard rules and every variant the kernel tests use. Prints what it
checked and every disagreement (there should be none); exit status 1 on a disagreement.

    python benchmarks/agree_shoo.py                      # 1,000,000 and 300 positions
    python benchmarks/agree_shoo.py --positions 20000 --perft-positions 30

The test suite checks the same on a few thousand positions (tests/shoo/test_kernel.py);
this is the long run, too slow for every test run.
"""
from __future__ import annotations

import argparse
import sys
import time

from solver.shoo import kernel
from solver.dice import Stream
from solver.shoo.engine import perft
from solver.shoo.moves import detect
from solver.shoo.notation import write
from solver.shoo.rules import ShooRules
from solver.shoo.samples import random_game_position, random_placement

VARIANTS = ({}, {"hush": "lose_move"}, {"hush": "shoo_off"}, {"hush": "off"},
            {"leave_home": True, "horses": 7}, {"odd_horse": "field", "escape_by_horse": False},
            {"call_next_to": True, "hold_move": False, "corners": "same_side"})


def check_detection(positions: int, seed: int) -> int:
    """Detection of ``positions`` random placements, spread over the variants; returns the
    number of disagreements."""
    wrong = shoos = offs = 0
    start = time.perf_counter()
    for v, values in enumerate(VARIANTS):
        rules = ShooRules(**values)
        stream = Stream(seed * 1_000 + v)
        share = positions // len(VARIANTS) + (v < positions % len(VARIANTS))
        for _ in range(share):
            position = random_placement(rules, stream)
            expected = detect(position)
            shoos += len(expected[0])
            offs += len(expected[1])
            if kernel.detect(rules, position) != expected:
                wrong += 1
                print(f"detection differs: {values} {write(position)}")
    print(f"shoo detection: {positions:,} random positions, {shoos:,} shooable travellers "
          f"and {offs:,} shoo-offs found, {wrong} disagreements "
          f"({time.perf_counter() - start:.0f} s)")
    return wrong


def check_perft(positions: int, seed: int, depth: int) -> int:
    """Perft to ``depth`` from ``positions`` positions of random games (10 to 120 plies in),
    spread over the variants; returns the number of disagreements."""
    wrong = nodes = 0
    start = time.perf_counter()
    for i in range(positions):
        values = VARIANTS[i % len(VARIANTS)]
        rules = ShooRules(**values)
        stream = Stream(seed * 1_000_003 + i)
        position = random_game_position(rules, stream, 10 + stream.below(111))
        expected = [perft(position, d) for d in range(depth + 1)]
        nodes += expected[-1]
        if [kernel.perft(rules, position, d) for d in range(depth + 1)] != expected:
            wrong += 1
            print(f"perft differs: {values} {write(position)}")
    print(f"perft to depth {depth}: {positions:,} middle-game positions, {nodes:,} leaf "
          f"nodes at depth {depth}, {wrong} disagreements ({time.perf_counter() - start:.0f} s)")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=1_000_000)
    parser.add_argument("--perft-positions", type=int, default=300)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    wrong = check_perft(args.perft_positions, args.seed, args.depth)
    wrong += check_detection(args.positions, args.seed)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
