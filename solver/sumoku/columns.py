"""Sumoku's result columns (RULES.md rule 26):
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
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
