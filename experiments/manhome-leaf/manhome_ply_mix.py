"""Does mixing two depths of Man Home's ``ply-N`` search play closer to the solution than
either? On a solved duel (the exact report's positions, seed and keep tolerance, as
:func:`numbergames.solver.manhome.duel_play.agreement`), the player that takes the action of the highest
``w * value(depth A) + (1 - w) * value(depth B)`` (the race search of
:class:`numbergames.solver.manhome.race.Race`, the new man only when strictly better, the first move in
canonical order among equals), for ``w`` from 0 to 1.

Where ``ply-A`` and ``ply-B`` choose the same action it maximises both values, so it
maximises every mix: only the positions where they differ are searched again (the reference
engine, at both depths); everywhere else the kernel's choice of ``ply-A`` is the mix's.

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_ply_mix.py
        [--depths 3,4] [--rows R --men M --win W]

Measured 2026-11-29 (the 36-square duel, 3 men, 2 home, depths 3 and 4; 19 minutes beside
another job, most of it the solve): of 992 decisive positions ``ply-3`` keeps 935, ``ply-4`` 939; they
differ on 25; the mixes keep 939 (w = 0), 941 (0.1, 0.2), 942 (0.3: 0.9496), 940 (0.4, 0.5),
939 (0.6), 937 (0.7), 934 (0.8, 0.9), 935 (1). The odd-even swing of the leaf is not what
holds the search under 0.95 either, and a weight chosen on the sample it is judged on would
flatter it: not taken (FINDINGS.md).
"""
from __future__ import annotations

import argparse
import sys

from numbergames.solver.manhome.duel_play import Values, decisions, decisive, sample_positions
from numbergames.solver.manhome.policies import PlyPolicy, policy_table
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import Phase


def depth_values(race, state, depth: int) -> list[float]:
    """The mover's value of each legal action at ``depth`` (option node: new man, action)."""
    t, pos = state.to_move, race.position(state)
    if state.phase == Phase.OPTION:
        return [race.new_value(pos, t, depth)[t], race.action_value(pos, t, depth)[t]]
    return [race.arrive(pos, t, m.source, m.target, depth)[t] for m in state.moves()]


def pick(values: list[float], option: bool) -> int:
    """The index the ply search takes: the new man (0) only when strictly better; else the
    first of the highest."""
    if option:
        return 0 if values[0] > values[1] else 1
    return max(range(len(values)), key=lambda i: (values[i], -i))


def mixes(rules: ManHomeRules, depths: tuple[int, int], weights: list[float],
          count: int = 1000, seed: int = 0) -> tuple[int, dict[str, int], int, dict[float, int]]:
    """(decisive positions, kept by each depth's player, positions where they differ,
    kept by each weight's mix)."""
    values = Values(policy_table("optimal", rules))
    positions = sample_positions(rules, count, seed)
    names = [f"ply-{d}" for d in depths]
    chosen = {name: decisions(rules, name, positions, seed) for name in names}
    race = PlyPolicy(depths[0], rules).race
    total = 0
    kept = dict.fromkeys(names, 0)
    differ = 0
    mixed = dict.fromkeys(weights, 0)
    for n, p, _, keeps in decisive(values, positions):
        total += 1
        actions = p.state.legal_actions()
        for name in names:
            kept[name] += keeps[actions.index(chosen[name][n])]
        if chosen[names[0]][n] == chosen[names[1]][n]:
            for w in weights:
                mixed[w] += keeps[actions.index(chosen[names[0]][n])]
            continue
        differ += 1
        a, b = (depth_values(race, p.state, d) for d in depths)
        for w in weights:
            mix = [w * x + (1.0 - w) * y for x, y in zip(a, b)]
            mixed[w] += keeps[pick(mix, p.state.phase == Phase.OPTION)]
    return total, kept, differ, mixed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", default="3,4")
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        depths = tuple(int(d) for d in args.depths.split(","))
        if len(depths) != 2 or min(depths) < 1:
            raise ValueError(f"--depths needs two depths from 1, not {args.depths!r}")
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        weights = [i / 10 for i in range(11)]
        decisive, kept, differ, mixed = mixes(rules, depths, weights)
    except (LookupError, ValueError) as error:
        print(f"manhome_ply_mix: {error}", file=sys.stderr)
        return 2
    print(f"{args.rows * 6} squares, {args.men} men, {args.win} home: {decisive} decisive "
          f"positions; " + ", ".join(f"{k} keeps {v}" for k, v in kept.items())
          + f"; they differ on {differ}")
    for w, n in mixed.items():
        print(f"  w = {w:.1f} (weight of ply-{depths[0]}): {n} kept, {n / decisive:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
