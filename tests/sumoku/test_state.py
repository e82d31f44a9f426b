"""Sumoku's decision API (:class:`numbergames.solver.sumoku.state.SumokuState`): the rulebook's examples
and hand-worked turns node by node, every node of random games keeping the API's promises,
the rows the engine returned before it moved onto the API, and the notation.

Every expected number here is worked out by hand (in the comment beside it) from RULES.md
or read from outside the engine (the kernel's rows, rows recorded before the change);
none is copied from the state.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver.decision import CHANCE, TERMINAL, RandomPlayer, play, random_playout, sample
from numbergames.solver.dice import Stream, game_streams
from numbergames.solver.sumoku import SPEC
from numbergames.solver.sumoku.state import shuffled_bag
from numbergames.solver.sumoku.examine import describe
from numbergames.solver.sumoku.kernel import play_chunk
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import PASS, SumokuState, size
from numbergames.solver.sumoku.tiles import kind, parse, parse_placed

ROWS = Path(__file__).resolve().parents[1] / "data" / "sumoku_reference_rows.json"


def find(state, *tiles):
    """The action laying ``tiles`` (``(row, column, word)``; ``G9`` a "6" as 9)."""
    want = sorted((r, c, *parse_placed(w)) for r, c, w in tiles)
    found = [a for a in state.legal_actions() if sorted(state.plays()[a].tiles) == want]
    assert len(found) == 1, f"no legal play {want}"
    return found[0]


def draw(state, *words):
    """The chance nodes of a refill, their outcomes named."""
    for word in words:
        assert state.current_player() == CHANCE
        state.apply_action(parse(word))


def sorted_hand(words):
    return " ".join(sorted(words.split(), key=parse))


# -- the rulebook's examples, node by node ----------------------------------------------

def test_the_rulebooks_examples_through_the_api():
    # key 5 as in the rulebook; the tiles chosen to give its numbers (RULES.md rule 16)
    hand0, hand1 = "R3 O1 Y6 G5 R6 Y1 R8 O8", "B7 P2 R5 G3 G1 O8 Y8 B1"
    state = SumokuState.from_text(f"key: 5\nhand: {hand0}\nhand: {hand1}")
    assert state.current_player() == 0 and state.num_players == 2
    # the first play (rule 13): R3 O1 Y6 laid as row 0 from column 0, 3 + 1 + 6 = 10
    first = find(state, (0, 0, "R3"), (0, 1, "O1"), (0, 2, "Y6"))
    assert state.action_to_string(first) == "R3@0,0 O1@0,1 Y6@0,2 (10)"
    state.apply_action(first)
    assert state.scores() == [10, 0]
    # the refill (rule 18): three chance nodes, each over the kinds left in the bag. The bag
    # holds 96 - 16 = 80 tiles: R3 one copy (the other is on the board) 1/80; O8 none
    # (one in each hand); B2 both, 2/80
    outcomes = dict(state.chance_outcomes())
    assert state.current_player() == CHANCE and len(outcomes) == 48 - 1
    assert outcomes[parse("R3")] == 1 / 80 and outcomes[parse("B2")] == 2 / 80
    assert parse("O8") not in outcomes
    assert sum(Fraction(p).limit_denominator(1 << 20) for p in outcomes.values()) == 1
    draw(state, "O7", "B4", "B6")
    assert state.current_player() == 1
    # [7][2] linked to the 1: the column O1 B7 P2, 1 + 7 + 2 = 10
    state.apply_action(find(state, (1, 1, "B7"), (2, 1, "P2")))
    draw(state, "R2", "Y2")
    # [5][9][1]: row R3 O1 Y6 G5 = 15 and column G5 R9 Y1 = 15: 30
    play = find(state, (0, 3, "G5"), (1, 3, "R9"), (2, 3, "Y1"))
    assert "R9@1,3" in state.action_to_string(play)
    state.apply_action(play)
    draw(state, "G8", "O2", "G7")
    # a 5 added to the line of 10: 15
    state.apply_action(find(state, (3, 1, "R5")))
    draw(state, "P1")
    assert state.scores() == [40, 25] and state.turns == 4 and state.current_player() == 0
    assert state.returns() == [0.0, 0.0]


def test_a_bonus_play_is_a_second_decision_of_the_same_seat():
    # rule 19: the row R1 O2 Y3 G4 B5 (15) on the board; P5 completes six colours (20) and
    # the same seat decides again, from the seven tiles left, before any tile is drawn
    state = SumokuState.from_text("key: 5\nR1 O2 Y3 G4 B5\nhand: P5 R2 O3 Y8 G8 B8 P8 P7\n"
                                  "hand: R7 O7 Y7 G7 B7 P1 P2 P3")
    state.apply_action(find(state, (0, 5, "P5")))
    assert state.current_player() == 0 and len(state.hands[0]) == 7
    state.apply_action(find(state, (1, 5, "R2"), (2, 5, "O3")))   # P5 R2 O3 = 10
    assert state.current_player() == CHANCE and state.scores() == [30, 0]
    draw(state, "O5", "Y5", "G5")
    assert state.current_player() == 1 and state.row()["bonus_turns"] == 1


END = "key: 5; to move: 0; scores: {}\nR2 O3 Y5\nhand: R6 R8\nhand: R1 R4"


@pytest.mark.parametrize("scores, returns, winner", [
    # 12 - (6 + 8) = -2 against 20 - (1 + 4) = 15: seat 1 wins (rules 22, 23)
    ("12 20", [0.0, 1.0], 1),
    # 20 - 14 = 6 and 11 - 5 = 6: a draw shared (rule 23)
    ("20 11", [0.5, 0.5], -2)])
def test_passes_end_the_game_and_returns_follow_the_scores(scores, returns, winner):
    # red tiles without 2, 5 or 7 have no play by R2 O3 Y5 (key 5): a pass each, the round
    # idle, the game over (rules 20, 21)
    state = SumokuState.from_text(END.format(scores), SumokuRules(hand=2))
    assert state.legal_actions() == [PASS] and state.action_to_string(PASS) == "pass"
    state.apply_action(PASS)
    assert state.current_player() == 1 and state.legal_actions() == [PASS]
    state.apply_action(PASS)
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == [] and state.returns() == returns
    assert state.row()["winner"] == winner and state.row()["passes"] == 2


def test_a_stuck_player_draws_at_a_chance_node_with_stuck_draw():
    state = SumokuState.from_text(END.format("0 0"), SumokuRules(hand=2, stuck="draw"))
    state.apply_action(PASS)
    assert state.current_player() == CHANCE
    draw(state, "B7")
    assert state.current_player() == 1 and len(state.hands[0]) == 3


# -- the start ----------------------------------------------------------------------------

def test_the_start_is_chance_nodes():
    rules = SumokuRules(hand=2, key="challenge")
    state = SumokuState(rules)
    # 96 tiles, two of each of the 48 kinds: 1/48 each
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(k, 1 / 48) for k in range(48)]
    # dealt whole in dealing order (rule 9): R1 R4 (5) to the first, O2 O3 (5) to the second:
    # a tie for the smallest hand, drawn at random (rule 11): a chance node, 1/2 each
    draw(state, "R1", "R4", "O2", "O3")
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(0, .5), (1, .5)]
    state.apply_action(1)   # the second dealt starts: seat 0
    assert state.dealt == [1, 0] and [[kind(t) for t in h] for h in state.hands] == [
        [parse("O2"), parse("O3")], [parse("R1"), parse("R4")]]
    # the challenge key: two rolls of 3, 4, 5, 3, 4, 5 added: 6 (1/9), 7 (2/9), 8 (3/9)...
    assert state.chance_outcomes() == [(6, 1 / 9), (7, 2 / 9), (8, 3 / 9), (9, 2 / 9),
                                       (10, 1 / 9)]
    state.apply_action(8)
    assert state.key == 8 and state.current_player() == 0


def test_a_seeded_start_draws_what_the_engine_drew():
    # rule 24: the bag shuffled by Fisher-Yates on the dice stream, the hands dealt from its
    # top, then the key die: the state's outcomes are the shuffle's tiles
    rules = SumokuRules(players=3, hand=4, start="seat0")
    dice, _ = game_streams(11)
    bag = shuffled_bag(game_streams(11)[0])
    state, drawn = SumokuState(rules), []
    while state.current_player() == CHANCE:
        drawn.append(state.draw_chance(dice))
        state.apply_action(drawn[-1])
    assert drawn[:12] == [kind(t) for t in bag[:12]]
    assert state.hands == [sorted(bag[:4]), sorted(bag[4:8]), sorted(bag[8:12])]
    # the 96 swaps drew 95 numbers; the key die is the next below(6)
    twin = game_streams(11)[0]
    shuffled_bag(twin)
    assert drawn[12] == (3, 4, 5, 3, 4, 5)[twin.below(6)] == state.key


# -- every node of random games -----------------------------------------------------------

VARIANTS = [
    {"hand": 3},
    {"hand": 3, "players": 3, "key": "challenge", "single_tile": "larger"},
    {"hand": 2, "players": 4, "six_value": "per_line", "stuck": "draw", "start_tie": "first"},
    {"hand": 2, "players": 5, "six_is_nine": False, "start": "seat0", "bonus": False,
     "out_ends": True, "penalty": False, "key": "7"},
    {"hand": 4, "players": 2, "key": "3", "stuck": "draw", "out_ends": True},
]


def check_node(state, bounds):
    actions = state.legal_actions()
    assert actions and actions == sorted(set(actions))
    assert all(0 <= a < bounds.num_distinct_actions for a in actions)
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        assert [o for o, _ in outcomes] == actions
        assert all(o < bounds.max_chance_outcomes for o in actions)
        assert sum(Fraction(p).limit_denominator(1 << 20) for _, p in outcomes) == 1
    else:
        assert 0 <= state.current_player() < state.num_players
        assert [state.action_to_string(a) for a in actions]
    twin = state.clone()
    assert twin == state and str(twin) == str(state)
    return twin


@pytest.mark.parametrize("values", VARIANTS, ids=lambda v: ",".join(f"{k}={x}"
                                                                    for k, x in v.items()))
def test_every_node_of_random_games_keeps_the_api(values):
    rules = SumokuRules(**values)
    bounds = size(rules)
    for seed in range(3):
        stream, state, nodes = Stream(seed), SumokuState(rules), 0
        while not state.is_terminal():
            twin = check_node(state, bounds)
            actions = state.legal_actions()
            if state.current_player() == CHANCE:
                action = sample(state.chance_outcomes(), stream)
            else:
                action = actions[stream.choose(len(actions))]
            before = str(twin)
            state.apply_action(action)
            nodes += 1
            # a clone is independent: the original moved on, the clone did not
            assert str(twin) == before and twin.legal_actions() == actions
        assert nodes <= bounds.max_game_length
        scores = state.scores()
        best = max(scores)
        top = [s for s, x in enumerate(scores) if x == best]
        assert state.returns() == [1 / len(top) if s in top else 0.0
                                   for s in range(rules.players)]
        assert sum(state.returns()) == pytest.approx(1)
        assert state.row()["seat_score"] == scores
        assert state.row()["winner"] == (top[0] if len(top) == 1 else -2)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_playouts_end(players):
    for seed in range(3):
        nodes = random_playout(SumokuState(SumokuRules(players=players, hand=3)), Stream(seed))
        assert 0 < nodes <= size(SumokuRules(players=players, hand=3)).max_game_length


def test_equal_states_differ_only_in_what_does_not_matter():
    a = SumokuState.from_text(END.format("1 2"), SumokuRules(hand=2))
    b = SumokuState.from_text(END.format("1 2"), SumokuRules(hand=2))
    assert a == b
    b.points[1] += 1
    assert a != b
    c = SumokuState.from_text(END.format("1 2"), SumokuRules(hand=2))
    c.apply_action(PASS)
    assert a != c


# -- the same games -----------------------------------------------------------------------

def test_seeded_games_are_the_kernels():
    # the kernel plays the games the engine played before the decision API (the hashes of
    # tests/test_same_games.py); the API's seeded loop must play the same
    for values, names in (({"hand": 3, "players": 3}, ["random", "greedy", "lookahead"]),
                          ({"hand": 4, "key": "challenge", "stuck": "draw"},
                           ["greedy", "random"])):
        rules = SumokuRules(**values)
        keys = np.random.PCG64(5).random_raw(1)
        fast = play_chunk(rules, names, keys)
        for i, key in enumerate(keys):
            state = play(SumokuState(rules), [make_policy(n, rules) for n in names], int(key))
            row = state.row()
            for column in SPEC.result_keys:
                assert np.array_equal(np.asarray(row[column]), fast[column][i]), column


RECORDED_ROWS = json.loads(ROWS.read_text())


def test_the_recorded_rows_cover_draws_and_variants():
    assert len(RECORDED_ROWS) >= 40 and any(g["row"]["winner"] == -2 for g in RECORDED_ROWS)


@pytest.mark.parametrize("game", RECORDED_ROWS, ids=lambda g: f"{','.join(g['players'])}-"
                                                             f"{g['key']}")
def test_rows_as_the_engine_returned_them_before_the_api(game):
    # tests/data/sumoku_reference_rows.json: rows of the engine before issue 19 (its Game
    # class and player protocol, commit abe0fb3), written by its reference_row: random and
    # greedy on hands of 2 to 4 tiles, lookahead and search-1 on hands of 2 or 3, every
    # variant of the rules parameters among them
    rules = SumokuRules(**game["rules"])
    state = play(SumokuState(rules), [make_policy(n, rules) for n in game["players"]],
                 game["key"])
    assert {k: np.asarray(v).tolist() for k, v in state.row().items()} == game["row"]


def test_the_spec_registers_the_api():
    assert SPEC.new_state is SumokuState and SPEC.size is size
    assert SPEC.make_player("random", SumokuRules()).name == "random"
    assert isinstance(SPEC.make_player("random", SumokuRules()), RandomPlayer)


# -- the notation -------------------------------------------------------------------------

POSITION = """key: 5; to move: 1; scores: 30 10; at: -1 0
.  .  .  R9
R3 O1 Y6 G5
.  B7 .  Y1
.  P2 .  .
hand: R6 R8 O7 O8 B4 B6 P5 P7
hand: R2 R5 O8 Y2 Y8 G1 G3 B1"""


def test_a_position_reads_and_writes_sumokus_notation():
    rules = SumokuRules(key="die")
    state = SumokuState.from_text(POSITION, rules)
    # the header: key 5, seat 1 to play, the scores; the pattern's top-left cell is (-1, 0).
    # The lines: row R3 O1 Y6 G5 = 15, column O1 B7 P2 = 10, column R9 G5 Y1 = 15
    assert state.key == 5 and state.current_player() == 1 and state.scores() == [30, 10]
    cells = state.board.cells
    assert cells[(0, 0)] == parse_placed("R3") and cells[(-1, 3)] == (parse("R6"), 9)
    assert cells[(0, 2)] == (parse("Y6"), 6) and cells[(2, 1)] == parse_placed("P2")
    assert len(cells) == 8 and [len(h) for h in state.hands] == [8, 8]
    # the bag holds the rest: 96 - 8 - 16 = 72 tiles; O8 in both hands, none left
    assert state.bag_left == 72 and all(kind(t) != parse("O8") for t in state.bag)
    assert state.to_text() == POSITION
    # the pattern is one `analyze position sumoku` reads and finds valid (rules 4 to 7)
    pattern = "\n".join(POSITION.splitlines()[1:5])
    seen = describe(SumokuRules(key=5), pattern)
    assert seen["valid"] and seen["tiles"] == 8
    assert sorted(line["sum"] for line in seen["lines"]) == [10, 15, 15]
    # and the hands as hands: `hand: ...`
    assert SumokuState.from_text(state.to_text(), rules) == state


def test_positions_of_random_games_round_trip():
    rules = SumokuRules(players=3, hand=4)
    for seed in range(2):
        dice, choices = game_streams(seed)
        state, player = SumokuState(rules), RandomPlayer()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.draw_chance(dice))
                continue
            if not state.acted:   # a turn's first node
                again = SumokuState.from_text(state.to_text(), rules)
                assert again.to_text() == state.to_text()
                assert again.board == state.board and again.key == state.key
                assert [again.hand_kinds(s) for s in range(3)] == [
                    state.hand_kinds(s) for s in range(3)]
                assert sorted(kind(t) for t in again.bag) == sorted(kind(t) for t in state.bag)
                assert again.legal_actions() == state.legal_actions()
            actions = state.legal_actions()
            state.apply_action(actions[0] if len(actions) == 1
                               else player.choose(state, choices))
