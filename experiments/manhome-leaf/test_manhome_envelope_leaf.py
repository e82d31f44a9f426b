"""manhome_envelope_leaf.py: at alpha 0 the kernel's search on the mixed table is
``ply-N``, at the envelope's weight ``adapt-N``; bad options give one line."""
from __future__ import annotations

from numbergames.solver.manhome.duel_play import agreement, sample_positions
from numbergames.solver.manhome.policies import policy_table
from numbergames.solver.manhome.race import ENVELOPE_WEIGHT
from numbergames.solver.manhome.rules import ManHomeRules

RULES = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)


def test_alpha_zero_is_ply_and_the_weight_adapt(experiment_script):
    script = experiment_script("manhome_envelope_leaf")
    good, total = script.kept(RULES, 2, [0.0, ENVELOPE_WEIGHT], count=150, seed=2)
    positions = sample_positions(RULES, 150, 2)
    for alpha, name in ((0.0, "ply-2"), (ENVELOPE_WEIGHT, "adapt-2")):
        a = agreement(policy_table("optimal", RULES), name, positions, 2, engine="reference")
        assert (good[alpha], total) == (a.kept, a.positions)


def test_bad_options_give_one_line(experiment_script, capsys):
    main = experiment_script("manhome_envelope_leaf").main
    assert main(["0"]) == 2
    assert main(["5"]) == 2
    assert main(["1", "--alphas", "0,2"]) == 2
    assert main(["1", "--count", "0"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 4
