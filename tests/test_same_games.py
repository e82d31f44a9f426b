"""Every game plays exactly the games it played before: for each case of :data:`CASES` — every
game, several numbers of players, every fixed player, mixed seats, rules variants and search
players at small budgets — the SHA-256 of every per-game column of a seeded run equals the
one recorded in ``tests/data/same_games.json`` (written by ``tests/data/make_same_games.py``
before the layers were reshaped, issue 18). A change that must not move a figure must keep
every one of them."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from numbergames.analysis.running.runner import run
from numbergames.solver.registry import find_game

DATA = Path(__file__).parent / "data" / "same_games.json"


def _case(game, policy, games, players=None, **rules):
    return {"game": game, "policy": policy, "players": players, "rules": rules,
            "games": games, "seed": 11}


CASES = [
    _case("manhome", "random", 4000, 2), _case("manhome", "greedy", 4000, 3),
    _case("manhome", "expert,greedy,random", 3000, 3, tie="attacker", men_per_player=4,
          men_to_win=2),
    _case("manhome", "search-2,greedy", 150, 2, extra_turn=False),
    _case("manhome", "optimal,solitaire", 2000, 2, men_per_player=2, men_to_win=2,
          board_rows=2),
    _case("sosooyoo", "random", 1500, 2), _case("sosooyoo", "adaptive", 1500, 4),
    _case("sosooyoo", "popsicle,rainbow,adaptive", 1500, 3, jumps=False, say_error=0.2),
    _case("sosooyoo", "search-2,adaptive", 60, 2, swaps=False),
    _case("sumoku", "greedy", 200, 2), _case("sumoku", "random", 40, 3),
    _case("sumoku", "lookahead,greedy,random,greedy", 60, 4, key="challenge"),
    _case("sumoku", "search-1,greedy", 20, 2, key="5", bonus=False),
    _case("shoo", "greedy", 150), _case("shoo", "random,greedy", 100, hush="lose_move"),
    _case("shoo", "greedy,random", 100, odd_horse="field", repetition=3),
    _case("shoo", "search-1,greedy", 20),
]
"""The runs whose games are pinned; a few seconds in all."""


def setting(case):
    """``(spec, rules, policies)`` of ``case``."""
    spec = find_game(case["game"])
    values = dict(case["rules"])
    if case["players"] is not None:
        values["players"] = case["players"]
    rules = spec.rules.from_values(values)
    seats = spec.seats(rules)
    policies = case["policy"].split(",") if "," in case["policy"] else [case["policy"]] * seats
    return spec, rules, policies


def play(case):
    """The games of ``case``, one worker: the engines' columns (the derived ones follow
    from them, :attr:`~numbergames.solver.registry.GameSpec.derived`)."""
    spec, rules, policies = setting(case)
    games = run(spec, rules, policies, case["games"], case["seed"], workers=1).games
    return games.drop(columns=[c.name for c in spec.derived])


def digest(games) -> str:
    h = hashlib.sha256()
    for column in games.columns:
        h.update(column.encode())
        h.update(np.ascontiguousarray(games[column].to_numpy().astype(np.int64)).tobytes())
    return h.hexdigest()


RECORDED = json.loads(DATA.read_text()) if DATA.exists() else []


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c['game']}-{c['policy']}-{c['players']}p-"
                                                f"{c['rules']}" for c in RECORDED])
def test_the_same_games_as_before(case):
    games = play(case)
    assert list(games.columns) == case["columns"]
    assert digest(games) == case["sha256"]


def test_every_case_is_recorded():
    assert [{k: c[k] for k in ("game", "policy", "players", "rules", "games", "seed")}
            for c in RECORDED] == CASES
    assert {c["game"] for c in CASES} == set(__import__("numbergames.solver.registry").solver.registry.games())
