"""Man Home: bring three men home (to 1) by subtracting and dividing by prime factors."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.manhome.engine import play_game
from solver.manhome.policies import PLAYERS, make_policy
from solver.manhome.rules import ManHomeRules
from solver.manhome.columns import COUNTERS
from solver.registry import WIN_LOSS, Column, GameSpec, Traits, register


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
    traits=Traits(chance=True, players=(2, 8), outcome=WIN_LOSS),
    players=PLAYERS,
    columns=tuple(Column(name, COUNTERS[name], per_seat=True)
                  for name in ("turns", "home", "kills", "deaths", "killed")),
    kernel="solver.manhome.kernel:play_chunk",
    reference=reference_row,
    engine_version=1,
    small_rules={"board_rows": 2, "men_per_player": 2, "men_to_win": 2},
))
