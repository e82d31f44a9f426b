"""``mcts-N``: open-loop UCT over the decision API, for every game — the reference of the
kernels' ``cext/common/mcts.pxi``, which makes the same choices bit for bit.

At a decision with two or more legal actions the player runs ``N`` simulations:

* **Randomness.** One word of the game's choice stream starts a SplitMix64 stream whose
  ``j``-th word is simulation ``j``'s key (as the games' ``search-N`` players draw their
  playouts' keys); the simulation plays a copy of the state whose dice and choice streams
  restart from that key (the game's ``start`` hook: :func:`numbergames.solver.dice.game_streams`, and
  whatever the game's own search does to a playout's copy — Sumoku reshuffles the tiles
  still unseen). So the search never reads the real game's future dice, and one key gives
  one choice.
* **The tree** has a node per sequence of (non-forced) decision actions from the root;
  chance outcomes and forced actions are played from the simulation's streams and never
  stored (open loop): the same node may be reached with other dice, and other legal actions.
* **Selection and expansion.** At a decision node the actions the search considers *now*
  (the game's ``candidates`` hook: every legal action, ascending, for most games; Sumoku's
  plays are thousands, so there the :data:`~numbergames.solver.sumoku.policies.MCTS_WIDTH`
  highest-scoring in ``lookahead``'s order — heuristic move ordering and pruning)
  are walked in that order: the first without a child is expanded (one node a simulation)
  and the game is played out from it to its end by the rollout player (every seat); when
  every one has a child, the child of highest UCB1
  ``value / visits + C * sqrt(log(parent visits) / visits)`` (``C`` = :data:`C`, or the
  game's ``exploration``) is followed, the first in that order among equals. A game that ends in the tree is not
  played out. A decision is forced (not a tree node) when it has one candidate.
* **Backup.** Each node on the path gets a visit; each child adds the return (1 a win, its
  share of a draw, 0 a loss: ``State.returns``) of the seat that chose its action in this
  simulation.
* **The choice**: the root's child of most visits, the first in the order of the root's
  candidates among equals (the lowest action where they are ascending; the heuristic's
  choice where it comes first — with a few simulations many children tie, and taking the
  lowest action among them drove So-Soo-Yoo's pieces to the low spaces). With
  ``keep`` > 0 (a game's choice: Man Home's), the child of the rollout player's own choice
  at the root is kept unless that child's mean return ``m`` is beaten by more than ``keep``
  standard errors of the difference, ``sqrt(m_b(1 - m_b)/n_b + m(1 - m)/n)``: at these
  budgets the means of a dice game's moves differ by less than their noise, and a search
  that follows the noise plays worse than its rollout player.
* **A game's two more choices** (:class:`MctsPolicy`'s ``max_depth`` and ``paired``, both
  off by default): a tree at most ``max_depth`` decisions deep — a simulation that
  follows a child at that depth plays out from it (1: a UCB1 bandit over the root's
  candidates with the rollout player's playouts); and ``paired`` simulations (common
  random numbers, as ``search-N``'s playouts): the ``budget`` keys are drawn first, the
  root's candidates are the state's own, and the ``k``-th simulation through each child
  of the root starts its streams from key ``k`` just before the child's action is made.
  So-Soo-Yoo searched so before it got its own ``mcts-N`` (sequential halving over its
  candidates: its policies' docstring). A game whose returns are not 0 or 1 may set
  UCB1's constant too (``exploration``, default :data:`C`; a kernel sets the pxi's
  ``MCTS_C`` to it): Sumoku's simulations return a squashed score margin.

The float operations are the kernel's, in the same order (Python's ``math.log`` and
``math.sqrt`` are C's), so both engines pick the same actions.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from numbergames.solver.decision import CHANCE, TERMINAL, Player, State
from numbergames.solver.dice import Stream, game_streams

FAMILY = "mcts"
"""The family's name: ``mcts-N``."""
C = 1.4
"""UCB1's exploration constant."""
MAX_BUDGET = 1 << 16
"""The most simulations a decision."""

Start = Callable[[State, int], tuple[State, Stream, Stream]]
"""A game's hook: (a copy of the state to simulate, its dice stream, its choice stream)
restarted from a simulation's key."""


def fresh_streams(state: State, key: int) -> tuple[State, Stream, Stream]:
    """The hook of a game whose state holds nothing drawn ahead: a copy of the state and
    the streams of ``key`` (:func:`numbergames.solver.dice.game_streams`)."""
    dice, choices = game_streams(key)
    return state.clone(), dice, choices


class _Node:
    __slots__ = ("visits", "value", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.children: dict[int, _Node] = {}


def every_action(state: State) -> list[int]:
    """The default ``candidates`` hook: every legal action, ascending."""
    return state.legal_actions()


def _advance(state: State, dice: Stream, candidates) -> list[int]:
    """Play chance nodes and forced actions; the candidates (two or more) of the
    decision reached, or [] at the end."""
    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            return []
        if seat == CHANCE:
            state.apply_action(state.draw_chance(dice))
            continue
        actions = candidates(state)
        if len(actions) > 1:
            return actions
        state.apply_action(actions[0])


def rollout(state: State, player: Player, dice: Stream, choices: Stream) -> None:
    """Play ``state`` to its end with ``player`` in every seat (:func:`numbergames.solver.decision.play`
    with the given streams)."""
    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            action = state.draw_chance(dice)
        else:
            actions = state.legal_actions()
            action = actions[0] if len(actions) == 1 else player.choose(state, choices)
        state.apply_action(action)


class MctsPolicy:
    """``mcts-N`` (module docstring) with a game's rollout player and ``start`` hook."""

    def __init__(self, budget: int, rollout_player: Player, start: Start = fresh_streams,
                 candidates: Callable[[State], list[int]] = every_action,
                 keep: float = 0.0, *, max_depth: int = 0, paired: bool = False,
                 exploration: float = C) -> None:
        if not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"mcts budget must be 1..{MAX_BUDGET}, not {budget}")
        self.name = f"{FAMILY}-{budget}"
        self.budget = budget
        self.rollout = rollout_player
        self.start = start
        self.candidates = candidates
        self.keep = keep
        self.max_depth = max_depth
        """The tree's depth in decisions (0: unlimited; the module docstring)."""
        self.paired = paired
        """Whether the k-th simulation through each root child draws from the k-th key."""
        self.exploration = exploration
        """UCB1's exploration constant (:data:`C` unless a game's returns call for another)."""

    def choose(self, state: State, choices: Stream) -> int:
        if state.current_player() == TERMINAL:
            raise ValueError(f"{self.name} has no legal action to search: the game is over")
        actions = self.candidates(state)
        if len(actions) == 1:
            return actions[0]
        stream = Stream(choices.word())
        root = _Node()
        keys = [stream.word() for _ in range(self.budget)] if self.paired else None
        for _ in range(self.budget):
            if keys is None:
                twin, dice, moves = self.start(state, stream.word())
                legal = self.candidates(twin)
            else:                            # streams once the root's child is known
                twin, legal = state, actions
            node = root
            path: list[tuple[_Node, int]] = []
            while True:
                mover = twin.current_player()
                logn = math.log(node.visits) if node.visits > 0 else 0.0
                best, best_score, new = None, 0.0, None
                for a in legal:
                    child = node.children.get(a)
                    if child is None:
                        new = a
                        break
                    score = (child.value / child.visits
                             + self.exploration * math.sqrt(logn / child.visits))
                    if best is None or score > best_score:
                        best, best_score = a, score
                if new is not None:
                    child = node.children[new] = _Node()
                    if keys is not None and not path:       # the child's first simulation
                        twin, dice, moves = self.start(state, keys[0])
                    path.append((child, mover))
                    twin.apply_action(new)
                    rollout(twin, self.rollout, dice, moves)
                    break
                node = node.children[best]
                if keys is not None and not path:           # the child's next simulation
                    twin, dice, moves = self.start(state, keys[node.visits])
                path.append((node, mover))
                twin.apply_action(best)
                if self.max_depth and len(path) >= self.max_depth:   # the tree's floor
                    rollout(twin, self.rollout, dice, moves)
                    break
                legal = _advance(twin, dice, self.candidates)
                if not legal:
                    break
            returns = twin.returns()
            root.visits += 1
            for child, mover in path:
                child.visits += 1
                child.value += returns[mover]
        best, most = actions[0], -1
        for a in actions:                    # the first in the candidates' order among equals
            child = root.children.get(a)
            if child is not None and child.visits > most:
                best, most = a, child.visits
        if self.keep > 0 and root.children:
            best = self._keep(state, Stream(choices.state), root, best)
        return best

    def _keep(self, state: State, choices: Stream, root: _Node, best: int) -> int:
        """The rollout player's own choice at the root (its choice stream a copy) unless
        ``best`` beats it by more than ``keep`` standard errors (module docstring)."""
        mine = self.rollout.choose(state, choices)
        kept = root.children.get(mine)
        if kept is None or mine == best:
            return best
        b = root.children[best]
        mb, mk = b.value / b.visits, kept.value / kept.visits
        se = math.sqrt(mb * (1.0 - mb) / b.visits + mk * (1.0 - mk) / kept.visits)
        return best if mb - mk > self.keep * se else mine
