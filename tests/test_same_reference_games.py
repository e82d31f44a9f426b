"""The reference engines play exactly the games they played before: for every case of
:data:`tests.test_same_games.CASES` (every game, several numbers of players, every fixed
player, mixed seats, rules variants, search players at small budgets), the first few games
by the reference engine hash to the SHA-256 recorded in
``tests/data/same_reference_games.json`` (written by ``tests/data/make_same_games.py``
before the engines were rebuilt on the decision API, issue 19). The kernels are held by
:mod:`tests.test_same_games`; this holds the engines that specify them.

The suite plays each case within a budget (:data:`IN_SUITE`, issue 18): the cases of
:data:`SLOW` — a reference game of seconds each (Shoo's and Sumoku's slow players, the
Man Home expert's own table) — and the recorded games beyond a case's ``quick`` prefix are
played by the ``slow`` test that checks every case in full (``python -m pytest -m slow``).
A ``quick`` prefix was hashed from engines that passed the full hash (2026-11-24), so it
holds the same games as the pre-API engines did."""
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


SLOW = {("shoo", "greedy"), ("shoo", "search-1,greedy"), ("sumoku", "random"),
        ("sumoku", "search-1,greedy"), ("sumoku", "lookahead,greedy,random,greedy"),
        ("manhome", "expert,greedy,random")}
"""(game, policy) of the cases left to the ``slow`` test: 7–11 s each on the 2-core machine."""
QUICK = {("sosooyoo", "random"): 3}
"""(game, policy) of the cases the suite checks on a prefix: this many of their games."""


def case_id(case) -> str:
    return f"{case['game']}-{case['policy']}-{case['players']}p-{case['rules']}"


def play_reference(case, games: int | None = None) -> list[dict]:
    """The rows of the reference engine's first ``games`` games of ``case`` (default: as
    many as were recorded)."""
    spec, rules, policies = setting(case)
    if games is None:
        games = SEARCH_GAMES if "search" in case["policy"] else GAMES[case["game"]]
    keys = np.random.SeedSequence(case["seed"]).generate_state(games, np.uint64)
    return [dict(spec.reference(rules, policies, int(key))) for key in keys]


def in_suite(case) -> tuple[int, str] | None:
    """(games, SHA-256) the suite checks of ``case``: its ``quick`` prefix, or every
    recorded game; None for a case of :data:`SLOW`."""
    if (case["game"], case["policy"]) in SLOW:
        return None
    quick = case.get("quick")
    return (quick["games"], quick["sha256"]) if quick else (None, case["sha256"])


def digest(rows: list[dict]) -> str:
    h = hashlib.sha256()
    for row in rows:
        h.update(json.dumps({k: np.asarray(v).tolist() for k, v in row.items()},
                            sort_keys=True).encode())
    return h.hexdigest()


RECORDED = json.loads(DATA.read_text()) if DATA.exists() else []
IN_SUITE = [case for case in RECORDED if in_suite(case) is not None]


@pytest.mark.parametrize("case", IN_SUITE, ids=[case_id(c) for c in IN_SUITE])
def test_the_same_reference_games_as_before(case):
    games, sha256 = in_suite(case)
    assert digest(play_reference(case, games)) == sha256


@pytest.mark.slow
@pytest.mark.parametrize("case", RECORDED, ids=[case_id(c) for c in RECORDED])
def test_every_recorded_game_in_full(case):
    assert digest(play_reference(case)) == case["sha256"]


def test_every_game_keeps_cases_in_the_suite():
    assert {c["game"] for c in IN_SUITE} == {c["game"] for c in RECORDED}


def test_every_case_is_recorded():
    assert [{k: c[k] for k in ("game", "policy", "players", "rules", "games", "seed")}
            for c in RECORDED] == CASES
