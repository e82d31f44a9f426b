"""Shoo's report sections and summary figures count what the games table holds."""
import json
import numbergames
from functools import lru_cache

import numpy as np

from numbergames.solver.shoo import SPEC
from numbergames.studies.shoo import STUDY
from numbergames.studies.shoo.sections import OPENING_REPORT

VALUES = {"hush": "lose_move", "repetition": 2, "max_plies": 300}
"""Rules under which greedy games end all three ways and hushes happen (a second occurrence
draws: greedy no longer remakes any of a game's 16 latest positions, so a third is rare)."""


@lru_cache(maxsize=1)
def _run():
    rules = SPEC.rules.from_values(VALUES)
    return numbergames.load_game("shoo", rules=rules).simulate(60, policy="greedy", workers=1,
                                                                seed=3)


def test_summary_figures_match_counts_from_the_games_table(tmp_path):
    result = _run()
    games = result.games
    n = len(games)
    out = result.write_report(tmp_path / "r")
    summary = json.loads((out / "summary.json").read_text())
    ended = summary["ended"]
    counts = {name: int((games["ended_by"] == code).sum())
              for code, name in enumerate(("won", "move_limit", "repetition"))}
    assert all(counts.values()), counts  # the rules above give all three endings
    assert {k: v["count"] for k, v in ended.items()} == counts
    assert ended["repetition"]["share"] == counts["repetition"] / n
    assert ended["repetition"]["lo"] < ended["repetition"]["share"] < ended["repetition"]["hi"]
    assert summary["won_by"] == [int((games["winner"] == s).sum()) for s in (0, 1)]
    assert sum(summary["won_by"]) == counts["won"]
    assert counts["move_limit"] + counts["repetition"] == summary["draws"]
    hushes = summary["events"]["hushes"]
    assert hushes["per_game"] == float(games["hushes"].mean()) > 0
    assert hushes["games_with"]["count"] == int((games["hushes"] > 0).sum())
    for name in ("shoos", "shoo_offs", "captures"):
        figure = summary["events"][name]
        both = games[f"{name}_0"] + games[f"{name}_1"]
        assert np.isclose(figure["per_game"], both.mean())
        assert figure["games_with"]["count"] == int((both > 0).sum())
        assert np.allclose(figure["by_seat"], [games[f"{name}_{s}"].mean() for s in (0, 1)])
        assert [r["count"] for r in figure["games_with_by_seat"]] == \
            [int((games[f"{name}_{s}"] > 0).sum()) for s in (0, 1)]
    assert np.allclose(summary["home_by_seat"], [games[f"home_{s}"].mean() for s in (0, 1)])
    limit = games["ended_by"] == 1
    assert np.isclose(summary["turns_by_ending"]["move_limit"], games["turns"][limit].mean())
    assert summary["games"] == n and "first_player_advantage" in summary  # standard, untouched


def test_sections_render_the_counts_and_link_the_opening_report():
    result = _run()
    games = result.games
    ending, counters = STUDY.report_sections(result.summary, result.parts)
    assert ending.startswith("## How the games ended")
    repetition = int((games["ended_by"] == 2).sum())
    assert f"| drawn by repetition | {repetition:,} |" in ending
    assert f"| won by Blue (seat 0, `greedy`) | {int((games['winner'] == 0).sum()):,} |" in ending
    assert "drawn at the move limit (300 moves)" in ending
    assert counters.startswith("## Shooing, captures and hushes")
    shoos = (games["shoos_0"] + games["shoos_1"]).mean()
    assert f"| shoos named | {shoos:.2f} |" in counters
    assert "`hush=lose_move`" in counters
    assert f"]({OPENING_REPORT})" in counters
