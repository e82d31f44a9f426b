"""Properties of the kernel's games, for any rules: every ring accounted for at every step
(board, pieces, bone yard, the ring being rolled), no piece above its ring limit, every
choice a legal one, and wins only at the end of the winner's own turn.

The kernel's games are checked through the reference engine: the kernel must make the
reference's decisions one for one (its trace), and the reference checks the properties at
every decision and every turn; the kernel's final state is checked directly as well."""
import numpy as np
from hypothesis import given, settings, strategies as st

from numbergames.solver.sosooyoo.kernel import play_chunk
from tests.sosooyoo.kernel_trace import trace_game
from numbergames.solver.sosooyoo.engine import Decision, is_win
from numbergames.solver.sosooyoo.policies import POLICY_NAMES, make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules, seat_of_turn
from numbergames.solver.sosooyoo.state import play_game
from tests.strategies import rules_values

RULES = rules_values(
    SoSooYooRules, keep=("max_turns",), board_size=st.integers(12, 80),
    say_error=st.sampled_from([0.0, 0.1, 0.5]), ring_limit=st.integers(6, 12),
    rings_per_colour=st.integers(1, 12))


class Checked:
    """Wraps a player: checks the game and the options at every decision it is asked."""

    def __init__(self, inner, log):
        self.inner, self.log, self.name = inner, log, inner.name

    def choose(self, state, choices):
        game, node = state.game, state.node
        seat, decision, subject, options = node.chooser, node.kind, node.subject, list(node.options)
        r = game.rules
        game.check_rings(r.ring_limit + (decision == Decision.DISCARD))
        assert game.winner == -1 and len(options) >= 2
        if decision == Decision.MOVE:
            assert seat == subject == game.mover and options == list(game.table[game.pos[seat]])
        elif decision in (Decision.TAKE_RING, Decision.LOSE_RING, Decision.DISCARD):
            assert all(game.held[subject][c] > 0 for c in options)
        elif decision == Decision.END:
            assert options == game.end_options(seat)
        action = self.inner.choose(state, choices)
        assert action in state.legal_actions()
        self.log.append((game.turns, game.mover))
        return action


@settings(max_examples=60, deadline=None)
@given(values=RULES, key=st.integers(0, 2**64 - 1),
       names=st.lists(st.sampled_from(POLICY_NAMES), min_size=6, max_size=6))
def test_kernel_games_keep_every_property(values, key, names):
    rules = SoSooYooRules(max_turns=80, **values)
    names = names[:rules.players]
    log, trace = [], []
    players = [Checked(make_policy(n, rules), log) for n in names]

    game = play_game(rules, players, key, trace=trace, check=True).game
    if game.winner >= 0:
        # the winner was the last to move, and holds a winning six
        assert seat_of_turn(rules.order, rules.players, game.turns - 1) == game.winner
        assert is_win(game.held[game.winner])
    fast, final = trace_game(rules, names, key)
    assert fast.tolist() == [list(step) for step in trace]
    for colour in range(6):
        on_board = int(final["ring_space"][colour] != 0)
        assert (on_board + final["boneyard"][colour]
                + sum(h[colour] for h in final["held"])) == rules.rings_per_colour
    assert all(sum(h) <= rules.ring_limit for h in final["held"])
    assert final["winner"] == game.winner and final["turns"] == game.turns


def test_kernel_results_are_consistent_on_the_real_board():
    rules = SoSooYooRules(players=6)
    part = play_chunk(rules, ["adaptive", "popsicle", "rainbow"] * 2,
                      np.random.PCG64(4).random_raw(3000))
    won = part["winner"] >= 0
    assert won.all()                                  # strategic players finish
    rings = part["seat_rings"]
    assert (rings[np.arange(3000), part["winner"]] == 6).all()
    assert (rings <= rules.ring_limit).all() and (part["win_kind"] > 0).all()
    assert ((part["turns"] - 1) % 6 == part["winner"]).all()   # on the winner's own turn
    assert (part["bumps"] == part["seat_bumps"].sum(axis=1)).all()
    assert (part["swaps"] == part["seat_swaps"].sum(axis=1)).all()
    assert (part["seat_landings"].sum(axis=1) >= part["distinct_spaces"]).all()
    # the teacher's counts: each child's different spaces, and the products among them
    assert (part["seat_facts"] <= part["seat_spaces"]).all()
    assert (part["seat_spaces"] <= part["seat_landings"]).all()
    assert (part["seat_spaces"].max(axis=1) <= part["distinct_spaces"]).all()
    assert (part["distinct_spaces"] <= part["seat_spaces"].sum(axis=1)).all()
    assert set(np.unique(part["decided_by"])) <= {0, 1, 2, 3}
