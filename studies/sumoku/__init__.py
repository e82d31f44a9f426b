"""What the toolkit shows about Sumoku: score spreads, the game by key and how games end in
each run's report; its puzzles (speed, spot, team and solo sumoku) as exact analyses; a
pattern or hand examined (``analyze position sumoku``); the standard runs and what-ifs.

The report sections and summary figures are in ``sections.py``; the exact analyses' reports
in ``tables_report.py`` (the default), ``speed_report.py``, ``spot_report.py`` and
``puzzle_report.py`` (team and solo), each written through
:func:`numbergames.analysis.reports.writer.report_folder`; pictures of layouts in ``picture.py``; the position
tool's text in ``position.py``. What they show is computed by ``solver/sumoku/``.
"""
from __future__ import annotations

from numbergames.solver.sumoku.examine import MAX_SEARCH
from numbergames.studies.sumoku.sections import report_sections, summary_fields, tally_fields
from numbergames.studies import ExactAnalysis, Option, PositionTool, Study, register

TABLES = ExactAnalysis(
    name="tables", title="Sumoku's puzzles: speed and spot sumoku in two tables",
    run="numbergames.studies.sumoku.tables_report:run", folder="sumoku-exact", monte_carlo=True, sims=1000,
    description="speed.csv (P(a random 10-tile hand can be laid out) per key 3..10, with "
                "95% intervals; --sims hands a key) beside spot.csv (the exact spot counts "
                "and chance a display of 10 holds a spot), linking the four variations' "
                "reports")
"""``analyze exact sumoku``: the two tables the variations' reports give one each."""



STUDY = register(Study(
    game="sumoku",
    description="Lay coloured number tiles in a shared crossword whose every row and column "
                "adds up to a multiple of the key number; score the lines you make.",
    report_sections=report_sections,
    summary_fields=summary_fields,
    tally_fields=tally_fields,
    standard_runs=({"players": 3, "policy": "greedy"}, {"players": 2, "policy": "greedy"},
                   {"players": 4, "policy": "greedy"}, {"players": 5, "policy": "greedy"}),
    # the headline (3 players) with the ladder's top: mcts-256 in every seat, 0.33 s a game on
    # one core (policies.py): 10,000 games in about 28 minutes on 2 cores
    strong_run={"players": 3, "policy": "mcts-256", "sims": 10_000},
    standard_fairs=({"lever": "starter_points"}, {"lever": "starter_points", "players": 3}),
    standard_whatifs=({"key": ["3", "4", "5", "challenge"]},
                      {"start": ["smallest_hand", "seat0"]}),
    position=PositionTool(describe="numbergames.solver.sumoku.examine:describe",
                          render="numbergames.studies.sumoku.position:render",
                          notation="pattern ('R3 O1 Y6 / . G7 .') or hand ('hand: R3 O1 ...')",
                          example="'hand: R3 O1 Y6 G7 B2 P4' --set key=5",
                          max_search=MAX_SEARCH,
                          search_help="a hand's layout search with N hundred thousand nodes "
                                      "(default 20)"),
    # what the skill report says beside its figures (reports/sumoku/skill/report.md)
    luck_note=("`random` lays a uniformly random legal play and never wins against `greedy` "
               "(0 of 2,000 games on the skill ladder), so beating it says nothing about how "
               "much the tiles decide"),
    analyses=(
        TABLES,
        ExactAnalysis(
            name="speed", title="Speed sumoku: can a hand of 10 be laid out?",
            run="numbergames.studies.sumoku.speed_report:run", folder="sumoku-speed", monte_carlo=True,
            options=(Option("hands", "random 10-tile hands per key (default 1000, at most "
                            "1e5; --sims lowers it)", int, 1000, 1, 100_000),
                     Option("budget", "nodes the layout search may spend on one hand "
                            "(default 2e6, at most 1e9: a minute a hand)", int, 2_000_000,
                            1, 1_000_000_000),
                     Option("games", "games of speed rounds per number of players, 2 to 8 "
                            "(default 60, at most 1e5)", int, 60, 1, 100_000),
                     Option("error", "a player's chance of a wrong call, tubadoku (default "
                            "0.05; 0 to 0.99)", float, 0.05, 0.0, 0.99)),
            description="P(a random 10-tile hand is solvable) per key 3..10 with intervals, "
                        "example layouts, a hand proven impossible, swapoku's swaps, rounds of 2 to 8 "
                        "modelled players"),
        ExactAnalysis(
            name="spot", title="Spot sumoku counted exactly and played out",
            run="numbergames.studies.sumoku.spot_report:run", folder="sumoku-spot", monte_carlo=True,
            options=(Option("games", "spot games simulated per row (default 2000, at most "
                            "1e6)", int, 2000, 1, 1_000_000),
                     Option("error_rate", "chance that a shout is wrong (default 0.05; 0 to 1)",
                            float, 0.05, 0.0, 1.0),
                     Option("fast_speed", "the fast player's spotting speed, the others' being 1 "
                            "(default 1.5; 0.01 to 100)", float, 1.5, 0.01, 100.0),
                     Option("no_spot", "a display with no spot: add (4 more tiles) or redeal "
                            "(default add)", str, "add", choices=("add", "redeal"))),
            description="per key 3..10 the 4-tile spots out of C(96, 4) and the exact chance "
                        "that a display of 10 holds one, checked by Monte Carlo; the game "
                        "simulated for 2 to 8 players"),
        ExactAnalysis(
            name="team", title="Team sumoku: can a team lay out all its tiles?",
            run="numbergames.studies.sumoku.puzzle_report:run_team", folder="sumoku-team",
            monte_carlo=True,
            options=(Option("deals", "deals of the 96 tiles per key and number of teams "
                            "(default 50, at most 1e4; --sims lowers it)", int, 50, 1, 10_000),
                     Option("steps", "steps the pattern grower may take per hand or batch "
                            "(default 2e5, at most 1e9)", int, 200_000, 1, 1_000_000_000)),
            description="how often a search lays out every tile of a team's 48, 32 or 24, "
                        "and how many it places when it cannot, per key"),
        ExactAnalysis(
            name="solo", title="Solo sumoku: how many of the 96 tiles can one pattern hold?",
            run="numbergames.studies.sumoku.puzzle_report:run_solo", folder="sumoku-solo",
            monte_carlo=True,
            options=(Option("games", "solo puzzles per key (default 20, at most 1e4; --sims "
                            "lowers it)", int, 20, 1, 10_000),
                     Option("steps", "steps the pattern grower may take per hand or batch "
                            "(default 2e5, at most 1e9)", int, 200_000, 1, 1_000_000_000)),
            description="16 tiles then 10 at a time, colours and numbers distinct in every "
                        "line: how often the first 16 and all 96 are laid out, per key"),
    ),
))
