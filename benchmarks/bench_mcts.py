"""``mcts-N`` (open-loop UCT, ``cext/common/mcts.pxi``): simulations and games per second
of the kernel for a few budgets, every game that registers the family, and the kernel's
speed over the reference engine's (``solver/mcts.py``) at a small budget.

    python benchmarks/bench_mcts.py [--budgets 4,16,64] [--games 4] [--ratio-budget 4]

Games are played with ``mcts-N`` in every seat under the rules in :data:`RULES` (the
standard rules where a game is quick enough; a game is cut shorter where a simulation's
playout to the end would take long). Simulations per second counts the simulations of the
searched decisions (``N`` each: a decision of a single legal action is not searched).
CPU seconds (``time.process_time``), the best of two runs.
"""
from __future__ import annotations

import argparse
import time

from analysis.chunks import chunk_keys
from solver.decision import CHANCE, TERMINAL
from solver.dice import game_streams
from solver.registry import find_game

RULES = {
    "manhome": {},
    "sosooyoo": {"max_turns": 60},
    "shoo": {"max_plies": 60},
    "sumoku": {},
}
"""The rules measured, by game (values over the defaults)."""
RATIO_RULES = {
    "manhome": {},
    "sosooyoo": {"board_size": 24, "players": 3, "max_turns": 10},
    "shoo": {"max_plies": 10},
    "sumoku": {"hand": 3, "players": 2},
}
"""The rules of the kernel/reference ratio (the reference is slow)."""


def searched_decisions(spec, rules, policies, key) -> int:
    """The decisions of two or more actions in the kernel's game of ``key``."""
    import importlib

    module = importlib.import_module(spec.kernel.split(":")[0])
    state = module.kernel_state(rules, policies, key)
    n = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_action(state.draw_chance())
        else:
            n += len(state.legal_actions()) > 1
            state.apply_action(state.decide())
    return n


def best_of_two(run) -> float:
    times = []
    for _ in range(2):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def reference_games(spec, rules, policies, keys) -> None:
    for key in keys:
        spec.reference(rules, policies, int(key))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default="4,16,64")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--ratio-budget", type=int, default=4)
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    for game, values in RULES.items():
        spec = find_game(game)
        if not any(s.name == "mcts" for s in spec.players.search):
            continue
        rules = spec.rules.from_values(dict(values))
        seats = spec.seats(rules)
        keys = chunk_keys(1, 0, args.games)
        for budget in budgets:
            policies = [f"mcts-{budget}"] * seats
            spec.players.prepare(rules, policies)
            seconds = best_of_two(lambda: spec.play_chunk(rules, policies, keys))
            decisions = sum(searched_decisions(spec, rules, policies, int(k)) for k in keys)
            print(f"{game:9} mcts-{budget:<5} {values or 'standard rules'}: "
                  f"{decisions * budget / seconds:12,.0f} simulations/s "
                  f"{args.games / seconds:10,.2f} games/s")
        small = spec.rules.from_values(dict(RATIO_RULES[game]))
        policies = [f"mcts-{args.ratio_budget}"] * spec.seats(small)
        spec.players.prepare(small, policies)
        ratio_keys = chunk_keys(2, 0, 2)
        kernel = best_of_two(lambda: spec.play_chunk(small, policies, ratio_keys))
        start = time.process_time()
        reference_games(spec, small, policies, ratio_keys)
        reference = time.process_time() - start
        print(f"{game:9} mcts-{args.ratio_budget} {RATIO_RULES[game]}: kernel/reference speed "
              f"{reference / kernel:,.0f}x (kernel {kernel * 1e3:.2f} ms, reference "
              f"{reference * 1e3:.0f} ms for {len(ratio_keys)} games)")


if __name__ == "__main__":
    main()
