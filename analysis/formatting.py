"""How figures are written for people: percentages with as many decimals as their interval
warrants, p-values, turn counts, Markdown tables. One place for every report (Monte Carlo,
what-if, skill, overview, exact analyses), so a figure reads the same everywhere.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any


def num(value: Any) -> float | None:
    """``value`` as a float, or None when it is missing or NaN."""
    if value is None:
        return None
    number = float(value)
    return None if math.isnan(number) else number


def decimals_for(width: float | None) -> int:
    """Decimals for percentages whose interval is ``width`` (a fraction) wide: 1 to 3.

    >>> decimals_for(0.002), decimals_for(0.0002), decimals_for(0.05)
    (1, 2, 1)
    """
    if width is None or not width > 0:
        return 1
    return min(3, max(1, math.floor(-math.log10(width * 100)) + 1))


def pct(value: Any, decimals: int = 1) -> str:
    """A fraction as a percentage: ``pct(0.5234) == '52.3%'``."""
    number = num(value)
    return "n/a" if number is None else f"{number * 100:.{decimals}f}%"


def pct_range(lo: Any, hi: Any, decimals: int = 1, dash: str = "–") -> str:
    """An interval of fractions: ``pct_range(0.522, 0.524) == '52.2–52.4%'``."""
    a, b = num(lo), num(hi)
    if a is None or b is None:
        return "n/a"
    return f"{a * 100:.{decimals}f}{dash}{b * 100:.{decimals}f}%"


def share_text(value: Any) -> str:
    """A small share as a percentage with one significant digit below 1%."""
    number = num(value)
    if number is None:
        return "n/a"
    points = number * 100
    if points == 0 or points >= 1:
        return f"{points:.{0 if points == 0 else 1}f}%"
    return f"{points:.{min(4, -math.floor(math.log10(points)))}f}%"


def p_text(value: Any) -> str:
    """A p-value: ``p < 0.001``, ``p = 0.012`` or ``p = 0.41``."""
    p = num(value)
    if p is None:
        return "p not available"
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.3f}" if p < 0.1 else f"p = {p:.2f}"


def turns_text(value: Any) -> str:
    """A number of turns: whole numbers plain, others with one decimal."""
    number = num(value)
    if number is None:
        return "n/a"
    return f"{number:,.0f}" if number.is_integer() else f"{number:,.1f}"


def count_text(value: Any) -> str:
    """An integer with thousands separators."""
    return "n/a" if value is None else f"{int(value):,}"


def conf_text(summary: Mapping[str, Any]) -> str:
    """The confidence level as text, e.g. ``95%``."""
    return f"{float(summary.get('confidence', 0.95)) * 100:g}%"


def md_cell(text: str) -> str:
    """Text made safe for one Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def md_table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> str:
    """A Markdown table; ``align`` has one ``l`` or ``r`` per column."""
    rule = ["---:" if a == "r" else "---" for a in align]
    lines = [header, rule, *rows]
    return "\n".join("| " + " | ".join(md_cell(c) for c in line) + " |" for line in lines)


def p_short(value: Any) -> str:
    """A p-value in a table cell: ``< 0.001``, ``0.012``, ``—`` when there is none."""
    p = num(value)
    if p is None:
        return "—"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"
