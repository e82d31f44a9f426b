"""The players of :mod:`numbergames.solver.manhome.policies` against optimal play on a solved two-player
game (:mod:`numbergames.solver.manhome.duel`): how often a player's decision keeps the exact value.

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
side of the duel's Bellman equations (:class:`numbergames.solver.manhome.duel.DuelEquations`) read off
the solved values: at an option node, NEW MAN is the mean over the squares a new man may
land on, ACTION the mean over the three kinds of the best move of each; at a move node, each
move's arrival. An action *keeps the value* when its value is within :data:`KEEP` of the
best. A position where every action is within :data:`KEEP` of the best (nothing to get
wrong) is *indifferent*: counted, and left out of the shares.

The players
-----------
:func:`agreement` asks a player by name for its decision at each position. The player of
position ``n`` draws from the choice stream of the key ``seed * 1_000_003 + n``
(:func:`numbergames.solver.dice.game_streams`), in the kernel (``engine="kernel"``: the kernel's game of
that key, ``KernelState``, replayed to the position with the player in both seats; replaying
applies actions and draws nothing) or in the reference engine (``engine="reference"``:
``player.choose(state, choices)``); the two engines' players decide bit for bit alike
(``tests/test_kernel_decisions.py``), so the shares are the same (the tests check it on a
few positions). The kernel makes ``search-128`` and ``mcts-1024`` affordable.

The exact report (``analyze exact manhome``) measures every player against the solution
with these, and the experiments that looked for a leaf to lift ``ply-N`` to 95% of the
decisive positions (``adapt-N`` came of them) ask :func:`searches_kept`. What they measured,
player by player and duel by duel: experiments/manhome-leaf/FINDINGS.md.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import game_streams
from numbergames.solver.manhome.duel import DuelEquations, DuelSolution, check_duel_rules
from numbergames.solver.manhome.policies import ADAPT, PLAYERS, PLY_MAX_DEPTH, make_policy, policy_table
from numbergames.solver.manhome.rules import DEATH, HOME, ManHomeRules
from numbergames.solver.manhome.state import (ACTION, NEW_MAN, Kind, ManHomeState, Phase, action_moves)

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
    own equations (:class:`numbergames.solver.manhome.duel.DuelEquations`: ``passes``, ``goes_on``,
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
    from numbergames.solver.manhome.kernel import kernel_state

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
    decisive positions where that search, :meth:`numbergames.solver.manhome.race.Race.choose` at
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
