"""Whole Sumoku games add up as the rulebook says, in both engines.

The rulebook (``shared/seeds/001_3bbcc50f1ca1efff.txt``; RULES.md numbers its rules) fixes
how a game's points come about, whatever the players do:

* **The score identity.** A seat's final score is the sum of the scores of its plays minus
  the value of the tiles left in its hand ("the numerical value of any tiles remaining in a
  player's stock is deducted from that player's total", rule 22; a "6" counts 6, rule 2).
  Each play's score is worked out here again, from the board before it and the tiles it
  lays, by rule 16 alone (the whole line played in plus every cross line a new tile makes
  or extends; rule 17 for a single tile) — not by the engine's move generator.
* **Tiles are conserved** (rule 1): at every step the bag, the hands and the board hold the
  96 tiles, every colour-and-number twice.
* **The turn** (rules 18, 19): within one turn a player plays again only after a play that
  made or completed a line of six (and only with ``bonus`` on), draws nothing until the
  turn ends, then refills to a full hand while the bag lasts.
* **The win** (rule 23): the winner has the highest score; a tie for it is a draw (−2).

The reference engine is checked from its own play-by-play (every play it applies, hooked
through :class:`Ledger`, which steps the decision API's state) on a few short seeded
games with several players and every player kind (random, greedy, lookahead). The kernel
is checked two ways: (1) its plays, made through its decision API
(``tests.sumoku.turns.kernel_game``), are replayed through the reference's decision API and
each play re-scored by rule 16, and the kernel's final scores must equal those play scores
minus the value of the kernel's own final hands; (2) over many more kernel games
(``play_chunk``), each game is played again with ``penalty`` off (the players' choices do
not depend on it), and the scores with the penalty must be the scores without it minus the
reported penalty, which must be the value of the hand left (read from ``kernel_game`` for
some of them); the winner and margin columns must follow the scores.

Bugs planted in both engines that the rest of ``tests/sumoku`` let through and these
tests catch: the hand penalty computed but not subtracted from the score; the bonus play's
points not added, or the play earning the bonus scored twice; a refill before the bonus
play; a "6" left in hand costing 9; a cross line of six earning no bonus (also caught by
``test_known_plays``).
"""
from collections import Counter

import numpy as np
import pytest

from numbergames.solver.sumoku.kernel import play_chunk
from numbergames.solver.dice import game_streams
from numbergames.solver.registry import DRAW
from numbergames.solver.sumoku.state import shuffled_bag
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import NINE, NKINDS, NTILES, kind, kind_colour, number
from tests.sumoku.turns import Recorder, kernel_game

# -- the rulebook, written out again ------------------------------------------------------


def run_through(cells, cell, axis):
    """The maximal run of occupied cells through ``cell`` along a row (0) or column (1)."""
    dr, dc = (0, 1) if axis == 0 else (1, 0)
    r, c = cell
    while (r - dr, c - dc) in cells:
        r, c = r - dr, c - dc
    run = []
    while (r, c) in cells:
        run.append((r, c))
        r, c = r + dr, c + dc
    return tuple(run)


def line_points(entries, key):
    """What a line of ``(kind, value)`` scores — its total (rule 16) — or None if it is not
    a valid line (rule 5: 2 to 6 tiles, no colour twice, a multiple of the key). A "6" lies
    with the value chosen when it was placed, 6 or 9 (rules 6, 15; ``six_value =
    per_tile``, the games checked here)."""
    colours = [kind_colour(k) for k, _ in entries]
    total = sum(v for _, v in entries)
    if not 2 <= len(entries) <= 6 or len(set(colours)) != len(colours) or total % key:
        return None
    return total


def rule_play(before, tiles, key, rules):
    """(score, bonus) of laying ``tiles`` (``(row, column, kind, value)``) on a board of
    ``before`` (``{cell: (kind, value)}``), by rules 14, 16, 17 and 19 alone."""
    cells = dict(before)
    for r, c, k, v in tiles:
        assert (r, c) not in cells
        cells[(r, c)] = (k, v)
    new = [(r, c) for r, c, _, _ in tiles]
    assert len({r for r, _ in new}) == 1 or len({c for _, c in new}) == 1   # rule 14
    scored = {run_through(cells, cell, axis) for cell in new for axis in (0, 1)}
    scored = [line for line in scored if len(line) >= 2]
    if len(new) > 1:   # one unbroken run holds every new tile (rule 14)
        assert any(set(new) <= set(line) for line in scored)
    points = [line_points([cells[cell] for cell in line], key) for line in scored]
    assert scored and None not in points, "an illegal play"
    if len(new) == 1 and rules.single_tile == "larger":
        score = max(points)
    else:
        score = sum(points)
    return score, any(len(line) == 6 for line in scored)


def hand_value(hand):
    """The hand penalty (rule 22): the tiles' numbers, a "6" counting 6 (rule 2)."""
    return sum(number(t) for t in hand)


def expected_winner(scores):
    """Rule 23: the seat with the highest score, or DRAW for a tie for it."""
    best = max(scores)
    top = [s for s, x in enumerate(scores) if x == best]
    return top[0] if len(top) == 1 else DRAW


def expected_margin(scores):
    ordered = sorted(scores, reverse=True)
    return ordered[0] - ordered[1]


# -- the reference engine, play by play ---------------------------------------------------


def conserved(game):
    """Rule 1: bag, hands and board hold every kind twice, 96 tiles, no tile twice."""
    in_hands = [t for hand in game.hands for t in hand]
    rest = list(game.bag)
    assert len(set(in_hands)) == len(in_hands) and not set(in_hands) & set(rest)
    where = Counter(kind(t) for t in rest + in_hands)
    where.update(k for k, _ in game.board.cells.values())
    return (where == Counter({k: 2 for k in range(NKINDS)})
            and len(rest) + len(in_hands) + len(game.board) == NTILES)


class Ledger(Recorder):
    """The decision API's state stepped turn by turn, writing down every play it applies
    with the play's score worked out by rule 16 (:func:`rule_play`), and checking tiles and
    turns as it goes."""

    def __init__(self, *args, **kwargs):
        self.ledger = []   # (turn, seat, tiles drawn so far, rule score, rule bonus, play)
        super().__init__(*args, **kwargs)
        assert conserved(self)

    def next_action(self):
        action = super().next_action()
        state = self.state
        if not state.is_chance_node() and state.plays():
            play = state.plays()[action]
            score, bonus = rule_play(state.board.cells, play.tiles, state.key, state.rules)
            self.ledger.append((state.turns, state.to_move, len(self.drawn), score, bonus, play))
        return action

    def step(self):
        super().step()
        assert conserved(self)

    def play_turn(self):
        seat, turn = self.to_move, self.turns
        size, bag = len(self.hands[seat]), self.bag_left
        super().play_turn()
        assert conserved(self)
        plays = [entry for entry in self.ledger if entry[0] == turn]
        assert all(entry[1] == seat for entry in plays)
        # rule 19: a second play only after a play that made a line of six (bonus on)
        for before, _ in zip(plays, plays[1:]):
            assert self.rules.bonus and before[4]
        # rule 19: no drawing before the turn's last play
        assert len({entry[2] for entry in plays}) <= 1
        if plays:   # rule 18: refill to a full hand while the bag lasts
            kept = size - sum(len(entry[5].tiles) for entry in plays)
            want = kept + min(max(self.rules.hand - kept, 0), bag)
            assert len(self.hands[seat]) == want
            if self.rules.bonus and plays[-1][4] and kept:
                # a turn ending on a bonus: the hand left (before the refill) had no play
                refill = self.drawn[plays[-1][2]:]
                left = [kind(t) for t in self.hands[seat] if t not in refill]
                assert not legal_plays(self.board, left, self.key, self.rules)
        return self.state


def check_reference_game(game):
    """The score identity, the penalty and the win of a finished Ledger game."""
    rules = game.rules
    assert game.over
    for _, _, _, score, bonus, play in game.ledger:
        assert (play.score, play.bonus) == (score, bonus), play
    for seat in range(rules.players):
        earned = sum(e[3] for e in game.ledger if e[1] == seat)
        penalty = hand_value(game.hands[seat]) if rules.penalty else 0
        assert game.penalties[seat] == penalty
        assert game.scores()[seat] == earned - penalty, (seat, earned, penalty)
        assert game.placed[seat] == sum(len(e[5].tiles) for e in game.ledger if e[1] == seat)
    row = game.row()
    assert row["winner"] == game.winner == expected_winner(game.scores())
    assert row["margin"] == expected_margin(game.scores())


REFERENCE_GAMES = [
    # rules, players, game keys: short games (the reference is slow) that between them end
    # with tiles in hand, make bonus plays, play again, lay a "6" as 9 and score single tiles
    ({"hand": 3, "players": 3, "key": "7"}, ("random", "greedy", "lookahead"), (5, 31)),
    ({"hand": 3, "players": 4, "key": "challenge", "single_tile": "larger"},
     ("random", "greedy", "random", "greedy"), (0,)),
    ({"hand": 2, "players": 5, "key": "5"}, ("greedy", "random", "lookahead", "random",
                                             "greedy"), (8,)),
    ({"hand": 3, "key": "5", "bonus": False, "penalty": False}, ("random", "greedy"), (7,)),
]


@pytest.fixture(scope="module")
def reference_games():
    games = []
    for values, players, keys in REFERENCE_GAMES:
        rules = SumokuRules(**values)
        for key in keys:
            policies = [make_policy(p, rules) for p in players]
            ledger = Ledger(rules, policies, key)
            ledger.run()
            games.append(ledger)
    return games


def test_reference_scores_are_the_plays_minus_the_hand(reference_games):
    for game in reference_games:
        check_reference_game(game)


def test_the_reference_sample_meets_every_rule(reference_games):
    # the games above hold what the identity must be tested on
    plays = [e[5] for g in reference_games for e in g.ledger]
    assert any(g.penalties[s] > 0 and g.rules.penalty for g in reference_games
               for s in range(g.rules.players))
    assert any(number(t) == 6 for g in reference_games if g.rules.penalty
               for hand in g.hands for t in hand)                             # a 6 left
    assert any(e[4] for g in reference_games for e in g.ledger)                 # bonus plays
    assert any(i and g.ledger[i - 1][0] == e[0] for g in reference_games
               for i, e in enumerate(g.ledger))                                  # played again
    assert any(v == NINE for p in plays for _, _, _, v in p.tiles)               # a 6 as 9
    assert any(len(p.tiles) == 1 and p.score > 0 for p in plays)


# -- the kernel ---------------------------------------------------------------------------


class FollowTrace:
    """Plays the kernel's recorded choices (the decisions with two or more plays)."""

    name = "trace"

    def __init__(self, decisions):
        self.decisions = decisions

    def choose(self, game, choices):
        want_seat, count, index = self.decisions.pop(0)
        assert (want_seat, count) == (game.current_player(), len(game.plays()))
        return index


KERNEL_REPLAYS = [
    # short games that end with tiles in hand (the replay runs the slow move generator)
    ({"hand": 3, "players": 3, "key": "7"}, ("lookahead", "random", "greedy"), 22),
    ({"hand": 5, "key": "6"}, ("random", "greedy"), 15),
    ({"hand": 2, "players": 4, "key": "5"}, ("greedy", "lookahead", "random", "random"), 10),
]


@pytest.mark.parametrize("values, players, key", KERNEL_REPLAYS,
                         ids=[f"{len(p)}players-key{k}" for _, p, k in KERNEL_REPLAYS])
def test_kernel_scores_are_its_plays_minus_its_hand(values, players, key):
    rules = SumokuRules(**values)
    decisions, final = kernel_game(rules, list(players), key)
    decisions = [tuple(int(x) for x in d) for d in decisions]
    chosen = [d for d in decisions if d[1] >= 2]
    follow = FollowTrace(chosen)
    trace = []
    replay = Ledger(rules, [follow] * rules.players, key)
    replay.state.trace = trace
    replay.run()
    assert [tuple(d) for d in trace] == decisions and not follow.decisions
    assert replay.board.cells == final["board"] and replay.hands == final["hands"]
    row = play_chunk(rules, list(players), np.array([key], dtype=np.uint64))
    for seat in range(rules.players):
        earned = sum(e[3] for e in replay.ledger if e[1] == seat)
        penalty = hand_value(final["hands"][seat])
        assert final["scores"][seat] == earned - penalty, (seat, earned, penalty)
        assert row["seat_penalty"][0, seat] == penalty
        assert row["seat_score"][0, seat] == final["scores"][seat]
    assert row["winner"][0] == expected_winner(final["scores"])
    assert any(final["hands"])  # the game ended with a penalty to take


KERNEL_BATCHES = [
    ({"hand": 3, "players": 3, "key": "7"}, ("random", "greedy", "lookahead"), 30),
    ({"hand": 5, "key": "6"}, ("greedy", "random"), 20),
    ({"hand": 3, "players": 4, "key": "challenge", "single_tile": "larger"},
     ("random", "greedy", "lookahead", "greedy"), 25),
    ({"hand": 2, "players": 5, "key": "10"}, ("random", "greedy", "lookahead", "greedy",
                                              "random"), 200),
    ({"hand": 3, "players": 2, "key": "7", "six_value": "per_line", "stuck": "draw"},
     ("lookahead", "random"), 12),
]


@pytest.mark.parametrize("values, players, count", KERNEL_BATCHES,
                         ids=[",".join(f"{k}={x}" for k, x in v.items())
                              for v, _, _ in KERNEL_BATCHES])
def test_kernel_penalty_comes_off_the_score(values, players, count):
    rules = SumokuRules(**values)
    keys = np.random.PCG64(len(players) * 1000 + count).random_raw(count)
    with_penalty = play_chunk(rules, list(players), keys)
    without = play_chunk(rules.replace(penalty=False), list(players), keys)
    assert not without["seat_penalty"].any()
    # the same games: only the end differs
    for column in ("turns", "decision_turns", "bonus_turns", "passes", "tiles_left"):
        assert np.array_equal(with_penalty[column], without[column]), column
    assert np.array_equal(with_penalty["seat_score"],
                          without["seat_score"] - with_penalty["seat_penalty"])
    assert (with_penalty["seat_penalty"] > 0).any()
    # the penalty is the hand left (kernel_game's final hands), for the first few games
    for i, key in enumerate(keys[:3]):
        _, final = kernel_game(rules, list(players), int(key))
        assert final["scores"] == with_penalty["seat_score"][i].tolist()
        assert with_penalty["seat_penalty"][i].tolist() == [hand_value(h) for h in final["hands"]]
    for result in (with_penalty, without):
        for i in range(count):
            scores = result["seat_score"][i].tolist()
            assert result["winner"][i] == expected_winner(scores)
            assert result["margin"][i] == expected_margin(scores)
        # tiles conserved: what the seats placed left the bag and hands
        assert np.array_equal(result["tiles_left"], NTILES - result["seat_tiles"].sum(axis=1))
        assert (result["bag_left"] <= result["tiles_left"]).all()


def test_kernel_games_keep_every_tile():
    # the kernel's final bag, hands and board, against the bag's drawing order (rule 24)
    rules = SumokuRules(hand=3, players=3, key="7")
    for key in range(4):
        _, final = kernel_game(rules, ["random", "greedy", "lookahead"], key)
        bag = shuffled_bag(game_streams(key)[0])
        in_hands = [t for hand in final["hands"] for t in hand]
        assert set(in_hands) <= set(bag[:final["drawn"]]) and len(set(in_hands)) == len(in_hands)
        where = Counter(kind(t) for t in bag[final["drawn"]:] + in_hands)
        where.update(k for k, _ in final["board"].values())
        assert where == Counter({k: 2 for k in range(NKINDS)})


def test_kernel_ties_are_draws():
    # rule 23 on games that end level: a shared first place is a draw, whoever has it
    rules = SumokuRules(hand=2, players=5, key="10")
    players = ["random", "greedy", "lookahead", "greedy", "random"]
    keys = np.random.PCG64(23).random_raw(200)
    result = play_chunk(rules, players, keys)
    level = [i for i in range(len(keys)) if list(result["seat_score"][i]).count(
        max(result["seat_score"][i])) > 1]
    assert len(level) >= 5
    assert all(result["winner"][i] == DRAW and result["margin"][i] == 0 for i in level)
