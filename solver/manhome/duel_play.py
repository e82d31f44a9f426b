"""The players of :mod:`solver.manhome.policies` against optimal play on a solved two-player
game (:mod:`solver.manhome.duel`): how often a player's decision keeps the exact value.

The positions
-------------
:func:`sample_positions` plays ``count`` games from the start with the reference engine,
each seat's player drawn (seeded) from :data:`SAMPLING_MIX` — so the positions are those
that players of every strength reach, not the solver's whole state space — and takes one
decision node of each game, uniformly among its decision nodes (a node with two or more
legal actions: new man or action; which move after the roll). One position a game keeps
the positions independent. A position is kept as the actions that lead to it from the
start (chance outcomes included), so that the kernel can replay it.

The values
----------
:func:`action_values` gives, for each legal action at a decision node, the mover's exact
chance of winning after it under optimal play by both players from then on — the right-hand
side of the duel's Bellman equations (:class:`solver.manhome.duel.DuelEquations`) read off
the solved values: at an option node, NEW MAN is the mean over the squares a new man may
land on, ACTION the mean over the three kinds of the best move of each; at a move node, each
move's arrival. An action *keeps the value* when its value is within :data:`KEEP` of the
best. A position where every action is within :data:`KEEP` of the best (nothing to get
wrong) is *indifferent*: counted, and left out of the shares.

The players
-----------
:func:`agreement` asks a player by name for its decision at each position. The player of
position ``n`` draws from the choice stream of the key ``seed * 1_000_003 + n``
(:func:`solver.dice.game_streams`), in the kernel (``engine="kernel"``: the kernel's game of
that key, ``KernelState``, replayed to the position with the player in both seats; replaying
applies actions and draws nothing) or in the reference engine (``engine="reference"``:
``player.choose(state, choices)``); the two engines' players decide bit for bit alike
(``tests/test_kernel_decisions.py``), so the shares are the same (the tests check it on a
few positions). The kernel makes ``search-128`` and ``mcts-1024`` affordable.

Measured (``analyze exact manhome``, seed 0, 1,000 positions a duel; share kept with its
95% Wilson interval): on 12 squares, 2 men, 2 home ``expert`` keeps 0.959 (0.945–0.970),
``greedy`` 0.781, ``search-128`` 0.713 (0.684–0.740), ``mcts-1024`` 0.671, ``random``
0.506; on 18 squares, 3 men, 2 home ``expert`` 0.856 (0.833–0.877), ``search-128`` 0.718,
``mcts-1024`` 0.666; on the full board with 2 men, 2 home ``expert`` 0.960 (0.946–0.970),
``search-128`` 0.738 (0.710–0.764), ``mcts-1024`` 0.721; on 36 squares, 3 men, 2 home
(``--largest``) ``expert`` 0.895 (0.875–0.913), ``mcts-1024`` 0.683, ``search-128`` 0.679
(0.650–0.708). The searches pick the better move
after a roll more often as their budget grows (``search-128`` 0.79–0.86 of the move nodes,
``mcts-1024`` 0.82–0.92 of them) but choose between new man and action worse than ``greedy``'s fixed
rule (0.43–0.63 of the option nodes, ``greedy`` 0.59–0.98): the options' chances differ by
less than their playouts' noise. None of those reaches 0.95; ``expert`` comes closest.

``ply-N`` (expectimax over the next ``N`` turns on the race evaluation,
:mod:`solver.manhome.race`) decides deterministically, so near-ties are resolved by its
evaluation, not by noise (the same 1,000 positions a duel, seed 0): ``ply-1`` keeps 0.977 /
0.927 / 0.965 / 0.918 on the four duels above (12 squares 2 men; 18 squares 3 men; 72 squares
2 men; 36 squares 3 men), ``ply-2`` 0.988 / 0.951 / 0.963 / 0.921, ``ply-3`` 0.995 (mean loss
0.00003) / 0.965 (0.00025) / 0.973 (0.00012) / 0.943 (0.00039), ``ply-4`` 0.998 / 0.972 / — / 0.947 (939 of 992, mean loss
0.00016; 14 minutes on the largest duel). What is left is most on the 3-men duels, where men
meet most. The 57 positions ``ply-3`` misses on the 36-square duel (measured 2026-11-28): 18
option nodes; 27 choices between two moves to squares without an opponent's man (neither
Home nor Death), in 15 of which neither the best square nor the chosen one can be reached by
a move of the opponent's men on the board; 5 with a face-off; 7 with Home or Death. So the
misses are mostly not threats just past the horizon: the race evaluation's picture of what
each side still needs (its goes taken as independent of the other side's men) is what a
stronger player would have to improve, not the search's depth. Measured on the 36-square
duel (2026-11-28, all 40,060,164 position pairs): the race evaluation's mean absolute error
against the exact chance is 0.0216 — it over-values men on the board (mover with 3 men
against 0: −0.021 on average) and under-values a reserve. A race table in which every man
on the board is sent back with a fixed chance ``h`` after each of the side's goes (the
opponent's hits, on average) cuts the error to 0.0170 at ``h = 0.03`` (0.0180 at 0.06), but
moves the decisions little: ``ply-3`` 0.945 (937 of 992; 0.943 without), ``ply-2`` 0.924
(0.921), ``ply-1`` 0.921 (0.918); at ``h = 0.06`` ``ply-2`` falls to 0.913. Not taken: the
hits that matter depend on where the men stand, which one chance per man cannot say. A chance
by square (``h`` times how many moves reach the square, mean ``h``) does no better: at
``h = 0.02`` ``ply-3`` 0.946, ``ply-2`` 0.917, ``ply-1`` 0.913 (2026-11-28,
``experiments/manhome-leaf/manhome_leaf_error.py --by-square``). A decision turns on the difference between
sibling positions, which a hit chance the opponent's men do not set hardly moves. Nor is it
the leaf's odd-even swing: taking the action of the highest ``w * value(3 turns) + (1 - w) *
value(4 turns)`` keeps at most 942 of 992 (0.9496, ``w = 0.3``; 939 at ``w = 0``, 935 at
``w = 1``; ``experiments/manhome-leaf/manhome_ply_mix.py``, 2026-11-29), a weight picked on the sample it
is judged on; not taken. Nor does a leaf that sees which men the opponent's men can hit where
they stand (each man sent back with ``C * q`` times the share of action kinds that reach it):
``ply-1`` 911 of 992 as it is, 913 at best; ``ply-2`` 914, 913 at best
(``experiments/manhome-leaf/manhome_exposure_leaf.py``, 2026-11-29); not taken. Nor does a leaf learnt
from self-play (``experiments/manhome-leaf/manhome_learnt_leaf.py``, 2026-11-29): a logistic correction of
the race chance by every pair of opposing men's squares, each side's men by square and the
men out and home on each side. Fitted to the winners of 200,000 ``ply-1`` games (2.9 million
turn starts) it makes ``ply-1`` keep fewer (867–896 of 992 against 911): the outcomes teach
the chances under ``ply-1``'s own play, not under optimal play. Fitted by value iteration
(each position's target one turn of the search on the last fit) it keeps 899–909; the same
iteration lifts ``ply-1`` on the 12-square duel from 977 to 984 of 1,000, where the
positions cover the features. Not taken. What did help is a race table that lets each side adapt
to the race: ``F*(n)``, for every ``n`` on its own the best chance of finishing within ``n``
goes (the envelope, :mod:`solver.manhome.race`), mixed half and half with the race table:
``adapt-N``, ``ply-N``'s search on that table. Its weight was chosen on three other samples
of the 36-square duel (seeds 1, 2, 3) and judged on the report's (seed 0;
``experiments/manhome-leaf/manhome_envelope_leaf.py``, 2026-11-29): 0.5, where ``adapt-4`` keeps 2,895 of
2,987 decisive positions on seeds 1 to 3 (``ply-4`` 2,867). On the report's positions
(``analyze exact manhome --largest``, 2026-11-29) ``adapt-1`` to ``adapt-4`` keep 0.978 /
0.988 / 0.996 / 0.998 on 12 squares, 0.936 / 0.947 / 0.973 / 0.981 on 18 squares, 0.963 /
0.967 / 0.973 / 0.981 on 72 squares with 2 men, and 0.929 / 0.921 / 0.947 / **0.966** (958
of 992, 95% interval 0.952-0.975; mean loss 0.00008) on the 36-square duel, where ``ply-4``
keeps 0.947 (939) and ``ply-3`` 0.943: ``adapt-4`` plays like the solution at 95% or more on
every solved duel. The gain is at depth — at one or two turns the mix keeps about what the
race table keeps (922 and 914 against 911 and 914) — where the search itself sees a turn or
two of the other side and the leaf must stand for a race in which both sides still choose.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from solver.decision import CHANCE, TERMINAL
from solver.dice import game_streams
from solver.manhome.duel import DuelEquations, DuelSolution, check_duel_rules
from solver.manhome.policies import ADAPT, PLAYERS, PLY_MAX_DEPTH, make_policy, policy_table
from solver.manhome.rules import DEATH, HOME, ManHomeRules
from solver.manhome.state import (ACTION, NEW_MAN, Kind, ManHomeState, Phase, action_moves)

KEEP = 1e-9
"""An action keeps the value when its value is within this of the best action's."""
SAMPLING_MIX = ("random", "greedy", "expert", "optimal")
"""The players the sampled games draw each seat from (uniformly, seeded)."""
DEEPEST = "ply-3"
"""The deepest search compared with optimal play: ``ply-3`` costs seconds a game on the
standard board (off its skill ladder) but milliseconds a decision on the solved duels."""
ADAPTING = tuple(f"{ADAPT}-{depth}" for depth in range(1, PLY_MAX_DEPTH + 1))
"""``adapt-N`` at every depth (off the skill ladder; ``adapt-4`` costs about 6 minutes of a
core on the largest duel)."""
PLAYER_NAMES = ",".join(
    [*PLAYERS.ladder, "optimal",
     *(f"{family.name}-{n}" for family in PLAYERS.search for n in family.budgets), DEEPEST,
     *ADAPTING])
"""The players compared with optimal play by default: the ladder (``random``, ``greedy``,
``expert``), ``optimal`` (the check: it keeps every value), every budget of ``search-N``,
``mcts-N`` and ``ply-N`` on the skill ladder, :data:`DEEPEST` and :data:`ADAPTING`."""
KINDS = (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME)


@dataclass(frozen=True)
class Position:
    """A decision node reached in a sampled game: the actions from the start (chance
    outcomes included) and the reference state there."""

    history: tuple[int, ...]
    state: ManHomeState


class Values(DuelEquations):
    """The exact values of a solved duel, read for the reference engine's states: the duel's
    own equations (:class:`solver.manhome.duel.DuelEquations`: ``passes``, ``goes_on``,
    ``arrive``) over the solution's values, indexed by its side space (no pair lists: a
    solution of millions of pairs is read as it is)."""

    def __init__(self, solution: DuelSolution) -> None:   # noqa: super's builds the pairs
        self.rules = rules = solution.rules
        self.space = solution.space
        self.size = solution.size
        self.values = solution.values
        num, den = rules.attacker_win_chance
        self.q = num / den
        self.miss = 1.0 - self.q

    def V(self, mover: tuple[int, frozenset], opponent: tuple[int, frozenset]) -> float:
        index = self.space.index
        return float(self.values[index(mover[0], sorted(mover[1])) * self.size
                                 + index(opponent[0], sorted(opponent[1]))])

    def action_values(self, state: ManHomeState) -> list[float]:
        """The mover's chance to win after each legal action (in ``legal_actions`` order),
        both players optimal from then on."""
        seat = state.to_move
        h, men = state.home[seat], frozenset(state.men[seat])
        opponent = (state.home[1 - seat], frozenset(state.men[1 - seat]))
        if state.phase == Phase.MOVE:
            return [self.arrive((h, men - {m.source}), opponent, m.target)
                    for m in state.moves()]
        if state.phase != Phase.OPTION:
            raise ValueError(f"not a decision node: {state.phase.name}")
        new = sum(self.arrive((h, men), opponent, t)
                  for t in range(self.rules.squares)) / self.rules.squares
        action = sum(max(self.arrive((h, men - {m.source}), opponent, m.target)
                         for m in action_moves(sorted(men), kind)) for kind in KINDS) / 3.0
        values = {NEW_MAN: new, ACTION: action}
        return [values[a] for a in state.legal_actions()]


def action_values(solution: DuelSolution, state: ManHomeState) -> list[float]:
    """The mover's exact chance to win after each legal action at ``state`` (module
    docstring)."""
    return Values(solution).action_values(state)


def _mix_player(name: str, rules: ManHomeRules):
    return make_policy(name, rules)


def sample_positions(rules: ManHomeRules, count: int, seed: int,
                     mix: Sequence[str] = SAMPLING_MIX) -> list[Position]:
    """``count`` decision positions, one from each of ``count`` games between players of
    ``mix`` (module docstring); the same for the same arguments."""
    check_duel_rules(rules)
    rng = np.random.default_rng(seed)
    players = {name: _mix_player(name, rules) for name in mix}
    out: list[Position] = []
    while len(out) < count:
        seats = [players[mix[int(i)]] for i in rng.integers(len(mix), size=2)]
        key = int(rng.integers(1 << 62))
        dice, choices = game_streams(key)
        state = ManHomeState(rules)
        history: list[int] = []
        nodes: list[tuple[int, ...]] = []
        while True:
            seat = state.current_player()
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                action = state.draw_chance(dice)
            else:
                actions = state.legal_actions()
                if len(actions) == 1:
                    action = actions[0]
                else:
                    nodes.append(tuple(history))
                    action = seats[seat].choose(state, choices)
            history.append(action)
            state.apply_action(action)
        if nodes:
            out.append(replay(rules, nodes[int(rng.integers(len(nodes)))]))
    return out


def replay(rules: ManHomeRules, history: Sequence[int]) -> Position:
    """The reference state after ``history`` from the start."""
    state = ManHomeState(rules)
    for action in history:
        state.apply_action(action)
    return Position(tuple(history), state)


@dataclass(frozen=True)
class Agreement:
    """A player's decisions at the sampled positions against the exact values."""

    player: str
    positions: int
    """Positions where some action is worse than the best (the shares' denominator)."""
    kept: int
    """Of those, the positions where the player's action keeps the value."""
    indifferent: int
    """Positions where every action keeps the value (left out of the shares)."""
    option_positions: int
    """Of ``positions``, the option nodes (new man or action)."""
    option_kept: int
    loss: float
    """The sum over ``positions`` of the best value minus the chosen action's."""

    @property
    def share(self) -> float:
        return self.kept / self.positions if self.positions else float("nan")

    @property
    def option_share(self) -> float:
        return self.option_kept / self.option_positions if self.option_positions else float("nan")

    @property
    def move_share(self) -> float:
        moves = self.positions - self.option_positions
        return (self.kept - self.option_kept) / moves if moves else float("nan")

    @property
    def mean_loss(self) -> float:
        """The mean chance of winning given away per decisive position."""
        return self.loss / self.positions if self.positions else float("nan")


def position_key(seed: int, n: int) -> int:
    """The key whose choice stream the player of position ``n`` draws from."""
    return seed * 1_000_003 + n


def decisions(rules: ManHomeRules, name: str, positions: Sequence[Position], seed: int,
              engine: str = "kernel") -> list[int]:
    """The player ``name``'s action at each position (module docstring)."""
    if engine == "reference":
        player = make_policy(name, rules)
        return [player.choose(p.state.clone(), game_streams(position_key(seed, n))[1])
                for n, p in enumerate(positions)]
    if engine != "kernel":
        raise ValueError(f"bad engine {engine!r}; allowed: kernel, reference")
    from solver.manhome.kernel import kernel_state

    out = []
    for n, p in enumerate(positions):
        state = kernel_state(rules, [name, name], position_key(seed, n))
        for action in p.history:
            state.apply_action(action)
        out.append(int(state.decide()))
    return out


def decisive(values: Values, positions: Sequence[Position]
             ) -> Iterator[tuple[int, Position, list[float], list[bool]]]:
    """The positions where an action can lose value (not indifferent), each as its index in
    ``positions``, the position, and by legal action its exact value and whether it keeps
    the value (within :data:`KEEP` of the best)."""
    for n, p in enumerate(positions):
        worth = values.action_values(p.state)
        best = max(worth)
        if min(worth) < best - KEEP:
            yield n, p, worth, [w >= best - KEEP for w in worth]


def searches_kept(rules: ManHomeRules, depth: int, searches: dict, count: int = 1000,
                  seed: int = 0) -> tuple[dict, int]:
    """For experiments with the ``ply-N`` search's leaf (experiments/manhome-leaf/): ({name:
    decisive positions where that search, :meth:`solver.manhome.race.Race.choose` at
    ``depth`` in the reference engine, keeps the exact value}, decisive positions), on
    ``count`` positions sampled with ``seed`` (:func:`sample_positions`) of the solved duel
    of ``rules``."""
    good = dict.fromkeys(searches, 0)
    total = 0
    for _, p, _, keeps in decisive(Values(policy_table("optimal", rules)),
                                   sample_positions(rules, count, seed)):
        total += 1
        actions = p.state.legal_actions()
        for name, search in searches.items():
            good[name] += keeps[actions.index(search.choose(p.state, depth))]
    return good, total


def agreement(solution: DuelSolution, name: str, positions: Sequence[Position], seed: int,
              engine: str = "kernel") -> Agreement:
    """How often the player ``name`` keeps the exact value at ``positions``."""
    chosen = decisions(solution.rules, name, positions, seed, engine)
    count = kept = option = option_kept = 0
    loss = 0.0
    for n, p, worth, keeps in decisive(Values(solution), positions):
        i = p.state.legal_actions().index(chosen[n])
        count += 1
        kept += keeps[i]
        loss += max(worth) - worth[i]
        if p.state.phase == Phase.OPTION:
            option += 1
            option_kept += keeps[i]
    return Agreement(name, count, kept, len(positions) - count, option, option_kept, loss)
