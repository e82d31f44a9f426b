"""So-Soo-Yoo players.

Every player is one signature, ``choose(state, stream) -> action``
(:class:`numbergames.solver.decision.Player`): ``state`` is a :class:`numbergames.solver.sosooyoo.state.SoSooYooState`
at a decision node, whose legal actions list the engine's options
(:class:`numbergames.solver.sosooyoo.engine.Decision`) in canonical order. All the players below but
``random`` are deterministic, work in integers and break ties by the first option, so
that a kernel can make the same choices; they read the engine's position
(``state.game``) and options (``state.node``).

``random``
    Uniform over the legal actions of every decision, one ``choose(n)`` of the choice
    stream per decision with two or more options (RULES.md rule 37):
    :class:`numbergames.solver.decision.RandomPlayer`.
``popsicle``
    Goes for six rings of its own colour (which nobody can swap away). Each move it heads
    for its *target*, the ring of its colour on the board, planned with the board's exact
    tables (:mod:`numbergames.solver.sosooyoo.exact`): with moves to spare it takes the target whose
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
    :mod:`numbergames.solver.sosooyoo.exact`); otherwise it scores each landing by :func:`tour_score`
    — the rings it collects there and on the best order of up to :data:`TOUR_RINGS` more
    within the moves left, then how near the turn ends to the next ring it needs, a ring an
    opponent stands near counting :data:`CONTESTED` moves farther. It bumps a piece to the space
    farthest from *that* piece's own target, takes off the ring whose loss raises its owner's
    cost most, and at the end of a turn takes the action that lowers its own cost most, and
    among equals the one that raises the leader's (the opponent with the lowest cost).
    It wins more than its fair share against ``rainbow`` (29% of 4-player games, fair share
    25%) and ``popsicle`` (45%), but not by much: the race is short (some four turns each)
    and the dice decide most of it (experiments/sosooyoo-players/FINDINGS.md).
``search-N``
    Flat Monte Carlo at its moves and at the end of its turn: for each candidate (each
    target of the move, or each end action, in canonical order) it plays ``N`` playouts
    with ``adaptive`` in every seat, for at most :data:`PLAYOUT_TURNS` turns. It keeps the
    candidate ``adaptive`` would choose unless another won more than √N (rounded down, at
    least 1) more of its playouts than that one (then the one that won most, the first
    among equals): with a dozen candidates and a few playouts each, the most winning
    candidate is mostly the luckiest, so taking it lost to ``adaptive``
    (experiments/sosooyoo-players/FINDINGS.md). A move's playout makes
    the candidate move and the rest of the turn as ``adaptive`` would (drawing on the
    playout's dice), an end action's playout starts with it. Bumps and the rings a bump
    takes it decides as ``adaptive``. The skill ladder climbs 2, 4, 8; larger budgets can
    be asked for by name. The ``N``
    playouts share their keys across candidates (common random numbers): one word of the
    game's choice stream starts a SplitMix64 stream whose next ``N`` words are the keys, and
    playout ``j`` of every candidate draws from the dice and choice streams of key ``j``.
``mcts-N``
    The family every game has (:mod:`numbergames.solver.mcts`: ``N`` simulations a decision, each a
    candidate action and then its rollout player's playout), searched here as this game
    needs: a one-decision-deep bandit, not a tree (:class:`HalvingPolicy`; the kernel's
    ``halving``). At every decision of two or more actions (moves, bumps, rings taken and
    lost, discards, end actions):

    * **Candidates** (:func:`search_candidates`): the legal actions by ``adaptive``'s own
      score of each (:func:`adaptive_scores`), the ascending order among equals, so
      ``adaptive``'s choice is candidate 0. At most ``N // MCTS_WIDTH`` (at least 2) are
      weighed: each gets simulations in the first round, and the rest are ``adaptive``'s
      worst.
    * **Simulations**: the ``N`` keys are drawn first (one word of the choice stream
      starts a SplitMix64 stream, as ``search-N``'s); a simulation makes the candidate and
      then ``adaptive`` plays every seat for at most :data:`PLAYOUT_TURNS` turns after the
      one decided (a game cut off there is a draw). The ``j``-th simulation of every
      candidate plays from key ``j`` (paired), and rolls each turn's moves die from the
      turn's own stream (:func:`turn_dice`), so two candidates' playouts roll the same
      moves on the same turns even when one placed more rings (more placement rolls) than
      the other in between.
    * **Sequential halving**: ``ceil(log2(width))`` rounds; in each, the remaining budget
      is split evenly among the rounds left and the candidates alive (at least one
      simulation each; a round that does not fit is not played), all on the same next
      keys; then the better half by summed return stays (at least 2; the earlier among
      equals), candidate 0 always (it replaces the last kept).
    * **The choice**: the alive candidate of the highest sum (the earliest among equals)
      if it is not ``adaptive``'s and its paired mean difference over the ``k`` common
      keys beats ``adaptive``'s by more than :data:`MCTS_Z` standard errors
      (``mean > MCTS_Z * sqrt(var / k)``, ``var`` the differences' sample variance) with
      ``k >= MCTS_MIN_KEYS``; else ``adaptive``'s. So ``mcts-4`` plays as ``adaptive``.

    Why. The family's open-loop UCT (every decision a node, the most visited child, ties to
    the lowest action) won 0 of 160 4-player games against three ``adaptive``: most
    children tie with few simulations, and the lowest action is the lowest space. A UCB1
    bandit spreads a few simulations over a dozen near-equal moves, and an unpaired keep
    rule followed the luck of one playout; halving, the paired test (a loose one follows
    luck, a strict one plays ``adaptive``), ``turn_dice`` (it lowers the variance of a
    paired difference) and the first round's width were each chosen among the forms
    measured on the same keys. So made,
    ``mcts-256`` wins 33.2% of 4-player games against three ``adaptive`` (fair share 25%).
    Every form measured, the ladder's matches, the cost and the games against OpenSpiel's
    ``MCTSBot``: experiments/sosooyoo-players/FINDINGS.md; reports/sosooyoo/skill/report.md.

**Ties** (issue 21: a choice, not an accident of the option list). ``random`` draws
uniformly among the listed options of a decision (rule 37's random player, as the spec
defines it; each option is a distinct target, piece, ring or end action). ``popsicle``,
``rainbow`` and ``adaptive`` break ties by the first option in canonical order (the lowest
action), as stated for each above; ``search-N`` keeps ``adaptive``'s candidate unless
another wins by its margin, then the first of the most winning; ``mcts-N`` orders its
candidates by ``adaptive``'s score (the lower action among equal scores), halves them by
summed return (the earlier among equal sums) and keeps ``adaptive``'s choice unless the
best beats it by its test. The dice move every piece, so
no player can cycle positions at will: ``tests/test_no_loops.py`` finds no game of a
non-random player cut off at the turn limit under any variant.

**Cost.** A plan's cost for a holding ``h`` is ``w * need + extra``, ``w`` 8 for the
rainbow (:data:`NEED_WEIGHT`) and 12 for a popsicle (:data:`POPSICLE_WEIGHT`; with 8,
``adaptive`` chased popsicles it was slower to finish and won less often:
experiments/sosooyoo-players/FINDINGS.md):
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

from numbergames.solver.decision import CHANCE, TERMINAL, RandomPlayer, play
from numbergames.solver.dice import MASK64, Stream
from numbergames.solver.dice import game_streams
from numbergames.solver.mcts import FAMILY as MCTS, MAX_BUDGET as MCTS_MAX_BUDGET
from numbergames.solver.registry import Players, Search
from numbergames.solver.sosooyoo.board import adjacency, board_flags, board_graph
from numbergames.solver.sosooyoo.engine import (END_DISCARD, END_SWAP, NCOL, RANDOM_BUMP, Chance, Decision,
                                    Game)
from numbergames.solver.sosooyoo.state import SoSooYooState
from numbergames.solver.sosooyoo.exact import distance_table, walk_reach
from numbergames.solver.sosooyoo.rules import WIN_RINGS, SoSooYooRules

POLICY_NAMES = ("random", "popsicle", "rainbow", "adaptive")
"""The fixed players, in the order of their kernel codes."""
SEARCH = "search"
SEARCH_ROLLOUT = "adaptive"
MAX_BUDGET = 1 << 12
PLAYOUT_TURNS = 200
"""A search playout stops after this many turns (unfinished: no win for anyone)."""
MCTS_WIDTH = 4
"""``mcts-N`` weighs at most ``N // MCTS_WIDTH`` candidates (at least 2), the first in
:func:`search_candidates`' order: each gets some simulations in the first round."""
MCTS_Z_TENTHS = 20
MCTS_Z = MCTS_Z_TENTHS / 10
"""``mcts-N`` takes the best candidate over ``adaptive``'s only when its paired mean return
beats that one's by more than this many standard errors of the difference."""
MCTS_MIN_KEYS = 4
"""... and only when each was simulated on at least this many common keys."""
TURN_MIX = 0xA24BAED4963EE407
"""A playout's turn ``t`` rolls its moves die from the stream of one SplitMix64 word of
``turn_key ^ (t * TURN_MIX mod 2**64)`` (:func:`turn_dice`)."""
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
    from numbergames.solver.sosooyoo.board import move_table
    from numbergames.solver.sosooyoo.exact import DIE, solve_turns

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
    collects it): :meth:`numbergames.solver.sosooyoo.exact.TurnValues.move_value`, for every target,
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


def adaptive_scores(planner: PlannerPolicy, game: Game, seat: int, decision: int,
                    subject: int, options: Sequence[int]) -> list:
    """``adaptive``'s score of every option (lower is better; its choice is the first
    least): the keys :meth:`PlannerPolicy.pick` compares, a number each (the end of a turn:
    ``4096 * mine + hurt``, the same order as the pair)."""
    n = game.rules.rings_per_colour
    dist = planner.dist
    if decision == Decision.MOVE:
        plan = best_plan(game, seat, dist)
        goal, colour = target(game, seat, plan, dist)
        exact = False
        if goal:
            exact = game.rules.exact_count and game.completes_win(seat, colour)
        else:
            goal = nearest_piece(game, seat, dist)
        rest = game.moves_left - 1
        if exact:
            return [float(planner.landing[rest, goal, e]) for e in options]
        if colour >= 0:
            against = contested(game, seat, dist)
            return [tour_score(game, seat, plan, e, rest, dist, against) for e in options]
        return [move_score(dist, planner.reach, e, goal, exact, rest) for e in options]
    if decision == Decision.BUMP_TO:
        away, _ = target(game, subject, best_plan(game, subject, dist), dist)
        if not away:
            pick = 0 if options[0] != RANDOM_BUMP else len(options) - 1
            return [0 if i == pick else 1 for i in range(len(options))]
        return [-int(dist[e, away]) if e != RANDOM_BUMP else 1 for e in options]
    if decision in (Decision.TAKE_RING, Decision.LOSE_RING):
        return [-best_cost(without(game, subject, c), subject, n) for c in options]
    if decision == Decision.DISCARD:
        return [best_cost(without(game, seat, c), seat, n) for c in options]
    leader = planner.leader(game, seat)
    scores = []
    for action in options:
        held = after_end_all(game, seat, action)
        scores.append(4096 * best_cost(held, seat, n) - best_cost(held, leader, n))
    return scores


def search_candidates(state: SoSooYooState, planner: PlannerPolicy) -> list[int]:
    """``mcts-N``'s candidates at a decision: the legal actions by ``adaptive``'s score
    (:func:`adaptive_scores`), the ascending order among equals — so ``adaptive``'s own
    choice comes first."""
    actions = state.legal_actions()
    if len(actions) < 2:
        return actions
    node = state.node
    scores = adaptive_scores(planner, state.game, node.chooser, node.kind, node.subject,
                             node.options)
    return [actions[i] for i in sorted(range(len(actions)), key=lambda i: scores[i])]


def turn_dice(turn_key: int, turn: int) -> int:
    """The dice stream's state from which a playout rolls turn ``turn``'s moves die
    (:data:`TURN_MIX`)."""
    return Stream(turn_key ^ ((turn * TURN_MIX) & MASK64)).word()


def playout(state: SoSooYooState, player, dice: Stream, choices: Stream,
            turn_key: int) -> None:
    """Play ``state`` to its end with ``player`` in every seat (an ``mcts-N`` simulation):
    each turn's moves die from :func:`turn_dice` of ``turn_key``, every other roll from
    ``dice``, so that the playouts of two candidates on one key roll the same moves on the
    same turns however many rings they placed in between."""
    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            if state.node.kind == Chance.MOVES:
                dice.state = turn_dice(turn_key, state.game.turns)
            action = state.draw_chance(dice)
        else:
            actions = state.legal_actions()
            action = actions[0] if len(actions) == 1 else player.choose(state, choices)
        state.apply_action(action)


class HalvingPolicy:
    """``mcts-N``: sequential halving over the candidates with paired playouts (module
    docstring)."""

    def __init__(self, budget: int, rules: SoSooYooRules) -> None:
        if not 1 <= budget <= MCTS_MAX_BUDGET:
            raise ValueError(f"mcts budget must be 1..{MCTS_MAX_BUDGET}, not {budget}")
        self.name = f"{MCTS}-{budget}"
        self.budget = budget
        self.rollout = PlannerPolicy(SEARCH_ROLLOUT, rules)

    def simulate(self, state: SoSooYooState, action: int, key: int) -> float:
        """The return of ``state``'s chooser when it makes ``action`` and ``adaptive`` plays
        every seat from the streams of ``key``, at most :data:`PLAYOUT_TURNS` turns after
        this one (a game cut off there is a draw)."""
        twin = state.clone()
        twin.limit = min(twin.limit, state.game.turns + 1 + PLAYOUT_TURNS)
        dice, choices = game_streams(key)
        twin.apply_action(action)
        playout(twin, self.rollout, dice, choices, key | 1)
        return twin.returns()[state.node.chooser]

    def choose(self, state: SoSooYooState, choices: Stream) -> int:
        if state.current_player() == TERMINAL:
            raise ValueError(f"{self.name} has no legal action to search: the game is over")
        actions = search_candidates(state, self.rollout)
        if len(actions) < 2:
            return actions[0]
        budget = self.budget
        stream = Stream(choices.word())
        keys = [stream.word() for _ in range(budget)]
        width = min(len(actions), max(2, budget // MCTS_WIDTH))
        rounds = (width - 1).bit_length()
        alive = list(range(width))
        sums = [0.0] * width
        results: list[list[float]] = [[] for _ in range(width)]
        used = k = 0
        for r in range(rounds):
            m = len(alive)
            per = max(1, (budget - used) // (m * (rounds - r)))
            if used + per * m > budget:
                break
            for i in alive:
                for j in range(k, k + per):
                    value = self.simulate(state, actions[i], keys[j])
                    results[i].append(value)
                    sums[i] += value
            used += per * m
            k += per
            if m > 2:          # the better half by sum (the earlier among equals), 0 kept
                order = sorted(alive, key=lambda i: -sums[i])
                kept = order[:max(2, (m + 1) // 2)]
                if 0 not in kept:
                    kept[-1] = 0
                alive = sorted(kept)
        best = 0
        for i in alive:
            if sums[i] > sums[best]:
                best = i
        if best == 0 or k < MCTS_MIN_KEYS:
            return actions[0]
        mean = 0.0
        for j in range(k):
            mean += results[best][j] - results[0][j]
        mean /= k
        var = 0.0
        for j in range(k):
            d = results[best][j] - results[0][j] - mean
            var += d * d
        var /= k - 1
        return actions[best] if mean > MCTS_Z * math.sqrt(var / k) else actions[0]


def make_policy(name: str, rules: SoSooYooRules):
    """The player called ``name``: ``choose(state, stream) -> action``."""
    family, budget = PLAYERS.parse(name)
    if family == SEARCH:
        return SearchPolicy(budget, rules)
    if family == MCTS:
        return HalvingPolicy(budget, rules)
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
                   doc="sequential halving over adaptive's candidates: N paired simulations "
                       f"a decision, adaptive playouts of at most {PLAYOUT_TURNS} turns, "
                       "adaptive's choice kept unless beaten by 2 standard errors",
                   versus_budget=32)),
    prepare=prepare, luck_baseline="popsicle")
"""So-Soo-Yoo's players: names, parser, preparation, the skill ladder."""
