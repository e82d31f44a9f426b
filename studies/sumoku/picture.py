"""Pictures of Sumoku patterns: each tile a square of its colour with its number, a "6"
tile drawn with its value (6 or 9) underlined, as on the real tile, the key in the title,
saved as PNG.

>>> import tempfile, pathlib
>>> from numbergames.solver.sumoku.pattern import parse_pattern
>>> p, pinned = parse_pattern("R3 O1 Y6\\n.  G7 .\\n.  B2 .")
>>> with tempfile.TemporaryDirectory() as d:
...     path = draw_pattern(p, pathlib.Path(d) / "p.png", key=5, values=pinned)
...     path.stat().st_size > 1000
True
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from numbergames.solver.sumoku.pattern import Cell
from numbergames.solver.sumoku.tiles import NINE, SIX, Kind, kind_colour, kind_number

FACE = {0: "#d62728", 1: "#ff7f0e", 2: "#f2c200", 3: "#2ca02c", 4: "#1f77b4", 5: "#8c4fb5"}
"""A face colour per tile colour (red, orange, yellow, green, blue, purple)."""
INK = {0: "white", 1: "black", 2: "black", 3: "white", 4: "white", 5: "white"}
"""The number's colour on each face, for contrast."""
CELL = 0.6
"""Inches per grid cell."""


def draw_pattern(pattern: Mapping[Cell, Kind], path: str | Path, *, key: int,
                 values: Mapping[Cell, int] | None = None, title: str = "") -> Path:
    """Draw ``pattern`` (cells to kinds; ``values`` the value of each "6", 6 or 9) to the
    PNG ``path``; the title says the key (and ``title`` before it)."""
    if not pattern:
        raise ValueError("no tiles to draw")
    values = values or {}
    rows = [r for r, _ in pattern]
    cols = [c for _, c in pattern]
    top, left = min(rows), min(cols)
    height, width = max(rows) - top + 1, max(cols) - left + 1
    fig = Figure(figsize=(max(2.5, CELL * width + 0.6), CELL * height + 0.9))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    for (r, c), k in sorted(pattern.items()):
        x, y = c - left, height - 1 - (r - top)
        colour = kind_colour(k)
        ax.add_patch(Rectangle((x + 0.04, y + 0.04), 0.92, 0.92, facecolor=FACE[colour],
                               edgecolor="black", linewidth=1.2))
        value = values.get((r, c), kind_number(k))
        ax.text(x + 0.5, y + 0.5, str(value), ha="center", va="center", fontsize=15,
                fontweight="bold", color=INK[colour])
        if kind_number(k) == SIX:   # the real tile underlines its 6/9 to tell them apart
            ax.plot([x + 0.36, x + 0.64], [y + 0.2, y + 0.2], color=INK[colour], linewidth=2)
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"{title + ' — ' if title else ''}key {key}", fontsize=10)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=100)
    return path


def draw_layout(pattern: Mapping[Cell, Kind], key: int, values: Mapping[Cell, int] | None,
                title: str, path: str | Path) -> None:
    """:func:`draw_pattern` with the path last, as a report's figure draws
    (:meth:`numbergames.analysis.reports.writer.ReportFolder.figure`)."""
    draw_pattern(pattern, path, key=key, values=values, title=title)
