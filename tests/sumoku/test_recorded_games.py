"""Complete Sumoku games with known answers: ``tests/data/sumoku_games.json``.

Four short whole games (small hands and a fixed key number, so that they end after a few
turns with tiles left in hand), written once by ``tests/data/make_sumoku_games.py`` from
the reference engine: rules, players, game key, the order the tiles left the bag, every
turn (the hand, each play's tiles, score and bonus, the tiles drawn), the decisions, and
the final hands, penalties, scores and result row. Each is replayed here through the
reference engine and through the kernel, which must reproduce every turn and play (the
kernel: every decision, the final board, hands and scores, and its whole result row).

**Checked by hand against the rulebook** (``shared/seeds/001_3bbcc50f1ca1efff.txt``, rules
numbered in RULES.md), after the file was written:

* game 1, "two tiles a hand, key 5", and game 2, "two tiles a hand, key 7, a tie",
  completely: the starter holds the smallest hand (rule 10; in game 2 the starter cannot
  make a line and passes, rule 13); every play is one row or column of distinct colours
  adding up to a multiple of the key, and its score is the total of every line it makes or
  extends (rules 14 to 16; the "6" tiles laid as 9: O9 in game 1, G9 and Y9 in game 2);
  each refill takes the next tiles of ``draw_order`` (rule 18); for every pass every empty
  cell next to the pattern and every two-tile placement was tried by hand and none makes
  valid lines (rules 20, 21: the game ends after a round of passes, with tiles still in the
  bag); the penalties are the values left in hand (rule 22: 6 and 6 in both games); the
  final scores are the plays' sum minus them (game 1: 30 − 6 = 24 and 15 − 6 = 9, seat 0
  wins by 15; game 2: 42 − 6 = 36 each, a tie, a draw: winner −2, rule 23).
* game 4, "five tiles, key 6, a bonus turn": every play's legality and score (12; 18; 36 =
  column 18 + rows 6 and 12; R7 and O5 at both ends of row 0 complete six colours for 24
  and the bonus play, B2 G4 R9 for 18, drawn for only after it, five tiles at once, rule
  19; then 54 = column 12 + rows 12 and 30), the draws, the penalties (16 and 21) and the
  result (102 − 16 = 86 against 60 − 21 = 39). Its two final passes were not enumerated by
  hand.
* game 3 (three players): every play and score (24, 16, 32), the penalties (7, 13, 15)
  and the result (9, −13, 41); its passes were not enumerated by hand.
"""
import json
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver.sumoku.kernel import play_chunk
from numbergames.solver.registry import DRAW
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import kind, kind_number, parse_placed, text
from tests.sumoku.turns import Recorder, kernel_game, words

DATA = Path(__file__).resolve().parents[1] / "data" / "sumoku_games.json"
GAMES = json.loads(DATA.read_text())


def final_board(game):
    """The board the recorded plays leave: ``{(row, column): (kind, value)}``."""
    cells = {}
    for turn in game["turns"]:
        for play in turn["plays"]:
            for r, c, word in play["tiles"]:
                cells[(r, c)] = parse_placed(word)
    return cells


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_the_record_adds_up(game):
    # the file itself, by the rules (no engine): scores are the plays minus the hands
    # (rule 22), the winner the highest score or a draw (rule 23), each turn refills what
    # it laid (rule 18) and plays again only after a bonus (rule 19)
    rules = SumokuRules(**game["rules"])
    final = game["final"]
    for seat in range(rules.players):
        earned = sum(p["score"] for t in game["turns"] if t["seat"] == seat for p in t["plays"])
        left = sum(kind_number(parse_placed(w)[0]) for w in final["hands"][seat])
        assert final["penalties"][seat] == left
        assert final["scores"][seat] == earned - left
    best = max(final["scores"])
    top = [s for s, x in enumerate(final["scores"]) if x == best]
    assert final["row"]["winner"] == (top[0] if len(top) == 1 else DRAW)
    drawn = rules.hand * rules.players
    for turn in game["turns"]:
        used = sum(len(p["tiles"]) for p in turn["plays"])
        assert len(turn["drew"]) == used   # the bag never ran out in these games
        assert turn["drew"] == sorted(game["draw_order"][drawn:drawn + used],
                                      key=lambda w: parse_placed(w)[0])
        drawn += used
        assert all(p["bonus"] for p in turn["plays"][:-1])
    assert drawn == len(game["draw_order"])


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_the_reference_replays_every_turn(game):
    rules = SumokuRules(**game["rules"])
    trace = []
    played = Recorder(rules, [make_policy(p, rules) for p in game["players"]], game["seed"])
    played.state.trace = trace
    played.run()
    assert played.key == game["key_number"] and played.dealt == game["dealt"]
    assert [text(kind(t)) for t in played.drawn] == game["draw_order"]
    for got, want in zip(played.log, game["turns"]):
        assert got == want
    assert len(played.log) == len(game["turns"])
    assert [list(d) for d in trace] == game["decisions"]
    final = game["final"]
    assert [words(h) for h in played.hands] == final["hands"]
    assert played.scores() == final["scores"] and played.penalties == final["penalties"]
    assert played.row() == final["row"]


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_the_kernel_replays_every_game(game):
    rules = SumokuRules(**game["rules"])
    decisions, final = kernel_game(rules, game["players"], game["seed"])
    assert [list(d) for d in decisions] == game["decisions"]
    assert final["board"] == final_board(game)
    assert [words(h) for h in final["hands"]] == game["final"]["hands"]
    assert final["scores"] == game["final"]["scores"] and final["key"] == game["key_number"]
    assert final["turns"] == len(game["turns"]) and final["drawn"] == len(game["draw_order"])
    row = play_chunk(rules, game["players"], np.array([game["seed"]], dtype=np.uint64))
    for column, want in game["final"]["row"].items():
        assert np.asarray(row[column][0]).tolist() == want, column
