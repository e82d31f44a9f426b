"""Sumoku rules parameters.

Defaults follow the pinned reading of the rulebook (RULES.md, "The pinned reading"); every rule,
and every decision where the rulebook and the spec are silent, is numbered in
``solver/sumoku/RULES.md`` with the parameter that flips it. The tiles, the key die and
the lines are in :mod:`numbergames.solver.sumoku.tiles` and :mod:`numbergames.solver.sumoku.lines`.
"""
from __future__ import annotations

import dataclasses

from numbergames.solver.params import Rules, param

KEY_DIE = "die"
"""``key``: one roll of the key die (3, 4, 5, 3, 4, 5)."""
KEY_CHALLENGE = "challenge"
"""``key``: two rolls of the key die added (6..10)."""
FIXED_KEYS = tuple(range(3, 11))
"""The key numbers a game may fix instead of rolling: every number the die or the
challenge can give."""
KEYS = (KEY_DIE, KEY_CHALLENGE, *(str(k) for k in FIXED_KEYS))
"""The allowed values of ``key``."""

STARTS = ("smallest_hand", "seat0")
"""Who starts: the player with the smallest hand total (the rulebook), or the first dealt."""
START_TIES = ("random", "first")
"""A tie for the smallest hand: drawn at random among the tied, or the first dealt of them."""
STUCK = ("pass", "draw")
"""A player who cannot play: passes, or draws one tile from the bag (if any) and passes."""
SINGLE_TILES = ("both", "larger")
"""A single tile that makes or extends two lines scores both, or the larger of the two."""
SIX_VALUES = ("per_tile", "per_line")
"""A "6" tile has one value (6 or 9) in both its lines, or each line reads it its own way."""


@dataclasses.dataclass(frozen=True)
class SumokuRules(Rules):
    """Every parameter of the main game a variant may change (RULES.md gives each its rule).

    ``key`` is a string (``die``, ``challenge`` or a number 3..10); a number is accepted
    from Python and TOML too.

    >>> SumokuRules(key=5).key, SumokuRules().fixed_key, SumokuRules(key="7").fixed_key
    ('5', None, 7)
    """

    game = "sumoku"

    players: int = param(2, "number of seats, numbered in playing order from the starter",
                         low=2, high=5)
    key: str = param(KEY_DIE, "the key number: rolled on the die (3, 4, 5), two rolls added "
                     "(challenge, 6..10), or fixed", choices=KEYS)
    hand: int = param(8, "tiles in a full hand", low=1, high=16)
    six_is_nine: bool = param(True, "a \"6\" tile may count as 9")
    six_value: str = param("per_tile", "a \"6\" tile has one value in both its lines, or each "
                           "line reads it its own way", choices=SIX_VALUES)
    start: str = param("smallest_hand", "who starts (and rolls the key): the smallest hand "
                       "total, or the first player dealt", choices=STARTS)
    start_tie: str = param("random", "a tie for the smallest hand: drawn at random among the "
                           "tied, or the first dealt of them", choices=START_TIES)
    stuck: str = param("pass", "a player who cannot play passes, or draws one tile and passes",
                       choices=STUCK)
    single_tile: str = param("both", "a single tile making two lines scores both, or the "
                             "larger", choices=SINGLE_TILES)
    bonus: bool = param(True, "making or completing a line of six colours plays again "
                        "before refilling")
    out_ends: bool = param(False, "the game ends as soon as a player has no tiles and the bag "
                           "is empty")
    penalty: bool = param(True, "at the end each player loses the values of the tiles left "
                          "in hand")

    def __post_init__(self) -> None:
        if isinstance(self.key, int) and not isinstance(self.key, bool):
            object.__setattr__(self, "key", str(self.key))
        super().__post_init__()

    @property
    def fixed_key(self) -> int | None:
        """The key number when the rules fix it, else None (rolled)."""
        return int(self.key) if self.key.isdigit() else None
