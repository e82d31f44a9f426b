"""search_departures.py, the measure behind a search chain's flat note: a
player never departs from itself when it draws nothing, departs from another that plays
otherwise, and counts one decision per node with a choice (checked by hand against a
game walked here)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def script(experiment_script):
    return experiment_script("search_departures")


@pytest.fixture(scope="module")
def departures(script):
    return script.departures


def test_a_deterministic_player_never_departs_from_itself(departures):
    decisions, differ = departures("manhome", "greedy", ["greedy", "random"], 5, 7)
    assert decisions > 0
    assert differ["greedy"] == 0
    assert 0 < differ["random"] < decisions


def test_decisions_are_the_nodes_with_a_choice(departures):
    from numbergames.solver.manhome.kernel import kernel_state
    from numbergames.solver.manhome.rules import ManHomeRules

    state, choices = kernel_state(ManHomeRules(), ["greedy", "greedy"], 7), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.draw_chance())
            continue
        choices += len(state.legal_actions()) > 1
        state.apply_action(state.decide())
    assert departures("manhome", "greedy", ["random"], 1, 7)[0] == choices


def test_a_bad_player_is_one_line_and_exit_2(script, capsys):
    assert script.main(["manhome", "mcts-0", "expert"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "mcts-0" in err[0]
