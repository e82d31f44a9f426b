"""How often a search player's move departs from another player's, on the positions of its
own games: the measure behind a search chain's flat note (a study's ``flat_notes``: why
doubling its budget stops paying — when the search mostly plays its base's moves, two budgets
mostly play alike).

    PYTHONPATH=$PWD python experiments/search-departures/search_departures.py
        GAME PLAYER OTHER[,OTHER...]
        [--games G] [--seed S] [--players P]

``PLAYER`` plays every seat of ``G`` games by the kernel (game ``g``'s key ``S + g``, the
standard rules, ``P`` seats when the game lets the count vary). At each decision node with
two or more legal actions every ``OTHER`` is asked for its move on the same position (a
kernel state of the same key with ``OTHER`` in every seat, following ``PLAYER``'s game:
its choice stream is its own), and the share of decisions where it differs from
``PLAYER``'s is printed with its 95% Wilson interval.

Measured 2026-11-28 (Man Home, standard rules, 200 games, seed 21000; the figures behind
the ``mcts`` chain's flat note in Man Home's study):

    mcts-256 expert,mcts-64,ply-2: 6,829 decisions; expert 2.7%, mcts-64 5.2%, ply-2 10.3%
    mcts-64 expert,mcts-16:        6,977 decisions; expert 4.0%, mcts-16 8.7%
    mcts-16 expert:                7,147 decisions; expert 7.8%
"""
from __future__ import annotations

import argparse
import sys

from numbergames.analysis.statistics.stats import wilson_interval
from numbergames.solver.registry import find_game
from numbergames.solver.spiel import kernel_module


def departures(game: str, player: str, others: list[str], games: int, seed: int,
               players: int | None = None) -> tuple[int, dict[str, int]]:
    """(decisions with two or more legal actions, each other player's departures)."""
    spec = find_game(game)
    rules = spec.rules() if players is None else spec.rules().replace(players=players)
    seats = spec.seats(rules)
    spec.players.check(rules, [player, *others])
    spec.players.prepare(rules, [player, *others])
    module = kernel_module(game)
    decisions, differ = 0, dict.fromkeys(others, 0)
    for g in range(games):
        key = seed + g
        state = module.kernel_state(rules, [player] * seats, key)
        shadows = {name: module.kernel_state(rules, [name] * seats, key) for name in others}
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.draw_chance()
            else:
                action = state.decide()
                if len(state.legal_actions()) > 1:
                    decisions += 1
                    for name, shadow in shadows.items():
                        differ[name] += shadow.decide() != action
            state.apply_action(action)
            for shadow in shadows.values():
                shadow.apply_action(action)
    return decisions, differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("player")
    parser.add_argument("others", help="comma-separated players to compare with")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=21_000)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        decisions, differ = departures(args.game, args.player, args.others.split(","),
                                       args.games, args.seed, args.players)
    except (LookupError, ValueError) as error:
        print(f"search_departures: {error}", file=sys.stderr)
        return 2
    print(f"{args.game}: {args.player} in every seat, {args.games} games, "
          f"{decisions:,} decisions")
    for name, count in differ.items():
        low, high = wilson_interval(count, decisions)
        print(f"  {name:>12} chooses otherwise at {count / decisions:6.1%} "
              f"({low:.1%}-{high:.1%}) of them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
