"""One request, checked once: a run, a what-if and a skill ladder are each a request
(analysis/running/request.py's ``Common``) whose shared fields — the game, its rules, the
games, the seed, the workers, the scheduler — are checked by the same code when it is made,
so a bad value of one gives the same one-line message whichever analysis asks, from the
command line and from the front door (issue 42, point 1)."""
import dataclasses
import re

import pytest

import numbergames
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.request import Common, Request
from numbergames.analysis.searches.skill import SkillPlan, plan_skill
from numbergames.analysis.searches.whatif import SweepPlan, plan_sweep
from numbergames.analyze.cli import main

GAME = "manhome"
COMMANDS = {
    "run": [GAME],
    "whatif": ["whatif", GAME, "--vary", "tie=defender,attacker"],
    "skill": ["skill", GAME, "--budgets", "2"],
}
"""The three analyses on the command line, each with what it needs besides the shared
options."""

SHARED = [
    ["--sims", "abc"], ["--sims", "0"], ["--sims", "2.5"], ["--sims", "1e11"],
    ["--seed", "-1"], ["--seed", "x"], ["--workers", "0"], ["--workers", "2000"],
    ["--scheduler", "not an address"], ["--scheduler", "tcp://host:0"],
    ["--players", "9"], ["--set", "men_to_win=99"], ["--set", "nosuch=1"],
]
"""A bad value of each shared field (the rules through --players and --set)."""


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _message(argv: list[str], capsys) -> str:
    """The one line ``analyze argv`` says on stderr, exiting with status 2, the command's
    name left out (``analyze whatif: error: ...``, ``(see analyze whatif --help)``)."""
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main([*argv, "--quiet"]))
    assert stop.value.code == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    return re.sub(r" \(see analyze [^()]*--help\)$", "", err.strip().split(": error: ", 1)[-1])


@pytest.mark.parametrize("bad", SHARED, ids=" ".join)
def test_a_bad_shared_value_gives_one_message_from_run_whatif_and_skill(bad, capsys, in_tmp):
    said = {name: _message([*words, *bad], capsys) for name, words in COMMANDS.items()}
    assert len(set(said.values())) == 1, said
    assert not (in_tmp / "reports").exists()


BAD_VALUES = [
    {"sims": "abc"}, {"sims": 0}, {"sims": True}, {"seed": -1}, {"seed": 2.5},
    {"workers": 0}, {"workers": "4"}, {"scheduler": "not an address"},
]


def _refusal(make) -> str:
    with pytest.raises(UserError) as refused:
        make()
    return str(refused.value)


@pytest.mark.parametrize("bad", BAD_VALUES, ids=lambda bad: "-".join(map(str, bad.items())))
def test_the_front_door_and_the_plans_say_the_same(bad):
    """``Game.request`` (the run ``Game.simulate`` plays), ``plan_sweep`` (``Game.sweep``)
    and ``plan_skill`` (``Game.skill``): the same message for the same bad value."""
    values = {"sims": 100, **bad}
    game = numbergames.load_game(GAME)
    said = {
        "run": _refusal(lambda: game.request(**values)),
        "whatif": _refusal(lambda: plan_sweep(GAME, {"tie": ["defender", "attacker"]},
                                              **values)),
        "skill": _refusal(lambda: plan_skill(GAME, budgets=[2], **values)),
        "door sweep": _refusal(lambda: game.sweep({"tie": ["defender", "attacker"]}, **values)),
        "door skill": _refusal(lambda: game.skill(budgets=[2], **values)),
    }
    assert len(set(said.values())) == 1, said


def test_the_what_if_and_the_ladder_are_requests_checked_when_made():
    """Made directly, not through their plan functions, they check their shared fields
    all the same (and normalise them: "2e3" is 2,000 games), and ``replace`` checks again."""
    sweep = plan_sweep(GAME, {"tie": ["defender", "attacker"]}, "2e3", seed=3, workers=1,
                       scheduler="10.0.0.5:8786")
    ladder = plan_skill(GAME, "2e3", budgets=[2], seed=3, workers=1, scheduler="10.0.0.5:8786")
    run = numbergames.load_game(GAME).request("2e3", seed=3, workers=1,
                                              scheduler="10.0.0.5:8786")
    for made in (sweep, ladder, run):
        assert isinstance(made, Common)
        assert (made.game.name, made.sims, made.seed, made.workers, made.scheduler) == (
            GAME, 2000, 3, 1, "tcp://10.0.0.5:8786")
    assert isinstance(sweep, SweepPlan) and isinstance(ladder, SkillPlan)
    assert isinstance(run, Request) and sweep.rules == sweep.plans[0].rules
    assert ladder.top_sims == ladder.search_sims == 4_000
    for made in (sweep, ladder, run):
        with pytest.raises(UserError, match="--seed must be a whole number"):
            dataclasses.replace(made, seed=-1)
    with pytest.raises(UserError, match="--search-sims must be a whole number"):
        dataclasses.replace(ladder, search_sims="lots")
    with pytest.raises(UserError, match="--precision must be a positive number"):
        dataclasses.replace(sweep, precision=-1.0)
    with pytest.raises(UserError, match="no game called|unknown game|not a game"):
        Common("nosuch", None, 10)
