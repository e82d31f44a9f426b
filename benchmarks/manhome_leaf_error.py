"""How far Man Home's race evaluation (:mod:`solver.manhome.race`, the leaf of ``ply-N``) is
from the exact chance on a solved duel, over every pair of sides, and how far a race table
with *hits* would be: every man on the board sent back to the reserve with a fixed chance
``h`` after each of the side's goes that does not bring a man home (the opponent's go).

    PYTHONPATH=$PWD python benchmarks/manhome_leaf_error.py [H ...] [--rows R --men M --win W]

Prints, for each ``h`` (0 is the race table ``ply-N`` uses), the mean absolute and the mean
signed error (exact minus leaf, the mover's chance, the mover to start its go) and the signed
error by the men each side has on the board (mover against opponent, equal counts).

Measured 2026-11-28 (the 36-square duel, 3 men, 2 home; 40,060,164 pairs; 3 minutes for
the four): ``h = 0`` 0.0216 absolute, −0.0033 signed; ``h = 0.03`` 0.0170; ``h = 0.06``
0.0180; ``h = 0.1`` 0.0245. The decisions of ``ply-N`` on these tables (the kernel's race
table replaced): see :mod:`solver.manhome.duel_play` — little change, not taken.
"""
from __future__ import annotations

import argparse
import itertools
import sys

import numpy as np

from solver.manhome.policies import _solitaire, policy_table, race_table
from solver.manhome.race import KINDS, RACE_COLUMNS, RACE_SCALE
from solver.manhome.rules import ManHomeRules
from solver.manhome.solitaire import arrive
from solver.manhome.state import action_moves


def hit_table(rules: ManHomeRules, h: float) -> np.ndarray:
    """The race table (as :func:`solver.manhome.race.race_cdf_reference`, the solitaire's
    decisions) with each man on the board sent back with chance ``h`` after a go."""
    solved = _solitaire(rules.board_rows, rules.men_per_player, rules.men_to_win)
    space, decisions = solved.space, solved.decisions
    sides = list(space.sides())
    win, squares = rules.men_to_win, rules.squares

    def index(home: int, men) -> int:
        return -1 if home >= win else space.index(home, sorted(men))

    turns, hits = [], []
    for i, (home, men) in enumerate(sides):
        men = frozenset(men)
        row = decisions[i]
        if space.reserve(home, men) > 0 and len(men) < space.cap and (not men or row[0] == 1):
            after = [arrive(home, men, q) for q in range(squares)]
        else:
            picks = [action_moves(sorted(men), kind)[row[1 + k]] for k, kind in enumerate(KINDS)]
            after = [arrive(home, men - {m.source}, m.target) for m in picks]
        turns.append([(index(a, b), a > home) for a, b in after])
        hits.append([(h ** r * (1 - h) ** (len(men) - r), index(home, men - set(sent)))
                     for r in range(len(men) + 1) for sent in itertools.combinations(men, r)])
    n = len(sides)
    out = np.zeros((n, RACE_COLUMNS), dtype=np.uint16)
    prev = np.zeros(n + 1)
    prev[-1] = 1.0                      # index -1: won
    for t in range(1, RACE_COLUMNS + win):
        hit = np.append([sum(p * prev[k] for p, k in hits[j]) for j in range(n)], 1.0)
        cur = np.append([sum(prev[j] if home_now or j < 0 else hit[j] for j, home_now in turns[i])
                         / len(turns[i]) for i in range(n)], 1.0)
        for i, (home, _) in enumerate(sides):
            goes = t - (win - home - 1)
            if 1 <= goes <= RACE_COLUMNS:
                out[i, goes - 1] = int(cur[i] * RACE_SCALE + 0.5)
        prev = cur
    return out


def leaf_errors(rules: ManHomeRules, table: np.ndarray) -> dict[str, float]:
    """Exact minus the race evaluation over every pair of sides of the solved duel."""
    solution = policy_table("optimal", rules)
    space = solution.space
    sides = list(space.sides())
    cdf = np.concatenate([np.zeros((len(sides), 1)), table / RACE_SCALE], axis=1)
    leaf = np.diff(cdf, axis=1) @ (1.0 - cdf[:, :-1]).T     # the mover first (race.Race.leaf)
    exact = np.asarray(solution.values).reshape(solution.size, solution.size)
    error = exact - leaf                # NaN where the two sides share a square
    on_board = np.array([len(m) for _, m in sides])
    out = {"pairs": float(np.count_nonzero(~np.isnan(error))),
           "absolute": float(np.nanmean(np.abs(error))), "signed": float(np.nanmean(error))}
    for a in range(space.cap + 1):
        out[f"{a} vs {a}"] = float(np.nanmean(error[np.ix_(on_board == a, on_board == a)]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("h", nargs="*", type=float, default=[0.0, 0.03, 0.06])
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        if any(not 0.0 <= h < 1.0 for h in args.h):
            raise ValueError("every h must be in [0, 1)")
        race_table(rules)
        for h in args.h:
            row = leaf_errors(rules, hit_table(rules, h))
            print(f"h={h:g}: " + ", ".join(f"{k} {v:.0f}" if k == "pairs" else f"{k} {v:.4f}" if k == "absolute"
                                             else f"{k} {v:+.4f}"
                                             for k, v in row.items()), flush=True)
    except (LookupError, ValueError) as error:
        print(f"manhome_leaf_error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
