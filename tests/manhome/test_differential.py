"""Two engines, one truth, where the generic differential test cannot look: the generic
test (``tests/test_kernel_decisions.py``) walks both engines node by node on the small and
the default rules and on the variants and seatings of ``tests/manhome/cases.py``; here the
kernel's ``play_chunk`` (its own loop, not the decision API's) gives the reference's rows,
and it refuses a seating of the wrong size."""
import numpy as np
import pytest

from numbergames.solver.manhome import reference_row
from numbergames.solver.manhome.kernel import play_chunk
from numbergames.solver.manhome.rules import ManHomeRules
from tests.manhome.cases import DIFFERENTIAL

SEATINGS = DIFFERENTIAL[0]["seatings"]


def keys(seed, n):
    return np.random.PCG64(seed).random_raw(n)


@pytest.mark.parametrize("seating", SEATINGS, ids="-".join)
def test_chunk_rows_match_the_reference(seating):
    rules = ManHomeRules(players=len(seating))
    batch = keys(99, 150)
    result = play_chunk(rules, seating, batch)
    for i, key in enumerate(batch):
        row = reference_row(rules, seating, int(key))
        for name, value in row.items():
            assert np.array_equal(result[name][i], value), (name, i)


def test_many_games_same_winners_and_lengths():
    # A wider net than the traces: 120 games per policy, compared row by row (the widest,
    # tens of thousands of games of every player, is a `slow` test:
    # tests/test_conformance.py::test_the_same_games_at_scale).
    rules = ManHomeRules()
    for name in ("random", "greedy", "expert"):
        batch = keys(7, 120)
        result = play_chunk(rules, [name, name], batch)
        reference = [reference_row(rules, [name, name], int(k)) for k in batch]
        assert result["winner"].tolist() == [r["winner"] for r in reference]
        assert result["turns"].tolist() == [r["turns"] for r in reference]


def test_kernel_checks_its_arguments():
    with pytest.raises(ValueError, match="need 3 policies"):
        play_chunk(ManHomeRules(players=3), ["random", "random"], keys(1, 2))
