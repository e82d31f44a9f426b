"""Does a race evaluation that lets each side adapt to the race help Man Home's ``ply-N``?

The race table (:mod:`solver.manhome.race`) gives ``F(n) = P(N <= n)``, the chance that a
side needs at most ``n`` more goes, under the solitaire's one policy (the fewest goes on
average). A side in a race plays for the goes that matter: behind, it takes risks; ahead, it
plays safe. The *envelope* ``F*(n)`` is, for every ``n`` on its own, the best chance of
finishing within ``n`` goes that any way of playing the side gives (a dynamic programme over
the turns, every choice the best for that ``n``: new man or action, and each kind's move);
``F* >= F`` everywhere, and ``F*`` is itself a distribution (it grows with ``n``). The leaf
here is the race evaluation on the table ``ALPHA * F* + (1 - ALPHA) * F`` (rounded to the
race table's scale), searched at ``DEPTH`` turns by the reference search
(:class:`solver.manhome.race.Race`) on the exact report's positions (seed 0, 1,000 sampled,
the keep tolerance of :func:`solver.manhome.duel_play.agreement`). ``ALPHA`` 0 is ``ply-N``.

    PYTHONPATH=$PWD python benchmarks/manhome_envelope_leaf.py DEPTH [--alphas 0,0.5,1]
        [--rows R --men M --win W]

Prints how many decisive positions each ``ALPHA`` keeps.

Measured 2026-11-29 (of the decisive positions kept). The 36-square duel (3 men, 2 home; 992
decisive): depth 1 — 911, 919, 921, 922, 921, 909, 885 at ``alpha`` 0, 0.25, 0.4, 0.5, 0.6,
0.75, 1 (``--alphas 0,0.25,0.4,0.5,0.6,0.75,1``, 8 minutes, most of it the solve); with the
same tables and search (the experiment's own runs, one ``alpha`` at a time): depth 2 — 914 at
0 and at 0.5; depth 3 — 935 at 0 (``ply-3``), 941 at 0.25, 939 at 0.5 (15 to 17 minutes
each on two processes). The 18-square duel (``--rows 3``, 996 decisive): depth 1 — 923, 929,
932, 918, 897 at 0, 0.25, 0.5, 0.75, 1; depth 2 — 947, 945, 943 at 0, 0.25, 0.5. The
envelope helps the one-turn search, whose leaf must stand for the adapting it cannot see;
a deeper search adapts itself, and the mix adds little or costs. Best at depth 3: 941 of 992
(0.9486), under 0.95, with a weight chosen on the sample it is judged on: not taken
(:mod:`solver.manhome.duel_play`).
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from solver.manhome.duel_play import searches_kept
from solver.manhome.policies import PlyPolicy
from solver.manhome.race import KINDS, RACE_SCALE, Race
from solver.manhome.rules import ManHomeRules
from solver.manhome.solitaire import arrive
from solver.manhome.state import action_moves


def envelope(race: Race) -> np.ndarray:
    """``F*`` of every side of the race table's numbering, as floats (module docstring):
    ``P*(side, t)``, the best chance of being done within ``t`` turns, is the best option's
    value — a new man: the mean over the squares; an action: the mean over the kinds of the
    best move's — on ``P*(·, t - 1)``, a finished side 1; read in goes as the race table is
    (a turn that brings a man home, not the last, is no go)."""
    rules, space = race.rules, race.space
    sides = list(space.sides())
    win, squares, count = rules.men_to_win, rules.squares, len(sides)
    done, none = count, count + 1       # where a finished side and a missing move point

    def index(home: int, men: frozenset[int]) -> int:
        return done if home >= win else space.index(home, sorted(men))

    new = np.full((count, squares), none)
    moves = np.full((count, len(KINDS), space.cap * 3), none)
    has_new, has_action = np.zeros(count, bool), np.zeros(count, bool)
    for i, (home, men) in enumerate(sides):
        men = frozenset(men)
        if space.reserve(home, men) > 0 and len(men) < space.cap:
            has_new[i] = True
            new[i] = [index(*arrive(home, men, q)) for q in range(squares)]
        if men:
            has_action[i] = True
            for k, kind in enumerate(KINDS):
                for j, m in enumerate(action_moves(sorted(men), kind)):
                    moves[i, k, j] = index(*arrive(home, men - {m.source}, m.target))
    homes = np.array([home for home, _ in sides])
    out = np.zeros((count, race.columns))
    within = np.zeros(count)
    for t in range(1, race.columns + win):
        p = np.concatenate([within, [1.0, -1.0]])
        by_new, by_action = p[new].mean(1), p[moves].max(2).mean(1)
        within = np.where(has_new & has_action, np.maximum(by_new, by_action),
                          np.where(has_new, by_new, by_action))
        n = t - (win - homes - 1)
        ok = (n >= 1) & (n <= race.columns)
        out[ok, n[ok] - 1] = within[ok]
    return out


def mixed(race: Race, star: np.ndarray, alpha: float) -> Race:
    """The race search on the table ``alpha * F* + (1 - alpha) * F``, both at the race
    table's scale (``F*`` rounded to it first)."""
    scaled = np.rint(star * RACE_SCALE)
    table = np.rint(alpha * scaled + (1.0 - alpha) * race.table.astype(np.float64))
    return Race(race.rules, race.space, table.astype(np.uint16))


def kept(rules: ManHomeRules, depth: int, alphas: list[float], count: int = 1000,
         seed: int = 0) -> tuple[dict[float, int], int]:
    """({alpha: positions where that search keeps the exact value}, decisive positions)."""
    race = PlyPolicy(depth, rules).race
    star = envelope(race)
    return searches_kept(rules, depth, {alpha: mixed(race, star, alpha) for alpha in alphas},
                         count, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("depth", type=int)
    parser.add_argument("--alphas", default="0,0.25,0.5,0.75,1")
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        alphas = [float(a) for a in args.alphas.split(",")]
        if args.depth < 1 or not 0 <= min(alphas) <= max(alphas) <= 1:
            raise ValueError("the depth must be 1 or more and every alpha in 0..1")
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        good, total = kept(rules, args.depth, alphas)
    except (LookupError, ValueError) as error:
        print(f"manhome_envelope_leaf: {error}", file=sys.stderr)
        return 2
    for alpha, n in good.items():
        print(f"depth {args.depth}, alpha {alpha}: {n} of {total} kept, {n / total:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
