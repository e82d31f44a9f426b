"""The bit-set kernel (cext/shoo/play.pyx) against the reference engine beyond the generic
differential test (tests/test_kernel_decisions.py, which walks the default and small rules
and the variants of tests/shoo/cases.py node by node from the start): the same legal
actions from random placements, the same shoo detection and evaluation, the recorded perft
counts, the same ``play_chunk`` rows under variants. Behind the ``slow`` marker, the same at
scale (issue 12, point 3): shoo detection on a million random placements and perft to
depth 2 from 300 random middle-game positions."""
import json
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver.shoo import kernel
from numbergames.solver.dice import Stream, game_streams
from numbergames.solver.shoo import reference_row
from numbergames.solver.shoo.perft import perft
from numbergames.solver.shoo.state import ShooState
from numbergames.solver.shoo.moves import detect, legal_moves
from numbergames.solver.shoo.notation import read, write
from numbergames.solver.shoo.evaluation import evaluate
from numbergames.solver.shoo.policies import GreedyPolicy
from numbergames.solver.shoo.position import start
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_game_position, random_placement
from tests.shoo.cases import VARIANTS

PERFT = Path(__file__).resolve().parents[1] / "data" / "shoo_perft.json"
DETECTED = 1_000_000
"""Random placements whose shoo detection the ``slow`` net compares, spread over VARIANTS."""
PERFT_POSITIONS = 300
"""Middle-game positions (10 to 120 plies in) the ``slow`` net counts perft to depth 2 from."""
SEED = 2026


@pytest.mark.parametrize("values", [{}, {"opening": "extra_horse"}, {"odd_horse": "field"}])
def test_perft_to_depth_3_from_the_start(values):
    rules = ShooRules(**values)
    text = write(start(rules))
    counts, = [c["perft"] for c in json.loads(PERFT.read_text())
               if c["rules"] == values and c["position"] == text]
    assert len(counts) == 4
    assert [kernel.perft(rules, start(rules), d) for d in range(4)] == counts


def test_perft_known_answers_from_the_middle_game():
    for case in json.loads(PERFT.read_text()):
        rules = ShooRules(**case["rules"])
        position = read(case["position"], rules)
        assert [kernel.perft(rules, position, d) for d in range(len(case["perft"]))] == (
            case["perft"])


@pytest.mark.parametrize("values", VARIANTS)
def test_the_same_moves_from_random_placements(values):
    rules = ShooRules(**values)
    stream = Stream(7 + len(values))
    for _ in range(40):
        position = random_placement(rules, stream)
        game = ShooState(position=position)
        ours = kernel.kernel_state(rules, ("random", "random"), 0, position)
        assert ours.legal_actions() == game.legal_actions()
        assert ours.view() == kernel.state_view(game)


@pytest.mark.parametrize("values", VARIANTS)
def test_the_same_shoo_detection_and_evaluation(values):
    rules = ShooRules(**values)
    stream = Stream(99 + len(values))
    found = off = 0
    for _ in range(1500):
        position = random_placement(rules, stream)
        expected = detect(position)
        assert kernel.detect(rules, position) == expected
        found += len(expected[0])
        off += len(expected[1])
        seat = stream.below(2)
        assert kernel.evaluation(rules, position, seat) == evaluate(position, seat)
    assert found > 500 and off > 20          # the sample meets shoos and shoo-offs


def test_the_whole_batch_counts_what_detection_finds():
    rules = ShooRules()
    stream = Stream(5)
    positions = [random_placement(rules, stream) for _ in range(300)]
    batch = kernel.Positions(rules, positions)
    assert batch.detect_all() == (sum(len(detect(p)[0]) for p in positions),
                                  sum(len(detect(p)[1]) for p in positions))
    assert batch.count_moves() == sum(len(legal_moves(p)) for p in positions)


@pytest.mark.parametrize("names, values", [
    (("random", "random"), {"hush": "lose_move", "repetition": 2}),
    (("greedy", "random"), {"hush": "shoo_off", "horses": 7}),
    (("search-2", "greedy"), {"leave_home": True}),
])
def test_the_same_games_under_variants(names, values):
    rules = ShooRules(max_plies=60, **values)
    # four games, two where a search player's reference games cost seconds
    keys = np.random.PCG64(3).random_raw(2 if any("search" in n for n in names) else 4)
    fast = kernel.play_chunk(rules, names, keys)
    for i, key in enumerate(keys):
        row = reference_row(rules, names, int(key))
        for column, value in row.items():
            assert np.array_equal(np.asarray(value), fast[column][i]), (column, i)


def test_greedy_evaluates_every_move_of_every_decision():
    rules = ShooRules(max_plies=20)
    keys = np.random.PCG64(4).random_raw(3)
    assert kernel.evaluated_positions(rules, ("random", "random"), keys) == 0
    wanted, greedy = 0, GreedyPolicy()
    for key in keys:
        game, choices = ShooState(rules), game_streams(int(key))[1]
        while not game.is_terminal():
            actions = game.legal_actions()
            action = actions[0]
            if len(actions) > 1:
                wanted += len(actions)
                action = greedy.choose(game, choices)
            game.apply_action(action)
    assert kernel.evaluated_positions(rules, ("greedy", "greedy"), keys) == wanted


@pytest.mark.slow
@pytest.mark.parametrize("v", range(len(VARIANTS)), ids=[str(values) for values in VARIANTS])
def test_the_same_shoo_detection_on_a_million_placements(v):
    rules = ShooRules(**VARIANTS[v])
    stream = Stream(SEED * 1_000 + v)
    share = DETECTED // len(VARIANTS) + (v < DETECTED % len(VARIANTS))
    for _ in range(share):
        position = random_placement(rules, stream)
        assert kernel.detect(rules, position) == detect(position), write(position)


@pytest.mark.slow
@pytest.mark.parametrize("v", range(len(VARIANTS)), ids=[str(values) for values in VARIANTS])
def test_the_same_perft_from_hundreds_of_middle_game_positions(v):
    rules = ShooRules(**VARIANTS[v])
    for i in range(v, PERFT_POSITIONS, len(VARIANTS)):
        stream = Stream(SEED * 1_000_003 + i)
        position = random_game_position(rules, stream, 10 + stream.below(111))
        assert [kernel.perft(rules, position, d) for d in range(3)] == [
            perft(position, d) for d in range(3)], write(position)
