"""Does a leaf that sees which men the opponent's men can hit help Man Home's ``ply-N``? The
race evaluation (:class:`numbergames.solver.manhome.race.Race`) takes each side's goes as independent of
the other side's men; here each side's race distribution is mixed with the distributions of
the side with one man sent back, each man ``s`` with chance ``min(1, C * q * reach(s))``,
``reach(s)`` the share of the three action kinds with which one of the opponent's men on
the board can land on ``s`` and ``q`` the attacker's chance in a face-off. ``C_NOW`` weighs
the men of the side not to move (the mover can hit them at once), ``C_LATER`` the mover's
own men (hit, if at all, after its move). ``0 0`` is ``ply-N`` itself.

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_exposure_leaf.py DEPTH C_NOW C_LATER
        [--rows R --men M --win W]

Prints the share of the exact report's decisive positions (seed 0, 1,000 sampled, the keep
tolerance of :func:`numbergames.solver.manhome.duel_play.agreement`) where the reference search with this
leaf keeps the exact value.

Measured 2026-11-29 (the 36-square duel, 3 men, 2 home; of 992 decisive positions): depth
1 — ``0 0`` 911 (``ply-1``'s own), ``0.3 0.3`` 911, ``0.3 0`` 913, ``1 0`` 884, ``0 1`` 884,
``1 1`` 876; depth 2 (``ply-2``: 914) — ``0.3 0`` 912, ``0.3 0.3`` 913, ``0.6 0.6`` 901.
Hits by the men where they stand do not lift the search either: not taken
(FINDINGS.md).
"""
from __future__ import annotations

import argparse
import sys

from numbergames.solver.manhome.duel_play import searches_kept
from numbergames.solver.manhome.policies import PlyPolicy
from numbergames.solver.manhome.race import KINDS, Race
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import action_moves


class ExposedRace(Race):
    """The race search with the exposure leaf (module docstring)."""

    def __init__(self, race: Race, now: float, later: float) -> None:
        super().__init__(race.rules, race.space, race.table)
        self.now, self.later = now, later

    def reach(self, square: int, opponent: list[int]) -> float:
        return sum(any(m.target == square for m in action_moves(opponent, kind))
                   for kind in KINDS) / 3.0

    def exposed(self, home: int, men: list[int], opponent: list[int], c: float) -> list[float]:
        base = self.cdf(home, men)
        if c == 0 or not opponent:
            return base
        mix, left = [0.0] * len(base), 1.0
        for square in men:
            p = min(1.0, c * self.q * self.reach(square, opponent))
            if p > 0:
                other = self.cdf(home, [m for m in men if m != square])
                mix = [a + p * b for a, b in zip(mix, other)]
                left -= p
        return [max(left, 0.0) * a + b for a, b in zip(base, mix)]

    def leaf(self, homes: list[int], men: list[list[int]], t: int) -> list[float]:
        if len(homes) != 2:
            raise ValueError("the exposure leaf is for two players")
        o = 1 - t
        cdfs = [[], []]
        cdfs[t] = self.exposed(homes[t], men[t], men[o], self.later)
        cdfs[o] = self.exposed(homes[o], men[o], men[t], self.now)
        out = []
        for i in range(2):
            j, total = 1 - i, 0.0
            before = (j - t) % 2 < (i - t) % 2
            for n in range(1, self.columns + 1):
                total += ((cdfs[i][n] - cdfs[i][n - 1])
                          * (1.0 - (cdfs[j][n] if before else cdfs[j][n - 1])))
            out.append(total)
        return out


def kept(rules: ManHomeRules, depth: int, now: float, later: float, count: int = 1000,
         seed: int = 0) -> tuple[int, int]:
    """(positions where the exposure search keeps the exact value, decisive positions)."""
    race = ExposedRace(PlyPolicy(depth, rules).race, now, later)
    good, total = searches_kept(rules, depth, {"exposed": race}, count, seed)
    return good["exposed"], total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("depth", type=int)
    parser.add_argument("now", type=float)
    parser.add_argument("later", type=float)
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        if args.depth < 1 or min(args.now, args.later) < 0:
            raise ValueError("the depth must be 1 or more and the weights 0 or more")
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        good, decisive = kept(rules, args.depth, args.now, args.later)
    except (LookupError, ValueError) as error:
        print(f"manhome_exposure_leaf: {error}", file=sys.stderr)
        return 2
    print(f"depth {args.depth}, C_NOW {args.now}, C_LATER {args.later}: {good} of {decisive} "
          f"kept, {good / decisive:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
