"""So-Soo-Yoo's compensation rules (RULES.md rules 39, 40): ``start_rings`` (rings of
their own colour the later seats start with) and ``order`` (of the turns), worked out by
hand and checked in both engines. The differential test plays them move for move
(tests/sosooyoo/cases.py)."""
import numpy as np
import pytest

from numbergames.solver.dice import game_streams
from numbergames.solver.params import GRADED, ORDER, RulesError
from numbergames.solver.sosooyoo import kernel
from numbergames.solver.sosooyoo.engine import NOBODY
from numbergames.solver.sosooyoo.policies import make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import SoSooYooState

KEYS = [3, 17, 2024]


def after_set_up(rules: SoSooYooRules, key: int) -> SoSooYooState:
    """The reference game of ``key`` at its first decision or its first moves die."""
    from numbergames.solver.decision import CHANCE

    state = SoSooYooState(rules)
    dice, _ = game_streams(key)
    while state.game.mover == NOBODY:
        assert state.current_player() == CHANCE
        state.apply_action(state.draw_chance(dice))
    return state


def movers(rules: SoSooYooRules, key: int, turns: int) -> list[int]:
    """The seat of each of the first ``turns`` turns of the game of ``key`` (adaptive
    players)."""
    from numbergames.solver.decision import CHANCE

    state = SoSooYooState(rules)
    dice, choices = game_streams(key)
    players = [make_policy("adaptive", rules) for _ in range(rules.players)]
    seen: list[int] = []
    while not state.is_terminal() and len(seen) < turns:
        g = state.game
        if g.mover != NOBODY and g.turns == len(seen):
            seen.append(g.mover)
        seat = state.current_player()
        actions = state.legal_actions()
        if seat == CHANCE:
            action = state.draw_chance(dice)
        else:
            action = actions[0] if len(actions) == 1 else players[seat].choose(state, choices)
        state.apply_action(action)
    return seen


def test_the_levers_are_declared():
    levers = SoSooYooRules.levers()
    assert {n: s.lever for n, s in levers.items()} == {"start_rings": GRADED, "order": ORDER}
    assert SoSooYooRules().start_rings == 0 and SoSooYooRules().order == "fixed"


def test_bad_combinations_are_refused_with_one_line():
    with pytest.raises(RulesError, match="^bad value 'snake' for order with 2 players"):
        SoSooYooRules(players=2, order="snake")
    with pytest.raises(RulesError, match=r"^bad value 3 for start_rings; allowed: .*\(2\)$"):
        SoSooYooRules(start_rings=3, rings_per_colour=2)
    with pytest.raises(RulesError, match="start_rings"):
        SoSooYooRules(start_rings=6)             # six rings would be a win


@pytest.mark.parametrize("players, start_rings, expected", [
    (2, 3, [0, 3]), (3, 2, [0, 1, 2]), (4, 2, [0, 0, 1, 2]), (4, 3, [0, 1, 2, 3]),
    (6, 5, [0, 1, 2, 3, 4, 5])])
def test_start_rings_by_hand(players, start_rings, expected):
    rules = SoSooYooRules(players=players, start_rings=start_rings)
    plain = SoSooYooRules(players=players)
    for key in KEYS:
        state, before = after_set_up(rules, key), after_set_up(plain, key)
        g = state.game
        # own colour only, from the bone yard; the set-up rolls as without them
        assert [g.held[s][s] for s in range(players)] == expected
        assert [sum(h) for h in g.held] == [e + sum(h) for e, h in zip(expected, before.game.held)]
        assert g.pos == before.game.pos and g.ring_space == before.game.ring_space
        g.check_rings()
        view = kernel.kernel_state(rules, ["adaptive"] * players, key)
        while view.view()[8] == NOBODY:           # the kernel's set-up, to the first turn
            view.apply_action(view.draw_chance())
        assert [row[s] for s, row in enumerate(view.view()[4])] == expected


def test_all_rings_of_a_colour_held_leave_it_off_the_board():
    rules = SoSooYooRules(players=3, start_rings=2, rings_per_colour=2)
    state = after_set_up(rules, 5)
    assert state.game.held[2][2] == 2 and state.game.boneyard[2] == 0
    assert state.game.ring_space[2] == 0
    state.game.check_invariants()


@pytest.mark.parametrize("order, expected", [
    ("fixed", [0, 1, 2, 0, 1, 2, 0, 1, 2]),
    ("rotate", [0, 1, 2, 1, 2, 0, 2, 0, 1]),
    ("snake", [0, 1, 2, 2, 1, 0, 0, 1, 2]),
])
def test_the_order_of_turns_with_three_seats(order, expected):
    rules = SoSooYooRules(players=3, order=order, board_size=40)
    for key in KEYS[:2]:
        seen = movers(rules, key, len(expected))
        assert seen == expected[:len(seen)] and len(seen) >= 6
    rows = kernel.play_chunk(rules, ["adaptive"] * 3, np.array(KEYS, dtype=np.uint64))
    assert rows["turns"].min() > 0


def test_levers_at_their_defaults_are_the_rules_without_them():
    rules = SoSooYooRules(players=3, start_rings=0, order="fixed", board_size=40)
    assert rules == SoSooYooRules(players=3, board_size=40)
    keys = np.random.PCG64(5).random_raw(20)
    a = kernel.play_chunk(rules, ["adaptive", "popsicle", "rainbow"], keys)
    b = kernel.play_chunk(SoSooYooRules(players=3, board_size=40),
                          ["adaptive", "popsicle", "rainbow"], keys)
    assert all(np.array_equal(a[k], b[k]) for k in a)
