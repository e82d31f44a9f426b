"""A Sumoku pattern or hand examined (``analyze position sumoku``), as text for a terminal:
the plain data of :func:`numbergames.solver.sumoku.examine.describe` written out — a pattern with its
verdict and its lines' sums, or a hand with the layout search's verdict and its layout."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render(info: Mapping[str, Any]) -> str:
    """The data of :func:`numbergames.solver.sumoku.examine.describe` for a terminal."""
    head = f"key {info['key']}" + (" (solo: no number repeated in a line)" if info["solo"]
                                   else "")
    if info["kind"] == "pattern":
        out = [*info["pattern"], "", f"{info['tiles']} tiles on {head}: "
               + ("a valid pattern" if info["valid"] else f"not valid — {info['reason']}")]
        out += [f"  line {line['tiles']:<20} sums to {line['sum']}" for line in info["lines"]]
        return "\n".join(out)
    words = {"found": "laid out as one valid pattern",
             "impossible": f"proven impossible ({info['proof']})",
             "gave_up": f"undecided: the search gave up after {info['budget']:,} nodes"}
    out = [f"hand of {info['tiles']} on {head}: {info['hand']}",
           f"{words[info['status']]} ({info['nodes']:,} nodes searched)"]
    if info["layout"]:
        out += ["", *info["layout"]]
    return "\n".join(out)
