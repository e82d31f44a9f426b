"""The search leaf's duel tactics (numbergames.solver.shoo.evaluation.tactics and duel, the kernel's
``tactics``, ``duel`` and ``tactics_after``): the kernel's value of the tactics after each
move against the reference's, on duels placed at random under several variants (where they
count) and on the positions of random games (where they never do), and the kernel's search
against the reference's on duels."""
import collections

import pytest

from numbergames.solver.dice import Stream
from numbergames.solver.shoo import kernel
from numbergames.solver.shoo.evaluation import duel, tactics
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_placement
from numbergames.solver.shoo.search import search
from tests.shoo.test_greedy_values import VARIANTS, game_positions


def reference_after(position, move):
    """What the reference's child value adds to greedy's for ``move``."""
    after = make_move(position, move)
    if not duel(after):
        return 0
    return tactics(after, position.side) - tactics(after, 1 - position.side)


@pytest.mark.parametrize("values", VARIANTS)
def test_the_kernel_values_the_tactics_after_a_move_as_the_reference(values):
    rules = ShooRules(**values)
    stream = Stream(23 + len(str(values)))
    duels = [random_placement(rules, stream, (7, 9)) for _ in range(200)]
    games = game_positions(rules, stream, 1, 60)
    batch = kernel.Positions(rules, duels + games)
    moved, duelled = collections.Counter(), 0
    for i, position in enumerate(duels + games):
        fast = batch.tactics_after(i)
        moves = legal_moves(position)
        assert fast == [reference_after(position, move) for move in moves], i
        if i >= len(duels):
            assert not any(fast), i            # nine travellers a side: never a duel
        duelled += duel(position)
        for move, value in zip(moves, fast):
            if value != (tactics(position, position.side) - tactics(position, 1 - position.side)
                         if duel(position) else 0):
                moved[move.kind.name] += 1
    # the sample holds duels and near-duels, and moves that change the tactics every way
    assert 0 < duelled < len(duels)
    kinds = {"WALK", "RIDE", "DISMOUNT", "CALL", "LEAD", "RETURN"}
    assert kinds <= set(moved), moved


@pytest.mark.parametrize("budget, count", [(2, 6), (5, 4)])   # 500 nodes: 8 s a position
def test_kernel_and_reference_search_duels_alike(budget, count):
    rules = ShooRules()
    stream = Stream(41)
    for _ in range(count):
        position = random_placement(rules, stream, (7, 9))
        values, depth, nodes = search(position, legal_moves(position), budget * 100)
        assert kernel.search_values(rules, position, budget) == (values, depth, nodes)
