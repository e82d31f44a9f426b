"""The constants and tables a kernel is compiled with, taken from the readable solver code
when the package is built: one source for every number both engines use.

A kernel in ``cext/`` imports nothing from ``solver/`` (tests/test_architecture.py). The
numbers it shares with the reference engine — a board's size, the order of the move kinds
(the canonical order of moves), the players' codes, an evaluation's weights, a table of
prime factors or of neighbours — are written by ``setup.py``, before Cython compiles
anything, into ``cext/<game>/constants.pxd`` (not committed: it is made from this code on
every build), which the kernel cimports. Each game's ``solver/<game>/kernel.py`` says what
goes there (its ``constants()``); :func:`pxd_text` writes it: ``cdef enum`` members for
integers and C arrays (``static const``) for tables.

>>> print(pxd_text("toy", {"SIZE": 3}, {"NEXT": ("int", [1, 2, 0])}))
# The constants cext/toy/ is compiled with, made by setup.py out of solver/toy/kernel.py
# (numbergames.solver.kernel_constants): not committed, never edited; change the solver code instead.
<BLANKLINE>
cdef enum:
    SIZE = 3
<BLANKLINE>
cdef extern from *:
    \"\"\"
    static const int NEXT[3] = {1, 2, 0};
    \"\"\"
    const int NEXT[3]
<BLANKLINE>
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from numbergames.solver import kernel_rules
from numbergames.solver.kernel_rows import constants as rows_constants
from numbergames.solver.kernel_rows import decision_constants
from numbergames.solver.registry import find_game, game_names

Arrays = Mapping[str, tuple[str, Sequence[Any]]]
"""C arrays: ``name -> (element type, nested lists of integers)``."""


def _shape(values: Any) -> list[int]:
    shape = []
    while isinstance(values, (list, tuple)):
        shape.append(len(values))
        values = values[0] if values else 0
    return shape


def _literal(values: Any) -> str:
    if isinstance(values, (list, tuple)):
        return "{" + ", ".join(_literal(v) for v in values) + "}"
    number = int(values)
    return f"{number}ULL" if number >= 1 << 63 else str(number)


def pxd_text(game: str, enums: Mapping[str, int], arrays: Arrays = {}) -> str:
    """The text of ``cext/<game>/constants.pxd`` (see the module docstring)."""
    lines = [f"# The constants cext/{game}/ is compiled with, made by setup.py out of "
             f"solver/{game}/kernel.py",
             "# (numbergames.solver.kernel_constants): not committed, never edited; change the solver "
             "code instead.", ""]
    if any(ctype.startswith(("uint", "int")) and ctype.endswith("_t")
           for ctype, _ in arrays.values()):
        lines.append("from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, "
                     "uint16_t, uint32_t, uint64_t")
        lines.append("")
    if enums:
        lines.append("cdef enum:")
        lines += [f"    {name} = {int(value)}" for name, value in enums.items()]
        lines.append("")
    if arrays:
        lines.append("cdef extern from *:")
        lines.append('    """')
        for name, (ctype, values) in arrays.items():
            dims = "".join(f"[{n}]" for n in _shape(values))
            lines.append(f"    static const {ctype} {name}{dims} = {_literal(values)};")
        lines.append('    """')
        for name, (ctype, values) in arrays.items():
            dims = "".join(f"[{n}]" for n in _shape(values))
            lines.append(f"    const {ctype} {name}{dims}")
        lines.append("")
    return "\n".join(lines)


def player_codes(players: Any, policies: Sequence[str], names: Sequence[str],
                 search: str, mcts: str | None = None) -> tuple[list[int], list[int]]:
    """Each seat's player as the kernels number them (``names`` in order, then the search
    family ``search``, then the family ``mcts`` if given) and its budget (0 for a fixed
    player): names checked by ``players`` (a :class:`numbergames.solver.registry.Players`)."""
    codes, budgets = [], []
    for name in policies:
        family, budget = players.parse(name)
        codes.append(len(names) if family == search
                     else len(names) + 1 if mcts is not None and family == mcts
                     else list(names).index(family))
        budgets.append(budget)
    return codes, budgets


def write_all(root: str | Path) -> list[Path]:
    """Write ``cext/<game>/constants.pxd`` for every game whose ``solver/<game>/kernel.py``
    has ``constants()`` (with, for every game, the decision API's markers and the result rows'
    column numbers, :mod:`numbergames.solver.kernel_rows`; and where the kernel module names
    its rules class as ``RULES``, the C ``Rules`` struct and the choices' codes,
    :mod:`numbergames.solver.kernel_rules`); a file already holding the same text is left alone (so Cython
    does not compile again what did not change). Returns the files written."""
    written = []
    for game in game_names():
        try:
            module = importlib.import_module(f"numbergames.solver.{game}.kernel")
        except ModuleNotFoundError as exc:
            if exc.name != f"numbergames.solver.{game}.kernel":
                raise
            continue
        enums, arrays = module.constants()
        rules = getattr(module, "RULES", None)     # the kernel's Config holds its rules
        codes = kernel_rules.choice_codes(rules) if rules else {}
        clash = sorted(name for name in codes if enums.get(name, codes[name]) != codes[name])
        if clash:
            raise ValueError(f"{game}: {clash} name a choice's code and another constant")
        enums = {**decision_constants(), **rows_constants(find_game(game)), **codes, **enums}
        path = Path(root) / "cext" / game / "constants.pxd"
        text = pxd_text(game, enums, arrays)
        if rules:
            text += "\n" + kernel_rules.struct_text(rules)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written
