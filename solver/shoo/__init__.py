"""Shoo: two players race nine travellers across a 9 x 9 field to the far corner, on foot or
on horseback, shooing each other's travellers out of the way; no dice, draws possible.

The rules (``rules.py``, ``RULES.md``), the field (``board.py``), positions and their
notation (``position.py``, ``notation.py``), the moves (``moves.py``, ``movetext.py``), the
reference engine on the decision API (``state.py``; perft in ``perft.py``), the players
(``policies.py``; their evaluation in ``evaluation.py``, the search in ``search.py``) and
random positions for tests (``samples.py``); the kernel is ``cext/shoo/play.pyx``, called through ``kernel.py``
(which also says what it is compiled with). A position examined
(``examine.py``), the opening question's players and choices (``opening.py``) and reduced
games solved exactly (``reduced.py``, ``exact.py``, ``exact_play.py``). What is shown about
them — the report sections, the opening and reduced-game reports, a position as text — is
in ``studies/shoo/`` (``sections.py``, ``opening_report.py``, ``exact_report.py``,
``position.py``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numbergames.solver.registry import WIN_DRAW_LOSS, GameSpec, KernelBinding, Traits, register
from numbergames.solver.decision import Key, play
from numbergames.solver.shoo.columns import COLUMNS, DERIVED
from numbergames.solver.shoo.policies import PLAYERS, make_policy
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ShooState, size



def reference_row(rules: ShooRules, policies: Sequence[str], key: Key) -> dict[str, Any]:
    """One game by the reference engine, as the kernel reports it."""
    return play(ShooState(rules), [make_policy(p, rules) for p in policies], key).row()


def _kernel():
    """The kernel's binding module, imported on the first game played (:class:`KernelBinding`)."""
    from numbergames.solver.shoo import kernel
    return kernel


SPEC = register(GameSpec(
    name="shoo",
    title="Shoo",
    rules=ShooRules,
    traits=Traits(chance=False, players=(2, 2), outcome=WIN_DRAW_LOSS),
    players=PLAYERS,
    columns=COLUMNS,
    derived=DERIVED,
    kernel=KernelBinding(_kernel),
    reference=reference_row,
    engine_version=3,
    new_state=ShooState,
    make_player=make_policy,
    size=size,
    small_rules={"max_plies": 20},
))
