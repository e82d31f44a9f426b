"""Shoo on the decision API (``solver/shoo/state.py``): turns worked out by hand from the
rulebook (RULES.md rule numbers, as in ``test_known_answers.py``) played through
``legal_actions`` / ``apply_action``; the notation in and out of a state on the recorded
games; the API's promises on random games of every variant (actions ascending, clones
independent, returns matching the outcome); the action ids; and the result rows of games
played by the engine before it moved onto the API (``tests/data/shoo_state_rows.json``,
recorded at commit abe0fb3 by its ``play_game``; re-recorded by the reference when the
players began to choose among distinct moves and to leave out hushed replays and recent
positions, issue 21)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from numbergames.solver import decision
from numbergames.solver.dice import Stream
from numbergames.solver.registry import DRAW, find_game
from numbergames.solver.shoo.board import name
from numbergames.solver.shoo.moves import Kind, legal_moves
from numbergames.solver.shoo.notation import arrange
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import (ENDED_BY_LIMIT, ENDED_BY_REPETITION, ENDED_BY_WIN, ShooState,
                               encoder, size)

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = json.loads((DATA / "shoo_games.json").read_text())
ROWS = json.loads((DATA / "shoo_state_rows.json").read_text())
START = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"


def strings(state: ShooState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: ShooState, *texts: str) -> ShooState:
    """Make the moves written ``texts`` through the API (each must be legal)."""
    for text in texts:
        assert not state.is_terminal(), f"the game is over before {text}"
        state.apply_action(state.legal_actions()[strings(state).index(text)])
    return state


# -- turns worked out by hand --------------------------------------------------------------
def test_the_start():
    # Blue's travellers fill g1..i3; the empty squares touching them are f1, f2, f3, f4, g4,
    # h4, i4: steps g1 2, g2 3, g3 5, h3 3, i3 2 = 15 (rule 10); a horse called to any of the
    # 81 - 18 empty squares = 63 (rule 11); no free horse, nothing shooable. Ascending ids
    # are the canonical order: walks before calls, each by its squares.
    state = ShooState(ShooRules())
    assert state.num_players == 2 and state.current_player() == 0
    assert not state.is_terminal() and not state.is_chance_node()
    assert state.to_notation() == START
    texts = strings(state)
    assert len(texts) == 78 and len([t for t in texts if t.startswith("H@")]) == 63
    assert texts[:3] == ["g1-f1", "g1-f2", "g2-f1"] and texts[-1] == "H@i9"
    assert texts[14] == "i3-i4" and texts[15] == "H@a1"
    assert state.legal_actions() == sorted(set(state.legal_actions()))
    assert state.returns() == [0.0, 0.0]
    # White's reply after g3-f4: 15 steps by symmetry (a7..c9 touch 7 empty squares, f4 is
    # none of them) and calls to the 63 empty squares (g3 left, f4 taken)
    play(state, "g3-f4")
    assert state.current_player() == 1 and len(state.legal_actions()) == 15 + 63


def test_the_rulebooks_photographs_through_the_api():
    # Photograph 1: the Blue traveller on g3 may step to any of the five squares marked
    state = ShooState(ShooRules())
    assert [t for t in strings(state) if t.startswith("g3-")] == [
        "g3-f2", "g3-f3", "g3-f4", "g3-g4", "g3-h4"]
    # Photograph 2: a horse called up is held; White's next move may not touch it (rule 14)
    state = play(ShooState(position=arrange("B:d4 W:c8", stable=(1, 8))), "H@e5")
    assert not [t for t in strings(state) if "e5" in t]
    # Photograph 6: Blue's d4 captures White's horse on e5 and puts White's traveller on any
    # empty square next to the horse but d4: d5, d6, e4, e6, f4, f5, f6 (rule 19)
    state = ShooState(position=arrange("B:d4 w:e5 W:a9"))
    captures = [t for t in strings(state) if "x" in t]
    assert {t.split(">")[1][:2] for t in captures} == {"d5", "d6", "e4", "e6", "f4", "f5",
                                                       "f6"}
    play(state, "d4xe5>f6-e1")
    assert state.row()["seat_captures"] == [1, 0] and "1 . . . . b . . . ." in str(state)


def test_two_moves_counted_by_hand():
    # Blue: 63 calls and 15 steps. White answers a call with 62 calls and its 15 steps less
    # the one onto the called horse's square (if the horse is on one of its 7 squares), a
    # step with 63 calls and 15 steps: 63 * 77 - 15 + 15 * 78 sequences of two actions.
    state = ShooState(ShooRules())
    assert sum(len(state.child(a).legal_actions()) for a in state.legal_actions()) == (
        63 * 77 - 15 + 15 * 78)


def test_a_shoo_binds_the_reply():
    # As in test_known_answers: e3-e4 shoos d5 (rule 23); White must step d5 to a square
    # where fewer than two Blue travellers touch it: c5, e5, e6 (rule 24) — three actions.
    position = arrange("B:c4,e3,e7,a7,b7,c7,a8,b8,c8 W:d5,f8,g1,h1,i1,g2,h2,i2,g3",
                       pasture=(5, 4))
    state = play(ShooState(position=position), "e3-e4+d5")
    assert state.current_player() == 1
    assert [t.split("+")[0] for t in strings(state)] == ["d5-c5", "d5-e5", "d5-e6", "d5-e6"]
    assert strings(state)[-1] == "d5-e6+e7"         # on e6 it may shoo Blue's e7 back
    play(state, "d5-e6+e7")
    assert state.row()["seat_shoos"] == [1, 1]


def test_a_forced_shoo_off_is_a_node_with_one_action():
    # White's g1-h1 shoos Blue's i1, whose only empty neighbour i2 is shooable too: Blue's
    # only move is the shoo-off (rule 25). decision.play makes it without asking.
    position = arrange("B:i1,a5,b5,c5,d5,e5,f5,g5,h5 W:g1,h2,a7,b7,c7,a8,b8,c8,a9 h:e1",
                       side="w", pasture=(4, 4))
    state = play(ShooState(position=position), "g1-h1+i1")
    assert strings(state) == ["i1>S"]
    play(state, "i1>S")
    assert state.position.stabled == [1, 0] and state.row()["seat_shoo_offs"] == [1, 0]


def test_a_win_ends_the_game():
    # The last Blue traveller steps into the home area: all nine on foot in a7..c9 (rule 31)
    position = arrange("B:a7,b7,c7,a8,b8,c8,a9,b9,d9 W:e5")
    state = play(ShooState(position=position), "d9-c9")
    assert state.is_terminal() and state.current_player() == decision.TERMINAL
    assert state.legal_actions() == [] and state.returns() == [1.0, 0.0]
    row = state.row()
    assert (row["winner"], row["ended_by"], row["turns"], row["seat_home"]) == (
        0, ENDED_BY_WIN, 1, [9, 0])
    with pytest.raises(ValueError):
        state.apply_action(0)


def test_the_move_limit_and_a_repetition_are_draws_of_both_seats():
    state = play(ShooState(ShooRules(max_plies=3)), "g3-f4", "c7-d6", "f4-g3")
    assert state.is_terminal() and state.returns() == [0.5, 0.5]
    assert (state.row()["winner"], state.row()["ended_by"]) == (DRAW, ENDED_BY_LIMIT)
    # there and back by both sides: the start a second time (rule 33, repetition = 2)
    state = play(ShooState(ShooRules(repetition=2)), "g3-f4", "c7-d6", "f4-g3")
    assert not state.is_terminal()
    play(state, "d6-c7")
    assert state.returns() == [0.5, 0.5] and state.row()["ended_by"] == ENDED_BY_REPETITION
    assert state.to_notation() == START[:-1] + "4"


def test_the_positions_seen_are_part_of_the_state():
    # Two move orders to the same position: equal states when repetitions do not count;
    # with the draw by repetition on, the positions passed differ and so do the states.
    for rules, equal in ((ShooRules(), True), (ShooRules(repetition=3), False)):
        one = play(ShooState(rules), "g3-f4", "c7-d6", "h3-g4")
        two = play(ShooState(rules), "h3-g4", "c7-d6", "g3-f4")
        assert one.position == two.position and (one == two) is equal
    again = play(ShooState(ShooRules(repetition=3)), "g3-f4", "c7-d6", "h3-g4")
    assert again == one and hash(again) == hash(one)


def test_a_hush_is_part_of_the_move():
    # hush = lose_move (rule 28): in the recorded greedy game Blue's dismount e7>d6 lands
    # on a square two White travellers touch; White's next move may begin by hushing it.
    # A hush is one action with the move it begins; the hushing moves come after all the
    # others (the hush is the first field of the canonical order) and read "hush:...".
    game = GAMES[0]
    state = ShooState.from_notation(game["start"], ShooRules(**game["rules"]))
    for step in game["steps"]:
        if step["move"].startswith("hush:"):
            texts = strings(state)
            hushes = [t.startswith("hush:") for t in texts]
            assert any(hushes) and hushes == sorted(hushes)
            break
        play(state, step["move"])
    else:
        pytest.fail("the recorded game has no hush")


# -- notation --------------------------------------------------------------------------------
def test_a_state_reads_and_writes_the_notation_by_hand():
    # g3 steps to f4: rank 4 gets a Blue traveller on f4 ("5B3"), rank 3 loses g3 ("7BB");
    # White to move, one move made.
    state = play(ShooState.from_notation(START), "g3-f4")
    after = "WWW6/WWW6/WWW6/9/9/5B3/7BB/6BBB/6BBB w hhhh/hhhhh 0/0 - - - 1"
    assert state.to_notation() == after
    assert ShooState.from_notation(after).to_notation() == after
    assert ShooState.from_notation(after).position == state.position
    assert str(state).splitlines()[-2] == "White to move, move 2"
    assert "4 . . . . . B . . ." in str(state)


@pytest.mark.parametrize("game", GAMES, ids=[g["name"] for g in GAMES])
def test_the_recorded_games_through_the_api_and_the_notation(game):
    rules = ShooRules(**game["rules"])
    state = ShooState.from_notation(game["start"], rules)
    assert state.to_notation() == game["start"]
    for i, step in enumerate(game["steps"]):
        assert state.current_player() == state.position.side, f"over before move {i + 1}"
        play(state, step["move"])
        assert state.to_notation() == step["position"], f"move {i + 1}"
        again = ShooState.from_notation(step["position"], rules)
        assert again.to_notation() == step["position"] and again.position == state.position
    assert state.is_terminal()
    winner = game["result"]["winner"]
    assert state.row()["winner"] == winner
    assert state.returns() == ([0.5, 0.5] if winner == DRAW else
                               [1.0 - winner, float(winner)])


# -- the API's promises on random games --------------------------------------------------------
VARIANTS = [{}, {"hush": "lose_move", "repetition": 3}, {"hush": "shoo_off", "repetition": 2},
            {"hush": "off", "odd_horse": "field"}, {"leave_home": True, "horses": 7},
            {"corners": "same_side", "escape_by_horse": False},
            {"opening": "extra_horse", "call_next_to": True, "hold_move": False}]
ENDGAME = {"diagonal": "a7,b7,c7,a8,b8,c8,a9,b9", "same_side": "g7,h7,i7,g8,h8,i8,g9,h9"}


def endgame(rules: ShooRules) -> ShooState:
    """Each home area full but for one square, one traveller of each side out, the horses
    retired: random play ends in a win or a draw within 60 moves."""
    pieces = f"B:{ENDGAME[rules.corners]},d6 W:g1,h1,i1,g2,h2,i2,g3,h3,f5"
    return ShooState(position=arrange(pieces, "b", rules, (0, 0),
                                      (rules.horses // 2, rules.horses - rules.horses // 2)))


def check_random_game(state: ShooState, stream: Stream) -> ShooState:
    """Random actions to the end, checking the API at every node."""
    limit = size(state.rules)
    nodes = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions and actions == sorted(set(actions))
        assert all(0 <= a < limit.num_distinct_actions for a in actions)
        assert state.current_player() == state.position.side and not state.is_chance_node()
        assert state.returns() == [0.0, 0.0]
        assert [state.move_of(a) for a in actions] == legal_moves(state.position)
        twin, key = state.clone(), state.position.key()
        assert twin == state
        state.apply_action(actions[stream.choose(len(actions))])
        nodes += 1
        assert twin.position.key() == key and twin.legal_actions() == actions
        assert twin != state
    assert nodes <= limit.max_game_length and state.legal_actions() == []
    row = state.row()
    if row["winner"] == DRAW:
        assert state.returns() == [0.5, 0.5] and row["ended_by"] in (
            ENDED_BY_LIMIT, ENDED_BY_REPETITION)
    else:
        winner = row["winner"]
        assert row["ended_by"] == ENDED_BY_WIN and row["seat_home"][winner] == len(
            state.position.travellers(winner)) and state.position.stabled[winner] == 0
        assert state.returns()[row["winner"]] == 1.0 and sum(state.returns()) == 1.0
    return state


@pytest.mark.parametrize("values", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_random_games_keep_the_api_promises(values):
    rules = ShooRules(max_plies=40, **values)
    for seed in range(2):
        check_random_game(ShooState(rules), Stream(seed))
        check_random_game(endgame(rules.replace(max_plies=60)), Stream(seed))


@pytest.mark.parametrize("values", VARIANTS[:4], ids=[str(v) for v in VARIANTS[:4]])
def test_random_playout_from_the_start(values):
    rules = ShooRules(max_plies=30, **values)
    for seed in range(4):
        state = ShooState(rules)
        nodes = decision.random_playout(state, Stream(seed))
        assert state.is_terminal() and nodes == state.position.ply <= 30


def test_a_reduced_field_plays_through_the_api():
    game = Reduced(4, 1, 1)
    for seed in range(5):
        state = check_random_game(ShooState(position=game.start(ShooRules(max_plies=40))),
                                  Stream(seed))
        assert state.position.field == game.field


# -- the action ids ----------------------------------------------------------------------------
def test_the_ids_are_stable_and_decode():
    # The same move has the same id in every position; decoding gives the move back.
    one = ShooState(ShooRules())
    code = encoder()
    state = play(ShooState(ShooRules()), "h3-g4", "c7-d6")
    for s in (one, state):
        for a, m in zip(s.legal_actions(), s.moves()):
            assert code.encode(m) == a and code.decode(a) == m
    shared = set(strings(one)) & set(strings(state))
    for text in shared:
        assert one.legal_actions()[strings(one).index(text)] == (
            state.legal_actions()[strings(state).index(text)])
    with pytest.raises(ValueError):
        code.decode(code.count)


def test_every_kind_of_move_round_trips_through_its_id():
    seen = set()
    for game in GAMES:
        state = ShooState.from_notation(game["start"], ShooRules(**game["rules"]))
        for step in game["steps"]:
            for a, m in zip(state.legal_actions(), state.moves()):
                assert encoder().decode(a) == m
                seen.add((m.hush, m.kind))
            play(state, step["move"])
    assert {kind for _, kind in seen} >= {Kind.WALK, Kind.RIDE, Kind.MOUNT, Kind.DISMOUNT,
                                          Kind.CAPTURE, Kind.CALL, Kind.LEAD, Kind.SHOO_OFF}
    assert (True, Kind.WALK) in seen


def test_the_size():
    rules = ShooRules(max_plies=77)
    info = size(rules)
    assert info.max_chance_outcomes == 0 and info.max_game_length == 77
    assert info.num_distinct_actions == encoder().count
    # the largest id: a capture with a hush and a shoo on the last square
    assert info.num_distinct_actions > 2 * 81 * 8 * 8 * 33 * 82


# -- registered, and the games of before ---------------------------------------------------------
def test_the_game_registers_the_api():
    spec = find_game("shoo")
    rules = ShooRules()
    assert spec.new_state(rules) == ShooState(rules)
    assert spec.make_player("random", rules).name == "random"
    assert spec.size(rules) == size(rules)


@pytest.mark.parametrize("case", ROWS["games"], ids=lambda c: f"{c['players']}-{c['rules']}")
def test_the_rows_of_the_engine_before_the_api(case):
    spec = find_game("shoo")
    rules = ShooRules(**case["rules"])
    players = [spec.make_player(p, rules) for p in case["players"].split(",")]
    state = decision.play(ShooState(rules), players, case["key"])
    assert state.row() == case["row"]


def test_the_registered_reference_plays_through_the_api():
    spec, case = find_game("shoo"), ROWS["games"][-1]
    assert spec.reference(ShooRules(**case["rules"]), case["players"].split(","),
                          case["key"]) == case["row"]
