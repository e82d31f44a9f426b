"""Write ``tests/data/same_games.json`` (and ``same_reference_games.json``, the same cases
by the reference engines, fewer games): for every game, several numbers of players, every
fixed player, mixed seats, rules variants and search players at small budgets, the SHA-256
of every per-game column of a seeded run (``tests/test_same_games.py`` holds the engines to
them: a refactor must play exactly the same games).

    python -m tests.data.make_same_games     (from the project's root)

Run it only when the games are meant to change (a rules fix, a new player's move), and say
why in the commit; the hashes were first written before the layers were reshaped (issue 18).
"""
from __future__ import annotations

import json
from pathlib import Path

from tests import test_same_reference_games as reference
from tests.test_same_games import CASES, digest, play

OUT = Path(__file__).with_name("same_games.json")
REFERENCE_OUT = Path(__file__).with_name("same_reference_games.json")


def main() -> None:
    rows = []
    for case in CASES:
        games = play(case)
        rows.append({**case, "columns": list(games.columns), "sha256": digest(games)})
    OUT.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} cases written to {OUT}")
    rows = []
    for case in CASES:
        row = {**case, "sha256": reference.digest(reference.play_reference(case))}
        quick = reference.QUICK.get((case["game"], case["policy"]))
        if quick:
            row["quick"] = {"games": quick,
                            "sha256": reference.digest(reference.play_reference(case, quick))}
        rows.append(row)
    REFERENCE_OUT.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} cases written to {REFERENCE_OUT}")


if __name__ == "__main__":
    main()
