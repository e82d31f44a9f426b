"""The README's "Writing a game": the example game ``examples/pig/`` (no kernel) through
every analysis the tutorial shows — simulate and its report, a what-if sweep over
``target``, the skill ladder, the generic ``mcts-N`` and the OpenSpiel bridge — each
checked against answers worked out by hand or by a few lines independent of the engine:

* target 1: a turn that rolls wins at once unless it rolls a 1, so ``hold20`` wins a turn
  with q = 5/6, ``random`` (which holds 0 half the time) with 5/12, and seat 0 of two
  players alternating turns wins q / (1 - (1 - q)^2) (6/7; 12/19; 12/13 and 7/13 for
  ``hold20`` against ``random`` from seat 0 and seat 1);
* target 20: a ``hold20`` turn banks its total only on reaching 20, which wins, so a game
  is a run of busts and the chance q20 that a turn reaches 20 before a 1 (a recursion over
  the turn total, :func:`reach`) gives seat 0's win rate 1 / (2 - q20) and the mean turns
  1 / q20;
* node for node the game is OpenSpiel's own ``pig`` (C++), its ``winscore`` our target.

Statistical checks allow 4 standard errors at a fixed seed.
"""
import math
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import numbergames
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.solver import decision, registry
from numbergames.solver.decision import CHANCE, TERMINAL
from tests.examples import example_specs

ROOT = Path(__file__).resolve().parents[1]
SPEC, = [spec for spec in example_specs() if spec.name == "pig"]


@pytest.fixture
def pig(monkeypatch):
    """Pig registered for one test (``import examples.pig`` does it for good; see
    tests/examples.py)."""
    monkeypatch.setitem(registry._GAMES, "pig", SPEC)
    return SPEC


def reach(goal: int) -> Fraction:
    """The chance that a turn rolling until its total reaches ``goal`` gets there before a
    1: r(t) = sum over faces 2..6 of r(t + face) / 6, r(t) = 1 from ``goal`` on."""
    r = [Fraction(1)] * (goal + 6)
    for total in range(goal - 1, -1, -1):
        r[total] = sum(r[total + face] for face in range(2, 7)) / 6
    return r[0]


def first_wins(q: Fraction, q_other: Fraction | None = None) -> Fraction:
    """Seat 0's chance to win when seat 0 wins a turn with ``q`` and seat 1 with
    ``q_other`` (default ``q``), turns alternating until one wins."""
    q_other = q if q_other is None else q_other
    return q / (1 - (1 - q) * (1 - q_other))


def close(estimate: float, exact: Fraction | float, se: float) -> bool:
    return abs(estimate - float(exact)) <= 4 * se


def test_the_hand_worked_answers_themselves():
    assert first_wins(Fraction(5, 6)) == Fraction(6, 7)
    assert first_wins(Fraction(5, 12)) == Fraction(12, 19)
    assert first_wins(Fraction(5, 6), Fraction(5, 12)) == Fraction(12, 13)
    assert 1 - first_wins(Fraction(5, 12), Fraction(5, 6)) == Fraction(7, 13)
    assert reach(2) == Fraction(5, 6) and reach(3) == Fraction(1, 6) * Fraction(5, 6) + Fraction(4, 6)
    assert 0.35 < reach(20) < 0.45   # the rule of thumb: a hold-at-20 turn banks 2 in 5


def test_importing_the_example_registers_it_and_no_more():
    code = ("import examples.pig; from numbergames.solver.registry import find_game, game_names, GAME_PACKAGES; "
            "print(find_game('pig').title, 'pig' in game_names(), find_game('pig').kernel)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["Pig", "False", "None"]
    assert "pig" not in registry.games()   # the suite's registry is left as it was


def test_simulate_gives_the_hand_worked_win_rates(pig, tmp_path):
    for rules, policy, exact in ((dict(target=1), "hold20", Fraction(6, 7)),
                                 (dict(target=1), "random", Fraction(12, 19)),
                                 (dict(target=20), "hold20", 1 / (2 - reach(20)))):
        run = numbergames.load_game("pig", **rules).simulate(4000, policy=policy, seed=3, workers=1)
        games = run.games
        rate = (games["winner"] == 0).mean()
        assert close(rate, exact, math.sqrt(float(exact * (1 - exact)) / 4000)), (rules, policy, rate)
        assert run.summary["unfinished"] == 0
    q = float(reach(20))     # the last run: target 20, hold20 in both seats
    turns = games["turns"]
    assert close(turns.mean(), 1 / q, math.sqrt(1 - q) / q / math.sqrt(len(turns)))
    assert (games["busts_0"] + games["busts_1"] == turns - 1).all()   # every turn but the last busts
    winner_score = np.where(games["winner"] == 0, games["score_0"], games["score_1"])
    assert ((20 <= winner_score) & (winner_score <= 25)).all()
    assert ((games["score_0"] == 0) | (games["score_1"] == 0)).all()
    folder = numbergames.write_report(run, tmp_path / "run")
    assert "Pig" in (folder / "report.md").read_text()
    assert {"report.md", "summary.json", "games.npz"} <= {p.name for p in folder.iterdir()}


def test_the_same_key_plays_the_same_game(pig):
    rules = SPEC.rules(target=30)
    keys = chunk_keys(5, 0, 300)
    policies = ["hold20", "random"]
    assert [SPEC.reference(rules, policies, int(k)) for k in keys] == \
           [SPEC.reference(rules, policies, int(k)) for k in keys]
    part = SPEC.play_chunk(rules, policies, keys)
    for i in (0, 17, 299):
        row = SPEC.reference(rules, policies, int(keys[i]))
        assert all(np.array_equal(part[c][i], row[c]) for c in SPEC.result_keys)
    game = numbergames.load_game("pig", target=30)
    whole = game.simulate(1000, policy="hold20,random", seed=9, workers=2)
    head = game.simulate(400, policy="hold20,random", seed=9, workers=1)
    assert whole.games.head(400).equals(head.games)


def test_the_what_if_sweep_over_the_target(pig, tmp_path):
    sweep = numbergames.load_game("pig").sweep({"target": [1, 20]}, 3000, policy="hold20", seed=1,
                                               workers=1)
    rates = dict(zip(sweep.table["target"], sweep.table["seat0_win_rate"]))
    for target, exact in ((1, Fraction(6, 7)), (20, 1 / (2 - reach(20)))):
        assert close(rates[target], exact, math.sqrt(float(exact * (1 - exact)) / 3000)), target
    folder = numbergames.write_report(sweep, tmp_path / "sweep")
    assert (folder / "variants.csv").exists()


def test_the_skill_ladder_and_the_generic_mcts(pig, tmp_path):
    ladder = numbergames.load_game("pig", target=1).skill(1500, 20, budgets=[2], seed=2, workers=1)
    match = next(m for m in ladder.matches if (m.player, m.opponent) == ("hold20", "random"))
    exact = (Fraction(12, 13) + Fraction(7, 13)) / 2          # from each seat, on the same dice
    assert close(match.mean, exact, math.sqrt(float(exact * (1 - exact)) / 3000))
    assert ladder.luck["best_player"] in ("hold20", "mcts-2")
    assert numbergames.write_report(ladder, tmp_path / "skill").joinpath("report.md").exists()
    # At target 1 rolling wins 5/6 at once and holding banks 0: mcts-N rolls, as hold20
    # does, so it plays hold20's games, dice for dice.
    rules, keys = SPEC.rules(target=1), chunk_keys(1, 0, 200)
    for name in ("mcts-2", "mcts-16"):
        searched = SPEC.play_chunk(rules, [name, name], keys)
        held = SPEC.play_chunk(rules, ["hold20", "hold20"], keys)
        assert all(np.array_equal(searched[c], held[c]) for c in SPEC.result_keys), name


def openspiel_walk(ours, theirs, stream) -> int:
    """Play ``ours`` (a PigState) and ``theirs`` (OpenSpiel's pig) side by side at random,
    checking every node; the nodes passed."""
    nodes = 0
    while True:
        assert ours.is_terminal() == theirs.is_terminal()
        if ours.is_terminal():
            won = [s for s, r in enumerate(theirs.returns()) if r == 1.0]
            assert ours.returns() == decision.win_returns(ours.num_players, won)
            return nodes
        if ours.current_player() == CHANCE:
            assert theirs.is_chance_node()
            assert [(a - 1, p) for a, p in ours.chance_outcomes()] == theirs.chance_outcomes()
        else:
            assert ours.current_player() == theirs.current_player()
            assert ours.legal_actions() == theirs.legal_actions()
        action = ours.legal_actions()[stream.choose(len(ours.legal_actions()))]
        theirs.apply_action(action - 1 if ours.current_player() == CHANCE else action)
        ours.apply_action(action)
        nodes += 1


def test_node_for_node_it_is_openspiels_pig():
    pyspiel = pytest.importorskip("pyspiel")
    from numbergames.solver.dice import Stream

    for players, target in ((2, 1), (2, 20), (3, 12), (4, 30)):
        theirs = pyspiel.load_game("pig", {"players": players, "winscore": target})
        rules = SPEC.rules(players=players, target=target)
        stream = Stream(target * 10 + players)
        assert sum(openspiel_walk(SPEC.new_state(rules), theirs.new_initial_state(), stream)
                   for _ in range(100)) > 100


def test_the_openspiel_bridge(pig):
    pyspiel = pytest.importorskip("pyspiel")
    import numbergames.solver.spiel
    from open_spiel.python.algorithms import evaluate_bots, mcts

    assert "python_pig" in numbergames.solver.spiel.register_all()
    game = pyspiel.load_game("python_pig", {"target": 20})
    assert game.max_game_length() == 1000 and game.num_distinct_actions() == 2
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)))
    hold = numbergames.solver.spiel.player_bot("pig", "hold20", game.new_initial_state().inner.rules)
    for seed in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, hold],
                                              np.random.RandomState(seed))
        assert sorted(returns) == [0.0, 1.0]


def test_the_tutorials_line_count_is_true():
    files = sorted((ROOT / "examples" / "pig").glob("*.py"))
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"a game from\s+nothing:\s+([\d,]+)\s+lines", readme)
    assert stated and int(stated.group(1).replace(",", "")) == lines, lines
