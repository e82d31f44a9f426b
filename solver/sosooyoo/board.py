"""So-Soo-Yoo's board: the bubbles of each space, the moves between spaces, the spiral.

Spaces are the numbers 1..``board_size`` (199 on the real board). The *bubbles* of a
space are the prime factors of its number, with multiplicity (60 carries 2, 2, 3, 5); a
prime space carries one bubble, itself (``prime_bubble``), and space 1 carries none.

A move goes from a space to one of its *targets* (RULES.md, rules 10-13):

- a *simple move* one space forward or back;
- a *jump* by one bubble p "to the next closest space that has one of the same bubbles";
- a *warp* by two or more bubbles "to the next closest space that has [those] bubbles in
  common".

:func:`book_targets` follows those words literally: for every choice of bubbles it walks
along the board, space by space, to the nearest space in each direction that carries (at
least) the chosen bubbles. :func:`targets` is the spec's arithmetic, n ± 1 and n ± d for
every divisor d > 1 of n. They agree, and the tests check it on every board:

- a space m ≥ 2 carries a multiset of bubbles with product d exactly when d divides m
  (unique factorisation), except that with ``prime_bubble`` off a prime m carries none;
- n is a multiple of d, so the nearest multiples of d are n - d and n + d;
- so the two readings can differ only when the target n ± d is prime. A multiple of d
  is prime only if it is d itself and d is prime: the jump down from 2p by p to p. With
  ``prime_bubble`` on, p carries its bubble and the jump lands there, as n - d says; with
  it off, p carries no bubble, the book's "next space that has a p bubble" below 2p does
  not exist, and the jump is not a move. (A prime space also has no jump or warp of its own
  with ``prime_bubble`` off: it has no bubble to use.)

The spec's "the next space in that direction that has a p bubble" is the rulebook's reading,
so :func:`targets` follows it in the one place the arithmetic n - d would not. Targets
outside 1..``board_size`` are not moves: from 60 a warp by all four bubbles reaches 120, but
not 0, which is not a space.

The *kind* of a move depends only on its length: 1 is simple, a prime is a jump, a
composite is a warp. The move relation is symmetric (if m is the nearest space above n
carrying bubbles B, and n carries B, then n is the nearest below m carrying B, and m carries
B), so the move graph is undirected.

Typical use::

    graph = move_graph(SoSooYooRules())
    graph[60][54]["kind"]                 # 'warp'
    spiral_layout(199)[1]                 # (0.0, 0.0): space 1 is in the middle
"""
from __future__ import annotations

import math
from collections import Counter
from functools import cache
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

from numbergames.solver.sosooyoo.rules import MAX_SPACES

if TYPE_CHECKING:  # networkx is imported where a graph is built (0.15 s on every command)
    import networkx as nx

    from numbergames.solver.sosooyoo.rules import SoSooYooRules

Space = int
"""A space of the board, 1..board_size."""

SIMPLE, JUMP, WARP = "simple", "jump", "warp"
"""The three kinds of move."""


def prime_factors(n: int) -> tuple[int, ...]:
    """The prime factors of ``n`` with multiplicity, ascending (``()`` for 1).

    >>> prime_factors(60), prime_factors(21), prime_factors(16), prime_factors(197), prime_factors(1)
    ((2, 2, 3, 5), (3, 7), (2, 2, 2, 2), (197,), ())
    """
    if n < 1:
        raise ValueError(f"no space {n}: spaces are numbered from 1")
    factors: list[int] = []
    p = 2
    while p * p <= n:
        while n % p == 0:
            factors.append(p)
            n //= p
        p += 1
    if n > 1:
        factors.append(n)
    return tuple(factors)


def is_prime(n: int) -> bool:
    """Whether space ``n`` is prime (a round space on the real board).

    >>> [n for n in range(1, 30) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    return n >= 2 and prime_factors(n) == (n,)


def states_product(n: int) -> bool:
    """Whether saying space ``n``'s numbers states a multiplication fact ("two times two
    times three times five is sixty"): ``n`` is a product of two or more primes. A prime
    or 1 states none. The teacher's count of facts covered (RULES.md rule 36) counts the
    different such spaces a child has said.

    >>> [n for n in range(1, 13) if states_product(n)]
    [4, 6, 8, 9, 10, 12]
    """
    return len(prime_factors(n)) >= 2


def bubbles(n: int, prime_bubble: bool = True) -> tuple[int, ...]:
    """The bubbles of space ``n``: its prime factors with multiplicity, ascending.

    A prime space carries itself as its one bubble unless ``prime_bubble`` is off; space 1
    carries none.

    >>> bubbles(60), bubbles(7), bubbles(7, prime_bubble=False), bubbles(1), bubbles(12, False)
    ((2, 2, 3, 5), (7,), (), (), (2, 2, 3))
    """
    if not prime_bubble and is_prime(n):
        return ()
    return prime_factors(n)


def carries(m: int, chosen: tuple[int, ...], prime_bubble: bool = True) -> bool:
    """Whether space ``m`` carries (at least) the bubbles ``chosen``, counted with
    multiplicity: 12 carries 2, 2 and 3, but not 3, 3.

    >>> carries(12, (2, 2)), carries(12, (3, 3)), carries(7, (7,)), carries(7, (7,), False)
    (True, False, True, False)
    """
    return not Counter(chosen) - Counter(bubbles(m, prime_bubble))


def bubble_choices(n: int, prime_bubble: bool = True) -> list[tuple[int, ...]]:
    """Every non-empty choice of bubbles of space ``n`` (a sub-multiset), ascending by
    size then value. One bubble is a jump, two or more a warp.

    >>> bubble_choices(12)
    [(2,), (3,), (2, 2), (2, 3), (2, 2, 3)]
    >>> len(bubble_choices(60))   # exponents 2, 1, 1 give 3 * 2 * 2 choices, less the empty one
    11
    """
    counts = sorted(Counter(bubbles(n, prime_bubble)).items())
    choices = []
    for exponents in product(*(range(c + 1) for _, c in counts)):
        chosen = tuple(p for (p, _), e in zip(counts, exponents) for _ in range(e))
        if chosen:
            choices.append(chosen)
    return sorted(choices, key=lambda c: (len(c), c))


def book_targets(n: int, board_size: int = MAX_SPACES, *, jumps: bool = True,
                 warps: bool = True, prime_bubble: bool = True) -> dict[Space, str]:
    """The targets of one move from ``n``, found as the rulebook says: for every choice of
    bubbles, walk to the next closest space in each direction that carries them.

    Returns ``{target: kind}``; the slow, readable twin of :func:`targets`.

    >>> sorted(book_targets(21).items())   # the rulebook pictures the four jumps from 21
    [(14, 'jump'), (18, 'jump'), (20, 'simple'), (22, 'simple'), (24, 'jump'), (28, 'jump'),
     (42, 'warp')]
    """
    _check_space(n, board_size)
    found: dict[Space, str] = {}
    for m in (n - 1, n + 1):
        if 1 <= m <= board_size:
            found[m] = SIMPLE
    for chosen in bubble_choices(n, prime_bubble):
        kind = JUMP if len(chosen) == 1 else WARP
        if jumps if kind == JUMP else warps:
            for m in moves_by(n, chosen, board_size, prime_bubble=prime_bubble):
                found[m] = kind
    return found


def moves_by(n: int, chosen: tuple[int, ...], board_size: int = MAX_SPACES, *,
             prime_bubble: bool = True) -> tuple[Space, ...]:
    """Where using the bubbles ``chosen`` of space ``n`` goes: the next closest space
    back and the next closest forward that carry them (none off the board).

    The rulebook's pictures: from 21 by 3 and by 7; from 60 by 2·3, and by 2·2·3·5 (0 is not
    a space).

    >>> moves_by(21, (3,)), moves_by(21, (7,)), moves_by(60, (2, 3)), moves_by(60, (2, 2, 3, 5))
    ((18, 24), (14, 28), (54, 66), (120,))
    """
    _check_space(n, board_size)
    if not chosen or not carries(n, chosen, prime_bubble):
        raise ValueError(f"space {n} does not carry the bubbles {chosen}")
    found = []
    for step in (-1, 1):
        m = n + step
        while 1 <= m <= board_size and not carries(m, chosen, prime_bubble):
            m += step
        if 1 <= m <= board_size:
            found.append(m)
    return tuple(found)


def move_kind(step: int) -> str:
    """The kind of a move of length ``step``: 1 simple, a prime a jump, else a warp.

    >>> move_kind(1), move_kind(7), move_kind(6), move_kind(4)
    ('simple', 'jump', 'warp', 'warp')
    """
    if step < 1:
        raise ValueError(f"a move has length 1 or more, not {step}")
    return SIMPLE if step == 1 else JUMP if is_prime(step) else WARP


def targets(n: int, board_size: int = MAX_SPACES, *, jumps: bool = True, warps: bool = True,
            prime_bubble: bool = True) -> tuple[Space, ...]:
    """The spaces one move from ``n``, ascending: n ± 1, and n ± d for every divisor
    d > 1 of n (d prime: a jump, if ``jumps``; composite: a warp, if ``warps``), inside
    1..``board_size``. With ``prime_bubble`` off a prime space has simple moves only and
    the jump from 2p down to the bare prime p is not a move (see the module docstring).

    The rulebook's examples: from 21 by 3 to 18 or 24, by 7 to 14 or 28; from 60 by 2·3 to
    54 or 66.

    >>> targets(21)            # 42: the warp by both bubbles, 3·7 (0 is not a space)
    (14, 18, 20, 22, 24, 28, 42)
    >>> targets(60)
    (30, 40, 45, 48, 50, 54, 55, 56, 57, 58, 59, 61, 62, 63, 64, 65, 66, 70, 72, 75, 80, 90, 120)
    >>> targets(1), targets(199), targets(7), targets(7, prime_bubble=False)
    ((2,), (198,), (6, 8, 14), (6, 8))
    >>> targets(14, prime_bubble=False), targets(60, 64, jumps=False, warps=False)
    ((12, 13, 15, 16, 21, 28), (59, 61))
    """
    _check_space(n, board_size)
    found = {n - 1, n + 1}
    if prime_bubble or not is_prime(n):
        for d in range(2, n + 1):
            if n % d or not (jumps if is_prime(d) else warps):
                continue
            found.add(n + d)
            if n - d >= 1 and (prime_bubble or not is_prime(n - d)):
                found.add(n - d)
    return tuple(sorted(m for m in found if 1 <= m <= board_size))


def _check_space(n: int, board_size: int) -> None:
    if not 1 <= board_size <= MAX_SPACES:
        raise ValueError(f"board_size must be 1..{MAX_SPACES}, not {board_size}")
    if not 1 <= n <= board_size:
        raise ValueError(f"no space {n} on a board of {board_size} spaces")


@cache
def move_table(board_size: int = MAX_SPACES, jumps: bool = True, warps: bool = True,
               prime_bubble: bool = True) -> tuple[tuple[Space, ...], ...]:
    """``move_table(...)[n]``: the targets of space ``n`` (:func:`targets`); entry 0 is
    empty (there is no space 0).

    >>> table = move_table(10)
    >>> table[0], table[1], table[6], table[10]
    ((), (2,), (3, 4, 5, 7, 8, 9), (5, 8, 9))
    """
    flags = {"jumps": jumps, "warps": warps, "prime_bubble": prime_bubble}
    return ((),) + tuple(targets(n, board_size, **flags) for n in range(1, board_size + 1))


STANDARD_MOVES = move_table()
"""The targets of every space of the real board (199 spaces, jumps, warps, prime bubbles)."""


def board_flags(rules: SoSooYooRules) -> dict[str, object]:
    """The rules parameters that shape the board, as keywords of :func:`move_table`."""
    return {"board_size": rules.board_size, "jumps": rules.jumps, "warps": rules.warps,
            "prime_bubble": rules.prime_bubble}


def board_graph(board_size: int = MAX_SPACES, *, jumps: bool = True, warps: bool = True,
                prime_bubble: bool = True) -> nx.Graph:
    """The move graph of a board: spaces 1..board_size as nodes (with their ``bubbles``
    and whether they are ``prime``), one-move links as edges (with the move's ``step``
    and ``kind``). Any board size from 1 up is allowed here (tests use tiny boards).

    >>> g = board_graph(4)
    >>> sorted(g.edges), g.edges[2, 4]["kind"], g.nodes[4]["bubbles"]
    ([(1, 2), (2, 3), (2, 4), (3, 4)], 'jump', (2, 2))
    """
    table = move_table(board_size, jumps, warps, prime_bubble)
    import networkx as nx

    graph = nx.Graph(board_size=board_size, jumps=jumps, warps=warps, prime_bubble=prime_bubble)
    for n in range(1, board_size + 1):
        graph.add_node(n, bubbles=bubbles(n, prime_bubble), prime=is_prime(n))
    for n in range(1, board_size + 1):
        for m in table[n]:
            if m > n:
                graph.add_edge(n, m, step=m - n, kind=move_kind(m - n))
    return graph


def move_graph(rules: SoSooYooRules) -> nx.Graph:
    """The move graph of the board the rules describe (:func:`board_graph`).

    >>> from numbergames.solver.sosooyoo.rules import SoSooYooRules
    >>> g = move_graph(SoSooYooRules())
    >>> g.number_of_nodes(), sorted(g[21]), g.edges[60, 54]["kind"]
    (199, [14, 18, 20, 22, 24, 28, 42], 'warp')
    """
    return board_graph(**board_flags(rules))


def adjacency(board_size: int = MAX_SPACES, *, jumps: bool = True, warps: bool = True,
              prime_bubble: bool = True) -> np.ndarray:
    """The move graph as a 0/1 ``int64`` matrix indexed by space - 1.

    >>> adjacency(4)
    array([[0, 1, 0, 0],
           [1, 0, 1, 1],
           [0, 1, 0, 1],
           [0, 1, 1, 0]])
    """
    table = move_table(board_size, jumps, warps, prime_bubble)
    matrix = np.zeros((board_size, board_size), dtype=np.int64)
    for n in range(1, board_size + 1):
        matrix[n - 1, [m - 1 for m in table[n]]] = 1
    return matrix


# --------------------------------------------------------------------------- the spiral

SPACING = 1.0
"""Distance between the centres of neighbouring spaces along the spiral."""
PITCH = 1.15
"""Distance between one turn of the spiral and the next (a little more than a space)."""


def spiral_layout(board_size: int = MAX_SPACES, *, clockwise: bool = False,
                  spacing: float = SPACING, pitch: float = PITCH) -> dict[Space, tuple[float, float]]:
    """Where each space sits on the board: ``{space: (x, y)}``.

    The rulebook: "The board has 199 spaces starting with the number one in the middle
    circling out to the last space numbered 199." So space 1 is at the origin and the
    others follow an Archimedean spiral r = pitch·θ/2π outwards, each ``spacing`` from the
    one before (as the crow flies), so that neighbours are evenly spaced and one turn is
    ``pitch`` from the next. The spiral is turned so that space 2 lies due east of space 1,
    and it winds counter-clockwise, or ``clockwise`` (the rulebook does not say which way
    the real board turns).

    >>> xy = spiral_layout(199)
    >>> xy[1], xy[2]
    ((0.0, 0.0), (1.0, 0.0))
    >>> all(abs(math.dist(xy[n], xy[n + 1]) - 1) < 1e-3 for n in range(1, 199))
    True
    >>> [round(math.hypot(*xy[n]), 1) for n in (1, 10, 100, 199)]
    [0.0, 2.0, 6.1, 8.6]
    """
    if board_size < 1:
        raise ValueError(f"board_size must be 1 or more, not {board_size}")
    a = pitch / (2 * math.pi)

    def point(t: float) -> tuple[float, float]:
        return a * t * math.cos(t), a * t * math.sin(t)

    # Each space is the first point of the spiral ``spacing`` from the space before it:
    # bracketed on a fine table of angles, then found by bisection to machine precision.
    grid = np.linspace(0.0, math.sqrt(2 * spacing * board_size / a) + 4 * math.pi, 100_001)
    if spacing > pitch:
        raise ValueError(f"spacing {spacing} must not exceed pitch {pitch}")
    grid_x, grid_y = a * grid * np.cos(grid), a * grid * np.sin(grid)
    angles = [0.0]
    for _ in range(board_size - 1):
        t0 = angles[-1]
        x0, y0 = point(t0)
        start = int(np.searchsorted(grid, t0, side="right"))
        # A chord of ``spacing`` never needs more than a turn of the spiral (the first
        # needs 0.87 of one; further out, less).
        window = slice(start, int(np.searchsorted(grid, t0 + 2 * math.pi)) + 1)
        ahead = np.hypot(grid_x[window] - x0, grid_y[window] - y0) >= spacing
        low, high = grid[start - 1] if start > 0 else t0, grid[start + int(np.argmax(ahead))]
        low = max(low, t0)
        for _ in range(60):
            mid = 0.5 * (low + high)
            if math.dist(point(mid), (x0, y0)) < spacing:
                low = mid
            else:
                high = mid
        angles.append(high)
    at = np.array(angles)
    radius = a * at
    turn = at - (at[1] if board_size > 1 else 0.0)
    sign = -1.0 if clockwise else 1.0
    xs, ys = radius * np.cos(turn), sign * radius * np.sin(turn)
    xs, ys = np.round(xs, 12) + 0.0, np.round(ys, 12) + 0.0
    return {n: (float(xs[n - 1]), float(ys[n - 1])) for n in range(1, board_size + 1)}
