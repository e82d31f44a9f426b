"""The report of any finished analysis, chosen by the result's type: :func:`write_report`.

A :func:`functools.singledispatch` function: each kind of result registers its writer
beside it (a run's, :class:`numbergames.analysis.searches.simulation.Simulation`, in :mod:`numbergames.analysis.searches.simulation`;
a what-if sweep's, a skill ladder's and a fair search's in their report modules,
:mod:`numbergames.analysis.searches.whatif_report`, :mod:`numbergames.analysis.searches.skill_report`,
:mod:`numbergames.analysis.searches.fair_report`). A subclass of a result
type is written as that type is; anything else is a TypeError. The writers' modules are
imported on the first call that needs them, not here, so that importing costs nothing.
"""
from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import Any

WRITERS = ("numbergames.analysis.searches.simulation", "numbergames.analysis.searches.whatif_report",
           "numbergames.analysis.searches.skill_report", "numbergames.analysis.searches.fair_report")
"""The modules that register a writer (imported on first use)."""


@functools.singledispatch
def write_report(result: Any, out: str | Path | None = None) -> Path:
    """Write the report folder of a finished analysis — a Monte Carlo run, a what-if sweep
    or a skill ladder — to ``out`` (default: its standard folder); returns its path.
    TypeError for anything that is no such result."""
    fallback = write_report.registry[object]
    for module in WRITERS:
        importlib.import_module(module)
    writer = write_report.dispatch(type(result))
    if writer is fallback:
        kinds = ", ".join(sorted(t.__name__ for t in write_report.registry if t is not object))
        raise TypeError(f"no report for a {type(result).__name__}; expected one of {kinds}")
    return writer(result, out)
