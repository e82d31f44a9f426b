"""So-Soo-Yoo's board alone, exactly: distances, where a turn can end, turns to a ring.

Everything here is about the board with one piece on it and no opponents, so the figures
are exact (no sampling): they describe the space the game is played in.

**Fewest moves.** The distance from one space to another is the shortest path in the move
graph (:func:`numbergames.solver.sosooyoo.board.move_graph`). From the distance table come each space's
eccentricity (its largest distance), the board's diameter (the largest eccentricity) and
radius (the smallest), its center (the spaces of eccentricity = radius) and periphery
(eccentricity = diameter), and the mean distance over ordered pairs of distinct spaces.

**Where a turn can end.** A turn makes exactly as many moves as the d6 shows, each move to
one of the space's targets, and a turn may revisit spaces and step back and forth (RULES.md,
rule 15). So the spaces a turn of k moves can end on are those a *walk* of exactly k moves
reaches: the non-zero entries of row s of A^k, A the adjacency matrix. A walk can always
step out and back, so the start is reachable for every even k, and whatever k moves reach,
k + 2 moves reach too.

**Turns to collect a ring.** One player alone, one ring lying on a target space t. Each turn
the player rolls the d6 and makes exactly that many moves, choosing every move (knowing the
roll and the moves left) so as to collect the ring in the fewest turns on average. The ring
is collected on landing on t

- on any move of the turn (*collect*: RULES.md rule 16), or
- only on the last move of the turn (*exact*: rule 17, the ring that completes a win);
  landing on t earlier leaves it there.

With ``say_error`` q > 0 (rule 35) each landing ends the turn with chance q, after its
effect (a ring on a collect landing, or on the last move, is still collected).

This is a stochastic shortest-path Markov decision process. Let V(s) be the expected number
of turns still needed at the start of a turn on s, and W_m(s) the expected number of turns
still needed *after* the current one, standing on s with m moves of it left (W_0 = V). Then

    W_m(s) = min over targets e of s of  0                          if landing on e collects,
                                         q V(e) + (1 - q) W_{m-1}(e)  otherwise,
    V(s)   = 1 + (W_1(s) + ... + W_6(s)) / 6.

With q = 0, W_k(s) is the minimum of V over the spaces a walk of k moves from s can end on
(or 0 if one can collect), so planning move by move is planning the whole turn.
Collecting on any move, the best a turn of k moves can do is k steps along a shortest
path, so V depends on the distance d alone: the number of d6 rolls needed for a total of d
or more (1 turn for d = 1, 7/6 for d = 2, ...), and it is symmetric in start and target.
Exact count breaks this: parity and the walks that end on the target matter. Value
iteration from V = 0 rises monotonically to the least solution, which is the optimum
(every space can reach every other, so some policy finishes with probability 1 and the
optimum is finite). All targets are solved at once, as arrays indexed [target, space],
over a sparse (CSR) list of each space's targets; sweeps stop when no value changes by more
than :data:`TOLERANCE` turns. The tests check the result against a plain-Python twin
(:func:`turns_reference`), against values worked by hand on tiny boards, against the exact
value of the policy it implies (a linear solve), and against a Monte Carlo run of that
policy.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from numbergames.solver.sosooyoo.board import board_flags, board_graph, move_table
from numbergames.solver.sosooyoo.rules import SoSooYooRules

if TYPE_CHECKING:  # networkx is imported where a graph is built (0.15 s)
    import networkx as nx

DIE = 6
"""Faces of the moves die: a turn makes 1..6 moves, each with chance 1/6."""
MAX_K = DIE
"""Reach is tabulated for walks of 1..MAX_K moves (one turn)."""
TOLERANCE = 1e-12
"""Value iteration stops when no expected number of turns changes by more than this."""
MAX_SWEEPS = 1_000_000
"""Value iteration gives up (raises) after this many sweeps; no board comes near it."""


# --------------------------------------------------------------------------- distances


def distance_table(graph: nx.Graph) -> np.ndarray:
    """Fewest moves between spaces: ``table[a - 1, b - 1]`` for spaces ``a``, ``b`` (the
    graph's nodes 1..N), by breadth-first search from every space.

    >>> distance_table(board_graph(4))
    array([[0, 1, 2, 2],
           [1, 0, 1, 1],
           [2, 1, 0, 1],
           [2, 1, 1, 0]])
    """
    n = graph.number_of_nodes()
    if sorted(graph.nodes) != list(range(1, n + 1)):
        raise ValueError("the graph's nodes must be the spaces 1..N")
    table = np.full((n, n), -1, dtype=np.int64)
    import networkx as nx

    for source, lengths in nx.all_pairs_shortest_path_length(graph):
        for target, length in lengths.items():
            table[source - 1, target - 1] = length
    if (table < 0).any():
        raise ValueError("the move graph is not connected")
    return table


@dataclass(frozen=True)
class Distances:
    """What the distance table says about a board."""

    table: np.ndarray
    """``table[a - 1, b - 1]``: fewest moves from space a to space b."""
    eccentricity: np.ndarray
    """Per space: the largest number of moves it needs to reach another space."""
    diameter: int
    radius: int
    center: list[int]
    """Spaces whose eccentricity is the radius."""
    periphery: list[int]
    """Spaces whose eccentricity is the diameter."""
    mean_distance: float
    """Mean of the table over ordered pairs of distinct spaces."""
    mean_from: np.ndarray
    """Per space: its mean distance to the other spaces."""

    @classmethod
    def of(cls, table: np.ndarray) -> Distances:
        """The figures of a distance table.

        >>> d = Distances.of(distance_table(board_graph(4)))
        >>> d.diameter, d.radius, d.center, d.periphery, d.mean_distance
        (2, 1, [2], [1, 3, 4], 1.3333333333333333)
        """
        n = len(table)
        eccentricity = table.max(axis=1)
        off = ~np.eye(n, dtype=bool)
        mean_from = table.sum(axis=1) / max(n - 1, 1)
        return cls(table=table, eccentricity=eccentricity,
                   diameter=int(eccentricity.max()), radius=int(eccentricity.min()),
                   center=[int(s) + 1 for s in np.flatnonzero(eccentricity == eccentricity.min())],
                   periphery=[int(s) + 1 for s in np.flatnonzero(eccentricity == eccentricity.max())],
                   mean_distance=float(table[off].mean()) if n > 1 else 0.0,
                   mean_from=mean_from)


# --------------------------------------------------------------------------- walks


def walk_reach(adjacency: np.ndarray, k_max: int = MAX_K) -> np.ndarray:
    """``reach[k, a - 1, b - 1]``: whether a walk of exactly k moves goes from a to b,
    for k = 0..k_max (walks may revisit spaces; k = 0 is staying put).

    >>> from numbergames.solver.sosooyoo.board import adjacency
    >>> r = walk_reach(adjacency(3), 3)      # the path 1 - 2 - 3
    >>> r[1].astype(int).tolist(), r[2].astype(int).tolist()
    ([[0, 1, 0], [1, 0, 1], [0, 1, 0]], [[1, 0, 1], [0, 1, 0], [1, 0, 1]])
    """
    n = len(adjacency)
    step = (np.asarray(adjacency) > 0).astype(np.int64)
    reach = np.zeros((k_max + 1, n, n), dtype=bool)
    reach[0] = np.eye(n, dtype=bool)
    for k in range(1, k_max + 1):
        reach[k] = (reach[k - 1].astype(np.int64) @ step) > 0
    return reach


def reach_counts(reach: np.ndarray, distances: np.ndarray) -> dict[str, np.ndarray]:
    """Per space, for k = 1..k_max: ``exactly_k``, the spaces a walk of exactly k moves can
    end on (the start included when it can come back to it), and ``within_k``, the other
    spaces at most k moves away.

    >>> from numbergames.solver.sosooyoo.board import adjacency
    >>> a = adjacency(3)
    >>> c = reach_counts(walk_reach(a, 2), distance_table(board_graph(3)))
    >>> c["exactly_1"].tolist(), c["exactly_2"].tolist(), c["within_2"].tolist()
    ([1, 2, 1], [2, 1, 2], [2, 2, 2])
    """
    counts: dict[str, np.ndarray] = {}
    for k in range(1, len(reach)):
        counts[f"exactly_{k}"] = reach[k].sum(axis=1)
    for k in range(1, len(reach)):
        counts[f"within_{k}"] = ((distances <= k) & (distances > 0)).sum(axis=1)
    return counts


# --------------------------------------------------------------------------- turns


@dataclass(frozen=True)
class Neighbours:
    """Each space's targets as compressed sparse rows over 0-based indices: the targets of
    space ``s`` are ``index[start[s - 1]:start[s]]``."""

    index: np.ndarray
    start: np.ndarray

    @classmethod
    def of(cls, table: Sequence[Sequence[int]]) -> Neighbours:
        """From a move table (``table[n]``: the targets of space n; entry 0 unused)."""
        rows = [np.asarray(table[n], dtype=np.int64) - 1 for n in range(1, len(table))]
        if any(len(r) == 0 for r in rows):
            raise ValueError("every space needs a move (a board of two spaces or more)")
        start = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(np.int64)
        return cls(index=np.concatenate(rows), start=start)

    def row_min(self, values: np.ndarray) -> np.ndarray:
        """``out[..., s]``: the least of ``values[..., e]`` over the targets e of space s."""
        return np.minimum.reduceat(values[..., self.index], self.start[:-1], axis=-1)


@dataclass(frozen=True)
class TurnValues:
    """Expected turns to collect a ring, for every target and start at once."""

    values: np.ndarray
    """``values[t - 1, s - 1]``: expected turns, at the start of a turn on s, to collect the
    ring on t, playing as well as possible."""
    plans: np.ndarray
    """``plans[m, t - 1, s - 1]``: expected turns after the current one, on s with m moves
    left (W_m in the module docstring); ``plans[0]`` is ``values``."""
    exact: bool
    say_error: float
    sweeps: int
    change: float
    """The largest change of the last sweep (below :data:`TOLERANCE`)."""
    table: tuple[tuple[int, ...], ...] = field(repr=False)

    @property
    def board_size(self) -> int:
        return self.values.shape[1]

    def collects(self, target: int, landing: int, moves_left: int) -> bool:
        """Whether landing on ``landing`` with ``moves_left`` moves still to make after it
        collects the ring on ``target``."""
        return landing == target and (not self.exact or moves_left == 0)

    def move_value(self, target: int, landing: int, moves_left: int) -> float:
        """Expected turns after the current one, having just landed on ``landing`` with
        ``moves_left`` moves still to make."""
        if self.collects(target, landing, moves_left):
            return 0.0
        q = self.say_error
        t, e = target - 1, landing - 1
        return q * self.values[t, e] + (1 - q) * self.plans[moves_left, t, e]

    def best_move(self, target: int, space: int, moves_left: int) -> int:
        """The best next space from ``space`` with ``moves_left`` (1..6) moves to make,
        the smallest among equally good ones (within 1e-12)."""
        if not 1 <= moves_left <= DIE:
            raise ValueError(f"moves_left must be 1..{DIE}, not {moves_left}")
        options = self.table[space]
        worth = [self.move_value(target, e, moves_left - 1) for e in options]
        best = min(worth)
        return next(e for e, w in zip(options, worth) if w <= best + 1e-12)

    def mean_to(self) -> np.ndarray:
        """Per target: expected turns from a uniformly random other space."""
        n = self.board_size
        off = ~np.eye(n, dtype=bool)
        return np.where(off, self.values, 0.0).sum(axis=1) / (n - 1)

    def mean_from(self) -> np.ndarray:
        """Per start: expected turns to a ring on a uniformly random other space."""
        n = self.board_size
        off = ~np.eye(n, dtype=bool)
        return np.where(off, self.values, 0.0).sum(axis=0) / (n - 1)


def solve_turns(table: Sequence[Sequence[int]], *, exact: bool, say_error: float = 0.0,
                tolerance: float = TOLERANCE) -> TurnValues:
    """Expected turns to collect a ring on every target from every start (module
    docstring), for the board whose move table is ``table`` (:func:`board.move_table`).

    The path 1 - 2 - 3 by hand. Ring on 1, collected on any move: from 2 the first move
    collects it (1 turn); from 3 the first move goes to 2, and a roll of 2 or more collects
    it on the second, else the next turn starts on 2: 1 + 1/6 = 7/6 turns. By exact count
    the path alternates: from 2 an odd roll ends on 1 (collect), an even one back on 2, so
    V(2) = 1 + V(2)/2 = 2; from 3 an even roll ends on 1, an odd one on 2: V(3) = 1 + 1 = 2.

    >>> collect = solve_turns(move_table(3), exact=False)
    >>> collect.values[0, 1:].round(12).tolist()
    [1.0, 1.166666666667]
    >>> solve_turns(move_table(3), exact=True).values[0, 1:].round(9).tolist()
    [2.0, 2.0]
    """
    if not 0.0 <= say_error <= 1.0:
        raise ValueError(f"say_error must be in 0..1, not {say_error}")
    neighbours = Neighbours.of(table)
    n = len(table) - 1
    q = float(say_error)
    on_target = np.eye(n, dtype=bool)           # [t, e]: landing on e is landing on t
    values = np.zeros((n, n))
    plans = np.zeros((DIE + 1, n, n))
    for sweep in range(1, MAX_SWEEPS + 1):
        plans[0] = values
        for m in range(1, DIE + 1):
            # Landing value with m - 1 moves left after the landing.
            landing = q * values + (1 - q) * plans[m - 1] if q else plans[m - 1].copy()
            if not exact or m == 1:
                landing[on_target] = 0.0
            plans[m] = neighbours.row_min(landing)
        new = 1.0 + plans[1:].sum(axis=0) / DIE
        change = float(np.abs(new - values).max())
        values = new
        if change <= tolerance:
            plans[0] = values
            return TurnValues(values=values, plans=plans, exact=exact, say_error=q,
                              sweeps=sweep, change=change, table=tuple(map(tuple, table)))
    raise RuntimeError(f"value iteration did not settle in {MAX_SWEEPS} sweeps")


def turns_reference(table: Sequence[Sequence[int]], target: int, *, exact: bool,
                    say_error: float = 0.0, tolerance: float = TOLERANCE) -> dict[int, float]:
    """The plain-Python twin of :func:`solve_turns` for one target: ``{space: V(space)}``.

    Slow and literal: dictionaries, one target, and the recursion of the module docstring
    written out move by move.

    >>> turns_reference(move_table(3), 1, exact=False)[3]
    1.1666666666666667
    """
    spaces = range(1, len(table))
    q = say_error
    value = {s: 0.0 for s in spaces}
    while True:
        plan = {0: dict(value)}
        for m in range(1, DIE + 1):
            plan[m] = {}
            for s in spaces:
                options = []
                for e in table[s]:
                    if e == target and (not exact or m == 1):
                        options.append(0.0)
                    else:
                        options.append(q * value[e] + (1 - q) * plan[m - 1][e])
                plan[m][s] = min(options)
        new = {s: 1 + sum(plan[m][s] for m in range(1, DIE + 1)) / DIE for s in spaces}
        change = max(abs(new[s] - value[s]) for s in spaces)
        value = new
        if change <= tolerance:
            return value


def policy_value(solution: TurnValues, target: int) -> np.ndarray:
    """The exact expected turns, per start space, of the policy :meth:`TurnValues.best_move`
    plays for ``target``, by solving the linear equations of its Markov chain (a check that
    value iteration found the value of the policy it implies).

    The chain's states are (space, moves left); a turn begins on (s, k) with chance 1/6
    per k and ends in (e, 0); collecting is absorbing.
    """
    n = solution.board_size
    states = n * (DIE + 1)                      # index (m, s) as m * n + (s - 1)
    matrix = np.eye(states)
    cost = np.zeros(states)
    q = solution.say_error
    for s in range(1, n + 1):
        start = s - 1
        cost[start] = 1.0                       # a turn is played from (s, 0)
        for k in range(1, DIE + 1):
            matrix[start, k * n + s - 1] -= 1 / DIE
        for m in range(1, DIE + 1):
            e = solution.best_move(target, s, m)
            here = m * n + s - 1
            if solution.collects(target, e, m - 1):
                continue
            if m - 1 == 0:
                matrix[here, e - 1] -= 1.0
            else:
                matrix[here, e - 1] -= q
                matrix[here, (m - 1) * n + e - 1] -= 1 - q
    return np.linalg.solve(matrix, cost)[:n]


def simulate_turns(solution: TurnValues, target: int, games: int,
                   rng: np.random.Generator) -> np.ndarray:
    """Turns each of ``games`` lone players takes to collect the ring on ``target`` from a
    uniformly random other space, playing :meth:`TurnValues.best_move` (Monte Carlo)."""
    n = solution.board_size
    cache: dict[tuple[int, int], int] = {}
    turns = np.zeros(games, dtype=np.int64)
    for g in range(games):
        space = int(rng.integers(1, n))
        space += space >= target                # uniform over the other spaces
        done = False
        while not done:
            turns[g] += 1
            k = int(rng.integers(1, DIE + 1))
            for left in range(k, 0, -1):
                key = (space, left)
                if key not in cache:
                    cache[key] = solution.best_move(target, space, left)
                space = cache[key]
                if solution.collects(target, space, left - 1):
                    done = True
                    break
                if solution.say_error and rng.random() < solution.say_error:
                    break
    return turns


# --------------------------------------------------------------------------- the board


@dataclass(frozen=True)
class BoardAnalysis:
    """Every exact figure of one board (one set of board rules)."""

    rules: SoSooYooRules
    graph: nx.Graph = field(repr=False)
    distances: Distances = field(repr=False)
    reach: dict[str, np.ndarray] = field(repr=False)
    collect: TurnValues = field(repr=False)
    exact: TurnValues = field(repr=False)

    @property
    def spaces(self) -> np.ndarray:
        return np.arange(1, self.rules.board_size + 1)

    def degree(self) -> np.ndarray:
        return np.array([self.graph.degree[s] for s in self.spaces])

    def figures(self) -> dict[str, float]:
        """The board's headline figures (the what-if table's rows)."""
        d = self.distances
        return {
            "edges": self.graph.number_of_edges(),
            "mean_degree": float(self.degree().mean()),
            "diameter": d.diameter,
            "radius": d.radius,
            "mean_distance": d.mean_distance,
            "mean_exactly_6": float(self.reach["exactly_6"].mean()),
            "mean_within_6": float(self.reach["within_6"].mean()),
            "turns_collect": float(self.collect.mean_to().mean()),
            "turns_exact": float(self.exact.mean_to().mean()),
        }

    def spaces_table(self) -> dict[str, np.ndarray]:
        """One entry per column, one value per space."""
        columns: dict[str, np.ndarray] = {
            "space": self.spaces,
            "degree": self.degree(),
            "eccentricity": self.distances.eccentricity,
            "mean_distance": self.distances.mean_from,
            "turns_collect": self.collect.mean_to(),
            "turns_exact": self.exact.mean_to(),
            "turns_from_collect": self.collect.mean_from(),
            "turns_from_exact": self.exact.mean_from(),
        }
        columns.update(self.reach)
        return columns


def analyse(rules: SoSooYooRules) -> BoardAnalysis:
    """Every exact figure of the board that ``rules`` describe (``board_size``, ``jumps``,
    ``warps``, ``prime_bubble``, and ``say_error`` for the turns).

    >>> a = analyse(SoSooYooRules(board_size=12))
    >>> a.distances.diameter, a.distances.radius, a.distances.center
    (5, 3, [3, 4, 5, 6, 8])
    """
    flags = board_flags(rules)
    graph = board_graph(**flags)
    table = move_table(**flags)
    distances = Distances.of(distance_table(graph))
    import networkx as nx

    adjacency = nx.to_numpy_array(graph, nodelist=range(1, rules.board_size + 1), dtype=np.int64)
    reach = reach_counts(walk_reach(adjacency), distances.table)
    return BoardAnalysis(
        rules=rules, graph=graph, distances=distances, reach=reach,
        collect=solve_turns(table, exact=False, say_error=rules.say_error),
        exact=solve_turns(table, exact=True, say_error=rules.say_error))


def ranked(values: np.ndarray, count: int, *, largest: bool = False) -> list[int]:
    """The ``count`` spaces with the smallest (or largest) of ``values`` (indexed by
    space - 1), ties by space number.

    >>> ranked(np.array([3.0, 1.0, 2.0, 1.0]), 2), ranked(np.array([3.0, 1.0, 2.0]), 1, largest=True)
    ([2, 4], [1])
    """
    items = [(s + 1, float(v)) for s, v in enumerate(values)]
    sign = -1.0 if largest else 1.0
    return [s for s, _ in sorted(items, key=lambda sv: (sign * sv[1], sv[0]))[:count]]

