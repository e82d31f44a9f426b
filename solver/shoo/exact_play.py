"""The players of :mod:`numbergames.solver.shoo.policies` against perfect play on a solved reduced game
(:mod:`numbergames.solver.shoo.exact`).

Two measures, for any player by name (``make_policy(name, rules)``):

* **agreement**: on positions drawn at random (seeded) from the reachable positions that
  are won or drawn for the side to move — the positions where a move can throw the value
  away — the share where the player's move keeps the perfect-play value (from a won
  position, a move to a position lost for the opponent; from a drawn one, a move that does
  not hand the opponent a win);
* **games** against :class:`PerfectPlayer` from the start, in both colours, under a move
  limit (a draw when reached).

The players' evaluation (:mod:`numbergames.solver.shoo.evaluation`) takes its geometry from
``position.field``, so the same players play the reduced fields.

**Against perfect play** (issue 21 asks for 95%): each player's share of the positions
kept and its games from the start on every solved field are in
reports/shoo-exact/report.md (``analyze exact shoo reduced``); ``search-64`` keeps the
value in 0.96 of the 4x4 positions. How the search got there (the leaf's duel tactics,
then the depth cap) and why games from the start still fall short on 5x5 (the search goes
back and forth with the horse until the players' rule against remaking one of the game's
16 latest positions leaves no winning move; a search that knows repetitions did not close
it): experiments/shoo-search/FINDINGS.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from numbergames.solver.decision import play
from numbergames.solver.dice import Stream
from numbergames.solver.registry import DRAW as DRAWN_GAME
from numbergames.solver.shoo import policies
from numbergames.solver.shoo.exact import DRAW, LOSS, Solution
from numbergames.solver.shoo.state import ShooState

PERFECT = "perfect"
PLAYER_NAMES = "random,greedy,search-4,search-16,search-64"
"""The players compared with perfect play by default (``--players``)."""
GAMES_OF = "search-64=0"
"""By default ``search-64`` plays no games against the perfect player, only its agreement
is measured (``--games-of``): a drawn 3x3 game runs to the move limit at about 3 seconds a
move. The default names only the players compared (``--players`` without search-64)."""


class PerfectPlayer:
    """Plays a move that keeps the position's value, winning fastest and losing slowest;
    ties drawn from the choice stream."""

    name = PERFECT

    def __init__(self, solution: Solution) -> None:
        self.solution = solution

    def choose(self, state: ShooState, choices: Stream) -> int:
        best = self.solution.perfect_moves(self.solution.graph.index[state.position.key()])
        return state.legal_actions()[best[choices.choose(len(best))]]


@dataclass(frozen=True)
class Agreement:
    player: str
    positions: int
    kept: int
    won_positions: int
    won_kept: int

    @property
    def share(self) -> float:
        return self.kept / self.positions if self.positions else float("nan")

    def __add__(self, other: Agreement) -> Agreement:
        """The two parts of one player's sample as one."""
        return Agreement(self.player, self.positions + other.positions,
                         self.kept + other.kept, self.won_positions + other.won_positions,
                         self.won_kept + other.won_kept)

    @property
    def won_share(self) -> float:
        return self.won_kept / self.won_positions if self.won_positions else float("nan")


def sample_positions(solution: Solution, count: int, seed: int) -> np.ndarray:
    """Up to ``count`` indices of reachable positions, won or drawn for the side to move and
    not over, drawn without replacement (seeded), ascending."""
    graph = solution.graph
    pool = np.flatnonzero((solution.value != LOSS) & (graph.winner < 0))
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(pool, size=min(count, len(pool)), replace=False))


def agreement(solution: Solution, name: str, indices: Sequence[int], seed: int,
              player=None, start: int = 0) -> Agreement:
    """How often the player ``name`` keeps the value on the positions ``indices`` (``player``,
    when given, is the one asked: a player the registry does not hold, under that name).
    ``indices`` may be a part of a sample that begins at its ``start``-th position: each
    position has the choice stream of its place in the whole sample, so the parts of a
    sample add up to the sample asked at once (:meth:`Agreement.__add__`)."""
    graph = solution.graph
    if player is None:
        player = policies.make_policy(name, graph.rules)
    kept = won = won_kept = 0
    for n, i in enumerate(indices):
        position, moves, values = solution.move_values(int(i))
        state = ShooState(position=position)
        pick = 0 if len(moves) == 1 else state.legal_actions().index(
            player.choose(state, Stream(seed * 1_000_003 + start + n)))
        good = values[pick] == int(solution.value[i])
        kept += good
        if solution.value[i] != DRAW:
            won += 1
            won_kept += good
    return Agreement(name, len(indices), kept, won, won_kept)


@dataclass(frozen=True)
class Match:
    """Games of ``player`` against perfect play: its wins, draws and losses in each seat."""

    player: str
    seat: int
    wins: int
    draws: int
    losses: int
    mean_plies: float

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def __add__(self, other: Match) -> Match:
        """The two parts of one player's games in one seat as one."""
        games = self.games + other.games
        plies = (self.mean_plies * self.games + other.mean_plies * other.games) / games
        return Match(self.player, self.seat, self.wins + other.wins,
                     self.draws + other.draws, self.losses + other.losses, plies)


def match(solution: Solution, name: str, seat: int, games: int, seed: int,
          max_plies: int, first: int = 0) -> Match:
    """``games`` games from the start, ``name`` in ``seat`` and the perfect player in the
    other, each ending at a win or at ``max_plies`` (a draw): the games ``first``,
    ``first + 1``, ... of the seed (so the parts of a match add up to the match played at
    once, :meth:`Match.__add__`)."""
    graph = solution.graph
    rules = graph.rules.replace(max_plies=max_plies)
    perfect = PerfectPlayer(solution)
    player = policies.make_policy(name, rules)
    seats = [perfect, perfect]
    seats[seat] = player
    results, plies = [], []
    for g in range(first, first + games):
        game = play(ShooState(rules, graph.game.start(rules)), seats, seed * 100_003 + g)
        results.append(game.winner)
        plies.append(game.position.ply)
    return Match(name, seat, sum(r == seat for r in results),
                 sum(r == DRAWN_GAME for r in results),
                 sum(r == 1 - seat for r in results), float(np.mean(plies)))
