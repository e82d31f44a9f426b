"""The reference engine over whole games: properties of every position random play meets,
shoo detection against the forced replies it predicts, and perft known answers
(``tests/data/shoo_perft.json``, written by ``python tests/shoo/test_engine.py``)."""
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from numbergames.solver.dice import Stream
from numbergames.solver.shoo.perft import perft
from numbergames.solver.shoo.state import ShooState
from numbergames.solver.shoo.moves import Kind, actions, detect, legal_moves
from numbergames.solver.shoo.notation import check, read, write
from numbergames.solver.shoo.position import is_traveller, owner, start
from numbergames.solver.shoo.rules import ShooRules

PERFT = Path(__file__).resolve().parents[1] / "data" / "shoo_perft.json"
VARIANTS = [{}, {"hush": "lose_move"}, {"hush": "shoo_off"}, {"hush": "off"},
            {"leave_home": True, "horses": 7}, {"odd_horse": "field", "escape_by_horse": False},
            {"call_next_to": True, "hold_move": False, "corners": "same_side"}]


def random_positions(rules, key, plies):
    """The positions of a game of random moves (the choice stream of ``key``)."""
    game, choices = ShooState(position=start(rules)), Stream(key)
    out = [game.position]
    while game.winner is None and len(out) <= plies:
        moves = legal_moves(game.position)
        game.apply_move(moves[choices.choose(len(moves))])
        out.append(game.position)
    return out


def in_home(position, seat):
    return sum(1 for s in position.travellers(seat) if position.in_home(s, seat))


@settings(max_examples=len(VARIANTS), deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**64 - 1))
def test_random_play_meets_only_positions_the_rules_allow(values, key):
    rules = ShooRules(**values)
    positions = random_positions(rules, key, 40)
    for before, after in zip(positions, positions[1:]):
        check(after)
        assert read(write(after), rules) == after
        if not rules.leave_home:
            assert in_home(after, 0) >= in_home(before, 0)
            assert in_home(after, 1) >= in_home(before, 1)
        assert after.ply == before.ply + 1 and after.side == 1 - before.side
    for position in positions:
        moves = legal_moves(position)
        assert moves == sorted(set(moves)) and moves
        if rules.hush == "illegal":
            mover = position.side
            for m in moves:
                if m.kind in (Kind.WALK, Kind.DISMOUNT, Kind.RETURN):
                    assert not position.would_be_shooable(m.to, mover), m


@settings(max_examples=len(VARIANTS), deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**64 - 1))
def test_shoo_detection_predicts_the_forced_replies(values, key):
    rules = ShooRules(**values)
    for position in random_positions(rules, key, 40):
        shooable, off = detect(position)
        side = position.side
        assert shooable == [s for s in range(81) if is_traveller(position.board[s])
                            and owner(position.board[s]) == side and position.is_shooable(s)]
        for s in shooable:
            shooed = position.copy()
            shooed.shoo, shooed.hush = s, None
            replies = actions(shooed)
            assert (replies == [replies[0]._replace(kind=Kind.SHOO_OFF, frm=s)]) == (s in off)
            assert all(m.frm == s and m.kind != Kind.CAPTURE for m in replies)


def test_games_end_with_a_win_or_a_draw_by_the_rules():
    rules = ShooRules(max_plies=40)
    for key in range(3):
        positions = random_positions(rules, key, 100)
        assert len(positions) == 41 and positions[-1].winner() is None


# -- perft known answers --------------------------------------------------------------------
def perft_cases():
    """Perft counts from the starts and from positions of random games, under the variants."""
    cases = []
    for values in ({}, {"odd_horse": "field"}, {"opening": "extra_horse"}):
        rules = ShooRules(**values)
        cases.append({"rules": values, "position": write(start(rules)),
                      "perft": [perft(start(rules), d) for d in range(4)]})
    for i, values in enumerate(VARIANTS):
        rules = ShooRules(**values)
        for key in (i, 100 + i):
            position = random_positions(rules, key, 30 + 10 * key % 50)[-1]
            cases.append({"rules": values, "position": write(position),
                          "perft": [perft(position, d) for d in range(3)]})
    return cases


KNOWN = json.loads(PERFT.read_text()) if PERFT.exists() else []


@pytest.mark.parametrize("case", KNOWN, ids=[f"{c['position'][:20]}" for c in KNOWN])
def test_perft_known_answers(case):
    position = read(case["position"], ShooRules(**case["rules"]))
    counts = case["perft"][:3]
    assert [perft(position, d) for d in range(len(counts))] == counts


def test_there_are_known_answers():
    assert len(KNOWN) >= 10 and all(len(c["perft"]) >= 3 for c in KNOWN)


if __name__ == "__main__":
    PERFT.write_text(json.dumps(perft_cases(), indent=1) + "\n")
    print(f"wrote {PERFT}", file=sys.stderr)
