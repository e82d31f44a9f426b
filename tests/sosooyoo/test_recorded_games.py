"""Recorded So-Soo-Yoo games, replayed step by step by both engines.

``tests/data/sosooyoo_games.json`` holds seven complete short games, written once by
``tests/data/make_sosooyoo_games.py`` (its docstring gives the format): for each, the
rules, the players, the key, every die in the order it was drawn, every decision, every
move with everybody's spaces and rings and the rings on the board after it, the state
after each turn, and the result row. The tests prove that

* the reference engine plays each game again exactly: the same dice, decisions, moves,
  states and result (:func:`test_the_reference_engine_replays_each_game`);
* the rules alone replay it: players that make the recorded choices (they check that
  each is among the options the engine offers) meet the same dice, moves and states, so
  a change to a player's strategy cannot hide a change to the rules
  (:func:`test_the_rules_alone_replay_each_game`);
* the kernel plays each game again: its decision trace is the recorded decisions, its
  final spaces, rings, board, bone yard and winner are the recorded ones, and its result
  row is the recorded row (:func:`test_the_kernel_plays_each_game`);
* the facts checked by hand below hold in both engines, whatever the file says
  (:func:`test_hand_checked_facts`): if the file is ever written again by an engine with
  a misreading, these fail.

**Checked by hand.** Four games were followed step by step against the rulebook
(``shared/seeds/000_07f16ed724113caf.txt``) and RULES.md, from their dice and choices
alone: each placement roll read as d20 tens and d10 units and rolled again when above
the board, on a ring (rule 20) or, at set-up, on a piece (rule 8); each move checked to
be n ± 1 or n ± d for a divisor d > 1 of n (rules 11-14); each ring collected or left
(rules 16, 17), each bump, double zero, ring landing on a piece, swap and discard worked
out, and the turn's state and the result row (landings, spaces, facts, distinct spaces,
rounds) counted by hand and compared with the file:

* ``popsicles-24`` (3 popsicles, 24 spaces, key 149; 5 turns): a bump of a piece holding
  no ring; a double zero while placing a ring (the mover loses a ring, the next player
  chooses it, rule 6); a new ring landing on a piece, which takes it, and another rolled
  (rule 16), four times, each on a player whose turn it is not; rings rolled again on
  rings (rule 20); a discard; the win by a swap at the end of the turn (rules 29, 32),
  ``decided_by`` 2.
* ``adaptive-199`` (2 adaptive, the real board, key 16; 6 turns): two of the rulebook's
  warps from 60 (to 30 by 2·3·5, to 45 by 3·5); a ring rolled onto a piece at set-up
  (rule 9); a bump that takes a ring (rule 23); a ring collected on the fourth of five
  moves because it does not complete the win, the winning one on the last (rule 17): a
  rainbow.
* ``exact-count-199`` (adaptive against popsicle, the real board, key 106; 9 turns): the
  rulebook's jump 21 → 14; the exact count deciding the winning turn: seat 0 holds five
  colours, the purple ring lies on space 1, it rolls 6 and goes 3 → 2 → 1 → 2 → 1 → 2 → 1;
  landing on 1 on moves 2 and 4 leaves the ring there, the sixth and last move collects
  it and wins (rule 17).
* ``exact-count-swap-199`` (adaptive against popsicle, the real board, key 45; 10 turns):
  a discard at the end of a turn; seat 1 (orange) holds five orange, seat 0 holds an
  orange; rolling 3 it goes 24 → 12 → 11 → 22: the red ring on 11 would win through the
  swap of it for seat 0's orange, so on move 2 of 3, the second to last, it stays
  (rule 17's "even if it is to make a swap"); the orange on 22, the last move, wins.

The other three (``adaptive-popsicle-24``, ``learners-40`` with say-the-numbers slips,
rings sharing spaces and free double zeros, ``random-cut-off-30`` cut off by
``max_turns``) were not checked by hand; they guard the same engines over more rules.
"""
import importlib.util
import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver.sosooyoo.kernel import play_chunk
from tests.sosooyoo.kernel_trace import trace_game
from numbergames.solver.sosooyoo.rules import SoSooYooRules

DATA = Path(__file__).resolve().parents[1] / "data"
_spec = importlib.util.spec_from_file_location("make_sosooyoo_games",
                                               DATA / "make_sosooyoo_games.py")
maker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(maker)

GAMES = {game["name"]: game for game in json.loads((DATA / "sosooyoo_games.json").read_text())["games"]}
NAMES = list(GAMES)
RULES_FIELDS = ("rules", "players", "key")


def decisions(game: dict) -> list[list[int]]:
    """Every decision of the recorded game, in order."""
    return [d for step in game["steps"] for d in step["decisions"]]


def assert_same_game(got: dict, want: dict) -> None:
    """Step by step, so that a failure names the first step that differs."""
    assert {k: got[k] for k in RULES_FIELDS} == {k: want[k] for k in RULES_FIELDS}
    assert len(got["steps"]) == len(want["steps"]), "a different number of turns"
    for i, (g, w) in enumerate(zip(got["steps"], want["steps"])):
        for part in ("dice", "decisions"):
            assert g[part] == w[part], f"step {i} ({'set-up' if i == 0 else 'turn ' + str(i - 1)}): {part}"
        for j, (gm, wm) in enumerate(zip(g["moves"], w["moves"])):
            assert gm == wm, f"step {i}, move {j + 1}"
        assert g == w, f"step {i}"
    assert got["result"] == want["result"]


@cache
def replayed(name: str) -> dict:
    """The game played again by the reference engine with its players."""
    game = GAMES[name]
    return maker.record(game["rules"], game["players"], game["key"])


class Replay:
    """A player (every seat) that makes the recorded game's choices, each checked to be
    one of the options the engine offers, with the recorded chooser and subject."""

    name = "replay"

    def __init__(self, recorded: list[list[int]]):
        self.recorded = recorded

    def choose(self, state, choices):
        # the engine traces every decision, one-option ones too, after it is chosen
        game, node = state.game, state.node
        d, chooser, subj, option = self.recorded[len(game.trace)]
        assert (node.kind, node.chooser, node.subject) == (d, chooser, subj), len(game.trace)
        assert option in node.options, (len(game.trace), option, node.options)
        return state.legal_actions()[list(node.options).index(option)]


def test_the_record_is_complete():
    assert len(GAMES) == 7 and sum(g["hand_checked"] for g in GAMES.values()) == 4
    for game in GAMES.values():
        steps = game["steps"]
        assert steps[0].get("setup") and all(s["turn"] == i for i, s in enumerate(steps[1:]))
        assert len(steps) - 1 == game["result"]["turns"]
        assert steps[-1]["state"]["winner"] == game["result"]["winner"]
        for s in steps[1:]:
            assert (s["roll"] is None) == (not s["moves"])
            assert s["roll"] is None or len(s["moves"]) <= s["roll"]
    # between them the games make moves, bumps (where to, which ring), double-zero losses
    # and end-of-turn actions (an eleventh ring, decision 4, is in test_known_turns), and
    # end in both ways of winning and in a cut-off
    kinds = {d[0] for g in GAMES.values() for d in decisions(g)}
    assert kinds == {0, 1, 2, 3, 5}
    assert {g["result"]["win_kind"] for g in GAMES.values()} == {0, 1, 2}


@pytest.mark.parametrize("name", NAMES)
def test_the_reference_engine_replays_each_game(name):
    assert_same_game(replayed(name), GAMES[name])


@pytest.mark.parametrize("name", NAMES)
def test_the_rules_alone_replay_each_game(name):
    game = GAMES[name]
    rules = SoSooYooRules(**game["rules"])
    player = Replay(decisions(game))
    got = maker.record(game["rules"], game["players"], game["key"],
                       policies=[player] * rules.players)
    assert_same_game(got, game)


@pytest.mark.parametrize("name", NAMES)
def test_the_kernel_plays_each_game(name):
    game = GAMES[name]
    rules = SoSooYooRules(**game["rules"])
    trace, final = trace_game(rules, game["players"], game["key"])
    assert trace.tolist() == decisions(game)
    last = game["steps"][-1]["state"]
    assert {k: final[k] for k in ("pos", "held", "ring_space", "boneyard", "winner")} == last
    assert final["turns"] == game["result"]["turns"]
    row = play_chunk(rules, game["players"], np.array([game["key"]], dtype=np.uint64))
    assert {k: np.asarray(v)[0].tolist() for k, v in row.items()} == game["result"]


# -- what the hand check found, written out (independent of the file) ------------------

def moves_of(game: dict, turn: int) -> list[tuple[int, int]]:
    return [(m["from"], m["to"]) for m in game["steps"][turn + 1]["moves"]]


def placements(step: dict) -> list[int]:
    """The numbers the placement dice read in a step, in order (rule 5)."""
    numbers, dice = [], step["dice"]
    for i, (sides, face) in enumerate(dice):
        if sides == 20:                        # the d20 (tens) is always followed by the d10
            assert dice[i + 1][0] == 10
            numbers.append(10 * face + dice[i + 1][1])
    return numbers


def check_popsicles_24(game: dict) -> None:
    setup = game["steps"][0]
    accepted = [n for n in placements(setup) if 1 <= n <= 24]
    # pieces 23, 24, 20; red 17, orange 11, yellow 7 (after 26..: only 7 fits), green 1,
    # blue 10, purple: 10 holds the blue ring (rolled again), then 18
    assert accepted == [23, 24, 20, 17, 11, 7, 1, 10, 10, 18]
    assert setup["state"]["pos"] == [23, 24, 20]
    assert setup["state"]["ring_space"] == [17, 11, 7, 1, 10, 18]
    turn0 = game["steps"][1]
    assert turn0["roll"] == 3 and moves_of(game, 0) == [(23, 24), (24, 16), (16, 17)]
    # move 1 lands on seat 1 (no ring: nothing taken) and bumps it to 22 = 24 - 2;
    # move 3 collects the red ring on 17; the new one rolls 155 (again), 0: double zero,
    # seat 0 loses its red ring, chosen by the next player, seat 1 (rule 6); then 10 (the
    # blue ring's space: again), ..., 22: seat 1's piece takes it (rule 16); then 15.
    assert turn0["decisions"] == [[0, 0, 0, 24], [1, 0, 1, 22], [0, 0, 0, 16], [0, 0, 0, 17],
                                  [3, 1, 0, 0], [5, 0, 0, 0]]
    assert placements(turn0)[:3] == [155, 0, 10] and 22 in placements(turn0)
    assert turn0["moves"][0]["pos"] == [24, 22, 20]
    assert turn0["state"]["held"] == [[0] * 6, [1, 0, 0, 0, 0, 0], [0] * 6]
    assert turn0["state"]["ring_space"][0] == 15
    # turn 4: seat 1 (orange) holds 3 orange and a yellow; 11 -> 22 -> 21 collects orange
    # (not a winning ring: 4 orange and a yellow; seat 2 has no orange to swap), the new
    # orange lands on seat 2's piece on 4, another on 24; 21 -> 24, the last move, collects
    # it (5 orange, 1 yellow); then the swap of its yellow for seat 2's orange: six orange
    turn4 = game["steps"][5]
    assert moves_of(game, 4) == [(11, 22), (22, 21), (21, 24)]
    assert turn4["moves"][1]["held"][1] == [0, 4, 1, 0, 0, 0]
    assert turn4["moves"][1]["held"][2] == [1, 1, 2, 0, 0, 0]
    assert turn4["moves"][2]["held"][1] == [0, 5, 1, 0, 0, 0]
    assert turn4["decisions"][-1] == [5, 1, 1, 1 + 2]             # swap with seat 2
    assert turn4["state"]["held"] == [[1, 0, 0, 0, 0, 0], [0, 6, 0, 0, 0, 0], [1, 0, 3, 0, 0, 0]]
    assert game["result"] == {
        "winner": 1, "turns": 5, "decision_turns": 5, "win_kind": 1, "double_zeros": 2,
        "bumps": 1, "swaps": 1, "decided_by": 2, "distinct_spaces": 12, "rounds": 2,
        "seat_rings": [1, 6, 4], "seat_landings": [6, 8, 5], "seat_bumps": [1, 0, 0],
        "seat_swaps": [0, 1, 0], "seat_spaces": [5, 6, 4], "seat_facts": [4, 5, 3]}


def check_adaptive_199(game: dict) -> None:
    setup = game["steps"][0]
    # pieces 70, 165; rings red 122, orange 70 = seat 0's piece (it takes it, rule 9) then
    # 118, yellow 136, green 8, blue 46, purple 131
    assert placements(setup) == [70, 165, 122, 70, 118, 136, 8, 46, 131]
    assert setup["state"]["held"][0] == [0, 1, 0, 0, 0, 0]
    assert moves_of(game, 2) == [(130, 65), (65, 60), (60, 30), (30, 45)]
    # turn 3: 60 -> 45 (by 3 x 5) lands on seat 0: seat 1 takes a ring (red) and bumps it
    # to 30 = 45 - 15; bumping costs no move: the fifth move goes on to 46
    turn3 = game["steps"][4]
    assert moves_of(game, 3) == [(120, 118), (118, 59), (59, 60), (60, 45), (45, 46)]
    assert turn3["decisions"][4:6] == [[2, 1, 0, 0], [1, 1, 0, 30]]
    assert turn3["state"]["pos"] == [30, 46] and turn3["state"]["held"][0] == [0, 1, 1, 0, 0, 1]
    # turn 5: yellow on 10 is collected on move 4 of 5 (seat 1 would still lack green);
    # green on 8, the last move, completes the rainbow
    turn5 = game["steps"][6]
    assert turn5["roll"] == 5
    assert moves_of(game, 5) == [(46, 23), (23, 22), (22, 11), (11, 10), (10, 8)]
    assert turn5["moves"][3]["held"][1] == [1, 1, 1, 0, 1, 1]
    assert turn5["moves"][4]["held"][1] == [1, 1, 1, 1, 1, 1]
    assert game["result"] == {
        "winner": 1, "turns": 6, "decision_turns": 6, "win_kind": 2, "double_zeros": 0,
        "bumps": 1, "swaps": 0, "decided_by": 0, "distinct_spaces": 25, "rounds": 3,
        "seat_rings": [5, 6], "seat_landings": [14, 16], "seat_bumps": [0, 1],
        "seat_swaps": [0, 0], "seat_spaces": [13, 15], "seat_facts": [12, 12]}


def check_exact_count_199(game: dict) -> None:
    turn8 = game["steps"][9]
    assert turn8["mover"] == 0 and turn8["roll"] == 6
    assert game["steps"][8]["state"]["held"][0] == [1, 1, 1, 1, 1, 0]
    assert game["steps"][8]["state"]["ring_space"][5] == 1
    assert moves_of(game, 8) == [(3, 2), (2, 1), (1, 2), (2, 1), (1, 2), (2, 1)]
    for move in (1, 3):                       # moves 2 and 4 land on the ring and leave it
        assert turn8["moves"][move]["held"][0] == [1, 1, 1, 1, 1, 0]
        assert turn8["moves"][move]["ring_space"][5] == 1
    assert turn8["moves"][5]["held"][0] == [1] * 6       # the sixth, last move takes it
    assert turn8["moves"][5]["ring_space"][5] == 75      # and the new purple rolls 75
    assert placements(turn8) == [75]
    assert game["result"] == {
        "winner": 0, "turns": 9, "decision_turns": 9, "win_kind": 2, "double_zeros": 0,
        "bumps": 0, "swaps": 0, "decided_by": 0, "distinct_spaces": 23, "rounds": 5,
        "seat_rings": [6, 1], "seat_landings": [22, 7], "seat_bumps": [0, 0],
        "seat_swaps": [0, 0], "seat_spaces": [18, 5], "seat_facts": [14, 5]}


def check_exact_count_swap_199(game: dict) -> None:
    setup = game["steps"][0]
    assert placements(setup) == [199, 108, 3, 143, 6, 71, 101, 45]
    assert game["steps"][2]["decisions"][-1] == [5, 1, 1, 7 + 5]   # turn 1: discard purple
    before = game["steps"][9]["state"]                 # after turn 8
    assert before["held"] == [[1, 1, 1, 1, 1, 0], [0, 5, 0, 0, 0, 0]]
    assert before["ring_space"][0] == 11 and before["ring_space"][1] == 22
    turn9 = game["steps"][10]
    assert turn9["mover"] == 1 and turn9["roll"] == 3
    assert moves_of(game, 9) == [(24, 12), (12, 11), (11, 22)]
    assert turn9["moves"][1]["held"][1] == [0, 5, 0, 0, 0, 0]   # the red stays on 11
    assert turn9["moves"][1]["ring_space"][0] == 11
    assert turn9["moves"][2]["held"][1] == [0, 6, 0, 0, 0, 0]   # the orange on 22 is taken
    assert turn9["decisions"][-1] == [5, 1, 1, 0]
    assert game["result"] == {
        "winner": 1, "turns": 10, "decision_turns": 10, "win_kind": 1, "double_zeros": 0,
        "bumps": 0, "swaps": 0, "decided_by": 0, "distinct_spaces": 31, "rounds": 5,
        "seat_rings": [5, 6], "seat_landings": [20, 18], "seat_bumps": [0, 0],
        "seat_swaps": [0, 0], "seat_spaces": [19, 16], "seat_facts": [16, 14]}


HAND_CHECKED = {"popsicles-24": check_popsicles_24, "adaptive-199": check_adaptive_199,
                "exact-count-199": check_exact_count_199,
                "exact-count-swap-199": check_exact_count_swap_199}


@pytest.mark.parametrize("name", sorted(HAND_CHECKED))
def test_hand_checked_facts(name):
    assert GAMES[name]["hand_checked"]
    HAND_CHECKED[name](GAMES[name])            # the file
    HAND_CHECKED[name](replayed(name))         # the reference engine now
    game = GAMES[name]                         # the kernel now
    rules = SoSooYooRules(**game["rules"])
    _, final = trace_game(rules, game["players"], game["key"])
    row = play_chunk(rules, game["players"], np.array([game["key"]], dtype=np.uint64))
    kernel = {k: np.asarray(v)[0].tolist() for k, v in row.items()}
    HAND_CHECKED[name]({**game, "result": kernel})
    assert final["winner"] == kernel["winner"]
