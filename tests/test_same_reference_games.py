"""The reference engines play exactly the games they played before: for every case of
:data:`tests.test_same_games.CASES` (every game, several numbers of players, every fixed
player, mixed seats, rules variants, search players at small budgets), the first few games
by the reference engine hash to the SHA-256 recorded in
``tests/data/same_reference_games.json`` (written by ``tests/data/make_same_games.py``
before the engines were rebuilt on the decision API, issue 19). The kernels are held by
:mod:`tests.test_same_games`; this holds the engines that specify them."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from tests.test_same_games import CASES, setting

DATA = Path(__file__).parent / "data" / "same_reference_games.json"
GAMES = {"manhome": 60, "sosooyoo": 12, "sumoku": 1, "shoo": 1}
"""Games played by the reference engine per case (a few seconds in all)."""
SEARCH_GAMES = 1
"""Games for a case with a search player."""


def play_reference(case) -> list[dict]:
    """The rows of the reference engine's first games of ``case``."""
    spec, rules, policies = setting(case)
    games = SEARCH_GAMES if "search" in case["policy"] else GAMES[case["game"]]
    keys = np.random.SeedSequence(case["seed"]).generate_state(games, np.uint64)
    return [dict(spec.reference(rules, policies, int(key))) for key in keys]


def digest(rows: list[dict]) -> str:
    h = hashlib.sha256()
    for row in rows:
        h.update(json.dumps({k: np.asarray(v).tolist() for k, v in row.items()},
                            sort_keys=True).encode())
    return h.hexdigest()


RECORDED = json.loads(DATA.read_text()) if DATA.exists() else []


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c['game']}-{c['policy']}-{c['players']}p-"
                                                f"{c['rules']}" for c in RECORDED])
def test_the_same_reference_games_as_before(case):
    assert digest(play_reference(case)) == case["sha256"]


def test_every_case_is_recorded():
    assert [{k: c[k] for k in ("game", "policy", "players", "rules", "games", "seed")}
            for c in RECORDED] == CASES
