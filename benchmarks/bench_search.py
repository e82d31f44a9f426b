"""Every search family of every game (``mcts-N``, open-loop UCT in ``cext/common/mcts.pxi``;
``search-N``, each game's own: flat Monte Carlo, or Shoo's alpha-beta): the kernel's budget
spent per second and games per second at each budget of the skill ladder, and the kernel's
speed over the reference engine's at a small budget (``--ratio-budget``; 1 for a family whose
budget is a depth, 64 at most: the reference engine's Man Home ``ply-4`` takes hours).

    python benchmarks/bench_search.py [--games 2] [--budgets 4,16,64] [--ratio-budget 4]
                                      [--games-of GAME ...]

Games are played with the family's player in every seat under the rules in :data:`RULES`
(the standard rules where a game is quick enough; a game is cut shorter where a
simulation's playout to the end would take long). A budget unit is what ``N`` counts (the
family's registered description says: a simulation, a playout per candidate, a hundred
nodes); units per second counts ``N`` for every searched decision (a decision of a single
legal action is not searched). Budgets: the family's ladder budgets, or for a family with
none on the ladder 4, 16, 64 (1, 2 when its largest is under 64: Man Home's ``adapt-N``),
or ``--budgets`` for every family when given. CPU seconds
(``time.process_time``), the best of two runs (benchmarks/before_after.py's ``best_cpu``).
"""
from __future__ import annotations

import argparse

from before_after import best_cpu
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import game_streams
from numbergames.solver.registry import find_game

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
    module = spec.kernel.module()
    state = module.kernel_state(rules, policies, key)
    n = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_action(state.draw_chance())
        else:
            n += len(state.legal_actions()) > 1
            state.apply_action(state.decide())
    return n


def reference_games(spec, rules, policies, keys) -> None:
    for key in keys:
        spec.reference(rules, policies, int(key))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default=None, help="every family's budgets (default: "
                        "the ladder's; 4,16,64 for a family off the ladder)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--ratio-budget", type=int, default=4)
    parser.add_argument("--games-of", nargs="*", default=list(RULES), choices=list(RULES))
    args = parser.parse_args()
    given = [int(b) for b in args.budgets.split(",")] if args.budgets else None
    for game in args.games_of:
        values = RULES[game]
        spec = find_game(game)
        rules = spec.rules.from_values(dict(values))
        seats = spec.seats(rules)
        keys = chunk_keys(1, 0, args.games)
        for family in spec.players.search:
            print(f"{game} {family.name}-N: {family.doc}", flush=True)
            for budget in (given or family.budgets
                           or ((4, 16, 64) if family.max_budget >= 64 else (1, 2))):
                policies = [f"{family.name}-{budget}"] * seats
                spec.players.prepare(rules, policies)
                seconds, _ = best_cpu(spec.play_chunk, rules, policies, keys)
                decisions = sum(searched_decisions(spec, rules, policies, int(k)) for k in keys)
                print(f"{game:9} {family.name}-{budget:<5} {values or 'standard rules'}: "
                      f"{decisions * budget / seconds:12,.0f} budget units/s "
                      f"{decisions / seconds:10,.1f} decisions/s "
                      f"{args.games / seconds:8,.2f} games/s", flush=True)
            small = spec.rules.from_values(dict(RATIO_RULES[game]))
            ratio_budget = args.ratio_budget if family.max_budget >= 64 else 1
            policies = [f"{family.name}-{ratio_budget}"] * spec.seats(small)
            spec.players.prepare(small, policies)
            ratio_keys = chunk_keys(2, 0, 2)
            kernel, _ = best_cpu(spec.play_chunk, small, policies, ratio_keys)
            reference, _ = best_cpu(reference_games, spec, small, policies, ratio_keys, repeats=1)
            print(f"{game:9} {family.name}-{ratio_budget} {RATIO_RULES[game]}: "
                  f"kernel/reference speed {reference / kernel:,.0f}x (kernel "
                  f"{kernel * 1e3:.2f} ms, reference {reference * 1e3:.0f} ms for "
                  f"{len(ratio_keys)} games)", flush=True)


if __name__ == "__main__":
    main()
