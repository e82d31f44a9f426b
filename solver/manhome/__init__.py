"""Man Home: bring three men home (to 1) by subtracting and dividing by prime factors."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.manhome.engine import play_game
from solver.manhome.policies import (MAX_BUDGET, POLICY_NAMES, SEARCH, SEARCH_ROLLOUT,
                                     check, make_policy, prepare)
from solver.manhome.rules import ManHomeRules
from solver.manhome.sections import report_sections
from solver.registry import GameSpec, register


def reference_row(rules: ManHomeRules, policies: Sequence[str], key: int) -> dict[str, Any]:
    """One game by the reference engine, as the kernel reports it."""
    game = play_game(rules, [make_policy(p, rules) for p in policies], key)
    return {"winner": game.winner, "turns": game.turns, "decision_turns": game.decision_turns,
            "seat_turns": game.turns_by_seat, "seat_home": game.home, "seat_kills": game.kills,
            "seat_deaths": game.deaths, "seat_killed": game.killed}


SPEC = register(GameSpec(
    name="manhome",
    title="Man Home",
    rules=ManHomeRules,
    policies=POLICY_NAMES,
    default_policy="greedy",
    kernel="cext.manhome.play:play_chunk",
    reference=reference_row,
    report_sections=report_sections,
    check=check,
    prepare=prepare,
    exact="analysis.exact.manhome:run",
    engine_version=1,
    search=SEARCH,
    max_budget=MAX_BUDGET,
    ladder=("random", "greedy", "expert"),
    search_budgets=(4, 8, 16, 32, 64, 128),
    search_base=SEARCH_ROLLOUT,
    standard_runs=({"players": 2, "policy": "greedy"}, {"players": 2, "policy": "expert"},
                   {"players": 2, "policy": "random"}, {"players": 3, "policy": "greedy"},
                   {"players": 4, "policy": "greedy"}),
    standard_whatifs=({"tie": ["defender", "attacker"], "men_to_win": [2, 3, 4]},
                      {"extra_turn": [True, False], "players": [2, 3, 4]}),
    description="Race men home to 1 by subtracting one, subtracting or dividing by a prime factor.",
))
