"""Shoo's variants and seatings for the generic differential test
(``tests/test_kernel_decisions.py::test_variants_and_seatings_play_the_same_games``): random
games of 100 plies under each variant, walked node by node in the kernel and the reference
engine, with the decision-sequence counts to depth 2 (perft) at plies 20 and 60. The default
and small rules are the generic walks' (the same file); ``VARIANTS`` are also the other
kernel checks' (``tests/shoo/test_kernel.py``)."""

VARIANTS = [{}, {"hush": "lose_move"}, {"hush": "shoo_off"}, {"hush": "off"},
            {"leave_home": True, "horses": 7}, {"odd_horse": "field", "escape_by_horse": False},
            {"call_next_to": True, "hold_move": False, "corners": "same_side"}]

LEVERS = [{"horse_odds": 3}, {"horse_odds": -2, "horses": 7, "opening": "extra_horse"},
          {"head_start": 4}, {"head_start": -3, "opening": "extra_horse", "hush": "lose_move"}]
"""The designer variants (RULES.md rules 34, 36), set."""

DIFFERENTIAL = [
    {"variants": [{"max_plies": 100, **values} for values in VARIANTS],
     "seatings": [("random",)],
     "keys": 1,
     "counts": {"nodes": (20, 60), "depth": 2}},
    # the horse odds change the start, the head start the first moves: a short game shows it
    {"variants": [{"max_plies": 24, **values} for values in LEVERS],
     "seatings": [("random",)],
     "keys": 1},
    {"variants": [{"max_plies": 12, "horse_odds": 2, "head_start": 3}],   # the evaluation's
     "seatings": [("greedy",)],                                          # horses, the passes
     "keys": 1},
]
