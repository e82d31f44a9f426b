"""Two engines, one truth: the kernel plays the reference engine's games, in rules and
seatings beyond the generic suite's (``tests/test_kernel_decisions.py`` compares them node by
node on the small and the default rules, one player in every seat): the same final states
(``tests/manhome/twins.py``) and the same result rows."""
import numpy as np
import pytest

from numbergames.solver.manhome import reference_row
from numbergames.solver.manhome.kernel import play_chunk
from numbergames.solver.manhome.rules import ManHomeRules
from tests.manhome.twins import same_game

SEATINGS = [("random", "random"), ("greedy", "greedy"), ("expert", "expert"),
            ("greedy", "random", "expert"), ("expert", "greedy", "random", "greedy"),
            ("solitaire", "expert", "random")]
VARIANTS = [{}, {"tie": "attacker"}, {"tie": "reroll"}, {"extra_turn": False}, {"board_rows": 2},
            {"board_rows": 1, "men_per_player": 2, "men_to_win": 2}, {"board_rows": 5, "men_to_win": 2},
            {"men_per_player": 3, "men_to_win": 2}, {"men_per_player": 12, "men_to_win": 12, "board_rows": 2},
            {"men_to_win": 1}, {"max_turns": 25}]


def keys(seed, n):
    return np.random.PCG64(seed).random_raw(n)


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "standard")
def test_same_games(seating, variant):
    rules = ManHomeRules(players=len(seating), **variant)
    for key in keys(len(seating) * 1000 + len(variant), 40):
        same_game(rules, seating, int(key))


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
def test_chunk_rows_match_the_reference(seating):
    rules = ManHomeRules(players=len(seating))
    batch = keys(99, 150)
    result = play_chunk(rules, seating, batch)
    for i, key in enumerate(batch):
        row = reference_row(rules, seating, int(key))
        for name, value in row.items():
            assert np.array_equal(result[name][i], value), (name, i)


def test_many_games_same_winners_and_lengths():
    # A wider net than the traces: 500 games per policy, compared row by row (the widest,
    # tens of thousands of games of every player, is a `slow` test:
    # tests/test_conformance.py::test_the_same_games_at_scale).
    rules = ManHomeRules()
    for name in ("random", "greedy", "expert"):
        batch = keys(7, 500)
        result = play_chunk(rules, [name, name], batch)
        reference = [reference_row(rules, [name, name], int(k)) for k in batch]
        assert result["winner"].tolist() == [r["winner"] for r in reference]
        assert result["turns"].tolist() == [r["turns"] for r in reference]


def test_kernel_checks_its_arguments():
    with pytest.raises(ValueError, match="need 3 policies"):
        play_chunk(ManHomeRules(players=3), ["random", "random"], keys(1, 2))


SEARCH_SEATINGS = [("search-3", "greedy"), ("random", "search-2"), ("search-2", "expert", "search-1")]
SEARCH_VARIANTS = [{}, {"tie": "reroll", "extra_turn": False}, {"board_rows": 3, "men_to_win": 2},
                   {"max_turns": 30}]


@pytest.mark.parametrize("seating", SEARCH_SEATINGS, ids="-".join)
@pytest.mark.parametrize("variant", SEARCH_VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "standard")
def test_search_players_same_games(seating, variant):
    # The search player's playouts (copies of the game, greedy in every seat, their own
    # keys) and its choices must be the same in both engines, or the games part at once.
    rules = ManHomeRules(players=len(seating), **variant)
    for key in keys(31 + len(variant), 3):
        same_game(rules, seating, int(key))
