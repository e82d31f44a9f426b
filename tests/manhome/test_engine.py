"""The reference engine (:class:`ManHomeState`), rule by rule, with scripted dice; and
conservation laws."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from numbergames.solver.dice import Stream, game_streams
from numbergames.solver.decision import play
from numbergames.solver.manhome.policies import GreedyPolicy, make_policy
from numbergames.solver.manhome.rules import ManHomeRules, TIES
from numbergames.solver.manhome.state import EMPTY, NEW_MAN, Kind, ManHomeState, Outcome, Phase
from tests.manhome.scripted import Always, play_turn


class Scripted(Stream):
    """A stream that returns scripted die faces (1-based) and choices (0-based)."""

    def __init__(self, *values):
        super().__init__(0)
        self.values = list(values)

    def below(self, n):
        value = self.values.pop(0)
        return value - 1 if n in (6, 12) else value


def game_with(men, rules=ManHomeRules(), to_move=0):
    """A game with men already on the board: {seat: [squares]}."""
    return ManHomeState.setup(rules, men, to_move=to_move)


def test_first_turn_is_a_new_man_without_a_choice():
    game = ManHomeState(ManHomeRules())
    step = play_turn(game, Always(new_man=False), Scripted(3, 4), Scripted())
    # d12 = 3, d6 = 4: square 6*3 + 4 = 22
    assert step == (0, Kind.NEW_MAN, -1, 22, Outcome.STAND)
    assert game.board[22] == 0 and game.reserve[0] == 5 and game.decision_turns == 0
    assert game.to_move == 1


def test_empty_reserve_forces_an_action():
    game = game_with({0: [10, 20, 30, 40, 50, 60]})
    step = play_turn(game, Always(new_man=True), Scripted(1), Scripted())
    assert step.kind == Kind.SUB_ONE and step.source == 10 and step.target == 9


def test_death_returns_the_man_to_the_reserve():
    game = game_with({0: [7]})
    # roll 2: subtract a prime; 7's only prime is 7: death, and no choice was possible
    step = play_turn(game, Always(), Scripted(2), Scripted())
    assert step.outcome == Outcome.DEATH and game.reserve[0] == 6 and game.deaths[0] == 1
    assert game.board[7] == EMPTY and game.decision_turns == 1  # (new man or action)


def test_home_gives_another_turn_and_three_home_wins():
    game = ManHomeState.setup(ManHomeRules(), {0: [7, 9]}, home={0: 2})
    step = play_turn(game, Always(move=0), Scripted(3), Scripted())   # 7 / 7 = 1
    assert step.outcome == Outcome.HOME and game.winner == 0 and game.over


def test_extra_turn_after_home_unless_switched_off():
    for extra, after in ((True, 0), (False, 1)):
        game = game_with({0: [2]}, ManHomeRules(extra_turn=extra))
        play_turn(game, Always(), Scripted(1), Scripted())   # 2 - 1 = 1: home
        assert game.home[0] == 1 and game.to_move == after


def test_own_man_collision_sends_one_back():
    game = game_with({0: [12, 6]})
    step = play_turn(game, Always(move=1), Scripted(3), Scripted())  # moves: 6/2, 6/3, 12/2, 12/3
    assert step.source == 6 and step.target == 2 and step.outcome == Outcome.STAND
    game2 = game_with({0: [12, 6]})
    step = play_turn(game2, Always(move=2), Scripted(3), Scripted())  # 12 / 2 = 6: own man
    assert step.outcome == Outcome.MERGE
    assert game2.men[0] == [6] and game2.reserve[0] == 5 and game2.board[12] == EMPTY


def faceoff(tie, *dice):
    game = game_with({0: [10], 1: [9]}, ManHomeRules(tie=tie))
    step = play_turn(game, Always(), Scripted(1, *dice), Scripted())   # 10 - 1 = 9: face-off
    return game, step


def test_faceoff_attacker_higher_kills_and_plays_again():
    game, step = faceoff("defender", 5, 2)
    assert step.outcome == Outcome.KILL and game.board[9] == 0 and game.reserve[1] == 6
    assert game.kills[0] == 1 and game.killed[1] == 1 and game.to_move == 0


def test_faceoff_defender_higher_kills_the_attacker():
    game, step = faceoff("attacker", 2, 5)
    assert step.outcome == Outcome.KILLED and game.board[9] == 1 and game.board[10] == EMPTY
    assert game.reserve[0] == 6 and game.killed[0] == 1 and game.to_move == 1


def test_faceoff_ties():
    assert faceoff("defender", 4, 4)[1].outcome == Outcome.KILLED
    assert faceoff("attacker", 4, 4)[1].outcome == Outcome.KILL
    game, step = faceoff("reroll", 4, 4, 1, 1, 6, 3)
    assert step.outcome == Outcome.KILL


def test_greedy_prefers_home_then_kill_then_safe():
    game = game_with({0: [2, 10, 15], 1: [9]})
    rank = GreedyPolicy.rank
    assert rank(game, 0, 1) > rank(game, 0, 9) > rank(game, 0, 8) > rank(game, 0, 7)
    assert rank(game, 0, 7) > rank(game, 0, 0) and rank(game, 0, 7) > rank(game, 0, 15)


rules_strategy = st.builds(
    lambda players, men, win, tie, extra, rows: ManHomeRules(
        players=players, men_per_player=men, men_to_win=min(win, men), tie=tie,
        extra_turn=extra, max_turns=400, board_rows=rows),
    st.integers(2, 5), st.integers(1, 8), st.integers(1, 8), st.sampled_from(TIES), st.booleans(),
    st.integers(1, 12))


@settings(max_examples=60, deadline=None)
@given(rules_strategy, st.integers(0, 2**64 - 1), st.lists(st.sampled_from(["random", "greedy"]),
                                                           min_size=5, max_size=5))
def test_conservation_of_men(rules, key, names):
    from numbergames.solver.dice import game_streams

    policies = [make_policy(n) for n in names[:rules.players]]
    dice, choices = game_streams(key)
    game = ManHomeState(rules)
    while not game.over:
        before = game.to_move
        step = play_turn(game, policies[before], dice, choices)
        game.check_invariants()
        assert step.seat == before
        assert step.target < (step.source if step.source >= 0 else 72)
    assert game.turns == sum(game.turns_by_seat) and game.decision_turns <= game.turns
    if game.winner >= 0:
        assert game.home[game.winner] == rules.men_to_win
        assert all(h < rules.men_to_win for s, h in enumerate(game.home) if s != game.winner)
    else:
        assert game.turns == rules.max_turns


def test_random_policy_takes_a_new_man_half_the_time():
    rules = ManHomeRules()
    policy = make_policy("random")
    chosen = []

    class Watch:
        name = "random"

        def choose(self, state, choices):
            action = policy.choose(state, choices)
            if state.phase == Phase.OPTION:
                chosen.append(action == NEW_MAN)
            return action

    for key in np.random.PCG64(11).random_raw(300):
        play(ManHomeState(rules), [Watch(), Watch()], int(key))
    n, k = len(chosen), sum(chosen)
    assert abs(k / n - 0.5) < 4 * (0.25 / n) ** 0.5


@pytest.mark.parametrize("names", [("expert", "solitaire", "greedy"), ("expert", "expert", "random")])
def test_conservation_with_solved_players(names):
    # the players that need solved tables, on small rules (solving is the slow part)
    rules = ManHomeRules(players=3, board_rows=3, men_per_player=5, men_to_win=3, max_turns=2000)
    policies = [make_policy(n, rules) for n in names]
    for key in np.random.PCG64(21).random_raw(40):
        dice, choices = game_streams(int(key))
        game = ManHomeState(rules)
        while not game.over:
            play_turn(game, policies[game.to_move], dice, choices)
            game.check_invariants()
            assert all(len(men) <= 4 for seat, men in enumerate(game.men)
                       if names[seat] in ("expert", "solitaire"))
        assert game.winner >= 0
