"""Two-player Man Home solved exactly: each player's chance to win under optimal play.

The state
---------
A *side* is what one player owns, ``(h, M)``: ``h < men_to_win`` men home and the set
``M`` of squares of its men on the board; the rest are in its reserve,
``r = men_per_player - h - |M|``. Sides are numbered by :class:`SideSpace`
``(board_rows, men_per_player, men_to_win, cap=men_per_player)`` (no cap: exact).
A *duel state* is a pair ``(a, b)``: the side of the player to move, then the side of
the opponent, at index ``a * size + b``. Pairs whose men share a square never occur;
they get value NaN and decisions 255.

The values
----------
``V(a, b)`` is the probability that the player to move wins, both players maximising
their own chance (a zero-sum game: the opponent's chance is ``1 - V``). With ``Q`` the
number of squares (``6 * board_rows``), ``q`` the attacker's face-off chance
(``rules.attacker_win_chance``: 15/36 defender, 21/36 attacker, 1/2 reroll) and, for a
side ``x`` of the mover and ``y`` of the opponent,

    passes(x, y)  = 1 - V(y, x)                        the turn passes
    goes_on(x, y) = V(x, y) if extra_turn else passes(x, y)

the value of a man of the mover arriving on square ``t`` — the mover's side *after the
man left* being ``(h, R)`` (``R = M`` for a new man, ``R = M - {s}`` for a man that
left ``s``) and the opponent's ``(g, B)`` — is

    t = 0 (Death), or t in R:    passes((h, R), (g, B))          (one man to the reserve)
    t = 1 (Home):                1 if h + 1 = men_to_win, else goes_on((h + 1, R), (g, B))
    t in B (face-off):           q * goes_on((h, R + {t}), (g, B - {t}))
                                 + (1 - q) * passes((h, R), (g, B))
    t empty:                     passes((h, R + {t}), (g, B))

and the Bellman equations are

    NEW(a, b)    = 1/Q * sum over t = 0 .. Q-1 of arrive((h, M), b, t)   (legal if r > 0)
    ACTION(a, b) = 1/3 * sum over the kinds SUB_ONE, SUB_PRIME, DIV_PRIME of
                   max over the kind's moves s -> t of arrive((h, M - {s}), b, t)
                                                                     (legal if M is not empty)
    V(a, b)      = max of the legal options (a forced option when only one is legal).

The moves of a kind are :func:`numbergames.solver.manhome.state.action_moves` in canonical order
(``s - 1``; ``s - p`` and ``s / p`` for each distinct prime ``p`` of ``s``); when ``M`` is
not empty every kind has at least one move. These are exactly the engine's rules
(:class:`numbergames.solver.manhome.state.ManHomeState`), with the decisions of ``RULES.md``.

Why value iteration converges
-----------------------------
Men home never leave, and after at most ``2 * men_to_win - 1`` arrivals at Home the game
is over; so it is enough that some man gets home with a chance bounded away from 0
within a bounded number of turns, whatever both players do. A player's actions only
lower the sum of its men's squares (a man moves down, or leaves the board), the
opponent can only remove its men, and only its own new men raise that sum; so among any
``K = men_per_player * Q + 1`` consecutive turns of one player at least one rolls a new
man, which goes home with chance ``1/Q``. Within ``2K`` turns one player has had ``K``,
so in every ``2K`` turns a man gets home with chance at least ``1/Q``: the game ends
with probability 1 under every pair of strategies, with geometric tails. Then the
Bellman operator, applied often enough, is a contraction in the max norm: the fixed
point is unique and Gauss–Seidel value iteration converges to it from any start. (The
stopping rule bounds the last sweep's change, not the distance to the fixed point; the
tests check the Bellman residual and compare with exact solutions.)

The algorithm
-------------
Valid pairs start at ``1/2``. A *sweep* visits the valid pairs in index order and
replaces each value by the right-hand side above, in place (Gauss–Seidel); sweeps stop
when the largest change in one sweep is below ``tol``. A last pass, which changes no
value, reads the decisions off the final values:

* column 0 is 1 if NEW MAN is taken: when only one option is legal, the forced one;
  when both are, NEW MAN only if ``NEW > ACTION + TIE``;
* columns 1..3, for SUB_ONE, SUB_PRIME, DIV_PRIME: the index in the canonical move list
  of the first move within ``TIE`` of the kind's best (0 when ACTION is not legal).

:func:`solve_duel_reference` is this in plain Python (for tiny rules, the oracle);
:func:`solve_duel` runs the same algorithm in C (``cext/manhome/duel.pyx``), adding the
same numbers in the same order, so the two agree to the last bit on the same machine.
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from numbergames.solver.manhome.state import Kind, action_moves
from numbergames.solver.manhome.rules import DEATH, HOME, ManHomeRules
from numbergames.solver.manhome.sides import START_VALUE, TIE, SideSpace
from numbergames.solver.progress import reporter

ACTION_KINDS = (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME)
"""The action kinds, in the order of the decision columns 1..3."""
NO_STATE = 255
"""The decisions of a pair that cannot occur (men of both players on one square)."""
MAX_PAIRS = 60_000_000
"""Most pairs (``size ** 2``) the kernel accepts (it needs about 20 bytes a pair: the
values twice, the decisions once)."""
MAX_REFERENCE_PAIRS = 40_000
"""Most pairs the pure-Python reference accepts (it is for tiny rules)."""


@dataclass
class DuelSolution:
    """The value of every duel state for the player to move, and the optimal decisions.

    ``values[a * size + b]``: the chance that the player to move with side ``a`` wins
    against side ``b`` (NaN for pairs that cannot occur). ``decisions[a * size + b]``:
    column 0 is 1 when NEW MAN is taken, columns 1..3 the move taken after a
    SUB_ONE / SUB_PRIME / DIV_PRIME roll, as an index into
    :func:`numbergames.solver.manhome.state.action_moves` (255 everywhere for impossible pairs).
    """

    rules: ManHomeRules
    values: np.ndarray
    decisions: np.ndarray
    first_player_win: float
    sweeps: int
    seconds: float
    states: int
    """Valid pairs (those the iteration updates)."""
    updates: int
    """State updates performed: ``sweeps * states``."""
    converged: bool = True
    """Whether the last sweep changed no value by ``tol`` or more."""
    solver: str = "reference"

    @cached_property
    def space(self) -> SideSpace:
        """The numbering of each player's sides."""
        return duel_space(self.rules)

    @property
    def size(self) -> int:
        """Sides of one player (the pairs are ``size ** 2``)."""
        return self.space.size

    def index(self, mover: tuple[int, tuple[int, ...]],
              opponent: tuple[int, tuple[int, ...]]) -> int:
        """The index of a pair of sides ``(home, men)``."""
        space = self.space
        return space.index(*mover) * space.size + space.index(*opponent)

    def value(self, mover: tuple[int, tuple[int, ...]],
              opponent: tuple[int, tuple[int, ...]]) -> float:
        """``V(mover, opponent)``: the chance that the player to move wins."""
        return float(self.values[self.index(mover, opponent)])


def duel_space(rules: ManHomeRules) -> SideSpace:
    """The numbering of one player's sides in a duel (no cap on the men on the board)."""
    return SideSpace(rules.board_rows, rules.men_per_player, rules.men_to_win,
                     cap=rules.men_per_player)


def check_duel_rules(rules: ManHomeRules, max_pairs: int = MAX_PAIRS) -> SideSpace:
    """The side numbering, or ValueError when these rules cannot be solved as a duel."""
    if rules.players != 2:
        raise ValueError(f"a duel needs players = 2, not {rules.players}")
    if rules.head_start:
        raise ValueError(f"the duel is solved without a head start (head_start = 0), not "
                         f"head_start = {rules.head_start}")
    space = duel_space(rules)
    if space.size ** 2 > max_pairs:
        raise ValueError(f"{space.size} sides give {space.size ** 2:,} pairs, more than the "
                         f"{max_pairs:,} allowed; use fewer board_rows, men_per_player or "
                         f"men_to_win")
    return space


def _check_iteration(tol: float, max_sweeps: int) -> None:
    if not (tol >= 0.0 and math.isfinite(tol)):
        raise ValueError(f"tol must be a finite number >= 0, not {tol!r}")
    if max_sweeps < 1:
        raise ValueError(f"max_sweeps must be at least 1, not {max_sweeps!r}")


Side = tuple[int, frozenset[int]]
"""A side as the reference handles it: (men home, squares of the men on the board)."""


class DuelEquations:
    """The Bellman equations of a duel, readably: sides as ``(home, frozenset)``, values
    in a flat list indexed ``a * size + b`` (NaN for pairs that cannot occur).

    The reference solver iterates :meth:`bellman`; tests use :meth:`options` to check a
    solution from either solver (pass its ``values``).
    """

    def __init__(self, rules: ManHomeRules, values: Sequence[float] | np.ndarray | None = None,
                 max_pairs: int = MAX_REFERENCE_PAIRS) -> None:
        self.rules = rules
        self.space = check_duel_rules(rules, max_pairs)
        self.size = size = self.space.size
        num, den = rules.attacker_win_chance
        self.q = num / den
        self.miss = 1.0 - self.q
        self.sides: list[Side] = [(h, frozenset(men)) for h, men in self.space.sides()]
        self.number = {side: i for i, side in enumerate(self.sides)}
        self.pairs = [(a, b) for a in range(size) for b in range(size)
                      if not self.sides[a][1] & self.sides[b][1]]
        """The valid pairs, in index order."""
        if values is None:
            self.values = [math.nan] * (size * size)   # a list: faster than numpy scalars
            for a, b in self.pairs:
                self.values[a * size + b] = START_VALUE
        else:
            self.values = [float(v) for v in values]

    def V(self, mover: Side, opponent: Side) -> float:
        return self.values[self.number[mover] * self.size + self.number[opponent]]

    def passes(self, mover: Side, opponent: Side) -> float:
        """The value to the mover when the turn passes to the opponent."""
        return 1.0 - self.V(opponent, mover)

    def goes_on(self, mover: Side, opponent: Side) -> float:
        """The value to the mover after bringing a man home or killing."""
        if self.rules.extra_turn:
            return self.V(mover, opponent)
        return 1.0 - self.V(opponent, mover)

    def arrive(self, mover: Side, opponent: Side, t: int) -> float:
        """The value of a man of ``mover`` (already off his square) arriving at ``t``."""
        (h, rest), (g, theirs) = mover, opponent
        if t == DEATH or t in rest:
            return self.passes(mover, opponent)
        if t == HOME:
            return 1.0 if h + 1 == self.rules.men_to_win else self.goes_on((h + 1, rest), opponent)
        if t in theirs:
            kill = self.goes_on((h, rest | {t}), (g, theirs - {t}))
            return self.q * kill + self.miss * self.passes(mover, opponent)
        return self.passes((h, rest | {t}), opponent)

    def options(self, a: int, b: int) -> tuple[float | None, list[list[float]] | None]:
        """``(NEW, moves)`` at the pair (a, b): the value of NEW MAN (None if not legal),
        and for each action kind the values of its moves in canonical order (None if
        ACTION is not legal)."""
        mover, opponent = self.sides[a], self.sides[b]
        h, men = mover
        new = moves = None
        if self.space.reserve(h, men) > 0:
            total = 0.0
            for t in range(self.rules.squares):
                total += self.arrive(mover, opponent, t)
            new = total / self.rules.squares
        if men:
            moves = [[self.arrive((h, men - {move.source}), opponent, move.target)
                      for move in action_moves(sorted(men), kind)] for kind in ACTION_KINDS]
        return new, moves

    def bellman(self, a: int, b: int) -> tuple[float, list[int]]:
        """The right-hand side at (a, b) and the decisions that attain it."""
        new, moves = self.options(a, b)
        picks = [0, 0, 0]
        action = -math.inf
        if moves is not None:
            total = 0.0
            for k, results in enumerate(moves):
                best = max(results)
                picks[k] = next(i for i, r in enumerate(results) if r >= best - TIE)
                total += best
            action = total / 3.0
        if new is None:
            return action, [0, *picks]
        if moves is None:
            return new, [1, *picks]
        return (new if new > action else action), [int(new > action + TIE), *picks]


def solve_duel_reference(rules: ManHomeRules, tol: float = 1e-12,
                         max_sweeps: int = 10_000) -> DuelSolution:
    """The readable solver (:class:`DuelEquations`), for tiny rules and as the tests' oracle.

    Gauss–Seidel value iteration over the valid pairs in index order, then one pass that
    reads the decisions off the values (see the module docstring for the maths).

    >>> sol = solve_duel_reference(ManHomeRules(board_rows=1, men_per_player=1, men_to_win=1))
    >>> sol.size, sol.states, round(sol.first_player_win, 6)
    (5, 21, 0.572176)
    """
    _check_iteration(tol, max_sweeps)
    started = time.perf_counter()
    eq = DuelEquations(rules)
    size, values = eq.size, eq.values
    sweeps = updates = 0
    converged = False
    while sweeps < max_sweeps:
        sweeps += 1
        change = 0.0
        for a, b in eq.pairs:
            value, _ = eq.bellman(a, b)
            i = a * size + b
            change = max(change, abs(value - values[i]))
            values[i] = value
            updates += 1
        if change < tol:
            converged = True
            break
    decisions = np.full((size * size, 4), NO_STATE, dtype=np.uint8)
    for a, b in eq.pairs:
        decisions[a * size + b] = eq.bellman(a, b)[1]
    values_array = np.array(values, dtype=np.float64)
    start = eq.number[(0, frozenset())]
    return DuelSolution(rules, values_array, decisions, float(values_array[start * size + start]),
                        sweeps, time.perf_counter() - started, len(eq.pairs), updates, converged)


def solve_duel(rules: ManHomeRules, tol: float = 1e-12, max_sweeps: int = 100_000) -> DuelSolution:
    """The same solution from the Cython kernel (``cext/manhome/duel.pyx``); fit for the
    full board with two men each (about 6.5 million pairs)."""
    from numbergames.solver.manhome.exact_kernels import solve_duel as solve

    check_duel_rules(rules)
    _check_iteration(tol, max_sweeps)
    out = solve(rules, tol, max_sweeps, reporter(
        lambda done: f"two-player solve: {done:,} pair updates"))
    return DuelSolution(rules, out["values"], out["decisions"], out["first_player_win"],
                        out["sweeps"], out["seconds"], out["states"], out["updates"],
                        out["converged"], solver="kernel")
