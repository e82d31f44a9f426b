"""The kernel's game of a key, played to its end through its decision API
(``numbergames.solver.sosooyoo.kernel.kernel_state``), as the reference engine traces it: for the tests
that check the kernel's decisions and final position against answers known from outside
the engines (recorded games, the rulebook's identities and properties)."""
import numpy as np

from numbergames.solver.decision import CHANCE, TERMINAL
from numbergames.solver.sosooyoo.kernel import kernel_state
from numbergames.solver.sosooyoo.state import decode


def trace_game(rules, names, key):
    """``(decisions, final)``: every decision of the kernel's game as an (m, 4) int32 array
    of (decision, chooser, subject, option), as the reference engine's ``trace`` lists
    them, and its final position (``pos``, ``held``, ``ring_space``, ``boneyard``,
    ``winner``, ``turns``, ``decision_turns``)."""
    state = kernel_state(rules, list(names), int(key))
    trace = []
    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            break
        if seat == CHANCE:
            state.apply_action(state.draw_chance())
            continue
        kind, chooser, subject = state.view()[:3]
        action = state.decide()
        trace.append((kind, chooser, subject, decode(kind, action)))
        state.apply_action(action)
    v = state.view()
    final = {"winner": v[10], "turns": v[11], "decision_turns": v[12], "pos": list(v[3]),
             "held": [list(h) for h in v[4]], "ring_space": list(v[5]),
             "boneyard": list(v[6])}
    return np.array(trace, dtype=np.int32).reshape(-1, 4), final
