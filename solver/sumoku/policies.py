"""Sumoku main-game players.

Every player is one signature, ``choose(state, stream) -> action``
(:class:`solver.decision.Player`), asked at a decision node of
:class:`solver.sumoku.state.SumokuState` with two or more legal plays; the action is the
index into the canonical list of plays (:func:`solver.sumoku.moves.legal_plays`,
``state.plays()``). All the players but ``random`` are deterministic, work in integers and
take the first of equal plays, so that a kernel can make the same choices.

``random``
    Uniform over the legal plays: one ``choose(n)`` of the choice stream per decision
    (:class:`solver.decision.RandomPlayer`).
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
    Open-loop UCT with ``N`` simulations a decision (:mod:`solver.mcts`, the family every
    game shares) over the same :data:`LOOKAHEAD_WIDTH` highest-scoring plays, best first
    (heuristic move ordering and pruning rather than progressive widening: a decision has
    thousands of plays, and widening by visits would spend a small budget on the first
    few anyway), deeper decisions likewise; each simulation shuffles the bag left by its
    own key (as ``search-N``'s playouts) and ``greedy`` plays it out to the end of the game.
    Against OpenSpiel's ``MCTSBot`` at the same 16 simulations (random rollouts, in C; seed
    0, 100 games a seat) ``mcts-16`` won 200 of 200: at some 1,000 plays a node ``MCTSBot``
    tries 16 plays drawn at random, ``mcts-16`` greedy's six best.

**Ties** (issue 21: a choice, not an accident of the play list). The canonical list holds
each placement once (a hand's repeated tiles are one kind:
:func:`solver.sumoku.moves.legal_plays`), so ``random`` draws uniformly among distinct
plays; ``greedy``, ``lookahead`` and ``search-N`` take the first of equal plays in
canonical order (the lowest action), and ``mcts-N`` the root's most visited child, the
lowest action among equals. A play puts tiles down for good, so no player can repeat a
position: ``tests/test_no_loops.py`` finds no loop.

**Strength** (the kernel, standard rules, 2 players, each pair from both seats on the same
keys; points = wins plus half the draws, 95% intervals): ``lookahead`` takes 58% ± 4% of
the points against ``greedy`` (600 games), ``search-4`` 76% ± 8% (120 games).

``search-N``'s budget buys nothing: within one round no refill reaches a hand before the
round ends (hands refill at the end of a turn), so the ``N`` playouts of a candidate are
the same game and ``search-1``, ``-2`` and ``-8`` play the same moves (the same winner and
length in each of 10 games against ``greedy``; on the skill ladder each step scored exactly
50.0%). It stays a player — a one-round lookahead — but off the skill ladder
(``budgets=()``); ``mcts-N``, whose playouts run to the end of the game, is the search
that climbs it.
"""
from __future__ import annotations

from solver.decision import RandomPlayer
from solver.dice import CHOICE_SALT, Stream
from solver.mcts import FAMILY as MCTS, MAX_BUDGET as MCTS_MAX_BUDGET, MctsPolicy
from solver.registry import Players, Search
from solver.sumoku.board import Board
from solver.sumoku.moves import Play, legal_plays
from solver.sumoku.rules import SumokuRules
from solver.sumoku.state import SumokuState

POLICY_NAMES = ("random", "greedy", "lookahead")
"""The fixed players, in the order of their kernel codes."""
SEARCH = "search"
SEARCH_ROLLOUT = "greedy"
"""The player of every seat in a search's playouts."""
MAX_BUDGET = 1 << 10
LOOKAHEAD_WIDTH = 6
"""``lookahead``: how many of the highest-scoring plays it looks beyond."""


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
    """The best score the next player could make at once after ``play`` (0 if none)."""
    board = Board(dict(state.board.cells))
    board.place(play.tiles)
    nxt = (seat + 1) % state.rules.players
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


def mcts_start(state: SumokuState, key: int):
    """``mcts-N``'s simulation of ``key`` (:mod:`solver.mcts`): a copy whose bag left is
    shuffled by the dice stream of ``key`` (:meth:`SumokuState.playout`, as ``search-N``'s
    playouts: hands lie face up, only the bag's order is unknown), that stream and the
    choice stream of ``key``."""
    dice = Stream(key)
    return state.playout(dice), dice, Stream(key ^ CHOICE_SALT)


def mcts_candidates(state: SumokuState) -> list[int]:
    """``mcts-N``'s actions at a decision: the :data:`LOOKAHEAD_WIDTH` highest-scoring
    plays, best first (:func:`top_plays`, ``search-N``'s candidates); ``PASS`` alone
    without a play."""
    plays = state.plays()
    return top_plays(plays, LOOKAHEAD_WIDTH) if plays else state.legal_actions()


def make_policy(name: str, rules: SumokuRules):
    """A player by name: ``choose(state, stream) -> action`` (:class:`solver.decision.Player`)."""
    family, budget = PLAYERS.parse(name)
    if family == SEARCH:
        return SearchPolicy(budget)
    if family == MCTS:
        return MctsPolicy(budget, GreedyPolicy(), mcts_start, mcts_candidates)
    return {"random": RandomPlayer, "greedy": GreedyPolicy, "lookahead": LookaheadPolicy}[name]()


PLAYERS = Players(
    fixed=POLICY_NAMES, default="greedy", ladder=POLICY_NAMES,
    search=(Search(SEARCH, base=SEARCH_ROLLOUT, budgets=(), max_budget=MAX_BUDGET,
                   doc="flat Monte Carlo over the six best plays: N greedy playouts of one "
                       "round each"),
            Search(MCTS, base=SEARCH_ROLLOUT, budgets=(4, 16, 64), max_budget=MCTS_MAX_BUDGET,
                   doc="open-loop UCT over the six best plays: N simulations a decision, "
                       "greedy playouts to the end", versus_budget=16)),
    luck_baseline="greedy",
    luck_note="`random` lays a uniformly random legal play and never wins against `greedy` "
              "(0 of 2,000 games on the skill ladder), so beating it says nothing about how "
              "much the tiles decide")
"""Sumoku's players: names, parser, the skill ladder (luck measured against ``greedy``)."""
