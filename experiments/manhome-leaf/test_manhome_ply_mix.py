"""manhome_ply_mix.py: the mix of weight 1 is the first depth's player and of
weight 0 the second's (their kept counts as :func:`numbergames.solver.manhome.duel_play.agreement`
finds them), and a mix searched again takes the action the reference player takes."""
from __future__ import annotations

from numbergames.solver.manhome.duel_play import agreement, sample_positions
from numbergames.solver.manhome.policies import PlyPolicy, policy_table
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import Phase
from numbergames.solver.dice import Stream

RULES = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)


def test_the_end_weights_are_the_two_players(experiment_script):
    mixes = experiment_script("manhome_ply_mix").mixes
    decisive, kept, differ, mixed = mixes(RULES, (1, 2), [0.0, 0.5, 1.0], count=150, seed=2)
    solution, positions = policy_table("optimal", RULES), sample_positions(RULES, 150, 2)
    for name in ("ply-1", "ply-2"):
        a = agreement(solution, name, positions, 2)
        assert a.positions == decisive and a.kept == kept[name]
    assert differ > 0
    assert mixed[1.0] == kept["ply-1"] and mixed[0.0] == kept["ply-2"]


def test_a_pick_is_the_reference_players_choice(experiment_script):
    script = experiment_script("manhome_ply_mix")
    positions = sample_positions(RULES, 40, 5)
    player = PlyPolicy(2, RULES)
    for p in positions:
        values = script.depth_values(player.race, p.state, 2)
        index = script.pick(values, p.state.phase == Phase.OPTION)
        assert p.state.legal_actions()[index] == player.choose(p.state.clone(), Stream(1))


def test_the_exposure_leaf_at_zero_is_the_ply_players_and_moves_it_otherwise(experiment_script):
    script = experiment_script("manhome_exposure_leaf")
    solution = policy_table("optimal", RULES)
    for depth in (1, 2):
        good, decisive = script.kept(RULES, depth, 0.0, 0.0, count=150, seed=2)
        a = agreement(solution, f"ply-{depth}", sample_positions(RULES, 150, 2), 2)
        assert (good, decisive) == (a.kept, a.positions)
    race = script.ExposedRace(PlyPolicy(1, RULES).race, 1.0, 1.0)
    # from 10: 9 (subtract one), 8 and 5 (subtract 2 or 5), 5 and 2 (divide by 2 or 5)
    assert race.reach(5, [10]) == 2 / 3 and race.reach(9, [10]) == 1 / 3
    assert race.reach(7, [10]) == 0.0 and race.reach(7, [10, 8]) == 1 / 3
