"""Where a result comes from: the toolkit's version, and when it was made."""
from __future__ import annotations

import datetime as _dt
from importlib import metadata


def package_version() -> str:
    """The installed toolkit's version (``0+unknown`` from a bare checkout)."""
    try:
        return metadata.version("numbergames")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0+unknown"


def now() -> str:
    """The current UTC time, to the second, in ISO format."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
