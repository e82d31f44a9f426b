"""Shoo: two players race nine travellers across a 9 x 9 field to the far corner, on foot or
on horseback, shooing each other's travellers out of the way; no dice, draws possible.

The rules (``rules.py``, ``RULES.md``), the field (``board.py``), positions and their
notation (``position.py``, ``notation.py``), the moves (``moves.py``, ``movetext.py``), the
reference engine (``engine.py``), the players (``policies.py``; their evaluation in
``evaluation.py``, the search in ``search.py``) and random positions for
tests (``samples.py``); the kernel is ``cext/shoo/play.pyx``. The report sections
(``sections.py``), the opening question (``opening.py``, ``opening_report.py``) and reduced
games solved exactly (``reduced.py``, ``exact.py``, ``exact_play.py``, ``exact_report.py``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.registry import (WIN_DRAW_LOSS, Analysis, Column, GameSpec, Option, PositionTool,
                             Traits, register)
from solver.shoo.engine import play_game
from solver.shoo.examine import MAX_PERFT
from solver.shoo.exact_play import PLAYER_NAMES
from solver.shoo.policies import PLAYERS, make_policy
from solver.shoo.rules import ShooRules
from solver.shoo.sections import report_sections, summary_fields

GAME_COLUMNS = {
    "ended_by": "how the game ended: 0 a win, 1 the move limit (a draw), 2 a repetition "
                "(a draw)",
    "hushes": "moves that began by hushing the opponent's last move (hush = lose_move or "
              "shoo_off)",
}
"""The game-level result columns."""
SEAT_COLUMNS = {
    "shoos": "shoos this player named",
    "shoo_offs": "travellers of this player shooed off to the stable",
    "captures": "horses this player captured from under the opponent's travellers",
    "home": "travellers of this player in its home area at the end",
}
"""The per-seat result columns."""


def reference_row(rules: ShooRules, policies: Sequence[str], key: int) -> dict[str, Any]:
    """One game by the reference engine, as the kernel reports it."""
    return play_game(rules, [make_policy(p, rules) for p in policies], key).row()


REDUCED = Analysis(
    name="reduced", title="Shoo reduced, solved exactly",
    run="solver.shoo.exact_report:run", folder="shoo-exact", takes_rules=True,
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
             Option("limit", "with --larger, the positions after which a solve is given up "
                    "(about 2 KiB each; default 3e5, at most 3e6)", kind=int, default=300_000,
                    low=1, high=3_000_000)))
"""``analyze exact shoo`` (the default): reduced fields solved exactly."""

OPENING = Analysis(
    name="opening", title="Shoo: the first move or the extra horse?",
    run="solver.shoo.opening_report:run", folder="shoo-opening", monte_carlo=True,
    sims=60, takes_rules=True,
    options=(Option("players", "comma-separated players (default: the skill ladder's "
                    "fixed players and its first --budgets search budgets)", str, ""),
             Option("budgets", "how many of the ladder's search budgets, smallest first, "
                    f"when --players is not given (0 to {len(PLAYERS.search[0].budgets)}; default -1: all)",
                    int, -1, -1, len(PLAYERS.search[0].budgets))),
    description="for every ordered pair of players, both opening choices of the toss "
                "winner on the same keys: scores, win/draw/loss and their paired "
                "difference with 95% intervals, and who beats whom in both colours; "
                "--sims counts games per pair and choice (default 60: the whole ladder, "
                "36 pairs, in about 15 minutes on two cores)")
"""``analyze exact shoo opening``: the first move or the extra horse."""

SPEC = register(GameSpec(
    name="shoo",
    title="Shoo",
    description="Race nine travellers across a 9 x 9 field on foot and on horseback, "
                "shooing the opponent's travellers away; no dice, draws possible.",
    rules=ShooRules,
    traits=Traits(chance=False, players=(2, 2), outcome=WIN_DRAW_LOSS),
    players=PLAYERS,
    columns=(*(Column(name, doc) for name, doc in GAME_COLUMNS.items()),
             *(Column(name, doc, per_seat=True) for name, doc in SEAT_COLUMNS.items())),
    kernel="cext.shoo.play:play_chunk",
    reference=reference_row,
    report_sections=report_sections,
    summary_fields=summary_fields,
    engine_version=2,
    analyses=(REDUCED, OPENING),
    standard_runs=({"policy": "greedy"}, {"policy": "random"}),
    standard_whatifs=({"horses": [9, 7]},
                      {"hush": ["illegal", "lose_move", "shoo_off", "off"]},
                      {"leave_home": [False, True]}),
    position=PositionTool(describe="solver.shoo.examine:describe",
                          render="solver.shoo.examine:render",
                          notation="position notation (solver/shoo/notation.py)",
                          example="--search 8 --perft 3",
                          max_search=PLAYERS.search[0].max_budget, max_perft=MAX_PERFT,
                          has_start=True),
    small_rules={"max_plies": 20},
))
