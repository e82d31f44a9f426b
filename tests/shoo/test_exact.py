"""Reduced Shoo solved exactly: the field geometry, the reduced games, the retrograde
solver against plain minimax, hand-made positions, known state counts, the players against
perfect play and the report."""
from __future__ import annotations

import csv
import json
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache

import pytest

from numbergames.solver.params import RulesError
from numbergames.solver.shoo import board
from numbergames.solver.shoo.board import FIELD, Field
from numbergames.solver.shoo.evaluation import (BLOCKER_WEIGHT, DISTANCE_WEIGHT, HORSE_WEIGHT,
                                     king_distance, standing)
from numbergames.solver.decision import play
from numbergames.solver.dice import Stream
from numbergames.solver.shoo.exact import DRAW, LOSS, WIN, solve, successors
from numbergames.solver.shoo.exact_play import PerfectPlayer, agreement, match, sample_positions
from numbergames.studies.shoo.exact_report import Plan, run
from numbergames.solver.shoo.moves import Kind, legal_moves, make_move
from numbergames.solver.shoo.position import EMPTY, FOOT, Position
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_game_position, random_placement
from numbergames.solver.shoo.state import ShooState

SMALL = Reduced(3, 1, 1)


@lru_cache(maxsize=None)
def solved(game: Reduced = SMALL, **changes):
    return solve(game, ShooRules(**changes))


# -- the field ------------------------------------------------------------------------
def test_the_standard_field_is_the_module_constants():
    assert FIELD == Field(9, 3)
    assert FIELD.neighbours is board.NEIGHBOURS and FIELD.rays is board.RAYS
    assert (FIELD.squares, FIELD.centre, board.CENTRE) == (81, 40, 40)
    assert board.homes("diagonal") == (board.corner(0, 6), board.corner(6, 0))
    assert FIELD.first_rows == (511, 511 << 72)


def test_a_small_field_has_its_own_lines_and_corners():
    field = Field(4, 2)
    assert [field.name(s) for s in field.rays[0][0]] == ["b1", "c1", "d1"]
    assert len(field.neighbours[5]) == 8 and len(field.neighbours[15]) == 3
    assert field.starts("diagonal") == (board.bit_set([2, 3, 6, 7]),
                                        board.bit_set([8, 9, 12, 13]))
    with pytest.raises(ValueError, match="bad field"):
        Field(3, 3)


# -- the reduced games ----------------------------------------------------------------
def test_reduced_starts_are_symmetric():
    game = Reduced(5, 3, 3)
    start = game.start(ShooRules())
    blue, white = game.start_squares("diagonal")
    assert game.corner == 2
    assert [game.field.name(s) for s in blue] == ["e1", "d1", "e2"]
    assert [game.field.name(s) for s in white] == ["a5", "b5", "a4"]
    assert start.stable_horses == [1, 2] and start.board[game.field.centre] == EMPTY
    field_horse = game.start(ShooRules(odd_horse="field"))
    assert field_horse.stable_horses == [1, 1]
    assert field_horse.board[game.field.centre] != EMPTY


@pytest.mark.parametrize("size, travellers, horses, message", [
    (4, 0, 1, "bad travellers"), (4, 1, 2, "bad horses"), (3, 2, 1, "bad field size"),
    (2, 1, 1, "bad field size")])
def test_bad_reduced_games_are_refused(size, travellers, horses, message):
    with pytest.raises(RulesError, match=message):
        Reduced(size, travellers, horses)


# -- the solver -----------------------------------------------------------------------
def _made(position: Position) -> list[tuple]:
    return sorted(make_move(position, m).key() for m in legal_moves(position))


@pytest.mark.parametrize("hush", ["illegal", "lose_move", "shoo_off"])
def test_successors_are_the_legal_moves_made(hush):
    rules = ShooRules(hush=hush)
    for seed in range(6):
        position = random_game_position(rules, Stream(seed), 10 + 7 * seed)
        assert sorted(a.key() for a in successors(position)) == _made(position)
        assert sorted(a.key() for a in successors(random_placement(rules, Stream(seed)))) \
            == _made(random_placement(rules, Stream(seed)))
    game = Reduced(4, 2, 3)
    position = game.start(rules)
    for seed in range(40):
        moves = legal_moves(position)
        position = make_move(position, moves[Stream(seed).choose(len(moves))])
        assert sorted(a.key() for a in successors(position)) == _made(position)


def test_known_state_counts_and_values():
    s = solved()
    assert (s.states, s.graph.edges) == (2366, 17843)
    assert s.counts() == {"won": 1354, "drawn": 407, "lost": 605}
    assert (s.value_of_start, s.depth_of_start) == (DRAW, -1)


def test_both_opening_choices_are_the_same_game_mirrored():
    first, extra = solved(), solved(opening="extra_horse")
    assert (first.states, first.graph.edges) == (extra.states, extra.graph.edges)
    assert first.counts() == extra.counts()
    assert first.value_for(0) == extra.value_for(1)


def _minimax(position: Position, depth: int, memo: dict, moves: dict) -> int:
    """+1 when the side to move can force a win within ``depth`` moves, -1 when the
    opponent can, 0 otherwise: a plain recursive minimax over the reference moves."""
    key = (position.key(), depth)
    if key in memo:
        return memo[key]
    won = position.winner()
    if won is not None:
        value = 1 if won == position.side else -1
    elif depth == 0:
        value = 0
    else:
        if position.key() not in moves:
            moves[position.key()] = [make_move(position, m) for m in legal_moves(position)]
        value = max(-_minimax(after, depth - 1, memo, moves)
                    for after in moves[position.key()])
    memo[key] = value
    return value


def test_retrograde_agrees_with_depth_limited_minimax():
    s = solved()
    memo, moves = {}, {}
    depth = 7
    decided = 0
    for i in range(s.states):
        expected = int(s.value[i]) if 0 <= s.depth[i] <= depth else 0
        assert _minimax(s.graph.position(i), depth, memo, moves) == expected, i
        decided += expected != 0
    assert decided > 1000


def _race(side: int) -> tuple[Reduced, Position]:
    """4 x 4, one traveller each, the horse retired: Blue on b3 next to its home a4, White
    on a1, three steps from its home d1."""
    game = Reduced(4, 1, 1)
    field = game.field
    board_ = [EMPTY] * field.squares
    board_[field.square(1, 2)] = FOOT + 0
    board_[field.square(0, 0)] = FOOT + 1
    return game, Position(ShooRules(), board_, [0, 0], [0, 0], [0, 1], side, field=field)


def test_a_win_in_one_and_a_loss_in_two():
    game, blue_to_move = _race(0)
    s = solve(game, ShooRules(), first=blue_to_move)
    assert (s.value_of_start, s.depth_of_start) == (WIN, 1)
    position, moves, _ = s.move_values(0)
    [best] = s.perfect_moves(0)
    assert moves[best].kind == Kind.WALK and game.field.name(moves[best].to) == "a4"
    _, white_to_move = _race(1)
    s = solve(game, ShooRules(), first=white_to_move)
    assert (s.value_of_start, s.depth_of_start) == (LOSS, 2)
    assert s.value_for(0) == WIN
    assert set(s.perfect_moves(0)) == set(range(len(legal_moves(white_to_move))))


def test_perfect_players_play_the_solved_value():
    game, white_to_move = _race(1)
    s = solve(game, ShooRules(), first=white_to_move)
    played = play(ShooState(position=white_to_move), [PerfectPlayer(s)] * 2, 5)
    assert (played.winner, played.position.ply) == (0, 2)
    draw = solved()
    played = play(ShooState(position=SMALL.start(ShooRules(max_plies=40))),
                  [PerfectPlayer(draw)] * 2, 5)
    assert played.position.winner() is None and played.position.ply == 40


# -- the players against perfect play ----------------------------------------------------
def test_the_evaluation_reads_the_positions_own_field():
    position = SMALL.start(ShooRules())
    assert position.field.size == 3
    # one traveller a side in opposite corners of 3 x 3: two king moves from home, and each
    # stands in the other's home area (a blocker); White holds the odd horse
    assert standing(position, 0) == -2 * DISTANCE_WEIGHT - BLOCKER_WEIGHT
    assert standing(position, 1) == standing(position, 0) + HORSE_WEIGHT
    assert king_distance(0, 8, 3) == 2 and king_distance(0, 8) == 8


def test_agreement_and_matches():
    s = solved()
    indices = sample_positions(s, 60, 1)
    assert len(indices) == 60 and all(s.value[i] != LOSS for i in indices)
    rand = agreement(s, "random", indices, 1)
    greedy = agreement(s, "greedy", indices, 1)
    assert rand.positions == greedy.positions == 60
    assert 0 < rand.kept < 60 and greedy.kept >= rand.kept
    m = match(s, "greedy", 1, 3, 1, 30)
    assert m.wins + m.draws + m.losses == 3
    assert m.wins == 0          # the start is a draw: nobody beats perfect play from it


def test_parts_of_a_sample_and_of_a_match_add_up_to_the_whole():
    s = solved()
    indices = sample_positions(s, 40, 3)
    whole = agreement(s, "random", indices, 3)
    parts = [agreement(s, "random", indices[i:i + 15], 3, start=i) for i in (0, 15, 30)]
    assert parts[0] + parts[1] + parts[2] == whole
    assert 0 < whole.kept < 40
    # each position keeps the stream of its place in the whole sample, not in its part
    assert [agreement(s, "random", indices[i:i + 1], 3, start=i).kept for i in range(40)] != [
        agreement(s, "random", indices[i:i + 1], 3).kept for i in range(40)]
    games = match(s, "greedy", 0, 5, 2, 40)
    halves = match(s, "greedy", 0, 2, 2, 40) + match(s, "greedy", 0, 3, 2, 40, first=2)
    assert (halves.wins, halves.draws, halves.losses, halves.games) == (
        games.wins, games.draws, games.losses, 5)
    assert halves.mean_plies == pytest.approx(games.mean_plies)


# -- the report ---------------------------------------------------------------------------
def test_the_comparison_is_the_same_in_one_process_or_two(tmp_path):
    plan = Plan(sizes=(SMALL,), players=("random", "search-1"), positions=20, games=2,
                games_of={"search-1": 0})
    summaries = []
    for workers in (1, 2):
        out = run(tmp_path / str(workers), plan=replace(plan, workers=workers), command="t")
        summaries.append(json.loads((out / "summary.json").read_text())["players"])
    assert summaries[0] == summaries[1]
    rows = {r["player"]: r for r in summaries[0]}
    assert rows["random"]["positions"] == rows["search-1"]["positions"] == 20
    assert rows["random"]["games"] == 2 and rows["search-1"]["games"] == 0
    assert sum(rows["random"][f"blue_{k}"] for k in ("wins", "draws", "losses")) == 2
    assert rows["search-1"]["blue_wins"] is None and rows["search-1"]["white_plies"] is None
    text = (tmp_path / "1" / "report.md").read_text()
    assert "(`search-1` 0 games a colour instead; *n/a* where none)" in text


def test_games_of_is_read_from_the_command_line(tmp_path):
    from numbergames.solver.shoo.opening import parse_games, parse_players
    names = parse_players("random,search-4")
    assert parse_games("search-4=0", names, 10, "--games-of", 0, 10_000) == {
        "random": 10, "search-4": 0}
    with pytest.raises(ValueError, match="--games-of needs player=N with N a whole number "
                                         "from 0 to 10,000"):
        parse_games("search-4=-1", names, 10, "--games-of", 0, 10_000)


def test_report(tmp_path):
    out = run(tmp_path / "r", plan=Plan(sizes=(SMALL,), larger=(Reduced(4, 2, 1),),
                                         limit=200, players=("random", "greedy"),
                                         positions=20, games=1), command="test")
    text = (out / "report.md").read_text()
    assert "3x3, 1 traveller, 1 horse: a **draw**" in text
    rows = list(csv.DictReader((out / "sizes.csv").open()))
    assert [(r["opening"], r["states"], r["first_mover"]) for r in rows] == [
        ("first_move", "2366", "draw"), ("extra_horse", "2366", "draw"),
        ("first_move", "", "")]
    assert rows[-1]["note"] == "more than 200 positions: given up"
    summary = json.loads((out / "summary.json").read_text())
    assert [p["player"] for p in summary["players"]] == ["random", "greedy"]
    assert summary["games_of"] == {}      # the default's search-64=0 is not theirs
    assert "games a colour instead" not in text
    assert summary["growth"] is None


@pytest.mark.parametrize("args, message", [
    (["--positions", "0"], "--positions must be a whole number from 1 to 100,000"),
    (["--limit", "0"], "--limit must be a whole number from 1 to 3,000,000"),
    (["--players", "nobody"], "unknown player"),
    (["--players", "random", "--games-of", "search-64=1"],
     "--games-of names 'search-64', not one of the players"),
    (["--games-of", "greedy=x"], "--games-of needs player=N with N a whole number from 0"),
    (["--workers", "0"], "--workers")])
def test_bad_options_give_one_line(tmp_path, args, message):
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze.cli", "exact", "shoo", "reduced",
                           "--out", str(tmp_path / "x"), "--quiet", *args],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_report_text_names_the_winner_and_the_players_conversions():
    from numbergames.studies.shoo.exact_report import render, size_row
    s = solved()
    rows = [size_row(SMALL, "first_move", s, 0.0)]
    rows[0].update(first_mover="loss", plies=12, game="g")
    player = {"game": "g", "player": "greedy", "positions": 10, "kept": 0.5, "kept_low": 0.2,
              "kept_high": 0.8, "won_positions": 8, "won_kept": 0.5, "games": 6,
              **{f"{c}_{k}": n for c in ("blue", "white")
                 for k, n in (("wins", 1), ("draws", 2), ("losses", 3), ("plies", 9.0))}}
    text = render({"sizes": rows, "growth": None, "players": [player], "command": "c",
                   "changed": {}, "rules": ShooRules().as_dict(), "seconds": 1.0,
                   "positions": 10, "games": 6, "max_plies": 200})
    assert "- g: **the player with the odd horse (moving second) wins**, in 12 moves" in text
    assert "0.50 (0.20–0.80)" in text
    assert "the players won greedy 1 of 6 games" in text


def test_default_games_of_speaks_only_of_the_players_compared():
    from numbergames.solver.shoo.exact_play import GAMES_OF, PLAYER_NAMES
    from numbergames.studies.shoo.exact_report import DEFAULT_GAMES_OF, Plan, own_games_of
    assert "search-64" in PLAYER_NAMES.split(",") and DEFAULT_GAMES_OF == {"search-64": 0}
    assert Plan().games_for("search-64") == 0 and Plan().games_for("search-16") == 10
    assert own_games_of(GAMES_OF, ("random", "search-64")) == "search-64=0"
    assert own_games_of(GAMES_OF, ("random",)) == ""
    assert own_games_of("search-64=4", ("search-64",)) == "search-64=4"


INTERRUPTED = """
import sys
from pathlib import Path

from numbergames.solver.shoo.reduced import Reduced
from numbergames.studies.shoo.exact_report import Plan, run


def say(line):
    print(line, flush=True)
    if line.startswith("players: ") and "parts" in line and "process" not in line:
        sys.stdin.readline()        # the first part is in: wait here for the test's Ctrl-C


plan = Plan(sizes=(Reduced(3, 1, 1),), players=("random", "search-4"), positions=400,
            games=20, workers=2)
try:
    run(Path(sys.argv[1]), plan=plan, command="interrupted", say=say)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="/proc lists the workers")
def test_ctrl_c_during_the_parallel_comparison_stops_it_and_keeps_the_earlier_report(
        tmp_path):
    """Ctrl-C while the players' parts are played in two processes (the part of the exact
    report the CLI reaches only after its solves): a child process runs the report; once
    its first part is in, Ctrl-C goes to its process group, as a terminal sends it. The
    run ends with KeyboardInterrupt, no process of it is left, and the report folder of an
    earlier run is as it was. (It used to signal the test process itself: on a busy
    machine the KeyboardInterrupt reached its xdist worker outside the test, twice.)"""
    import os
    import signal

    from tests.processes import HANG_S, in_session, wait_until

    out = run(tmp_path / "r", plan=Plan(sizes=(SMALL,), players=("random",), positions=20,
                                        games=1), command="earlier")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED, str(out)], cwd=tmp_path,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines = []
    try:
        for line in child.stdout:             # up to the first part
            lines.append(line.rstrip("\n"))
            if line.startswith("players: ") and "parts" in line and "process" not in line:
                break
        os.killpg(child.pid, signal.SIGINT)
        rest, err = child.communicate(timeout=HANG_S)
        wait_until(lambda: not in_session(child.pid), "a process of the run left behind")
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    parts = [line for line in lines if line.startswith("players: ") and "parts" in line
             and "process" not in line]
    assert len(parts) == 1, (lines, err)
    assert child.returncode == 130 and rest.splitlines()[-1:] == ["interrupted"], (rest, err)
    assert "parts" not in rest, rest              # no part after the Ctrl-C
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]   # no staging folder left
