"""One Shoo position for a terminal (``analyze position shoo``): the description that
:func:`numbergames.solver.shoo.examine.describe` returns (plain data, what ``--json`` prints) as text —
the board, the side to move, the shooable travellers, the legal moves, and on request the
search player's best move and the perft counts."""
from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any


def render(info: Mapping[str, Any]) -> str:
    """The description for a terminal."""
    lines = [*info["board"], "", f"notation   {info['notation']}",
             f"to move    {info['side']} (move {info['ply']})"]
    if info["winner"]:
        lines.append(f"won by     {info['winner']}")
    lines.append(f"shooable   {', '.join(info['shooable']) or 'none'}"
                 + (f"  (shooed off: {', '.join(info['shooed_off'])})" if info["shooed_off"] else ""))
    moves = info["legal_moves"]
    lines.append(f"{len(moves)} legal moves" + (":" if moves else ""))
    lines += textwrap.wrap("  ".join(moves), width=88, initial_indent="  ",
                           subsequent_indent="  ", break_on_hyphens=False)
    if "search" in info:
        s = info["search"]
        lines.append(f"{s['player']}: best {s['move']}, value {s['value']:+d}")
    for row in info.get("perft", []):
        lines.append(f"perft {row['depth']}    {row['nodes']:,}")
    return "\n".join(lines)
