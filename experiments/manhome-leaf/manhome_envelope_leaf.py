"""How much of the envelope should Man Home's race search mix in (``adapt-N``'s weight)?

The race table (:mod:`numbergames.solver.manhome.race`) gives ``F(n) = P(N <= n)``, the chance that a
side needs at most ``n`` more goes, under the solitaire's one policy (the fewest goes on
average); the *envelope* ``F*(n)`` is, for every ``n`` on its own, the best chance of
finishing within ``n`` goes (the module's docstring). Here ``adapt-DEPTH`` searches on the
table ``ALPHA * F* + (1 - ALPHA) * F`` in the kernel (its ``adapt`` table given for each
``ALPHA``) at the positions of the exact report's comparison with optimal play
(:func:`numbergames.solver.manhome.duel_play.sample_positions`, ``--count`` positions of ``--seed``, the
keep tolerance of :func:`numbergames.solver.manhome.duel_play.agreement`). ``ALPHA`` 0 is ``ply-N``,
the module's ``ENVELOPE_WEIGHT`` is ``adapt-N``.

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_envelope_leaf.py
        DEPTH [--alphas 0,0.5,1]
        [--seed S --count C --rows R --men M --win W]

Prints how many decisive positions each ``ALPHA`` keeps.

Measured 2026-11-29 on the 36-square duel (3 men, 2 home), of the decisive positions kept.
The weight was chosen on seeds 1, 2, 3 (996, 997, 994 decisive; 2,987 together) and judged on
seed 0 (992), the exact report's sample. Depth 3, seeds 1 + 2 + 3: 2,812 (``ply-3``), 2,822,
2,829, 2,837, 2,841, 2,846, 2,848, 2,845, 2,844 at ``alpha`` 0, 0.1, 0.2, 0.3, 0.35, 0.4,
0.45, 0.5, 0.6 (a few seconds each). Depth 4: 2,867 at 0 (958 / 957 / 952), 2,894 at 0.45,
2,895 at 0.5 (966 / 963 / 966; 2 to 3 minutes a seed and weight on two processes): 0.5
taken. Judged on seed 0: ``ply-4`` keeps 939 (0.947), ``adapt-4`` 958 (0.966); at 0.2, 0.3:
945, 951. Depth 3 on seed 0: 935 at 0, 936 / 940 / 940 / 940 / 941 / 941 / 939 / 938 / 934
at 0.1 / 0.15 / 0.2 / 0.3 / 0.35 / 0.4 / 0.5 / 0.6 / 0.75. Depth 1 on seed 0: 911, 919,
921, 922, 921, 909, 885 at 0, 0.25, 0.4, 0.5, 0.6, 0.75, 1. On the 18-square duel (``--rows
3``, 996 decisive): depth 1 923, 929, 932, 918, 897 at 0, 0.25, 0.5, 0.75, 1; depth 2 947,
945, 943 at 0, 0.25, 0.5. Pooled over the four samples (3,979 decisive positions) ``ply-4``
keeps 0.957, ``adapt-4`` 0.968: the envelope's gain is at depth, where the search already
sees a turn or two of the opponent and the leaf stands for the rest of the race.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from numbergames.solver.manhome.duel_play import Values, decisive, position_key, sample_positions
from numbergames.solver.manhome.kernel import config
from numbergames.solver.manhome.policies import PLY_MAX_DEPTH, policy_table, race_tables
from numbergames.solver.manhome.race import race_mix
from numbergames.solver.manhome.rules import ManHomeRules


def kept(rules: ManHomeRules, depth: int, alphas: list[float], count: int = 1000,
         seed: int = 0) -> tuple[dict[float, int], int]:
    """({alpha: positions where ``adapt-DEPTH`` on that mix keeps the exact value},
    decisive positions)."""
    from numbergames.cext.manhome.play import KernelState

    positions = sample_positions(rules, count, seed)
    found = list(decisive(Values(policy_table("optimal", rules)), positions))
    _, cdf, envelope = race_tables(rules)
    base = config(rules, [f"adapt-{depth}"] * 2)
    good = {}
    for alpha in alphas:
        setup = dict(base, adapt=np.ascontiguousarray(race_mix(cdf, envelope, alpha)))
        good[alpha] = 0
        for n, p, _, keeps in found:
            state = KernelState(setup, position_key(seed, n))
            for action in p.history:
                state.apply_action(action)
            good[alpha] += keeps[p.state.legal_actions().index(int(state.decide()))]
    return good, len(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("depth", type=int)
    parser.add_argument("--alphas", default="0,0.25,0.5,0.75,1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        alphas = [float(a) for a in args.alphas.split(",")]
        if not 1 <= args.depth <= PLY_MAX_DEPTH or not 0 <= min(alphas) <= max(alphas) <= 1:
            raise ValueError(f"the depth must be 1 to {PLY_MAX_DEPTH} and every alpha in 0..1")
        if args.count < 1:
            raise ValueError("the count must be 1 or more")
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        good, total = kept(rules, args.depth, alphas, args.count, args.seed)
    except (LookupError, ValueError) as error:
        print(f"manhome_envelope_leaf: {error}", file=sys.stderr)
        return 2
    for alpha, n in good.items():
        print(f"depth {args.depth}, alpha {alpha}: {n} of {total} kept, {n / total:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
