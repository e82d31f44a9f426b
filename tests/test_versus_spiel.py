"""The kernel-backed OpenSpiel bridge state, the kernel rollout evaluator and the match of
``mcts-N`` against OpenSpiel's ``MCTSBot`` (analysis/searches/versus_spiel.py)."""
from __future__ import annotations

import copy
import math

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (in the test extra)")

from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator  # noqa: E402

import numbergames.solver.spiel as bridge  # noqa: E402
from numbergames.analysis.running.errors import UserError  # noqa: E402
from numbergames.analysis.searches.versus_spiel import (ALL_SEATS, main, match_table, play_game,  # noqa: E402
                                   versus_openspiel)
from numbergames.solver.dice import game_streams  # noqa: E402
from numbergames.solver.registry import find_game  # noqa: E402

WALKS = {"manhome": 400, "sosooyoo": 120, "shoo": 12, "sumoku": 20}
"""Nodes walked per game (the reference engines of Shoo and Sumoku are slow)."""


def _walk(game: str, key: int, nodes: int) -> int:
    """Walk the reference-backed and the kernel-backed bridge states of ``key`` side by
    side (the game's small rules), random decisions, the dice of ``key``; compare every
    node. How many nodes."""
    spec = find_game(game)
    spiel = bridge.spiel_game(game, spec.rules.from_values(dict(spec.small_rules)))
    n = spiel.num_players()
    reference = spiel.new_initial_state()
    kernel = bridge.kernel_state(game, spiel.rules, ["random"] * n, key, spiel)
    dice, _ = game_streams(key)
    rs = np.random.RandomState(key)
    for step in range(nodes):
        assert kernel.current_player() == reference.current_player(), step
        if reference.is_terminal():
            assert kernel.is_terminal()
            break
        if reference.is_chance_node():
            mine, theirs = kernel.chance_outcomes(), reference.chance_outcomes()
            assert [a for a, _ in mine] == [a for a, _ in theirs], step
            assert [p for _, p in mine] == pytest.approx([p for _, p in theirs]), step
            action = reference.inner.draw_chance(dice)
            assert kernel.inner.draw_chance() == action, step
        else:
            actions = reference.legal_actions()
            assert kernel.legal_actions() == actions, step
            action = actions[rs.randint(len(actions))]
        reference.apply_action(action)
        kernel.apply_action(action)
        assert kernel.returns() == reference.returns()
    return step


@pytest.mark.parametrize("game", list(WALKS))
def test_the_kernel_backed_state_walks_as_the_reference_backed_one(game):
    keys = (3, 11) if game == "manhome" else (3,)
    steps = [_walk(game, key, WALKS[game]) for key in keys]
    assert min(steps) >= 10


def test_a_kernel_backed_clone_is_independent_and_mcts_bot_plays_on_it():
    spiel = bridge.spiel_game("manhome")
    state = bridge.kernel_state("manhome", spiel.rules, ["greedy", "greedy"], 5, spiel)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.inner.draw_chance() if state.is_chance_node()
                           else state.legal_actions()[0])
    before = state.inner.view()
    twin = state.clone()
    assert copy.deepcopy(state.inner).view() == before
    twin.apply_action(twin.legal_actions()[0])
    assert state.inner.view() == before and twin.inner.view() != before
    for evaluator in (RandomRolloutEvaluator(1, np.random.RandomState(1)),
                      bridge.KernelRolloutEvaluator(1, np.random.RandomState(1)),
                      bridge.KernelRolloutEvaluator(1, np.random.RandomState(1),
                                                    bridge.rollout_players(
                                                        "manhome", spiel.rules, "random"))):
        bot = MCTSBot(spiel, 1.4, 30, evaluator, random_state=np.random.RandomState(2))
        assert bot.step(state) in state.legal_actions()
    assert state.inner.view() == before


def test_a_kernel_rollout_never_draws_the_games_own_dice():
    spiel = bridge.spiel_game("manhome")
    state = bridge.kernel_state("manhome", spiel.rules, ["greedy", "greedy"], 9, spiel)
    ahead = state.clone()
    future = []
    while len(future) < 5:     # the game's next chance outcomes, from its own dice stream
        if ahead.is_chance_node():
            future.append(ahead.inner.draw_chance())
            ahead.apply_action(future[-1])
        else:
            ahead.apply_action(ahead.legal_actions()[0])
    from numbergames.cext.manhome.play import rollout_state
    ends = {tuple(rollout_state(state.inner.clone(), key).row()) for key in range(12)}
    assert len(ends) > 1                  # the key, not the game's stream, rolls the dice
    assert rollout_state(state.inner.clone(), 4).row().tolist() == \
        rollout_state(state.inner.clone(), 4).row().tolist()
    assert state.inner.draw_chance() == future[0]    # the game's stream is untouched


def test_the_match_table_from_points_known_by_hand():
    # keys × seatings; seat 0 wins, wins, draws; seat 1 loses, wins, is cut off
    points = np.array([[1.0, 0.0], [1.0, 1.0], [0.5, math.nan]])
    table = match_table(points, 2).set_index("seat")
    counts = ["games", "finished", "wins", "draws", "losses"]
    assert table.loc["0", counts].tolist() == [3, 3, 2, 1, 0]
    assert table.loc["1", ["finished", "wins", "draws", "losses"]].tolist() == [2, 1, 0, 1]
    assert table.loc["0", "share"] == pytest.approx(2.5 / 3)
    assert table.loc["0", "win_rate"] == pytest.approx(2 / 3)
    everything = table.loc[ALL_SEATS]
    # per key: (1 + 0) / 2, (1 + 1) / 2, 0.5 alone: mean 2/3, sd 0.288675
    assert everything["share"] == pytest.approx(2 / 3)
    half = 1.959964 * math.sqrt(1 / 12) / math.sqrt(3)
    assert everything["share_low"] == pytest.approx(2 / 3 - half, abs=1e-5)
    assert everything["share_high"] == pytest.approx(2 / 3 + half, abs=1e-5)
    assert everything["finished"] == 5 and everything["wins"] == 3
    assert not everything["above_fair"]


def test_a_tiny_match_adds_up_and_plays_duplicate_keys():
    result = versus_openspiel("manhome", budget=8, games_per_seat=3, seed=4, workers=1)
    table = result.table.set_index("seat")
    assert list(table.index) == ["0", "1", ALL_SEATS]
    assert result.rollout == "random" and result.players == 2 and result.fair == 0.5
    seats = table.loc[["0", "1"]]
    assert (seats["wins"] + seats["draws"] + seats["losses"] == seats["finished"]).all()
    assert table.loc[ALL_SEATS, "games"] == 6
    assert table.loc[ALL_SEATS, "wins"] == seats["wins"].sum()
    assert table.loc[ALL_SEATS, "share"] == pytest.approx(seats["share"].mean())
    assert set(result.seconds_per_game) == {"mcts", "openspiel", "game"}
    # duplicate keys: the same key rolls the same first dice from either seat, the dice
    # the reference engine draws from that key's stream
    spec = find_game("manhome")
    rules = spec.rules()
    a = play_game("manhome", rules, 8, 0, 77, "random", [1, 2])
    b = play_game("manhome", rules, 8, 1, 77, "random", [3, 4])
    c = play_game("manhome", rules, 8, 0, 78, "random", [1, 2])
    reference = spec.new_state(rules)
    dice, _ = game_streams(77)
    first = reference.draw_chance(dice)
    assert a["chances"][0] == b["chances"][0] == first
    assert a["chances"][:2] == b["chances"][:2] != c["chances"][:2]
    assert sum(a["returns"]) == pytest.approx(1.0)


def test_bad_input_is_one_line(capsys):
    with pytest.raises(UserError, match="budget"):
        versus_openspiel("manhome", budget=0, games_per_seat=1)
    with pytest.raises(UserError, match="games per seat"):
        versus_openspiel("manhome", budget=4, games_per_seat=0)
    with pytest.raises(UserError, match="rollout"):
        versus_openspiel("manhome", budget=4, games_per_seat=1, rollout="smart")
    assert main(["manhome", "--budget", "0"]) == 2
    with pytest.raises(SystemExit) as stop:
        main(["manhome", "--budget", "lots"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


SHARES = {"manhome": {"players": 3}, "sosooyoo": {"players": 3}, "shoo": {"max_plies": 60},
          "sumoku": {"players": 3}}
"""Rules of :func:`test_rollout_values_are_shares_of_the_declared_sum` (three seats where
the game allows them)."""


@pytest.mark.parametrize("game", sorted(SHARES))
def test_rollout_values_are_shares_of_the_declared_sum(game):
    """KernelRolloutEvaluator's values — the mcts family's rollouts (cut off and valued where
    the game's are) and random ones, 1, 2 and 5 rollouts, at the start and after a few
    seeded random moves — each lie in the declared utility range and add up to the declared
    sum. A sum of the rollouts instead of their mean gives 2 and 5; Sumoku's cut-off
    playouts with three seats summed to about 1.2-1.4 before they were scaled
    (numbergames.solver.spiel.declared_shares)."""
    spec = find_game(game)
    rules = spec.rules.from_values(dict(SHARES[game]))
    spiel = bridge.spiel_game(game, rules)
    assert spiel.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    low, high, total = spiel.min_utility(), spiel.max_utility(), spiel.utility_sum()
    seats = spiel.num_players()
    walk = np.random.RandomState(4)
    for players in (None, bridge.rollout_players(game, rules, "random")):
        for n in (1, 2, 5):
            evaluator = bridge.KernelRolloutEvaluator(n, np.random.RandomState(n), players)
            for key in range(3):
                state = bridge.kernel_state(game, rules, ["random"] * seats, key, spiel)
                for _ in range(3 * key):
                    if state.is_chance_node():
                        state.apply_action(state.inner.draw_chance())
                    elif not state.is_terminal():
                        state.apply_action(int(walk.choice(state.legal_actions())))
                values = evaluator.evaluate(state)
                assert len(values) == seats
                assert all(low <= v <= high for v in values), (players, n, key, values)
                assert math.isclose(sum(values), total, abs_tol=1e-9), (players, n, key, values)
