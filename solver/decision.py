"""The decision API every game's reference engine exposes, shaped like OpenSpiel's.

A game is a sequence of decision nodes (a seat picks one of its legal actions) and chance
nodes (dice are rolled, tiles drawn), from :meth:`State.current_player`:

* a seat ``0..n-1`` — the seat to decide; :meth:`State.legal_actions` are small ints in a
  stable order that each game documents (ascending, as OpenSpiel asks);
* :data:`CHANCE` — :meth:`State.chance_outcomes` are ``(outcome, probability)`` pairs that
  sum to 1;
* :data:`TERMINAL` — the game is over: :meth:`State.returns` gives each seat 1 for a win, its
  share of a draw (a draw of ``k`` seats gives each ``1/k``), 0 for a loss; a game that
  counts points gives them by :meth:`State.scores`.

The markers are OpenSpiel's own ``pyspiel.PlayerId`` values, so a bridge passes them on as
they are (:mod:`numbergames.solver.spiel`).

Every multi-step turn is a chain of such nodes (Man Home's new man or action, then which
man; So-Soo-Yoo's moves one by one; Sumoku's plays and bonus plays; Shoo's moves). A player
is one signature, ``choose(state, stream) -> action``, asked only where two or more actions
are legal (a forced action is applied without asking, as the engines always did).

**Seeded games.** :func:`play` is the one game loop of the reference engines: the game's key
gives a dice stream and a choice stream (:func:`numbergames.solver.dice.game_streams`); a chance node
takes its outcome from :meth:`State.draw_chance` on the dice stream, which draws exactly what
the game's engine drew there (a game may draw ahead — Sumoku shuffles its bag once at the
start — and keep what it drew in the state, out of sight of the players), and the players'
choices come from the choice stream. So one key plays one game, in the reference engine and
in the kernel alike.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeAlias, TypeVar

from numbergames.solver.dice import Stream, game_streams

Seat: TypeAlias = int
"""A seat, ``0..players-1`` (``current_player()`` gives :data:`CHANCE` or :data:`TERMINAL`
where no seat decides)."""
Action: TypeAlias = int
"""A decision's action or a chance node's outcome: a small int, in the order the game
documents (ascending, as OpenSpiel asks)."""
Key: TypeAlias = int
"""A game's 64-bit key: it gives the game's dice and choice streams, so one key plays one
game (the module docstring)."""

CHANCE = -1
"""``current_player()`` at a chance node (``pyspiel.PlayerId.CHANCE``)."""
TERMINAL = -4
"""``current_player()`` once the game is over (``pyspiel.PlayerId.TERMINAL``)."""


@dataclass(frozen=True)
class Size:
    """How large a game is, for a bridge that must declare it up front (OpenSpiel's
    ``GameInfo``)."""

    num_distinct_actions: int
    """Every action is below this."""
    max_chance_outcomes: int
    """Every chance outcome is below this (0 for a game without chance)."""
    max_game_length: int
    """No game has more decision and chance nodes than this."""


class State:
    """One game in progress (module docstring). Each game subclasses it."""

    num_players: int
    perfect_information: bool = True
    """False for a game whose players hold what the others do not see (none of the four:
    Sumoku's hands lie face up, its bag's order is chance): the state holds everything,
    and a player reads only what its seat may know."""

    # -- what every game implements --------------------------------------------------
    def current_player(self) -> Seat:
        """The seat to decide, :data:`CHANCE` or :data:`TERMINAL`."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """The legal actions (decision) or outcomes (chance), ascending; none once over."""
        raise NotImplementedError

    def apply_action(self, action: Action) -> None:
        """Make ``action`` (a legal action or chance outcome)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` at a chance node, ascending by outcome."""
        raise ValueError("not a chance node")

    def draw_chance(self, dice: Stream) -> Action:
        """The outcome the game's dice stream gives at this chance node, drawing from it
        exactly what the engine draws (see the module docstring)."""
        raise NotImplementedError

    def clone(self: S) -> S:
        """An independent copy."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per seat: 1 for a win, its share of a draw, 0 for a loss; all 0 while the game
        goes on. A game cut off at a limit without a winner is a draw of every seat."""
        raise NotImplementedError

    def action_to_string(self, action: Action) -> str:
        """``action`` at this node, for people."""
        raise NotImplementedError

    def row(self) -> dict[str, Any]:
        """The finished game's result as the kernel reports it (the columns of the game's
        spec, per-seat ones as one value per seat)."""
        raise NotImplementedError

    # -- derived -----------------------------------------------------------------------
    def scores(self) -> list[int] | None:
        """Each seat's points, for a game that counts them (else None)."""
        return None

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def __deepcopy__(self: S, memo: dict) -> S:
        return self.clone()   # OpenSpiel clones a Python state by deep copies

    def child(self: S, action: int) -> S:
        """A copy with ``action`` applied."""
        twin = self.clone()
        twin.apply_action(action)
        return twin


S = TypeVar("S", bound=State)


class Player(Protocol):
    """How a seat plays, in every game."""

    name: str

    def choose(self, state: Any, choices: Stream) -> Action:
        """One of ``state.legal_actions()`` (two or more), drawing any randomness from
        ``choices``."""


class RandomPlayer:
    """Uniform over the legal actions: one ``choose(n)`` from the choice stream."""

    name = "random"

    def choose(self, state: State, choices: Stream) -> Action:
        actions = state.legal_actions()
        return actions[choices.choose(len(actions))]


def play(state: S, players: Sequence[Player], key: Key, *, trace: list | None = None) -> S:
    """Play ``state`` to its end with ``players`` by seat, the dice and the players' choices
    drawn from the streams of ``key``; returns the (same, now finished) state. ``trace``,
    if given, gets ``(player, action)`` for every node passed."""
    dice, choices = game_streams(key)
    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            return state
        if seat == CHANCE:
            action = state.draw_chance(dice)
        else:
            actions = state.legal_actions()
            action = actions[0] if len(actions) == 1 else players[seat].choose(state, choices)
        if trace is not None:
            trace.append((seat, action))
        state.apply_action(action)


@dataclass(frozen=True)
class ReferenceEngine:
    """A game's reference engine derived from its decision API: ``(rules, policies, key) ->
    row``, the game of ``key`` played by :func:`play` from ``new_state(rules)`` with
    ``make_player(name, rules)`` in each seat, its result the finished state's ``row()``."""

    new_state: Callable[[Any], State] | None
    make_player: Callable[[str, Any], Player] | None

    def __call__(self, rules: Any, policies: Sequence[str], key: Key) -> dict[str, Any]:
        if self.new_state is None or self.make_player is None:
            raise TypeError("a game without new_state and make_player has no reference engine")
        players = [self.make_player(name, rules) for name in policies]
        return play(self.new_state(rules), players, int(key)).row()


def random_playout(state: State, stream: Stream, max_nodes: int = 1_000_000) -> int:
    """Play ``state`` to its end at random — chance outcomes by their probabilities, actions
    uniformly — as a conformance check does; returns the nodes passed. Raises if a node
    breaks the API (no legal action before the end, probabilities that do not sum to 1)."""
    nodes = 0
    while not state.is_terminal():
        if nodes >= max_nodes:
            raise RuntimeError(f"no end after {max_nodes} nodes")
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), stream)
        else:
            actions = state.legal_actions()
            if not actions:
                raise RuntimeError(f"no legal action at a decision node:\n{state}")
            action = actions[stream.choose(len(actions))]
        state.apply_action(action)
        nodes += 1
    return nodes


def count_sequences(state: State, depth: int) -> int:
    """The number of node sequences (decisions and chance outcomes alike) of ``depth``
    nodes from ``state`` — perft, as chess engines count to check move generators (a game
    that ends sooner has none; Shoo's perft, which has no chance nodes, is this count).

    >>> count_sequences(State(), 0)
    1
    """
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(count_sequences(state.child(a), depth - 1) for a in actions)


def sample(outcomes: Sequence[tuple[Action, float]], stream: Stream) -> Action:
    """One outcome drawn by its probability (exact for probabilities that are fractions
    with a denominator below 2**20, as every game's are)."""
    if not outcomes:
        raise RuntimeError("a chance node without outcomes")
    probabilities = [p for _, p in outcomes]
    if max(probabilities) == min(probabilities) and math.isclose(
            probabilities[0] * len(outcomes), 1.0, rel_tol=1e-12):
        return outcomes[stream.below(len(outcomes))][0]   # uniform: one draw
    exact = {p: Fraction(p).limit_denominator(1 << 20) for p in set(probabilities)}
    weights = [exact[p] for p in probabilities]
    total = sum(weights)
    if total != 1:
        raise RuntimeError(f"chance probabilities sum to {float(total)}, not 1")
    denominator = math.lcm(*(w.denominator for w in weights))
    pick = stream.below(denominator)
    for (outcome, _), w in zip(outcomes, weights):
        pick -= w.numerator * (denominator // w.denominator)
        if pick < 0:
            return outcome
    raise AssertionError("unreachable")


def win_returns(players: int, winners: Sequence[Seat]) -> list[float]:
    """Returns when ``winners`` share the game (one seat: a win; several: a draw among
    them); no winners at all (a game cut off) is a draw of every seat."""
    winners = winners or range(players)
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(players)]
