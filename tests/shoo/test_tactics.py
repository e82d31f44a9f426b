"""The search leaf's tactics (solver.shoo.evaluation.tactics, the kernel's ``tactics``):
the kernel's valuation after a move without making it (``tactics_after``) against the
move made (``tactics_after_slow``), and that against the reference, on positions of random
games and placements under several variants."""
import collections

import pytest

from solver.dice import Stream
from solver.shoo import kernel
from solver.shoo.evaluation import tactics
from solver.shoo.moves import legal_moves, make_move
from solver.shoo.rules import ShooRules
from solver.shoo.samples import random_placement
from tests.shoo.test_greedy_values import VARIANTS, game_positions


@pytest.mark.parametrize("values", VARIANTS)
def test_tactics_after_a_move_without_making_it(values):
    rules = ShooRules(**values)
    stream = Stream(23 + len(str(values)))
    positions = game_positions(rules, stream, 1, 120)
    positions += [random_placement(rules, stream) for _ in range(150)]
    batch = kernel.Positions(rules, positions)
    moved = collections.Counter()
    for i, position in enumerate(positions):
        fast = batch.tactics_after(i, True)
        assert fast == batch.tactics_after(i, False), i
        if i % 5 == 0:                  # the reference (slow) on a share of them
            moves = legal_moves(position)
            side = position.side
            for move, value in zip(moves, fast):
                after = make_move(position, move)
                assert value == tactics(after, side) - tactics(after, 1 - side), (i, move)
                if value:
                    moved[move.kind.name] += 1
    # the sample's moves change the tactics in every way a move can
    kinds = {"WALK", "RIDE", "MOUNT", "DISMOUNT", "CALL", "LEAD"} | (
        {"HOLD"} if rules.hold_move else set())
    assert kinds <= set(moved), moved
