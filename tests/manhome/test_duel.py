"""Two-player Man Home solved exactly: the kernel against the readable reference, both
against a hand-written Markov chain, and the solution against the engine's own rules.

The engine checks play one turn of :class:`~numbergames.solver.manhome.state.ManHomeState` from a set-up
position, node by node, its chance nodes drawing from scripted dice
(:meth:`~numbergames.solver.manhome.state.ManHomeState.draw_chance`), enumerating every roll, so the transitions come from the engine, not from the solvers.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from numbergames.solver.manhome.duel import (NO_STATE, DuelEquations, duel_space, solve_duel,
                                 solve_duel_reference)
from numbergames.solver.manhome.state import (ACTION, NEW_MAN, Kind, ManHomeState, Phase, action_moves,
                                  play_game)
from numbergames.solver.manhome.rules import ManHomeRules
from tests.manhome.scripted import Always, play_turn

TINY = [  # (board_rows, men_per_player, men_to_win, tie, extra_turn)
    (1, 1, 1, "defender", True),
    (1, 1, 1, "attacker", False),
    (1, 2, 1, "reroll", True),
    (1, 2, 2, "defender", False),
    (1, 2, 2, "attacker", True),
    (1, 2, 2, "reroll", False),
    (2, 1, 1, "reroll", False),
    (2, 1, 1, "defender", True),
    (2, 2, 1, "attacker", False),
    (2, 2, 2, "reroll", True),
]


def duel_rules(rows, men, win, tie="defender", extra=True):
    return ManHomeRules(board_rows=rows, men_per_player=men, men_to_win=win, tie=tie,
                        extra_turn=extra)


_reference_cache: dict = {}


def reference(rules):
    if rules not in _reference_cache:
        _reference_cache[rules] = solve_duel_reference(rules)
    return _reference_cache[rules]


def rules_id(case):
    rows, men, win, tie, extra = case
    return f"rows{rows}-men{men}-win{win}-{tie}-{'extra' if extra else 'noextra'}"


# ------------------------------------------------------------- (a) kernel = reference


@pytest.mark.parametrize("case", TINY, ids=rules_id)
def test_kernel_agrees_with_reference(case):
    rules = duel_rules(*case)
    ref, ker = reference(rules), solve_duel(rules)
    assert ref.converged and ker.converged
    assert ker.solver == "kernel" and ref.solver == "reference"
    assert ker.values.shape == ref.values.shape == (ref.size ** 2,)
    assert ker.decisions.shape == ref.decisions.shape == (ref.size ** 2, 4)
    assert ker.values.dtype == np.float64 and ker.decisions.dtype == np.uint8
    assert np.array_equal(np.isnan(ker.values), np.isnan(ref.values))
    assert np.nanmax(np.abs(ker.values - ref.values)) < 1e-9
    assert abs(ker.first_player_win - ref.first_player_win) < 1e-9
    assert ker.states == ref.states == int(np.sum(~np.isnan(ref.values)))
    assert ker.updates == ker.sweeps * ker.states and ref.updates == ref.sweeps * ref.states
    # decisions agree wherever the best option / move is unique by more than 1e-9
    eq = DuelEquations(rules, ref.values)
    for a, b in eq.pairs:
        i = a * eq.size + b
        new, moves = eq.options(a, b)
        if moves is not None:
            for k, results in enumerate(moves):
                best = max(results)
                if sum(r > best - 1e-9 for r in results) == 1:
                    assert ker.decisions[i, k + 1] == ref.decisions[i, k + 1], (a, b, k)
        if new is not None and moves is not None:
            action = sum(max(r) for r in moves) / 3
            if abs(new - action) > 1e-9:
                assert ker.decisions[i, 0] == ref.decisions[i, 0] == int(new > action), (a, b)
    impossible = np.isnan(ref.values)
    assert (ker.decisions[impossible] == NO_STATE).all()
    assert (ker.decisions[~impossible] != NO_STATE).all()


def test_kernel_and_reference_add_in_the_same_order():
    # the kernel mirrors the reference's arithmetic, so the sweeps and the bits agree
    rules = duel_rules(1, 2, 2, "attacker", True)
    ref, ker = reference(rules), solve_duel(rules)
    assert ker.sweeps == ref.sweeps
    assert np.array_equal(ker.values, ref.values, equal_nan=True)
    assert np.array_equal(ker.decisions, ref.decisions)


# --------------------------------------------------- (b) facts checked by other means


def hand_chain(q: Fraction, extra: bool) -> dict:
    """board_rows=1, men_per_player=1, men_to_win=1 written out by hand. A side is
    0 (no man on the board) or the square 2..5 of the man; a player with a man has no
    reserve and must act, one with none must roll a new man; every square 2..5 has one
    prime, so nobody ever chooses and the game is a Markov chain. Solved exactly."""
    sides = [0, 2, 3, 4, 5]
    pairs = [(a, b) for a in sides for b in sides if a == 0 or a != b]
    col = {p: i for i, p in enumerate(pairs)}
    n = len(pairs)
    # x = c + M x, as exact fractions
    M = [[Fraction(0)] * n for _ in range(n)]
    c = [Fraction(0)] * n
    targets = {2: (1, 0, 1), 3: (2, 0, 1), 4: (3, 2, 2), 5: (4, 0, 1)}  # s-1, s-p, s/p

    def add(i, p, t, b):
        """A man of the mover (nothing else of his on the board) arrives at t."""
        if t == 1:                                    # home: he wins
            c[i] += p
        elif t == 0:                                  # dies; turn passes: 1 - V(b, 0)
            c[i] += p
            M[i][col[(b, 0)]] -= p
        elif t == b:                                  # face-off
            if extra:                                 # kill: V(t, 0) again
                M[i][col[(t, 0)]] += p * q
            else:                                     # kill: 1 - V(0, t)
                c[i] += p * q
                M[i][col[(0, t)]] -= p * q
            c[i] += p * (1 - q)                       # killed: 1 - V(b, 0)
            M[i][col[(b, 0)]] -= p * (1 - q)
        else:                                         # stands: 1 - V(b, t)
            c[i] += p
            M[i][col[(b, t)]] -= p

    for (a, b), i in col.items():
        if a == 0:
            for t in range(6):
                add(i, Fraction(1, 6), t, b)
        else:
            for t in targets[a]:
                add(i, Fraction(1, 3), t, b)
    # (I - M) x = c by Gauss-Jordan elimination on fractions
    A = [[Fraction(int(r == k)) - M[r][k] for k in range(n)] + [c[r]] for r in range(n)]
    for k in range(n):
        pivot = next(r for r in range(k, n) if A[r][k] != 0)
        A[k], A[pivot] = A[pivot], A[k]
        A[k] = [x / A[k][k] for x in A[k]]
        for r in range(n):
            if r != k and A[r][k] != 0:
                f = A[r][k]
                A[r] = [x - f * y for x, y in zip(A[r], A[k])]
    return {p: A[col[p]][n] for p in pairs}


@pytest.mark.parametrize("tie, extra", [("defender", True), ("attacker", False),
                                        ("reroll", True), ("reroll", False)])
def test_smallest_duel_by_hand(tie, extra):
    rules = duel_rules(1, 1, 1, tie, extra)
    exact = hand_chain(Fraction(*rules.attacker_win_chance), extra)
    for sol in (reference(rules), solve_duel(rules)):
        assert sol.states == len(exact) == 21
        for (a, b), value in exact.items():
            mover = (0, () if a == 0 else (a,))
            opponent = (0, () if b == 0 else (b,))
            assert abs(sol.value(mover, opponent) - float(value)) < 1e-10, (a, b)
        assert abs(sol.first_player_win - float(exact[(0, 0)])) < 1e-10
    # and by hand: a lone man on 2 goes home on subtract one and on divide (2/3), dies on
    # subtract two, and then the opponent moves with the mover's board empty
    for b in (0, 3, 4, 5):
        assert exact[(2, b)] == Fraction(2, 3) + Fraction(1, 3) * (1 - exact[(b, 0)])


@pytest.mark.parametrize("case", TINY, ids=rules_id)
def test_values_are_chances_and_forced_options_are_taken(case):
    rules = duel_rules(*case)
    sol = reference(rules)
    space = duel_space(rules)
    sides = list(space.sides())
    assert sol.first_player_win > 0.5          # moving first helps (all these rules)
    for a, (h, men) in enumerate(sides):
        for b, (g, theirs) in enumerate(sides):
            i = a * space.size + b
            if set(men) & set(theirs):
                assert math.isnan(sol.values[i]) and (sol.decisions[i] == NO_STATE).all()
                continue
            v = sol.values[i]
            assert 0.0 < v < 1.0
            row = sol.decisions[i]
            if not men:                            # nothing to act with: new man
                assert row.tolist() == [1, 0, 0, 0]
            elif space.reserve(h, men) == 0:       # nothing to roll: action
                assert row[0] == 0
            for k, kind in enumerate((Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME)):
                assert row[k + 1] < max(1, len(action_moves(sorted(men), kind)))
            # one man from winning with a man on 2: subtract one and divide both bring
            # him home, so the action alone wins with chance 2/3
            if h == rules.men_to_win - 1 and 2 in men:
                assert v >= 2 / 3 - 1e-12


def test_who_wins_ties_matters_as_expected():
    # on these boards the first player does best when defenders win ties, worst when
    # attackers do (the second player is more often the attacker)
    for rows, men, win in [(1, 1, 1), (1, 2, 2), (2, 2, 1)]:
        for extra in (True, False):
            v = {tie: solve_duel(duel_rules(rows, men, win, tie, extra)).first_player_win
                 for tie in ("defender", "reroll", "attacker")}
            assert v["defender"] > v["reroll"] > v["attacker"] > 0.5, (rows, men, win, v)


# ------------------------------------------ the engine's own transitions, enumerated


class NeedRoll(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class ScriptedDice:
    """Replays ``rolls``; asks for one more (NeedRoll) when they run out."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls, self.used = rolls, 0

    def roll(self, sides: int) -> int:
        if self.used == len(self.rolls):
            raise NeedRoll(sides)
        self.used += 1
        return self.rolls[self.used - 1]


def FixedChoice(new_man: bool, move: int = 0) -> Always:
    """A player that takes new man or not, and move number ``move``, as told."""
    return Always(new_man=new_man, move=move)


def position(rules, mover, opponent) -> ManHomeState:
    """A game with seat 0 (``mover``, to move) and seat 1 as given by sides (home, men)."""
    sides = (mover, opponent)
    return ManHomeState.setup(rules, {seat: men for seat, (_, men) in enumerate(sides)},
                              {seat: home for seat, (home, _) in enumerate(sides)})


def turn_outcomes(rules, mover, opponent, policy, first_rolls, plain):
    """Every way the engine can play seat 0's turn: [(probability, game after)].

    The first ``plain`` rolls (new man: row die and d6; action: the d6) are uniform and
    start from ``first_rolls``; the rest are face-offs: attacker's die, defender's die,
    and under tie = reroll the defender's die is drawn given it differs (the rerolls
    of ties amount to exactly that)."""
    out, stack = [], [(list(first_rolls), 1.0)]
    while stack:
        rolls, p = stack.pop()
        game = position(rules, mover, opponent)
        try:
            play_turn(game, policy, ScriptedDice(rolls), None)
        except NeedRoll as need:
            faces = list(range(1, need.sides + 1))
            in_faceoff = len(rolls) - plain
            if in_faceoff >= 0 and in_faceoff % 2 == 1 and rules.tie == "reroll":
                faces.remove(rolls[-1])
            stack.extend((rolls + [f], p / len(faces)) for f in faces)
            continue
        out.append((p, game))
    assert abs(sum(p for p, _ in out) - 1.0) < 1e-12
    return out


KIND_FACE = {Kind.SUB_ONE: 1, Kind.SUB_PRIME: 2, Kind.DIV_PRIME: 3}


def engine_options(rules, mover, opponent):
    """{"new": outcomes or None, kind: [outcomes of each move] or None}, from the engine."""
    home, men = mover
    can_new = rules.men_per_player - home - len(men) > 0
    options = {"new": turn_outcomes(rules, mover, opponent, FixedChoice(True), [], 2)
               if can_new else None}
    for kind in KIND_FACE:
        moves = action_moves(list(men), kind)
        options[kind] = [turn_outcomes(rules, mover, opponent, FixedChoice(False, i),
                                       [KIND_FACE[kind]], 1)
                         for i in range(len(moves))] if men else None
    return options


def sides_of(game):
    return ((game.home[0], tuple(game.men[0])), (game.home[1], tuple(game.men[1])))


def expected(outcomes, sol):
    """The mover's chance after the turn, by the solution's values."""
    total = 0.0
    for p, game in outcomes:
        if game.winner == 0:
            total += p
            continue
        assert game.winner == -1
        me, them = sides_of(game)
        total += p * (sol.value(me, them) if game.to_move == 0 else 1.0 - sol.value(them, me))
    return total


ENGINE_CASES = [c for c in TINY if c[0] == 1] + [(2, 1, 1, "attacker", True)]


@pytest.mark.parametrize("case", ENGINE_CASES, ids=rules_id)
def test_bellman_residual_by_the_engine(case):
    """(c) One Gauss-Seidel-free sweep of the Bellman equations, with the transitions
    taken from the engine: the kernel's values are a fixed point, its decisions attain it."""
    rules = duel_rules(*case)
    sol = solve_duel(rules)
    sides = list(duel_space(rules).sides())
    worst = 0.0
    for mover in sides:
        for opponent in sides:
            if set(mover[1]) & set(opponent[1]):
                continue
            i = sol.index(mover, opponent)
            options = engine_options(rules, mover, opponent)
            new = expected(options["new"], sol) if options["new"] is not None else -1.0
            action, row = -1.0, sol.decisions[i]
            if mover[1]:
                per_kind = [[expected(o, sol) for o in options[kind]] for kind in KIND_FACE]
                action = sum(max(v) for v in per_kind) / 3
                for k, values in enumerate(per_kind):
                    assert values[row[k + 1]] > max(values) - 1e-9
            worst = max(worst, abs(max(new, action) - sol.values[i]))
            chosen = new if row[0] else action
            assert chosen > max(new, action) - 1e-9
    assert worst < 1e-9


def test_policy_evaluation_by_the_engine():
    """(b) Fix the solved policy, take its transitions from the engine and solve the
    linear equations of its winning chances: they are the solution's values."""
    rules = duel_rules(1, 2, 2, "defender", True)
    sol = solve_duel(rules)
    sides = list(duel_space(rules).sides())
    pairs = [(a, b) for a in sides for b in sides if not set(a[1]) & set(b[1])]
    col = {p: i for i, p in enumerate(pairs)}
    A, c = np.eye(len(pairs)), np.zeros(len(pairs))
    for (mover, opponent), i in col.items():
        row = sol.decisions[sol.index(mover, opponent)]
        options = engine_options(rules, mover, opponent)
        if row[0]:
            weighted = [(1.0, o) for o in options["new"]]
        else:
            weighted = [(1 / 3, o) for k, kind in enumerate(KIND_FACE)
                        for o in options[kind][row[k + 1]]]
        for w, (p, game) in weighted:
            if game.winner == 0:
                c[i] += w * p
                continue
            me, them = sides_of(game)
            if game.to_move == 0:
                A[i, col[(me, them)]] -= w * p
            else:
                c[i] += w * p
                A[i, col[(them, me)]] += w * p
    x = np.linalg.solve(A, c)
    for (mover, opponent), i in col.items():
        assert abs(x[i] - sol.value(mover, opponent)) < 1e-9


class DuelPolicy:
    """Plays the solved decisions."""

    name = "duel"

    def __init__(self, sol) -> None:
        self.sol = sol

    def row(self, game, seat):
        me = (game.home[seat], tuple(game.men[seat]))
        them = (game.home[1 - seat], tuple(game.men[1 - seat]))
        return self.sol.decisions[self.sol.index(me, them)]

    def choose(self, state, choices):
        row = self.row(state, state.to_move)
        if state.phase == Phase.OPTION:
            return NEW_MAN if row[0] else ACTION
        return state.legal_actions()[int(row[int(state.kind)])]


def test_optimal_play_wins_as_often_as_the_values_say():
    rules = duel_rules(1, 2, 2, "defender", True)
    sol = solve_duel(rules)
    policy = DuelPolicy(sol)
    keys = np.random.PCG64(2024).random_raw(3000)
    wins = [play_game(rules, [policy, policy], int(k)).winner for k in keys]
    assert -1 not in wins
    rate = wins.count(0) / len(wins)
    sigma = math.sqrt(sol.first_player_win * (1 - sol.first_player_win) / len(wins))
    assert abs(rate - sol.first_player_win) < 4 * sigma


def test_kernel_fixed_point_on_a_larger_board():
    # board_rows=3, two men, two to win: 23,716 pairs; the reference's equations checked
    # on a sample of the kernel's values
    rules = duel_rules(3, 2, 2, "reroll", True)
    sol = solve_duel(rules)
    assert sol.converged and 0.5 < sol.first_player_win < 1
    eq = DuelEquations(rules, sol.values)
    rng = np.random.default_rng(7)
    for j in rng.choice(len(eq.pairs), 1500, replace=False):
        a, b = eq.pairs[j]
        value, _ = eq.bellman(a, b)
        assert abs(value - sol.values[a * eq.size + b]) < 1e-9


# ------------------------------------------------------------------------- arguments


def test_bad_arguments_are_refused():
    from numbergames.solver.manhome.exact_kernels import solve_duel as solve

    with pytest.raises(ValueError, match="players = 2"):
        solve_duel(ManHomeRules(players=3, board_rows=1, men_per_player=1, men_to_win=1))
    with pytest.raises(ValueError, match="players = 2"):
        solve(ManHomeRules(players=3, board_rows=1, men_per_player=1, men_to_win=1))
    big = ManHomeRules(board_rows=12, men_per_player=3, men_to_win=2)
    with pytest.raises(ValueError, match="pairs"):
        solve_duel(big)
    with pytest.raises(ValueError, match="pairs"):
        solve(big)
    with pytest.raises(ValueError, match="pairs"):
        solve(ManHomeRules())                  # six men: sides beyond counting
    with pytest.raises(ValueError, match="pairs"):
        solve_duel_reference(duel_rules(4, 2, 2))    # 76,729 pairs: too many for Python
    with pytest.raises(ValueError, match="max_sweeps"):
        solve_duel(duel_rules(1, 1, 1), max_sweeps=0)
    with pytest.raises(ValueError, match="tol"):
        solve(duel_rules(1, 1, 1), float("nan"))


def test_sweep_limit_is_reported():
    rules = duel_rules(1, 2, 2)
    for sol in (solve_duel(rules, max_sweeps=3), solve_duel_reference(rules, max_sweeps=3)):
        assert sol.sweeps == 3 and not sol.converged and sol.updates == 3 * sol.states
