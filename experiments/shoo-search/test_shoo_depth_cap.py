"""shoo_depth_cap.py: the cap bounds the search's depth for its block only, the
static tie rule only narrows the search's own ties, and bad input is one line, exit 2."""
from __future__ import annotations

import pytest

import numbergames.solver.shoo.search as shoo_search
from numbergames.solver.shoo.exact import solve
from numbergames.solver.shoo.exact_play import sample_positions
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ShooState


@pytest.fixture(scope="module")
def module(experiment_script):
    return experiment_script("shoo_depth_cap")


def test_the_cap_bounds_the_depth_and_is_put_back(module):
    before = shoo_search.MAX_DEPTH
    total, n, depths = module.kept(3, 4, 3, "uniform", 12, module.REPORT_SEED)
    assert n == 12 and 0 <= total <= n
    assert max(depths) == 3 and sum(depths.values()) <= n
    assert shoo_search.MAX_DEPTH == before


def test_static_ties_are_among_the_searchs_best(module):
    solution = solve(Reduced(3, 1, 1), ShooRules())
    narrowed = 0
    for i in sample_positions(solution, module.REPORT_POSITIONS, module.REPORT_SEED)[:15]:
        state = ShooState(position=solution.graph.position(int(i)))
        if len(state.moves()) < 2:
            continue
        uniform, depth = module.picks(state, 1, "uniform")
        static, same_depth = module.picks(state, 1, "static")
        values = shoo_search.search(state.position, state.moves(), 100)[0]
        assert same_depth == depth
        assert {values[j] for j in static} == {values[j] for j in uniform}   # the same top
        assert 1 <= len(static) <= len(uniform)
        narrowed += len(static) < len(uniform)
    assert narrowed > 0          # the rule decides somewhere on these positions


@pytest.mark.parametrize("argv", [["--cap", "1"], ["--budget", "0"], ["--positions", "0"]])
def test_bad_input_is_one_line_exit_2(module, argv, capsys):
    assert module.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("shoo_depth_cap:")


def test_an_unknown_tie_rule_exits_2(module):
    with pytest.raises(SystemExit) as ended:
        module.main(["--ties", "first"])
    assert ended.value.code == 2
