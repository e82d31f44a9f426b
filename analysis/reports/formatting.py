"""How figures are written for people: percentages with as many decimals as their interval
warrants, p-values, turn counts, Markdown tables. One place for every report (Monte Carlo,
what-if, skill, overview, exact analyses), so a figure reads the same everywhere.
"""
from __future__ import annotations

import math
import re
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
    """Text made safe for one Markdown table cell (our own Markdown kept: for text taken
    from input use :func:`md_text` first)."""
    return text.replace("|", "\\|").replace("\n", " ")


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters (C0, DEL, C1) and Unicode's line and paragraph separators."""
_MD_SPECIAL = re.compile(r"[\\`*\[\]<>|~&#]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
"""What Markdown or HTML could read as markup: emphasis, code, links and images, HTML tags
and entities, table cells, headings; an underscore only at a word's edge (``men_to_win``
is plain text as it is)."""


def md_text(text: Any) -> str:
    """Text taken from input (a variant's name or description, a label, a path), made
    safe for one Markdown line — prose, a heading or a table cell: control characters and
    line breaks become spaces, and every character Markdown or HTML could read as markup
    is escaped, so the text shows as written and starts nothing (no heading, tag, link,
    emphasis or cell).

    >>> md_text("<script>x</script>\\n# Heading | *b*")
    '\\\\<script\\\\>x\\\\</script\\\\> \\\\# Heading \\\\| \\\\*b\\\\*'
    >>> md_text("men_to_win-4")
    'men_to_win-4'
    """
    return _MD_SPECIAL.sub(lambda m: "\\" + m.group(), _CONTROL.sub(" ", str(text)))


def md_code(text: Any) -> str:
    """Text taken from input as inline code: one line, between as many backticks as it
    never holds in a row (CommonMark code spans).

    >>> md_code("a`b"), md_code("plain")
    ('``a`b``', '`plain`')
    """
    line = _CONTROL.sub(" ", str(text))
    ticks = "`" * (1 + max((len(run) for run in re.findall("`+", line)), default=0))
    pad = " " if line.startswith("`") or line.endswith("`") else ""
    return f"{ticks}{pad}{line}{pad}{ticks}"


def md_block(text: str, language: str = "") -> str:
    """``text`` as a fenced code block whose fence no line of it can close.

    >>> print(md_block("analyze x --out 'a\\n```'", "sh"))
    ````sh
    analyze x --out 'a
    ```'
    ````
    """
    fence = "`" * max(3, 1 + max((len(run) for run in re.findall("`+", text)), default=0))
    return f"{fence}{language}\n{text}\n{fence}"


def terminal_text(text: Any, lines: bool = False) -> str:
    """Text taken from input (a stored run's label, a variant's name) made safe to print
    on a terminal: every control character — an escape sequence's ESC among them, and line
    breaks unless ``lines`` — shown as ``\\xNN`` instead of acting on the terminal.

    >>> terminal_text("red\\x1b[31m label\\n")
    'red\\\\x1b[31m label\\\\x0a'
    """
    pattern = _TERMINAL_LINES if lines else _CONTROL
    return pattern.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256
                       else f"\\u{ord(m.group()):04x}", str(text))


def shortened(text: str, limit: int = 600) -> str:
    """``text`` when at most ``limit`` characters, else its start and its end with how many
    characters are left out between: an error line that quotes a 10,000-character input
    still says what is wrong and what is allowed, in a line one can read.

    >>> shortened("unknown policy '" + "x" * 50 + "'; allowed: random", 40)
    "unknown policy 'xxxx … (44 characters left out) … xx'; allowed: random"
    """
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} … ({len(text) - 2 * keep:,} characters left out) … {text[-keep:]}"


def plot_text(text: Any) -> str:
    """Text taken from input for a plot's title or label: one line, and a ``$`` shown as
    written (matplotlib reads ``$...$`` as mathematics, and fails on what it cannot parse).

    >>> plot_text("cost $5\\nnow")
    'cost \\\\$5 now'
    """
    return _CONTROL.sub(" ", str(text)).replace("$", r"\$")


_TERMINAL_LINES = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters but the line feed."""


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
