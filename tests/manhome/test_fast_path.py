"""The kernel's fast path plays the generic path's games: ``numbergames.cext.manhome.play.play_chunk``
makes whole turns at a time when no seat searches (``fast_game``), while
``play_chunk_nodes`` plays every game node by node over the decision API
(``cext/common/decisions.pxi``'s ``play_game``, which the differential tests hold to the
reference engine). Their result rows must be equal, game for game, for every fixed player
alone and mixed, in every rule variant."""
import numpy as np
import pytest

from numbergames.cext.manhome import play
from numbergames.solver.manhome.kernel import config
from numbergames.solver.manhome.rules import ManHomeRules

SMALL = {"board_rows": 3, "men_per_player": 4, "men_to_win": 2}
"""Rules whose solved tables take a moment (the table players and the expert)."""
TINY = {"board_rows": 2, "men_per_player": 2, "men_to_win": 2}
"""Rules whose two-player optimal play is solved in a moment (on SMALL it takes ~20 s)."""
SEATINGS = [("random", "random"), ("greedy", "greedy"), ("random", "greedy"),
            ("greedy", "random", "greedy", "random"), ("random",) * 8, ("greedy",) * 5,
            ("random",), ("greedy",)]
TABLE_SEATINGS = [("solitaire", "solitaire"), ("expert", "expert"), ("optimal", "optimal"),
                  ("expert", "random"), ("solitaire", "greedy", "expert"),
                  ("optimal", "expert"), ("solitaire",), ("expert",)]
VARIANTS = [{}, {"tie": "attacker"}, {"tie": "reroll"}, {"extra_turn": False},
            {"board_rows": 2}, {"board_rows": 1, "men_per_player": 2, "men_to_win": 2},
            {"board_rows": 5, "men_to_win": 2}, {"men_per_player": 12, "men_to_win": 12},
            {"men_to_win": 1}, {"max_turns": 25}, {"max_turns": 1}, {"head_start": 2}]


def make_rules(seating, variant):
    """The rules of a seating; one seat alone (as play_solitaire plays) is configured on
    two-player rules."""
    return ManHomeRules(players=max(2, len(seating)), **variant)


def rows_both(rules, seating, n, seed):
    keys = np.random.PCG64(seed).random_raw(n)
    cfg = config(rules, list(seating), players=len(seating))
    return play.play_chunk(cfg, keys), play.play_chunk_nodes(cfg, keys)


def test_the_fast_path_is_the_kernel():
    assert play.play_chunk is not play.play_chunk_nodes


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "standard")
def test_same_games(seating, variant):
    rules = make_rules(seating, variant)
    fast, generic = rows_both(rules, seating, 2_000, len(seating) * 100 + len(variant))
    assert fast.shape == generic.shape
    assert np.array_equal(fast, generic)


@pytest.mark.parametrize("seating", TABLE_SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", [{}, {"tie": "reroll"}, {"extra_turn": False},
                                     {"max_turns": 20}],
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "small")
def test_same_games_of_the_table_players(seating, variant):
    if "optimal" in seating and len(seating) != 2:
        pytest.skip("optimal plays two seats")
    rules = make_rules(seating, {**(TINY if "optimal" in seating else SMALL), **variant})
    fast, generic = rows_both(rules, seating, 2_000, 7 + len(seating))
    assert np.array_equal(fast, generic)


@pytest.mark.parametrize("variant", [{"order": "rotate"}, {"order": "snake", "head_start": 3},
                                     {"order": "snake", "extra_turn": False}],
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_same_games_in_every_order(variant):
    for seating in (("greedy", "random", "greedy"), ("random",) * 5):
        rules = make_rules(seating, variant)
        fast, generic = rows_both(rules, seating, 2_000, 11)
        assert np.array_equal(fast, generic)


def test_a_search_seat_takes_the_generic_path():
    rules = ManHomeRules(**SMALL)
    fast, generic = rows_both(rules, ("search-2", "greedy"), 50, 3)
    assert np.array_equal(fast, generic)


def test_many_games_of_the_standard_rules():
    # a wider net for the players the benchmarks time (random and greedy: the expert and
    # solitaire on the standard rules read tables solved in ~11 s, covered above on SMALL)
    for name in ("random", "greedy"):
        fast, generic = rows_both(ManHomeRules(), (name, name), 100_000, 11)
        assert np.array_equal(fast, generic)
