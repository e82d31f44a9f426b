"""So-Soo-Yoo's result columns:
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import numpy as np

from numbergames.solver.params import Rules
from numbergames.solver.registry import TERMINATION, Column, code_names

COLUMNS = (
    Column("win_kind", "how the game was won: 0 not won, 1 popsicle (six of one colour), 2 "
                       "rainbow"),
    Column("double_zeros", "placement rolls that read double zero (0), set-up included"),
    Column("bumps", "pieces bumped, all players together"),
    Column("swaps", "end-of-turn swaps, all players together"),
    Column("decided_by", "what the winner's last turn used: 0 plain, 1 a bump, 2 a swap, 3 a "
                         "double zero (RULES.md rule 36)"),
    Column("distinct_spaces", "different spaces landed on by the movers, all players together"),
    Column("rounds", "rounds begun (turns divided by players, rounded up)"),
    Column("rings", "rings on the piece at the end of the game", per_seat=True),
    Column("landings", "spaces landed on (each says its numbers)", per_seat=True),
    Column("bumps", "pieces this player bumped", per_seat=True),
    Column("swaps", "swaps this player made", per_seat=True),
    Column("spaces", "different spaces this player landed on (and said the numbers of)",
                     per_seat=True),
    Column("facts", "of those, spaces that state a multiplication fact (a product of two or "
                    "more primes, e.g. 2 x 2 x 3 x 5 = 60)",
                    per_seat=True),
)
"""The game's result columns, in the engines' order."""


class Termination(enum.IntEnum):
    """How a game of So-Soo-Yoo ends (RULES.md rules 31, 32, 34): a player holds a winning
    six at the end of their own turn (won; ``win_kind`` says how), or ``max_turns`` turns
    are played first (the turn limit: unfinished, winner −1)."""

    WON = 0
    TURN_LIMIT = 1


def termination(table: Mapping[str, Any], rules: Rules) -> np.ndarray:
    """How each game ended, from its ``winner``: a seat exactly when a player won (rule
    32's check comes before rule 34's, so a win on the last turn allowed is a win), −1
    exactly when ``max_turns`` came first (rule 36). The engines end a game in no other way
    (``winner >= 0 or turns >= max_turns``), so the derivation is exact."""
    won = np.asarray(table["winner"]) >= 0
    return np.where(won, Termination.WON, Termination.TURN_LIMIT).astype(np.int8)


DERIVED = (
    Column(TERMINATION, "how the game ended: 0 won (rule 32; win_kind says how), 1 the turn "
                        "limit (max_turns, rule 34; unfinished)",
           codes=code_names(Termination), derive=termination),
)
"""The columns derived from the engines' (:attr:`numbergames.solver.registry.GameSpec.derived`)."""
