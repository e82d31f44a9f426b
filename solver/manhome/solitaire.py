"""Solitaire Man Home: one player racing to bring ``men_to_win`` men home, solved exactly.

Everything of the rules that applies without opponents is kept: rolling new men (onto
Death, Home, an empty square or one's own man), the three actions, collisions with
one's own men. The player minimises the expected number of turns.

Extra turns do not change the answer: every turn that brings a man home earns one, and
exactly ``men_to_win`` turns do, so the number of turns is the number of *goes* (the
times the player starts moving, which is what opponents see) plus ``men_to_win − 1``.
Both counts have the same optimal policy; the solver minimises turns.

A side ``(home, men)`` (see :mod:`numbergames.solver.manhome.sides`) is a state. With ``T`` the
expected turns still needed (``T = 0`` once ``men_to_win`` are home),

    T(h, S) = 1 + min( NEW(h, S), ACTION(h, S) )

    NEW    = mean over the board's squares q of T(after a new man lands on q)
             (legal while the reserve is not empty and fewer than ``cap`` men are on
             the board: q = 0 and q on one's own man leave the state as it was,
             q = 1 brings a man home, else the man stands on q)
    ACTION = 1/3 sum over the three kinds of min over the legal moves of T(after it)
             (legal when a man is on the board)

``cap`` bounds the men on the board: with ``cap >= men_per_player`` the answer is the
exact optimum; with a smaller cap it is the exact optimum among the policies that
never put more than ``cap`` men on the board at once (the full problem with six men
has 1.6·10^8 sides; see RULES.md for the sizes solved). The values are found by
Gauss–Seidel value iteration, one ``home`` count at a time from ``men_to_win − 1``
down (bringing a man home only raises it), sweeping sides in index order so that every
action's result (a lower square or one man fewer) is already up to date; the loop of a
new man that changes nothing is solved in closed form:
``NEW = (1 + sum_{q changes} T(q) / Q) / (1 − p_same)`` over the ``Q`` squares.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from numbergames.solver.manhome.state import Kind, action_moves
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.sides import TIE, SideSpace
from numbergames.solver.progress import reporter

ACTION_KINDS = (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME)


@dataclass
class SolitaireSolution:
    """Expected turns to win from every side, and the policy that achieves them.

    ``decisions[i]``: column 0 is 1 when the side rolls a new man (when it has the
    choice), else 0; columns 1..3 hold, for subtract one / subtract a prime / divide by
    a prime, the index of the best move in the canonical move list.
    """

    rules: ManHomeRules
    cap: int
    space: SideSpace
    turns: np.ndarray
    decisions: np.ndarray
    sweeps: int
    seconds: float
    updates: int
    solver: str = "reference"
    extra: dict = field(default_factory=dict)

    @property
    def expected_turns(self) -> float:
        """Expected turns to win from the start (nothing on the board, nothing home)."""
        return float(self.turns[self.space.index(0, ())])

    @property
    def states(self) -> int:
        return self.space.size


def solitaire_space(rules: ManHomeRules, cap: int | None = None) -> SideSpace:
    cap = rules.men_per_player if cap is None else min(cap, rules.men_per_player)
    return SideSpace(rules.board_rows, rules.men_per_player, rules.men_to_win, cap)


def arrive(home: int, men: frozenset[int], target: int) -> tuple[int, frozenset[int]]:
    """The side after a man (already off his square) arrives at ``target`` alone."""
    if target in (0,) or target in men:
        return home, men
    if target == 1:
        return home + 1, men
    return home, men | {target}


def solve_solitaire_reference(rules: ManHomeRules, cap: int | None = None, tol: float = 1e-12,
                              max_sweeps: int = 100_000) -> SolitaireSolution:
    """The readable solver (dicts and frozensets): for small sizes and for tests."""
    space = solitaire_space(rules, cap)
    win, squares = rules.men_to_win, rules.squares
    sides = list(space.sides())
    turns = np.zeros(space.size)
    decisions = np.zeros((space.size, 4), dtype=np.uint8)
    start, sweeps, updates = time.perf_counter(), 0, 0

    def value(home: int, men: frozenset[int]) -> float:
        return 0.0 if home >= win else turns[space.index(home, sorted(men))]

    for level in range(win - 1, -1, -1):
        level_sides = [(i, frozenset(m)) for i, (h, m) in enumerate(sides) if h == level]
        for _ in range(max_sweeps):
            sweeps += 1
            change = 0.0
            for index, men in level_sides:
                updates += 1
                new = action = np.inf
                reserve = space.reserve(level, men)
                if reserve > 0 and len(men) < space.cap:
                    same, total = 0, 0.0
                    for q in range(squares):
                        home2, men2 = arrive(level, men, q)
                        if (home2, men2) == (level, men):
                            same += 1
                        else:
                            total += value(home2, men2)
                    new = (1.0 + total / squares) / (1.0 - same / squares)
                picks = [0, 0, 0]
                if men:
                    action = 1.0
                    for k, kind in enumerate(ACTION_KINDS):
                        results = [value(*arrive(level, men - {m.source}, m.target))
                                   for m in action_moves(sorted(men), kind)]
                        best = min(results)
                        picks[k] = next(i for i, r in enumerate(results) if r <= best + TIE)
                        action += best / 3
                take_new = new < action - TIE
                updated = new if take_new else action
                change = max(change, abs(updated - turns[index]))
                turns[index] = updated
                decisions[index] = (int(take_new), *picks)
            if change < tol:
                break
    return SolitaireSolution(rules, space.cap, space, turns, decisions, sweeps,
                             time.perf_counter() - start, updates)


def solve_solitaire(rules: ManHomeRules, cap: int | None = None, tol: float = 1e-12,
                    max_sweeps: int = 100_000) -> SolitaireSolution:
    """The same solution from the Cython kernel (``cext/manhome/solitaire.pyx``)."""
    from numbergames.solver.manhome.exact_kernels import solve_solitaire as solve

    space = solitaire_space(rules, cap)
    turns, decisions, sweeps, seconds, updates = solve(
        rules, space.cap, tol, max_sweeps,
        reporter(lambda done: f"solitaire solve: {done:,} updates"))
    return SolitaireSolution(rules, space.cap, space, turns, decisions, sweeps, seconds,
                             updates, solver="kernel")
