"""What the toolkit shows about Man Home: where the men went in each run's report, the
exact analysis (a lone man, the solitaire race, two-player optimal play), the standard runs
and what-ifs."""
from __future__ import annotations

from numbergames.studies import ExactAnalysis, Option, Study, register
from numbergames.studies.manhome.sections import report_sections, tally_fields

STUDY = register(Study(
    game="manhome",
    description="Race men home to 1 by subtracting one, subtracting or dividing by a prime factor.",
    report_sections=report_sections,
    tally_fields=tally_fields,
    analyses=(ExactAnalysis(
        name="all", title="Man Home solved exactly", run="numbergames.studies.manhome.exact_report:run",
        folder="manhome-exact", monte_carlo=True,
        options=(Option("largest", "also run the largest solves (minutes)"),),
        description="a lone man's chance from every square, the solitaire race by value "
                    "iteration and two-player optimal play on reduced rules, each checked "
                    "by Monte Carlo"),),
    standard_runs=({"players": 2, "policy": "greedy"}, {"players": 2, "policy": "expert"},
                   {"players": 2, "policy": "random"}, {"players": 3, "policy": "greedy"},
                   {"players": 4, "policy": "greedy"}),
    # the ladder's strongest player: ply-2 (0.024 s a game; ply-1 beats expert 51.2%, ply-2
    # ties ply-1 on the standard rules and keeps the exact value more often on the duels)
    strong_run={"players": 2, "policy": "ply-2", "sims": 50_000},
    standard_fairs=({"lever": "head_start"}, {"lever": "head_start", "players": 3}),
    standard_whatifs=({"tie": ["defender", "attacker"], "men_to_win": [2, 3, 4]},
                      {"extra_turn": [True, False], "players": [2, 3, 4]}),
    # what the skill report says beside its figures (reports/manhome/skill/report.md)
    flat_notes={
        "mcts": "the search converges on expert's own moves: on its own games (200 a budget, "
                "experiments/search-departures/search_departures.py) mcts-16 departs from "
                "expert's choice at 7.8% of decisions, mcts-64 at 4.0%, mcts-256 at 2.7%, so "
                "mcts-256 and mcts-64 differ at 5.2%, and the departures do not gain: mcts-256 "
                "against expert scores 49.1% (48.8-49.4%) over 20,000 games a seat",
        "ply": "the standard game leaves little room above expert: on the 36-square duel, "
               "solved exactly, optimal play itself beats expert only 52.7%, and ply-2 against "
               "ply-1 scored 50.2% (49.8-50.6%) in 10,000 games a seat; a deeper race search "
               "cannot see the men's interaction that decides the rest"},
    versus_notes={"ply": "ply-N plays no simulations (its budget is turns searched, "
                         "deterministically): mcts-N is the family measured against "
                         "OpenSpiel's MCTSBot"},
))
