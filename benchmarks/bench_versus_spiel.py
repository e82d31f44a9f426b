"""Seconds per game of ``mcts-N`` and of OpenSpiel's ``MCTSBot`` at equal simulations
(:mod:`analysis.versus_spiel`), and the speed of the kernel-backed bridge state against the
reference-backed one.

    PYTHONPATH=$PWD python benchmarks/bench_versus_spiel.py [--games G] [--games-only]
        [--bridge-only] [GAME=B1,B2,...] ...

For each game and budget: ``G`` games (default 1) from every seat, one core, each side's
seconds of deciding per game (``MCTSBot``'s are every bot of the game together) and how
many games were cut off unfinished. Then, per game, the bridge: the nodes per second of
OpenSpiel's ``RandomRolloutEvaluator`` (Python random play: ``clone``, ``legal_actions``,
``chance_outcomes``, ``apply_action`` through ``pyspiel``) on the reference-backed and the
kernel-backed state, and of ``KernelRolloutEvaluator``'s random rollouts in C, from the
start of the game.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from analysis.chunks import chunk_keys
from analysis.versus_spiel import bot_seed, choose_rollout, play_game
from solver.registry import find_game

BUDGETS = {"manhome": (50, 200, 1000), "sumoku": (16, 64), "shoo": (16, 64),
           "sosooyoo": (64, 256)}


def games_per_budget(game: str, budgets, games: int) -> None:
    spec = find_game(game)
    rules = spec.rules()
    n = spec.seats(rules)
    rollout, _ = choose_rollout(spec, rules)
    keys = [int(k) for k in chunk_keys(0, 0, games)]
    for budget in budgets:
        mine = theirs = total = 0.0
        unfinished = 0
        for seat in range(n):
            for i, key in enumerate(keys):
                r = play_game(game, rules, budget, seat, key, rollout,
                              [bot_seed(0, seat, i, s) for s in range(n)])
                mine += r["mcts_s"]
                theirs += r["openspiel_s"]
                total += r["game_s"]
                unfinished += int(np.isnan(r["points"]))
        m = n * games
        print(f"{game:9s} budget {budget:5d} rollout {rollout:9s}: mcts {mine / m:7.3f} s/game, "
              f"MCTSBot {theirs / m:7.3f} s/game, game {total / m:7.3f} s "
              f"({m} games, {unfinished} unfinished)", flush=True)


def bridge(game: str, seconds: float = 2.0) -> None:
    import pyspiel
    from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

    from solver.spiel import KernelRolloutEvaluator, kernel_state, rollout_players, spiel_game

    spiel = spiel_game(game)
    rules = spiel.rules
    n = spiel.num_players()
    rates = {}
    # a game that random play cannot end runs to its turn limit: count nodes, not games
    for name, make in (("reference", lambda: spiel.new_initial_state()),
                       ("kernel", lambda: kernel_state(game, rules, ["random"] * n, 1, spiel))):
        make()   # the first state builds the players' tables (So-Soo-Yoo's: a second)
        rs = np.random.RandomState(0)
        nodes, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = make()
            for _ in range(2000):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    actions, probabilities = zip(*state.chance_outcomes())
                    action = rs.choice(actions, p=probabilities)
                else:
                    action = rs.choice(state.legal_actions())
                state.apply_action(action)
                twin = state.clone()   # as MCTSBot clones at every simulation
                nodes += 1
        rates[name] = nodes / (time.perf_counter() - start)
    evaluator = KernelRolloutEvaluator(1, np.random.RandomState(0),
                                       rollout_players(game, rules, "random"))
    state = kernel_state(game, rules, ["random"] * n, 1, spiel)
    rollouts, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        evaluator.evaluate(state)
        rollouts += 1
    c_rate = rollouts / (time.perf_counter() - start)
    print(f"{game:9s} bridge: random play through pyspiel (apply + clone a node) "
          f"reference {rates['reference']:9.0f} nodes/s, kernel {rates['kernel']:9.0f} "
          f"nodes/s: {rates['kernel'] / rates['reference']:5.1f}x; random rollouts in C "
          f"from the start {c_rate:8.0f}/s", flush=True)
    del pyspiel, RandomRolloutEvaluator


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("which", nargs="*", help="GAME=B1,B2 (default: all games)")
    parser.add_argument("--games", type=int, default=1, help="games per seat per budget")
    parser.add_argument("--games-only", action="store_true")
    parser.add_argument("--bridge-only", action="store_true")

    def error(message: str) -> None:
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)

    parser.error = error
    args = parser.parse_args()
    plan = dict(BUDGETS)
    if args.which:
        plan = {}
        for item in args.which:
            game, _, budgets = item.partition("=")
            try:
                plan[game] = (tuple(int(b) for b in budgets.split(",")) if budgets
                              else BUDGETS[game])
            except (ValueError, KeyError):
                error(f"expected GAME=B1,B2 with a game of {', '.join(BUDGETS)}, got {item!r}")
    for game, budgets in plan.items():
        if not args.bridge_only:
            games_per_budget(game, budgets, args.games)
        if not args.games_only:
            bridge(game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
