"""What the toolkit shows about So-Soo-Yoo: how games are won and what children say in
each run's report, the board solved exactly, the standard runs and what-ifs."""
from __future__ import annotations

from numbergames.studies import ExactAnalysis, Study, register
from numbergames.studies.sosooyoo.sections import report_sections, summary_fields, tally_fields

STUDY = register(Study(
    game="sosooyoo",
    description="Move by prime-factor bubbles around a spiral of 199 numbers, collecting "
                "six rings of one colour or a rainbow.",
    report_sections=report_sections,
    summary_fields=summary_fields,
    tally_fields=tally_fields,
    analyses=(ExactAnalysis(
        name="board", title="So-Soo-Yoo's board solved exactly",
        run="numbergames.studies.sosooyoo.exact_report:run", folder="sosooyoo-exact", takes_rules=True,
        description="the move graph's distances, where a turn of k moves can end, and the "
                    "expected turns to collect a ring, for the rules and their variants"),),
    standard_runs=({"players": 4, "policy": "adaptive"}, {"players": 2, "policy": "adaptive"},
                   {"players": 6, "policy": "adaptive"}),
    # the ladder's strongest player (mcts-256, sequential halving: 33.2% of 4-player games
    # against three adaptive, above adaptive's own rate from every seat); 0.48 s a game on
    # one core under load, so 10,000 games take some 40 minutes on 2 cores
    strong_run={"players": 4, "policy": "mcts-256", "sims": 10_000},
    standard_fairs=({"lever": "start_rings"}, {"lever": "start_rings", "players": 2}),
    standard_whatifs=({"say_error": [0, 0.1, 0.3], "players": [2, 4, 6]},
                      {"jumps": [True, False], "warps": [True, False]}),
    # what the skill report says beside its figures (reports/sosooyoo/skill/report.md)
    luck_note=("`random` discards its rings at random and never wins (RULES.md rule 37), so "
               "beating it says nothing about how much the dice decide"),
))
