"""So-Soo-Yoo's variants and seatings for the generic differential test
(``tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games``): each
block's variants (rules overrides) crossed with its seatings (a seating's names fill the
seats in turn), ``keys`` games each, walked node by node in the kernel and the reference
engine. The small and the default rules are the generic walks' (the same file)."""
from numbergames.solver.sosooyoo.policies import POLICY_NAMES

DIFFERENTIAL = [
    {"variants": [
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
     ],
     "seatings": [(name,) for name in POLICY_NAMES]
     + [("random", "adaptive", "popsicle", "rainbow")],
     "keys": 3},
    # the search players (one per seat named; their playouts decide their choices)
    {"variants": [{"board_size": 30, "max_turns": 200}],
     "seatings": [("search-2", "adaptive"), ("random", "search-1", "popsicle")],
     "keys": 1},
    # the compensation rules (RULES.md rules 39, 40): start rings and the order of turns
    # (players set: orders other than fixed need three seats or more)
    {"variants": [
        {"players": 2, "board_size": 30, "start_rings": 3, "max_turns": 300},
        {"players": 3, "board_size": 40, "order": "snake", "start_rings": 2, "max_turns": 300},
        {"players": 4, "board_size": 30, "order": "rotate", "start_rings": 5, "max_turns": 300},
        {"players": 5, "board_size": 50, "start_rings": 2, "rings_per_colour": 2,
         "ring_limit": 6, "swaps": False, "order": "snake", "max_turns": 300},
     ],
     "seatings": [(name,) for name in POLICY_NAMES]
     + [("random", "adaptive", "popsicle", "rainbow")],
     "keys": 2},
    {"variants": [{"players": 3, "board_size": 30, "order": "snake", "start_rings": 2,
                   "max_turns": 200}],
     "seatings": [("search-2", "adaptive", "popsicle")],
     "keys": 1},
]
