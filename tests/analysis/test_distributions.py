"""numbergames.analysis.statistics.distributions gives scipy.stats' values without importing it (scipy is the
reference here, in the tests only)."""
from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from numbergames.analysis.statistics import distributions as D


def scipy_stats():
    """scipy.stats, imported by the tests that compare with it (1.4 CPU-s: not every
    worker collecting this module pays it)."""
    import scipy.stats

    return scipy.stats

TINY = 1e-280
"""Below this a probability is zero for every purpose here (both sides underflow apart)."""


def close(ours: float, scipys: float, rel: float) -> bool:
    scipys = float(scipys)
    if max(abs(ours), abs(scipys)) < TINY:
        return True
    return abs(ours - scipys) <= rel * max(abs(ours), abs(scipys))


def binomial_case(max_n: int):
    """(k, n, p): k spread over the bulk and the tails of Binomial(n, p)."""
    def with_k(n_p):
        n, p = n_p
        sd = math.sqrt(n * p * (1 - p))
        near = st.floats(-12, 12).map(lambda z: min(n, max(0, round(n * p + z * sd))))
        return st.tuples(st.one_of(near, st.integers(0, n)), st.just(n), st.just(p))

    probabilities = st.one_of(st.sampled_from([0.5, 1 / 2, 1 / 3, 1 / 4, 1 / 5, 0.1, 0.9]),
                              st.floats(0.001, 0.999))
    return st.tuples(st.integers(1, max_n), probabilities).flatmap(with_k)


@given(st.floats(1e-12, 1 - 1e-12))
def test_norm_ppf(q: float) -> None:
    assert close(D.norm_ppf(q), scipy_stats().norm.ppf(q), 1e-13)


def test_norm_ppf_ends() -> None:
    assert D.norm_ppf(0.0) == -math.inf and D.norm_ppf(1.0) == math.inf
    assert math.isnan(D.norm_ppf(1.5))


@given(st.floats(-10, 37))
def test_norm_sf(x: float) -> None:
    assert close(D.norm_sf(x), scipy_stats().norm.sf(x), 1e-12)


@given(st.integers(1, 10**8).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
       st.one_of(st.just(0.95), st.floats(0.01, 0.999)))
def test_wilson_interval(kn: tuple[int, int], confidence: float) -> None:
    k, n = kn
    ci = scipy_stats().binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
    low, high = D.wilson_interval(k, n, confidence)
    assert close(low, ci.low, 1e-12) and close(high, ci.high, 1e-12)
    assert (low == 0.0) == (k == 0) and (high == 1.0) == (k == n)


DEEP_TAIL = 1e-200
"""Below it scipy's own sums drift: binom.cdf(14, 6724, 0.1) = 4.1294e-279 where 60-digit
mpmath and this module give 4.13006088740e-279 (1.5e-4 apart), binomtest(0, 962, 0.46875)
1.3e-9 apart; both seen in hypothesis runs. A p-value is "p < 0.001" long before."""


def like_scipy(ours: float, theirs: float) -> bool:
    """``ours`` equals scipy's ``theirs`` to 1e-10, or to 1e-3 in the deep tail."""
    return close(ours, theirs, 1e-10 if theirs > DEEP_TAIL else 1e-3)


@settings(max_examples=300)
@given(binomial_case(10**6))
@example((14, 6724, 0.1))
def test_binomial_distribution(case: tuple[int, int, float]) -> None:
    k, n, p = case
    assert like_scipy(D.binom_pmf(k, n, p), scipy_stats().binom.pmf(k, n, p))
    assert like_scipy(D.binom_cdf(k, n, p), scipy_stats().binom.cdf(k, n, p))
    assert like_scipy(D.binom_sf(k, n, p), scipy_stats().binom.sf(k, n, p))


@settings(max_examples=300)
@given(binomial_case(10**6))
@example((17, 1139, 0.46875))
@example((0, 962, 0.46875))
def test_binomtest_pvalue(case: tuple[int, int, float]) -> None:
    k, n, p = case   # far out in a tail scipy drifts (DEEP_TAIL)
    assert like_scipy(D.binomtest_pvalue(k, n, p), scipy_stats().binomtest(k, n, p).pvalue)


@pytest.mark.parametrize("n", [1, 2, 9, 10, 100, 1001, 10**6])
def test_binomtest_symmetric_tails_are_exact(n: int) -> None:
    """At p = 1/2 the other tail mirrors k's (the 1e-7 rule), as in scipy."""
    for k in sorted({0, 1, n // 3, n // 2 - 1, n // 2, n - 1, n} & set(range(n + 1))):
        ours = D.binomtest_pvalue(k, n, 0.5)
        assert ours == D.binomtest_pvalue(n - k, n, 0.5)
        assert close(ours, scipy_stats().binomtest(k, n, 0.5).pvalue, 1e-12)


def test_binomial_large_n() -> None:
    """Up to the most games a run may hold; scipy's own error is ~1e-11 there."""
    for k, n, p in [(33_330_000, 10**8, 1 / 3), (50_010_000, 10**8, 0.5),
                    (24_990_000, 10**8, 0.25), (2_000_000, 10**7, 0.2)]:
        assert close(D.binomtest_pvalue(k, n, p), scipy_stats().binomtest(k, n, p).pvalue, 1e-9)


@given(st.integers(1, 60), st.one_of(st.floats(0, 50), st.floats(0, 3000)))
def test_chi2_sf(df: int, x: float) -> None:
    from scipy.special import chdtrc

    assert close(D.chi2_sf(x, df), chdtrc(df, x), 1e-11)


@given(st.lists(st.integers(0, 10**7), min_size=2, max_size=12).filter(any))
def test_chisquare_uniform(counts: list[int]) -> None:
    result = scipy_stats().chisquare(counts)
    statistic, p_value = D.chisquare_uniform(np.array(counts))
    assert statistic == float(result.statistic)
    assert close(p_value, result.pvalue, 1e-11)


@given(st.floats(0.5, 0.9999), st.floats(1.0, 1e7))
def test_t_ppf(q: float, df: float) -> None:
    assert D.t_ppf(q, df) == float(scipy_stats().t.ppf(q, df))


def test_commands_do_not_import_scipy_stats() -> None:
    """The statistics of every command stay off scipy.stats (half a second to import)."""
    code = ("import sys, numbergames.analyze.cli, numbergames.analysis.searches.simulation, numbergames.analysis.statistics.stats, numbergames.analysis.statistics.paired, "
            "numbergames.analysis.searches.skill, numbergames.analysis.searches.compare, numbergames.analysis.searches.whatif, numbergames.analysis.reports.report; "
            "print(sorted(m for m in sys.modules if m.startswith(('scipy', 'matplotlib'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
