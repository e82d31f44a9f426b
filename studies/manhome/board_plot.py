"""The lone-man table as a CSV, and any per-square value drawn on the real board.

The physical board is 12 rows of six squares. A new man's square is
``6 * (d12 mod 12) + (d6 mod 6)``: the d12 "goes up in multiples of six" and the d6
"goes right", so square ``s`` sits in row ``s // 6`` counted from the **bottom** and
column ``s % 6`` counted from the **left**: Death (0) bottom-left, 5 bottom-right,
66 top-left, 71 top-right. Prime squares are printed bold, as the real board prints
them slightly larger.

Typical use::

    from numbergames.solver.manhome.exact import lone_man_table
    table = lone_man_table()
    write_squares_csv(table, "squares.csv")
    plot_board({r["square"]: r["p_home_best"] for r in table}, "p_home.png",
               "A lone man's chance of getting home (best play)", "P(home)")

In a report folder (:func:`numbergames.analysis.reports.writer.report_folder`) the table goes through
``report.table("squares.csv", squares_frame(table))`` and a board through
``report.figure("p_home.png", draw_board, values, title, label, fmt)``.
"""
from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from fractions import Fraction
from numbers import Real
from typing import Any

import pandas as pd

from numbergames.solver.manhome.rules import DEATH, HOME, PRIME_FACTORS, SQUARES

COLUMNS = ("square", "p_home_best", "p_home_random", "actions_best", "actions_random",
           "subtract_best", "divide_best", "p_home_best_exact", "p_home_random_exact",
           "actions_best_exact", "actions_random_exact")
"""The columns of :func:`squares_frame`, in order."""

EXACT = ("p_home_best", "p_home_random", "actions_best", "actions_random")
"""The table's fraction-valued columns; each also appears exact as ``<name>_exact``."""

COLUMNS_PER_ROW = 6
ROWS = SQUARES // COLUMNS_PER_ROW


def exact_string(x: Fraction | int) -> str:
    """``"num/den"`` for a fraction, the denominator written even when it is 1.

    >>> exact_string(Fraction(5, 9)), exact_string(Fraction(1)), exact_string(3)
    ('5/9', '1/1', '3/1')
    """
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def squares_frame(table: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """The lone-man table (:func:`numbergames.solver.manhome.exact.lone_man_table`) as a DataFrame.

    Columns are :data:`COLUMNS`: the four values as floats, the best primes as ints, then
    the same four values exact, as ``"num/den"`` strings. Rows sorted by square.

    >>> from numbergames.solver.manhome.exact import lone_man_table
    >>> frame = squares_frame(lone_man_table())
    >>> frame.shape, frame.loc[0, "p_home_best_exact"], frame.loc[2, "actions_best_exact"]
    ((70, 11), '2/3', '19/9')
    """
    rows = sorted(table, key=lambda r: r["square"])
    data: dict[str, list[Any]] = {"square": [int(r["square"]) for r in rows]}
    for name in EXACT:
        data[name] = [float(r[name]) for r in rows]
    for name in ("subtract_best", "divide_best"):
        data[name] = [int(r[name]) for r in rows]
    for name in EXACT:
        data[f"{name}_exact"] = [exact_string(r[name]) for r in rows]
    return pd.DataFrame(data, columns=list(COLUMNS))


def write_squares_csv(table: Sequence[Mapping[str, Any]],
                      path: str | os.PathLike[str]) -> None:
    """Write :func:`squares_frame` as CSV, no index. Floats are written with full
    (shortest round-trip) precision; the ``_exact`` columns hold the values exactly."""
    squares_frame(table).to_csv(path, index=False)


# --------------------------------------------------------------------------- the board


def _square_values(values: Mapping[int, Any] | Sequence[Any]) -> list[float]:
    """A float (NaN when missing) for every square 0..71 from a mapping square -> value,
    a sequence indexed by square (72 entries) or a sequence for squares 2..71 (70)."""
    out = [math.nan] * SQUARES
    if isinstance(values, Mapping):
        items = values.items()
    elif len(values) == SQUARES:
        items = enumerate(values)
    elif len(values) == SQUARES - 2:
        items = enumerate(values, start=2)
    else:
        raise ValueError(f"expected {SQUARES} values (squares 0..{SQUARES - 1}) or "
                         f"{SQUARES - 2} (squares 2..{SQUARES - 1}), got {len(values)}")
    for square, value in items:
        if not 0 <= int(square) < SQUARES:
            raise ValueError(f"no square {square} on the board (0..{SQUARES - 1})")
        if value is not None:
            out[int(square)] = float(value)
    return out


def _text_colour(rgba: Sequence[float]) -> str:
    """Black on light cells, white on dark ones (relative luminance)."""
    r, g, b = rgba[:3]
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "white"


def plot_board(values: Mapping[int, Real] | Sequence[Real], path: str | os.PathLike[str],
               title: str, label: str, fmt: str = "{:.3f}", cmap: str = "viridis") -> None:
    """Draw one value per square on the real 12 x 6 board and save it as a PNG.

    ``values``: a mapping square -> value (missing squares are left blank), a sequence
    indexed by square (72 entries) or a sequence for squares 2..71 (70 entries); values
    may be Fractions. Squares 0 (Death) and 1 (Home) are drawn as such whatever their
    value. Cells are coloured by value on ``cmap`` (perceptually uniform by default) with
    a colorbar labelled ``label``; each cell shows its square number in the corner (bold
    for primes) and ``fmt.format(value)`` in the middle. Any per-square metric works,
    e.g. the gain in P(home) of best over random play.
    """
    from matplotlib import colormaps
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    board = _square_values(values)
    shown = [v for s, v in enumerate(board) if s not in (DEATH, HOME) and not math.isnan(v)]
    low, high = (min(shown), max(shown)) if shown else (0.0, 1.0)
    if low == high:
        low, high = low - 0.5, high + 0.5
    norm = Normalize(vmin=low, vmax=high)
    colours = colormaps[cmap]

    figure = Figure(figsize=(7.5, 10.8), dpi=120, layout="constrained")
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    for square in range(SQUARES):
        row, column = divmod(square, COLUMNS_PER_ROW)
        value = board[square]
        if square == DEATH:
            face, word, ink = "#262626", "Death", "white"
        elif square == HOME:
            face, word, ink = "#f2c12e", "Home", "black"
        elif math.isnan(value):
            face, word, ink = "#e6e6e6", "–", "dimgray"
        else:
            face = colours(norm(value))
            word, ink = fmt.format(value), _text_colour(face)
        ax.add_patch(Rectangle((column, row), 1, 1, facecolor=face, edgecolor="white",
                               linewidth=1.5))
        prime = len(PRIME_FACTORS[square]) == 1 and PRIME_FACTORS[square][0] == square
        ax.text(column + 0.07, row + 0.93, str(square), ha="left", va="top", color=ink,
                fontsize=10 if prime else 8, fontweight="bold" if prime else "normal")
        special = square in (DEATH, HOME)
        ax.text(column + 0.5, row + 0.42, word, ha="center", va="center", color=ink,
                fontsize=12 if special else 11, fontweight="bold" if special else "normal")

    ax.set_xlim(0, COLUMNS_PER_ROW)
    ax.set_ylim(0, ROWS)
    ax.set_aspect("equal")
    ax.set_xticks([c + 0.5 for c in range(COLUMNS_PER_ROW)],
                  [f"+{c}" for c in range(COLUMNS_PER_ROW)])
    ax.set_yticks([r + 0.5 for r in range(ROWS)],
                  [str(COLUMNS_PER_ROW * r) for r in range(ROWS)])
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlabel("d6: + 0..5 (6 counts 0)")
    ax.set_ylabel("d12: row start, multiples of six (12 counts 0)")
    ax.set_title(f"{title}\n(bold numbers: prime squares)", fontsize=12)
    colorbar = figure.colorbar(ScalarMappable(norm=norm, cmap=colours), ax=ax,
                               shrink=0.6, pad=0.02)
    colorbar.set_label(label)
    figure.savefig(path)


def draw_board(values: Mapping[int, Real] | Sequence[Real], title: str, label: str, fmt: str,
               path: str | os.PathLike[str]) -> None:
    """:func:`plot_board` with the path last, as the report writer's ``report.figure``
    calls a drawing function."""
    plot_board(values, path, title, label, fmt=fmt)
