"""One conformance suite over every registered game (and the toy games of the tests and the
example games of ``examples/``), as OpenSpiel's ``games_sim_test``: a game that registers
gets these tests; a game without a kernel plays its reference engine as its kernel.

For each game: the kernel and the reference engine play the same games from the same keys
for every fixed player; the kernel returns exactly the declared columns, with the declared
shapes and whole-number types, and only the outcomes its traits allow; a run gives the
same games with 1 and 2 workers and when extended in the results store; every player name
parses and plays; a bad rules value or player name is one line and exit status 2.
"""
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import numbergames
from numbergames.analysis.running.chunks import chunk_keys, plan_chunks
from numbergames.analyze.cli import main
from numbergames.analysis.running.store import Store
from numbergames.solver import registry
from numbergames.solver.registry import DRAW, NO_WINNER, UNFINISHED
from tests.examples import example_specs

TOYS = Path(__file__).parent / "analysis"
TOY_MODULES = ("toygame", "toyduel", "toypuzzle")
KEYS = 60
"""Keys per player for the kernel/reference comparison, at most (the reference is slow)."""
REFERENCE_MS = {
    "manhome": {"search-1": 2.1},
    "sosooyoo": {"random": 23.8, "popsicle": 3.7, "adaptive": 20.0, "search-1": 2589.3,
                 "mcts-1": 255.6},
    "sumoku": {"random": 551.8, "greedy": 139.5, "lookahead": 1170.6, "search-1": 2233.9,
               "mcts-1": 6204.7},
    "shoo": {"random": 168.8, "greedy": 710.2, "search-1": 1092.0, "mcts-1": 3132.3},
}
"""What one game of a player costs the reference engine under the game's small rules, in
milliseconds (``python benchmarks/bench_reference_cost.py`` on the 2-core machine, busy; the
players not named cost under 2 ms).
The comparison gives each player about ``BUDGET_MS`` of reference play: Sumoku's four
players cost 63 s when each played 60 games; the widest net, about 20 s of reference play per
player, is :func:`test_the_same_games_at_scale` (and node by node, every player,
tests/test_kernel_decisions.py)."""
BUDGET_MS = 500


def keys_for(game: str, name: str) -> int:
    """The games compared for ``name`` in ``game``: its budget, 1 to KEYS of them."""
    ms = REFERENCE_MS.get(game, {}).get(name, 1.0)
    return max(1, min(KEYS, round(BUDGET_MS / ms)))


def _toy_specs():
    sys.path.insert(0, str(TOYS))
    try:
        return [__import__(name).SPEC for name in TOY_MODULES]
    finally:
        sys.path.remove(str(TOYS))


SPECS = {**registry.games(), **{spec.name: spec for spec in [*_toy_specs(), *example_specs()]}}


@pytest.fixture(params=sorted(SPECS))
def spec(request, monkeypatch):
    one = SPECS[request.param]
    if one.name not in registry.games():
        monkeypatch.syspath_prepend(str(TOYS))
        monkeypatch.setitem(registry._GAMES, one.name, one)
    return one


def small(spec):
    """The game's small rules (every player plays in a moment) and its number of seats."""
    rules = spec.rules.from_values(dict(spec.small_rules))
    return rules, spec.seats(rules)


def players_to_try(spec):
    """Every fixed player, and the smallest budget of each search family."""
    return [*spec.players.fixed, *(f"{family.name}-1" for family in spec.players.search)]


def same_games(spec, rules, name: str, keys) -> list[str]:
    """Where the kernel and the reference engine differ on the games of ``keys`` with
    ``name`` in every seat: one line a game that differs, naming the columns."""
    policies = [name] * spec.seats(rules)
    spec.players.prepare(rules, policies)
    fast = spec.play_chunk(rules, policies, keys)
    found = []
    for i, key in enumerate(keys):
        row = spec.reference(rules, policies, int(key))
        bad = [c for c in spec.result_keys if not np.array_equal(np.asarray(row[c]), fast[c][i])]
        if bad:
            found.append(f"key {int(key)}: {', '.join(bad)}")
    return found


EVERY_PLAYER = [(game, name) for game in sorted(SPECS) for name in players_to_try(SPECS[game])]
"""Every game with each player to try, one case each (xdist spreads them)."""


@pytest.mark.parametrize("game, name", EVERY_PLAYER, ids=["-".join(c) for c in EVERY_PLAYER])
def test_kernel_and_reference_play_the_same_games(game, name, monkeypatch):
    spec = SPECS[game]
    if game not in registry.games():
        monkeypatch.setitem(registry._GAMES, game, spec)
    rules, _ = small(spec)
    found = same_games(spec, rules, name, chunk_keys(11, 0, keys_for(spec.name, name)))
    assert not found, f"{spec.name} {name}: {found[0]}"


def test_the_kernel_returns_the_declared_columns(spec):
    rules, seats = small(spec)
    policies = [spec.players.default] * seats
    spec.players.prepare(rules, policies)
    part = spec.play_chunk(rules, policies, chunk_keys(3, 0, 500))
    assert list(part) == list(spec.result_keys)
    for key, values in part.items():
        per_seat = key.startswith(registry.SEAT_PREFIX)
        assert values.shape == ((500, seats) if per_seat else (500,)), key
        assert np.issubdtype(values.dtype, np.integer), key
    winner = part["winner"]
    allowed = {UNFINISHED, NO_WINNER} | ({DRAW} if spec.traits.draws else set())
    assert set(winner[winner < 0].tolist()) <= allowed
    assert winner.max() < seats
    assert (part["decision_turns"] <= part["turns"]).all() and (part["turns"] >= 0).all()
    if spec.traits.score:
        assert registry.SEAT_PREFIX + spec.traits.score in part


def test_workers_and_store_give_the_same_games(spec, tmp_path):
    rules, seats = small(spec)
    game = numbergames.load_game(spec.name, rules=rules)
    one = game.simulate(600, workers=1, seed=5)
    two = game.simulate(600, workers=2, seed=5)
    pd.testing.assert_frame_equal(one.games, two.games)
    assert list(one.games.columns) == list(spec.table_columns(rules))
    store = Store(tmp_path / "runs.sqlite")
    game.simulate(200, workers=1, seed=5, store=store)
    extended = game.simulate(600, workers=2, seed=5, store=store)
    assert extended.games_loaded == 200
    pd.testing.assert_frame_equal(extended.games, one.games)


def test_every_player_parses_and_plays(spec):
    rules, seats = small(spec)
    for name in players_to_try(spec):
        assert spec.players.knows(name)
        result = numbergames.load_game(spec.name, rules=rules).simulate(20, policy=name, workers=1)
        assert len(result.games) == 20 and result.policies == (name,) * seats


def test_bad_rules_values_and_players_are_one_line(spec, tmp_path, capsys):
    out = str(tmp_path / "never")
    bad = [["--policy", "no-such-player"], ["--set", "no_such_rule=1"]]
    for name, param in spec.rules.parameters().items():
        if param.kind is int:
            bad.append(["--set", f"{name}={param.high + 1}"])
        elif param.choices:
            bad.append(["--set", f"{name}=no-such-choice"])
    for extra in bad:
        assert main([spec.name, "--sims", "10", "--no-store", "--out", out, *extra]) == 2, extra
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("analyze: error:"), (extra, err)
    assert not Path(out).exists()


def test_a_run_of_one_or_two_games_writes_its_report(spec, tmp_path):
    # `analyze sumoku --sims 1` ended in a traceback: a score interval of one game is none
    for sims in ("1", "2"):
        out = tmp_path / f"run{sims}"
        assert main([spec.name, "--sims", sims, "--no-store", "--workers", "1", "--out", str(out),
                     "--quiet"]) == 0
        assert (out / "report.md").is_file() and (out / "summary.json").is_file()


AT_SCALE_MS = {
    "standard": {
        "manhome": {"random": 0.32, "greedy": 0.22, "expert": 2.3, "solitaire": 0.14,
                    "search-1": 37.0, "mcts-1": 38.0, "ply-1": 37.3, "adapt-1": 36.0},
        "sosooyoo": {"random": 363.0, "popsicle": 1.4, "rainbow": 1.6, "adaptive": 13.5,
                     "search-1": 3596.6, "mcts-1": 13.9},
        "sumoku": {"random": 2062.8, "greedy": 1570.8, "lookahead": 12253.2,
                   "search-1": 10471.6, "mcts-1": 32433.7},
        "shoo": {"random": 1371.2, "greedy": 4784.4, "search-1": 24267.5, "mcts-1": 29864.3},
    },
    "small": {
        "manhome": {"random": 0.06, "greedy": 0.06, "expert": 0.16, "solitaire": 0.05,
                    "optimal": 0.10, "search-1": 0.9, "mcts-1": 1.0, "ply-1": 1.4,
                    "adapt-1": 1.4},
        "sosooyoo": {"random": 15.5, "popsicle": 1.3, "rainbow": 1.2, "adaptive": 6.1,
                     "search-1": 668.4, "mcts-1": 6.3},
        "sumoku": {"random": 188.7, "greedy": 94.6, "lookahead": 909.7, "search-1": 1896.0,
                   "mcts-1": 1803.1},
        "shoo": {"random": 61.9, "greedy": 308.8, "search-1": 2150.0, "mcts-1": 1157.3},
    },
}
"""CPU milliseconds of one reference game per rules, game and player, measured once
(``python benchmarks/bench_reference_cost.py``, 2026-12-07, on the 2-core machine while the
suite ran) to choose the games of :func:`test_the_same_games_at_scale`."""
AT_SCALE_SECONDS = 20
"""Reference play per player and rules in the widest net: it compares the games that take
about this long, 8 at least (the time budget the net had as a script, and its first block of
games)."""
AT_SCALE = [(game, label, name) for game, spec in registry.games().items()
            for label in AT_SCALE_MS for name in players_to_try(spec)]


def at_scale_games(label: str, game: str, name: str) -> int:
    """The games the widest net compares for ``name``: about AT_SCALE_SECONDS of reference
    play (a player not measured is taken to cost 1 ms)."""
    ms = AT_SCALE_MS[label].get(game, {}).get(name, 1.0)
    return max(8, round(AT_SCALE_SECONDS * 1000 / ms))


@pytest.mark.slow
@pytest.mark.timeout(1200)  # the slowest, Sumoku's standard mcts-1: 8 games of 32 s
@pytest.mark.parametrize("game, label, name", AT_SCALE, ids=["-".join(c) for c in AT_SCALE])
def test_the_same_games_at_scale(game, label, name):
    """Every game's kernel against its reference engine, every fixed player and the smallest
    budget of each search family, under the game's standard and small rules: the same games
    from the same keys (those of a run seeded 2026), every result column row by row."""
    spec = registry.find_game(game)
    rules = spec.rules() if label == "standard" else spec.rules.from_values(
        dict(spec.small_rules))
    try:
        spec.players.prepare(rules, [name] * spec.seats(rules))
    except ValueError as exc:  # e.g. an exact player on rules too large
        pytest.skip(f"not played: {exc}")
    found = [line for chunk, size in plan_chunks(at_scale_games(label, game, name))
             for line in same_games(spec, rules, name, chunk_keys(2026, chunk, size))]
    assert not found, f"{len(found)} games differ, the first: " + "; ".join(found[:5])
