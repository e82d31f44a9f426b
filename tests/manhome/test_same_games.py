"""Man Home plays exactly the games it played before the game contract was reshaped
(issue 9): per-game arrays of every policy, hashed, against ``tests/data/manhome_games.json``
(written by the code before the change, seed 7)."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from numbergames.analysis.running.runner import run
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.registry import find_game


CASES = json.loads((Path(__file__).parents[1] / "data" / "manhome_games.json").read_text())


def digest(games) -> str:
    h = hashlib.sha256()
    for column in games.columns:
        h.update(column.encode())
        h.update(np.ascontiguousarray(games[column].to_numpy().astype(np.int64)).tobytes())
    return h.hexdigest()


@pytest.mark.parametrize("case", CASES, ids=[f"{c['policy']}-{c['players']}p-{c['rules']}"
                                             for c in CASES])
def test_the_same_games_as_before(case):
    rules = ManHomeRules.from_values({**case["rules"], "players": case["players"]})
    policies = (case["policy"].split(",") if "," in case["policy"]
                else [case["policy"]] * case["players"])
    games = run(find_game("manhome"), rules, policies, case["games"], case["seed"], workers=1).games
    games = games.drop(columns=[c.name for c in find_game("manhome").derived])  # engines' only
    assert list(games.columns) == case["columns"]
    assert digest(games) == case["sha256"]
