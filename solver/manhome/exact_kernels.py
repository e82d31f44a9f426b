"""The exact solvers' kernels (``cext/manhome/solitaire.pyx``, ``cext/manhome/duel.pyx``)
called with the rules of the rest of the toolkit: each call hands the kernel a plain
configuration (numbers), the kernels import nothing from ``solver/``
(tests/test_architecture.py). The numbers they are compiled with come from
:func:`numbergames.solver.manhome.kernel.constants`.

:func:`numbergames.solver.manhome.solitaire.solve_solitaire` and :func:`numbergames.solver.manhome.duel.solve_duel`
call these (this module sits below them, and below the players that solve their tables).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.sides import START_VALUE, TIE


def solve_solitaire(rules: ManHomeRules, cap: int, tol: float = 1e-12, max_sweeps: int = 100_000,
                    progress: Callable[[int], None] | None = None) -> tuple:
    """(turns, decisions, sweeps, seconds, updates) of the solitaire of ``rules`` with at
    most ``cap`` men on the board, by the kernel."""
    from numbergames.cext.manhome.solitaire import solve

    return solve({"board_rows": rules.board_rows, "men_per_player": rules.men_per_player,
                  "men_to_win": rules.men_to_win, "cap": cap, "tie": TIE},
                 tol, max_sweeps, progress)


def solve_duel(rules: ManHomeRules, tol: float = 1e-12, max_sweeps: int = 100_000,
               progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The duel of ``rules`` solved by the kernel (a dict: ``values``, ``decisions``,
    ``first_player_win``, ``sweeps``, ``seconds``, ``states``, ``updates``, ``converged``,
    ``size``)."""
    from numbergames.cext.manhome.duel import solve

    q_num, q_den = rules.attacker_win_chance
    return solve({"players": rules.players, "board_rows": rules.board_rows,
                  "men_per_player": rules.men_per_player, "men_to_win": rules.men_to_win,
                  "extra_turn": bool(rules.extra_turn), "q_num": q_num, "q_den": q_den,
                  "tie": TIE, "start_value": START_VALUE},
                 tol, max_sweeps, progress)


def race_cdf(space, decisions, columns: int, scale: int,
             progress: Callable[[int], None] | None = None):
    """The race table of a solved solitaire (:mod:`numbergames.solver.manhome.race`) by the kernel; with
    ``decisions`` None, the envelope of the side space's race tables."""
    import numpy as np
    from numbergames.cext.manhome.solitaire import race_cdf as kernel

    return kernel({"board_rows": space.board_rows, "men_per_player": space.men_per_player,
                   "men_to_win": space.men_to_win, "cap": space.cap},
                  None if decisions is None else np.ascontiguousarray(decisions, dtype=np.uint8),
                  columns, float(scale), progress)
