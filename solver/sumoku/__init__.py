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
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.registry import SCORES, Analysis, Column, GameSpec, Option, Traits, register
from solver.sumoku.engine import GAME_COLUMNS, SEAT_COLUMNS, play_game
from solver.sumoku.policies import PLAYERS, make_policy
from solver.sumoku.rules import SumokuRules
from solver.sumoku.sections import report_sections, summary_fields


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
    analyses=(Analysis(
        name="spot", title="Spot sumoku counted exactly and played out",
        run="solver.sumoku.spot_report:run", folder="sumoku-spot", monte_carlo=True,
        options=(Option("games", "spot games simulated per row (default 2000)", int, 2000),
                 Option("error_rate", "chance that a shout is wrong (default 0.05)", float, 0.05),
                 Option("fast_speed", "the fast player's spotting speed, the others' being 1 "
                        "(default 1.5)", float, 1.5),
                 Option("no_spot", "a display with no spot: add (4 more tiles) or redeal "
                        "(default add)", str, "add")),
        description="per key 3..10 the 4-tile spots out of C(96, 4) and the exact chance "
                    "that a display of 10 holds one, checked by Monte Carlo; the game "
                    "simulated for 2 to 8 players"),),
))
