"""Shoo's result columns:
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

from numbergames.solver.registry import Column

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
