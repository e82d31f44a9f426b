"""Sumoku's result columns (RULES.md rule 26):
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.solver.params import Rules
from numbergames.solver.registry import TERMINATION, Column, code_names

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


class Termination(enum.IntEnum):
    """How a game of Sumoku ends (RULES.md rule 21): a full round of turns places no tile
    and draws none (nobody can play), or, with ``out_ends``, the bag is empty and the player
    who just played has no tiles left (went out). The game has no turn limit."""

    NOBODY_CAN_PLAY = 0
    WENT_OUT = 1


def termination(table: Mapping[str, Any], rules: Rules) -> np.ndarray | None:
    """How each game ended, from ``bag_left`` and the seats' ``penalty_<seat>`` (a hand's
    value: 0 exactly for an empty hand, every tile being worth 1 to 8, rules 22, 25).

    Without ``out_ends`` nobody can play ends every game. With it, a game went out exactly
    when the bag is empty and some seat holds no tiles: going out leaves it so, and a game
    that ended by a round of no play cannot. For the deal gives every seat a full hand (at
    most 5 × 16 of the 96 tiles) and a hand grows only by drawing: the last turn that
    changed a hand left empty at the end placed its last tile and drew none (the bag was
    empty), so it ended the game at once — and having placed a tile, it was no idle
    round's. With ``out_ends`` but no ``penalty`` the engines' row does not say whose hand
    is empty (every ``penalty_<seat>`` is 0): None, the column is left out."""
    winner = np.asarray(table["winner"])
    if not rules.out_ends:
        return np.full(winner.shape, Termination.NOBODY_CAN_PLAY, dtype=np.int8)
    if not rules.penalty:
        return None
    empty_hand = np.zeros(winner.shape, dtype=bool)
    for seat in range(int(rules.players)):
        empty_hand |= np.asarray(table[f"penalty_{seat}"]) == 0
    went_out = (np.asarray(table["bag_left"]) == 0) & empty_hand
    return np.where(went_out, Termination.WENT_OUT, Termination.NOBODY_CAN_PLAY).astype(np.int8)


DERIVED = (
    Column(TERMINATION, "how the game ended (rule 21): 0 nobody can play (a full round placed "
                        "no tile and drew none), 1 a player went out (out_ends)",
           codes=code_names(Termination), derive=termination),
)
"""The columns derived from the engines' (:attr:`numbergames.solver.registry.GameSpec.derived`)."""
