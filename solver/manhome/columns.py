"""Man Home's result columns:
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

from numbergames.solver.registry import Column

COLUMNS = (
    Column("turns", "turns taken, extra turns included", per_seat=True),
    Column("home", "men brought home", per_seat=True),
    Column("kills", "opponents' men killed in face-offs won as attacker", per_seat=True),
    Column("deaths", "own men that reached 0 (Death)", per_seat=True),
    Column("killed", "own men lost in face-offs", per_seat=True),
)
"""The game's result columns, in the engines' order."""
