"""Where a Man Home player misses optimal play on a solved duel: each decisive position of
``analyze exact manhome``'s sample (the same positions, seed and keep tolerance as
:func:`numbergames.solver.manhome.duel_play.agreement`) where the player's action loses value, sorted by
what the best and the chosen move do: an option node (new man or action), or a move to Home,
to Death, onto an opponent's man (a face-off) or elsewhere (*plain*); for two plain moves,
whether each target can be reached by a move of the opponent's men on the board.

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_misses.py
        [PLAYER] [--rows R --men M --win W]

Measured 2026-11-28 (``ply-3``, the 36-square duel, 3 men, 2 home; about 5 minutes with the
solve): 57 misses — 18 option nodes; 27 plain against plain, 15 of them with neither target
reachable; 5 with a face-off; 7 with Home or Death (FINDINGS.md).
"""
from __future__ import annotations

import argparse
import collections
import sys

from numbergames.solver.manhome.duel_play import KINDS, Values, decisions, decisive, sample_positions
from numbergames.solver.manhome.policies import policy_table
from numbergames.solver.manhome.rules import DEATH, HOME, ManHomeRules
from numbergames.solver.manhome.state import EMPTY, Phase, action_moves


def misses(rules: ManHomeRules, player: str, count: int = 1000, seed: int = 0) -> collections.Counter:
    """The player's misses on ``count`` sampled positions, counted by kind (docstring)."""
    values = Values(policy_table("optimal", rules))
    positions = sample_positions(rules, count, seed)
    out: collections.Counter = collections.Counter()
    chosen = decisions(rules, player, positions, seed)
    for n, p, worth, keeps in decisive(values, positions):
        actions = p.state.legal_actions()
        if keeps[actions.index(chosen[n])]:
            continue
        state = p.state
        if state.phase != Phase.MOVE:
            out["option node"] += 1
            continue
        seat, moves = state.to_move, state.moves()

        def kind(target: int) -> str:
            if target == HOME:
                return "home"
            if target == DEATH:
                return "death"
            occupant = state.board[target]
            return "face-off" if occupant != EMPTY and target not in state.men[seat] else "plain"

        good = moves[max(range(len(worth)), key=worth.__getitem__)].target
        chose = moves[actions.index(chosen[n])].target
        kinds = kind(good), kind(chose)
        out[f"move: best {kinds[0]}, chosen {kinds[1]}"] += 1
        if kinds == ("plain", "plain"):
            reach = {m.target for k in KINDS for m in action_moves(state.men[1 - seat], k)}
            out[f"  plain: best reachable {good in reach}, chosen reachable {chose in reach}"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("player", nargs="?", default="ply-3")
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        counts = misses(rules, args.player)
    except (LookupError, ValueError) as error:
        print(f"manhome_misses: {error}", file=sys.stderr)
        return 2
    print(f"{args.player} on {args.rows * 6} squares, {args.men} men, {args.win} home: "
          f"{sum(v for k, v in counts.items() if not k.startswith('  '))} misses")
    for name, n in sorted(counts.items(), key=lambda item: item[0].strip()):
        print(f"  {n:5d}  {name}")      # the plain pairs' reach rows last
    return 0


if __name__ == "__main__":
    sys.exit(main())
