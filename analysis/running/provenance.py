"""Where a result comes from: the toolkit's version, when it was made, how, and how fast —
and a report that says the same as the one it replaces keeps that one's provenance."""
from __future__ import annotations

import datetime as _dt
import json
import os
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any

from numbergames.analysis.statistics.plain import plain

PROVENANCE = frozenset({"created", "elapsed_s", "games_per_s", "games_loaded", "store",
                        "command", "out", "version"})
"""Keys of a summary (and columns of a table) that say how a result was made, not what it
is: when, how fast, how many games were loaded and from which store, by which command and
toolkit version."""


def package_version() -> str:
    """The installed toolkit's version (``0+unknown`` from a bare checkout)."""
    try:
        return metadata.version("numbergames")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0+unknown"


def now() -> str:
    """The current UTC time, to the second, in ISO format."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def kept(folder: str | os.PathLike[str], summary: Mapping[str, Any]) -> dict[str, Any]:
    """``summary`` — with the provenance of the report in ``folder`` (its summary.json)
    when every other figure of that report is the same: a run asked again (the README's
    main command in a fresh clone, or answered by the results store) then rewrites the
    report it replaces byte for byte, its date and timing included, instead of a copy that
    differs in when and how fast only.

    >>> kept("no/such/folder", {"games": 3, "created": "today"})
    {'games': 3, 'created': 'today'}
    """
    new = json.loads(json.dumps(plain(summary), allow_nan=False))
    try:
        old = json.loads((Path(folder) / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return new
    if not isinstance(old, dict) or _figures(old) != _figures(new):
        return new
    return {key: old[key] if key in PROVENANCE and key in old else value
            for key, value in new.items()}


def _figures(summary: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in PROVENANCE}
