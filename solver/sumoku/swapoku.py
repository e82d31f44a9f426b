"""Swapoku: a stuck speed-sumoku player gives back one tile for two new ones until the hand
can be laid out (RULES.md rules 29, 48).

The strategy (rule 48): while the layout search does not find a layout (proven impossible,
or gave up), give back the tile that lies in the fewest valid lines made of the hand's
tiles (:func:`numbergames.solver.sumoku.cover.valid_lines`: the tile hardest to place); a tie goes to
the higher number, then the later kind. The tile goes into the draw pile, the pile is
shuffled and the player draws two.

>>> from numbergames.solver.sumoku.tiles import parse, text
>>> text(hardest([parse(w) for w in "R1 O4 Y8 Y2".split()], 5))   # Y8, Y2 in no line: the higher
'Y8'
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from numbergames.solver.sumoku.cover import valid_lines
from numbergames.solver.sumoku.layout import DEFAULT_BUDGET, FOUND, Layout, search
from numbergames.solver.sumoku.tiles import NTILES, Kind, kind, kind_number

MAX_SWAPS = 12
"""Swaps tried before the player is counted as still stuck."""


def hardest(hand: Sequence[Kind], key: int, *, solo: bool = False,
            six_is_nine: bool = True) -> Kind:
    """The tile the strategy gives back: in the fewest valid lines, then the highest
    number, then the latest kind."""
    lines = valid_lines(hand, key, solo, six_is_nine)
    in_lines = [sum(line >> i & 1 for line in lines) for i in range(len(hand))]
    i = min(range(len(hand)), key=lambda j: (in_lines[j], -kind_number(hand[j]), -hand[j]))
    return hand[i]


@dataclass(frozen=True)
class Swapped:
    """How one hand fared: the swaps made, whether it ended solvable, its last search."""

    swaps: int
    solved: bool
    result: Layout
    hand: tuple[Kind, ...]


def play_swaps(rng: np.random.Generator, key: int, *, size: int = 10,
               budget: int = DEFAULT_BUDGET, max_swaps: int = MAX_SWAPS) -> Swapped:
    """Deal ``size`` tiles from a shuffled bag and swap by the strategy until solvable."""
    bag = [int(t) for t in rng.permutation(NTILES)]
    tiles, bag = bag[:size], bag[size:]
    swaps = 0
    while True:
        hand = sorted(kind(t) for t in tiles)
        result = search(hand, key, budget=budget, kernel=True)
        if result.status == FOUND or swaps == max_swaps or len(bag) < 2:
            return Swapped(swaps, result.status == FOUND, result, tuple(hand))
        back = hardest(hand, key)
        tile = next(t for t in tiles if kind(t) == back)
        tiles.remove(tile)
        bag.append(tile)
        bag = [int(t) for t in rng.permutation(bag)]
        tiles += bag[:2]
        bag = bag[2:]
        swaps += 1
