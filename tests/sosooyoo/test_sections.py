"""The game's own figures and report sections read the declared counters."""
import json
import numbergames

import numpy as np

from numbergames.solver.sosooyoo import SPEC
from numbergames.studies.sosooyoo import STUDY


def _run():
    rules = SPEC.rules.from_values(dict(SPEC.small_rules))
    return rules, numbergames.load_game("sosooyoo", rules=rules).simulate(300, workers=1, seed=2)


def test_sections_tell_how_games_were_won_and_what_each_child_did():
    rules, result = _run()
    summary = {"players": rules.players, "policies": result.policies}
    won, events, seats = STUDY.report_sections(summary, result.parts)
    assert won.startswith("## How the games were won") and "| a swap |" in won
    assert events.startswith("## Length and events") and "| swaps |" in events
    assert seats.count("| adaptive |") == rules.players and "| facts |" in seats


def test_summary_json_holds_the_figures_and_they_add_up(tmp_path):
    rules, result = _run()
    games = result.games
    out = result.write_report(tmp_path / "r")
    summary = json.loads((out / "summary.json").read_text())
    won = int((games["winner"] >= 0).sum())
    kinds = summary["wins_by_kind"]
    assert sum(kinds.values()) == won == sum(summary["decided_by"].values())
    assert kinds == {"popsicle": int((games["win_kind"] == 1).sum()),
                     "rainbow": int((games["win_kind"] == 2).sum())}
    assert summary["rounds_mean"] == round(float(games["rounds"].mean()), 4)
    bumps = summary["events"]["bumps"]
    assert bumps["games_with"] == round(float((games["bumps"] > 0).mean()), 6)
    teacher = summary["teacher"]
    for name in ("landings", "spaces", "facts"):
        by_seat = [float(games[f"{name}_{s}"].mean()) for s in range(rules.players)]
        assert np.allclose(teacher[name]["by_seat"], by_seat, atol=1e-4)
        assert np.isclose(teacher[name]["per_child"], np.mean(by_seat), atol=1e-4)
    assert teacher["facts"]["per_child"] <= teacher["spaces"]["per_child"] <= \
        teacher["landings"]["per_child"]
    # the standard figures are still there, untouched
    assert summary["games"] == 300 and "first_player_advantage" in summary


def test_a_game_may_not_replace_a_standard_figure():
    import dataclasses

    import pytest

    _, result = _run()
    rogue = dataclasses.replace(STUDY, summary_fields=lambda summary, games: {"games": 1})
    clone = dataclasses.replace(result, presentation=rogue)
    with pytest.raises(ValueError, match="would replace"):
        clone.summary


def test_skill_ladder_meets_every_fixed_player_and_measures_luck_against_popsicle(tmp_path):
    from numbergames.analysis.searches.skill import skill
    from numbergames.analysis.searches.skill_report import render_markdown

    ladder = skill("sosooyoo", sims=60, search_sims=6, budgets=(2,), workers=1,
                   presentation=STUDY, **SPEC.small_rules)
    pairs = {(m.player, m.opponent, m.kind) for m in ladder.matches}
    assert {("adaptive", "rainbow", "step"), ("adaptive", "random", "baseline"),
            ("adaptive", "popsicle", "top")} <= pairs
    luck = ladder.luck
    assert luck["baseline"] == "popsicle"
    against = [m for m in ladder.matches if m.opponent == "popsicle" and m.judged]
    assert luck["best_win_rate"] == max(m.mean for m in against)
    text = render_markdown(ladder)
    assert "`adaptive` against the other fixed players" in text
    assert "The weakest player here is `popsicle`, not `random`: `random` discards" in text
