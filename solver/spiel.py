"""Every game as an OpenSpiel game: importing this module registers each registered game that
has the decision API (:mod:`numbergames.solver.decision`) with ``pyspiel`` as ``python_<game>``.

    >>> import numbergames.solver.spiel, pyspiel                                   # doctest: +SKIP
    >>> game = pyspiel.load_game("python_sumoku", {"players": 3, "key": "5"})

The rules parameters are the game's parameters, with the pinned defaults; the ``GameType``
comes from the game's traits (chance or none, the numbers of players it allows) and its
``GameInfo`` from the rules (:class:`numbergames.solver.decision.Size`). Returns are the decision API's:
1 for a win, a share of a draw, 0 for a loss — constant-sum (they add up to 1) for games of two
or more players. A state is a thin ``pyspiel.State`` over the game's own ``State``
(``state.inner``), so OpenSpiel's algorithms — random simulation, ``MCTSBot``,
``evaluate_bots`` — play our games, and :class:`PlayerBot` lets any of the toolkit's players
sit at an OpenSpiel table.

**Kernel-backed states.** :func:`kernel_state` wraps a game of the Cython kernel
(``KernelState``, ``cext/common/decisions.pxi``) instead of the reference engine, so that
``MCTSBot``'s clones and applies run in C (``state.clone()`` deep-copies the wrapper, and a
``KernelState`` deep-copies by its own ``clone``). Its inner state also offers ``decide``
(the seat's configured player) and ``draw_chance`` (the game's own dice), which
:mod:`numbergames.analysis.searches.versus_spiel` plays matches with. :class:`KernelRolloutEvaluator` is an
``MCTSBot`` evaluator whose rollout plays the game out in C with the game's ``mcts``
family's rollout player in every seat, its streams restarted from a key drawn from the
evaluator's own ``RandomState`` (so a rollout never sees the game's future dice); OpenSpiel's
``RandomRolloutEvaluator`` is the other choice (random play, in Python, on the same states).

**Parameters read as the toolkit reads rules.** OpenSpiel checks a parameter's type against
the game's before the game sees it, so ``key=5`` (Sumoku's key is a choice, ``"5"``) and
``players=3.0`` were refused with OpenSpiel's own message. Importing this module wraps
``pyspiel.load_game`` (:func:`load_game`): for a ``python_<game>`` the parameters, from the
string form or a mapping, are read by the game's rules (:meth:`numbergames.solver.params.Rules.from_values`)
— a whole number reads alike, a number that is a choice is that choice — and a wrong one is a
``ValueError`` naming the parameter and what it takes; every other game is loaded as before.

It needs the ``openspiel`` extra (``pip install -e ".[openspiel]"``, which installs the
``open-spiel`` package); without it the import fails with one line that says so, and the rest
of the toolkit works as before.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

try:
    import pyspiel
    from open_spiel.python.algorithms.mcts import Evaluator
except ImportError:  # pragma: no cover - depends on the environment
    raise ImportError("the OpenSpiel bridge needs the open-spiel package: "
                      "pip install -e \".[openspiel]\" (or pip install open-spiel)") from None

from numbergames.solver.decision import State
from numbergames.solver.dice import Stream
from numbergames.solver.registry import GameSpec, games

PREFIX = "python_"
"""OpenSpiel's name of a game is this prefix and the toolkit's name."""


def game_type(spec: GameSpec, perfect_information: bool = True) -> "pyspiel.GameType":
    """The ``GameType`` of ``spec``, its parameters the rules' pinned defaults."""
    low, high = spec.traits.players
    return pyspiel.GameType(
        short_name=PREFIX + spec.name,
        long_name=f"{spec.title} (numbergames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if spec.traits.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.CONSTANT_SUM if low >= 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification=spec.rules().as_dict(every=True))


def _spiel_game(spec: GameSpec, kind: "pyspiel.GameType") -> type:
    """The ``pyspiel.Game`` class of ``spec``."""

    class Game(pyspiel.Game):
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            given = dict(params or {})
            self.rules = spec.rules.from_values(given)
            size = spec.size(self.rules)
            players = spec.seats(self.rules)
            info = pyspiel.GameInfo(
                num_distinct_actions=size.num_distinct_actions,
                max_chance_outcomes=size.max_chance_outcomes,
                num_players=players,
                min_utility=0.0, max_utility=1.0,
                utility_sum=1.0 if players >= 2 else None,
                max_game_length=size.max_game_length)
            super().__init__(kind, info, {**self.rules.as_dict(every=True), **given})

        def new_initial_state(self) -> "SpielState":
            return SpielState(self, spec.new_state(self.rules))

    Game.__name__ = Game.__qualname__ = f"{spec.title.replace(' ', '').replace('-', '')}Game"
    return Game


class SpielState(pyspiel.State):
    """A ``pyspiel.State`` over one of our states (``inner``)."""

    def __init__(self, game: "pyspiel.Game", inner: State) -> None:
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        return self.inner.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if not hasattr(self.inner, "action_to_string"):   # a kernel state: ids only
            return str(int(action))
        return self.inner.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner)


class PlayerBot(pyspiel.Bot):
    """One of the toolkit's players as an OpenSpiel bot: it decides from the state's inner
    state, drawing its random choices from its own stream (``seed``)."""

    def __init__(self, player: Any, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.player = player
        self.stream = Stream(seed)

    def step(self, state: SpielState) -> int:
        inner = state.inner
        actions = inner.legal_actions()
        return actions[0] if len(actions) == 1 else self.player.choose(inner, self.stream)

    def restart_at(self, state: SpielState) -> None:
        pass

    def inform_action(self, state: SpielState, player_id: int, action: int) -> None:
        pass


def player_bot(game: str, name: str, rules: Any = None, seed: int = 0) -> PlayerBot:
    """The toolkit's player ``name`` of ``game`` (e.g. ``"greedy"``) as an OpenSpiel bot."""
    spec = games()[game]
    return PlayerBot(spec.make_player(name, rules if rules is not None else spec.rules()), seed)


def kernel_module(game: str) -> Any:
    """The ``solver.<game>.kernel`` module of ``game`` (the module of its registered
    kernel), which builds its ``KernelState`` (``kernel_state(rules, policies, key)``)."""
    return games()[game].kernel.module()


def spiel_game(game: str, rules: Any = None) -> "pyspiel.Game":
    """The OpenSpiel game of ``game`` under ``rules`` (default: the pinned rules)."""
    spec = games()[game]
    rules = spec.rules() if rules is None else rules
    return pyspiel.load_game(PREFIX + spec.name, rules.as_dict(every=True))


def kernel_state(game: str, rules: Any, policies: Sequence[str], key: int,
                 spiel: "pyspiel.Game | None" = None) -> SpielState:
    """The kernel's game of ``key`` (its dice and choice streams) at its start, as a
    ``pyspiel.State`` (the module docstring): ``policies`` are the seats' players that
    ``state.inner.decide()`` asks, and the rollout players' Config behind them is what
    :class:`KernelRolloutEvaluator` plays out with. ``spiel``: the game from
    :func:`spiel_game` (built when not given)."""
    spiel = spiel_game(game, rules) if spiel is None else spiel
    inner = kernel_module(game).kernel_state(rules, list(policies), int(key))
    return SpielState(spiel, inner)


def rollout_player(game: str) -> str:
    """The rollout player of ``game``'s ``mcts`` family (its ``base``): the player that
    :class:`KernelRolloutEvaluator` and ``mcts-N``'s own playouts play every seat with."""
    for family in games()[game].players.search:
        if family.name == "mcts":
            return family.base
    raise LookupError(f"{game} has no mcts family")


def rollout_players(game: str, rules: Any, player: str) -> Any:
    """A kernel state of ``rules`` with ``player`` in every seat, whose configuration
    :class:`KernelRolloutEvaluator` rolls out with (``players``)."""
    spec = games()[game]
    return kernel_module(game).kernel_state(rules, [player] * spec.seats(rules), 0)


def declared_shares(returns: np.ndarray, game: "pyspiel.Game") -> np.ndarray:
    """A rollout's ``returns`` as ``game`` declares its utility: a constant-sum game's add up
    to its utility sum. A finished game's returns do already (1 a win, shares of a draw) and
    are kept bit for bit; a rollout cut off and valued by its game's heuristic need not:
    Sumoku's mcts playout gives each seat its squashed score margin over the best other
    seat, which add up to 1 for two seats but to 1.2-1.8 for three or four (the evaluator's
    values summed to about 1.45). Those are scaled to the declared sum, each seat's value
    still in [0, 1]."""
    if game.get_type().utility != pyspiel.GameType.Utility.CONSTANT_SUM:
        return returns
    total, declared = float(returns.sum()), game.utility_sum()
    if total <= 0.0 or abs(total - declared) <= 1e-9:
        return returns
    return returns * (declared / total)


class KernelRolloutEvaluator(Evaluator):
    """An ``MCTSBot`` evaluator for kernel-backed states (:func:`kernel_state`): each of
    ``n_rollouts`` rollouts is a clone played to its end in C as an ``mcts-N`` playout is
    (``cext/common/mcts.pxi``'s ``rollout_state``: the clone's streams restarted from a
    64-bit key drawn from ``random_state``, then the ``mcts`` family's rollout player in
    every seat, with the family's cut-off where the game has one — or, given ``players``
    (a kernel state of the same rules, :func:`rollout_players`), its configuration's
    players, e.g. ``random`` in every seat: random rollouts in C); the value is the mean
    of the returns, each rollout's as shares of the declared utility sum
    (:func:`declared_shares`). The prior is uniform, as ``RandomRolloutEvaluator``'s."""

    def __init__(self, n_rollouts: int = 1,
                 random_state: np.random.RandomState | None = None,
                 players: Any = None) -> None:
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()
        self.players = players

    def evaluate(self, state: SpielState) -> np.ndarray:
        inner = state.inner
        rollout = importlib.import_module(type(inner).__module__).rollout_state
        total = None
        for _ in range(self.n_rollouts):
            key = int(self._random_state.randint(0, 1 << 62, dtype=np.int64))
            returns = declared_shares(np.array(rollout(inner.clone(), key,
                                                       self.players).returns()),
                                      state.get_game())
            total = returns if total is None else total + returns
        return total / self.n_rollouts

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


_LOAD_GAME = getattr(pyspiel.load_game, "wrapped", pyspiel.load_game)
"""OpenSpiel's own ``load_game``."""


def load_game(game: Any, params: Any = None) -> "pyspiel.Game":
    """``pyspiel.load_game(game[, params])``, reading the parameters of a ``python_<game>``
    by its rules; ValueError (one line naming the parameter and what it takes) or TypeError
    for parameters that are not a mapping."""
    if not isinstance(game, str) or not game.startswith(PREFIX):
        return _LOAD_GAME(game) if params is None else _LOAD_GAME(game, params)
    name, given = game, params
    if "(" in game and params is None:
        given = pyspiel.game_parameters_from_string(game)
        name = given.pop("name")
    spec = games().get(name[len(PREFIX):])
    if spec is None or spec.new_state is None:
        return _LOAD_GAME(game) if params is None else _LOAD_GAME(game, params)
    if given is None:
        return _LOAD_GAME(name)
    if not isinstance(given, Mapping):
        raise TypeError(f"the parameters of {name} are a mapping of name to value, not "
                        f"{type(given).__name__}")
    rules = spec.rules.from_values(dict(given)).as_dict(every=True)  # RulesError: a ValueError
    return _LOAD_GAME(name, {key: rules[key] for key in given})


load_game.wrapped = _LOAD_GAME  # type: ignore[attr-defined]
pyspiel.load_game = load_game


def register_all() -> tuple[str, ...]:
    """Register every game with the decision API that is not registered yet; their
    OpenSpiel names."""
    known = set(pyspiel.registered_names())
    names = []
    for spec in games().values():
        if spec.new_state is None or spec.size is None:
            continue
        name = PREFIX + spec.name
        if name not in known:
            perfect = getattr(spec.new_state, "perfect_information", True)
            kind = game_type(spec, perfect)
            pyspiel.register_game(kind, _spiel_game(spec, kind))
        names.append(name)
    return tuple(names)


REGISTERED = register_all()
"""The OpenSpiel names of the games registered on import."""
