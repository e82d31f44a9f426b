"""The one writer of report folders: every report — a Monte Carlo run, a what-if sweep, a
skill ladder, every game's exact analyses — writes its files through it.

A report folder holds ``summary.json`` (every figure, as plain JSON), ``report.md`` (the
findings for people), CSV tables and PNG figures, and whatever data the report adds
(``games.npz``). :func:`report_folder` writes them into a staging folder that replaces
the report folder whole only when every file is written (:func:`numbergames.analysis.running.folders.staged_folder`:
an interrupted or failed report leaves the old folder as it was), and draws each figure
through the plot cache (:mod:`numbergames.analysis.reports.plotcache`: a figure drawn from the same data as the
one in the folder being replaced is copied from it, not drawn again).

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as root:
...     out = pathlib.Path(root) / "r"
...     with report_folder(out) as report:
...         report.summary({"games": 3, "rate": float("nan")})
...         report.table("rows.csv", [{"a": 1, "b": 2.5}])
...         report.markdown("# A report\\n")
...     sorted(p.name for p in out.iterdir()), (out / "summary.json").read_text()
(['.analyze-report', 'report.md', 'rows.csv', 'summary.json'], '{\\n  "games": 3,\\n  "rate": null\\n}\\n')
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from numbergames.analysis.reports import plotcache
from numbergames.analysis.running.folders import staged_folder
from numbergames.analysis.statistics.plain import plain


class ReportFolder:
    """The report folder being written (a staging folder; see the module docstring)."""

    def __init__(self, folder: Path, previous: Path | None) -> None:
        self.folder = folder
        """The staging folder the files go into."""
        self.previous = previous
        """The folder this one replaces (for the plot cache), or None."""

    def path(self, name: str) -> Path:
        """Where the file ``name`` goes (for data a report writes itself)."""
        return self.folder / name

    def summary(self, summary: Mapping[str, Any], name: str = "summary.json") -> None:
        """Every figure as plain JSON (NaN and inf as null, UTF-8 kept readable)."""
        text = json.dumps(plain(summary), indent=2, allow_nan=False, ensure_ascii=False)
        self.path(name).write_text(text + "\n", encoding="utf-8")

    def markdown(self, text: str, name: str = "report.md") -> None:
        """The report for people."""
        self.path(name).write_text(text, encoding="utf-8")

    def table(self, name: str, rows: Any) -> None:
        """A CSV table: a DataFrame, or rows (mappings) as pandas writes them."""
        import pandas as pd

        frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
        frame.to_csv(self.path(name), index=False)

    def figure(self, name: str, draw: Callable[..., None], *args: Any, inputs: Any = None) -> bool:
        """The PNG ``name`` that ``draw(*args, path)`` draws, copied instead from the folder
        replaced when it was drawn from the same ``inputs`` (default ``args``); returns
        True when copied (:func:`numbergames.analysis.reports.plotcache.draw`)."""
        return plotcache.draw(self.path(name), self.previous, draw, *args, inputs=inputs)


@contextmanager
def report_folder(out: str | os.PathLike[str]) -> Iterator[ReportFolder]:
    """Write the report folder ``out`` whole or not at all (see the module docstring);
    UserError when it cannot be written."""
    with staged_folder(out) as staging:
        yield ReportFolder(staging, Path(out))


def written(out: str | os.PathLike[str], summary: Mapping[str, Any], markdown: str,
            tables: Mapping[str, Any] = {}, figures: Sequence[tuple] = ()) -> Path:
    """Write a whole report folder at once: ``summary``, ``markdown``, each table of
    ``tables`` (name: rows) and each figure of ``figures`` (``(name, draw, *args)``);
    returns its path."""
    with report_folder(out) as report:
        for name, rows in tables.items():
            report.table(name, rows)
        for name, draw, *args in figures:
            report.figure(name, draw, *args)
        report.summary(summary)
        report.markdown(markdown)
    return Path(out)
