"""The kernel's best-first search (``best_first`` in cext/sumoku/bounds.pxi: the greedy
player's move and a lookahead's reply scores, where the players bound their move
generation) against its exhaustive enumeration, on many positions: random positions of
random games under several rules, at each the play the bounded greedy and lookahead
players make against the play they make when they list every play in canonical order
(``exact_actions``: the reference players' first best), compared by the state it leaves."""
import numpy as np
import pytest

from numbergames.cext.sumoku.play import KernelState
from numbergames.solver.sumoku.kernel import config
from numbergames.solver.sumoku.rules import SumokuRules

VARIANTS = [
    {},
    {"players": 3},
    {"players": 5, "key": "challenge"},
    {"hand": 5, "six_value": "per_line", "key": "3"},
    {"single_tile": "larger", "bonus": False, "key": "challenge"},
    {"players": 4, "hand": 12, "stuck": "draw", "six_is_nine": False},
]


def walk(rules, player, key, rng):
    """Random positions of one random game (every decision node), each decided by
    ``player`` bounded and exhaustive: the pairs of states the two decisions leave."""
    exact = KernelState(config(rules, [player] * rules.players, exact_actions=True), key)
    bounded = KernelState(config(rules, [player] * rules.players, exact_actions=False), key)
    while not exact.is_terminal():
        assert exact.view() == bounded.view()
        if exact.is_chance_node():
            outcome = exact.draw_chance()
            assert bounded.draw_chance() == outcome
            exact.apply_action(outcome)
            bounded.apply_action(outcome)
            continue
        actions = exact.legal_actions()
        if len(actions) > 1:
            one, two = exact.clone(), bounded.clone()
            one.apply_action(one.decide())
            # the bounded pick's id is good for the apply_action that follows it (decide
            # keeps its play); it is below the number of plays, so a legal id
            two.apply_action(two.decide())
            yield one.view(), two.view()
        action = actions[int(rng.integers(len(actions)))]
        exact.apply_action(action)
        bounded.apply_action(action)


@pytest.mark.parametrize("player", ["greedy", "lookahead"])
@pytest.mark.parametrize("variant", VARIANTS,
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "default")
def test_best_first_plays_as_exhaustive(variant, player):
    rules = SumokuRules(**variant)
    rng = np.random.default_rng(len(variant) * 7 + len(player))
    positions = 0
    for key in np.random.PCG64(11 + len(variant)).random_raw(3 if player == "greedy" else 1):
        for exhaustive, bounded in walk(rules, player, int(key), rng):
            assert bounded == exhaustive, f"key {int(key)}, position {positions}"
            positions += 1
    assert positions > 20
