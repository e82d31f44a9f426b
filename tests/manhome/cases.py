"""Man Home's variants and seatings for the generic differential test
(``tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games``): each
block's variants (rules overrides) crossed with its seatings (one player per name, the
number of players the seating's length), ``keys`` games each, walked node by node in the
kernel and the reference engine."""

DIFFERENTIAL = [
    {"variants": [{}, {"tie": "attacker"}, {"tie": "reroll"}, {"extra_turn": False},
                  {"board_rows": 2}, {"board_rows": 1, "men_per_player": 2, "men_to_win": 2},
                  {"board_rows": 5, "men_to_win": 2}, {"men_per_player": 3, "men_to_win": 2},
                  {"men_per_player": 12, "men_to_win": 12, "board_rows": 2},
                  {"men_to_win": 1}, {"max_turns": 25}],
     "seatings": [("random", "random"), ("greedy", "greedy"), ("expert", "expert"),
                  ("greedy", "random", "expert"), ("expert", "greedy", "random", "greedy"),
                  ("solitaire", "expert", "random")],
     # 15 games a case (the final-state comparison before took 40): a game walked node by
     # node costs about twice one compared at its end
     "keys": 15},
    # the search players: their playouts (copies of the game, greedy in every seat, their
    # own keys) decide their choices, so a playout that parts shows at the next decision
    {"variants": [{}, {"tie": "reroll", "extra_turn": False}, {"board_rows": 3, "men_to_win": 2},
                  {"max_turns": 30}],
     "seatings": [("search-3", "greedy"), ("random", "search-2"),
                  ("search-2", "expert", "search-1")],
     "keys": 2},
]
