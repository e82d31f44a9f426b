"""A game's rules in C, following from the rules dataclass: one declaration per rules field.

A rules field is declared once, with :func:`numbergames.solver.params.param` in the game's
rules dataclass (``solver/<game>/rules.py``). Its C twin and its copy into C follow from it:

* :func:`struct_text` — the kernel's ``ctypedef struct Rules``, one member a field in
  declaration order, written into ``cext/<game>/constants.pxd`` when the package is built
  (:func:`numbergames.solver.kernel_constants.write_all`, for a game whose kernel module names
  its rules class as ``RULES``), with the codes of every choice (:func:`choice_codes`); the
  kernel's ``Config`` holds it as one member, ``c.rules``;
* :func:`values` — the rules as that struct's plain values (the ``"rules"`` entry of the
  kernel's configuration), which the kernel's ``Setup`` assigns in one statement
  (``self.c.rules = config["rules"]``: Cython converts the dict, and a missing field fails).

Every field maps by its kind alone (:data:`C_TYPES`): ``bool`` to ``bint``, ``int`` to ``int``
(an ``int64_t`` if its range does not fit), ``float`` to ``double``, and a ``str`` of
``choices`` to ``int``: the index of the value in its choices, named ``<FIELD>_<CHOICE>``
(Man Home's ``tie``: ``TIE_DEFENDER = 0``, ``TIE_ATTACKER = 1``, ``TIE_REROLL = 2``).

>>> import dataclasses
>>> from numbergames.solver.params import Rules, param
>>> @dataclasses.dataclass(frozen=True)
... class Toy(Rules):
...     game = "toy"
...     seats: int = param(2, "seats", low=2, high=4)
...     bonus: bool = param(True, "a bonus turn")
...     tie: str = param("home", "who wins a tie", choices=("home", "away"))
>>> print(struct_text(Toy))
ctypedef struct Rules:
    # the rules dataclass's fields (solver/toy/rules.py), by numbergames.solver.kernel_rules
    int seats                      # seats
    bint bonus                     # a bonus turn
    int tie                        # who wins a tie: TIE_* (the index of the choice)
<BLANKLINE>
>>> choice_codes(Toy), values(Toy(tie="away"))
({'TIE_HOME': 0, 'TIE_AWAY': 1}, {'seats': 2, 'bonus': True, 'tie': 1})
"""
from __future__ import annotations

import re
from typing import Any

from numbergames.solver.params import Param, Rules

INT32 = (-(1 << 31), (1 << 31) - 1)
C_TYPES = {bool: "bint", int: "int", float: "double", str: "int"}
"""The C type of each kind of rules field (a ``str`` is one of its choices, as its index)."""


def c_type(spec: Param) -> str:
    """The C type of a field: by its kind; an ``int`` whose range does not fit 32 bits, ``int64_t``."""
    if spec.kind is str and not spec.choices:
        raise TypeError("a text rules field reaches C only as one of its choices")
    if spec.kind is int and not (INT32[0] <= spec.low and spec.high <= INT32[1]):
        return "int64_t"
    return C_TYPES[spec.kind]


def _name(text: Any) -> str:
    return re.sub(r"\W", "_", str(text)).upper()


def choice_codes(rules: type[Rules]) -> dict[str, int]:
    """``<FIELD>_<CHOICE>``: the code of each choice of every text field (its index)."""
    return {f"{_name(field)}_{_name(choice)}": code
            for field, spec in rules.parameters().items() if spec.kind is str
            for code, choice in enumerate(spec.choices)}


def struct_text(rules: type[Rules]) -> str:
    """The ``ctypedef struct Rules`` of ``rules`` (the module docstring)."""
    wide = any(c_type(spec) == "int64_t" for spec in rules.parameters().values())
    lines = ["from libc.stdint cimport int64_t", ""] if wide else []
    lines += ["ctypedef struct Rules:",
             f"    # the rules dataclass's fields (solver/{rules.game}/rules.py), by "
             "numbergames.solver.kernel_rules"]
    for field, spec in rules.parameters().items():
        doc = spec.doc + (f": {_name(field)}_* (the index of the choice)"
                          if spec.kind is str else "")
        lines.append(f"    {c_type(spec) + ' ' + field:<30} # {doc}")
    return "\n".join(lines) + "\n"


def values(rules: Rules) -> dict[str, Any]:
    """The fields of ``rules`` as the kernel's ``Rules`` holds them (a choice as its index)."""
    return {field: spec.choices.index(value) if spec.kind is str else value
            for field, spec in type(rules).parameters().items()
            for value in (getattr(rules, field),)}
