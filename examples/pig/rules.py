"""Pig's rules, as data (the same game as OpenSpiel's ``pig``, its ``winscore`` our target).

1. Two to four players take turns, seat 0 first.
2. On your turn you roll a die as often as you like, or hold. A 1 ends the turn and the
   points rolled in it (the turn total) are lost; any other face is added to the turn total.
3. To hold is to bank the turn total and pass the die on (holding before a roll banks 0).
4. Once your banked points and turn total reach the target you must hold, and you win.
5. A game still going after ``horizon`` moves (decisions and rolls) is cut off, unfinished.

A designer's variant: ``head_start`` points banked before the game by each later seat, seat
*i* starting with *i* × ``head_start`` (0: none, the game above).
"""
from __future__ import annotations

from dataclasses import dataclass

from numbergames.solver.params import GRADED, Rules, param


@dataclass(frozen=True)
class PigRules(Rules):
    game = "pig"
    players: int = param(2, "the number of players", low=2, high=4)
    target: int = param(50, "the points that win", low=1, high=1000)
    horizon: int = param(1000, "moves (decisions and rolls) before a game is cut off",
                         low=1, high=100_000)
    head_start: int = param(0, "points seat i starts with banked: i times this", low=0,
                            high=50, lever=GRADED)
