"""Write ``tests/data/decision_counts.json``: for every game of the decision-API suite
(``tests/test_decision_api.py``) and each of its rules variants there, the number of node
sequences (decisions and chance outcomes) from the start — and, for a game with chance,
from its first decision after a seeded deal (:data:`KEY`) — to every depth up to the first
whose count passes :data:`ENOUGH` (at most :data:`DEEPEST`) — a perft table that both
engines must reproduce.

    python -m tests.data.make_decision_counts     (from the project's root)

Run it only when a game's decisions are meant to change, and say why in the commit.
"""
from __future__ import annotations

import json
from pathlib import Path

from numbergames.solver.decision import count_sequences
from tests.test_decision_api import SPECS, first_decision, variants

OUT = Path(__file__).with_name("decision_counts.json")
ENOUGH = 5_000
DEEPEST = 8
KEY = 1
"""A game with chance is also counted from its first decision, its chance nodes before it
drawn from this key's dice (where the deal and the placements have happened)."""


def main() -> None:
    rows = []
    for name, spec in SPECS.items():
        if spec.new_state is None:
            raise SystemExit(f"{name} has no decision API yet")
        for values in variants(spec):
            rules = spec.rules.from_values(values)
            for key in (None, KEY) if spec.traits.chance else (None,):
                state = first_decision(spec.new_state(rules), key)
                for depth in range(1, DEEPEST + 1):
                    count = count_sequences(state, depth)
                    rows.append({"game": name, "rules": values, "from_key": key,
                                 "depth": depth, "count": count})
                    if count > ENOUGH or count == 0:
                        break
    OUT.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} counts written to {OUT}")


if __name__ == "__main__":
    main()
