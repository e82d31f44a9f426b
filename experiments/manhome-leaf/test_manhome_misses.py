"""manhome_misses.py counts exactly the positions that
:func:`numbergames.solver.manhome.duel_play.agreement` finds lost, each once by kind."""
from __future__ import annotations

from numbergames.solver.manhome.duel_play import agreement, sample_positions
from numbergames.solver.manhome.policies import policy_table
from numbergames.solver.manhome.rules import ManHomeRules


def test_the_misses_are_the_positions_agreement_finds_lost(experiment_script):
    misses = experiment_script("manhome_misses").misses
    rules = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
    counts = misses(rules, "greedy", count=200, seed=3)
    a = agreement(policy_table("optimal", rules), "greedy",
                  sample_positions(rules, 200, 3), 3)
    top = sum(n for kind, n in counts.items() if not kind.startswith(" "))
    plain = sum(n for kind, n in counts.items() if kind.startswith(" "))
    assert top == a.positions - a.kept > 0
    assert plain == counts.get("move: best plain, chosen plain", 0)
    assert counts.get("option node", 0) == a.option_positions - a.option_kept
