"""One Man Home game in both engines through the decision API: the reference engine
(:func:`numbergames.solver.manhome.state.play_game`) and the kernel (``KernelState`` of
``cext/manhome/play.pyx``), compared by their whole states
(:func:`numbergames.solver.manhome.kernel.state_view`), for tests that need other rules or seatings
than the generic suite (``tests/test_kernel_decisions.py``) plays."""
from __future__ import annotations

from collections.abc import Sequence

from numbergames.solver.manhome.kernel import kernel_state, state_view
from numbergames.solver.manhome.policies import make_policy
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.state import ManHomeState, Step, play_game

VIEW_FIELDS = ("board", "men", "reserve", "home", "to_move", "winner", "turns",
               "decision_turns", "turns_by_seat", "kills", "deaths", "killed", "phase", "kind",
               "decision", "pending")
"""The parts of a :func:`~numbergames.solver.manhome.kernel.state_view`, in order."""


def kernel_final(rules: ManHomeRules, seats: Sequence[str], key: int) -> dict:
    """The kernel's game of ``key`` played to its end: its final state, by part."""
    return dict(zip(VIEW_FIELDS, kernel_state(rules, list(seats), key).play().view()))


def same_game(rules: ManHomeRules, seats: Sequence[str], key: int,
              steps: list[Step] | None = None) -> ManHomeState:
    """Play the game of ``key`` in both engines; assert that they end in the same state
    (board, men, reserves, counters, winner); return the reference's game."""
    game = play_game(rules, [make_policy(name, rules) for name in seats], key, steps)
    assert kernel_final(rules, seats, key) == dict(zip(VIEW_FIELDS, state_view(game))), \
        f"key {key}"
    return game
