"""What the toolkit shows about Shoo: how games end and how often shooing, captures and
hushes happen in each run's report; reduced Shoo solved exactly and the opening question as
exact analyses; a position examined (``analyze position shoo``); the standard runs and
what-ifs. The report sections are in ``sections.py``, the exact analyses' reports in
``exact_report.py`` and ``opening_report.py``, the position as text in ``position.py``."""
from __future__ import annotations

from numbergames.solver.shoo.examine import MAX_PERFT
from numbergames.solver.shoo.exact_play import GAMES_OF, PLAYER_NAMES
from numbergames.solver.shoo.policies import PLAYERS
from numbergames.studies.shoo.sections import report_sections, summary_fields, tally_fields
from numbergames.studies import ExactAnalysis, Option, PositionTool, Study, register

REDUCED = ExactAnalysis(
    name="reduced", title="Shoo reduced, solved exactly",
    run="numbergames.studies.shoo.exact_report:run", folder="shoo-exact", takes_rules=True,
    description="smaller fields with fewer travellers and horses solved by retrograde "
                "analysis: who wins with perfect play, where the solver runs out, the "
                "players against perfect play",
    options=(Option("larger", "also try the larger reduced games (minutes each, up to "
                    "300,000 positions each)"),
             Option("players", "players compared with perfect play, comma-separated",
                    kind=str, default=PLAYER_NAMES),
             Option("positions", "positions sampled per game for the comparison (default "
                    "300, at most 1e5)", kind=int, default=300, low=1, high=100_000),
             Option("games", "games against the perfect player per colour and game (default "
                    "10, at most 1e4)", kind=int, default=10, low=0, high=10_000),
             Option("games_of", "other numbers of games for some players, as player=N,... "
                    f"(default {GAMES_OF}: its agreement only)", kind=str, default=GAMES_OF),
             Option("limit", "with --larger, the positions after which a solve is given up "
                    "(about 2 KiB each; default 3e5, at most 3e6)", kind=int, default=300_000,
                    low=1, high=3_000_000)), parallel=True)
"""``analyze exact shoo`` (the default): reduced fields solved exactly."""

OPENING = ExactAnalysis(
    name="opening", title="Shoo: what is moving first worth?",
    run="numbergames.studies.shoo.opening_report:run", folder="shoo-opening", monte_carlo=True,
    sims=500, takes_rules=True,
    options=(Option("players", "comma-separated players, each played against itself "
                    "(default: the skill ladder's fixed players and its first --budgets "
                    "search budgets)", str, ""),
             Option("budgets", "how many of the ladder's search budgets, smallest first, "
                    f"when --players is not given (0 to {len(PLAYERS.search[0].budgets)}; default -1: all)",
                    int, -1, -1, len(PLAYERS.search[0].budgets)),
             Option("sims_of", "games of the players that play more or fewer than --sims, "
                    "as player=N,... (e.g. search-16=2000)", str, ""),
             Option("whatif", "players of the odd_horse=field what-if, comma-separated, each "
                    "--whatif-sims games per opening or player=N (default greedy; 'none' "
                    "for no what-if)", str, "greedy"),
             Option("whatif_sims", "games per opening of each what-if player (default 1000)",
                    int, 1000, 2, 1_000_000),
             Option("store", "a results store whose games are loaded, not played again, "
                    "and which keeps the new ones (default: none)", str, "")),
    description="under the pinned odd_horse=other both opening choices are one game with "
                "the colours swapped, so: the first mover's score for each ladder player "
                "against itself with its 95% interval and test against 1/2; and the "
                "odd_horse=field what-if, where the toss winner's choice (the first move "
                "or the extra horse) is a real one, compared game by game; --sims counts "
                "games per player (default 500), --sims-of sets more for some")
"""``analyze exact shoo opening``: what moving first is worth."""

STUDY = register(Study(
    game="shoo",
    description="Race nine travellers across a 9 x 9 field on foot and on horseback, "
                "shooing the opponent's travellers away; no dice, draws possible.",
    report_sections=report_sections,
    summary_fields=summary_fields,
    tally_fields=tally_fields,
    analyses=(REDUCED, OPENING),
    standard_runs=({"policy": "greedy"}, {"policy": "random"}),
    # the strongest player that affords 10,000 games in under an hour on 2 cores
    # (search-8: 0.46 s a game in both seats on one core of a loaded machine, about 38
    # minutes on 2 cores; search-16, the ladder's top, takes 0.87 s)
    strong_run={"policy": "search-8", "sims": 10_000},
    standard_fairs=({"lever": "horse_odds"}, {"lever": "head_start"}),
    standard_whatifs=({"horses": [9, 7]},
                      {"hush": ["illegal", "lose_move", "shoo_off", "off"]},
                      {"leave_home": [False, True]}),
    position=PositionTool(describe="numbergames.solver.shoo.examine:describe",
                          render="numbergames.studies.shoo.position:render",
                          notation="position notation (solver/shoo/notation.py)",
                          example="--search 8 --perft 3",
                          max_search=PLAYERS.search[0].max_budget, max_perft=MAX_PERFT,
                          has_start=True),
    # what the skill report says beside its figures (reports/shoo/skill/report.md)
    flat_notes={"search": "search-2 and search-4 both play depth 2 in most positions (200 nodes "
                          "finish it in 32% of greedy's positions, 400 in 66%); the budget pays "
                          "where it completes depth 3 (800 nodes in 15% of positions, 1,600 in "
                          "58%)"},
))
