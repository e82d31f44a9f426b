"""Sumoku's result columns, declared once: the game's own columns
(:attr:`numbergames.solver.registry.GameSpec.columns`) in the engines' order (RULES.md rule 26), after the standard
``winner``, ``turns``, ``decision_turns`` — the game-level ones, then the per-seat ones. The
reference engine's ``State.row()`` and the kernel's rows (their column numbers are generated
from these, :mod:`numbergames.solver.kernel_rows`) return them so; tests/test_columns.py checks both."""
from __future__ import annotations

import enum

from numbergames.solver.registry import TERMINATION, Column, code_names


class Termination(enum.IntEnum):
    """How a game of Sumoku ends (RULES.md rule 21): a full round of turns places no tile and
    draws none (nobody can play), or, with ``out_ends``, the bag is empty and the player who
    just played has no tiles left (went out). The first is checked first. The game has no
    turn limit: it always ends so."""

    NOBODY_CAN_PLAY = 0
    WENT_OUT = 1


COLUMNS = (
    Column(TERMINATION, "how the game ended (rule 21): 0 nobody can play (a full round placed no "
                        "tile and drew none), 1 a player went out (out_ends)",
           codes=code_names(Termination)),
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
