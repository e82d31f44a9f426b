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

from numbergames.solver.decision import Key
from numbergames.solver.registry import WIN_LOSS, GameSpec, KernelBinding, Traits, register
from numbergames.solver.sosooyoo.columns import COLUMNS, DERIVED
from numbergames.solver.sosooyoo.policies import PLAYERS, make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import SoSooYooState, play_game, size



def reference_row(rules: SoSooYooRules, policies: Sequence[str], key: Key) -> dict[str, Any]:
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
    columns=COLUMNS,
    derived=DERIVED,
    kernel=KernelBinding(_kernel),
    reference=reference_row,
    engine_version=3,
    small_rules={"board_size": 24, "players": 3, "max_turns": 300},
    new_state=SoSooYooState,
    make_player=make_policy,
    size=size,
))
