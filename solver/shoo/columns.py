"""Shoo's result columns:
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.solver.params import Rules
from numbergames.solver.registry import TERMINATION, Column, code_names

COLUMNS = (
    Column("ended_by", "how the game ended: 0 a win, 1 the move limit (a draw), 2 a repetition "
                       "(a draw)"),
    Column("hushes", "moves that began by hushing the opponent's last move (hush = lose_move "
                     "or shoo_off)"),
    Column("shoos", "shoos this player named", per_seat=True),
    Column("shoo_offs", "travellers of this player shooed off to the stable", per_seat=True),
    Column("captures", "horses this player captured from under the opponent's travellers",
                       per_seat=True),
    Column("home", "travellers of this player in its home area at the end", per_seat=True),
)
"""The game's result columns, in the engines' order."""


class Termination(enum.IntEnum):
    """How a game of Shoo ends (RULES.md rules 31-33, checked after every move): a player's
    travellers all stand in their home area on foot (won), the move limit ``max_plies`` (a
    draw), a position seen ``repetition`` times (a draw). A player with no legal move passes
    (rule 21): that ends nothing. The codes of ``ended_by``."""

    WON = 0
    MOVE_LIMIT = 1
    REPETITION = 2


def termination(table: Mapping[str, Any], rules: Rules) -> np.ndarray:
    """How each game ended: the engines' ``ended_by``, which records which of rules 31-33
    ended it, with the same codes — exact by construction."""
    return np.asarray(table["ended_by"]).astype(np.int8)


DERIVED = (
    Column(TERMINATION, "how the game ended: 0 won (rule 31), 1 the move limit (max_plies, "
                        "a draw), 2 a repetition (a draw); ended_by's codes",
           codes=code_names(Termination), derive=termination),
)
"""The columns derived from the engines' (:attr:`numbergames.solver.registry.GameSpec.derived`)."""
