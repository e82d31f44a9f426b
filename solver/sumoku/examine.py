"""One Sumoku pattern or hand examined, for ``analyze position sumoku "<text>"`` (or
``--file PATH``), on the fixed key of the rules (``--set key=3..10``):

* a **pattern** — rows of tiles (``R3 O1 Y6``, ``.`` an empty cell, ``G9`` a "6" lying as
  9; rows on their own lines, or separated by ``/``; an empty row, a blank line or ``//``,
  is a row of empty cells, never dropped) — is validated (RULES.md rules 4 to 7):
  connected, every tile in a line, every line valid; its lines are listed with their sums;
* a **hand** — ``hand: R3 O1 Y6 ...`` — is decided by the layout search (speed sumoku,
  RULES.md rule 47): a layout found and printed, proven impossible, or given up;
  ``--search N`` gives the search N hundred thousand nodes (default
  :data:`numbergames.solver.sumoku.layout.DEFAULT_BUDGET`).

``solo:`` before either applies solo sumoku's rule (no number repeated in a line).
:func:`describe` returns plain data (what ``--json`` prints; the text is written from it by
``studies/sumoku/position.py``); a malformed pattern or hand, or a request that does not
apply, raises :class:`numbergames.solver.params.RulesError` with one line.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from numbergames.solver.notation import plain_text
from numbergames.solver.params import RulesError
from numbergames.solver.sumoku.layout import DEFAULT_BUDGET, fast_search
from numbergames.solver.sumoku.pattern import check_pattern, format_pattern, lines, parse_pattern
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import NINE, is_six, kind_number, parse, text

NODES_PER_BUDGET = 100_000
"""``--search N``: N hundred thousand nodes for a hand's layout search."""
MAX_SEARCH = 10_000
"""The largest ``--search``: 10^9 nodes, about a minute."""
MAX_HAND = 24
"""The largest hand decided here (a complete search of more does not finish)."""
HAND, SOLO = "hand:", "solo:"


def describe(rules: SumokuRules, source: str | None = None, search: int = 0,
             perft: int = 0) -> dict[str, Any]:
    """Everything shown of the pattern or hand ``source`` on the rules' fixed key."""
    if perft:
        raise RulesError("--perft counts move sequences; a Sumoku pattern or hand has none")
    key = rules.fixed_key
    if key is None:
        raise RulesError(f"key={rules.key} rolls the key; examine a pattern or hand on a fixed "
                         "key: --set key=3..10")
    try:
        body = plain_text(source or "").strip()
    except ValueError as exc:
        raise RulesError(str(exc)) from None
    if not body:
        raise RulesError("give a pattern (rows of tiles like 'R3 O1 Y6 / . G7 .') or a hand "
                         "('hand: R3 O1 Y6 ...')")
    solo = body.lower().startswith(SOLO)
    if solo:
        body = body[len(SOLO):].strip()
    info: dict[str, Any] = {"key": key, "solo": solo, "six_is_nine": rules.six_is_nine}
    try:
        if body.lower().startswith(HAND):
            if search and not 1 <= search <= MAX_SEARCH:
                raise RulesError(f"--search must be from 1 to {MAX_SEARCH:,} (hundred thousand "
                                 f"nodes), not {search}")
            return info | _hand(body[len(HAND):], key, solo, rules,
                                search * NODES_PER_BUDGET if search else DEFAULT_BUDGET)
        if search:
            raise RulesError("--search decides a hand ('hand: ...'), not a laid pattern")
        return info | _pattern(body.replace("/", "\n"), key, solo, rules)
    except RulesError:
        raise
    except ValueError as exc:
        raise RulesError(str(exc)) from None


def _values(pattern: Mapping, values: Mapping) -> dict:
    """Each tile's value: its number, or the value a "6" takes."""
    return {cell: values.get(cell, kind_number(k)) for cell, k in pattern.items()}


def _pattern(source: str, key: int, solo: bool, rules: SumokuRules) -> dict[str, Any]:
    pattern, pinned = parse_pattern(source)
    verdict = check_pattern(pattern, key, solo=solo, six_is_nine=rules.six_is_nine,
                            six_value=rules.six_value, pinned=pinned)
    values = _values(pattern, {**pinned, **verdict.values})
    found = [{"tiles": " ".join(text(pattern[c]) for c in line),
              "sum": sum(values[c] for c in line)} for line in lines(pattern)]
    return {"kind": "pattern", "tiles": len(pattern), "valid": verdict.ok,
            "reason": verdict.reason, "pattern": format_pattern(pattern, {
                c: v for c, v in {**pinned, **verdict.values}.items() if v == NINE}).split("\n"),
            "lines": found}


def _hand(words: str, key: int, solo: bool, rules: SumokuRules, budget: int) -> dict[str, Any]:
    hand = [parse(w) for w in words.split()]
    if not 2 <= len(hand) <= MAX_HAND:
        raise RulesError(f"a hand of {len(hand)} tiles; give 2 to {MAX_HAND}")
    for k in set(hand):
        if hand.count(k) > 2:
            raise RulesError(f"tile {text(k)} appears more than twice (there are two)")
    result = fast_search(hand, key, solo=solo, six_is_nine=rules.six_is_nine, budget=budget)
    nines = sum(1 for c, v in result.cell_values.items() if v == NINE and is_six(result.layout[c]))
    return {"kind": "hand", "tiles": len(hand), "hand": " ".join(text(k) for k in hand),
            "status": result.status, "proof": result.proof, "nodes": result.nodes,
            "budget": budget, "layout": result.text().split("\n") if result.layout else [],
            "sixes_as_nine": nines}
