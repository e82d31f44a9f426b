"""Sumoku's result columns, declared once: the game's own columns
(:attr:`numbergames.solver.registry.GameSpec.columns`) in the engines' order (RULES.md rule 26), after the standard
``winner``, ``turns``, ``decision_turns`` — the game-level ones, then the per-seat ones. The
reference engine's ``State.row()`` and the kernel's rows (their column numbers are generated
from these, :mod:`numbergames.solver.kernel_rows`) return them so; tests/test_columns.py checks both."""
from __future__ import annotations

from numbergames.solver.registry import Column

COLUMNS = (
    Column("key", "the key number played"),
    Column("bonus_turns", "bonus plays made, all players together"),
    Column("passes", "turns with no play"),
    Column("bag_left", "tiles in the bag at the end"),
    Column("tiles_left", "tiles in the bag and the hands at the end"),
    Column("margin", "the highest score minus the next"),
    Column("score", "points at the end, the hand penalty deducted", per_seat=True),
    Column("penalty", "the value of the tiles left in hand, deducted at the end",
                      per_seat=True),
    Column("tiles", "tiles placed", per_seat=True),
    Column("bonus_turns", "bonus plays made", per_seat=True),
)
"""The game's result columns, in the engines' order."""
