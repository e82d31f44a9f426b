"""The kernel's move generator deep into games, where its per-generation tables are met
most (cext/sumoku/moves.pxi: the options a cross line of fixed values takes, from the
residue of its total and the colours it holds; the k largest values of the colours left,
for each set of colours taken; the windows' bounds summed as a window grows and summed
again when a tile brings a colour; the lines walked only around their tiles): at positions
of kernel games under keys up to 10, sixes read per line (free sixes in the cross lines)
and big hands, the number of legal plays against the reference's list
(``moves.legal_plays``), and the play the bounded greedy and lookahead players pick against
the one they pick listing every play (``exact_actions``)."""
import numpy as np
import pytest

from numbergames.cext.sumoku.play import KernelState, game_tiles
from numbergames.solver.sumoku.board import Board
from numbergames.solver.sumoku.kernel import config
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import kind

VARIANTS = [
    {"key": "10"},
    {"key": "7", "hand": 12},
    {"six_value": "per_line", "key": "challenge", "players": 3},
    {"six_value": "per_line", "key": "9", "hand": 6},
    {"six_is_nine": False, "key": "8", "single_tile": "larger"},
    {"key": "3", "hand": 10, "players": 4, "bonus": False},
]
IDS = [",".join(f"{k}={x}" for k, x in v.items()) for v in VARIANTS]


def positions(rules, key, every):
    """Every ``every``-th decision node of a greedy game in the kernel (exact ids), as the
    kernel state there."""
    state = KernelState(config(rules, ["greedy"] * rules.players, exact_actions=True), key)
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.draw_chance())
            continue
        if seen % every == 0:
            yield state.clone()
        seen += 1
        state.apply_action(state.decide())


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_counts_deep_into_games(variant):
    rules = SumokuRules(**variant)
    checked = 0
    for key in np.random.PCG64(23 + len(variant)).random_raw(1):
        for state in positions(rules, int(key), 4):
            tiles = game_tiles(state)
            board = Board(dict(tiles["board"]))
            seat = state.current_player()
            hand = [kind(t) for t in tiles["hands"][seat]]
            want = len(legal_plays(board, hand, tiles["key"], rules))
            got = len(state.legal_actions())
            assert got == max(want, 1), (int(key), tiles["turns"], seat)
            checked += want > 1
    assert checked > 5


@pytest.mark.parametrize("player", ["greedy", "lookahead"])
@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_bounded_picks_deep_into_games(variant, player):
    # two kernel states of one game, one listing every play and one bounding, led through
    # a greedy game (the exact state's greedy picks); at every decision each decides as
    # ``player`` and the states they leave are compared
    rules = SumokuRules(**variant)
    compared = 0
    for key in np.random.PCG64(41 + len(variant)).random_raw(2 if player == "greedy" else 1):
        exact = KernelState(config(rules, [player] * rules.players, exact_actions=True),
                            int(key))
        bounded = KernelState(config(rules, [player] * rules.players, exact_actions=False),
                              int(key))
        lead = KernelState(config(rules, ["greedy"] * rules.players, exact_actions=True),
                           int(key))
        while not lead.is_terminal():
            assert exact.view() == bounded.view() == lead.view()
            if lead.is_chance_node():
                outcome = lead.draw_chance()
                assert exact.draw_chance() == bounded.draw_chance() == outcome
            else:
                if len(lead.legal_actions()) > 1:
                    one, two = exact.clone(), bounded.clone()
                    one.apply_action(one.decide())
                    two.apply_action(two.decide())
                    assert one.view() == two.view(), (int(key), compared)
                    compared += 1
                outcome = lead.decide()
            lead.apply_action(outcome)
            exact.apply_action(outcome)
            bounded.apply_action(outcome)
    assert compared > 10
