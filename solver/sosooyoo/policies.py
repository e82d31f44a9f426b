"""So-Soo-Yoo players.

Every player is one signature, ``choose(state, stream) -> action``
(:class:`solver.decision.Player`): ``state`` is a :class:`solver.sosooyoo.state.SoSooYooState`
at a decision node, whose legal actions list the engine's options
(:class:`solver.sosooyoo.engine.Decision`) in canonical order. All the players below but
``random`` are deterministic, work in integers and break ties by the first option, so
that a kernel can make the same choices; they read the engine's position
(``state.game``) and options (``state.node``).

``random``
    Uniform over the legal actions of every decision, one ``choose(n)`` of the choice
    stream per decision with two or more options (RULES.md rule 37):
    :class:`solver.decision.RandomPlayer`.
``popsicle``
    Goes for six rings of its own colour (which nobody can swap away). Each move it heads
    for its *target*, the ring of its colour on the board, planned with the board's exact
    tables (:mod:`solver.sosooyoo.exact`): with moves to spare it takes the target whose
    fewest-moves distance to the ring is least; when the ring would complete a win (exact
    count, rule 17) it takes a target from which a walk of exactly the remaining moves ends
    on the ring (``walk_reach``), else the nearest. Without a ring of its colour on the
    board it heads for the nearest other piece (to bump a ring off it). It bumps a piece as
    far from its own target as it can (never a random bump), takes off and makes others
    lose the colour the piece holds most, discards the ring that helps it least, and at the
    end of a turn takes the action (nothing, a swap, a discard) that lowers its cost most.
``rainbow``
    The same, going for one ring of each colour: its target is the nearest ring of a colour
    it lacks.
``adaptive``
    Chooses afresh at every decision the plan (a popsicle of any colour, or a rainbow) with
    the lowest cost, then the nearest target, then the rainbow. It plans the rest of the
    turn at every move: when its next ring would complete a win (exact count), each move
    is worth the exact expected turns a lone player still needs from its landing with the
    moves left (:func:`landing_values`, the Markov decision process of
    :mod:`solver.sosooyoo.exact`); otherwise it scores each landing by :func:`tour_score`
    — the rings it collects there and on the best order of up to :data:`TOUR_RINGS` more
    within the moves left, then how near the turn ends to the next ring it needs, a ring an
    opponent stands near counting :data:`CONTESTED` moves farther. It bumps a piece to the space
    farthest from *that* piece's own target, takes off the ring whose loss raises its owner's
    cost most, and at the end of a turn takes the action that lowers its own cost most, and
    among equals the one that raises the leader's (the opponent with the lowest cost).
    Measured on the standard board (kernel, same keys, one ``adaptive`` against the others
    in every seat): it wins 54% of 2-player games against ``rainbow`` (fair share 50%), 29%
    of 4-player (25%) and 20% of 6-player (17%); against ``popsicle`` 72%, 45% and 33%. The
    race is short (some four turns each) and the dice decide most of it.
``search-N``
    Flat Monte Carlo at its moves and at the end of its turn: for each candidate (each
    target of the move, or each end action, in canonical order) it plays ``N`` playouts
    with ``adaptive`` in every seat, for at most :data:`PLAYOUT_TURNS` turns. It keeps the
    candidate ``adaptive`` would choose unless another won more than √N (rounded down, at
    least 1) more of its playouts than that one (then the one that won most, the first
    among equals): with a dozen candidates and a few playouts each, the most winning
    candidate is mostly the luckiest, and taking it made ``search-16`` win 33% of 2-player
    games against ``adaptive`` and 9% of 4-player (fair shares 50% and 25%); with the
    margin it wins 60% and 27% (``search-4``: 53% and 25%). A move's playout makes
    the candidate move and the rest of the turn as ``adaptive`` would (drawing on the
    playout's dice), an end action's playout starts with it. Bumps and the rings a bump
    takes it decides as ``adaptive``. The skill ladder climbs 2, 4, 8 (a 4-player game
    with one ``search-16`` costs some 0.1 s); larger budgets can be asked for by name. The ``N``
    playouts share their keys across candidates (common random numbers): one word of the
    game's choice stream starts a SplitMix64 stream whose next ``N`` words are the keys, and
    playout ``j`` of every candidate draws from the dice and choice streams of key ``j``.
``mcts-N``
    Open-loop UCT (:mod:`solver.mcts`, the family every game shares) cut down to what this
    game needs. At every decision of two or more actions (moves, bumps, swaps, discards,
    end actions) it runs a UCB1 bandit over the legal actions, ``adaptive``'s first, then
    the others ascending (:func:`mcts_candidates`): the tree is one decision deep
    (:data:`MCTS_DEPTH`), so each of the ``N`` simulations makes one candidate and then
    ``adaptive`` plays every seat, for at most :data:`PLAYOUT_TURNS` turns after the one
    decided (a game cut off there is a draw). The ``k``-th simulation of every candidate
    draws from the same key (:data:`MCTS_PAIRED`, common random numbers as ``search-N``'s).
    It keeps ``adaptive``'s action unless the most visited beats it by more than
    :data:`MCTS_KEEP` standard errors (the family's ``keep``, as Man Home's).
    Why: the plain tree (every decision a node, the child of most visits, ties to the
    lowest action) won 0 of 160 4-player games against three ``adaptive`` at 16 and at 64
    simulations. With a few simulations most children tie, and the lowest action is the
    lowest space, so its piece drifted to the board's centre. With ties to ``adaptive``'s
    action it still won 19% (``mcts-16``) and 6% (``mcts-64``) of 2-player games: a game
    has dozens of decisions, the moves of a turn are nearly equal, and each pick of the
    luckiest one costs a little. The tree's deeper nodes made it worse, because they
    average in the mover's own untried moves. ``mcts-64`` as a bandit without a keep rule
    won 10% of 2-player games, and 37% with paired simulations. Keeping ``adaptive``'s
    choice unless beaten by 1 standard error won 16% of 4-player games; by 2 it won 24%.
    Measured with the kernel (standard rules, seed 29, 200 games a seat against
    ``adaptive`` in the other seats; per seat with 95% Wilson intervals; all seats with
    the paired interval; fair share 50% and 25%):

    ======= ============ ============================================ ===================
    players player       by seat 0, 1, ...                            all seats
    ======= ============ ============================================ ===================
    2       ``mcts-16``  62% [56, 69], 37% [31, 44]                   49.7% [46.0, 53.5]
    2       ``mcts-64``  66% [59, 72], 40% [33, 46]                   52.5% [48.5, 56.5]
    2       ``mcts-256`` 77% [71, 82], 50% [43, 57]                   63.5% [60.1, 66.9]
    4       ``mcts-16``  34% [28, 41], 26% [20, 32], 22% [17, 29],    24.4% [22.0, 26.7]
                         15% [11, 21]
    4       ``mcts-64``  34% [28, 41], 23% [18, 29], 22% [17, 29],    24.2% [21.7, 26.8]
                         18% [13, 23]
    4       ``mcts-256`` 40% [34, 47], 30% [24, 37], 24% [18, 30],    29.7% [27.2, 32.3]
                         25% [20, 31]
    ======= ============ ============================================ ===================

    ``mcts-16`` and ``mcts-64`` play as ``adaptive`` (the keep rule seldom lets a move
    through), and ``mcts-256`` is clearly stronger. A margin of ``isqrt(N)`` visits in
    place of the keep rule measured 53.7% and 66.7% (2 players, ``mcts-64`` and
    ``mcts-256``) and 29.0% and 30.0% (4 players) on the same keys.

**Ties** (issue 21: a choice, not an accident of the option list). ``random`` draws
uniformly among the listed options of a decision (rule 37's random player, as the spec
defines it; each option is a distinct target, piece, ring or end action). ``popsicle``,
``rainbow`` and ``adaptive`` break ties by the first option in canonical order (the lowest
action), as stated for each above; ``search-N`` keeps ``adaptive``'s candidate unless
another wins by its margin, then the first of the most winning; ``mcts-N`` takes the
root's most visited child, the lowest action among equals. The dice move every piece, so
no player can cycle positions at will: ``tests/test_no_loops.py`` finds no game of a
non-random player cut off at the turn limit under any variant.

**Cost.** A plan's cost for a holding ``h`` is ``w * need + extra``, ``w`` 8 for the
rainbow (:data:`NEED_WEIGHT`) and 12 for a popsicle (:data:`POPSICLE_WEIGHT`; with 8,
``adaptive`` chased popsicles it was slower to finish and won 28% rather than 29% of
4-player games against ``rainbow``):
``need`` the rings still to collect (a popsicle of colour c: ``6 - h[c]``, at least 0; a
rainbow: the colours missing), ``extra`` the rings to get rid of (all but six of colour c,
or all but one of each colour). A plan that cannot be completed because too few rings of a
colour are left outside the other pieces costs :data:`IMPOSSIBLE` more. A winning six costs 0.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import numpy as np

from solver.decision import RandomPlayer, play
from solver.dice import Stream
from solver.dice import game_streams
from solver.mcts import FAMILY as MCTS, MAX_BUDGET as MCTS_MAX_BUDGET, MctsPolicy
from solver.registry import Players, Search
from solver.sosooyoo.board import adjacency, board_flags, board_graph
from solver.sosooyoo.engine import END_DISCARD, END_SWAP, NCOL, RANDOM_BUMP, Decision, Game
from solver.sosooyoo.state import SoSooYooState
from solver.sosooyoo.exact import distance_table, walk_reach
from solver.sosooyoo.rules import WIN_RINGS, SoSooYooRules

POLICY_NAMES = ("random", "popsicle", "rainbow", "adaptive")
"""The fixed players, in the order of their kernel codes."""
SEARCH = "search"
SEARCH_ROLLOUT = "adaptive"
MAX_BUDGET = 1 << 12
PLAYOUT_TURNS = 200
"""A search playout stops after this many turns (unfinished: no win for anyone)."""
MCTS_DEPTH = 1
"""``mcts-N``'s tree is the root's children only (:class:`solver.mcts.MctsPolicy`'s
``max_depth``): every later decision of a simulation is ``adaptive``'s."""
MCTS_PAIRED = True
"""``mcts-N``'s simulations are paired (common random numbers): the k-th through each
candidate draws from the k-th key (:class:`solver.mcts.MctsPolicy`'s ``paired``)."""
MCTS_KEEP = 2
"""``mcts-N`` keeps ``adaptive``'s choice unless the search's beats it by more than this
many standard errors (:class:`solver.mcts.MctsPolicy`'s ``keep``, as Man Home's)."""
RAINBOW = NCOL
"""Plan number of the rainbow; plans 0..5 are the popsicles of each colour."""
NEED_WEIGHT = 8
POPSICLE_WEIGHT = 12
"""A ring a popsicle needs costs more than one a rainbow needs: the rainbow's rings lie on
the board together, a popsicle's come one at a time (each after the last is collected)."""
IMPOSSIBLE = 1000
FAR = 1 << 20
"""A distance larger than any on the board (no target)."""
RING_WORTH = 64
"""``adaptive``'s turn plan: a ring collected is worth this many moves of distance."""
CONTESTED = 2
"""``adaptive``'s turn plan: a ring within this many moves of an opponent who lacks its
colour counts as this many moves farther (the opponent may take it first)."""
TOUR_RINGS = 3
"""``adaptive``'s turn plan looks at orders of at most this many rings."""


@cache
def _tables(board_size: int, jumps: bool, warps: bool, prime_bubble: bool):
    flags = dict(board_size=board_size, jumps=jumps, warps=warps, prime_bubble=prime_bubble)
    dist = distance_table(board_graph(**flags))
    reach = walk_reach(adjacency(**flags))
    # padded by one so that spaces index them directly
    d = np.zeros((board_size + 1, board_size + 1), dtype=np.int64)
    d[1:, 1:] = dist
    k = np.zeros((reach.shape[0], board_size + 1, board_size + 1), dtype=bool)
    k[:, 1:, 1:] = reach
    return d, k


@cache
def _landing_values(board_size: int, jumps: bool, warps: bool, prime_bubble: bool,
                    say_error: float) -> np.ndarray:
    from solver.sosooyoo.board import move_table
    from solver.sosooyoo.exact import DIE, solve_turns

    flags = dict(board_size=board_size, jumps=jumps, warps=warps, prime_bubble=prime_bubble)
    solution = solve_turns(move_table(**flags), exact=True, say_error=say_error)
    q = solution.say_error
    # value[m, t, e]: turns after this one, landed on e with m moves left, ring on t
    value = np.zeros((DIE, board_size + 1, board_size + 1))
    for m in range(DIE):
        value[m, 1:, 1:] = q * solution.values + (1 - q) * solution.plans[m]
    value[0, np.arange(1, board_size + 1), np.arange(1, board_size + 1)] = 0.0
    return value


def landing_values(rules: SoSooYooRules) -> np.ndarray:
    """``value[m, t, e]``: the expected turns after the current one of a lone player who
    must collect the ring on t by exact count (RULES.md rule 17) and has just landed on e
    with m moves still to make, playing on as well as possible (0 when the landing
    collects it): :meth:`solver.sosooyoo.exact.TurnValues.move_value`, for every target,
    with the rules' ``say_error``."""
    return _landing_values(**board_flags(rules), say_error=float(rules.say_error))


def tables(rules: SoSooYooRules) -> tuple[np.ndarray, np.ndarray]:
    """``(dist, reach)`` indexed by spaces: fewest moves ``dist[a, b]`` and whether a walk
    of exactly k moves goes from a to b, ``reach[k, a, b]`` (k = 0..6)."""
    return _tables(**board_flags(rules))


# ------------------------------------------------------------------------ plans and costs


def cost(held: Sequence[Sequence[int]], seat: int, plan: int, rings_per_colour: int) -> int:
    """The cost of ``plan`` for ``seat`` given everybody's rings (module docstring).

    >>> cost([[6, 0, 0, 0, 0, 0]], 0, 0, 10), cost([[1] * 6], 0, RAINBOW, 10)
    (0, 0)
    >>> cost([[2, 1, 0, 0, 0, 0]], 0, 0, 10), cost([[2, 1, 0, 0, 0, 0]], 0, RAINBOW, 10)
    (49, 33)
    """
    h = held[seat]
    left = [rings_per_colour - sum(o[c] for o in held) for c in range(NCOL)]
    if plan == RAINBOW:
        missing = [c for c in range(NCOL) if h[c] == 0]
        need, extra = len(missing), sum(h) - (NCOL - len(missing))
        possible = all(left[c] >= 1 for c in missing)
    else:
        need, extra = max(0, WIN_RINGS - h[plan]), sum(h) - min(h[plan], WIN_RINGS)
        possible = left[plan] >= need
        return POPSICLE_WEIGHT * need + extra + (0 if possible else IMPOSSIBLE)
    return NEED_WEIGHT * need + extra + (0 if possible else IMPOSSIBLE)


def best_cost(held: Sequence[Sequence[int]], seat: int, rings_per_colour: int) -> int:
    return min(cost(held, seat, p, rings_per_colour) for p in range(NCOL + 1))


def wanted(game: Game, seat: int, plan: int) -> list[int]:
    """The colours ``plan`` still needs ``seat`` to collect."""
    h = game.held[seat]
    if plan == RAINBOW:
        return [c for c in range(NCOL) if h[c] == 0]
    return [plan] if h[plan] < WIN_RINGS else []


def target(game: Game, seat: int, plan: int, dist: np.ndarray) -> tuple[int, int]:
    """``(space, colour)`` of the nearest ring on the board that ``plan`` needs (the lowest
    colour among equals), or ``(0, -1)``."""
    here = game.pos[seat]
    best = (FAR, -1, 0)
    for c in wanted(game, seat, plan):
        space = game.ring_space[c]
        if space and (int(dist[here, space]), c) < best[:2]:
            best = (int(dist[here, space]), c, space)
    return best[2], best[1]


def nearest_piece(game: Game, seat: int, dist: np.ndarray) -> int:
    """The space of the nearest other piece (the lowest seat among equals)."""
    here = game.pos[seat]
    best = (FAR, 0)
    for other, space in enumerate(game.pos):
        if other != seat and int(dist[here, space]) < best[0]:
            best = (int(dist[here, space]), space)
    return best[1]


def best_plan(game: Game, seat: int, dist: np.ndarray) -> int:
    """The plan of least cost, then least distance to its target, then the rainbow (six
    rings lie on the board for it, one for a popsicle), then the lowest colour."""
    n = game.rules.rings_per_colour
    keys = []
    for order, plan in enumerate((RAINBOW, *range(NCOL))):
        space, _ = target(game, seat, plan, dist)
        d = int(dist[game.pos[seat], space]) if space else FAR
        keys.append((cost(game.held, seat, plan, n), d, order, plan))
    return min(keys)[3]


def _first_min(scores: Sequence) -> int:
    return min(range(len(scores)), key=lambda i: (scores[i], i))


def move_score(dist: np.ndarray, reach: np.ndarray, landing: int, goal: int, exact: bool,
               rest: int) -> int:
    """How far a landing leaves the mover from ``goal`` with ``rest`` moves still to make:
    the distance, or by exact count 0 when a walk of exactly ``rest`` moves ends there."""
    if exact:
        if landing == goal and rest == 0:
            return 0
        if rest and reach[rest, landing, goal]:
            return 0
        return 1 + int(dist[landing, goal])
    return int(dist[landing, goal])


def tour(dist: np.ndarray, spaces: Sequence[int], extra: Sequence[int], used: int,
         start: int, r: int, depth: int) -> int:
    """The least score of a turn's rest: from ``start`` with ``r`` moves to make, collect
    rings on ``spaces`` (the indices not in the bit set ``used``), at most ``depth`` of
    them, in the best order. Each ring collected scores −:data:`RING_WORTH`; the turn's
    end scores the distance still left to the nearest ring not collected (plus its
    ``extra``), after spending the remaining moves towards it (0 if they reach it).

    Two rings 2 and 3 moves from here, 4 moves apart: with 3 moves one is collected (the
    nearer, leaving 4 − 1 = 3 moves to the other; the farther leaves 4), with 6 both.

    >>> d = np.array([[0, 2, 3], [2, 0, 4], [3, 4, 0]])
    >>> tour(d, [1, 2], [0, 0], 0, 0, 3, 3), tour(d, [1, 2], [0, 0], 0, 0, 6, 3)
    (-61, -128)
    """
    left = [i for i in range(len(spaces)) if not (used >> i) & 1]
    near = min((int(dist[start, spaces[i]]) + extra[i] for i in left), default=FAR)
    best = 0 if near == FAR or near <= r else near - r
    if depth == 0:
        return best
    for i in left:
        d = int(dist[start, spaces[i]])
        if d <= r:
            best = min(best, -RING_WORTH + tour(dist, spaces, extra, used | (1 << i),
                                                spaces[i], r - d, depth - 1))
    return best


def contested(game: Game, seat: int, dist: np.ndarray) -> list[int]:
    """Per colour: :data:`CONTESTED` if an opponent whose best plan needs that colour
    stands within :data:`CONTESTED` moves of its ring (it may take the ring first), else 0."""
    extra = [0] * NCOL
    for other in range(game.rules.players):
        if other == seat:
            continue
        needs = wanted(game, other, best_plan(game, other, dist))
        for c in needs:
            space = game.ring_space[c]
            if space and int(dist[game.pos[other], space]) <= CONTESTED:
                extra[c] = CONTESTED
    return extra


def tour_score(game: Game, seat: int, plan: int, landing: int, rest: int,
               dist: np.ndarray, against: Sequence[int]) -> int:
    """``adaptive``'s worth of a move (lower is better): the rings ``plan`` needs that it
    collects on ``landing`` and then on the best :func:`tour` of the ``rest`` moves, each
    ring counting ``against[colour]`` moves farther (:func:`contested`)."""
    spaces, extra, gained = [], [], 0
    needs = wanted(game, seat, plan)
    for c in needs:
        space = game.ring_space[c]
        if not space:
            continue
        if space == landing:
            gained += 1
            continue
        spaces.append(space)
        extra.append(against[c])
    return -RING_WORTH * gained + tour(dist, spaces, extra, 0, landing, rest, TOUR_RINGS)


def after_end_all(game: Game, seat: int, action: int) -> list[list[int]]:
    """Everybody's rings after ``seat``'s end action."""
    held = [list(h) for h in game.held]
    if END_SWAP <= action < END_DISCARD:
        j = action - END_SWAP
        held[seat][j] -= 1
        held[j][j] += 1
        held[j][seat] -= 1
        held[seat][seat] += 1
    elif action >= END_DISCARD:
        held[seat][action - END_DISCARD] -= 1
    return held


def without(game: Game, seat: int, colour: int) -> list[list[int]]:
    held = [list(h) for h in game.held]
    held[seat][colour] -= 1
    return held


# ------------------------------------------------------------------------------ players


class PlannerPolicy:
    """``popsicle`` (plan: its own colour), ``rainbow`` and ``adaptive`` (module docstring)."""

    def __init__(self, name: str, rules: SoSooYooRules) -> None:
        self.name = name
        self.dist, self.reach = tables(rules)
        self.adaptive = name == "adaptive"
        self.landing = landing_values(rules) if self.adaptive else None

    def plan(self, game: Game, seat: int) -> int:
        if self.name == "popsicle":
            return seat
        if self.name == "rainbow":
            return RAINBOW
        return best_plan(game, seat, self.dist)

    def my_cost(self, held, game: Game, seat: int) -> int:
        n = game.rules.rings_per_colour
        if self.adaptive:
            return best_cost(held, seat, n)
        return cost(held, seat, self.plan(game, seat), n)

    def choose(self, state: SoSooYooState, choices: Stream) -> int:
        """The chosen action (draws nothing from ``choices``)."""
        node = state.node
        return state.legal_actions()[self.pick(state.game, node.chooser, node.kind,
                                               node.subject, node.options)]

    def pick(self, game: Game, seat: int, decision: int, subject: int,
             options: Sequence[int]) -> int:
        """The index of the chosen option among the engine's ``options`` (canonical
        order) at ``seat``'s decision about ``subject``."""
        n = game.rules.rings_per_colour
        if decision == Decision.MOVE:
            plan = self.plan(game, seat)
            goal, colour = target(game, seat, plan, self.dist)
            exact = False
            if goal:
                exact = game.rules.exact_count and game.completes_win(seat, colour)
            else:
                goal = nearest_piece(game, seat, self.dist)
            rest = game.moves_left - 1
            if self.adaptive and exact:
                return _first_min([float(self.landing[rest, goal, e]) for e in options])
            if self.adaptive and colour >= 0:
                against = contested(game, seat, self.dist)
                return _first_min([tour_score(game, seat, plan, e, rest, self.dist, against)
                                   for e in options])
            return _first_min([move_score(self.dist, self.reach, e, goal, exact, rest)
                               for e in options])
        if decision == Decision.BUMP_TO:
            if self.adaptive:
                away, _ = target(game, subject, best_plan(game, subject, self.dist), self.dist)
            else:
                away, _ = target(game, seat, self.plan(game, seat), self.dist)
            if not away:
                return 0 if options[0] != RANDOM_BUMP else len(options) - 1
            return _first_min([-int(self.dist[e, away]) if e != RANDOM_BUMP else 1
                               for e in options])
        if decision in (Decision.TAKE_RING, Decision.LOSE_RING):
            if self.adaptive:
                return _first_min([-best_cost(without(game, subject, c), subject, n)
                                   for c in options])
            return _first_min([-game.held[subject][c] for c in options])
        if decision == Decision.DISCARD:
            return _first_min([self.my_cost(without(game, seat, c), game, seat) for c in options])
        # END
        scores = []
        leader = self.leader(game, seat) if self.adaptive else -1
        for action in options:
            held = after_end_all(game, seat, action)
            mine = self.my_cost(held, game, seat)
            hurt = -best_cost(held, leader, n) if leader >= 0 else 0
            scores.append((mine, hurt))
        return _first_min(scores)

    @staticmethod
    def leader(game: Game, seat: int) -> int:
        """The opponent with the lowest cost (the lowest seat among equals)."""
        n = game.rules.rings_per_colour
        others = [s for s in range(game.rules.players) if s != seat]
        return min(others, key=lambda s: (best_cost(game.held, s, n), s))


class SearchPolicy:
    """``search-N``: flat Monte Carlo over moves and end actions (module docstring)."""

    def __init__(self, budget: int, rules: SoSooYooRules) -> None:
        self.name = f"{SEARCH}-{budget}"
        self.budget = budget
        self.margin = max(1, math.isqrt(budget))
        self.rollout = PlannerPolicy(SEARCH_ROLLOUT, rules)

    def choose(self, state: SoSooYooState, choices: Stream) -> int:
        node = state.node
        actions = state.legal_actions()
        default = self.rollout.pick(state.game, node.chooser, node.kind, node.subject,
                                    node.options)
        if node.kind not in (Decision.MOVE, Decision.END):
            return actions[default]
        stream = Stream(choices.word())
        keys = [stream.word() for _ in range(self.budget)]
        players = [self.rollout] * state.num_players
        # the playouts end PLAYOUT_TURNS turns after the one being decided
        limit = min(state.limit, state.game.turns + 1 + PLAYOUT_TURNS)
        wins = []
        for action in actions:
            start = state.child(action)
            start.limit = limit
            won = 0
            for key in keys:
                twin = play(start.clone(), players, key)
                won += twin.game.winner == node.chooser
            wins.append(won)
        best = default
        for i, won in enumerate(wins):
            if wins[i] > wins[default] + self.margin and wins[i] > wins[best]:
                best = i
        return actions[best]


def mcts_start(state: SoSooYooState, key: int):
    """``mcts-N``'s simulation of ``key`` (:mod:`solver.mcts`): a copy of the state that
    ends at most :data:`PLAYOUT_TURNS` turns after this one (as ``search-N``'s playouts), and
    the streams of ``key``."""
    twin = state.clone()
    twin.limit = min(twin.limit, state.game.turns + 1 + PLAYOUT_TURNS)
    dice, choices = game_streams(key)
    return twin, dice, choices


def mcts_candidates(state: SoSooYooState, rollout: "PlannerPolicy") -> list[int]:
    """``mcts-N``'s actions at a decision: every legal action, ``adaptive``'s first (it
    draws nothing), then the others ascending — so a budget below the number of actions
    still weighs the heuristic's choice."""
    actions = state.legal_actions()
    if len(actions) < 2:
        return actions
    first = rollout.choose(state, Stream(0))
    return [first] + [a for a in actions if a != first]


def make_policy(name: str, rules: SoSooYooRules):
    """The player called ``name``: ``choose(state, stream) -> action``."""
    family, budget = PLAYERS.parse(name)
    if family == SEARCH:
        return SearchPolicy(budget, rules)
    if family == MCTS:
        rollout = PlannerPolicy(SEARCH_ROLLOUT, rules)
        return MctsPolicy(budget, rollout, mcts_start,
                          lambda state: mcts_candidates(state, rollout), keep=MCTS_KEEP,
                          max_depth=MCTS_DEPTH, paired=MCTS_PAIRED)
    if name == "random":
        return RandomPlayer()
    return PlannerPolicy(name, rules)


def prepare(rules: SoSooYooRules, policies) -> None:
    """Build the board's distance and walk tables and ``adaptive``'s exact-count values
    now (so that workers inherit them)."""
    if any(p != "random" for p in policies):
        tables(rules)
        landing_values(rules)


PLAYERS = Players(
    fixed=POLICY_NAMES, default="adaptive", ladder=("random", "popsicle", "rainbow", "adaptive"),
    search=(Search(SEARCH, base=SEARCH_ROLLOUT, budgets=(2, 4, 8), max_budget=MAX_BUDGET,
                   doc="flat Monte Carlo over moves and end-of-turn actions: N adaptive "
                       "playouts per candidate"),
            Search(MCTS, base=SEARCH_ROLLOUT, budgets=(16, 64, 256), max_budget=MCTS_MAX_BUDGET,
                   doc="open-loop UCT: N simulations a decision, adaptive playouts of at "
                       f"most {PLAYOUT_TURNS} turns",
                   versus_note="games of searching players do not end: each blocks whoever "
                               "comes near winning, and one game of mcts-64 against three "
                               "MCTSBot players at 64 simulations was cut off at a 300-turn "
                               "limit after 132 s (adaptive ends a game in 16 turns), so a "
                               "match would measure the turn limit, not strength")),
    prepare=prepare, luck_baseline="popsicle",
    luck_note="`random` discards its rings at random and never wins (RULES.md rule 37), so "
              "beating it says nothing about how much the dice decide")
"""So-Soo-Yoo's players: names, parser, preparation, the skill ladder."""
