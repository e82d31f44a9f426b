"""The shared bit-set helpers (cext/common/bits.pxd) against Python's int."""
from hypothesis import given, strategies as st

from numbergames.solver.dice import MASK64


@given(st.integers(0, MASK64))
def test_scan_forward_lists_the_members_ascending(checks, word):
    assert checks.scan_forward(word) == [i for i in range(64) if word >> i & 1]


@given(st.integers(0, MASK64))
def test_popcount_counts_the_members(checks, word):
    assert checks.popcount(word) == word.bit_count()


def test_the_edge_bits(checks):
    assert checks.scan_forward(1 << 63 | 1) == [0, 63] and checks.popcount(MASK64) == 64
    assert checks.scan_forward(0) == [] and checks.popcount(0) == 0
