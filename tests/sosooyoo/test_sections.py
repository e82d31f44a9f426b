"""The game's own report sections read the declared counters."""
import analysis
from solver.sosooyoo import SPEC


def test_sections_tell_how_games_were_won_and_what_seats_did():
    rules = SPEC.rules.from_values(dict(SPEC.small_rules))
    result = analysis.simulate("sosooyoo", 300, rules=rules, workers=1, seed=2)
    summary = {"players": rules.players, "policies": result.policies}
    won, seats = SPEC.report_sections(summary, result.games)
    assert won.startswith("## How the games were won") and "| a swap |" in won
    assert seats.count("| adaptive |") == rules.players
