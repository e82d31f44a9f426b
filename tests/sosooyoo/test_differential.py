"""Two engines, one truth, where the generic differential test cannot look: the generic
test (``tests/test_kernel_decisions.py``) walks both engines node by node, for every player,
on the small and the default rules and on the variants and seatings of
``tests/sosooyoo/cases.py``; here hundreds of ``play_chunk`` games give the reference's rows,
and the kernel refuses a seating of the wrong size."""
import numpy as np
import pytest

from numbergames.solver.sosooyoo import SPEC, reference_row
from numbergames.solver.sosooyoo.kernel import play_chunk
from numbergames.solver.sosooyoo.policies import POLICY_NAMES
from numbergames.solver.sosooyoo.rules import SoSooYooRules

def keys(seed, n):
    return np.random.PCG64(seed).random_raw(n)


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_hundreds_of_games_same_rows(name):
    # 120 games per player on the real board (50 for the slow random player, cut at 300
    # turns), every column compared row by row; the widest net, many more games per
    # player, is a `slow` test: tests/test_conformance.py::test_the_same_games_at_scale
    rules = SoSooYooRules(max_turns=300) if name == "random" else SoSooYooRules()
    batch = keys(7, 50 if name == "random" else 120)
    fast = play_chunk(rules, [name] * 4, batch)
    assert list(fast) == list(SPEC.result_keys)
    for i, key in enumerate(batch):
        row = reference_row(rules, [name] * 4, int(key))
        for column in SPEC.result_keys:
            assert np.array_equal(np.asarray(row[column]), fast[column][i]), (column, i)


def test_kernel_checks_its_arguments():
    with pytest.raises(ValueError, match="need 3 policies"):
        play_chunk(SoSooYooRules(players=3), ["random", "random"], keys(1, 2))
