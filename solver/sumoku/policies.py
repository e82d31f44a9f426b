"""Sumoku main-game players.

Every player is one signature, ``choose(state, stream) -> action``
(:class:`numbergames.solver.decision.Player`), asked at a decision node of
:class:`numbergames.solver.sumoku.state.SumokuState` with two or more legal plays; the action is the
index into the canonical list of plays (:func:`numbergames.solver.sumoku.moves.legal_plays`,
``state.plays()``). All the players but ``random`` are deterministic, work in integers and
take the first of equal plays, so that a kernel can make the same choices.

``random``
    Uniform over the legal plays: one ``choose(n)`` of the choice stream per decision
    (:class:`numbergames.solver.decision.RandomPlayer`).
``greedy``
    The highest score now.
``lookahead``
    Hands lie face up (rule 9), so a player sees what the next player holds. Among its
    :data:`LOOKAHEAD_WIDTH` highest-scoring plays (ties in canonical order) it takes the
    one with the best score now minus the best score the next player could make at once on
    the board it leaves, with the hand that player holds now (refills and bonus plays
    unseen); among equals the first.
``search-N``
    Flat Monte Carlo over the same :data:`LOOKAHEAD_WIDTH` highest-scoring plays: for each
    it plays ``N`` playouts of one round (the rest of its turn, then one turn of every other
    player, all ``greedy``; hands lie face up, so a playout shuffles only the bag) and takes
    the play whose playouts end with the best total of its score minus the best other
    score (a playout that reaches the end counts the hand penalty); among equals the one
    first in that list. The ``N`` playouts share their bags across candidates (common
    random numbers): one word of the game's choice stream starts a SplitMix64 stream whose
    next ``N`` words are the playouts' keys, each the dice stream that shuffles its bag.

``mcts-N``
    A bandit over one decision with ``N`` simulations (:mod:`numbergames.solver.mcts`, the family every
    game shares, with ``max_depth`` 1 and ``paired`` simulations). Its candidates are the
    :data:`MCTS_WIDTH` highest-scoring plays in ``lookahead``'s order (the score minus the
    next player's best score at once; :func:`mcts_candidates`). The k-th simulation of
    every candidate shuffles the bag left by the k-th key (common random numbers; hands lie
    face up, only the bag's order is unknown), makes the play and lets ``greedy`` play on
    until :data:`MCTS_TURNS` turns from the decision have been played (:class:`Simulation`);
    its return to a seat is the seat's score margin over the best other seat, squashed by
    a logistic of :data:`MCTS_SCALE` points (:func:`margin_value`) — a signal for the
    search only: the game's result is still the win share. UCB1 explores with
    :data:`MCTS_EXPLORATION` (the family's 1.4 is for returns of 0 or 1). The choice is the
    most visited candidate, the first in that order among equals: up to ``N`` =
    :data:`MCTS_WIDTH` every candidate tried gets one simulation, so ``mcts-16`` (and any
    smaller budget) takes the first candidate — ``lookahead`` over sixteen plays.

    Why so: each of those choices — the squashed margin as the return, the candidates in
    ``lookahead``'s order, playouts cut off after four turns, a paired bandit over the root
    rather than a tree, sixteen candidates, UCB1's constant — scored better against
    ``lookahead`` or at less cost than the form before it (experiments/sumoku-players/FINDINGS.md).
    A simulation's noise is the tiles still to be drawn: the shorter the playout, the more
    its margin says about the play; four turns see the refill of the player's own next turn
    and the replies to it.

**Ties** (issue 21: a choice, not an accident of the play list). The canonical list holds
each placement once (a hand's repeated tiles are one kind:
:func:`numbergames.solver.sumoku.moves.legal_plays`), so ``random`` draws uniformly among distinct
plays; ``greedy``, ``lookahead`` and ``search-N`` take the first of equal plays in
canonical order (the lowest action), and ``mcts-N`` the most visited candidate, the first
in ``lookahead``'s order among equals (equal values of that order: the lowest action). A play puts tiles down for good, so no player can repeat a
position: ``tests/test_no_loops.py`` finds no loop.

**Strength.** ``mcts-256`` takes 89.6% of the points against ``lookahead`` (2 players),
and the ladder's climb flattens by 256 simulations: sixteen candidates and a four-turn
horizon are what the search can learn, and what is left is the horizon's own error, which
more simulations do not shrink. Every match (and against OpenSpiel's ``MCTSBot``):
experiments/sumoku-players/FINDINGS.md; the skill ladder: reports/sumoku/skill/report.md.

``search-N``'s budget buys nothing: within one round no refill reaches a hand before the
round ends (hands refill at the end of a turn), so the ``N`` playouts of a candidate are
the same game and ``search-1``, ``-2`` and ``-8`` play the same moves
(experiments/sumoku-players/FINDINGS.md). It stays a player — a one-round lookahead — but
off the skill ladder (``budgets=()``); ``mcts-N``, whose simulations run four turns (past
the refill of the player's next turn, so that the bag's order matters), is the search that
climbs it.
"""
from __future__ import annotations

import math

from numbergames.solver.decision import TERMINAL, RandomPlayer
from numbergames.solver.dice import CHOICE_SALT, Stream
from numbergames.solver.mcts import FAMILY as MCTS, MAX_BUDGET as MCTS_MAX_BUDGET, MctsPolicy
from numbergames.solver.registry import Players, Search
from numbergames.solver.sumoku.board import Board
from numbergames.solver.sumoku.moves import Play, legal_plays
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import PLAY, SumokuState

POLICY_NAMES = ("random", "greedy", "lookahead")
"""The fixed players, in the order of their kernel codes."""
SEARCH = "search"
SEARCH_ROLLOUT = "greedy"
"""The player of every seat in a search's playouts."""
MAX_BUDGET = 1 << 10
LOOKAHEAD_WIDTH = 6
"""``lookahead``: how many of the highest-scoring plays it looks beyond."""
MCTS_WIDTH = 16
"""``mcts-N``: how many of the highest-scoring plays it searches (its candidates)."""
MCTS_TURNS = 4
"""``mcts-N``: a simulation ends after this many turns from the search's decision."""
MCTS_SCALE = 60
"""``mcts-N``: the score margin (points) a simulation's return squashes by (:func:`margin_value`)."""
MCTS_EXPLORATION_PERMILLE = 250
MCTS_EXPLORATION = MCTS_EXPLORATION_PERMILLE / 1000
"""``mcts-N``: UCB1's exploration constant (:class:`numbergames.solver.mcts.MctsPolicy`'s ``exploration``;
the family's default is 1.4, made for returns of 0 or 1)."""


def _first_max(values: list[int]) -> int:
    return max(range(len(values)), key=lambda i: (values[i], -i))


class GreedyPolicy:
    name = "greedy"

    def choose(self, state: SumokuState, choices: Stream) -> int:
        return _first_max([p.score for p in state.plays()])


def top_plays(plays: list[Play], width: int) -> list[int]:
    """The indices of the ``width`` highest-scoring plays, best first (ties: canonical
    order).

    >>> top_plays([Play((), 5, False), Play((), 9, False), Play((), 5, False)], 2)
    [1, 0]
    """
    return sorted(range(len(plays)), key=lambda i: (-plays[i].score, i))[:width]


def reply_score(state: SumokuState, seat: int, play: Play) -> int:
    """The best score the next player could make at once after ``play`` (0 if none): the
    next seat other than ``seat`` to play (under the snake order, after ``seat``'s turn to
    come, if it plays twice in a row)."""
    board = Board(dict(state.board.cells))
    board.place(play.tiles)
    nxt = state.rules.next_opponent(seat, state.turns)
    replies = legal_plays(board, state.hand_kinds(nxt), state.key, state.rules)
    return max((p.score for p in replies), default=0)


class LookaheadPolicy:
    name = "lookahead"

    def choose(self, state: SumokuState, choices: Stream) -> int:
        plays, seat = state.plays(), state.current_player()
        best, chosen = None, 0
        for i in top_plays(plays, LOOKAHEAD_WIDTH):
            value = plays[i].score - reply_score(state, seat, plays[i])
            if best is None or value > best or (value == best and i < chosen):
                best, chosen = value, i
        return chosen


class SearchPolicy:
    """``search-N``: flat Monte Carlo over the best few plays (module docstring)."""

    def __init__(self, budget: int) -> None:
        self.name = f"{SEARCH}-{budget}"
        self.budget = budget

    def choose(self, state: SumokuState, choices: Stream) -> int:
        plays, seat = state.plays(), state.current_player()
        players = state.rules.players
        stream = Stream(choices.word())
        keys = [stream.word() for _ in range(self.budget)]
        best, chosen = None, 0
        for i in top_plays(plays, LOOKAHEAD_WIDTH):
            total = 0
            for key in keys:
                total += _playout(state, i, Stream(key), seat, state.turns + players)
            if best is None or total > best:
                best, chosen = total, i
        return chosen


def _playout(state: SumokuState, action: int, dice: Stream, seat: int, stop: int) -> int:
    """One playout of ``search-N``: ``action``, then ``greedy`` for every seat (the bag
    shuffled by ``dice``) until ``stop`` turns have been played or the game ends; the
    seat's score minus the best other score."""
    twin = state.playout(dice)
    twin.apply_action(action)
    greedy = GreedyPolicy()
    while not twin.over and twin.turns < stop:
        if twin.is_chance_node():
            twin.apply_action(twin.draw_chance(dice))
        else:
            actions = twin.legal_actions()
            twin.apply_action(actions[0] if len(actions) == 1 else greedy.choose(twin, dice))
    points = twin.scores()
    return points[seat] - max(score for other, score in enumerate(points) if other != seat)


class Simulation(SumokuState):
    """An ``mcts-N`` simulation's copy of the game (:func:`mcts_start`): it ends once
    :data:`MCTS_TURNS` turns have been played from the search's decision (at the
    start of a turn), and its returns are the seats' squashed score margins
    (:func:`margin_value`), not the win shares of the game's result."""

    stop: int
    """The turn the simulation ends at (``turns`` counts whole turns)."""

    def current_player(self) -> int:
        if self.phase == PLAY and self.turns >= self.stop:
            return TERMINAL
        return super().current_player()

    def returns(self) -> list[float]:
        points = self.points
        return [margin_value(score - max(p for other, p in enumerate(points) if other != seat))
                for seat, score in enumerate(points)]


def margin_value(margin: int) -> float:
    """A simulation's return to a seat ``margin`` points ahead of the best other seat: the
    logistic ``1 / (1 + exp(-margin / MCTS_SCALE))`` (0.5 level; the kernel's float
    operations).

    >>> margin_value(0), round(margin_value(MCTS_SCALE), 4)
    (0.5, 0.7311)
    """
    return 1.0 / (1.0 + math.exp(-margin / MCTS_SCALE))


def mcts_start(state: SumokuState, key: int):
    """``mcts-N``'s simulation of ``key`` (:mod:`numbergames.solver.mcts`): a copy whose bag left is
    shuffled by the dice stream of ``key`` (:meth:`SumokuState.playout`, as ``search-N``'s
    playouts: hands lie face up, only the bag's order is unknown), cut off after
    :data:`MCTS_TURNS` turns and valued by the score margin (:class:`Simulation`), that
    stream and the choice stream of ``key``."""
    dice = Stream(key)
    twin = state.playout(dice)
    twin.__class__ = Simulation
    twin.stop = state.turns + MCTS_TURNS
    return twin, dice, Stream(key ^ CHOICE_SALT)


def mcts_candidates(state: SumokuState) -> list[int]:
    """``mcts-N``'s actions at a decision: the :data:`MCTS_WIDTH` highest-scoring plays
    (:func:`top_plays`), in the order of ``lookahead``'s value — the score minus the best
    score the next player could make at once (:func:`reply_score`), highest first, equal
    values in canonical order — so that the first is the one ``lookahead`` would pick among
    them; ``PASS`` alone without a play."""
    plays = state.plays()
    if not plays:
        return state.legal_actions()
    top = top_plays(plays, MCTS_WIDTH)
    if len(top) == 1:
        return top
    seat = state.current_player()
    value = {i: plays[i].score - reply_score(state, seat, plays[i]) for i in top}
    return sorted(top, key=lambda i: (-value[i], i))


def make_policy(name: str, rules: SumokuRules):
    """A player by name: ``choose(state, stream) -> action`` (:class:`numbergames.solver.decision.Player`)."""
    family, budget = PLAYERS.parse(name)
    if family == SEARCH:
        return SearchPolicy(budget)
    if family == MCTS:
        return MctsPolicy(budget, GreedyPolicy(), mcts_start, mcts_candidates,
                          max_depth=1, paired=True, exploration=MCTS_EXPLORATION)
    return {"random": RandomPlayer, "greedy": GreedyPolicy, "lookahead": LookaheadPolicy}[name]()


PLAYERS = Players(
    fixed=POLICY_NAMES, default="greedy", ladder=POLICY_NAMES,
    search=(Search(SEARCH, base=SEARCH_ROLLOUT, budgets=(), max_budget=MAX_BUDGET,
                   doc="flat Monte Carlo over the six best plays: N greedy playouts of one "
                       "round each"),
            Search(MCTS, base=SEARCH_ROLLOUT, budgets=(16, 64, 256), max_budget=MCTS_MAX_BUDGET,
                   doc="a bandit over the sixteen best plays in lookahead's order: N paired "
                       "simulations a decision, greedy for four turns, valued by the squashed "
                       "score margin", versus_budget=16)),
    luck_baseline="greedy")
"""Sumoku's players: names, parser, the skill ladder (luck measured against ``greedy``)."""
