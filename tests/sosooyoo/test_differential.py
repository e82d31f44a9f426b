"""Two engines, one truth: the kernel plays the reference engine's games decision for
decision, for every player and across the rules parameters."""
import numpy as np
import pytest

from solver.sosooyoo.kernel import play_chunk, trace_game
from solver.sosooyoo import SPEC, reference_row
from solver.sosooyoo.policies import POLICY_NAMES, make_policy
from solver.sosooyoo.rules import SoSooYooRules
from solver.sosooyoo.state import play_game

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


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_same_games_decision_for_decision(seating, variant):
    rules = SoSooYooRules(**variant)
    names = seats(seating, rules.players)
    policies = [make_policy(name, rules) for name in names]
    for key in keys(len(variant) * 100 + len(seating), 12):
        trace = []
        game = play_game(rules, policies, int(key), trace=trace).game
        fast, final = trace_game(rules, names, int(key))
        assert fast.tolist() == [list(step) for step in trace], f"key {int(key)}"
        assert final["winner"] == game.winner and final["turns"] == game.turns
        assert final["held"] == game.held and final["pos"] == game.pos
        assert final["ring_space"] == game.ring_space and final["boneyard"] == game.boneyard


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_hundreds_of_games_same_rows(name):
    # 200 games per player on the real board (80 for the slow random player, cut at 300
    # turns), every column compared row by row; the wide net, many more games per
    # player, is benchmarks/agree_all.py
    rules = SoSooYooRules(max_turns=300) if name == "random" else SoSooYooRules()
    batch = keys(7, 80 if name == "random" else 200)
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
    policies = [make_policy(name, rules) for name in seating]
    for key in keys(31, 3):
        trace = []
        game = play_game(rules, policies, int(key), trace=trace).game
        fast, final = trace_game(rules, seating, int(key))
        assert fast.tolist() == [list(step) for step in trace], f"key {int(key)}"
        assert final["winner"] == game.winner


def test_kernel_checks_its_arguments():
    with pytest.raises(ValueError, match="need 3 policies"):
        play_chunk(SoSooYooRules(players=3), ["random", "random"], keys(1, 2))
