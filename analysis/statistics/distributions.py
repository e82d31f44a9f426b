"""The few distribution functions the statistics need, without importing ``scipy.stats``.

``import scipy.stats`` takes about half a second (it builds every distribution and parses
their docstrings), longer than a stored run takes to answer; even ``scipy.special`` costs
a quarter of a second. So the functions on every command's path are written here in plain
Python (``math``, :class:`statistics.NormalDist`), each following the algorithm scipy uses
so that the figures are the same (``tests/analysis/test_distributions.py`` compares them
with scipy over many cases):

* :func:`norm_ppf`, :func:`norm_sf` -- the standard normal quantile and upper tail;
* :func:`wilson_interval` -- scipy's ``binomtest(k, n).proportion_ci(method="wilson")``,
  the same formula in the same order;
* :func:`binom_pmf`, :func:`binom_cdf`, :func:`binom_sf` -- the binomial distribution:
  the probability by Loader's saddle-point method (as R's ``dbinom``), the tails by the
  continued fraction of the incomplete beta function, both to about 1e-14 relative;
* :func:`binomtest_pvalue` -- the exact two-sided binomial test, by scipy's algorithm
  (the other tail holds the outcomes no more likely than ``k``, within a relative 1e-7);
* :func:`chisquare_uniform` -- Pearson's chi-square test of counts against a uniform split
  (scipy's ``chisquare``), with :func:`chi2_sf` exact for whole degrees of freedom.

Only :func:`t_ppf` (Student's t quantile, for ``analyze compare``) calls scipy: it imports
``scipy.special`` on first use and returns exactly what ``scipy.stats.t.ppf`` does.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist

import numpy as np

_NORMAL = NormalDist()


# --------------------------------------------------------------------------- normal


def norm_ppf(q: float) -> float:
    """The standard normal quantile (``scipy.stats.norm.ppf``): ``-inf`` at 0, ``inf``
    at 1, NaN outside [0, 1]."""
    if 0.0 < q < 1.0:
        return _NORMAL.inv_cdf(q)
    if q == 0.0:
        return -math.inf
    if q == 1.0:
        return math.inf
    return math.nan


def norm_sf(x: float) -> float:
    """The standard normal upper tail ``P(Z > x)`` (``scipy.stats.norm.sf``), computed as
    scipy's ``ndtr(-x)``: by erf near 0 and by erfc in the tails (no cancellation)."""
    a = -x * math.sqrt(0.5)
    z = abs(a)
    if z < math.sqrt(0.5):
        return 0.5 + 0.5 * math.erf(a)
    y = 0.5 * math.erfc(z)
    return 1.0 - y if a > 0 else y


# --------------------------------------------------------------------------- Wilson


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of ``successes / trials`` (the arguments already checked):
    scipy's ``binomtest(successes, trials).proportion_ci(confidence, "wilson")``, the same
    formula evaluated in the same order (Newcombe 1998)."""
    k, n = int(successes), int(trials)
    p = k / n
    z = norm_ppf(0.5 + 0.5 * confidence)
    denom = 2 * (n + z**2)
    center = (2 * n * p + z**2) / denom
    q = 1 - p
    delta = z / denom * math.sqrt(4 * n * p * q + z**2)
    low = 0.0 if k == 0 else center - delta
    high = 1.0 if k == n else center + delta
    return low, high


# --------------------------------------------------------------------------- binomial

_STIRLERR = (
    0.0, 0.08106146679532726, 0.0413406959554093, 0.02767792568499834,
    0.020790672103765093, 0.016644691189821193, 0.013876128823070748, 0.01189670994589177,
    0.010411265261972096, 0.009255462182712733, 0.00833056343336287, 0.007573675487951841,
    0.00694284010720953, 0.006408994188004207, 0.0059513701127588475, 0.005554733551962801,
)
"""``log(n!) - log(sqrt(2 pi n) (n/e)^n)`` for n = 0..15 (to 50 digits, then rounded)."""
_S0, _S1, _S2, _S3, _S4 = 1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188


def _stirlerr(n: int) -> float:
    """The error of Stirling's formula for ``log(n!)``, as in Loader (2000)."""
    if n <= 15:
        return _STIRLERR[n]
    x = float(n)
    nn = x * x
    if n > 500:
        return (_S0 - _S1 / nn) / x
    if n > 80:
        return (_S0 - (_S1 - _S2 / nn) / nn) / x
    if n > 35:
        return (_S0 - (_S1 - (_S2 - _S3 / nn) / nn) / nn) / x
    return (_S0 - (_S1 - (_S2 - (_S3 - _S4 / nn) / nn) / nn) / nn) / x


def _bd0(x: float, mean: float) -> float:
    """``x log(x / mean) + mean - x`` without cancellation when ``x`` is near ``mean``."""
    if abs(x - mean) < 0.1 * (x + mean):
        v = (x - mean) / (x + mean)
        s = (x - mean) * v
        if abs(s) < 2.2250738585072014e-308:
            return s
        ej = 2 * x * v
        v *= v
        for j in range(1, 1000):
            ej *= v
            s1 = s + ej / (2 * j + 1)
            if s1 == s:
                return s1
            s = s1
    return x * math.log(x / mean) + mean - x


def binom_pmf(k: int, n: int, p: float) -> float:
    """``P(X = k)`` for ``X ~ Binomial(n, p)``, by Loader's saddle-point expansion (the
    algorithm of R's ``dbinom``): accurate to a few units in the last place for any n."""
    if k < 0 or k > n:
        return 0.0
    q = 1.0 - p
    if p == 0.0:
        return 1.0 if k == 0 else 0.0
    if q == 0.0:
        return 1.0 if k == n else 0.0
    if k == 0:
        return math.exp(-_bd0(n, n * q) - n * p if p < 0.1 else n * math.log(q))
    if k == n:
        return math.exp(-_bd0(n, n * p) - n * q if q < 0.1 else n * math.log(p))
    lc = (_stirlerr(n) - _stirlerr(k) - _stirlerr(n - k)
          - _bd0(k, n * p) - _bd0(n - k, n * q))
    lf = math.log(2 * math.pi) + math.log(k) + math.log1p(-k / n)
    return math.exp(lc - 0.5 * lf)


_TINY = 1e-300


def _beta_fraction(a: int, b: int, x: float) -> float:
    """The continued fraction of the incomplete beta function ``I_x(a, b)`` (modified
    Lentz; Numerical Recipes' ``betacf``): ``I_x(a, b) = x^a (1-x)^b / (a B(a, b))`` times
    this. It converges fast for ``x < (a + 1) / (a + b + 2)``, in about
    ``sqrt(max(a, b))`` steps at worst, and ends after ``b`` steps for a whole ``b``."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) >= _TINY else _TINY)
    h = d
    for m in range(1, 100_000 + 20 * math.isqrt(a + b)):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) >= _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) >= _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) >= _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) >= _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) <= 2.220446049250313e-16:
            break
    return h


def _binom_tails(k: int, n: int, p: float) -> tuple[float, float]:
    """``(P(X <= k), P(X > k))`` for ``X ~ Binomial(n, p)`` and ``0 <= k < n``: the
    smaller tail by the continued fraction, the other as its complement."""
    q = 1.0 - p
    if q < (n - k + 1) / (n + 3):  # P(X <= k) = I_q(n - k, k + 1)
        low = p * binom_pmf(k, n, p) * _beta_fraction(n - k, k + 1, q)
        return low, 1.0 - low
    high = q * binom_pmf(k + 1, n, p) * _beta_fraction(k + 1, n - k, p)  # I_p(k + 1, n - k)
    return 1.0 - high, high


def binom_cdf(k: int, n: int, p: float) -> float:
    """``P(X <= k)`` for ``X ~ Binomial(n, p)`` (``scipy.stats.binom.cdf``)."""
    if k < 0:
        return 0.0
    return 1.0 if k >= n else _binom_tails(k, n, p)[0]


def binom_sf(k: int, n: int, p: float) -> float:
    """``P(X > k)`` for ``X ~ Binomial(n, p)`` (``scipy.stats.binom.sf``)."""
    if k < 0:
        return 1.0
    return 0.0 if k >= n else _binom_tails(k, n, p)[1]


def _search(a: Callable[[int], float], d: float, lo: int, hi: int) -> int:
    """scipy's ``_binary_search_for_binom_tst``: the ``i`` in ``lo..hi`` with
    ``a(i) <= d < a(i + 1)`` for ``a`` ascending there."""
    while lo < hi:
        mid = lo + (hi - lo) // 2
        value = a(mid)
        if value < d:
            lo = mid + 1
        elif value > d:
            hi = mid - 1
        else:
            return mid
    return lo if a(lo) <= d else lo - 1


def binomtest_pvalue(k: int, n: int, p: float = 0.5) -> float:
    """The two-sided exact binomial test of ``k`` successes in ``n`` trials against ``p``
    (``scipy.stats.binomtest(k, n, p).pvalue``, by its algorithm): the probability of
    ``k``'s tail plus that of the outcomes on the other side of ``n p`` no more likely
    than ``k`` (within a relative 1e-7)."""
    k, n = int(k), int(n)
    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"k must be in 0..n and n positive, got k={k}, n={n}")
    if not 0 <= p <= 1:
        raise ValueError(f"p must be in [0, 1], got {p}")
    d = binom_pmf(k, n, p)
    rerr = 1 + 1e-7
    if k == p * n:
        return 1.0
    if k < p * n:
        ix = _search(lambda x: -binom_pmf(x, n, p), -d * rerr, math.ceil(p * n), n)
        y = n - ix + int(d * rerr == binom_pmf(ix, n, p))
        pvalue = binom_cdf(k, n, p) + binom_sf(n - y, n, p)
    else:
        ix = _search(lambda x: binom_pmf(x, n, p), d * rerr, 0, math.floor(p * n))
        y = ix + 1
        pvalue = binom_cdf(y - 1, n, p) + binom_sf(k - 1, n, p)
    return min(1.0, pvalue)


# --------------------------------------------------------------------------- chi-square


def chi2_sf(x: float, df: int) -> float:
    """``P(X > x)`` for ``X ~ chi-square(df)`` (scipy's ``chdtrc(df, x)``). Whole ``df``
    by the closed forms (a Poisson sum, plus an erfc term for odd ``df``); any other
    ``df`` by ``scipy.special``."""
    if x != x:
        return math.nan
    if df != int(df) or df < 1:
        from scipy.special import chdtrc

        return float(chdtrc(df, x))
    if x <= 0:
        return 1.0
    df, y = int(df), 0.5 * x
    odd, terms = df % 2, df // 2
    # exp(-y) times the sum of y^(i + odd/2) / Gamma(i + 1 + odd/2) over i < df // 2
    if y < 700:  # each term is below exp(y): no overflow, and exp(-y) is a normal float
        term, total = (2.0 * math.sqrt(y / math.pi) if odd else 1.0), 0.0
        for i in range(terms):
            total += term
            term *= y / (i + 1 + 0.5 * odd)
        tail = total * math.exp(-y)
    else:  # in logarithms
        logs = [(i + 0.5 * odd) * math.log(y) - math.lgamma(i + 1 + 0.5 * odd)
                for i in range(terms)]
        top = max(logs, default=0.0)
        tail = math.exp(top - y) * math.fsum(math.exp(v - top) for v in logs)
    return (math.erfc(math.sqrt(y)) if odd else 0.0) + tail


def chisquare_uniform(counts: Sequence[int] | np.ndarray) -> tuple[float, float]:
    """Pearson's chi-square statistic of ``counts`` against a uniform split and its
    p-value, with ``len(counts) - 1`` degrees of freedom (``scipy.stats.chisquare(counts)``,
    the same arithmetic)."""
    observed = np.asarray(counts, dtype=np.float64)
    expected = observed.mean(keepdims=True)
    statistic = float(((observed - expected) ** 2 / expected).sum())
    return statistic, chi2_sf(statistic, len(observed) - 1)


# --------------------------------------------------------------------------- Student's t


def t_ppf(q: float, df: float) -> float:
    """Student's t quantile (``scipy.stats.t.ppf``): scipy's ``stdtrit``, imported on
    first use (only ``analyze compare`` needs it)."""
    from scipy.special import stdtrit

    return float(stdtrit(df, q))
