"""One conformance suite over the decision API (:mod:`numbergames.solver.decision`) of every registered
game and the toy games: random playouts from the start, checked at every node —

* a decision node has legal actions, ascending, each below the game's declared
  ``num_distinct_actions``; a chance node's outcomes are ascending, below
  ``max_chance_outcomes``, and their probabilities sum to 1;
* a clone equals its original, applying an action to the original leaves the clone as it
  was, and the same action applied to the clone gives an equal state (apply is a function
  of the state);
* the game ends within ``max_game_length`` nodes, its returns match the outcome the result
  row names (the winner 1 and the others 0; a draw shared; a game cut off a draw of all)
  and a score game's scores are the row's;
* :func:`numbergames.solver.decision.play` with a seat's players replays its game from its key, and
  every player returns a legal action;

and the decision-sequence counts to depth d from the start of every game (perft-style,
``tests/data/decision_counts.json``, written by ``tests/data/make_decision_counts.py``).
"""
from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver import decision
from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.dice import Stream
from numbergames.solver.registry import DRAW, NO_WINNER, UNFINISHED, games
from tests.examples import example_specs

HERE = Path(__file__).parent
TOYS = ("toygame", "toyduel", "toypuzzle")


def _toy(name: str):
    path = HERE / "analysis" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_api_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.SPEC


def game_specs():
    """Every registered game, the toy games and the example games."""
    return [*games().values(), *(_toy(name) for name in TOYS), *example_specs()]


SPECS = {spec.name: spec for spec in game_specs()}


def variants(spec) -> list[dict]:
    """Rules to play: the game's small rules and, where it allows several numbers of
    players, the most it allows."""
    out = [dict(spec.small_rules)]
    low, high = spec.traits.players
    if "players" in spec.rules.parameters() and high > low:
        out.append({**spec.small_rules, "players": high})
    return out


CASES = [(name, values) for name, spec in SPECS.items() for values in variants(spec)]


def _needs_api(spec):
    if spec.new_state is None:
        pytest.fail(f"{spec.name} has no decision API (GameSpec.new_state)")


CLONED_NODES = 150
"""Clones are checked at every node of a game's first nodes, then at every
:data:`CLONE_EVERY`-th (a clone may replay the turn so far: So-Soo-Yoo's)."""
CLONE_EVERY = 13


def _check_node(state, size, stream, clones=True):
    """Check one node; return the action taken."""
    player = state.current_player()
    assert player == CHANCE or 0 <= player < state.num_players, player
    actions = state.legal_actions()
    assert actions, f"no legal action at a node that is not terminal:\n{state}"
    assert actions == sorted(set(actions)), actions
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert [o for o, _ in outcomes] == actions
        assert all(0 <= o < size.max_chance_outcomes for o in actions)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        assert all(p > 0 for _, p in outcomes)
        action = decision.sample(outcomes, stream)
    else:
        assert all(0 <= a < size.num_distinct_actions for a in actions)
        action = actions[stream.choose(len(actions))]
    assert isinstance(state.action_to_string(action), str)
    if not clones:
        state.apply_action(action)
        return action
    twin, before = state.clone(), state.clone()
    assert twin == state and twin is not state
    state.apply_action(action)
    assert twin == before, "applying an action to a state changed its clone"
    twin.apply_action(action)
    assert twin == state, "the same action gave different states"
    return action


def _check_end(spec, state):
    row = state.row()
    returns = state.returns()
    assert len(returns) == state.num_players
    winner = row["winner"]
    if winner >= 0:
        expected = [1.0 if seat == winner else 0.0 for seat in range(state.num_players)]
    elif winner == NO_WINNER and state.num_players == 1:
        expected = [0.0]
    elif winner in (DRAW, UNFINISHED, NO_WINNER):
        expected = None   # a draw: shared by the seats that drew
    else:
        raise AssertionError(f"unknown winner {winner}")
    if expected is not None:
        assert returns == expected, (row, returns)
    else:
        assert all(0 <= r < 1 for r in returns), returns
        assert math.isclose(sum(returns), 1.0), returns
    if state.num_players >= 2:
        assert math.isclose(sum(returns), 1.0), returns
    if spec.traits.outcome == "scores" and state.num_players >= 2:
        assert list(state.scores()) == list(row["seat_score"])


@pytest.mark.parametrize("name, values", CASES, ids=[f"{n}-{v}" for n, v in CASES])
def test_random_playouts_keep_the_api(name, values):
    spec = SPECS[name]
    _needs_api(spec)
    rules = spec.rules.from_values(values)
    size = spec.size(rules)
    for seed in range(3):
        stream = Stream(1000 + seed)
        state = spec.new_state(rules)
        assert state.num_players == spec.seats(rules)
        nodes = 0
        while not state.is_terminal():
            _check_node(state, size, stream,
                        clones=nodes < CLONED_NODES or nodes % CLONE_EVERY == 0)
            nodes += 1
            assert nodes <= size.max_game_length, "longer than max_game_length"
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        _check_end(spec, state)


@pytest.mark.parametrize("name", list(SPECS))
def test_every_player_plays_legal_actions_and_a_key_replays_its_game(name):
    spec = SPECS[name]
    _needs_api(spec)
    rules = spec.rules.from_values(spec.small_rules)
    seats = spec.seats(rules)
    names = list(spec.players.fixed)

    class Checked:
        """A player that checks each action its player returns is legal."""

        def __init__(self, inner):
            self.inner, self.name = inner, inner.name

        def choose(self, state, choices):
            action = self.inner.choose(state, choices)
            assert action in state.legal_actions(), (self.name, action)
            return action

    for key in (3, 4):
        seating = [names[(key + s) % len(names)] for s in range(seats)]
        players = [Checked(spec.make_player(n, rules)) for n in seating]
        first = decision.play(spec.new_state(rules), players, key).row()
        again = decision.play(spec.new_state(rules), players, key).row()
        assert json.dumps(first, default=str) == json.dumps(again, default=str)


def test_the_random_player_draws_one_choice_per_decision():
    state = SPECS["duel"].new_state(SPECS["duel"].rules())
    stream, copy = Stream(5), Stream(5)
    assert decision.RandomPlayer().choose(state, stream) == copy.below(3)
    assert stream.state == copy.state


def test_sample_draws_by_probability_and_refuses_what_does_not_sum_to_one():
    counts = np.zeros(3)
    stream = Stream(9)
    for _ in range(6000):
        counts[decision.sample([(0, 0.5), (1, 0.25), (2, 0.25)], stream)] += 1
    assert np.allclose(counts / 6000, [0.5, 0.25, 0.25], atol=5 * math.sqrt(0.25 / 6000))
    with pytest.raises(RuntimeError, match="sum to"):
        decision.sample([(0, 0.5), (1, 0.25)], stream)


def first_decision(state, key):
    """``state`` itself (``key`` None), or the state at its first decision node, the chance
    nodes before it drawn from the dice of ``key`` as a seeded game draws them."""
    if key is None:
        return state
    dice, _ = decision.game_streams(key)
    while state.current_player() == CHANCE:
        state.apply_action(state.draw_chance(dice))
    return state


COUNTS = HERE / "data" / "decision_counts.json"
RECORDED = json.loads(COUNTS.read_text()) if COUNTS.exists() else []


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c['game']}-{c['rules']}-key{c['from_key']}-"
                                                f"d{c['depth']}" for c in RECORDED])
def test_decision_counts(case):
    spec = SPECS[case["game"]]
    _needs_api(spec)
    state = first_decision(spec.new_state(spec.rules.from_values(case["rules"])),
                           case["from_key"])
    assert decision.count_sequences(state, case["depth"]) == case["count"]


def test_every_game_has_recorded_decision_counts():
    assert {c["game"] for c in RECORDED} == set(SPECS)
