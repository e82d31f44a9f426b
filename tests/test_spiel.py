"""Every game is an OpenSpiel game (:mod:`numbergames.solver.spiel`): it loads by name with its rules as
parameters, its ``GameType`` follows its traits, OpenSpiel's own random-simulation test runs
it to the end, OpenSpiel's ``MCTSBot`` and ``evaluate_bots`` play it, and the toolkit's
players sit at the table as bots. The toy games of the analysis tests go through it too.
Without the ``open-spiel`` package the bridge says in one line how to install it."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (in the test extra)")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

from numbergames.solver import registry  # noqa: E402
from tests.test_decision_api import SPECS, variants  # noqa: E402

NAMES = list(SPECS)


@pytest.fixture(scope="module")
def spiel():
    """The bridge, with the toy games registered beside the real ones."""
    registry.games()
    saved = dict(registry._GAMES)
    registry._GAMES.update({name: spec for name, spec in SPECS.items()})
    import numbergames.solver.spiel as bridge
    bridge.register_all()
    yield bridge
    registry._GAMES.clear()
    registry._GAMES.update(saved)


def _load(name, values):
    return pyspiel.load_game(f"python_{name}", dict(values))


@pytest.mark.parametrize("name", NAMES)
def test_the_game_type_follows_the_traits(spiel, name):
    spec = SPECS[name]
    game = pyspiel.load_game(f"python_{name}")
    kind = game.get_type()
    assert kind.short_name == f"python_{name}"
    chance = pyspiel.GameType.ChanceMode
    assert kind.chance_mode == (chance.EXPLICIT_STOCHASTIC if spec.traits.chance
                                else chance.DETERMINISTIC)
    assert (kind.min_num_players, kind.max_num_players) == spec.traits.players
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    information = pyspiel.GameType.Information
    assert kind.information == (information.PERFECT_INFORMATION
                                if spec.new_state.perfect_information
                                else information.IMPERFECT_INFORMATION)
    if name in registry.game_names():   # the four games: every hand and board in sight
        assert kind.information == information.PERFECT_INFORMATION
    assert game.num_players() == spec.seats(spec.rules())
    assert game.get_parameters() == spec.rules().as_dict(every=True)
    size = spec.size(spec.rules())
    assert game.num_distinct_actions() == size.num_distinct_actions
    assert game.max_game_length() == size.max_game_length


@pytest.mark.parametrize("name", NAMES)
def test_rules_parameters_are_game_parameters(spiel, name):
    spec = SPECS[name]
    for values in variants(spec):
        game = _load(name, values)
        state = game.new_initial_state()
        assert state.inner.rules == spec.rules.from_values(values)
        assert game.num_players() == spec.seats(state.inner.rules)
    with pytest.raises(Exception, match="(?i)unknown (rules )?parameter"):
        pyspiel.load_game(f"python_{name}", {"no_such_rule": 1})


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_runs_the_game_to_its_end(spiel, name):
    # the small rules and the most players on them: the bridge's contract does not depend on
    # the board's size, and the full-size random games (So-Soo-Yoo's thousands of moves,
    # 8 s) are walked node by node against the kernel in tests/test_kernel_decisions.py
    for values in [v for v in variants(SPECS[name]) if v] or [{}]:
        pyspiel.random_sim_test(_load(name, values), num_sims=1, serialize=False,
                                verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_mcts_and_toolkit_players_play_through_evaluate_bots(spiel, name):
    spec = SPECS[name]
    values = variants(spec)[0]
    game = _load(name, values)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator,
                       random_state=np.random.RandomState(8))
    ours = [spiel.player_bot(name, player, spec.rules.from_values(values), seed=seat)
            for seat, player in enumerate(spec.players.fixed[:game.num_players()])]
    seats = [bot, *ours[1:]] if game.num_players() > 1 else [bot]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), seats, rng)
    assert len(returns) == game.num_players() and all(0 <= r <= 1 for r in returns)
    if game.num_players() > 1:
        assert sum(returns) == pytest.approx(1.0)
    last = [spiel.player_bot(name, spec.players.fixed[-1], spec.rules.from_values(values),
                             seed=seat) for seat in range(game.num_players())]
    assert len(evaluate_bots.evaluate_bots(game.new_initial_state(), last, rng)) == len(last)


def test_a_clone_is_independent(spiel):
    game = pyspiel.load_game("python_duel")
    state = game.new_initial_state()
    state.apply_action(1)
    twin = state.clone()
    twin.apply_action(2)
    assert twin.is_terminal() and not state.is_terminal()
    assert str(state) == "paper" and twin.returns() == [0.0, 1.0]


def test_without_open_spiel_the_bridge_says_how_to_install_it():
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import numbergames.solver.spiel\n"
            "except ImportError as error:\n    print(error)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.count("\n") == 1 and "pip install" in out and "open-spiel" in out
    code = "import sys; sys.modules['pyspiel'] = None; import analysis, numbergames.solver.decision"
    subprocess.run([sys.executable, "-c", code], check=True)


def _numbers_of_every_game():
    from numbergames.solver.registry import games

    for spec in games().values():
        for name, param in spec.rules.parameters().items():
            numbers = [c for c in param.choices or () if str(c).isdigit()]
            if param.kind is int or numbers:
                value = int(numbers[-1]) if numbers else getattr(spec.rules(), name)
                yield spec.name, name, value


@pytest.mark.parametrize("game, name, value", list(_numbers_of_every_game()))
def test_load_game_reads_numbers_as_the_rules_do(spiel, game, name, value):
    """``pyspiel.load_game("python_sumoku(players=3,key=5)")`` refused the integer key
    (OpenSpiel checks types before the game sees them): a number reads as the rules read it,
    in the string form and in a mapping, as an integer or a whole float."""
    expected = registry.find_game(game).rules.from_values({name: value})
    for written in (value, float(value)):
        for game_of in (lambda: pyspiel.load_game(f"python_{game}({name}={written})"),
                        lambda: pyspiel.load_game(f"python_{game}", {name: written})):
            assert game_of().new_initial_state().inner.rules == expected, written


@pytest.mark.parametrize("bad", [2.5, "x", [1]])
def test_load_game_names_a_parameter_of_the_wrong_type(spiel, bad):
    with pytest.raises(ValueError, match=r"^bad value .* for players; allowed: an integer in 2\.\.8$"):
        pyspiel.load_game("python_manhome", {"players": bad})
    if not isinstance(bad, list):
        with pytest.raises(ValueError, match=r"^bad value .* for players; allowed"):
            pyspiel.load_game(f"python_manhome(players={bad})")
    with pytest.raises(TypeError, match="python_manhome are a mapping of name to value"):
        spiel.load_game("python_manhome", [("players", 3)])
    assert pyspiel.load_game("tic_tac_toe").num_players() == 2  # other games as before
