"""Sumoku speed: line checks, legal-move generation and main games, kernel against reference.

    python benchmarks/bench_sumoku.py [--lines 4e6] [--reference-lines 100000] [--key 5]
                                      [--games 60] [--reference-games 2] [--policies ...]

Two workloads of random lines of 2 to 6 tiles, encoded once (not timed): *any* (kinds
drawn uniformly, so most lines repeat a colour and are rejected early) and *distinct*
(six colours shuffled, so every tile is read and the sum decides, the harder case). The
kernel decides each array in one call (CPU time, best of 3, the result array included),
the reference (``numbergames.solver.sumoku.lines.line_valid``) a smaller sample of the same lines.
Prints both rates, their ratio and the share of valid lines; the goal is 20 million
kernel checks a second.

Then, on the standard rules with 2 players: **legal-move generation** — every hand met in
a few greedy games (before each turn, every seat's hand), its plays counted by the kernel
(``count_plays``) and listed by the reference (``moves.legal_plays``): hands a second and
plays a second; and **main games** a second per policy (the same player in both seats),
kernel and reference on the same keys, one core, CPU time.
"""
from __future__ import annotations

import argparse

import numpy as np

from before_after import best_cpu
from numbergames.cext.sumoku.lines import check_lines
from numbergames.solver.sumoku.kernel import count_plays, play_chunk
from numbergames.solver.dice import game_streams
from numbergames.solver.sumoku import reference_row
from numbergames.solver.sumoku.board import Board
from numbergames.solver.sumoku.lines import encode, line_valid
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import PLAY, SumokuState
from numbergames.solver.sumoku.tiles import NCOL, NKINDS, NUMBERS


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
    parser.add_argument("--games", type=int, default=60, help="kernel games per policy")
    parser.add_argument("--reference-games", type=int, default=2)
    parser.add_argument("--policies", default="random,greedy,lookahead,search-2")
    args = parser.parse_args()
    lines_benchmark(args)
    moves_benchmark()
    games_benchmark(args)


def lines_benchmark(args) -> None:
    print(f"Sumoku line checks, key {args.key}{', solo' if args.solo else ''}, one core "
          f"(CPU time, best of 3)")
    print(f"{'lines':<9} {'valid':>6} {'kernel':>14} {'reference':>14} {'ratio':>7}")
    for distinct in (False, True):
        lines, words = random_lines(int(args.lines), distinct)
        check_lines(words[:1000], args.key, args.solo)
        seconds, verdicts = best_cpu(check_lines, words, args.key, args.solo, repeats=3)
        fast = len(words) / seconds
        sample = lines[:args.reference_lines]
        seconds, slow_verdicts = best_cpu(
            lambda: [line_valid(line, args.key, solo=args.solo) for line in sample], repeats=1)
        slow = len(sample) / seconds
        assert slow_verdicts == verdicts[:len(sample)].astype(bool).tolist()
        print(f"{'distinct' if distinct else 'any':<9} {verdicts.mean():6.1%} "
              f"{fast / 1e6:8.1f} M/s {slow / 1e6:10.3f} M/s {fast / slow:6.0f}x")


def positions(rules: SumokuRules, seeds: range) -> list[tuple[dict, list[int], int]]:
    """``(board cells, hand tiles, key)`` of every hand before every turn of greedy games."""
    out = []
    for seed in seeds:
        dice, choices = game_streams(seed)
        game, greedy = SumokuState(rules), make_policy("greedy", rules)
        while not game.is_terminal():   # numbergames.solver.decision.play's steps, stopping at each turn
            if game.is_chance_node():
                game.apply_action(game.draw_chance(dice))
                continue
            if game.phase == PLAY:   # a turn's first node
                out += [(dict(game.board.cells), list(hand), game.key) for hand in game.hands]
            actions = game.legal_actions()
            game.apply_action(actions[0] if len(actions) == 1 else greedy.choose(game, choices))
    return out


def moves_benchmark() -> None:
    rules = SumokuRules()
    found = positions(rules, range(3))
    repeat = 5
    fast, plays = best_cpu(lambda: sum(count_plays(rules, cells, hand, key, repeat)
                                       for cells, hand, key in found), repeats=1)
    sample = found[::4]
    slow, slow_plays = best_cpu(lambda: sum(
        len(legal_plays(Board(cells), [t // 2 for t in hand], key, rules))
        for cells, hand, key in sample), repeats=1)
    print(f"\nLegal-move generation, standard rules, {len(found)} hands from 3 greedy games "
          f"({plays / len(found):,.0f} plays a hand on average)")
    print(f"{'kernel':<10} {repeat * len(found) / fast:10,.0f} hands/s "
          f"{repeat * plays / fast / 1e6:8.2f} M plays/s")
    print(f"{'reference':<10} {len(sample) / slow:10,.1f} hands/s "
          f"{slow_plays / slow / 1e6:8.3f} M plays/s")
    print(f"{'ratio':<10} {(repeat * len(found) / fast) / (len(sample) / slow):10,.0f}x")


def games_benchmark(args) -> None:
    rules = SumokuRules()
    keys = np.random.PCG64(1).random_raw(args.games)
    print("\nMain games, standard rules, 2 players, one core (CPU time)")
    print(f"{'player':<10} {'kernel games/s':>15} {'reference games/s':>18} {'ratio':>8}")
    for name in args.policies.split(","):
        seats = [name] * 2
        n = args.games if not name.startswith("search") else max(2, args.games // 20)
        fast = n / best_cpu(play_chunk, rules, seats, keys[:n], repeats=1)[0]
        m = args.reference_games
        slow = m / best_cpu(lambda: [reference_row(rules, seats, int(key)) for key in keys[:m]],
                            repeats=1)[0]
        print(f"{name:<10} {fast:15.2f} {slow:18.3f} {fast / slow:8.0f}")


if __name__ == "__main__":
    main()
