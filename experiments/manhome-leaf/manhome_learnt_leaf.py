"""Does a leaf learnt from self-play help Man Home's ``ply-N``? Positions are taken from games
the kernel plays with ``ply-1`` in both seats (each decision a uniformly random legal action
with chance ``EPS`` instead, for variety), at the start of every turn, each labelled with
its game's winner. On them a logistic correction of the race evaluation
(:class:`numbergames.solver.manhome.race.Race`) is fitted, from the mover's side:

    logit P(mover wins) = beta * logit(race chance)
                          + sum over pairs of (mover's man a, opponent's man b) of W[a, b]
                          + sum of U[a] over the mover's men + sum of V[b] over the opponent's
                          + D[men home of each, men on the board of each]

(``--groups``: which of W, U, V, D are fitted, letters ``wuvd``; beta always; L2 penalty
``--lam`` on all but beta; scipy's L-BFGS). The pairs see every hit either side's men can
make where they stand; D sees how many men each side has out. The fitted leaf is then searched
at ``DEPTH`` (the reference engine) on the exact report's positions (seed 0, 1,000 sampled,
the keep tolerance of :func:`numbergames.solver.manhome.duel_play.agreement`).

    PYTHONPATH=$PWD python experiments/manhome-leaf/manhome_learnt_leaf.py
        DEPTH [--games G] [--eps 0,0.1]
        [--groups d,wuvd] [--lam L] [--iterations K --positions P] [--rows R --men M --win W]

Prints the race's and the fit's log loss on the training positions and, for every
(eps, groups), how many decisive positions the search with the learnt leaf keeps.

Fitted value iteration (``--iterations K``) fits the same correction to the search instead of
the winners: on ``--positions`` distinct turn starts of those games the target of each is one
turn of the search on the current leaf (the race at first), and each round's fit is the next
round's leaf — the Bellman equations of optimal play, which the exact values satisfy.

Measured 2026-11-29 (depth 1; ``--lam 1e-6``). The 36-square duel (3 men, 2 home; 200,000
games, 2.9 million positions; ``ply-1`` keeps 911 of 992): fitted to the winners, ``d``
896 and ``wuvd`` 867 (log loss 0.6078 -> 0.6066 and 0.6057), with ``--eps 0.1`` 872 and 855
(0.6146 -> 0.6119 and 0.6109) — what the outcomes teach is the chance under ``ply-1``'s own
play, not under the solution's; value iteration on 60,000 positions, three rounds: ``d``
904, 909, 902; ``wuvd`` 899, 906, 899 (its targets differ from the leaf by 0.0054, 0.0082,
0.0073: no fixed point within reach of these features; 22 minutes). The 12-square duel (2
men, 2 home; ``--rows 2 --men 2 --games 20000 --positions 20000``; ``ply-1`` keeps 977 of
1,000): winners ``d`` 974, ``wuvd`` 911; value iteration ``d`` 976, 979, 979 and ``wuvd``
980, 983, 984 — where the positions cover the features, the Bellman fit helps. On 36
squares nothing here lifts the search: not taken (FINDINGS.md).
"""
from __future__ import annotations

import argparse
import math
import sys

import numpy as np
from scipy.optimize import minimize

from numbergames.solver.manhome.duel_play import searches_kept
from numbergames.solver.manhome.kernel import kernel_state
from numbergames.solver.manhome.policies import PlyPolicy
from numbergames.solver.manhome.race import Race
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import EMPTY, Phase

TURN_STARTS = (int(Phase.OPTION), int(Phase.NEW_ROLL), int(Phase.ACT_ROLL))
"""The phases a turn can start in (``KernelState.view()``'s phase)."""
GROUPS = "wuvd"


def selfplay(rules: ManHomeRules, games: int, seed: int, eps: float,
             player: str = "ply-1") -> tuple[np.ndarray, np.ndarray]:
    """(rows, winners): a row ``[mover, home 0, home 1, men 0 (3, -1 padded), men 1]`` at the
    start of every turn of ``games`` kernel games, and each row's game's winner."""
    if rules.players != 2 or rules.men_per_player > 3:
        raise ValueError("the learnt leaf is for two players with 3 men or fewer")
    rng = np.random.default_rng(seed)
    rows: list[list[int]] = []
    winners: list[int] = []
    for _ in range(games):
        game = kernel_state(rules, [player, player], int(rng.integers(1 << 62)))
        start, last = len(rows), None
        while not game.is_terminal():
            view = game.view()
            board, men, home, mover, turns, phase = (view[0], view[1], view[3], view[4],
                                                     view[6], view[12])
            if (turns, mover) != last and phase in TURN_STARTS:
                last = (turns, mover)
                pad = [sorted(m) + [-1] * (3 - len(m)) for m in men]
                rows.append([mover, home[0], home[1], *pad[0], *pad[1]])
            if game.is_chance_node():
                game.apply_action(game.draw_chance())
                continue
            actions = game.legal_actions()
            random = rng.random() < eps
            game.apply_action(actions[rng.integers(len(actions))] if random else game.decide())
        winners.extend([game.view()[5]] * (len(rows) - start))
    return np.array(rows, dtype=np.int64).reshape(-1, 9), np.array(winners, dtype=np.int64)


class Model:
    """The correction's parameters: W (squares x squares), U, V (squares), D (2 x 2 x 4 x 4),
    beta — one flat vector, in that order."""

    def __init__(self, squares: int, theta: np.ndarray | None = None) -> None:
        self.squares = squares
        self.w, self.u = 0, squares * squares
        self.v, self.d = self.u + squares, self.u + 2 * squares
        self.beta = self.d + 64
        self.size = self.beta + 1
        if theta is None:
            theta = np.zeros(self.size)
            theta[self.beta] = 1.0
        self.theta = theta

    def columns(self, movers, homes, men, groups: str):
        """Per position, the parameters that add to its logit: [(index array, 0/1 mask)]."""
        n = len(movers)
        mine, theirs = men[np.arange(n), movers], men[np.arange(n), 1 - movers]
        h = homes[np.arange(n), movers] * 2 + homes[np.arange(n), 1 - movers]
        out = []
        for a in range(3):
            for b in range(3):
                if "w" in groups:
                    out.append((self.w + np.maximum(mine[:, a], 0) * self.squares
                                + np.maximum(theirs[:, b], 0),
                                (mine[:, a] >= 0) & (theirs[:, b] >= 0)))
        for a in range(3):
            if "u" in groups:
                out.append((self.u + np.maximum(mine[:, a], 0), mine[:, a] >= 0))
            if "v" in groups:
                out.append((self.v + np.maximum(theirs[:, a], 0), theirs[:, a] >= 0))
        if "d" in groups:
            out.append((self.d + (h * 4 + (mine >= 0).sum(1)) * 4 + (theirs >= 0).sum(1),
                        np.ones(n, dtype=bool)))
        return [(index, mask.astype(np.float64)) for index, mask in out]


def race_logits(race: Race, movers, homes, men) -> np.ndarray:
    """logit of the race chance of the mover, normalised over the two seats (each distinct
    position evaluated once)."""
    seen: dict[tuple, float] = {}
    out = np.empty(len(movers))
    for i, t in enumerate(movers):
        key = (int(t), int(homes[i, 0]), int(homes[i, 1]), *(int(x) for x in men[i].flat))
        if key not in seen:
            sides = [[int(x) for x in men[i, s] if x >= 0] for s in range(2)]
            p = race.leaf([key[1], key[2]], sides, key[0])
            q = min(max(p[key[0]] / (p[0] + p[1]), 1e-6), 1 - 1e-6)
            seen[key] = math.log(q / (1 - q))
        out[i] = seen[key]
    return out


def fit(race: Race, rows: np.ndarray, winners: np.ndarray, groups: str, lam: float,
        logits: np.ndarray | None = None) -> tuple[Model, float, float]:
    """(the fitted model, the race's log loss, the fit's) on the rows of decided games
    (``rows`` and ``winners`` as :func:`selfplay` gives them; ``logits`` their
    :func:`race_logits`, computed when not given)."""
    decided = winners >= 0
    rows, winners = rows[decided], winners[decided]
    logits = race_logits(race, *split(rows)) if logits is None else logits[decided]
    return fit_targets(race, rows, (winners == rows[:, 0]).astype(np.float64), groups, lam,
                       logits)


def split(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(movers, homes by seat, men by seat) of :func:`selfplay`'s rows."""
    return rows[:, 0], rows[:, 1:3], rows[:, 3:9].reshape(-1, 2, 3)


def fit_targets(race: Race, rows: np.ndarray, y: np.ndarray, groups: str, lam: float,
                logits: np.ndarray, start: Model | None = None) -> tuple[Model, float, float]:
    """The model fitted to the mover's chances ``y`` (0/1 outcomes or chances) by cross
    entropy: (the model, the race's loss, the fit's; without the penalty)."""
    movers, homes, men = split(rows)
    model = Model(race.rules.squares, None if start is None else start.theta.copy())
    columns = model.columns(movers, homes, men, groups)
    n, size, beta = len(y), model.size, model.beta

    def loss(theta):
        z = theta[beta] * logits
        for index, mask in columns:
            z = z + theta[index] * mask
        p = 1.0 / (1.0 + np.exp(-z))
        value = -(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)).mean()
        residual = (p - y) / n
        grad = np.zeros(size)
        for index, mask in columns:
            grad += np.bincount(index, weights=residual * mask, minlength=size)
        grad[beta] = (residual * logits).sum()
        grad[:beta] += 2 * lam * theta[:beta]
        return value + lam * (theta[:beta] ** 2).sum(), grad

    base = loss(Model(model.squares).theta)[0]
    result = minimize(loss, model.theta, jac=True, method="L-BFGS-B",
                      options={"maxiter": 500})
    model.theta = result.x
    return model, base, loss(result.x)[0] - lam * (result.x[:beta] ** 2).sum()


class LearntRace(Race):
    """The race search with the fitted leaf (module docstring)."""

    def __init__(self, race: Race, model: Model) -> None:
        super().__init__(race.rules, race.space, race.table)
        self.model = model
        s, theta = model.squares, model.theta
        self.pairs = theta[:s * s].reshape(s, s).tolist()
        self.mine = theta[model.u:model.v].tolist()
        self.theirs = theta[model.v:model.d].tolist()
        self.counts = theta[model.d:model.beta].tolist()
        self.beta = float(theta[model.beta])

    def leaf(self, homes: list[int], men: list[list[int]], t: int) -> list[float]:
        o = 1 - t
        p = super().leaf(homes, men, t)
        q = min(max(p[t] / (p[t] + p[o]), 1e-6), 1 - 1e-6)
        z = self.beta * math.log(q / (1 - q))
        for a in men[t]:
            z += self.mine[a] + sum(self.pairs[a][b] for b in men[o])
        z += sum(self.theirs[b] for b in men[o])
        z += self.counts[((homes[t] * 2 + homes[o]) * 4 + len(men[t])) * 4 + len(men[o])]
        out = [0.0, 0.0]
        out[t] = 1.0 / (1.0 + math.exp(-z))
        out[o] = 1.0 - out[t]
        return out


def position(rules: ManHomeRules, row: np.ndarray) -> tuple[tuple, int]:
    """The search's position (:meth:`Race.position`'s form) of one of :func:`selfplay`'s rows,
    and the seat to move."""
    homes = [int(row[1]), int(row[2])]
    men = [[int(x) for x in row[3:6] if x >= 0], [int(x) for x in row[6:9] if x >= 0]]
    board = [EMPTY] * rules.squares
    for seat in range(2):
        for square in men[seat]:
            board[square] = seat
    reserve = [rules.men_per_player - homes[s] - len(men[s]) for s in range(2)]
    return (homes, men, reserve, board), int(row[0])


def value_iteration(race: Race, rows: np.ndarray, groups: str, lam: float, iterations: int,
                    positions: int, seed: int = 0) -> list[tuple[Model, float]]:
    """Fitted value iteration: on ``positions`` distinct rows (drawn with ``seed``), the
    target of each is one turn of the search on the current leaf (the race at first), the
    mover's chance of the two; the model fitted to it is the next leaf. Returns each
    iteration's (model, mean absolute difference between the targets and the leaf)."""
    distinct = np.unique(rows, axis=0)
    rng = np.random.default_rng(seed)
    rows = distinct[rng.choice(len(distinct), size=min(positions, len(distinct)),
                               replace=False)]
    logits = race_logits(race, *split(rows))
    leaf, model, out = race, None, []
    for _ in range(iterations):
        y = np.empty(len(rows))
        now = np.empty(len(rows))
        for i, row in enumerate(rows):
            pos, t = position(race.rules, row)
            v = leaf.value(pos, t, 1)
            y[i] = min(max(v[t] / (v[0] + v[1]), 1e-6), 1 - 1e-6)
            w = leaf.leaf(pos[0], pos[1], t)
            now[i] = w[t] / (w[0] + w[1])
        model = fit_targets(race, rows, y, groups, lam, logits, model)[0]
        out.append((model, float(np.abs(y - now).mean())))
        leaf = LearntRace(race, model)
    return out


def kept(rules: ManHomeRules, depth: int, races: dict, count: int = 1000,
         seed: int = 0) -> tuple[dict, int]:
    """({name: positions where that race search keeps the exact value}, decisive positions)."""
    return searches_kept(rules, depth, races, count, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("depth", type=int)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--eps", default="0,0.1")
    parser.add_argument("--groups", default="d,wuvd")
    parser.add_argument("--lam", type=float, default=1e-6)
    parser.add_argument("--iterations", type=int, default=0,
                        help="rounds of fitted value iteration (0: none)")
    parser.add_argument("--positions", type=int, default=60_000)
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--men", type=int, default=3)
    parser.add_argument("--win", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        eps = [float(e) for e in args.eps.split(",")]
        groups = args.groups.split(",")
        if (args.depth < 1 or args.games < 1 or args.positions < 1 or args.iterations < 0
                or args.lam < 0 or not 0 <= min(eps) <= max(eps) <= 1):
            raise ValueError("the depth, games and positions must be 1 or more, iterations "
                             "and lam 0 or more, eps in 0..1")
        if any(not g or set(g) - set(GROUPS) for g in groups):
            raise ValueError(f"groups are letters of {GROUPS!r}, comma-separated")
        rules = ManHomeRules(board_rows=args.rows, men_per_player=args.men, men_to_win=args.win)
        base = PlyPolicy(args.depth, rules).race
        races = {"ply": base}
        for e in eps:
            rows, winners = selfplay(rules, args.games, seed=1, eps=e)
            logits = race_logits(base, rows[:, 0], rows[:, 1:3], rows[:, 3:9].reshape(-1, 2, 3))
            for g in groups:
                model, before, after = fit(base, rows, winners, g, args.lam, logits)
                print(f"eps {e}, groups {g}: {len(rows)} positions, log loss {before:.4f} -> "
                      f"{after:.4f}, beta {model.theta[model.beta]:.3f}", flush=True)
                races[f"eps {e}, groups {g}"] = LearntRace(base, model)
                rounds = value_iteration(base, rows, g, args.lam, args.iterations,
                                         args.positions)
                for k, (model, residual) in enumerate(rounds, 1):
                    print(f"eps {e}, groups {g}, value iteration {k}: targets differ from "
                          f"the leaf by {residual:.5f}, beta {model.theta[model.beta]:.3f}",
                          flush=True)
                    races[f"eps {e}, groups {g}, value iteration {k}"] = LearntRace(base, model)
        good, decisive = kept(rules, args.depth, races)
    except (LookupError, ValueError) as error:
        print(f"manhome_learnt_leaf: {error}", file=sys.stderr)
        return 2
    for name, n in good.items():
        print(f"depth {args.depth}, {name}: {n} of {decisive} kept, {n / decisive:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
