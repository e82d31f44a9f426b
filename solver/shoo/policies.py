"""Shoo players.

Every player is one signature, ``choose(state, choices) -> action``
(:class:`numbergames.solver.decision.Player`): it gets a :class:`numbergames.solver.shoo.state.ShooState` and
returns one of its legal actions, whose ascending order is the canonical order of the
moves (:meth:`ShooState.moves`, :func:`numbergames.solver.shoo.moves.legal_moves`). Shoo has no dice,
so the game's choice stream is all the chance there is: ``random`` draws every move from
it, and the others draw from it only to break ties between moves they value equally
(one ``choose(k)`` among the ``k`` best, none when one move is best) — so that two games of
the same players differ, and a key replays its game.

**What they choose among** (RULES.md, players; issue 21). Not the entries of the move list
but *distinct moves*: entries with the same hush and action that differ only in the shoo
they name are one move (:func:`same_move`), so a move is not chosen more often for having
more shoos to name. A player that values moves lets a move stand for its best entry, the
lowest action among equals (:func:`best_of_groups`). And every player leaves out, while
another move remains, the replay of its own move that the opponent just hushed back
(:attr:`ShooState.hushed`) and the moves that remake one of the game's 16 latest positions
(:attr:`ShooState.recent`) — :func:`allowed`. The kernel makes the same choices.

``random``
    Uniform over the distinct moves (one ``choose(k)``), then over the entries of the one
    drawn — no shoo or each traveller it may shoo — (one ``choose(j)``, none when ``j`` is
    1): :class:`ShooRandom`.
``greedy``
    The move after which the hand-made evaluation
    (:func:`numbergames.solver.shoo.evaluation.evaluate`) is best for it; ties between distinct moves
    of the best value by one ``choose(k)``, each move by its lowest entry of that value (a
    shoo that sends a traveller off is worth more than none; one the traveller can escape
    is worth the same, so it is not named).
``search-N``
    Iterative-deepening alpha-beta on the same evaluation with a transposition table
    (:mod:`numbergames.solver.shoo.search`), ``N * NODE_UNIT`` (``N`` hundred) nodes a move: it
    searches depth 1 (greedy's values), 2, 3, ... until the budget runs out mid-iteration,
    and plays a best move of the deepest iteration completed — or, when the budget ends
    inside depth 2, of the moves depth 2 searched (greedy's best first) — ties between
    distinct moves drawn from the choice stream (one ``choose(k)``, each by its lowest best
    entry). A node is a position the search expands: one of depth 1 values all its moves'
    leaves at once (greedy's values), so a node costs the CPU of a greedy move. A budget,
    not a clock, so that a key replays its game; ``search-1`` plays greedy's moves where a
    position has 100 moves or more (depth 1 fills its budget) and looks at depth 2 over
    greedy's first moves where it has fewer. On the skill ladder: ``search-2``, ``-4``,
    ``-8``, ``-16`` (issue 21): the budget pays where it completes depth 3 (the study's
    ``flat_notes``, reports/shoo/skill/report.md; how many positions each budget takes
    to depth 2 and 3, and the doublings' matches: experiments/shoo-players/FINDINGS.md).
``mcts-N``
    Open-loop UCT with ``N`` simulations a move (:mod:`numbergames.solver.mcts`, the family every game
    shares) over greedy's move ordering, its simulations cut off and valued by the
    evaluation. Its candidates at a decision (:func:`mcts_candidates`) are the
    :data:`MCTS_WIDTH` (12) distinct moves allowed of greedy's highest values (each by its
    entry of greedy's best value, the lowest action among equals), best first; equal values
    in the order of :func:`tie_keys`, a hash of the position and the action — so the tree
    tries greedy's choice first, the root's child of most visits is taken, and among equals
    the one first in that order (greedy's best), neither the lowest nor the highest action.
    A simulation (:class:`Simulation`, :func:`mcts_start`) plays :data:`MCTS_PLIES` (4)
    moves from the decision, tree and ``greedy`` playout together (greedy's ties from the
    simulation's own choice stream), and returns each seat's evaluation squashed,
    ``1 / (1 + exp(-evaluate / 60))``; a game won inside it returns 1 and 0 — simulations
    that played greedy to the end of the game (before issue 21) were slower and weaker and
    drew every game against OpenSpiel's ``MCTSBot``. Off the skill ladder
    (``budgets=()``): ``search-N``'s alpha-beta is Shoo's search (``mcts-64`` takes 10.3% of
    the points against ``search-16``); ``mcts-16`` is the family's budget against
    ``MCTSBot`` (the skill report), whose rollouts are the same: greedy for four moves, then
    the evaluation (``rollout_state`` through the rollout Config, as ``mcts-N``'s
    playouts). Measured: experiments/shoo-players/FINDINGS.md.

What the players' choice among distinct moves and their memory changed in measured games
(greedy against itself drew 3.5% of its games before, 0% after), and every player's
strength and speed, with the figures from before issue 21's changes:
experiments/shoo-players/FINDINGS.md; the skill ladder's matches: reports/shoo/skill/report.md.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from numbergames.solver.decision import TERMINAL
from numbergames.solver.dice import Stream
from numbergames.solver.registry import Players, Search
from numbergames.solver.shoo.evaluation import evaluate
from numbergames.solver.shoo.moves import Move, make_move
from numbergames.solver.shoo.position import Position
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.mcts import FAMILY as MCTS, MAX_BUDGET as MCTS_MAX_BUDGET, MctsPolicy, fresh_streams
from numbergames.solver.shoo.search import NODE_UNIT, mix64, search, zobrist
from numbergames.solver.shoo.state import ShooState

POLICY_NAMES = ("random", "greedy")
"""The fixed players, in the order of their kernel codes."""
SEARCH = "search"
MAX_BUDGET = 1000


def same_move(move: Move) -> tuple:
    """What makes two legal moves *the same move* (module docstring): the hush and the
    action (kind, frm, via, put, to) — every field but the shoo it names."""
    return move[:6]


def replays(move: Move, hushed: tuple | None) -> bool:
    """Whether ``move``'s action is ``hushed`` (:attr:`ShooState.hushed`: the mover's own
    move that the opponent just hushed back), with or without a hush or shoo of its own."""
    return hushed is not None and move[1:6] == hushed


def allowed(state: ShooState) -> list[bool]:
    """Which of the legal moves (``state.moves()``) a player may choose (RULES.md, players):
    not a replay of the move just hushed back (:func:`replays`) while another move remains,
    and then not a move that makes one of the game's :data:`~numbergames.solver.shoo.state.RECENT`
    latest positions again (:attr:`ShooState.recent`) while another remains."""
    moves = state.moves()
    ok = [not replays(m, state.hushed) for m in moves]
    if not any(ok):
        ok = [True] * len(moves)
    recent = set(state.recent)
    fresh = [ok[i] and make_move(state.position, m).key() not in recent
             for i, m in enumerate(moves)]
    return fresh if any(fresh) else ok


def distinct_moves(moves: Sequence[Move], allow: Sequence[bool]) -> list[list[int]]:
    """The moves a player chooses among: one group of indices into ``moves`` (canonical
    order, so a group's entries are consecutive) per distinct move (:func:`same_move`),
    ascending, of the entries ``allow`` lets it make (:func:`allowed`)."""
    groups: list[list[int]] = []
    last = None
    for i, m in enumerate(moves):
        if not allow[i]:
            continue
        key = same_move(m)
        if key != last:
            groups.append([])
            last = key
        groups[-1].append(i)
    return groups


def best_of_groups(groups: list[list[int]], values: Sequence[int]) -> list[int]:
    """One index per distinct move whose best entry has the top value among ``groups``:
    that entry, the first (lowest action) of the group's entries of that value."""
    top = max(values[i] for g in groups for i in g)
    return [next(i for i in g if values[i] == top) for g in groups
            if any(values[i] == top for i in g)]


class ShooRandom:
    """``random`` (module docstring): one ``choose(k)`` among the ``k`` distinct moves,
    then, when that move may name shoos, one ``choose(j)`` among its ``j`` entries (no
    shoo, or each traveller it may shoo)."""

    name = "random"

    def choose(self, state: ShooState, choices: Stream) -> int:
        groups = distinct_moves(state.moves(), allowed(state))
        group = groups[choices.choose(len(groups))]
        return state.legal_actions()[group[choices.choose(len(group))]]


class GreedyPolicy:
    name = "greedy"

    def values(self, position: Position, moves: list[Move]) -> list[int]:
        """Each move's value for the mover: the evaluation of the position after it."""
        return [evaluate(make_move(position, m), position.side) for m in moves]

    def choose(self, state: ShooState, choices: Stream) -> int:
        moves = state.moves()
        best = best_of_groups(distinct_moves(moves, allowed(state)),
                              self.values(state.position, moves))
        return state.legal_actions()[best[choices.choose(len(best))]]


MCTS_WIDTH = 12
"""``mcts-N``'s candidates at a decision: greedy's best distinct moves, at most this many
(the kernel's ``MCTS_WIDTH``)."""
MCTS_PLIES = 4
"""The moves an ``mcts-N`` simulation plays from the decision searched (tree and playout
together) before it is cut off and valued (:class:`Simulation`)."""
MCTS_SCALE = 60.0
"""The evaluation's scale in a cut-off simulation's return, ``1 / (1 + exp(-e / scale))``."""


def tie_keys(position: Position, actions: Sequence[int]) -> list[int]:
    """The order of ``mcts-N``'s candidates of equal value: a hash of the position and each
    action (``mix64(zobrist ^ action)``), so that neither the lowest nor the highest action
    is favoured."""
    salt = zobrist(position)
    return [mix64(salt ^ a) for a in actions]


def mcts_candidates(state: ShooState) -> list[int]:
    """``mcts-N``'s candidate actions (the ``candidates`` hook of
    :class:`numbergames.solver.mcts.MctsPolicy`): of the distinct moves a player may make
    (:func:`allowed`, :func:`distinct_moves`), each by its entry of greedy's best value (the
    lowest action among equals), the :data:`MCTS_WIDTH` of greedy's highest values, best
    first, equal values in the order of :func:`tie_keys` — greedy's move ordering, so the
    tree tries greedy's choice first and keeps it among equals."""
    if state.is_terminal():
        return []
    moves, actions = state.moves(), state.legal_actions()
    values = GreedyPolicy().values(state.position, moves)
    picks = []
    for group in distinct_moves(moves, allowed(state)):
        top = max(values[i] for i in group)
        picks.append(next(i for i in group if values[i] == top))
    ties = dict(zip(picks, tie_keys(state.position, [actions[i] for i in picks])))
    picks.sort(key=lambda i: (-values[i], ties[i]))
    return [actions[i] for i in picks[:MCTS_WIDTH]]


class Simulation(ShooState):
    """The copy of a game an ``mcts-N`` simulation plays (:func:`mcts_start`): it ends
    :data:`MCTS_PLIES` moves after the decision searched, if the game has not, and then each
    seat's return is its evaluation squashed, ``1 / (1 + exp(-evaluate / MCTS_SCALE))`` — a
    greedy playout to the end of a game of some 300 moves costs 300 greedy moves a
    simulation and says little (both players loop), a few moves and the evaluation say
    more, cheaper. The kernel's ``State.sim_stop``."""

    stop: int
    """The move count (``position.ply``) at which the simulation ends."""

    def current_player(self) -> int:
        if self.winner is None and self.position.ply >= self.stop:
            return TERMINAL
        return super().current_player()

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        if self.winner is None and self.position.ply >= self.stop:
            e = float(evaluate(self.position, 0))      # seat 1's is -e
            return [1.0 / (1.0 + math.exp(-e / MCTS_SCALE)), 1.0 / (1.0 + math.exp(e / MCTS_SCALE))]
        return super().returns()


def mcts_start(state: ShooState, key: int) -> tuple[Simulation, Stream, Stream]:
    """``mcts-N``'s ``start`` hook (:data:`numbergames.solver.mcts.Start`): a copy of ``state`` that is a
    :class:`Simulation` ending :data:`MCTS_PLIES` moves on, its streams those of ``key``."""
    copy, dice, choices = fresh_streams(state, key)
    copy.__class__ = Simulation
    copy.stop = state.position.ply + MCTS_PLIES
    return copy, dice, choices


class SearchPolicy:
    """``search-N`` (module docstring; the search is :mod:`numbergames.solver.shoo.search`)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.name = f"{SEARCH}-{budget}"

    def search(self, position: Position, moves: list[Move]) -> tuple[list[int], int, int]:
        """(each move's value, the depth searched, the nodes visited)."""
        return search(position, moves, self.budget * NODE_UNIT)

    def best(self, position: Position, moves: list[Move], choices: Stream,
             allow: Sequence[bool] | None = None) -> tuple[int, int]:
        """``(index, value)``: the move chosen (one ``choose(k)`` among the ``k`` distinct
        best moves of those ``allow`` lets it make, :func:`best_of_groups`) and its value
        for the side to move."""
        values = self.search(position, moves)[0]
        best = best_of_groups(distinct_moves(moves, allow or [True] * len(moves)), values)
        index = best[choices.choose(len(best))]
        return index, values[index]

    def choose(self, state: ShooState, choices: Stream) -> int:
        index = self.best(state.position, state.moves(), choices, allowed(state))[0]
        return state.legal_actions()[index]


def make_policy(name: str, rules: ShooRules):
    """The player called ``name``."""
    family, budget = PLAYERS.parse(name)
    if family == "random":
        return ShooRandom()
    if family == "greedy":
        return GreedyPolicy()
    if family == MCTS:
        return MctsPolicy(budget, GreedyPolicy(), start=mcts_start, candidates=mcts_candidates)
    return SearchPolicy(budget)


PLAYERS = Players(
    fixed=POLICY_NAMES, default="greedy", ladder=POLICY_NAMES,
    search=(Search(SEARCH, base="greedy", budgets=(2, 4, 8, 16), max_budget=MAX_BUDGET,
                   # version 1 still: the leaf's duel tactics (solver/shoo/evaluation.py)
                   # change no full game: the same keys give the same games (its docstring)
                   doc="iterative-deepening alpha-beta, N hundred nodes a move"),
            Search(MCTS, base="greedy", budgets=(), max_budget=MCTS_MAX_BUDGET,
                   doc="open-loop UCT over greedy's 12 best moves: N simulations a move, "
                       "each 4 moves of greedy valued by the evaluation",
                   version=2, versus_budget=16)))
"""Shoo's players: names, the parser, the skill ladder."""
