"""Sumoku line checks per second: the kernel against the readable reference.

    python benchmarks/bench_sumoku.py [--lines 4e6] [--reference-lines 100000] [--key 5]

Two workloads of random lines of 2 to 6 tiles, encoded once (not timed): *any* (kinds
drawn uniformly, so most lines repeat a colour and are rejected early) and *distinct*
(six colours shuffled, so every tile is read and the sum decides, the harder case). The
kernel decides each array in one call (CPU time, best of 3, the result array included),
the reference (``solver.sumoku.lines.line_valid``) a smaller sample of the same lines.
Prints both rates, their ratio and the share of valid lines; the goal is 20 million
kernel checks a second.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from cext.sumoku.lines import check_lines
from solver.sumoku.lines import encode, line_valid
from solver.sumoku.tiles import NCOL, NKINDS, NUMBERS


def random_lines(n: int, distinct: bool, seed: int = 1) -> tuple[list[list[int]], np.ndarray]:
    """``n`` random lines as lists of kinds and as encoded words."""
    rng = np.random.default_rng(seed)
    lengths = rng.integers(2, 7, size=n)
    if distinct:
        colours = rng.permuted(np.tile(np.arange(NCOL), (n, 1)), axis=1)
        kinds = colours * NUMBERS + rng.integers(0, NUMBERS, size=(n, 6))
    else:
        kinds = rng.integers(0, NKINDS, size=(n, 6))
    lines = [kinds[i, :lengths[i]].tolist() for i in range(n)]
    shifts = np.arange(6, dtype=np.uint64) * np.uint64(8)
    bytes_ = (kinds + 1).astype(np.uint64) * (np.arange(6) < lengths[:, None])
    words = np.bitwise_or.reduce(bytes_ << shifts, axis=1).astype(np.uint64)
    assert all(int(words[i]) == encode(lines[i]) for i in range(min(n, 1000)))
    return lines, np.ascontiguousarray(words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=float, default=4e6, help="lines for the kernel")
    parser.add_argument("--reference-lines", type=int, default=100_000)
    parser.add_argument("--key", type=int, default=5)
    parser.add_argument("--solo", action="store_true", help="numbers distinct too")
    args = parser.parse_args()
    print(f"Sumoku line checks, key {args.key}{', solo' if args.solo else ''}, one core "
          f"(CPU time, best of 3)")
    print(f"{'lines':<9} {'valid':>6} {'kernel':>14} {'reference':>14} {'ratio':>7}")
    for distinct in (False, True):
        lines, words = random_lines(int(args.lines), distinct)
        check_lines(words[:1000], args.key, args.solo)
        best = float("inf")
        for _ in range(3):
            cpu = time.process_time()
            verdicts = check_lines(words, args.key, args.solo)
            best = min(best, time.process_time() - cpu)
        fast = len(words) / best
        sample = lines[:args.reference_lines]
        cpu = time.process_time()
        slow_verdicts = [line_valid(line, args.key, solo=args.solo) for line in sample]
        slow = len(sample) / (time.process_time() - cpu)
        assert slow_verdicts == verdicts[:len(sample)].astype(bool).tolist()
        print(f"{'distinct' if distinct else 'any':<9} {verdicts.mean():6.1%} "
              f"{fast / 1e6:8.1f} M/s {slow / 1e6:10.3f} M/s {fast / slow:6.0f}x")

if __name__ == "__main__":
    main()
