"""greedy's fast valuation in the kernel (``greedy_values`` in cext/shoo/play.pyx: each
action valued once, a shoo as its plain move plus a bonus, the horses' moves from one
figure a position) against the slow way (each move made and evaluated), and the slow way
against the reference's GreedyPolicy.values, on many positions of random games and random
placements under several variants."""
import pytest

from numbergames.solver.dice import Stream
from numbergames.solver.shoo import kernel
from numbergames.solver.shoo.board import NEIGHBOUR_SETS
from numbergames.solver.shoo.moves import Kind, legal_moves, make_move
from numbergames.solver.shoo.policies import GreedyPolicy
from numbergames.solver.shoo.position import RIDER, owner, start
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_placement
from numbergames.solver.shoo.state import ShooState

VARIANTS = [{}, {"hush": "lose_move"}, {"hush": "shoo_off"}, {"hush": "off"},
            {"leave_home": True, "horses": 7}, {"odd_horse": "field", "escape_by_horse": False},
            {"call_next_to": True, "hold_move": False, "corners": "same_side"},
            {"opening": "extra_horse", "max_plies": 30}]
HORSE_KINDS = (Kind.CALL, Kind.LEAD, Kind.HOLD, Kind.RETIRE)


def game_positions(rules, stream, games, plies):
    """Every position of a few random games, to their end or the move limit."""
    out = []
    for _ in range(games):
        position = start(rules)
        while position.winner() is None and position.ply < min(plies, rules.max_plies):
            out.append(position)
            moves = legal_moves(position)
            position = make_move(position, moves[stream.choose(len(moves))])
    return out


def home_riders_touched(position, moves):
    """The horse moves whose squares touch a rider in its own home area."""
    riders = 0
    for s, piece in enumerate(position.board):
        if piece >= RIDER and position.homes[owner(piece)] >> s & 1:
            riders |= 1 << s
    return sum(1 for m in moves if m.kind in HORSE_KINDS and not m.hush
               and any(sq >= 0 and NEIGHBOUR_SETS[sq] & riders for sq in (m.frm, m.to)))


@pytest.mark.parametrize("values", VARIANTS)
def test_fast_greedy_values_equal_the_slow_way(values):
    rules = ShooRules(**values)
    stream = Stream(11 + len(str(values)))
    positions = game_positions(rules, stream, 1, 120)  # a game's positions (reference moves:
    positions += [random_placement(rules, stream) for _ in range(200)]  # 7 ms each)
    batch = kernel.Positions(rules, positions)
    horse_shoos = shoos = touched = settled = 0
    for i, position in enumerate(positions):
        fast, slow = batch.greedy_values(i, True), batch.greedy_values(i, False)
        assert fast == slow, i
        settled += position.ply + 1 >= rules.max_plies
        if shoos > 1000 and horse_shoos > 250 and touched > 50:
            continue  # the reference's moves (most of the time) only until the sample is rich
        moves = legal_moves(position)
        assert len(fast) == len(moves)
        shoos += sum(1 for m in moves if m.shoo >= 0)
        horse_shoos += sum(1 for m in moves if m.shoo >= 0 and m.kind in HORSE_KINDS)
        touched += home_riders_touched(position, moves)
    # the sample meets every path of the fast valuation
    assert shoos > 1000 and horse_shoos > 250 and touched > 50
    if rules.max_plies <= 120:
        assert settled > 0


@pytest.mark.parametrize("values", VARIANTS[:4])
def test_the_slow_way_is_the_references(values):
    rules = ShooRules(**values)
    stream = Stream(5 + len(str(values)))
    positions = [random_placement(rules, stream) for _ in range(25)]
    batch = kernel.Positions(rules, positions)
    greedy = GreedyPolicy()
    for i, position in enumerate(positions):
        assert batch.greedy_values(i, False) == greedy.values(position, legal_moves(position))


GAME_VARIANTS = [{}, {"hush": "lose_move"}, {"hush": "shoo_off"}, {"hush": "off"},
                 {"leave_home": True, "horses": 7}, {"odd_horse": "field", "escape_by_horse": False}]


def kernel_game_positions(rules, keys):
    """Every position of the kernel's games of greedy against random (either way round),
    as the reference engine's positions: greedy's kind of game, with its captures, shoos
    and (under the hushing rules) moves to hush."""
    out = []
    for i, key in enumerate(keys):
        policies = ("greedy", "random") if i % 2 == 0 else ("random", "greedy")
        state, reference = kernel.kernel_state(rules, policies, key), ShooState(rules)
        while not state.is_terminal():
            out.append(reference.position)
            action = state.decide()
            state.apply_action(action)
            reference.apply_action(action)
    return out


@pytest.mark.parametrize("values", GAME_VARIANTS)
def test_fast_greedy_values_on_the_positions_of_games(values):
    """The fast valuation is the slow one at every position of games with a greedy player;
    under a hushing rule a position to hush has the hushed position's moves beside its own
    (the fast valuation must read the shoos of each position, not those of the last made)."""
    rules = ShooRules(**values)
    positions = kernel_game_positions(rules, [7 + len(str(values)), 0x9E3779B97F4A7C15])
    batch = kernel.Positions(rules, positions)
    captures = hushes = 0
    for i, position in enumerate(positions):
        assert batch.greedy_values(i, True) == batch.greedy_values(i, False), i
        if captures <= 100:   # the reference's moves (slow) only until the games have shown enough
            moves = legal_moves(position)
            captures += sum(1 for m in moves if m.kind == Kind.CAPTURE and not m.hush)
        hushes += position.hush is not None
    assert captures > 100
    if rules.hush in ("lose_move", "shoo_off"):
        assert hushes > 3
