"""Two engines, one truth: the kernel plays the reference engine's games node for node, for
every player and across the rules parameters (tests/test_kernel_decisions.py walks the
small and the default rules; these are the rest), and its rows are the reference's."""
import numpy as np
import pytest

from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import game_streams
from numbergames.solver.sosooyoo import SPEC, reference_row
from numbergames.solver.sosooyoo.kernel import kernel_state, play_chunk, state_view
from numbergames.solver.sosooyoo.policies import POLICY_NAMES, make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import SoSooYooState

VARIANTS = [
    {"max_turns": 400},
    {"players": 2, "board_size": 30, "max_turns": 300},
    {"players": 6, "board_size": 60, "say_error": 0.2, "ring_on_ring": "share",
     "rings_per_colour": 3, "ring_limit": 7, "max_turns": 300},
    {"players": 3, "board_size": 40, "no_roll_win": False, "exact_count": False,
     "bumped_collects": False, "double_zero": "reroll", "random_bump_own_space": "reroll",
     "say_fail": "moves_only", "say_error": 0.3, "random_bumps": False, "max_turns": 300},
    {"players": 5, "board_size": 50, "jumps": False, "prime_bubble": False, "swaps": False,
     "rings_per_colour": 6, "ring_limit": 6, "max_turns": 300},
    {"players": 4, "board_size": 24, "warps": False, "rings_per_colour": 1, "max_turns": 300},
]
SEATINGS = [(name,) for name in POLICY_NAMES] + [("random", "adaptive", "popsicle", "rainbow")]


def keys(seed, n):
    return np.random.PCG64(seed).random_raw(n)


def seats(seating, players):
    return [seating[s % len(seating)] for s in range(players)]


def same_game(rules, names, key):
    """The game of ``key`` node by node in both engines: the same node and position, the
    same legal actions, dice and decisions, the same result row."""
    reference, kernel = SoSooYooState(rules), kernel_state(rules, names, key)
    players = [make_policy(name, rules) for name in names]
    dice, choices = game_streams(key)
    node = 0
    while True:
        where = f"key {key}, node {node}:\n{reference}"
        assert kernel.view() == state_view(reference), where
        seat = reference.current_player()
        assert kernel.current_player() == seat, where
        if seat == TERMINAL:
            break
        actions = reference.legal_actions()
        assert kernel.legal_actions() == actions, where
        if seat == CHANCE:
            action = reference.draw_chance(dice)
            assert kernel.draw_chance() == action, where
        else:
            action = actions[0] if len(actions) == 1 else players[seat].choose(reference, choices)
            assert kernel.decide() == action, where
        reference.apply_action(action)
        kernel.apply_action(action)
        node += 1
    row = reference.row()
    fast = play_chunk(rules, names, np.array([key], dtype=np.uint64))
    for column in SPEC.result_keys:
        assert np.asarray(row[column]).tolist() == fast[column][0].tolist(), (key, column)


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_same_games_node_for_node(seating, variant):
    rules = SoSooYooRules(**variant)
    names = seats(seating, rules.players)
    for key in keys(len(variant) * 100 + len(seating), 6):
        same_game(rules, names, int(key))


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_hundreds_of_games_same_rows(name):
    # 120 games per player on the real board (50 for the slow random player, cut at 300
    # turns), every column compared row by row; the widest net, many more games per
    # player, is a `slow` test: tests/test_conformance.py::test_the_same_games_at_scale
    rules = SoSooYooRules(max_turns=300) if name == "random" else SoSooYooRules()
    batch = keys(7, 50 if name == "random" else 120)
    fast = play_chunk(rules, [name] * 4, batch)
    assert list(fast) == list(SPEC.result_keys)
    for i, key in enumerate(batch):
        row = reference_row(rules, [name] * 4, int(key))
        for column in SPEC.result_keys:
            assert np.array_equal(np.asarray(row[column]), fast[column][i]), (column, i)


@pytest.mark.parametrize("seating", [("search-2", "adaptive"), ("random", "search-1", "popsicle")],
                         ids="-".join)
def test_search_players_same_games(seating):
    rules = SoSooYooRules(players=len(seating), board_size=30, max_turns=200)
    for key in keys(31, 3):
        same_game(rules, list(seating), int(key))


def test_kernel_checks_its_arguments():
    with pytest.raises(ValueError, match="need 3 policies"):
        play_chunk(SoSooYooRules(players=3), ["random", "random"], keys(1, 2))
