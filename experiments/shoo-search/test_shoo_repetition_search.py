"""shoo_repetition_search.py: its ``none`` mode is ``search-N`` as the exact
report plays it (games and positions), and its engines see a repetition only where the game or
the line has one."""
from __future__ import annotations

import pytest

from numbergames.solver.shoo.exact import solve
from numbergames.solver.shoo.exact_play import agreement, match, sample_positions
from numbergames.solver.shoo.moves import legal_moves, make_move
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.search import WIN, AlphaBeta


@pytest.fixture(scope="module")
def module(experiment_script):
    return experiment_script("shoo_repetition_search")


def test_none_is_the_exact_reports_match(module):
    won = module.results(3, 0, 3, 2, "none")
    m = match(solve(Reduced(3, 1, 1), ShooRules()), "search-2", 0, 3, module.SEED,
              module.MAX_PLIES)
    assert (sum(w == 0 for w in won), sum(w == 1 for w in won)) == (m.wins, m.losses)


def _back_and_forth(root):
    """Three moves from ``root`` and a fourth that makes ``root`` again: (position, move)."""
    for x in legal_moves(root):
        one = make_move(root, x)
        for y in legal_moves(one):
            two = make_move(one, y)
            for x2 in legal_moves(two):
                three = make_move(two, x2)
                for y2 in legal_moves(three):
                    if make_move(three, y2).key() == root.key():
                        return three, y2
    raise AssertionError("no way back to the start")


def test_a_repetition_is_valued_only_where_the_game_has_it(module):
    rules = solve(Reduced(3, 1, 1), ShooRules()).graph.rules
    root = Reduced(3, 1, 1).start(rules)
    position, back = _back_and_forth(root)
    plain = AlphaBeta(position, 100).child_value(position, back)
    assert plain not in (0, -WIN)
    draw = module.repetition_engine("draw", (root.key(),))(position, 100)
    barred = module.repetition_engine("barred", (root.key(),))(position, 100)
    assert draw.child_value(position, back) == 0
    assert barred.child_value(position, back) == -WIN       # the searching player's own
    fresh = module.repetition_engine("draw", ())(position, 100)
    assert fresh.child_value(position, back) == plain       # not in the game's history
    other = [m for m in legal_moves(position) if m != back][0]
    assert draw.child_value(position, other) == AlphaBeta(position, 100).child_value(position, other)


def test_positions_none_is_the_exact_reports_agreement(module):
    solution = solve(Reduced(3, 1, 1), ShooRules())
    indices = sample_positions(solution, module.REPORT_POSITIONS, module.SEED)[:20]
    a = agreement(solution, "search-2", indices, module.SEED)
    assert module.kept(3, 20, 2, "none") == (a.kept, a.positions) == (a.kept, 20)


def test_a_bad_positions_count_is_one_line_and_exit_2(module, capsys):
    assert module.main(["--positions", "301"]) == 2
    assert module.main(["--positions", "-1"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 2
