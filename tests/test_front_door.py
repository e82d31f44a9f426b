"""The front door, ``numbergames``: ``load_game(name, **rules)`` -> a Game whose states,
players, games and analyses are the engines' and the command line's own."""
import dataclasses
import json
import subprocess
import sys

import numpy as np
import pytest

import numbergames
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.searches.simulation import PLAIN, Simulation, simulate
from numbergames.analyze.cli import main
from numbergames.solver import decision, registry
from tests.test_conformance import same_games
from tests.test_same_reports import differences

GAMES = ("manhome", "sosooyoo", "sumoku", "shoo")


def small(name):
    """The game with its small rules (every player plays in a moment)."""
    return numbergames.load_game(name, **registry.find_game(name).small_rules)


def test_the_games_are_listed_and_importing_the_door_is_cheap():
    assert numbergames.games() == GAMES
    code = ("import sys, numbergames; "
            "print(sorted(m for m in ('pandas', 'scipy', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", GAMES)
def test_load_game_takes_the_rules_as_keywords(name):
    spec = registry.find_game(name)
    values = dict(spec.small_rules)
    game = numbergames.load_game(name, **values)
    assert game.name == name and game.title == spec.title
    assert game.rules == spec.rules.from_values(values)
    assert game.players == spec.seats(game.rules)
    assert numbergames.load_game(name).rules == spec.rules()


def test_load_game_as_the_command_line_reads_it():
    game = numbergames.load_game("manhome", players=3, tie="attacker")
    assert (game.players, game.rules.tie) == (3, "attacker")
    assert numbergames.load_game("manhome", players="3", men_to_win="4.0").rules == \
        game.rules.replace(tie="defender", men_to_win=4)


@pytest.mark.parametrize("call, words", [
    (lambda: numbergames.load_game("manhome", tie="never"),
     "allowed: defender | attacker | reroll"),
    (lambda: numbergames.load_game("manhome", colour="red"), "unknown rules parameter 'colour'"),
    (lambda: numbergames.load_game("manhome", players=1),
     "bad value 1 for players; allowed: an integer in 2..8"),
    (lambda: numbergames.load_game("shoo", players=3), "shoo is played by exactly 2 players"),
    (lambda: numbergames.load_game("chess"), "unknown game 'chess'; known: manhome"),
    (lambda: numbergames.load_game("manhome").player("clever"), "unknown policy 'clever'"),
    (lambda: numbergames.load_game("manhome").request(0), "--sims must be a whole number"),
    (lambda: numbergames.load_game("manhome").request(10, seed=-1), "--seed must be"),
], ids=["choice", "unknown", "players", "exactly", "game", "player", "sims", "seed"])
def test_a_wrong_value_is_one_clear_user_error(call, words):
    with pytest.raises(UserError, match=words) as error:
        call()
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("name", GAMES)
def test_state_player_and_play_are_the_engines(name):
    """Game.play(key) is the reference engine's game of that key, which is the kernel's
    (compared as the conformance suite compares them), and the decision API played by the
    door's players gives the same row."""
    game = small(name)
    player = game.spec.players.default
    keys = chunk_keys(11, 0, 2)
    assert not same_games(game.spec, game.rules, player, keys)
    kernel = game.spec.play_chunk(game.rules, [player] * game.players, keys)
    for i, key in enumerate(keys):
        row = game.play(int(key), players=player)
        assert all(np.array_equal(np.asarray(row[c]), kernel[c][i])
                   for c in game.spec.result_keys), (name, int(key))
        state = decision.play(game.new_state(), [game.player(player)] * game.players, int(key))
        assert dict(state.row()) == row


@pytest.mark.parametrize("name", GAMES)
def test_simulate_is_the_command_lines_run(name, tmp_path):
    """One simulate: the door's run writes the report `analyze <game>` writes for the same
    arguments, the game's own sections and figures included."""
    values = registry.find_game(name).small_rules
    sets = [f"--set={k}={v}" for k, v in values.items()]
    assert main([name, "--sims", "40", "--seed", "2", "--workers", "1", "--no-store",
                 "--quiet", "--out", str(tmp_path / "cli"), *sets]) == 0
    result = small(name).simulate(40, seed=2, workers=1)
    numbergames.write_report(result, tmp_path / "door")
    cli, door = (json.loads((tmp_path / f / "summary.json").read_text()) for f in ("cli", "door"))
    assert not differences(cli, door)
    headings = [[line for line in (tmp_path / f / "report.md").read_text().splitlines()
                 if line.startswith("#")] for f in ("cli", "door")]
    assert headings[0] == headings[1]
    plain = simulate(name, 40, seed=2, workers=1, rules=result.rules, presentation=PLAIN)
    assert set(plain.summary) <= set(result.summary)
    assert len(result.presentation.report_sections(result.summary, result.parts)) >= len(
        plain.presentation.report_sections(plain.summary, plain.parts))


def test_the_door_runs_a_sweep_and_a_skill_ladder(tmp_path):
    from numbergames import analysis

    game = numbergames.load_game("manhome", board_rows=3)
    sweep = game.sweep({"tie": ["attacker"]}, 40, workers=1)
    same = analysis.sweep("manhome", {"tie": ["attacker"]}, 40, workers=1, board_rows=3)
    assert not differences(sweep.summary, same.summary)
    ladder = game.skill(4, 1, budgets=[1], workers=1)
    assert ladder.rules == game.rules
    assert numbergames.write_report(sweep, tmp_path / "w").joinpath("report.md").is_file()


class _Kept(Simulation):
    """A subclass of a result type is written as that type is."""


def test_write_report_by_type(tmp_path):
    result = numbergames.load_game("manhome").simulate(30, workers=1)
    sub = _Kept(**{f.name: getattr(result, f.name) for f in dataclasses.fields(result)})
    out = numbergames.write_report(sub, tmp_path / "sub")
    assert (out / "report.md").is_file() and json.loads(
        (out / "summary.json").read_text())["games"] == 30
    for wrong in (5, "report", result.summary):
        with pytest.raises(TypeError, match="no report for a .*; expected one of Fair, Ladder, "
                                            "Simulation, Sweep"):
            numbergames.write_report(wrong)
    assert list(tmp_path.iterdir()) == [tmp_path / "sub"]
