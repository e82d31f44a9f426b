"""Solved tables kept on disk between runs, so that a player built on one (Man Home's
``expert`` and ``solitaire``: 2.9 million sides, about 11 seconds to solve) costs its solve
once per machine, not once per command.

A table is a few named numpy arrays, filed under a kind and a key (everything its values
depend on, the solver's version among them) in the folder :func:`folder` names:
``$NUMBERGAMES_CACHE`` when set (``off`` or empty: no cache), else
``$XDG_CACHE_HOME/numbergames`` (when absolute, as the XDG specification asks) or
``$HOME/.cache/numbergames`` — when the home is a real one: an absolute folder that exists
and is not the file system's root. Without one (``HOME=''`` made the cache
``/.cache/numbergames``) there is no cache: each command solves its tables, and says so
once on stderr.

A table is trusted only when sealed: its file is :data:`MAGIC`, the BLAKE2b digest of
(kind, key, :data:`FORMAT`, the arrays' bytes) in hexadecimal, a line feed, then the arrays
as an ``.npz``. The seal is checked before a byte of the arrays is parsed, so a truncated
or damaged file, one written by an older toolkit (unsealed) or a table of the right shape
put there by hand is solved again and replaced, with one line on stderr saying so; so is a
file whose arrays are not what ``check`` expects. Only a regular file is opened (without
following a symbolic link and without waiting: a FIFO in a table's place would otherwise
block for ever), and none larger than :data:`MAX_BYTES`.

A file is written whole to a temporary name and renamed (a reader never sees half of one);
processes asking at once wait for the first one's solve (a lock file, where the platform has
``fcntl``); a folder that cannot be written costs nothing but the cache. Remove the folder
to free the space (the standard tables take about 35 MB).
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import numpy as np

ENV = "NUMBERGAMES_CACHE"
"""The environment variable that names the cache's folder (``off``: no cache)."""
OFF = ("", "0", "off", "none", "no")
MAGIC = b"numbergames-table-"
"""A sealed table's first bytes; the hexadecimal seal and a line feed follow."""
FORMAT = 2
"""The cache's file format, part of every seal (1: bare ``.npz`` files, unsealed)."""
MAX_BYTES = 1 << 30
"""The largest table file read (the largest standard table takes about 30 MB)."""
_said_no_home = False


def folder() -> Path | None:
    """The cache's folder, or None when the cache is off (or there is no home to keep it)."""
    global _said_no_home
    value = os.environ.get(ENV)
    if value is not None:
        return None if value.strip().lower() in OFF else Path(value).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg) / "numbergames"
    home = os.path.expanduser("~")
    if os.path.isabs(home) and os.path.realpath(home) != "/" and os.path.isdir(home):
        return Path(home) / ".cache" / "numbergames"
    if not _said_no_home:
        _said_no_home = True
        _say(f"no home folder to keep solved tables in (HOME={home!r}, no XDG_CACHE_HOME): "
             f"they are solved in each command; set {ENV}=DIR to keep them")
    return None


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
        found, fault = _read(path, _seal_text(kind, key))
        if found is not None and not check(found):
            fault = "does not hold the arrays expected"
        elif found is not None:
            return found
        if fault is not None:
            _say(f"the cached table {str(path)!r} {fault}; solving it again")
        arrays = {name: np.asarray(values) for name, values in solve().items()}
        _write(path, arrays, _seal_text(kind, key))
        return arrays


def _say(line: str) -> None:
    print(f"numbergames: {line}", file=sys.stderr, flush=True)


def _seal_text(kind: str, key: Mapping[str, object]) -> bytes:
    """What a table's seal covers besides its bytes: its kind, key and the file format."""
    return json.dumps({"kind": kind, "format": FORMAT, **key}, sort_keys=True).encode()


def _seal(what: bytes, payload: bytes) -> bytes:
    digest = hashlib.blake2b(digest_size=32)
    digest.update(len(what).to_bytes(8, "little") + what)
    digest.update(payload)
    return digest.hexdigest().encode()


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


def _read(path: Path, what: bytes) -> tuple[dict[str, np.ndarray] | None, str | None]:
    """The arrays sealed in ``path`` for ``what``, or (None, what is wrong with the file;
    None when there is no file)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None, None
    except OSError as exc:  # a symbolic link (ELOOP), no permission
        return None, f"cannot be opened ({exc.strerror or exc})"
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            return None, "is not a regular file"
        if info.st_size > MAX_BYTES:
            return None, f"is larger than any table ({info.st_size:,} bytes)"
        try:
            data = file.read(MAX_BYTES + 1)
        except OSError as exc:
            return None, f"cannot be read ({exc.strerror or exc})"
    head, _, payload = data.partition(b"\n")
    if not head.startswith(MAGIC) or head[len(MAGIC):] != _seal(what, payload):
        return None, "fails its seal (damaged, or not written by this toolkit's cache)"
    try:
        with np.load(io.BytesIO(payload), allow_pickle=False) as arrays:
            return {name: arrays[name] for name in arrays.files}, None
    except Exception as exc:  # sealed yet unreadable: written by a faulty writer
        return None, f"cannot be read ({type(exc).__name__})"


def _write(path: Path, arrays: Mapping[str, np.ndarray], what: bytes) -> None:
    payload = io.BytesIO()
    np.savez(payload, **arrays)
    payload = payload.getvalue()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=path.stem, suffix=".part", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(MAGIC + _seal(what, payload) + b"\n" + payload)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
