"""Two engines, one truth: the kernel plays the reference engine's Sumoku games decision for
decision (the number of legal plays and the one chosen), for every player and across the
rules parameters, and ends on the same board, hands and scores. (The generic differential
suite, ``tests/test_kernel_decisions.py``, follows both node by node on the small rules;
here the kernel's whole games, through its decision API, on the other rules, and its
``play_chunk`` — where the players prune their move generation — row by row.)"""
import numpy as np
import pytest

from numbergames.solver.sumoku.kernel import count_plays, play_chunk
from numbergames.solver.sumoku import SPEC, reference_row
from numbergames.solver.dice import game_streams
from numbergames.solver.sumoku.state import play_game
from numbergames.solver.sumoku.state import SumokuState
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.policies import POLICY_NAMES, make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from tests.sumoku.turns import kernel_game

VARIANTS = [
    {"hand": 3},
    {"hand": 4, "players": 3, "key": "challenge", "single_tile": "larger"},
    {"hand": 3, "players": 4, "six_value": "per_line", "stuck": "draw", "start_tie": "first"},
    {"hand": 2, "players": 5, "six_is_nine": False, "start": "seat0", "bonus": False,
     "out_ends": True, "penalty": False, "key": "7"},
]
SEATINGS = [(name,) for name in POLICY_NAMES] + [("random", "lookahead", "greedy")]
GAMES = {"random": 3, "greedy": 3, "lookahead": 1}
"""Games a seating plays in both engines, by the reference engine's measured cost (a
lookahead game takes it a second or two, a random or greedy game a fraction): the seating's
most expensive player sets it."""


def keys(seed, n):
    return np.random.PCG64(seed).random_raw(n)


def seats(seating, players):
    return [seating[s % len(seating)] for s in range(players)]


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_same_games_decision_for_decision(seating, variant):
    rules = SumokuRules(**variant)
    names = seats(seating, rules.players)
    policies = [make_policy(name, rules) for name in names]
    for key in keys(len(variant) * 100 + len(seating), min(GAMES[name] for name in seating)):
        trace = []
        game = play_game(rules, policies, int(key), trace)
        fast, final = kernel_game(rules, names, int(key))
        assert fast == [tuple(step) for step in trace], f"key {int(key)}"
        assert final["board"] == game.board.cells and final["hands"] == game.hands
        assert final["scores"] == game.scores() and final["key"] == game.key
        assert final["dealt"] == game.dealt and final["turns"] == game.turns


@pytest.mark.parametrize("seating", [("search-2", "lookahead"), ("random", "search-1", "greedy")],
                         ids="-".join)
def test_search_players_same_games(seating):
    rules = SumokuRules(players=len(seating), hand=3)
    policies = [make_policy(name, rules) for name in seating]
    for key in keys(31, 1):
        trace = []
        game = play_game(rules, policies, int(key), trace)
        fast, final = kernel_game(rules, seating, int(key))
        assert fast == [tuple(step) for step in trace], f"key {int(key)}"
        assert final["scores"] == game.scores() and final["board"] == game.board.cells


@pytest.mark.parametrize("seating, hand, count", [
    (("greedy",), 8, 1), (("random",), 6, 1), (("lookahead", "greedy"), 5, 1),
    (("search-1", "lookahead", "greedy"), 3, 1)], ids=lambda v: str(v))
def test_play_chunk_same_rows(seating, hand, count):
    # play_chunk, where the players that keep only the best plays bound their search (the
    # kernel games above, through kernel_state, give exact action ids, so do not), every
    # column compared row by row
    rules = SumokuRules(hand=hand, players=max(2, len(seating)))
    names = seats(seating, rules.players)
    batch = keys(7, count)
    fast = play_chunk(rules, names, batch)
    assert list(fast) == list(SPEC.result_keys)
    for i, key in enumerate(batch):
        row = reference_row(rules, names, int(key))
        for column in SPEC.result_keys:
            assert np.array_equal(np.asarray(row[column]), fast[column][i]), (column, i)


@pytest.mark.parametrize("variant", [{}, {"six_value": "per_line", "key": "challenge"},
                                     {"six_is_nine": False, "single_tile": "larger"}])
def test_kernel_counts_the_legal_plays_of_any_hand(variant):
    # every hand at the first 8 turns of a greedy game on full hands
    rules = SumokuRules(players=3, **variant)
    seen = 0
    for seed in range(1):
        dice, choices = game_streams(seed)
        game, greedy = SumokuState(rules), make_policy("greedy", rules)
        while not game.over and game.turns < 8:
            if game.is_chance_node():
                game.apply_action(game.draw_chance(dice))
                continue
            if not game.acted:   # at the start of a turn
                for seat in range(3):
                    want = len(legal_plays(game.board, game.hand_kinds(seat), game.key, rules))
                    got = count_plays(rules, game.board.cells, game.hands[seat], game.key)
                    assert got == want, (seed, game.turns, seat)
                    seen += want > 0
            actions = game.legal_actions()
            game.apply_action(actions[0] if len(actions) == 1 else greedy.choose(game, choices))
    assert seen > 15


def test_kernel_checks_its_arguments():
    with pytest.raises(ValueError, match="need 3 policies"):
        play_chunk(SumokuRules(players=3), ["random", "random"], keys(1, 2))
    with pytest.raises(ValueError, match="unknown player"):
        play_chunk(SumokuRules(), ["random", "expert"], keys(1, 2))
