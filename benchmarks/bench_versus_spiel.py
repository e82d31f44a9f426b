"""Seconds per game of ``mcts-N`` and of OpenSpiel's ``MCTSBot`` at equal simulations
(:mod:`numbergames.analysis.searches.versus_spiel`), and the speed of the kernel-backed bridge state against the
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

Measured 2026-11-25 (one core each, the machine shared with other jobs: load 8 to 15 on 2
cores, so absolute figures are slow and noisy; ratios hold better), one game a seat:

    manhome   budget    50: mcts 0.001 s/game, MCTSBot 0.22 s/game (random rollouts in C)
    manhome   budget   200: mcts 0.027 s/game, MCTSBot 2.1 s/game  (2.0 over 200 games)
    manhome   budget  1000: mcts 0.079 s/game, MCTSBot 9.9 s/game
    sumoku    budget    16: mcts 0.30 s/game,  MCTSBot 2.0 s/game  (1.4 / 9.8 over 200
                            games at load 15)
    shoo      budget    20: mcts 3.4 s/game, MCTSBot 5.0 s/game (greedy rollouts in C,
                            to the end of the game: every game drawn at the move limit)
    (2026-11-28, Shoo's mcts-N and MCTSBot's rollouts now four moves of greedy and the
    evaluation; 3 games a seat, load 2 on 2 cores)
    shoo      budget    16: mcts 0.080 s/game, MCTSBot 0.46 s/game (0 of 6 unfinished)
    shoo      budget    64: mcts 0.48 s/game,  MCTSBot 2.7 s/game  (0 of 6 unfinished)
    sosooyoo  budget 16, 64: games cut off unfinished (10,000 turns: 172 s; 300 turns: 132 s)
              with its former mcts-N; its halving mcts-32 ends every game (400 of 400, 1.1 s)

    bridge, random play through pyspiel (apply + clone a node), kernel vs reference:
    manhome 6,667 vs 4,060 nodes/s (1.6x), sumoku 1,095 vs 10 (110x), shoo 2,607 vs 82
    (32x), sosooyoo 1,439 vs 772 (1.9x, at load 15); random rollouts in C from the start:
    manhome 30,000/s, sumoku 42/s, shoo 560/s, sosooyoo 2,900/s (cut off at 200 turns).
    OpenSpiel's RandomRolloutEvaluator (Python) at the first decision, 50 simulations:
    manhome 0.20 s, sumoku 3.4 s, shoo 1.3 s, sosooyoo 62 s; KernelRolloutEvaluator with
    the rollout player: 0.006, 0.10, 0.04, 0.01 s.

The chosen budgets (analysis/searches/versus_spiel.py's docstring): Man Home 200, Sumoku 16, Shoo
16; So-Soo-Yoo 32.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from before_after import run_for
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.analysis.searches.versus_spiel import bot_seed, choose_rollout, play_game
from numbergames.solver.registry import find_game

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

    from numbergames.solver.spiel import KernelRolloutEvaluator, kernel_state, rollout_players, spiel_game

    spiel = spiel_game(game)
    rules = spiel.rules
    n = spiel.num_players()
    rates = {}
    # a game that random play cannot end runs to its turn limit: count nodes, not games
    for name, make in (("reference", lambda: spiel.new_initial_state()),
                       ("kernel", lambda: kernel_state(game, rules, ["random"] * n, 1, spiel))):
        make()   # the first state builds the players' tables (So-Soo-Yoo's: a second)
        rs = np.random.RandomState(0)

        def one_game(_: int) -> int:
            state, nodes = make(), 0
            for _ in range(2000):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    actions, probabilities = zip(*state.chance_outcomes())
                    action = rs.choice(actions, p=probabilities)
                else:
                    action = rs.choice(state.legal_actions())
                state.apply_action(action)
                state.clone()   # as MCTSBot clones at every simulation
                nodes += 1
            return nodes

        nodes, wall = run_for(seconds, one_game, cpu=False)
        rates[name] = nodes / wall
    evaluator = KernelRolloutEvaluator(1, np.random.RandomState(0),
                                       rollout_players(game, rules, "random"))
    state = kernel_state(game, rules, ["random"] * n, 1, spiel)
    rollouts, wall = run_for(seconds, lambda _: evaluator.evaluate(state), cpu=False)
    c_rate = rollouts / wall
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
