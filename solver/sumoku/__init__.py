"""Sumoku: lay numbered, coloured tiles in a crossword so that every row and column adds up
to a multiple of the key number; the main game scores the lines a player makes.

The rules of all five ways to play (``RULES.md``) and the main game's parameters
(``rules.py``); the tiles and the key die (``tiles.py``), lines (``lines.py``) and whole
patterns (``pattern.py``); the main game's board (``board.py``), move generator
(``moves.py``), reference engine (``engine.py``) and players (``policies.py``). The
kernels are ``cext/sumoku/lines.pyx`` (line validity) and ``cext/sumoku/play.pyx`` (the
main game). The main game's report sections are in ``sections.py``; spot sumoku is counted
exactly in ``spot.py``, played out in ``spot_game.py`` and reported by ``spot_report.py``
(``analyze exact sumoku spot``).

Speed, team and solo sumoku: the layout search (``layout.py``, kernel
``cext/sumoku/layout.pyx``) with its cover proof (``cover.py``), speed sumoku's table
(``speed.py``), swapoku (``swapoku.py``) and rounds (``rounds.py``), the pattern grower
(``grow.py``) and the team and solo puzzles (``puzzles.py``), pictures (``picture.py``);
their reports ``speed_report.py`` and ``puzzle_report.py``; both puzzle tables together
(``analyze exact sumoku``) in ``tables_report.py``; a pattern or hand examined
(``analyze position sumoku``) in ``examine.py``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.registry import (SCORES, Analysis, Column, GameSpec, Option, PositionTool, Traits,
                             register)
from solver.sumoku.engine import GAME_COLUMNS, SEAT_COLUMNS, play_game
from solver.sumoku.examine import MAX_SEARCH
from solver.sumoku.policies import PLAYERS, make_policy
from solver.sumoku.rules import SumokuRules
from solver.sumoku.sections import report_sections, summary_fields


TABLES = Analysis(
    name="tables", title="Sumoku's puzzles: speed and spot sumoku in two tables",
    run="solver.sumoku.tables_report:run", folder="sumoku-exact", monte_carlo=True, sims=1000,
    description="speed.csv (P(a random 10-tile hand can be laid out) per key 3..10, with "
                "95% intervals; --sims hands a key) beside spot.csv (the exact spot counts "
                "and chance a display of 10 holds a spot), linking the four variations' "
                "reports")
"""``analyze exact sumoku``: the two tables the variations' reports give one each."""


def reference_row(rules: SumokuRules, policies: Sequence[str], key: int) -> dict[str, Any]:
    """One game by the reference engine, as the kernel reports it."""
    return play_game(rules, [make_policy(p, rules) for p in policies], key).row()


SPEC = register(GameSpec(
    name="sumoku",
    title="Sumoku",
    description="Lay coloured number tiles in a shared crossword whose every row and column "
                "adds up to a multiple of the key number; score the lines you make.",
    rules=SumokuRules,
    traits=Traits(chance=True, players=(2, 5), outcome=SCORES, score="score",
                  ties="a tie for the highest score is a draw shared by the tied players "
                       "(RULES.md rule 23)"),
    players=PLAYERS,
    columns=(*(Column(name, doc) for name, doc in GAME_COLUMNS.items()),
             *(Column(name, doc, per_seat=True) for name, doc in SEAT_COLUMNS.items())),
    report_sections=report_sections,
    summary_fields=summary_fields,
    kernel="cext.sumoku.play:play_chunk",
    reference=reference_row,
    engine_version=1,
    standard_runs=({"players": 3, "policy": "greedy"}, {"players": 2, "policy": "greedy"},
                   {"players": 4, "policy": "greedy"}, {"players": 5, "policy": "greedy"}),
    standard_whatifs=({"key": ["3", "4", "5", "challenge"]},
                      {"start": ["smallest_hand", "seat0"]}),
    small_rules={"hand": 2, "players": 3},
    position=PositionTool(describe="solver.sumoku.examine:describe",
                          render="solver.sumoku.examine:render",
                          notation="pattern ('R3 O1 Y6 / . G7 .') or hand ('hand: R3 O1 ...')",
                          example="'hand: R3 O1 Y6 G7 B2 P4' --set key=5",
                          max_search=MAX_SEARCH,
                          search_help="a hand's layout search with N hundred thousand nodes "
                                      "(default 20)"),
    analyses=(
        TABLES,
        Analysis(
            name="speed", title="Speed sumoku: can a hand of 10 be laid out?",
            run="solver.sumoku.speed_report:run", folder="sumoku-speed", monte_carlo=True,
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
        Analysis(
            name="spot", title="Spot sumoku counted exactly and played out",
            run="solver.sumoku.spot_report:run", folder="sumoku-spot", monte_carlo=True,
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
        Analysis(
            name="team", title="Team sumoku: can a team lay out all its tiles?",
            run="solver.sumoku.puzzle_report:run_team", folder="sumoku-team",
            monte_carlo=True,
            options=(Option("deals", "deals of the 96 tiles per key and number of teams "
                            "(default 50, at most 1e4; --sims lowers it)", int, 50, 1, 10_000),
                     Option("steps", "steps the pattern grower may take per hand or batch "
                            "(default 2e5, at most 1e9)", int, 200_000, 1, 1_000_000_000)),
            description="how often a search lays out every tile of a team's 48, 32 or 24, "
                        "and how many it places when it cannot, per key"),
        Analysis(
            name="solo", title="Solo sumoku: how many of the 96 tiles can one pattern hold?",
            run="solver.sumoku.puzzle_report:run_solo", folder="sumoku-solo",
            monte_carlo=True,
            options=(Option("games", "solo puzzles per key (default 20, at most 1e4; --sims "
                            "lowers it)", int, 20, 1, 10_000),
                     Option("steps", "steps the pattern grower may take per hand or batch "
                            "(default 2e5, at most 1e9)", int, 200_000, 1, 1_000_000_000)),
            description="16 tiles then 10 at a time, colours and numbers distinct in every "
                        "line: how often the first 16 and all 96 are laid out, per key"),
    ),
))
