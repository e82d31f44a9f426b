"""The main-game reference engine: properties of whole games (tiles conserved, every play
legal, the pattern valid after every turn), the start, the bonus, the end and the
penalty."""
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from numbergames.solver.dice import Stream, game_streams
from numbergames.solver.registry import DRAW
from numbergames.solver.sumoku.state import play_game
from numbergames.solver.sumoku.moves import legal_plays
from numbergames.solver.sumoku.pattern import check_pattern
from numbergames.solver.sumoku.policies import POLICY_NAMES, make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import SumokuState, hand_total, shuffled_bag
from numbergames.solver.sumoku.tiles import NTILES, is_six, kind


def conserved(game):
    """Every kind twice among the bag, the hands and the board (rule 1)."""
    where = Counter(kind(t) for t in game.bag)
    where.update(kind(t) for hand in game.hands for t in hand)
    where.update(k for k, _ in game.board.cells.values())
    return where == Counter({k: 2 for k in range(48)}) and (
        game.bag_left + sum(map(len, game.hands)) + len(game.board) == NTILES)


class Checked:
    """Wraps a player: at every decision checks the game, and that the plays offered are
    exactly the legal ones and the one chosen leaves a valid pattern."""

    def __init__(self, inner, log):
        self.inner, self.log, self.name = inner, log, inner.name

    def choose(self, game, choices):
        seat, plays = game.current_player(), game.plays()
        assert conserved(game) and not game.over and len(plays) >= 2
        assert plays == legal_plays(game.board, game.hand_kinds(seat), game.key, game.rules)
        assert game.legal_actions() == list(range(len(plays)))
        index = self.inner.choose(game, choices)
        play = plays[index]
        cells = {cell: k for cell, (k, _) in game.board.cells.items()}
        pinned = {cell: v for cell, (k, v) in game.board.cells.items() if is_six(k) and v}
        for r, c, k, v in play.tiles:
            cells[(r, c)] = k
            if is_six(k) and v:
                pinned[(r, c)] = v
        six_value = game.rules.six_value
        assert check_pattern(cells, game.key, six_is_nine=game.rules.six_is_nine,
                             six_value=six_value, pinned=pinned).ok
        self.log.append((seat, play.score, play.bonus))
        return index


RULES = st.fixed_dictionaries({
    "players": st.integers(2, 4), "key": st.sampled_from(["die", "challenge", "3", "7", "10"]),
    "hand": st.integers(2, 4), "six_is_nine": st.booleans(),
    "six_value": st.sampled_from(["per_tile", "per_line"]),
    "start": st.sampled_from(["smallest_hand", "seat0"]),
    "start_tie": st.sampled_from(["random", "first"]), "stuck": st.sampled_from(["pass", "draw"]),
    "single_tile": st.sampled_from(["both", "larger"]), "bonus": st.booleans(),
    "out_ends": st.booleans(), "penalty": st.booleans()})


@settings(max_examples=3, deadline=None)  # whole reference games: ~1.7 s each
@given(RULES, st.integers(0, 2**64 - 1), st.sampled_from(POLICY_NAMES))
def test_whole_games_keep_the_rules(values, key, name):
    rules = SumokuRules(**values)
    log = []
    policies = [Checked(make_policy(name, rules), log) for _ in range(rules.players)]
    game = play_game(rules, policies, key)
    assert game.over and conserved(game)
    cells = {cell: k for cell, (k, _) in game.board.cells.items()}
    if cells:
        pinned = {cell: v for cell, (k, v) in game.board.cells.items() if is_six(k) and v}
        assert check_pattern(cells, game.key, six_is_nine=rules.six_is_nine,
                             six_value=rules.six_value, pinned=pinned).ok
    # the end: nobody could play (or out_ends) and the penalty is the hands' value
    if not rules.out_ends:
        assert all(not legal_plays(game.board, game.hand_kinds(s), game.key, rules)
                   for s in range(rules.players))
    assert game.penalties == [hand_total(h) if rules.penalty else 0 for h in game.hands]
    assert sum(game.placed) == len(game.board)
    row = game.row()
    assert row["tiles_left"] == NTILES - len(game.board)
    assert row["decision_turns"] <= row["turns"] and row["bonus_turns"] <= len(log) + row["turns"]
    if not rules.bonus:
        assert row["bonus_turns"] == 0
    scores = game.scores()
    best = max(scores)
    assert row["winner"] == (DRAW if scores.count(best) > 1 else scores.index(best))


def test_seat_0_holds_the_smallest_hand_and_rolls_the_key():
    for seed in range(40):
        rules = SumokuRules(players=4, start_tie="first")
        game, dice = SumokuState(rules), game_streams(seed)[0]
        while game.is_chance_node():
            game.apply_action(game.draw_chance(dice))
        totals = [hand_total(h) for h in game.hands]
        assert totals[0] == min(totals)
        # seats follow the dealing order from the starter; with ties, the first dealt
        bag = shuffled_bag(game_streams(seed)[0])
        dealt = [bag[i * 8:(i + 1) * 8] for i in range(4)]
        assert [sorted(dealt[d]) for d in game.dealt] == game.hands
        first = [hand_total(h) for h in dealt]
        assert game.dealt[0] == first.index(min(first))
        assert game.key in (3, 4, 5)


def test_the_bag_is_shuffled_from_the_dice_stream():
    bag = shuffled_bag(Stream(5))
    assert sorted(bag) == list(range(NTILES)) and bag != list(range(NTILES))
    assert shuffled_bag(Stream(5)) == bag


def test_games_replay_from_their_key():
    rules = SumokuRules(players=3, hand=5)
    policies = [make_policy("random", rules)] * 3
    assert play_game(rules, policies, 77).row() == play_game(rules, policies, 77).row()


@pytest.mark.parametrize("name", ["random", "greedy"])   # lookahead: tests/sumoku/cases.py
def test_standard_games_end_with_scores(name):
    rules = SumokuRules()
    game = play_game(rules, [make_policy(name, rules)] * 2, 2024)
    assert game.over and max(game.scores()) > 0 and game.turns >= 8
