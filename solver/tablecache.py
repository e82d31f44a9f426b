"""Solved tables kept on disk between runs, so that a player built on one (Man Home's
``expert`` and ``solitaire``: 2.9 million sides, about 11 seconds to solve) costs its solve
once per machine, not once per command.

A table is a few named numpy arrays, filed under a kind and a key (everything its values
depend on, the solver's version among them) in the folder :func:`folder` names:
``$NUMBERGAMES_CACHE`` when set (``off`` or empty: no cache), else
``$XDG_CACHE_HOME/numbergames`` or ``~/.cache/numbergames``. A file is written whole to a
temporary name and renamed (a reader never sees half of one); processes asking at once wait
for the first one's solve (a lock file, where the platform has ``fcntl``); a file that
cannot be read, or whose arrays are not what ``check`` expects, is solved again and
replaced; a folder that cannot be written costs nothing but the cache. Remove the folder to
free the space (the standard tables take about 35 MB).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import numpy as np

ENV = "NUMBERGAMES_CACHE"
"""The environment variable that names the cache's folder (``off``: no cache)."""
OFF = ("", "0", "off", "none", "no")


def folder() -> Path | None:
    """The cache's folder, or None when the cache is off."""
    value = os.environ.get(ENV)
    if value is not None:
        return None if value.strip().lower() in OFF else Path(value).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "numbergames"


def path_of(kind: str, key: Mapping[str, object]) -> Path | None:
    """Where the table of ``kind`` with ``key`` is kept, ``<kind>-<hash of key>.npz``
    (None: the cache is off)."""
    where = folder()
    if where is None:
        return None
    text = json.dumps({"kind": kind, **key}, sort_keys=True)
    return where / f"{kind}-{hashlib.sha256(text.encode()).hexdigest()[:16]}.npz"


def cached_arrays(kind: str, key: Mapping[str, object],
                  solve: Callable[[], Mapping[str, np.ndarray]],
                  check: Callable[[Mapping[str, np.ndarray]], bool] = lambda arrays: True,
                  ) -> dict[str, np.ndarray]:
    """The arrays ``solve()`` gives for (``kind``, ``key``): read from the cache when a sound
    copy is there (``check(arrays)`` true), else solved and written to it."""
    path = path_of(kind, key)
    if path is None:
        return dict(solve())
    with _locked(path):
        found = _read(path)
        if found is not None and check(found):
            return found
        arrays = {name: np.asarray(values) for name, values in solve().items()}
        _write(path, arrays)
        return arrays


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock file (others asking for the same table wait), when it can be made."""
    try:
        import fcntl
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_suffix(".lock"), "a+b")
    except (ImportError, OSError):
        yield
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:
            pass
        yield


def _read(path: Path) -> dict[str, np.ndarray] | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            return {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        return None


def _write(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=path.stem, suffix=".part", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as file:
            np.savez(file, **arrays)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
