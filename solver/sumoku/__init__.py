"""Sumoku: lay numbered, coloured tiles in a crossword so that every row and column adds up
to a multiple of the key number; the main game scores the lines a player makes.

The rules of all five ways to play (``RULES.md``) and the main game's parameters
(``rules.py``); the tiles and the key die (``tiles.py``), lines (``lines.py``) and whole
patterns (``pattern.py``); the main game's board (``board.py``), move generator
(``moves.py``), its decision API state (``state.py``, the reference engine, played by
:func:`numbergames.solver.decision.play`) and players (``policies.py``). The
kernels are ``cext/sumoku/lines.pyx`` (line validity) and ``cext/sumoku/play.pyx`` (the
main game). Spot sumoku is counted exactly in ``spot.py`` and played out in
``spot_game.py``.

Speed, team and solo sumoku: the layout search (``layout.py``, kernel
``cext/sumoku/layout.pyx``) with its cover proof (``cover.py``), speed sumoku's hands counted
(``speed.py``), swapoku (``swapoku.py``) and rounds (``rounds.py``), the pattern grower
(``grow.py``) and the team and solo puzzles (``puzzles.py``); a pattern or hand examined
(``analyze position sumoku``) in ``examine.py``.

Everything here is computation returning plain data. What is shown of it — the main game's
report sections, the reports of speed, spot, team and solo sumoku, the pictures of
layouts, the position text — is in ``studies/sumoku/``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numbergames.solver.decision import Key, play
from numbergames.solver.registry import SCORES, GameSpec, KernelBinding, Traits, register
from numbergames.solver.sumoku.columns import COLUMNS, DERIVED
from numbergames.solver.sumoku.policies import PLAYERS, make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import SumokuState, size


def reference_row(rules: SumokuRules, policies: Sequence[str], key: Key) -> dict[str, Any]:
    """One game by the reference engine (the decision API's game loop), as the kernel
    reports it."""
    return play(SumokuState(rules), [make_policy(p, rules) for p in policies], key).row()


def _kernel():
    """The kernel's binding module, imported on the first game played (:class:`KernelBinding`)."""
    from numbergames.solver.sumoku import kernel
    return kernel


SPEC = register(GameSpec(
    name="sumoku",
    title="Sumoku",
    rules=SumokuRules,
    traits=Traits(chance=True, players=(2, 5), outcome=SCORES, score="score",
                  ties="a tie for the highest score is a draw shared by the tied players "
                       "(RULES.md rule 23)"),
    players=PLAYERS,
    columns=COLUMNS,
    derived=DERIVED,
    kernel=KernelBinding(_kernel),
    reference=reference_row,
    engine_version=1,
    small_rules={"hand": 2, "players": 3},
    new_state=SumokuState,
    make_player=make_policy,
    size=size,
))
