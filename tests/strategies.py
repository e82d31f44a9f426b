"""Hypothesis strategies the tests of several games share."""
from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from numbergames.solver.params import Rules, RulesError


def rules_values(rules: type[Rules], keep: tuple[str, ...] = (),
                 **narrower: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Values for every rules parameter of ``rules``, each drawn from what it allows (one of
    its choices, a bool, an integer or a number in its range), except those in ``keep``
    (left at their defaults) and those ``narrower`` draws otherwise (a smaller board, for
    short games); only values the rules accept together (their ``check()``: an order of
    play other than fixed needs three seats)."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, param in rules.parameters().items():
        if name in keep:
            continue
        if name in narrower:
            fields[name] = narrower[name]
        elif param.choices:
            fields[name] = st.sampled_from(param.choices)
        elif param.kind is bool:
            fields[name] = st.booleans()
        elif param.kind is int:
            fields[name] = st.integers(param.low, param.high)
        else:
            fields[name] = st.floats(param.low, param.high)
    return st.fixed_dictionaries(fields).filter(lambda values: _accepted(rules, values))


def _accepted(rules: type[Rules], values: dict[str, Any]) -> bool:
    try:
        rules(**values)
    except RulesError:
        return False
    return True
