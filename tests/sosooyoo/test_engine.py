"""The reference engine: the rulebook's rules one by one, and properties of whole games."""
import pytest
from hypothesis import given, settings, strategies as st

from numbergames.solver.dice import Stream
from numbergames.solver.sosooyoo import reference_row
from numbergames.solver.sosooyoo.engine import (END_DISCARD, END_NOTHING, END_SWAP, Chance, Decision, Game,
                                    is_win, win_kind)
from numbergames.solver.sosooyoo.policies import POLICY_NAMES, make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import play_game
from tests.strategies import rules_values


class Scripted:
    """A player that takes the first option (or the one a test names) and records."""

    name = "scripted"

    def __init__(self, picks=None):
        self.asked, self.picks = [], dict(picks or {})

    def pick(self, node):
        self.asked.append((node.kind, node.chooser, node.subject, list(node.options)))
        want = self.picks.get(node.kind)
        return want if want in node.options else node.options[0]


def bare_game(rules=None, seats=None, policy=None):
    """A game with pieces on chosen spaces and no rings on the board."""
    rules = rules or SoSooYooRules(players=2)
    game = Game(rules)
    game.pos = list(seats or range(10, 10 + rules.players))
    game.dice, game.policy = Stream(1), policy or Scripted()
    return game, game.policy


def run(game, step):
    """Drive one step of the engine (a generator of nodes) to its end: the dice as the
    rulebook rolls them (a placement: the d20's tens, then the d10's units; the d6; a
    say-the-numbers slip, one word) from ``game.dice``, every decision of two or more
    options by ``game.policy``, one option taken as it is."""
    value = None
    while True:
        try:
            node = step.send(value)
        except StopIteration as stop:
            return stop.value
        if node.kind == Chance.PLACEMENT:
            value = 10 * game.dice.below(20) + game.dice.below(10)
        elif node.kind == Chance.MOVES:
            value = game.dice.below(6) + 1
        elif node.kind == Chance.SAY:
            value = int((game.dice.word() >> 11) < game.say_threshold)
        else:
            value = game.policy.pick(node) if len(node.options) > 1 else node.options[0]


def test_wins_are_exactly_six():
    assert is_win([6, 0, 0, 0, 0, 0]) and is_win([0, 0, 0, 0, 0, 6]) and is_win([1] * 6)
    assert not is_win([6, 1, 0, 0, 0, 0]) and not is_win([2, 1, 1, 1, 1, 0])
    assert win_kind([1] * 6) == 2 and win_kind([0, 6, 0, 0, 0, 0]) == 1


def test_exact_count_leaves_the_winning_ring_unless_last():
    game, _ = bare_game()
    game.mover = 0
    game.held[0] = [5, 0, 0, 0, 0, 0]
    game.ring_space[0], game.boneyard[0] = 30, 4
    run(game, game.land(0, 30, last=False))
    assert game.held[0][0] == 5 and game.ring_space[0] == 30
    run(game, game.land(0, 30, last=True))
    assert game.held[0][0] == 6 and game.ring_space[0] != 30


def test_exact_count_counts_a_discard_or_a_swap():
    game, _ = bare_game()
    game.held[0] = [5, 0, 1, 0, 0, 0]          # one red more, then discard the yellow
    assert game.completes_win(0, 0)
    game.held[0] = [4, 1, 0, 0, 0, 0]          # one red more, then swap orange for red
    game.held[1] = [1, 0, 0, 0, 0, 0]
    assert game.completes_win(0, 0)
    game.held[1] = [0, 0, 0, 0, 0, 0]          # nobody to swap with
    assert not game.completes_win(0, 0)
    assert not bare_game(SoSooYooRules(players=2, exact_count=True, swaps=False))[0].completes_win(0, 0)


def test_a_bump_takes_one_ring_and_never_a_second_in_a_turn():
    game, policy = bare_game(SoSooYooRules(players=2, random_bumps=False), seats=[20, 30])
    game.start_turn()
    game.held[1] = [2, 1, 0, 0, 0, 0]
    run(game, game.land(0, 30, last=False))
    assert sum(game.held[1]) == 2 and game.pos[1] != 30 and game.pos[1] in game.table[30]
    assert game.bumps == [1, 0] and sum(game.boneyard) == 6 * 10 - 6 + 1
    space = game.pos[1]
    run(game, game.land(0, space, last=False))  # following: bumped again, no ring off
    assert sum(game.held[1]) == 2 and game.bumps == [1 + 1, 0]


def test_a_chain_bumps_the_third_piece_too():
    rules = SoSooYooRules(players=3, random_bumps=False)
    game, policy = bare_game(rules, seats=[20, 30, 31], policy=Scripted({Decision.BUMP_TO: 31}))
    game.start_turn()
    game.held[2] = [0, 0, 1, 0, 0, 0]
    run(game, game.land(0, 30, last=False))
    assert game.pos[1] == 31 and game.pos[2] not in (20, 31) and game.held[2] == [0] * 6
    assert game.bumps == [2, 0, 0]


def test_an_eleventh_ring_is_discarded_or_refused():
    game, policy = bare_game()
    game.held[1] = [10, 0, 0, 0, 0, 0]
    game.boneyard[0] = 0
    game.mover = 0
    run(game, game.receive(1, 3))  # not seat 1's turn: to the bone yard
    assert game.held[1][3] == 0 and game.boneyard[3] == 11
    game.mover = 1
    run(game, game.receive(1, 3))  # its own turn: it discards one
    assert sum(game.held[1]) == 10 and policy.asked[-1][0] == Decision.DISCARD


def test_swap_exchanges_your_colour_for_theirs():
    game, _ = bare_game()
    game.held[0], game.held[1] = [0, 2, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]
    assert game.end_options(0) == [END_NOTHING, END_SWAP + 1, END_DISCARD + 1]
    game.mover = 0
    run(game, game.apply_end(0, END_SWAP + 1))
    assert game.held[0] == [1, 1, 0, 0, 0, 0] and game.held[1] == [0, 1, 0, 0, 0, 0]
    assert game.swaps == [1, 0]
    assert SoSooYooRules(swaps=False) and bare_game(SoSooYooRules(players=2, swaps=False))[0].end_options(0) == [0]


def test_no_roll_win_discards_without_rolling():
    game, _ = bare_game()
    game.held[0] = [6, 0, 1, 0, 0, 0]
    run(game, game.replenish())
    before = game.dice.state
    run(game, game.play_turn())
    assert game.winner == 0 and game.dice.state == before and game.held[0] == [6, 0, 0, 0, 0, 0]
    assert game.win_kind == 1 and game.decided_by == 0


def test_a_win_waits_for_the_winners_own_turn():
    game, _ = bare_game(SoSooYooRules(players=2, no_roll_win=False))
    game.held[1] = [0, 6, 0, 0, 0, 0]          # seat 1 holds a win, seat 0 moves
    run(game, game.replenish())
    run(game, game.play_turn())
    assert game.winner in (-1, 0)
    if game.winner == -1:
        run(game, game.play_turn())
        assert game.winner == 1 or not is_win(game.held[1])


def test_say_error_one_ends_every_turn_after_one_move():
    rules = SoSooYooRules(players=2, say_error=1.0, max_turns=20)
    game = play_game(rules, [make_policy("adaptive", rules)] * 2, 5).game
    assert game.turns - 1 <= sum(game.landings) <= game.turns   # one landing a turn


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_players_make_only_legal_choices_and_rings_are_conserved(name):
    rules = SoSooYooRules(board_size=40, players=3, max_turns=300)
    inner = make_policy(name, rules)

    class Checked:
        def choose(self, state, choices):
            game, node = state.game, state.node
            seat, decision, options = node.chooser, node.kind, list(node.options)
            assert state.current_player() == seat and len(options) >= 2
            game.check_rings(rules.ring_limit + (decision == Decision.DISCARD))
            if decision == Decision.MOVE:
                assert options == list(game.table[game.pos[seat]]) and seat == game.mover
            action = inner.choose(state, choices)
            assert action in state.legal_actions()
            return action

    for key in range(15):
        game = play_game(rules, [Checked()] * 3, key, check=True).game
        assert game.winner == -1 or is_win(game.held[game.winner])


VARIANT = rules_values(
    SoSooYooRules, keep=("max_turns",), board_size=st.integers(12, 60),
    say_error=st.sampled_from([0.0, 0.2]), ring_limit=st.integers(6, 12),
    rings_per_colour=st.integers(1, 12))


@settings(max_examples=40, deadline=None)
@given(values=VARIANT, key=st.integers(0, 2**64 - 1), name=st.sampled_from(POLICY_NAMES))
def test_any_rules_keep_the_invariants(values, key, name):
    rules = SoSooYooRules(max_turns=60, **values)
    trace = []
    game = play_game(rules, [make_policy(name, rules)] * rules.players, key, trace=trace,
                     check=True).game
    won = game.winner
    assert won == -1 or (is_win(game.held[won]) and game.win_kind in (1, 2))
    assert won >= 0 or game.turns == rules.max_turns
    row = reference_row(rules, [name] * rules.players, key)
    assert row["winner"] == won and row["turns"] == game.turns
    assert row["decision_turns"] <= row["turns"] and row["distinct_spaces"] <= rules.board_size


def test_a_colour_that_ran_out_returns_at_once():
    game, _ = bare_game(SoSooYooRules(players=2, rings_per_colour=1))
    run(game, game.replenish())
    assert game.boneyard == [0] * 6 and all(game.ring_space)
    game.mover = 0
    run(game, game.land(0, game.ring_space[0], last=True))  # the only red ring is collected
    assert game.held[0][0] == 1 and game.ring_space[0] == 0
    run(game, game.apply_end(0, END_DISCARD + 0))  # discarded: placed again at once
    assert game.ring_space[0] or game.held[1][0] == 1 or game.held[0][0] == 1
    game.check_rings()
