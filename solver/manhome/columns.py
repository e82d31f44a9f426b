"""Man Home's result columns:
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.solver.params import Rules
from numbergames.solver.registry import TERMINATION, Column, code_names

COLUMNS = (
    Column("turns", "turns taken, extra turns included", per_seat=True),
    Column("home", "men brought home", per_seat=True),
    Column("kills", "opponents' men killed in face-offs won as attacker", per_seat=True),
    Column("deaths", "own men that reached 0 (Death)", per_seat=True),
    Column("killed", "own men lost in face-offs", per_seat=True),
)
"""The game's result columns, in the engines' order."""


class Termination(enum.IntEnum):
    """How a game of Man Home ends (RULES.md, "Decisions where the spec is silent"): a
    player's ``men_to_win``-th man arrives home (won), or ``max_turns`` turns are played
    first (the turn limit: unfinished, winner −1)."""

    WON = 0
    TURN_LIMIT = 1


def termination(table: Mapping[str, Any], rules: Rules) -> np.ndarray:
    """How each game ended, from its ``winner``: a seat exactly when a man arrived home
    first — the engines stop the game that moment, even on the last turn ``max_turns``
    allows — and −1 exactly when the limit came first. The engines end a game in no other
    way (their ``is_terminal``: ``winner >= 0 or turns >= max_turns``), so the derivation is
    exact."""
    won = np.asarray(table["winner"]) >= 0
    return np.where(won, Termination.WON, Termination.TURN_LIMIT).astype(np.int8)


DERIVED = (
    Column(TERMINATION, "how the game ended: 0 won (a player's men_to_win-th man home), 1 the "
                        "turn limit (max_turns; unfinished)",
           codes=code_names(Termination), derive=termination),
)
"""The columns derived from the engines' (:attr:`numbergames.solver.registry.GameSpec.derived`)."""
