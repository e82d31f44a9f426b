"""So-Soo-Yoo's decision API (:class:`numbergames.solver.sosooyoo.state.SoSooYooState`), checked from
outside the engine: the rulebook's set-up and turns worked by hand, node by node (who is
to play, which actions, which chance outcomes at what odds), the API's contract at every
node of many random games under several rules (:func:`numbergames.solver.decision.random_playout` and
a node-by-node walk), and the finished games' rows against the kernel and the games
recorded before the engine moved onto the API (``tests/data/sosooyoo_games.json``)."""
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver.decision import CHANCE, TERMINAL, RandomPlayer, Size, play, random_playout
from numbergames.solver.dice import Stream
from numbergames.solver.registry import find_game
from numbergames.solver.sosooyoo.kernel import play_chunk
from numbergames.solver.sosooyoo.policies import make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import END, NUM_ACTIONS, RANDOM, RING, SoSooYooState, size
from tests.sosooyoo.test_known_turns import position

RED, ORANGE, YELLOW = 0, 1, 2
# the moves from 21 = 3·7 by hand (as test_known_turns): 21 ± 1, ± 3, ± 7, ± 21
T21 = [14, 18, 20, 22, 24, 28, 42]
T24 = [12, 16, 18, 20, 21, 22, 23, 25, 26, 27, 28, 30, 32, 36, 48]   # 24 = 2·2·2·3


def probabilities(state):
    return {outcome: Fraction(p).limit_denominator(1 << 20)
            for outcome, p in state.chance_outcomes()}


# -- the rulebook, node by node -------------------------------------------------------------

def test_the_set_up_is_placement_rolls_in_seat_order():
    # rule 5: the d20 reads the tens, the d10 the units, 0..199 each once in 200; rule 8:
    # the pieces are placed in seat order, a roll of 0, above the board or on a piece is
    # rolled again; rule 9: then one ring of each colour, red first
    state = SoSooYooState(SoSooYooRules(players=2, board_size=24))
    assert state.num_players == 2 and state.current_player() == CHANCE
    odds = probabilities(state)
    assert list(odds) == list(range(200)) and set(odds.values()) == {Fraction(1, 200)}
    assert state.legal_actions() == list(range(200))
    for roll in (0, 150, 23, 23, 25, 24):      # double zero, above, 23, taken, above, 24
        assert state.current_player() == CHANCE
        state.apply_action(roll)
    assert state.game.pos == [23, 24]
    for roll in (17, 17, 11, 23, 7, 1, 10, 18):  # red 17; orange: 17 holds red, then 11 ...
        state.apply_action(roll)
    # ... yellow onto seat 0's piece on 23 (it takes it: rule 16), another yellow on 7
    assert state.game.ring_space == [17, 11, 7, 1, 10, 18]
    assert state.game.held[0] == [0, 0, 1, 0, 0, 0]
    # set up: seat 0's turn begins with the moves die, 1..6 once in 6 each
    assert state.current_player() == CHANCE
    assert probabilities(state) == {m: Fraction(1, 6) for m in range(1, 7)}


def test_a_turn_by_hand_the_exact_count():
    # Seat 0 holds five red rings; the red ring lies on 24. It rolls 2: move 1 jumps
    # 21 -> 24 by its 3 bubble (the rulebook's example) but, not being the last move,
    # leaves the winning ring (rule 17); move 2 goes on to 25; the end: nothing or
    # discard a red ring; seat 1 is next, with its die
    game = position([21, 100], [[5, 0, 0, 0, 0, 0], [0] * 6], rings=(24, 150, 160, 170, 180, 190))
    state = SoSooYooState.at(game)
    assert state.current_player() == CHANCE
    state.apply_action(2)
    assert state.current_player() == 0 and state.legal_actions() == T21
    assert state.action_to_string(24) == "move to 24"
    state.apply_action(24)
    assert state.game.ring_space[RED] == 24 and state.game.held[0][RED] == 5
    assert state.current_player() == 0 and state.legal_actions() == T24
    state.apply_action(25)
    assert state.legal_actions() == [END, END + 7 + RED]
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "end: nothing", "end: discard a red ring"]
    state.apply_action(END)
    assert state.game.turns == 1 and state.game.pos == [25, 100]
    assert state.current_player() == CHANCE and not state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_a_winning_turn_and_its_returns():
    # The same position, a roll of 3: 24 is passed over on move 1, collected on move 3
    # (the last); a new red ring is rolled for (42); nothing at the end: a popsicle, the
    # game is over and seat 0 has won
    game = position([21, 100], [[5, 0, 0, 0, 0, 0], [0] * 6], rings=(24, 150, 160, 170, 180, 190))
    state = SoSooYooState.at(game)
    for action in (3, 24, 21, 24):
        state.apply_action(action)
    assert state.current_player() == CHANCE          # the new red ring's placement
    state.apply_action(42)
    assert state.current_player() == 0 and state.legal_actions() == [END, END + 7 + RED]
    state.apply_action(END)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.returns() == [1.0, 0.0]
    row = state.row()
    assert (row["winner"], row["win_kind"], row["turns"], row["seat_rings"]) == (0, 1, 1, [6, 0])


def test_a_bump_offers_the_ring_then_the_targets_then_a_random_bump():
    # Seat 0 on 20 rolls 1 and moves to 21, where seat 1's piece stands holding an orange
    # and a yellow ring: the bumper takes one of them (rule 23), then sends the piece to
    # a space one move from 21 (both pieces of the chain are on 21 now: 20 is free), or
    # rolls for it (rule 24): the targets ascending, the random bump last
    game = position([20, 21], [[0] * 6, [0, 1, 1, 0, 0, 0]])
    state = SoSooYooState.at(game)
    state.apply_action(1)
    assert 21 in state.legal_actions()
    state.apply_action(21)
    assert state.current_player() == 0
    assert state.legal_actions() == [RING + ORANGE, RING + YELLOW]
    assert state.action_to_string(RING + YELLOW) == "take a yellow ring off seat 1"
    state.apply_action(RING + YELLOW)
    assert state.game.held[1] == [0, 1, 0, 0, 0, 0]
    assert state.current_player() == 0 and state.legal_actions() == T21 + [RANDOM]
    state.apply_action(RANDOM)
    # a random bump rolls the placement dice: 0 costs the bumper a ring, but it has none
    # (rules 6, 24); 21, the piece's own space, likewise; 150 is above no space here but
    # a space on the real board: the piece goes there
    assert state.current_player() == CHANCE
    state.apply_action(0)
    state.apply_action(21)
    assert state.current_player() == CHANCE
    state.apply_action(150)
    assert state.game.pos == [21, 150]


def test_say_the_numbers_is_a_chance_node():
    # rule 35: with say_error q each landing is followed by a slip, failed with odds q;
    # a failed say (1) ends the turn, the end-of-turn action included
    game = position([21, 100], say_error=0.25)
    state = SoSooYooState.at(game)
    state.apply_action(3)
    state.apply_action(22)
    assert state.current_player() == CHANCE
    assert probabilities(state) == {0: Fraction(3, 4), 1: Fraction(1, 4)}
    assert state.action_to_string(1) == "said wrong"
    state.apply_action(1)
    assert state.game.turns == 1 and state.game.landings == [1, 0]
    sure = SoSooYooState.at(position([21, 100], say_error=1.0))
    sure.apply_action(3)
    sure.apply_action(22)
    assert sure.chance_outcomes() == [(1, 1.0)]


def test_a_game_cut_off_is_a_draw_of_every_seat():
    rules = SoSooYooRules(players=3, board_size=30, max_turns=4)
    state = play(SoSooYooState(rules), [RandomPlayer()] * 3, 3)
    assert state.is_terminal() and state.game.turns == 4
    if state.game.winner < 0:
        assert state.returns() == [1 / 3] * 3
    assert state.row()["winner"] == state.game.winner


def test_illegal_actions_are_refused():
    state = SoSooYooState.at(position([21, 100]))
    with pytest.raises(ValueError):
        state.apply_action(7)                 # the die shows 1..6
    state.apply_action(2)
    with pytest.raises(ValueError):
        state.apply_action(23)                # not one move from 21


# -- the contract, at every node of random games ---------------------------------------------

VARIANTS = [                                  # (small boards: many placement rolls)
    {"players": 2, "board_size": 24, "max_turns": 20},
    {"players": 4, "max_turns": 80},
    {"players": 6, "board_size": 60, "say_error": 0.2, "ring_on_ring": "share",
     "rings_per_colour": 2, "ring_limit": 7, "max_turns": 40},
    {"players": 3, "board_size": 50, "no_roll_win": False, "exact_count": False,
     "bumped_collects": False, "double_zero": "reroll", "say_fail": "moves_only",
     "say_error": 0.3, "random_bumps": False, "max_turns": 40},
    {"players": 5, "board_size": 12, "swaps": False, "rings_per_colour": 1, "max_turns": 6},
    {"players": 3, "order": "snake", "start_rings": 2, "max_turns": 30},
    {"players": 4, "order": "rotate", "start_rings": 5, "rings_per_colour": 5,
     "max_turns": 40},
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v['players']}p-{v.get('board_size', 199)}")
def test_random_playouts_keep_the_contract(variant):
    rules = SoSooYooRules(**variant)
    bound = size(rules)
    for seed in range(4 if rules.board_size <= 24 else 16):
        state = SoSooYooState(rules)
        nodes = random_playout(state, Stream(seed))
        assert state.is_terminal() and nodes <= bound.max_game_length
        winner = state.game.winner
        assert state.returns() == ([1.0 if s == winner else 0.0 for s in range(rules.players)]
                                   if winner >= 0 else [1 / rules.players] * rules.players)
        assert winner >= 0 or state.game.turns == rules.max_turns


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v['players']}p-{v.get('board_size', 199)}")
def test_every_node_keeps_the_contract(variant):
    rules = SoSooYooRules(**variant)
    bound = size(rules)
    assert bound == Size(220, 200, bound.max_game_length) and NUM_ACTIONS == 220
    for seed in range(2 if rules.board_size <= 24 else 6):  # small boards: long games
        stream, state, nodes = Stream(1000 + seed), SoSooYooState(rules), 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions and actions == sorted(set(actions)), str(state)
            assert all(0 <= a < bound.num_distinct_actions for a in actions)
            if state.is_chance_node():
                odds = probabilities(state)
                assert list(odds) == actions and sum(odds.values()) == 1
                assert all(p > 0 for p in odds.values())
                assert all(a < bound.max_chance_outcomes for a in actions)
            else:
                assert 0 <= state.current_player() < rules.players
                assert all(state.action_to_string(a) for a in actions)
            action = actions[stream.choose(len(actions))]
            if nodes % 7 == 0:                # a clone equals its original, and is apart
                twin = state.clone()
                assert twin == state and twin.legal_actions() == actions
                before = twin.game.key()
                state.apply_action(action)
                assert twin.game.key() == before and twin.legal_actions() == actions
                twin.apply_action(action)
                assert twin == state and twin.game.key() == state.game.key()
            else:
                state.apply_action(action)
            nodes += 1
        assert nodes <= bound.max_game_length and state.legal_actions() == []
        assert "seat 0" in str(state)


def test_equal_states_are_equal_and_different_ones_not():
    rules = SoSooYooRules(players=2, board_size=24)
    a, b = SoSooYooState(rules), SoSooYooState(rules)
    assert a == b
    a.apply_action(5)
    assert a != b
    b.apply_action(5)
    assert a == b


# -- the games: the same as before the API -----------------------------------------------------

@pytest.mark.parametrize("names", [["random"] * 3, ["adaptive", "popsicle", "rainbow"],
                                   ["search-1", "random", "adaptive"]], ids="-".join)
def test_rows_are_the_kernels(names):
    # the kernel plays the games the engine played before it moved onto the API
    rules = SoSooYooRules(players=3, board_size=30, max_turns=200)
    players = [make_policy(n, rules) for n in names]
    keys = np.random.PCG64(5).random_raw(2 if "search-1" in names else 8)
    fast = play_chunk(rules, names, keys)
    for i, key in enumerate(keys.tolist()):
        row = play(SoSooYooState(rules), players, key).row()
        for column, values in fast.items():
            assert np.array_equal(np.asarray(row[column]), values[i]), (column, key)


def test_rows_are_the_recorded_games():
    data = Path(__file__).resolve().parents[1] / "data" / "sosooyoo_games.json"
    for game in json.loads(data.read_text())["games"]:
        rules = SoSooYooRules(**game["rules"])
        players = [make_policy(n, rules) for n in game["players"]]
        assert play(SoSooYooState(rules), players, game["key"]).row() == game["result"]


def test_the_game_is_registered_with_its_api():
    spec = find_game("sosooyoo")
    rules = SoSooYooRules(players=3)
    assert isinstance(spec.new_state(rules), SoSooYooState)
    assert spec.size(rules) == size(rules)
    assert isinstance(spec.make_player("random", rules), RandomPlayer)
    for name in ("popsicle", "rainbow", "adaptive", "search-2"):
        assert spec.make_player(name, rules).name == name
