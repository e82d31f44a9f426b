"""The race evaluation and the ``ply-N`` search of Man Home, readably (the reference of
``cext/manhome/play.pyx``'s ``ply_*`` functions, which make the same choices bit for bit).

Why
---
Man Home is a dice race with interaction: the right objective is the chance to win, not
the expected number of goes (``expert``'s). A side behind must take risks, a side ahead
must play safe, and only the *distribution* of the goes each side still needs tells them
apart. On the solved duels (``analyze exact manhome``) one ply on the chance computed from
these distributions keeps the exact value far more often than ``expert``'s one ply on the
mean (see :mod:`numbergames.solver.manhome.policies`, ``ply-N``).

The race table
--------------
For every side ``(home, men)`` of the capped solitaire (:data:`~numbergames.solver.manhome.policies.
SOLITAIRE_CAP` men on the board at most), ``N`` is the number of goes the side still needs
to win alone, counting the go about to start, when it plays the solitaire's optimal policy
(a turn that brings a man home, not the last, earns another in the same go, so
``N = turns - (men_to_win - home - 1)``). The table holds ``P(N <= n)`` for
``n = 1 .. RACE_COLUMNS``, scaled by :data:`RACE_SCALE` and rounded to ``uint16``: computed
one turn at a time, ``P(turns <= t)`` of a side from ``P(turns <= t - 1)`` of the sides its
turn may lead to (:func:`race_cdf_reference`; the kernel's ``race_cdf`` for real sizes).
The standard game's start needs 11.2 goes on average; past 40 goes less than ``10**-5``
of any side's chance is left.

The envelope
------------
``F`` is the race of one way of playing (the fewest goes on average), but a side in a race
plays for the goes that matter: behind, it takes risks; ahead, it plays safe. The
*envelope* ``F*(n)`` is, for every ``n`` on its own, the best chance of finishing within
``n`` goes that any way of playing the side gives: the same recursion with every choice the
best for that ``n`` (new man or action, and each kind's move). ``F* >= F``, and ``F*`` is
itself a distribution; it over-states what a side can do (no one way of playing reaches it
for every ``n``) as ``F`` under-states it. ``adapt-N`` (:mod:`numbergames.solver.manhome.policies`) is
``ply-N``'s search on their mix, ``ENVELOPE_WEIGHT * F* + (1 - ENVELOPE_WEIGHT) * F``
(:func:`race_mix`, both tables rounded first). The weight, 0.5, was chosen on the solved
36-square duel (3 men, 2 home; :mod:`numbergames.solver.manhome.duel_play`) on three samples other than
the exact report's and judged on that one, where ``adapt-4`` keeps the exact value in 0.966
of the decisive positions and ``ply-4`` in 0.947: experiments/manhome-leaf/FINDINGS.md has
every weight measured, reports/manhome-exact/report.md ``adapt-1`` to ``adapt-4`` on every
solved duel.

The evaluation
--------------
With seat ``t`` to move and the seats' goes independent, seat ``i`` wins when it finishes
in its ``n``-th go while every seat that moves before it in the round from ``t`` needs
more than ``n`` goes and every seat after it more than ``n - 1``:

    P_i = sum over n of p_i(n) * prod over j before i of (1 - F_j(n))
                                * prod over j after i of (1 - F_j(n - 1))

with ``F_j(n) = P(N_j <= n)`` from the table and ``p_i(n) = F_i(n) - F_i(n - 1)``
(:meth:`Race.leaf`). A side with more men on the board than the cap (another player's
choice) is read as the side of its ``cap`` lowest men, the others counted in the reserve.

Under the compensation rules (``head_start``, ``order``: RULES.md, designer variants) the
goes do not come round in seat order: the evaluation follows the *schedule*, the seats of
the coming goes from the one about to start (a head-start turn is a go of its own), and
seat ``i``'s ``n``-th go wins when every other seat ``j`` needs more goes than the ``m_j``
it has before it: ``P_i = sum over n of p_i(n) * prod over j of (1 - F_j(m_j))``. In seat
order ``m_j`` is ``n`` or ``n - 1`` as above, and the same products come out, in the same
order. The search carries the *cursor* — the goes ended and the head-start turns left
(:class:`~numbergames.solver.manhome.state.ManHomeState`'s ``goes``, ``head_left``) — and
passes each go on as the state does; without the compensation rules it is None.

The search
----------
``ply-N`` is expectimax over the next ``N`` turns (extra turns count as turns), every seat
maximising its own chance (a vector of chances, max-n), the race evaluation at the end:
a turn's value is, over its legal options, the mean over the squares of a new man's arrival
(a new man only with fewer than the cap on the board) or the mean over the three action
kinds of the kind's best move; its option is the new man only when strictly better; the
arrival of a man on Death or its own man passes the turn with the man back in the reserve,
on Home earns another turn (or wins), on an opponent's man is the face-off's two outcomes at
the rules' odds, on an empty square passes the turn. At the root the player takes the option
(new man only when strictly better) or the move (the first in canonical order among equals)
of the highest chance for itself. Values are doubles added in one fixed order in both
engines (compiled without fused multiply-add), so both engines choose alike.
"""
from __future__ import annotations

import numpy as np

from numbergames.solver.manhome.rules import DEATH, HOME, ManHomeRules, seat_of_go
from numbergames.solver.manhome.state import EMPTY, Kind, ManHomeState, Phase, action_moves
from numbergames.solver.manhome.sides import SideSpace

RACE_COLUMNS = 40
"""Columns of the race table: ``P(N <= n)`` for n = 1 .. 40."""
RACE_SCALE = 65535
"""The race table's scale (``uint16``)."""
ENVELOPE_WEIGHT = 0.5
"""The envelope's weight in the table ``adapt-N`` plays on (module docstring)."""
KINDS = (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME)


def race_cdf_reference(rules: ManHomeRules, space: SideSpace, decisions: np.ndarray | None,
                       columns: int = RACE_COLUMNS) -> np.ndarray:
    """The race table of a solved solitaire (``space`` and its ``decisions``), readably:
    for small rules and tests (the kernel's ``race_cdf`` gives the same numbers). With
    ``decisions`` None, the envelope ``F*`` (module docstring): each turn the best option
    and each kind's best move for the ``n`` at hand."""
    from numbergames.solver.manhome.solitaire import arrive

    sides = list(space.sides())
    win, squares = rules.men_to_win, rules.squares

    def index(home: int, men: frozenset[int]) -> int:
        return -1 if home >= win else space.index(home, sorted(men))

    # each side's turn: its options, each a list of equally likely outcomes, each a list of
    # the sides the player may choose between (one: the solitaire's decision)
    options: list[list[list[list[int]]]] = []
    for i, (home, men) in enumerate(sides):
        men = frozenset(men)
        may_new = space.reserve(home, men) > 0 and len(men) < space.cap
        new = [[index(*arrive(home, men, q))] for q in range(squares)] if may_new else []
        action = [[index(*arrive(home, men - {m.source}, m.target))
                   for m in action_moves(sorted(men), kind)] for kind in KINDS]
        if decisions is None:
            options.append(([new] if may_new else []) + ([action] if men else []))
        elif may_new and (not men or decisions[i][0] == 1):
            options.append([new])
        else:
            options.append([[[kind[decisions[i][1 + k]]] for k, kind in enumerate(action)]])
    out = np.zeros((len(sides), columns), dtype=np.uint16)
    prev = [0.0] * len(sides)
    for t in range(1, columns + win):
        cur = []
        for i, (home, _) in enumerate(sides):
            cur.append(max(sum(max(1.0 if j < 0 else prev[j] for j in choice)
                               for choice in option) / len(option)
                           for option in options[i]))
            n = t - (win - home - 1)
            if 1 <= n <= columns:
                out[i, n - 1] = int(cur[i] * RACE_SCALE + 0.5)
        prev = cur
    return out


def race_mix(cdf: np.ndarray, envelope: np.ndarray, weight: float = ENVELOPE_WEIGHT
             ) -> np.ndarray:
    """The table ``adapt-N`` plays on: ``weight * F* + (1 - weight) * F`` of the two uint16
    tables, rounded to the nearest (module docstring); a block of rows at a time."""
    out = np.empty_like(cdf, dtype=np.uint16)
    for start in range(0, len(cdf), 1 << 16):
        rows = slice(start, start + (1 << 16))
        out[rows] = np.rint(weight * envelope[rows].astype(np.float64)
                            + (1.0 - weight) * cdf[rows].astype(np.float64))
    return out


class Race:
    """The race evaluation and the ``ply-N`` search over a race table (module docstring).

    A position is a list of seats' sides ``[home, men (sorted list)]`` and the board
    (square -> seat or EMPTY), as :meth:`position` reads them off a state."""

    def __init__(self, rules: ManHomeRules, space: SideSpace, table: np.ndarray) -> None:
        self.rules = rules
        self.space = space
        self.table = table
        self.cap = space.cap
        self.columns = table.shape[1]
        num, den = rules.attacker_win_chance
        self.q = num / den
        self.miss = 1.0 - self.q

    # -- the evaluation -------------------------------------------------------------
    def cdf(self, home: int, men: list[int]) -> list[float]:
        """``[0, F(1), .., F(columns)]`` of a side (the cap's lowest men)."""
        row = self.table[self.space.index(home, men[:self.cap])]
        return [0.0] + [int(v) / RACE_SCALE for v in row]

    def leaf(self, homes: list[int], men: list[list[int]], t: int,
             cursor: tuple[int, tuple[int, ...]] | None = None) -> list[float]:
        """Every seat's chance to win, seat ``t`` to move (module docstring); with a
        ``cursor`` (goes ended, head-start turns left), on the schedule of the goes."""
        players = len(homes)
        cdfs = [self.cdf(homes[i], men[i]) for i in range(players)]
        if cursor is not None:
            return self.scheduled_leaf(cdfs, self.schedule(t, cursor, players))
        out = []
        for i in range(players):
            fi = cdfs[i]
            total = 0.0
            for n in range(1, self.columns + 1):
                prod = fi[n] - fi[n - 1]
                for j in range(players):
                    if j == i:
                        continue
                    before = (j - t) % players < (i - t) % players
                    prod *= 1.0 - (cdfs[j][n] if before else cdfs[j][n - 1])
                total += prod
            out.append(total)
        return out

    def schedule(self, t: int, cursor: tuple[int, tuple[int, ...]], players: int) -> list[int]:
        """The seats of the coming goes, seat ``t``'s first, until every seat has
        ``columns + 1`` of them."""
        goes, head = cursor[0], list(cursor[1])
        seats, counts, seat = [], [0] * players, t
        while min(counts) <= self.columns:
            seats.append(seat)
            counts[seat] += 1
            seat, goes = self.pass_go(seat, goes, head)
        return seats

    def scheduled_leaf(self, cdfs: list[list[float]], seats: list[int]) -> list[float]:
        """:meth:`leaf` on a schedule of goes (module docstring)."""
        players, columns = len(cdfs), self.columns
        out = []
        for i in range(players):
            fi = cdfs[i]
            total = 0.0
            counts = [0] * players
            for seat in seats:
                if seat == i:
                    n = counts[i] + 1
                    if n > columns:
                        break
                    prod = fi[n] - fi[n - 1]
                    for j in range(players):
                        if j != i:
                            prod *= 1.0 - cdfs[j][min(counts[j], columns)]
                    total += prod
                counts[seat] += 1
            out.append(total)
        return out

    def pass_go(self, seat: int, goes: int, head: list[int]) -> tuple[int, int]:
        """(the next go's seat, the goes ended) when ``seat``'s go ends; takes a
        head-start turn from ``head`` (ManHomeState._next_go)."""
        if head[seat]:
            head[seat] -= 1
            return seat, goes
        goes += 1
        players = len(head)
        if self.rules.order == "fixed":
            return (seat + 1) % players, goes
        return seat_of_go(self.rules.order, players, goes), goes

    def passed(self, t: int, cursor, players: int
               ) -> tuple[int, tuple[int, tuple[int, ...]] | None]:
        """(the next go's seat, its cursor) when seat ``t``'s go ends."""
        if cursor is None:
            return (t + 1) % players, None
        head = list(cursor[1])
        seat, goes = self.pass_go(t, cursor[0], head)
        return seat, (goes, tuple(head))

    # -- the search -------------------------------------------------------------------
    @staticmethod
    def position(state: ManHomeState) -> tuple[list[int], list[list[int]], list[int], list[int]]:
        """(homes, men, reserves, board) of a state, copies."""
        return (list(state.home), [sorted(m) for m in state.men], list(state.reserve),
                list(state.board))

    def cursor(self, state: ManHomeState) -> tuple[int, tuple[int, ...]] | None:
        """The state's goes ended and head-start turns left; None in seat order with no
        head-start turn left (the seats' goes come round in order)."""
        if self.rules.order == "fixed" and not any(state.head_left):
            return None
        return state.goes, tuple(state.head_left)

    def value(self, pos, t: int, depth: int, cursor=None) -> list[float]:
        """The chances of every seat at the start of seat ``t``'s turn, ``depth`` turns
        searched (0: the evaluation); ``cursor``: the goes' (module docstring)."""
        homes, men, reserve, board = pos
        if depth == 0:
            return self.leaf(homes, men, t) if cursor is None else self.leaf(homes, men, t, cursor)
        new = self.new_value(pos, t, depth, cursor)
        act = self.action_value(pos, t, depth, cursor)
        if new is not None and (act is None or new[t] > act[t]):
            return new
        return act

    def new_value(self, pos, t: int, depth: int, cursor=None) -> list[float] | None:
        """The new man's value (None when not legal here: no reserve, or the cap)."""
        homes, men, reserve, board = pos
        if reserve[t] == 0 or len(men[t]) >= self.cap:
            return None
        squares = self.rules.squares
        total = [0.0] * len(homes)
        for q in range(squares):
            v = self.arrive(pos, t, -1, q, depth, cursor)
            total = [a + b for a, b in zip(total, v)]
        return [a / squares for a in total]

    def action_value(self, pos, t: int, depth: int, cursor=None) -> list[float] | None:
        """The mean over the kinds of each kind's best move (None without men)."""
        men = pos[1][t]
        if not men:
            return None
        total = [0.0] * len(pos[0])
        for kind in KINDS:
            best = None
            for m in action_moves(men, kind):
                v = self.arrive(pos, t, m.source, m.target, depth, cursor)
                if best is None or v[t] > best[t]:
                    best = v
            total = [a + b for a, b in zip(total, best)]
        return [a / 3.0 for a in total]

    def arrive(self, pos, t: int, source: int, target: int, depth: int,
               cursor=None) -> list[float]:
        """The value of seat ``t``'s man (from ``source``, -1 a new man) arriving at
        ``target``: the turn ends, ``depth - 1`` turns are left."""
        homes, men, reserve, board = pos
        players = len(homes)
        homes, men, reserve, board = list(homes), [list(m) for m in men], list(reserve), list(board)
        following, later = self.passed(t, cursor, players)
        again, kept = (t, cursor) if self.rules.extra_turn else (following, later)
        if source >= 0:
            men[t].remove(source)
            board[source] = EMPTY
        else:
            reserve[t] -= 1
        if target == DEATH or (target != HOME and board[target] == t):
            reserve[t] += 1
            return self.value((homes, men, reserve, board), following, depth - 1, later)
        if target == HOME:
            homes[t] += 1
            if homes[t] >= self.rules.men_to_win:
                return [1.0 if i == t else 0.0 for i in range(players)]
            return self.value((homes, men, reserve, board), again, depth - 1, kept)
        holder = board[target]
        if holder == EMPTY:
            board[target] = t
            men[t] = sorted(men[t] + [target])
            return self.value((homes, men, reserve, board), following, depth - 1, later)
        # a face-off: the attacker kills (and goes on) or is killed (and the turn passes)
        won_men = [list(m) for m in men]
        won_men[holder].remove(target)
        won_men[t] = sorted(won_men[t] + [target])
        won_reserve = list(reserve)
        won_reserve[holder] += 1
        won_board = list(board)
        won_board[target] = t
        kill = self.value((homes, won_men, won_reserve, won_board), again, depth - 1, kept)
        reserve[t] += 1
        lost = self.value((homes, men, reserve, board), following, depth - 1, later)
        return [self.q * a + self.miss * b for a, b in zip(kill, lost)]

    def choose(self, state: ManHomeState, depth: int) -> int:
        """The ``ply-depth`` player's action at a decision node (module docstring)."""
        t = state.to_move
        pos = self.position(state)
        cursor = self.cursor(state)
        if state.phase == Phase.OPTION:
            new = self.new_value(pos, t, depth, cursor)
            act = self.action_value(pos, t, depth, cursor)
            return 0 if new is not None and new[t] > act[t] else 1
        best, best_value = 0, None
        for i, m in enumerate(state.moves()):
            v = self.arrive(pos, t, m.source, m.target, depth, cursor)[t]
            if best_value is None or v > best_value:
                best, best_value = i, v
        return state.legal_actions()[best]
