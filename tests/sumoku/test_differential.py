"""Two engines, one truth, where the generic differential test cannot look: the generic
test (``tests/test_kernel_decisions.py``) walks both engines node by node, for every player,
on the small and the default rules and on the variants and seatings of
``tests/sumoku/cases.py``; here the kernel's ``play_chunk`` — where the players that keep
only the best plays bound their move generation — row by row, its count of the legal plays
of any hand, and its refusal of wrong seatings."""
import numpy as np
import pytest

from numbergames.solver.sumoku.kernel import count_plays, play_chunk
from numbergames.solver.sumoku import SPEC, reference_row
from numbergames.solver.dice import game_streams
from numbergames.solver.sumoku.state import SumokuState
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules


def keys(seed, n):
    return np.random.PCG64(seed).random_raw(n)


def seats(seating, players):
    return [seating[s % len(seating)] for s in range(players)]


@pytest.mark.parametrize("seating, hand, count", [
    (("greedy",), 8, 1), (("random",), 6, 1), (("lookahead", "greedy"), 5, 1),
    (("search-1", "lookahead", "greedy"), 3, 1)], ids=lambda v: str(v))
def test_play_chunk_same_rows(seating, hand, count):
    # play_chunk, where the players that keep only the best plays bound their search (the
    # generic test's games, through kernel_state, give exact action ids, so do not), every
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
