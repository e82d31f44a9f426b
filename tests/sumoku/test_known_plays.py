"""Known answers of the move generator (perft-style, as python-chess keeps node counts):
``tests/data/sumoku_plays.json`` holds positions met in greedy games — the board, a hand,
the key — with how many legal plays the reference found there, their scores' sum, how many
earn a bonus, the best score, and the first and last play in canonical order. Any change to
the generator that changes a play shows here, in both engines.

The file was written by the reference engine with ``python -m tests.sumoku.test_known_plays``
(:func:`write`); write it again only for a deliberate rules change.
"""
import json
from pathlib import Path

import pytest

from numbergames.solver.sumoku.kernel import count_plays
from numbergames.solver.sumoku.board import Board
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import kind
from tests.sumoku.turns import Stepper

DATA = Path(__file__).resolve().parents[1] / "data" / "sumoku_plays.json"
GAMES = (({}, 1, 4), ({"six_value": "per_line", "key": "challenge", "players": 3}, 2, 5),
         ({"single_tile": "larger", "six_is_nine": False, "key": "4"}, 3, 5))
"""The games the positions come from: rules, seed, and every how many turns a position."""


def summary(plays) -> dict:
    return {"plays": len(plays), "score_sum": sum(p.score for p in plays),
            "bonus_plays": sum(p.bonus for p in plays),
            "best": max((p.score for p in plays), default=0),
            "first": [list(t) for t in plays[0].tiles] if plays else [],
            "last": [list(t) for t in plays[-1].tiles] if plays else []}


def write() -> None:
    cases = []
    for values, seed, every in GAMES:
        rules = SumokuRules(**values)
        stepper = Stepper(rules, [make_policy("greedy", rules)] * rules.players, seed)
        game = stepper.state
        while not game.over:
            if game.turns % every == 0:
                seat = game.to_move
                plays = legal_plays(game.board, game.hand_kinds(seat), game.key, rules)
                cases.append({"rules": values, "key": game.key, "hand": list(game.hands[seat]),
                              "board": [[r, c, k, v] for (r, c), (k, v)
                                        in sorted(game.board.cells.items())],
                              **summary(plays)})
            stepper.play_turn()
    DATA.write_text(json.dumps(cases, indent=0) + "\n")


CASES = json.loads(DATA.read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{len(c['board'])}tiles-{c['plays']}plays")
def test_known_plays(case):
    rules = SumokuRules(**case["rules"])
    cells = {(r, c): (k, v) for r, c, k, v in case["board"]}
    plays = legal_plays(Board(cells), [kind(t) for t in case["hand"]], case["key"], rules)
    assert summary(plays) == {name: case[name] for name in summary(plays)}
    assert count_plays(rules, cells, case["hand"], case["key"]) == case["plays"]


def test_the_cases_cover_the_game():
    assert len(CASES) >= 15 and sum(c["plays"] for c in CASES) > 10_000
    assert min(len(c["board"]) for c in CASES) == 0 and max(len(c["board"]) for c in CASES) > 40
    assert any(c["bonus_plays"] for c in CASES) and any(c["plays"] == 0 for c in CASES)


if __name__ == "__main__":
    write()
