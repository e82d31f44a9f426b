"""Shoo's ``search-N`` with repetitions known to the search, against the perfect player
from the start on the solved reduced fields (as ``analyze exact shoo``'s games: the report's
seeds, a draw at 200 moves): does knowing that the players' rule bars remaking one of the
game's 16 latest positions (:func:`numbergames.solver.shoo.policies.allowed`) stop the search from going
back and forth until no fresh winning move is left (:mod:`numbergames.solver.shoo.exact_play`)?

    PYTHONPATH=$PWD python experiments/shoo-search/shoo_repetition_search.py
        [--mode draw|barred|none]
        [--size 5] [--seat 1] [--games 10] [--budget 16] [--positions N]

``--positions N``: instead of games, the share of the exact report's first ``N`` sampled
positions (``analyze exact shoo``'s, 300 a field) where the search's move keeps the value —
positions without a history, so only the search's own line can repeat.

``draw``: a position among the game's latest or on the search's own line is worth a draw
(0) whoever makes it; ``barred``: one the searching player makes is worth a loss to it (its
rule bars it while another move remains), the perfect player's are searched as any move;
``none``: ``search-N`` as it is.

Measured 2026-11-28 (reference engine, 10 games a colour; wins for White on 4x4 and 5x5,
draws on 3x3, of 10): none 4x4 4, 5x5 0, 3x3 as Blue 4; draw 4x4 5, 5x5 3, 3x3 as Blue 0
and as White 0 (none: 6); barred 5x5 1, 3x3 as Blue 3. On the 4x4 positions (2026-11-28,
``--size 4 --positions 300``): draw keeps 282 of 300 = 0.940, as the report's search-16 (0.94).
Not taken (exact_play's docstring).
"""
from __future__ import annotations

import argparse
import sys

from numbergames.solver.decision import play
from numbergames.solver.shoo.exact import solve
from numbergames.solver.shoo.exact_play import PerfectPlayer, agreement, sample_positions
from numbergames.solver.shoo.moves import make_move
from numbergames.solver.shoo.policies import SearchPolicy, allowed, best_of_groups, distinct_moves
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.search import NODE_UNIT, WIN, AlphaBeta, leaf_value, search
from numbergames.solver.shoo.state import ShooState

SEED = 20261123       # studies/shoo/exact_report.py's
MAX_PLIES = 200
REPORT_POSITIONS = 300   # its positions a field


def repetition_engine(mode: str, recent: tuple) -> type[AlphaBeta]:
    """An :class:`AlphaBeta` that values a repeated position as ``mode`` says."""

    class Repeating(AlphaBeta):
        def __init__(self, root, limit: int) -> None:
            super().__init__(root, limit)
            self.seen = set(recent)
            self.line: list[tuple] = []
            self.movers = [root.side]
            self.root_side = root.side

        def repeated(self, key: tuple, mover: int) -> int | None:
            """The value for the side to move after ``mover`` made ``key`` again."""
            if key not in self.seen and key not in self.line:
                return None
            if mode == "draw":
                return 0
            return WIN if mover == self.root_side else None

        def child_value(self, position, move) -> int:
            after = make_move(position, move)
            value = self.repeated(after.key(), position.side)
            return -leaf_value(after, self.root_ply) if value is None else -value

        def negamax(self, position, depth: int, alpha: int, beta: int) -> int:
            key = position.key()
            value = self.repeated(key, self.movers[-1])
            if value is not None:
                self.nodes += 1
                return value
            self.line.append(key)
            self.movers.append(position.side)
            try:
                return super().negamax(position, depth, alpha, beta)
            finally:
                self.line.pop()
                self.movers.pop()

    return Repeating


class RepetitionSearch(SearchPolicy):
    def __init__(self, budget: int, mode: str) -> None:
        super().__init__(budget)
        self.mode = mode

    def choose(self, state: ShooState, choices) -> int:
        moves = state.moves()
        engine = repetition_engine(self.mode, tuple(state.recent))
        values = search(state.position, moves, self.budget * NODE_UNIT, engine)[0]
        best = best_of_groups(distinct_moves(moves, allowed(state)), values)
        return state.legal_actions()[best[choices.choose(len(best))]]


def results(size: int, seat: int, games: int, budget: int, mode: str) -> list[int | None]:
    """The winner of each game (``seat`` the searching player's)."""
    solution = solve(Reduced(size, 1, 1), ShooRules())
    rules = solution.graph.rules.replace(max_plies=MAX_PLIES)
    player = SearchPolicy(budget) if mode == "none" else RepetitionSearch(budget, mode)
    seats = [PerfectPlayer(solution)] * 2
    seats[seat] = player
    start = solution.graph.game.start(rules)
    return [play(ShooState(rules, start), seats, (SEED + seat) * 100_003 + g).winner
            for g in range(games)]


def kept(size: int, positions: int, budget: int, mode: str) -> tuple[int, int]:
    """(kept, positions) on the exact report's first ``positions`` sampled positions."""
    solution = solve(Reduced(size, 1, 1), ShooRules())
    indices = sample_positions(solution, REPORT_POSITIONS, SEED)[:positions]
    player = SearchPolicy(budget) if mode == "none" else RepetitionSearch(budget, mode)
    a = agreement(solution, f"search-{budget}", indices, SEED, player=player)
    return a.kept, a.positions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("draw", "barred", "none"), default="draw")
    parser.add_argument("--size", type=int, choices=(3, 4, 5), default=5)
    parser.add_argument("--seat", type=int, choices=(0, 1), default=1)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--budget", type=int, default=16)
    parser.add_argument("--positions", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 1 or args.budget < 1 or not 0 <= args.positions <= REPORT_POSITIONS:
        print("shoo_repetition_search: --games and --budget must be 1 or more, --positions "
              f"0..{REPORT_POSITIONS}", file=sys.stderr)
        return 2
    if args.positions:
        k, n = kept(args.size, args.positions, args.budget, args.mode)
        print(f"{args.size}x{args.size}, search-{args.budget} ({args.mode}): keeps the value at "
              f"{k} of {n} positions = {k / n:.3f}")
        return 0
    won = results(args.size, args.seat, args.games, args.budget, args.mode)
    wins = sum(w == args.seat for w in won)
    losses = sum(w == 1 - args.seat for w in won)
    print(f"{args.size}x{args.size}, search-{args.budget} ({args.mode}) in seat {args.seat}: "
          f"{wins} wins, {len(won) - wins - losses} draws, {losses} losses of {len(won)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
