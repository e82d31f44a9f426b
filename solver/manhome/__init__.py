"""Man Home: bring three men home (to 1) by subtracting and dividing by prime factors."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numbergames.solver.decision import Key, play
from numbergames.solver.manhome.policies import PLAYERS, make_policy
from numbergames.solver.manhome.state import ManHomeState, size
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.columns import COLUMNS, DERIVED
from numbergames.solver.registry import WIN_LOSS, GameSpec, KernelBinding, Traits, register


def reference_row(rules: ManHomeRules, policies: Sequence[str], key: Key) -> dict[str, Any]:
    """One game by the reference engine, as the kernel reports it."""
    if len(policies) != rules.players:
        raise ValueError(f"need {rules.players} players, got {len(policies)}")
    players = [make_policy(p, rules) for p in policies]
    return play(ManHomeState(rules), players, key).row()


def _kernel():
    """The kernel's binding module, imported on the first game played (:class:`KernelBinding`)."""
    from numbergames.solver.manhome import kernel
    return kernel


SPEC = register(GameSpec(
    name="manhome",
    title="Man Home",
    rules=ManHomeRules,
    traits=Traits(chance=True, players=(2, 8), outcome=WIN_LOSS),
    players=PLAYERS,
    columns=COLUMNS,
    derived=DERIVED,
    kernel=KernelBinding(_kernel),
    reference=reference_row,
    new_state=ManHomeState,
    make_player=make_policy,
    size=size,
    engine_version=1,
    small_rules={"board_rows": 2, "men_per_player": 2, "men_to_win": 2},
))
