"""How far Man Home's race evaluation (:mod:`numbergames.solver.manhome.race`, the leaf of ``ply-N``) is
from the exact chance on a solved duel, over every pair of sides, and how far a race table
with *hits* would be: every man on the board sent back to the reserve with a fixed chance
``h`` after each of the side's goes that does not bring a man home (the opponent's go).

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_leaf_error.py
        [H ...] [--rows R --men M --win W]
        [--by-square] [--decisions ply-1,ply-3]

Prints, for each ``h`` (0 is the race table ``ply-N`` uses), the mean absolute and the mean
signed error (exact minus leaf, the mover's chance, the mover to start its go) and the signed
error by the men each side has on the board (mover against opponent, equal counts).
``--by-square``: a man on square ``s`` is sent back with chance ``h`` times the square's
exposure (:func:`exposure`, mean 1 over the board), so squares many moves reach are riskier.
``--decisions``: each ``ply-N``'s share of the exact report's 1,000 positions (seed 0) kept
with the kernel's race table replaced by each table.

Measured 2026-11-28 (the 36-square duel, 3 men, 2 home; 40,060,164 pairs; 3 minutes for
the four): ``h = 0`` 0.0216 absolute, −0.0033 signed; ``h = 0.03`` 0.0170; ``h = 0.06``
0.0180; ``h = 0.1`` 0.0245. The decisions of ``ply-N`` on these tables (the kernel's race
table replaced): see FINDINGS.md — little change, not taken. By square
(2026-11-28, ``0.02 0.03 --by-square --decisions ply-1,ply-2,ply-3``, 6 minutes): ``h = 0.02``
0.0177 absolute, ply-1 / ply-2 / ply-3 keep 0.913 / 0.917 / 0.946 (the race table: 0.918 /
0.921 / 0.943); ``h = 0.03`` 0.0182, 0.911 / 0.908 / 0.942 — not taken either.
"""
from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from unittest import mock

import numpy as np

from numbergames.solver.manhome.duel_play import agreement, sample_positions
from numbergames.solver.manhome.policies import _solitaire, parse_policy, policy_table, race_table
from numbergames.solver.manhome.race import KINDS, RACE_COLUMNS, RACE_SCALE
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.solitaire import arrive
from numbergames.solver.manhome.state import action_moves


def exposure(rules: ManHomeRules) -> np.ndarray:
    """How exposed each square is to a hit, relative to the board's mean (mean 1): the
    chance that a man on a square picked at random, after an action roll (each kind a third),
    has a move onto it, plus the chance a new man lands there (each square alike)."""
    squares = rules.squares
    reach = np.zeros(squares)
    for source in range(2, squares):
        for kind in KINDS:
            for move in action_moves([source], kind):
                reach[move.target] += 1.0 / 3.0
    reach = reach / squares + 1.0 / squares
    reach[:2] = 0.0                     # Death and Home hold no man
    return reach / reach[2:].mean()


def hit_table(rules: ManHomeRules, h) -> np.ndarray:
    """The race table (as :func:`numbergames.solver.manhome.race.race_cdf_reference`, the solitaire's
    decisions) with each man on the board sent back with chance ``h`` after a go — one
    chance for every square, or ``h[s]`` for a man on square ``s``."""
    per_square = np.broadcast_to(np.asarray(h, dtype=float), (rules.squares,))
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
        hits.append([(float(np.prod([per_square[m] if m in sent else 1 - per_square[m]
                                     for m in men])), index(home, men - set(sent)))
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


def decision_shares(rules: ManHomeRules, table: np.ndarray, players: Sequence[str],
                    count: int = 1000, seed: int = 0) -> dict[str, float]:
    """The share of ``analyze exact manhome``'s sampled positions (``count``, ``seed``: the
    report's 1,000 and 0) where each ``ply-N`` of ``players`` keeps the exact value, the
    kernel's race table replaced by ``table``."""
    from numbergames.solver.manhome import kernel

    solution = policy_table("optimal", rules)
    positions = sample_positions(rules, count, seed)
    space = race_table(rules)[0]
    with mock.patch.object(kernel, "race_table", lambda _rules: (space, table)):
        return {name: agreement(solution, name, positions, seed).share for name in players}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("h", nargs="*", type=float, default=[0.0, 0.03, 0.06])
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    parser.add_argument("--by-square", action="store_true",
                        help="a man's chance is h times its square's exposure (mean 1)")
    parser.add_argument("--decisions", default="",
                        help="comma-separated ply-N players: their shares on each table too")
    args = parser.parse_args(argv)
    try:
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        scale = exposure(rules) if args.by_square else np.ones(rules.squares)
        if any(not 0.0 <= h * scale.max() < 1.0 for h in args.h):
            raise ValueError("every chance of a hit must be in [0, 1)")
        players = [p for p in args.decisions.split(",") if p]
        if any(not p.startswith("ply-") for p in players):
            raise ValueError("--decisions takes ply-N players")
        for p in players:
            parse_policy(p)
        race_table(rules)
        for h in args.h:
            table = hit_table(rules, h * scale)
            row = leaf_errors(rules, table)
            print(f"h={h:g}{' by square' if args.by_square else ''}: "
                  + ", ".join(f"{k} {v:.0f}" if k == "pairs" else f"{k} {v:.4f}" if k == "absolute"
                              else f"{k} {v:+.4f}" for k, v in row.items()), flush=True)
            for name, share in decision_shares(rules, table, players).items():
                print(f"  {name} keeps {share:.3f}", flush=True)
    except (LookupError, ValueError) as error:
        print(f"manhome_leaf_error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
