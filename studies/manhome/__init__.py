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
    standard_whatifs=({"tie": ["defender", "attacker"], "men_to_win": [2, 3, 4]},
                      {"extra_turn": [True, False], "players": [2, 3, 4]}),
))
