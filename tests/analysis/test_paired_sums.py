"""The what-if's paired figures from sums merged chunk by chunk (numbergames.analysis.statistics.pairsums).

For every kind of game — toy race (2-3 players, cut off to leave games unfinished), toy
duel (draws, no dice), toy puzzle (alone, a score), random small tables of every outcome
kind and 1-4 players, and the So-Soo-Yoo and Man Home kernels — the figures from a run
split into chunks of unequal sizes, added or merged in any order, are the figures of the
run as one chunk, bit for bit; and they agree with the row-based numpy implementation this
replaced (kept below as the reference) to 1e-12, with the same test kinds.
"""
from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.special import ndtri

from numbergames.analysis.running.chunks import chunk_keys, expand
from numbergames.analysis.statistics.outcomes import finished as finished_games
from numbergames.analysis.statistics.outcomes import points
from numbergames.analysis.statistics.paired import (SHARES, UNIT, Z, Paired, _p_value, paired_columns,
                             paired_columns_of, paired_difference, paired_measures,
                             variant_columns, variant_columns_of)
from numbergames.analysis.statistics.pairsums import PairedSums, point_units, products
from numbergames.analysis.statistics.stats import summarize, wilson_interval
from numbergames.analysis.statistics.tally import point_scale
from numbergames.solver.registry import (DRAW, NO_WINNER, SCORES, UNFINISHED, WIN_DRAW_LOSS, WIN_LOSS,
                             Traits, find_game)

# --------------------------------------------------------------------------- the reference
# analysis/statistics/paired.py's row-based functions before the sums (commit f7bf241), unchanged but
# for names and one fix: the extreme seats are those of the exact point sums, as the
# docstring and numbergames.analysis.statistics.stats.summarize (its balance) take them; the old float means of
# shares like 1/3 could break an exact tie between two seats (4 wins and a three-way draw
# each) against the first-of-equal rule, and with it the balance's interval.


def ref_extreme_seats(shares):
    scale = point_scale(shares.shape[1])
    means = np.rint(shares * scale).astype(np.int64).sum(axis=0)
    return int(np.argmax(means)), int(np.argmin(means))


def ref_ratio(top, bottom):
    total = float(bottom.sum())
    if total <= 0:
        return np.full(len(top), math.nan)
    rate = float(top.sum()) / total
    return rate + (top - rate * bottom) / (total / len(top))


def ref_over_finished(values, done):
    if done.all():
        return values
    return ref_ratio(np.where(done, values, 0.0), done.astype(float))


def ref_per_game(games, players, traits):
    winner = games["winner"].to_numpy().astype(np.int64)
    turns = games["turns"].to_numpy().astype(float)
    decisions = games["decision_turns"].to_numpy().astype(float)
    done = finished_games(winner)
    values = {}
    if players == 1:
        values["solve_rate"] = ref_over_finished((winner == 0).astype(float), done)
        if traits.score:
            score = games[f"{traits.score}_0"].to_numpy().astype(float)
            values["score_mean"] = ref_over_finished(np.where(done, score, 0.0), done)
    else:
        shares = np.nan_to_num(points(games, players, traits))
        high, low = ref_extreme_seats(shares[done])
        values["seat0_win_rate"] = ref_over_finished((winner == 0).astype(float), done)
        values["first_player_advantage"] = ref_over_finished(shares[:, 0], done)
        if traits.draws:
            values["draw_rate"] = ref_over_finished((winner == DRAW).astype(float), done)
        values["balance"] = ref_over_finished(1.0 - shares[:, high] + shares[:, low], done)
    values["turns_mean"] = ref_over_finished(turns, done)
    values["completion"] = done.astype(float)
    values["decision_rate"] = ref_ratio(decisions, turns)
    return values


def ref_linear_interval(x):
    n = len(x)
    if n < 2 or np.isnan(x).any():
        return math.nan, math.nan
    mean, half = float(x.mean()), Z * float(x.std(ddof=1)) / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


def ref_shifted(paired, shift):
    diff = paired.diff + shift
    return Paired(paired.n, diff, paired.lo + shift, paired.hi + shift, paired.se,
                  paired.independent_se, _p_value(diff, paired.se))


def ref_paired_measures(games, players, base_games, base_players, traits):
    from numbergames.analysis.statistics.paired import EXACT, MEASURES, NONE, OWN, SEAT0
    base_values = ref_per_game(base_games, base_players, traits)
    values = ref_per_game(games, players, traits)
    differences, per_game_diffs = {}, {}
    for measure, x in values.items():
        if measure in base_values:
            differences[measure] = paired_difference(x, base_values[measure],
                                                     UNIT if measure in SHARES else None)
            per_game_diffs[measure] = x - base_values[measure]
    twice = {}
    if "first_player_advantage" in differences and "first_player_advantage" in base_values:
        differences["first_player_advantage"] = ref_shifted(
            differences["first_player_advantage"], 1 / base_players - 1 / players)
        seat0 = per_game_diffs["seat0_win_rate"]
        twice = {"first_player_advantage": players == base_players and np.array_equal(
                     per_game_diffs["first_player_advantage"], seat0),
                 "balance": any(np.array_equal(per_game_diffs["balance"], k * seat0)
                                for k in (2, -2))}
    found = {}
    for measure in MEASURES:
        if measure not in differences:
            continue
        paired = differences[measure]
        if math.isnan(paired.p_value):
            kind = NONE
        elif paired.se == 0:
            kind = EXACT
        elif twice.get(measure):
            kind = SEAT0
        else:
            kind = OWN
        found[measure] = (paired, kind)
    return found


def ref_paired_columns(games, players, base_games, base_players, traits):
    from numbergames.analysis.statistics.paired import NONE, SEAT0
    row = {}
    for measure, (paired, kind) in ref_paired_measures(games, players, base_games,
                                                       base_players, traits).items():
        row[f"{measure}_diff"] = paired.diff
        row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"] = paired.lo, paired.hi
        row[f"{measure}_paired_se"] = paired.se
        row[f"{measure}_independent_se"] = paired.independent_se
        row[f"{measure}_variance_reduction"] = paired.variance_reduction
        row[f"{measure}_p"] = math.nan if kind in (SEAT0, NONE) else paired.p_value
        row[f"{measure}_test"] = kind
        row[f"{measure}_pairs"] = paired.n
    return row


def ref_variant_columns(games, stats, traits):
    s = stats
    row = {"games": s.games}
    values = ref_per_game(games, s.players, traits)
    finished = s.finished
    half = Z * s.turns_std / math.sqrt(finished) if finished > 1 else math.nan
    length = {"turns_mean": s.turns_mean, "turns_mean_lo": s.turns_mean - half,
              "turns_mean_hi": s.turns_mean + half}
    if s.players == 1:
        row["solve_rate"] = s.solve_rate
        row["solve_rate_lo"], row["solve_rate_hi"] = s.solve_rate_ci or (math.nan, math.nan)
        if "score_mean" in values:
            row["score_mean"] = s.score_mean_by_seat[0] if s.score_mean_by_seat else math.nan
            lo, hi = s.score_ci_by_seat[0] if s.score_ci_by_seat else (math.nan, math.nan)
            row["score_mean_lo"], row["score_mean_hi"] = lo, hi
        row.update(length)
    else:
        row["seat0_win_rate"] = s.win_rate_by_seat[0]
        row["seat0_win_rate_lo"], row["seat0_win_rate_hi"] = s.win_rate_ci_by_seat[0]
        row["first_player_advantage"] = s.first_player_advantage
        row["first_player_advantage_lo"], row["first_player_advantage_hi"] = \
            s.first_player_advantage_ci or (math.nan, math.nan)
        if traits.draws:
            row["draw_rate"] = s.draw_rate
            row["draw_rate_lo"], row["draw_rate_hi"] = s.draw_rate_ci or (math.nan, math.nan)
        row.update(length)
        row["balance"] = s.balance
        row["balance_lo"], row["balance_hi"] = ref_linear_interval(values["balance"])
        shares = np.nan_to_num(points(games, s.players, traits))
        done = finished_games(games["winner"].to_numpy())
        row["balance_high_seat"], row["balance_low_seat"] = ref_extreme_seats(shares[done])
    row["completion"] = s.completion
    row["completion_lo"], row["completion_hi"] = wilson_interval(finished, s.games)
    row["decision_rate"] = s.decision_rate
    row["decision_rate_lo"], row["decision_rate_hi"] = ref_linear_interval(values["decision_rate"])
    return row


# --------------------------------------------------------------------------- helpers


def figures(sums, stats, pairs):
    """Every figure the sums give: each run's columns, each run against the base, each
    pair (j − i)."""
    return ([variant_columns_of(sums, r, s) for r, s in enumerate(stats)],
            [paired_columns_of(sums, r, 0) for r in range(len(stats))],
            [paired_columns_of(sums, j, i) for i, j in pairs])


def chunks_of(table: pd.DataFrame, cuts) -> list[dict[str, np.ndarray]]:
    """``table`` cut at ``cuts`` into mappings column -> array (chunks)."""
    edges = [0, *sorted(cuts), len(table)]
    return [{c: table[c].to_numpy()[a:b] for c in table.columns} for a, b in zip(edges, edges[1:])]


def same(a, b) -> bool:
    """Bit for bit (NaN equal to NaN), recursively."""
    if isinstance(a, float) or isinstance(b, float):
        return type(a) is type(b) and (a == b or (math.isnan(a) and math.isnan(b)))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


ROUNDING = []
"""(where, measure, new kind, old kind) of every test kind the old float comparison missed."""


def rounding_only(table, players, base, base_players, traits, measure, kind) -> bool:
    """Whether the old implementation's per-game differences are, to float rounding, what
    makes ``measure`` of ``kind`` (seat 0's test; exact): the old check compared floats
    for equality and missed what holds exactly."""
    x, y = ref_per_game(table, players, traits), ref_per_game(base, base_players, traits)
    d = x[measure] - y[measure]
    if kind == "exact":
        return bool(np.ptp(d) < 1e-12)
    seat0 = x["seat0_win_rate"] - y["seat0_win_rate"]
    multiples = (1,) if measure == "first_player_advantage" and players == base_players else (
        (2, -2) if measure == "balance" else ())
    return any(np.allclose(d, k * seat0, rtol=0, atol=1e-12) for k in multiples)


def assert_close_row(new: dict, old: dict, where: str, rel: float = 1e-12,
                     explain=None) -> None:
    """The same keys, test kinds and counts; floats to ``rel`` (an absolute 1e-14 for
    figures the old float sums left a hair from 0). A measure whose kind differs must be
    one the old float comparison missed (``explain(measure, new kind)``, recorded in
    :data:`ROUNDING`); its p-value (and an exact one's variance reduction) then differs by
    design."""
    assert list(new) == list(old), where
    changed = set()
    for key in [k for k in old if k.endswith("_test") and new[k] != old[k]]:
        measure = key[:-5]
        assert explain is not None and (new[key], old[key]) in {("seat0", "own"), (
            "exact", "own")} and explain(measure, new[key]), (where, key, new[key], old[key])
        ROUNDING.append((where, measure, new[key], old[key]))
        changed.add(measure)
    for key, o in old.items():
        n = new[key]
        if any(key == f"{m}_{end}" for m in changed for end in ("test", "p",
                                                                 "variance_reduction")):
            continue  # exact now: SE 0 (was float noise), so no variance reduction either
        if o is None or isinstance(o, str) or key.endswith(("_pairs", "_seat", "games")):
            assert n == o, (where, key, n, o)
        elif math.isnan(o) or math.isnan(n):
            assert math.isnan(o) and math.isnan(n), (where, key, n, o)
        elif key.endswith("_p") and 0 < min(n, o) and max(n, o) < 1:
            # a p-value is compared as its z = diff / se (a p near 0 moves z² times as much
            # as z), which the old float sums left off by up to 1e-16 × the values over the
            # SE when the difference is a small one of large values
            z_new, z_old = -ndtri(n / 2), -ndtri(o / 2)
            assert math.isclose(z_new, z_old, rel_tol=4 * rel, abs_tol=1e-9), (where, key, n, o)
        else:
            assert math.isclose(n, o, rel_tol=rel, abs_tol=1e-14), (where, key, n, o)


def check_runs(tables, players, traits, pairs=(), seed=0, rel=1e-12):
    """The chunked figures of ``tables`` (run 0 the base) are the one-chunk figures bit for
    bit and the reference's to ``rel``; returns the test kinds against the base."""
    stats = [summarize(t, p, traits=traits) for t, p in zip(tables, players)]
    whole = PairedSums.of(tables, players, traits, pairs)
    expected = figures(whole, stats, pairs)
    n = len(tables[0])
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, n), min(n - 1, 4))) if n > 1 else []
    parts = list(zip(*[chunks_of(t, cuts) for t in tables]))
    added = PairedSums(players, traits, pairs)  # chunk after chunk
    for part in parts:
        added.add(part)
    assert same(figures(added, stats, pairs), expected)
    pieces = []
    for part in parts:
        piece = PairedSums(players, traits, pairs)
        piece.add(part)
        pieces.append(piece)
    rng.shuffle(pieces)  # merged in another order
    merged = pieces[0]
    for piece in pieces[1:]:
        merged.merge(piece)
    assert merged.n == n and same(figures(merged, stats, pairs), expected)
    # the row-based wrappers and the old implementation
    columns, against_base, between = expected
    for r, (t, p, s) in enumerate(zip(tables, players, stats)):
        assert same(variant_columns(t, s, traits), columns[r])
        assert same(paired_columns(t, p, tables[0], players[0], traits), against_base[r])
        assert_close_row(columns[r], ref_variant_columns(t, s, traits), f"run {r}", rel)
        assert_close_row(against_base[r], ref_paired_columns(t, p, tables[0], players[0],
                                                             traits), f"run {r} - base", rel,
                         lambda m, k: rounding_only(t, p, tables[0], players[0], traits, m, k))
    for (i, j), row in zip(pairs, between):
        assert_close_row(row, ref_paired_columns(tables[j], players[j], tables[i], players[i],
                                                 traits), f"{j} - {i}", rel,
                         lambda m, k: rounding_only(tables[j], players[j], tables[i],
                                                    players[i], traits, m, k))
    return [{k[:-5]: v for k, v in row.items() if k.endswith("_test")} for row in against_base]


def play(game: str, n: int, policy: str, seed: int = 0, **rules) -> pd.DataFrame:
    """``n`` games of ``game`` from the keys of chunk 0 of ``seed`` (all seats ``policy``)."""
    spec = find_game(game)
    chosen = spec.rules(**rules)
    players = getattr(chosen, "players", spec.traits.players[0])
    part = spec.play_chunk(chosen, (policy,) * players, chunk_keys(seed, 0, n))
    return pd.DataFrame(expand(part, {"seat_" + name: name for name in spec.per_seat}))


def cut_off(table: pd.DataFrame, limit: int) -> pd.DataFrame:
    """The games longer than ``limit`` turns cut off there (unfinished), as a turn limit
    would leave them."""
    table = table.copy()
    long = table["turns"].to_numpy() > limit
    table.loc[long, "winner"] = UNFINISHED
    table.loc[long, ["turns", "decision_turns"]] = limit
    return table


# --------------------------------------------------------------------------- toy games


def test_toy_race_2_and_3_players_some_unfinished(toy):
    traits = find_game("toy").traits
    ROUNDING.clear()
    tables = [play("toy", 1500, "greedy", target=20),
              play("toy", 1500, "greedy", target=10),
              play("toy", 1500, "random", target=20, players=3),
              cut_off(play("toy", 1500, "greedy", target=30), 12),
              cut_off(play("toy", 1500, "greedy", target=20), 9)]
    assert (tables[3]["winner"] == UNFINISHED).mean() > 0.1
    kinds = check_runs(tables, [2, 2, 3, 2, 2], traits, pairs=[(1, 2), (3, 4), (2, 4)])
    # the race's seat 0 is ahead under every rule: its advantage shares seat 0's test with
    # the same players, and so does the balance of two players without draws, finished or
    # not (linearised, it is 2 − 2 × seat 0's win in every game; the old float comparison
    # missed that for cut-off games)
    assert kinds[1]["first_player_advantage"] == kinds[1]["balance"] == "seat0"
    assert kinds[2]["first_player_advantage"] == "own"
    assert kinds[3]["balance"] == "seat0" and kinds[3]["completion"] == "own"
    assert ("run 4 - base", "balance", "seat0", "own") in ROUNDING
    assert set(kinds[0].values()) == {"exact"}  # the base against itself


def test_toy_duel_draws(duel):
    traits = find_game("duel").traits
    tables = [play("duel", 900, "random"), play("duel", 900, "random", tie="second"),
              play("duel", 900, "greedy"), play("duel", 900, "random", max_turns=1)]
    assert (tables[0]["winner"] == DRAW).any()
    kinds = check_runs(tables, [2, 2, 2, 2], traits, pairs=[(1, 2)])
    assert kinds[3]["seat0_win_rate"] == "none"  # every game cut off: nothing to compare


def test_toy_puzzle_alone_with_a_score(puzzle):
    traits = find_game("puzzle").traits
    tables = [play("puzzle", 1000, "random"), play("puzzle", 1000, "greedy"),
              play("puzzle", 1000, "greedy", threshold=5)]
    kinds = check_runs(tables, [1, 1, 1], traits, pairs=[(1, 2)])
    assert kinds[1]["solve_rate"] == kinds[1]["score_mean"] == "own"
    assert kinds[1]["completion"] == "exact"


# --------------------------------------------------------------------------- real kernels


def test_sosooyoo_kernel_players_and_a_turn_limit():
    tables = [play("sosooyoo", 2000, "adaptive", players=2),
              play("sosooyoo", 2000, "adaptive", players=2, say_error=0.2),
              play("sosooyoo", 2000, "adaptive", players=3),
              play("sosooyoo", 2000, "adaptive", players=2, max_turns=12)]
    assert 0 < (tables[3]["winner"] == UNFINISHED).mean() < 1
    check_runs(tables, [2, 2, 3, 2], find_game("sosooyoo").traits, pairs=[(1, 2), (2, 3)])


def test_manhome_kernel_players_and_a_turn_limit():
    tables = [play("manhome", 4000, "greedy"), play("manhome", 4000, "greedy", tie="attacker"),
              play("manhome", 4000, "greedy", players=4, max_turns=60),
              play("manhome", 4000, "greedy", men_to_win=2)]
    assert 0 < (tables[2]["winner"] == UNFINISHED).mean() < 1
    kinds = check_runs(tables, [2, 2, 4, 2], find_game("manhome").traits, pairs=[(1, 3)])
    assert "seat0" in kinds[1].values()


# --------------------------------------------------------------------------- random tables

TRAITS = {"win/loss": Traits(True, (2, 4)),
          "win/draw/loss": Traits(True, (2, 4), WIN_DRAW_LOSS),
          "scores": Traits(True, (2, 4), SCORES, score="score"),
          "puzzle": Traits(True, (1, 1), WIN_LOSS, score="card"),
          "puzzle, no score": Traits(True, (1, 1))}


@st.composite
def sweeps(draw):
    """A few runs of the same n games of one kind of game, small values (ties likely)."""
    kind = draw(st.sampled_from(sorted(TRAITS)))
    traits = TRAITS[kind]
    n = draw(st.integers(1, 14))
    runs = draw(st.integers(2, 4))
    tables, players = [], []
    for _ in range(runs):
        p = draw(st.integers(*traits.players))
        codes = ([0, NO_WINNER] if p == 1 else list(range(p))) + draw(st.sampled_from(
            [[], [UNFINISHED]])) + ([DRAW] if traits.draws and p > 1 else [])
        winner = draw(st.lists(st.sampled_from(codes), min_size=n, max_size=n))
        turns = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
        decisions = [draw(st.integers(0, t)) for t in turns]
        table = pd.DataFrame({"winner": np.array(winner, dtype=np.int8),
                              "turns": np.array(turns, dtype=np.int32),
                              "decision_turns": np.array(decisions, dtype=np.int32)})
        if traits.score:
            for seat in range(p):
                table[f"{traits.score}_{seat}"] = draw(st.lists(
                    st.integers(0, 3), min_size=n, max_size=n))
        tables.append(table)
        players.append(p)
    pairs = [(i, j) for i in range(1, runs) for j in range(i + 1, runs)]
    return tables, players, traits, pairs, draw(st.integers(0, 99))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sweeps())  # 300 examples pass too (14 s); the suite takes 50
def test_random_tables(case):
    tables, players, traits, pairs, seed = case
    check_runs(tables, players, traits, pairs, seed)


# --------------------------------------------------------------------------- pieces


def test_products_exact_in_every_range():
    rng = np.random.default_rng(1)
    for high in (10, 10 ** 7, 2 ** 28, 2 ** 40):  # float64 (twice), int64, Python ints
        a = rng.integers(-high, high, size=(50, 3))
        b = rng.integers(0, high, size=(50, 2))
        exact = [[sum(int(x) * int(y) for x, y in zip(a[:, k], b[:, l])) for l in range(2)]
                 for k in range(3)]
        assert products(a, b).tolist() == exact


def test_point_units_are_points_times_the_scale():
    table = pd.DataFrame({"winner": [0, 2, DRAW, UNFINISHED, DRAW, 1],
                          "score_0": [3, 1, 4, 0, 2, 0], "score_1": [1, 1, 4, 0, 2, 5],
                          "score_2": [0, 5, 4, 0, 1, 1]})
    for traits in (Traits(True, (3, 3), WIN_DRAW_LOSS), Traits(True, (3, 3), SCORES,
                                                               score="score")):
        expected = np.nan_to_num(points(table, 3, traits)) * point_scale(3)
        assert (point_units(table, 3, traits) == expected).all()


def test_sums_refuse_mismatched_chunks_and_runs():
    traits = Traits(True, (2, 3))
    table = pd.DataFrame({"winner": [0, 1], "turns": [3, 4], "decision_turns": [1, 2]})
    sums = PairedSums([2, 2], traits)
    with pytest.raises(ValueError, match="different numbers of games"):
        sums.add([table, table.iloc[:1]])
    with pytest.raises(ValueError, match="one chunk per run"):
        sums.add([table])
    with pytest.raises(ValueError, match="do not merge"):
        sums.merge(PairedSums([2, 3], traits))
    with pytest.raises(ValueError, match="different numbers of games"):
        paired_measures(table, 2, table.iloc[:1], 2, traits)
