"""So-Soo-Yoo: move around a spiral of numbers by their prime-factor bubbles, collecting
rings; the first to hold six of one colour or one of each colour wins.

The rules (``rules.py``, ``RULES.md``), the board (``board.py``), the reference engine
(``engine.py``) and its decision API (``state.py``), the players (``policies.py``) and the exact analysis of the board alone
(``exact.py``); the kernel is ``cext/sosooyoo/play.pyx``. What the reports show — the
report sections and the board report folder — lives above, in ``studies/sosooyoo/``
(``sections.py``, ``exact_report.py``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numbergames.solver.registry import WIN_LOSS, Column, GameSpec, KernelBinding, Traits, register
from numbergames.solver.sosooyoo.policies import PLAYERS, make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import SoSooYooState, play_game, size

GAME_COLUMNS = {
    "win_kind": "how the game was won: 0 not won, 1 popsicle (six of one colour), 2 rainbow",
    "double_zeros": "placement rolls that read double zero (0), set-up included",
    "bumps": "pieces bumped, all players together",
    "swaps": "end-of-turn swaps, all players together",
    "decided_by": "what the winner's last turn used: 0 plain, 1 a bump, 2 a swap, "
                  "3 a double zero (RULES.md rule 36)",
    "distinct_spaces": "different spaces landed on by the movers, all players together",
    "rounds": "rounds begun (turns divided by players, rounded up)",
}
"""The game-level result columns."""
SEAT_COLUMNS = {
    "rings": "rings on the piece at the end of the game",
    "landings": "spaces landed on (each says its numbers)",
    "bumps": "pieces this player bumped",
    "swaps": "swaps this player made",
    "spaces": "different spaces this player landed on (and said the numbers of)",
    "facts": "of those, spaces that state a multiplication fact (a product of two or more "
             "primes, e.g. 2 x 2 x 3 x 5 = 60)",
}
"""The per-seat result columns."""


def reference_row(rules: SoSooYooRules, policies: Sequence[str], key: int) -> dict[str, Any]:
    """One game by the reference engine (:func:`numbergames.solver.decision.play`), as the kernel
    reports it."""
    return play_game(rules, [make_policy(p, rules) for p in policies], key).row()


def _kernel():
    """The kernel's binding module, imported on the first game played (:class:`KernelBinding`)."""
    from numbergames.solver.sosooyoo import kernel
    return kernel


SPEC = register(GameSpec(
    name="sosooyoo",
    title="So-Soo-Yoo",
    rules=SoSooYooRules,
    traits=Traits(chance=True, players=(2, 6), outcome=WIN_LOSS),
    players=PLAYERS,
    columns=(*(Column(name, doc) for name, doc in GAME_COLUMNS.items()),
             *(Column(name, doc, per_seat=True) for name, doc in SEAT_COLUMNS.items())),
    kernel=KernelBinding(_kernel),
    reference=reference_row,
    engine_version=3,
    small_rules={"board_size": 24, "players": 3, "max_turns": 300},
    new_state=SoSooYooState,
    make_player=make_policy,
    size=size,
))
