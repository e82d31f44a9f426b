"""Man Home's result columns, declared once: the game's own columns
(:attr:`numbergames.solver.registry.GameSpec.columns`) in the engines' order, after the standard
``winner``, ``turns``, ``decision_turns`` — the game-level ones, then the per-seat ones. The
reference engine's ``State.row()`` and the kernel's rows (their column numbers are generated
from these, :mod:`numbergames.solver.kernel_rows`) return them so; tests/test_columns.py checks both."""
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
