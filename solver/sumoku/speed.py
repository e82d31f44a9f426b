"""Speed sumoku's question: how often can a hand of 10 tiles be laid out as one pattern
(RULES.md rules 28, 47)? Random hands from the 96 tiles, each decided by the layout search
(:mod:`numbergames.solver.sumoku.layout`, the kernel's strip search), counted per key as plain rows
(the table with its intervals is written by ``studies/sumoku/speed_report.py``).

>>> rows = solvable_counts(keys=(5,), hands=20, seed=1)
>>> list(rows[0]), rows[0]["hands"]
(['key', 'hands', 'solvable', 'impossible', 'gave_up'], 20)
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from numbergames.solver.sumoku.layout import DEFAULT_BUDGET, FOUND, GAVE_UP, IMPOSSIBLE, Layout, search
from numbergames.solver.sumoku.rules import FIXED_KEYS
from numbergames.solver.sumoku.tiles import NTILES, Kind, kind

HAND = 10
"""Tiles in a speed-sumoku hand (rule 28)."""
SPEED_KEYS = FIXED_KEYS
"""Every key the die (3, 4, 5) and the challenge (6..10) can give."""


def check_key(key: int) -> int:
    """A key the speed analyses accept: 3..10, else ValueError with one line."""
    if isinstance(key, bool) or not isinstance(key, (int, np.integer)) or key not in SPEED_KEYS:
        raise ValueError(f"key must be one of {', '.join(map(str, SPEED_KEYS))}, got {key!r}")
    return int(key)


def random_hands(count: int, size: int, seed: int) -> list[list[Kind]]:
    """``count`` hands of ``size`` tiles, each drawn without replacement from the 96."""
    rng = np.random.default_rng(seed)
    return [sorted(kind(int(t)) for t in rng.choice(NTILES, size, replace=False))
            for _ in range(count)]


@dataclass(frozen=True)
class Decided:
    """One hand decided on one key."""

    key: int
    hand: tuple[Kind, ...]
    result: Layout
    seconds: float


def decide_hands(hands: Sequence[Sequence[Kind]], key: int, *,
                 budget: int = DEFAULT_BUDGET) -> list[Decided]:
    """Every hand decided on ``key`` (the kernel's strip search)."""
    out = []
    for h in hands:
        start = time.perf_counter()
        result = search(h, key, budget=budget, kernel=True)
        out.append(Decided(key, tuple(h), result, time.perf_counter() - start))
    return out


def counts_of(decided: Iterable[Decided]) -> list[dict[str, int]]:
    """Per key of the decided hands (in order of key): the hands, how many were laid out
    (``solvable``), proven impossible and given up."""
    rows = []
    by_key: dict[int, list[Decided]] = {}
    for d in decided:
        by_key.setdefault(d.key, []).append(d)
    for key, ds in sorted(by_key.items()):
        rows.append({"key": key, "hands": len(ds),
                     "solvable": sum(d.result.status == FOUND for d in ds),
                     "impossible": sum(d.result.status == IMPOSSIBLE for d in ds),
                     "gave_up": sum(d.result.status == GAVE_UP for d in ds)})
    return rows


def solvable_counts(keys: Sequence[int] = SPEED_KEYS, hands: int = 1000, seed: int = 0, *,
                    size: int = HAND, budget: int = DEFAULT_BUDGET) -> list[dict[str, int]]:
    """Per key: of ``hands`` random hands of ``size`` tiles (the same hands for every key),
    how many are solvable, proven impossible or given up (:func:`counts_of`; a given-up
    hand is not solvable)."""
    keys = [check_key(k) for k in keys]
    if hands < 1:
        raise ValueError(f"hands must be at least 1, got {hands}")
    drawn = random_hands(hands, size, seed)
    return counts_of(d for key in keys for d in decide_hands(drawn, key, budget=budget))
