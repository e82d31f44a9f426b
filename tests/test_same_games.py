"""Every game plays exactly the games it played before: for each case of :data:`CASES` — every
game, several numbers of players, every fixed player, mixed seats, rules variants and search
players at small budgets — the SHA-256 of every per-game column of a seeded run equals the
one recorded in ``tests/data/same_games.json`` (written by ``tests/data/make_same_games.py``
before the layers were reshaped, issue 18). A change that must not move a figure must keep
every one of them. A column added since (:data:`ADDED`) is left out of the hash and checked
on its own: the reference engine gives the same values on the same games."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from numbergames.analysis.running.chunks import chunk_keys
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
    """The games of ``case``, one worker."""
    spec, rules, policies = setting(case)
    return run(spec, rules, policies, case["games"], case["seed"], workers=1).games


def digest(games) -> str:
    h = hashlib.sha256()
    for column in games.columns:
        h.update(column.encode())
        h.update(np.ascontiguousarray(games[column].to_numpy().astype(np.int64)).tobytes())
    return h.hexdigest()


RECORDED = json.loads(DATA.read_text()) if DATA.exists() else []

ADDED = {"termination": 3}
"""Columns added after the hashes were recorded, with their place among the columns (the
first of each game's own: issue 42's termination, beside ``winner``)."""


def as_recorded(row: dict) -> dict:
    """A result row with the columns it had when it was recorded (:data:`ADDED` left out),
    for the tests that compare rows with rows written down before."""
    return {name: value for name, value in row.items() if name not in ADDED}


def recorded_columns(games) -> list[str]:
    """The columns of ``games`` the hashes were recorded over (:data:`ADDED` left out)."""
    return [column for column in games.columns if column not in ADDED]


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c['game']}-{c['policy']}-{c['players']}p-"
                                                f"{c['rules']}" for c in RECORDED])
def test_the_same_games_as_before(case):
    games = play(case)
    assert recorded_columns(games) == case["columns"]
    assert [list(games.columns).index(name) for name in ADDED] == list(ADDED.values())
    assert digest(games[case["columns"]]) == case["sha256"]


REFERENCE_GAMES = {"manhome": 20, "sosooyoo": 5}
"""Games of a case whose added columns the reference engine plays too (the quick cases:
no search player, a reference game well under a second; Sumoku's and Shoo's take seconds:
their differential tests compare every column, tests/<game>/test_termination.py each code)."""
SLOW_REFERENCE = {("manhome", "expert,greedy,random")}
"""Cases whose reference games take seconds (tests/test_same_reference_games.py's SLOW)."""
QUICK = [c for c in RECORDED if c["game"] in REFERENCE_GAMES and "search" not in c["policy"]
         and (c["game"], c["policy"]) not in SLOW_REFERENCE]


@pytest.mark.parametrize("case", QUICK, ids=[f"{c['game']}-{c['policy']}-{c['players']}p"
                                             for c in QUICK])
def test_the_added_columns_are_the_reference_engines(case):
    """On a case's first games (the same games as before, by the hash above) the kernel's
    added columns hold declared codes and equal the reference engine's."""
    spec, rules, policies = setting(case)
    n = REFERENCE_GAMES[case["game"]]
    games = run(spec, rules, policies, n, case["seed"], workers=1).games
    reference = [spec.reference(rules, policies, int(key))
                 for key in chunk_keys(case["seed"], 0, n)]
    assert games["winner"].tolist() == [row["winner"] for row in reference]
    for name in ADDED:
        codes = next(c.codes for c in spec.columns if c.name == name)
        assert set(games[name].tolist()) <= set(range(len(codes)))
        assert games[name].tolist() == [row[name] for row in reference], name


def test_every_case_is_recorded():
    assert [{k: c[k] for k in ("game", "policy", "players", "rules", "games", "seed")}
            for c in RECORDED] == CASES
    assert {c["game"] for c in CASES} == set(__import__("numbergames.solver.registry").solver.registry.games())
