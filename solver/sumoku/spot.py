"""Spot sumoku counted exactly (RULES.md rules 33 to 36, 41): how many 4-tile sets make a
spot, and the chance that a display of 10 tiles holds one.

**Spot sets.** A spot is 4 tiles of 4 different colours whose sum is a multiple of the
key, each "6" counting as 6 or 9 (a set is a spot if *some* choice works, rule 41). Four
different colours means one tile from each of 4 colours: C(6, 4) = 15 colour sets, and in
each colour one of 16 tiles, that is one of 8 numbers in one of 2 copies. Whether a set is
a spot depends on its numbers only, so

    spot_sets = C(6, 4) · 2^4 · #{(n1, n2, n3, n4) in 1..8 : some reading sums to 0 mod key}

and the 8^4 = 4096 number tuples are counted one by one (:func:`spot_sets`).
:func:`spot_sets_brute` checks it on all C(96, 4) = 3,321,960 sets of tiles.

**A display holds a spot.** Which tiles lie in the display matters only through, for
each colour, the set R_c of residues mod the key that one of its tiles can give (a "6"
gives two). A spot exists when 4 different colours give residues summing to 0. Colours
are taken one at a time, keeping for j = 1, 2, 3 the set S_j of sums mod the key of j
residues from j different colours taken so far, and whether a spot was found:

    S_j' = S_j ∪ (S_{j-1} + R),   found' = found or (S_3 + R) ∋ 0      (S_0 = {0})

and the number of displays reaching each state is carried in exact integers (a colour
contributes each (k tiles, R) in as many ways as k of its 16 tiles give R). The result,
divided by C(96, 10), is the exact chance (:func:`display_spot_ways`); a display of 4
tiles gives back spot_sets exactly, and Monte Carlo (:func:`sample_displays`) checks 10.
"""
from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from numbergames.solver.sumoku.tiles import COPIES, NCOL, NINE, NTILES, NUMBERS, SIX, colour, number

SPOT = 4
"""Tiles in a spot (rule 34)."""
DISPLAY = 10
"""Tiles face up at the start (rule 33)."""
SPOT_KEYS = tuple(range(3, 11))
"""The keys tabled: the die's 3, 4, 5 and the challenge's 6 to 10."""
ALL_SETS = math.comb(NTILES, SPOT)
"""C(96, 4) = 3,321,960 sets of 4 tiles."""
EXACT_FLOAT_DISPLAY = 12
"""The largest display :func:`display_spot_ways_fast` counts: C(96, 12) < 2^53, so its
float64 products are exact integers."""


def check_key(key: int) -> int:
    """The key if it is one the spot analysis knows (3..10); ValueError with one line."""
    if isinstance(key, bool) or not isinstance(key, (int, np.integer)) or key not in SPOT_KEYS:
        raise ValueError(f"bad key {key!r} for spot sumoku; allowed: 3..10")
    return int(key)


def number_residues(num: int, key: int, six_is_nine: bool = True) -> int:
    """The residues mod ``key`` a tile of number ``num`` can give, as a bit mask.

    >>> bin(number_residues(6, 5)), bin(number_residues(6, 3)), bin(number_residues(6, 5, False))
    ('0b10010', '0b1', '0b10')
    """
    vals = (SIX, NINE) if six_is_nine and num == SIX else (num,)
    mask = 0
    for v in vals:
        mask |= 1 << (v % key)
    return mask


def add_masks(a: int, b: int, key: int) -> int:
    """The sums mod ``key`` of one residue from mask ``a`` and one from mask ``b``."""
    out = 0
    r = 0
    while a:
        if a & 1:
            out |= ((b << r) | (b >> (key - r))) & ((1 << key) - 1)
        a >>= 1
        r += 1
    return out


def is_spot_numbers(numbers: Sequence[int], key: int, six_is_nine: bool = True) -> bool:
    """Whether tiles of these numbers (in different colours) sum to a multiple of ``key``
    for some reading of the "6"s.

    >>> is_spot_numbers((1, 2, 3, 4), 5), is_spot_numbers((1, 2, 3, 6), 5)
    (True, True)
    >>> is_spot_numbers((1, 2, 3, 6), 5, six_is_nine=False), is_spot_numbers((1, 1, 1, 2), 3)
    (False, False)
    """
    sums = 1
    for n in numbers:
        sums = add_masks(sums, number_residues(n, key, six_is_nine), key)
    return bool(sums & 1)


def spot_reading(numbers: Sequence[int], key: int,
                 six_is_nine: bool = True) -> tuple[int, ...] | None:
    """The values (each "6" as 6 or 9, the fewest 9s first) that make tiles of these
    numbers sum to a multiple of ``key``, or None.

    >>> spot_reading((6, 6, 5, 7), 5), spot_reading((1, 1, 1, 2), 3)
    ((9, 9, 5, 7), None)
    """
    options = [(SIX, NINE) if six_is_nine and n == SIX else (n,) for n in numbers]
    for values in sorted(itertools.product(*options), key=lambda v: v.count(NINE)):
        if sum(values) % key == 0:
            return values
    return None


def spot_sets(key: int, six_is_nine: bool = True) -> int:
    """The number of 4-tile sets out of C(96, 4) that make a spot, counted over colours
    and numbers (module docstring)."""
    key = check_key(key)
    tuples = sum(is_spot_numbers(ns, key, six_is_nine)
                 for ns in itertools.product(range(1, NUMBERS + 1), repeat=SPOT))
    return math.comb(NCOL, SPOT) * COPIES ** SPOT * tuples


def _tile_arrays() -> tuple[np.ndarray, np.ndarray]:
    tiles = np.arange(NTILES)
    return (np.array([colour(int(t)) for t in tiles]), np.array([number(int(t)) for t in tiles]))


def _spot_mask(cols: np.ndarray, nums: np.ndarray, key: int, six_is_nine: bool) -> np.ndarray:
    """Rows of ``cols``/``nums`` (one set of 4 tiles a row) that make a spot: 4 colours,
    and face total + 3·j a multiple of the key for some j up to the number of "6"s."""
    s = np.sort(cols, axis=1)
    colours_differ = np.all(s[:, 1:] != s[:, :-1], axis=1)
    total = nums.sum(axis=1)
    sixes = (nums == SIX).sum(axis=1) if six_is_nine else np.zeros(len(nums), dtype=np.int64)
    hit = np.zeros(len(nums), dtype=bool)
    for j in range(SPOT + 1):
        hit |= (j <= sixes) & ((total + (NINE - SIX) * j) % key == 0)
    return colours_differ & hit


def spot_sets_brute(keys: Sequence[int] = SPOT_KEYS, six_is_nine: bool = True) -> dict[int, int]:
    """Every one of the C(96, 4) sets of tiles checked (vectorised over the sets sharing
    their lowest tile): ``{key: spot sets}``. The check of :func:`spot_sets`."""
    keys = [check_key(k) for k in keys]
    cols_of, nums_of = _tile_arrays()
    triples = np.array(list(itertools.combinations(range(NTILES), SPOT - 1)), dtype=np.int64)
    counts = dict.fromkeys(keys, 0)
    for low in range(NTILES - SPOT + 1):
        rest = triples[triples[:, 0] > low]
        sets = np.column_stack([np.full(len(rest), low), rest])
        cols, nums = cols_of[sets], nums_of[sets]
        for key in keys:
            counts[key] += int(_spot_mask(cols, nums, key, six_is_nine).sum())
    return counts


def colour_ways(key: int, six_is_nine: bool = True,
                most: int = DISPLAY) -> dict[tuple[int, int], int]:
    """``{(k, R): ways}``: in how many ways k of one colour's 16 tiles (k ≤ ``most``) give
    the residue mask R. Two copies of each number: a number is taken 0, 1 or 2 times in
    C(2, c) ways."""
    ways: dict[tuple[int, int], int] = defaultdict(int)
    masks = [number_residues(n, key, six_is_nine) for n in range(1, NUMBERS + 1)]
    for counts in itertools.product(range(COPIES + 1), repeat=NUMBERS):
        k = sum(counts)
        if k > most:
            continue
        mask, w = 0, 1
        for c, m in zip(counts, masks):
            if c:
                mask |= m
                w *= math.comb(COPIES, c)
        ways[k, mask] += w
    return dict(ways)


def display_spot_ways(key: int, display: int = DISPLAY, six_is_nine: bool = True) -> int:
    """The number of displays of ``display`` tiles (out of C(96, display)) that hold a
    spot, by the dynamic programme over colours of the module docstring."""
    key = check_key(key)
    if not 0 <= display <= NTILES:
        raise ValueError(f"bad display size {display}; allowed: 0..{NTILES}")
    per_colour = list(colour_ways(key, six_is_nine, display).items())
    found = -1  # a display already holding a spot: its S_j no longer matter
    # a state is (tiles so far, S1, S2, S3), or (tiles so far, found)
    states: dict[tuple[int, ...], int] = {(0, 0, 0, 0): 1}
    for _ in range(NCOL):
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for state, w in states.items():
            used = state[0]
            for (k, r), ways in per_colour:
                if used + k > display:
                    continue
                if state[1] == found:
                    nxt[used + k, found] += w * ways
                    continue
                s1, s2, s3 = state[1:]
                if r and add_masks(s3, r, key) & 1:
                    nxt[used + k, found] += w * ways
                    continue
                if r:
                    s1, s2, s3 = (s1 | r, s2 | add_masks(state[1], r, key),
                                  s3 | add_masks(state[2], r, key))
                nxt[used + k, s1, s2, s3] += w * ways
        states = nxt
    return sum(w for state, w in states.items() if state[0] == display and state[1] == found)


def add_table(key: int) -> np.ndarray:
    """``table[a, b]`` = :func:`add_masks` ``(a, b, key)`` for every pair of masks."""
    size = 1 << key
    b = np.arange(size, dtype=np.int64)
    full = size - 1
    table = np.zeros((size, size), dtype=np.int64)
    for r in range(key):
        rotated = ((b << r) | (b >> (key - r))) & full
        has_r = ((np.arange(size) >> r) & 1).astype(bool)
        table[has_r] |= rotated[None, :]
    return table


def display_spot_ways_fast(key: int, display: int = DISPLAY, six_is_nine: bool = True,
                           chunk: int = 1024) -> int:
    """:func:`display_spot_ways` vectorised: the same states, but each mask triple
    (S1, S2, S3) carries a polynomial in the number of tiles (its ways for 0..display
    tiles), and every state meets every residue mask R of a colour at once in numpy.
    Counts stay below C(96, display) < 2^63, so int64 is exact."""
    key = check_key(key)
    if not 0 <= display <= EXACT_FLOAT_DISPLAY:
        raise ValueError(f"bad display size {display}; allowed: 0..{EXACT_FLOAT_DISPLAY}")
    length = display + 1
    by_mask: dict[int, np.ndarray] = {}
    for (k, r), ways in colour_ways(key, six_is_nine, display).items():
        by_mask.setdefault(r, np.zeros(length, dtype=np.int64))[k] += ways
    masks = np.array(sorted(by_mask), dtype=np.int64)
    polys = np.array([by_mask[int(r)] for r in masks])
    table = add_table(key)
    bits = 10
    s1 = s2 = s3 = np.zeros(1, dtype=np.int64)
    weights = np.zeros((1, length), dtype=np.int64)
    weights[0, 0] = 1
    found_tail = np.zeros(length, dtype=np.int64)  # displays already holding a spot
    found_last = 0
    for colour_no in range(NCOL):
        last = colour_no == NCOL - 1
        found_tail = _times(found_tail[None, :], polys.sum(axis=0)[None, None, :])[0, 0]
        keys_out, polys_out = [], []
        for lo in range(0, len(s1), chunk):
            a1, a2, a3 = s1[lo:lo + chunk], s2[lo:lo + chunk], s3[lo:lo + chunk]
            hit = (table[a3[:, None], masks[None, :]] & 1).astype(bool) & (masks[None, :] > 0)
            if last:  # only whole displays count now: the coefficient of x^display
                found_last += int((weights[lo:lo + chunk] @ polys[:, ::-1].T)[hit].sum())
                continue
            prod = _times(weights[lo:lo + chunk], polys[None, :, :])   # (n, Q, length)
            found_tail += prod[hit].sum(axis=0)
            n1 = a1[:, None] | masks[None, :]
            n2 = a2[:, None] | table[a1[:, None], masks[None, :]]
            n3 = a3[:, None] | table[a2[:, None], masks[None, :]]
            keep = ~hit
            keys_out.append((n1[keep] << (2 * bits)) | (n2[keep] << bits) | n3[keep])
            polys_out.append(prod[keep])
        if last:
            break
        merged, inverse = np.unique(np.concatenate(keys_out), return_inverse=True)
        weights = np.zeros((len(merged), length), dtype=np.int64)
        np.add.at(weights, inverse.ravel(), np.concatenate(polys_out))
        full = (1 << bits) - 1
        s1, s2, s3 = merged >> (2 * bits), (merged >> bits) & full, merged & full
    return int(found_tail[display]) + found_last


def _times(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Polynomials multiplied and cut at their length: ``a`` (n, L) times each of ``b``
    (1, Q, L) gives (n, Q, L). One matrix product in float64, exact: every product and
    partial sum counts displays, so stays below C(96, 12) < 2^53."""
    length = a.shape[-1]
    q = b.shape[1]
    shifted = np.zeros((length, q, length))
    for i in range(length):
        shifted[i, :, i:] = b[0, :, :length - i]
    out = a.astype(np.float64) @ shifted.reshape(length, q * length)
    return np.rint(out).astype(np.int64).reshape(a.shape[0], q, length)


def p_display_has_spot(key: int, display: int = DISPLAY, six_is_nine: bool = True) -> Fraction:
    """The exact chance that ``display`` tiles drawn from the 96 hold a spot."""
    return Fraction(display_spot_ways(key, display, six_is_nine), math.comb(NTILES, display))


def display_spots(tiles: Sequence[int], key: int,
                  six_is_nine: bool = True) -> list[tuple[int, ...]]:
    """Every spot among ``tiles`` (tile numbers 0..95), as 4-tuples of them in the order
    given — the readable check used by the game simulation and the tests."""
    key = check_key(key)
    out = []
    for four in itertools.combinations(tiles, SPOT):
        if (len({colour(t) for t in four}) == SPOT
                and is_spot_numbers([number(t) for t in four], key, six_is_nine)):
            out.append(four)
    return out


def spot_number_table(key: int, six_is_nine: bool = True) -> np.ndarray:
    """``table[n1, n2, n3, n4]``: whether tiles of these numbers, in four colours, make a
    spot (:func:`is_spot_numbers`; index 0 unused)."""
    key = check_key(key)
    table = np.zeros((NUMBERS + 1,) * SPOT, dtype=bool)
    for ns in itertools.product(range(1, NUMBERS + 1), repeat=SPOT):
        table[ns] = is_spot_numbers(ns, key, six_is_nine)
    return table


def sample_displays(key: int, sims: int, rng: np.random.Generator, display: int = DISPLAY,
                    six_is_nine: bool = True, chunk: int = 20_000) -> int:
    """How many of ``sims`` random displays hold a spot (all C(display, 4) subsets of each
    checked, vectorised: four colours by a bit mask, the numbers by
    :func:`spot_number_table`)."""
    key = check_key(key)
    cols_of, nums_of = _tile_arrays()
    colour_bit = 1 << cols_of
    four_colours = np.array([bin(m).count("1") == SPOT for m in range(1 << NCOL)])
    table = spot_number_table(key, six_is_nine)
    fours = np.array(list(itertools.combinations(range(display), SPOT)), dtype=np.int64)
    hits = 0
    done = 0
    while done < sims:
        n = min(chunk, sims - done)
        shown = rng.random((n, NTILES)).argpartition(display, axis=1)[:, :display]
        sets = shown[:, fours]                                   # (n, C(display, 4), 4)
        bits = np.bitwise_or.reduce(colour_bit[sets], axis=2)
        nums = nums_of[sets]
        ok = four_colours[bits] & table[nums[..., 0], nums[..., 1], nums[..., 2], nums[..., 3]]
        hits += int(ok.any(axis=1).sum())
        done += n
    return hits
