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
    # the compensation rules (RULES.md, designer variants): head-start turns and the order
    # of goes; orders other than fixed need three seats or more
    {"variants": [{"head_start": 1}, {"head_start": 6, "board_rows": 2, "men_to_win": 2},
                  {"head_start": 3, "extra_turn": False, "tie": "reroll"}],
     "seatings": [("random", "random"), ("greedy", "expert"),
                  ("greedy", "random", "expert", "greedy")],
     "keys": 8},
    {"variants": [{"order": "rotate"}, {"order": "snake", "head_start": 2},
                  {"order": "snake", "extra_turn": False, "board_rows": 3, "men_to_win": 2}],
     "seatings": [("greedy", "random", "expert"), ("expert", "greedy", "random", "greedy"),
                  ("solitaire", "expert", "random")],
     "keys": 8},
    # the race players follow the goes in their search and their evaluation
    {"variants": [{"board_rows": 2, "men_per_player": 3, "men_to_win": 2, "head_start": 2},
                  {"board_rows": 2, "men_per_player": 3, "men_to_win": 2, "order": "snake",
                   "head_start": 1},
                  {"board_rows": 2, "men_per_player": 3, "men_to_win": 2, "order": "rotate",
                   "extra_turn": False}],
     "seatings": [("ply-1", "greedy", "adapt-1"), ("ply-2", "expert", "random", "ply-1")],
     "keys": 3},
    {"variants": [{"board_rows": 3, "men_to_win": 2, "order": "snake", "head_start": 2}],
     "seatings": [("search-2", "expert", "search-1")],
     "keys": 2},
]
