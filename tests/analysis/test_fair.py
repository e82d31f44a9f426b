"""``analyze fair`` and :func:`numbergames.analysis.searches.fair.fair`: the search for the
value of a graded lever that makes a game fair.

The answer is known from outside the engine for Pig (``examples/pig``) at target 20 under
``hold20``: a ``hold20`` turn banks only on reaching the target, so seat 0 wins a turn with
q(20), the chance that a turn total reaches 20 before a 1, and seat 1, which starts with
``head_start`` = h points, with q(20 - h); turns alternate, so seat 0 wins with
q0 / (q0 + q1 - q0 q1) (tests/test_tutorial.py's recursion). Exactly: +0.45 points at h = 10,
-0.66 at h = 11, beyond ±4.9 at h <= 6 and h >= 15. The search's mechanics (bracket, the two
bisections, the verdicts, no fair value, out of range) are checked on a made-up advantage
whose answer is known by construction.
"""
from fractions import Fraction

import pytest

from numbergames.analysis.running.errors import UserError
from numbergames.analysis.searches import fair as fair_module
from numbergames.analysis.searches.fair import AHEAD, BEHIND, FAIR, OPEN, fair, plan_fair
from numbergames.solver import registry
from tests.examples import example_specs

PIG, = [spec for spec in example_specs() if spec.name == "pig"]


@pytest.fixture
def pig(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "pig", PIG)
    return PIG


def reach(goal: int) -> Fraction:
    r = [Fraction(1)] * (goal + 6)
    for total in range(goal - 1, -1, -1):
        r[total] = sum(r[total + face] for face in range(2, 7)) / 6
    return r[0]


def exact_advantage(h: int, target: int = 20) -> float:
    """Seat 0's points minus 50 under hold20 when seat 1 starts with h points."""
    q0 = reach(target)
    q1 = reach(target - h) if h < target else Fraction(1)
    return 100 * float(q0 / (q0 + q1 - q0 * q1)) - 50


def test_the_exact_answer_is_where_the_search_finds_it(pig, tmp_path):
    fair_values = [h for h in range(21) if abs(exact_advantage(h)) < 1]
    assert fair_values == [10, 11]
    result = fair("pig", "head_start", 1 << 15, policy="hold20", target=20, precision=4,
                  high=20, workers=1, store=tmp_path / "runs.sqlite")
    assert result.status == "fair"
    low, high = result.interval  # within 4 points exactly: 7 to 13; beyond 5: <= 5, >= 15
    assert low <= 10 and 11 <= high and 5 < low and high < 15, result.table
    assert low <= result.best <= high
    # the verdicts are monotone in the lever: ahead, then fair or open, then behind
    order = {AHEAD: 0, FAIR: 1, OPEN: 1, BEHIND: 2}
    verdicts = [order[v] for v in result.table.sort_values("value")["verdict"]]
    assert verdicts == sorted(verdicts)
    # each tried value's interval covers the exact advantage (95% each; 4 SE in all)
    for row in result.table.to_dict("records"):
        se = (row["hi"] - row["lo"]) / (2 * 1.96)
        assert abs(row["advantage"] - exact_advantage(row["value"])) <= 4 * se + 1e-9, row
    # the answer measured again on other keys, and counted
    assert result.fresh["seed"] != result.seed
    assert result.games_spent == result.table["games"].sum() + result.fresh["games"]
    assert result.games_played == result.games_spent
    # a rerun reads every game from the store: the same answer, no game played
    again = fair("pig", "head_start", 1 << 15, policy="hold20", target=20, precision=4,
                 high=20, workers=2, store=tmp_path / "runs.sqlite")
    assert again.games_played == 0
    assert again.table.equals(result.table) and again.best == result.best


def _made_up(monkeypatch, advantage, rounds=lambda rules: 5.0):
    """The search on a made-up game: ``advantage(value)`` in points, known exactly, with a
    standard error of 40/sqrt(games) points, and ``rounds(rules)`` rounds a game (standard
    error 4/sqrt(games))."""
    def play(self, measure, games):
        a = advantage(measure.value)
        measure.games = measure.finished = games
        measure.shares = (0.5 + a / 100, 0.5 - a / 100)
        measure.advantage, measure.se = a, 40 / games ** 0.5
        measure.turns_mean = 2 * rounds(measure.run_plan.rules)
        measure.rounds_se = 4 / games ** 0.5
    monkeypatch.setattr(fair_module._Search, "_play", play)


def test_bisection_finds_the_edges_of_the_fair_values(pig, monkeypatch):
    _made_up(monkeypatch, lambda v: 3.0 * (12 - v))
    result = fair("pig", "head_start", 1 << 20, precision=1.0)
    assert (result.status, result.interval, result.best) == ("fair", (12, 12), 12)
    assert len(result.table) <= 12  # ends and two bisections over 0..50, not 51 values


def test_an_integer_lever_that_jumps_over_zero_has_no_fair_value(pig, monkeypatch):
    _made_up(monkeypatch, lambda v: 3.0 * (12.4 - v))
    result = fair("pig", "head_start", 1 << 20, precision=0.5)
    assert (result.status, result.neighbours, result.interval) == ("no fair value", (12, 13), None)
    assert result.best == 12  # +1.2 is nearer 0 than -1.8
    assert "no value of head_start makes it fair" in result.sentence()


def test_a_range_the_lever_cannot_make_fair(pig, monkeypatch):
    _made_up(monkeypatch, lambda v: 3.0 * (12 - v))
    result = fair("pig", "head_start", 1 << 20, low=0, high=5)
    assert (result.status, result.best, list(result.table["value"])) == ("out of range", 5, [0, 5])


def test_a_lever_that_raises_seat_0_is_searched_the_other_way(pig, monkeypatch):
    _made_up(monkeypatch, lambda v: 2.0 * (v - 30))
    result = fair("pig", "head_start", 1 << 20)
    assert (result.status, result.interval) == ("fair", (30, 30))


def test_two_levers_find_the_fair_game_of_the_target_length(pig, monkeypatch):
    # fair at head_start 12 whatever the target; a game lasts target / 4 rounds
    _made_up(monkeypatch, lambda v: 3.0 * (12 - v), lambda rules: rules.target / 4)
    result = fair("pig", ("head_start", "target"), 1 << 20, length=30, second_range=(20, 400))
    assert (result.second, result.second_value, result.best) == ("target", 120, 12)
    assert result.rules.target == 120 and result.status == "fair"
    pairs = result.pairs.set_index("target")
    assert pairs.loc[120, "length"] == "on target" and (pairs["head_start"] == 12).all()
    assert set(pairs.loc[pairs.index < 120, "length"]) == {"shorter"}
    assert set(result.table["target"]) == set(pairs.index)
    assert "target = 120 and head_start = 12 makes it fair" in result.sentence()


@pytest.mark.parametrize("lever, options, message", [
    ("nope", {}, "'nope' is no rules parameter of pig; its graded levers: head_start"),
    ("target", {}, "'target' is not a compensation rule of pig"),
    ("head_start", {"low": 0, "high": 99}, "the range of head_start"),
    ("head_start", {"low": 9, "high": 3}, "from a lower to a higher value"),
    ("head_start", {"precision": 0}, "--precision must be a number of points"),
    ("head_start", {"precision": 1e-9}, "--precision must be a number of points"),
    ("head_start", {"head_start": 3}, "head_start is a lever searched"),
    ("head_start", {"length": 5}, "--length needs a second lever"),
    (("head_start", "target"), {}, "two levers need --length"),
    (("head_start", "head_start"), {"length": 5}, "head_start is given twice"),
    (("head_start", "players"), {"length": -1}, "--length must be a positive number"),
    (("head_start", "target"), {"length": 5, "second_range": (0, 9)}, "the range of target"),
])
def test_bad_input_is_one_line(pig, lever, options, message):
    with pytest.raises(UserError, match=message.replace("(", r"\(")) as caught:
        plan_fair("pig", lever, **options)
    assert "\n" not in str(caught.value)


def test_the_command_writes_the_report_and_refuses_bad_input(pig, monkeypatch, tmp_path, capsys):
    from numbergames.analyze.cli import main

    _made_up(monkeypatch, lambda v: 3.0 * (12 - v))
    out = tmp_path / "fair"
    assert main(["fair", "pig", "--lever", "head_start", "--out", str(out), "--no-store"]) == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == sorted(
        ("report.md", "summary.json", "fair.csv", "advantage.png"))
    assert "head_start = 12 makes it fair" in (out / "report.md").read_text()
    assert "head_start = 12 makes it fair" in capsys.readouterr().out
    before = sorted(p.name for p in tmp_path.iterdir())
    for argv in (["--lever", "target"], ["--lever", "head_start", "--range", "5"],
                 ["--lever", "head_start", "--precision", "-1"]):
        assert main(["fair", "pig", *argv, "--out", str(tmp_path / "x"), "--no-store"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("analyze"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
