"""Per-game results on disk: one compressed ``.npz`` file, one array per column.

A run's table (one row per game: ``winner``, ``turns``, ``decision_turns`` and
per-seat counters such as ``home_1``) is stored with
:func:`numpy.savez_compressed`. Integer columns are narrowed to the smallest
integer type that holds their values (``uint8`` for counters below 256, ``int8``
for ``winner`` in ``-1..3``), which keeps million-game files small. The column
names and their order are stored beside the data, so :func:`load_games` gives
back the same table. The file holds plain arrays only (no pickles), so it is
safe to load and readable from any numpy program::

    data = numpy.load("games.npz")
    names = data["__columns__"]             # column names, in order
    first = data["c0"]                      # values of column names[0]
"""

from __future__ import annotations

import os
import threading
import zipfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd

from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.folders import describe_os_error

COLUMNS_KEY = "__columns__"
"""Key of the array of column names (in table order) inside the ``.npz`` file."""

_INTEGER_TYPES = tuple(
    np.dtype(t) for t in ("uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64")
)
"""Candidate integer types, smallest first; unsigned before signed of one size."""


def smallest_integer_dtype(values: np.ndarray) -> np.dtype:
    """The smallest integer dtype that holds every value of integer array ``values``.

    >>> smallest_integer_dtype(np.array([-1, 0, 3]))
    dtype('int8')
    >>> smallest_integer_dtype(np.array([0, 200]))
    dtype('uint8')
    >>> smallest_integer_dtype(np.array([-1, 200]))
    dtype('int16')
    """
    if values.size == 0:
        return np.dtype("uint8")
    lo, hi = int(values.min()), int(values.max())
    for dtype in _INTEGER_TYPES:
        info = np.iinfo(dtype)
        if info.min <= lo and hi <= info.max:
            return dtype
    return values.dtype


def _column_array(column: pd.Series) -> np.ndarray:
    """One column as a compact, pickle-free numpy array."""
    dtype = column.dtype
    numeric = pd.api.types.is_bool_dtype(dtype) or pd.api.types.is_integer_dtype(dtype)
    if numeric and column.isna().any():  # nullable columns with gaps: NaN marks them
        return column.to_numpy(dtype=np.float64, na_value=np.nan)
    if pd.api.types.is_bool_dtype(dtype):
        return column.to_numpy(dtype=bool)
    if pd.api.types.is_integer_dtype(dtype):
        values = (column.to_numpy() if isinstance(dtype, np.dtype)  # as they are: no copy
                  else column.to_numpy(dtype=np.uint64 if dtype.kind == "u" else np.int64))
        return values.astype(smallest_integer_dtype(values), copy=False)
    if pd.api.types.is_float_dtype(dtype):
        return column.to_numpy(dtype=getattr(dtype, "numpy_dtype", dtype), na_value=np.nan)
    return column.astype(str).to_numpy(dtype=str)


class _Stopped(Exception):
    """Writing the games was stopped (see :func:`save_games`)."""


class _Stoppable:
    """A writable file that raises :class:`_Stopped` once ``stop`` is set."""

    def __init__(self, file, stop: threading.Event) -> None:
        self.file, self.stop = file, stop

    def write(self, data) -> int:
        if self.stop.is_set():
            raise _Stopped("writing the games was stopped")
        return self.file.write(data)


def save_games(path: str | os.PathLike[str], games: pd.DataFrame,
               stop: threading.Event | None = None) -> Path:
    """Write ``games`` to ``path`` as a compressed ``.npz`` file; returns the path.

    Integer columns are stored in their smallest integer type, booleans as
    booleans, floats unchanged and anything else as text. The index is not
    stored (rows are games, in order). The file is written exactly at ``path``
    (no ``.npz`` is appended). Raises ValueError for duplicate column names and
    UserError when the file cannot be written. Setting the event ``stop`` (from another
    thread: the file is written in one while plots are drawn) ends the writing within a
    block of 16 MiB, with an exception and a partial file.
    """
    names = [str(c) for c in games.columns]
    if len(set(names)) != len(names):
        raise ValueError("games has duplicate column names")
    arrays = {f"c{i}": _column_array(games.iloc[:, i]) for i in range(len(names))}
    arrays[COLUMNS_KEY] = np.array(names, dtype=str)
    target = Path(path)
    try:
        # an .npz is a zip of .npy files; deflate level 1 is ~6x faster than
        # numpy.savez_compressed's default for ~10% more bytes
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for key, values in arrays.items():
                with archive.open(f"{key}.npy", "w", force_zip64=True) as member:
                    np.lib.format.write_array(member if stop is None else _Stoppable(member, stop),
                                              values, allow_pickle=False)
    except OSError as exc:
        raise UserError(f"cannot write games to {target}: {describe_os_error(exc)}") from exc
    return target


@contextmanager
def alongside(save: Callable[..., object], *args: object) -> Iterator[None]:
    """Run ``save(*args, stop=event)`` (:func:`save_games`) in a thread while the block
    runs, and wait for it at the end: compressing the games holds no lock that Python
    code needs (zlib lets go of it), so it takes no time off plots drawn meanwhile. Its
    error is raised at the end; when the block fails (or Ctrl-C comes), ``event`` is set,
    so the writing stops within one block, and the block's error is raised."""
    stop = threading.Event()
    with ThreadPoolExecutor(1, thread_name_prefix="save-games") as pool:
        future = pool.submit(save, *args, stop=stop)
        try:
            yield
            future.result()
        except BaseException:
            stop.set()
            raise


def load_games(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Read a table written by :func:`save_games`, columns in their saved order.

    Columns keep their stored (narrow) types; use ``DataFrame.astype`` to widen
    them. Raises UserError when the file is missing or is not such a table.
    """
    source = Path(path)
    try:
        with np.load(source, allow_pickle=False) as data:
            names = [str(n) for n in data[COLUMNS_KEY]]
            columns = {name: data[f"c{i}"] for i, name in enumerate(names)}
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise UserError(f"cannot read games from {source}: {reason}") from exc
    return pd.DataFrame(columns, columns=names)
