"""Numbering the positions of one player's men, for exact state search.

One *side* is what a player owns: ``home`` men home (``0 <= home < men_to_win``), a set
``men`` of squares on the board (``2 <= s < 6 * board_rows``, at most ``cap`` of them and
at most ``men_per_player - home``), and the rest in the reserve. Every side has one
index in ``0 .. size - 1``:

    index(home, men) = offset[home][len(men)] + colex_rank(men)

where ``colex_rank`` numbers the ``k``-subsets of the usable squares in colexicographic
order (the combinatorial number system): for squares ``s_0 < s_1 < ... < s_{k-1}``,
``sum(C(s_i - 2, i + 1))``. Colex order has a property the solvers lean on: moving a
man to a lower square always gives a smaller rank, and removing a man gives a smaller
size, so within one ``home`` count, sweeping sides by (size, rank) visits every
action's result before the side it came from.

The Cython kernels use the same numbering (``cext/manhome/sides.pxd``); tests check it.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from math import comb

FIRST_SQUARE = 2
"""The lowest square a man can stand on (0 is Death, 1 is Home)."""
TIE = 1e-12
"""Solved decisions: a new man is taken only when better by more than this, and among a
kind's moves the first within this of the best."""
START_VALUE = 0.5
"""The value every valid pair of a duel starts the iteration with (:mod:`numbergames.solver.manhome.duel`)."""


def colex_rank(men: Sequence[int]) -> int:
    """The colexicographic rank of a set of squares among the sets of its size.

    >>> [colex_rank(s) for s in [(2,), (3,), (2, 3), (2, 4), (3, 4), (2, 5)]]
    [0, 1, 0, 1, 2, 3]
    """
    return sum(comb(s - FIRST_SQUARE, i + 1) for i, s in enumerate(sorted(men)))


@dataclass(frozen=True)
class SideSpace:
    """All sides of one player under given rules sizes."""

    board_rows: int
    men_per_player: int
    men_to_win: int
    cap: int
    """Most men this numbering allows on the board at once."""

    @property
    def usable(self) -> int:
        """Squares a man can stand on: 2 .. 6 * board_rows - 1."""
        return 6 * self.board_rows - FIRST_SQUARE

    def most_men(self, home: int) -> int:
        return min(self.cap, self.men_per_player - home)

    @cached_property
    def offsets(self) -> tuple[tuple[int, ...], ...]:
        """``offsets[home][k]``: the index of the first side with ``home`` men home and
        ``k`` on the board."""
        rows, start = [], 0
        for home in range(self.men_to_win):
            row = []
            for k in range(self.most_men(home) + 1):
                row.append(start)
                start += comb(self.usable, k)
            rows.append(tuple(row))
        self.__dict__["size"] = start
        return tuple(rows)

    @property
    def size(self) -> int:
        """How many sides there are."""
        self.offsets  # noqa: B018 - computes the size
        return self.__dict__["size"]

    def index(self, home: int, men: Sequence[int]) -> int:
        """The index of a side (``men`` in any order)."""
        return self.offsets[home][len(men)] + colex_rank(men)

    def sides(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Every side ``(home, men)`` in index order (men ascending)."""
        squares = range(FIRST_SQUARE, FIRST_SQUARE + self.usable)
        for home in range(self.men_to_win):
            for k in range(self.most_men(home) + 1):
                subsets = sorted(combinations(squares, k), key=lambda s: s[::-1])
                for men in subsets:
                    yield home, men

    def reserve(self, home: int, men: Sequence[int]) -> int:
        """Men in the reserve."""
        return self.men_per_player - home - len(men)
