"""Plots drawn once: a report folder written again from the same figures keeps its plots.

Importing matplotlib and drawing a report's plots takes longer than the rest of a run the
results store answers. Such a repeat writes the same figures into the folder it replaces;
only the provenance (when, how fast, how many games were loaded) differs. So each plot's
PNG file carries a fingerprint of what it was drawn from — the drawing function and the
source of its module and of :mod:`numbergames.analysis.reports.report` (which sets up every figure), the toolkit
and matplotlib versions, and the data handed to it less the provenance
(:data:`numbergames.analysis.running.provenance.PROVENANCE`: left out, so that a run answered from the store
reuses the plots of the run that played it; the toolkit version is part of every
fingerprint on its own) — in a ``tEXt`` chunk of the PNG. :func:`draw` copies the plot of
the same name from the folder being replaced when its fingerprint is the same, and draws
it (and records the fingerprint) otherwise. A plot made before fingerprints existed, or one
changed by hand, has none that matches, so it is drawn again — and when the new drawing is
the same picture as the old file (every PNG chunk but the text ones, which hold the
fingerprint and matplotlib's name, byte for byte), the old file is kept: a change of the
drawing code that changes no pixel changes no committed PNG.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import math
import os
import shutil
import struct
import sys
import zlib
from collections.abc import Callable, Iterator, Mapping
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.running.provenance import PROVENANCE

KEYWORD = b"analyze-inputs"
"""The ``tEXt`` keyword under which a plot's fingerprint is kept in its PNG file."""
_PNG = b"\x89PNG\r\n\x1a\n"


class _Hasher:
    """A canonical, type-tagged digest of plain data, tables and arrays."""

    def __init__(self) -> None:
        self.digest = hashlib.blake2b(digest_size=20)

    def text(self, tag: str, value: str | bytes) -> None:
        data = value.encode() if isinstance(value, str) else value
        self.digest.update(f"{tag}{len(data)}:".encode())
        self.digest.update(data)

    def add(self, value: Any) -> None:
        if value is None or isinstance(value, (bool, np.bool_, str, bytes)):
            self.text(type(value).__name__, repr(bool(value) if isinstance(value, np.bool_)
                                                 else value))
        elif isinstance(value, (int, np.integer)):
            self.text("int", str(int(value)))
        elif isinstance(value, (float, np.floating)):
            number = float(value)
            self.text("float", "nan" if math.isnan(number) else number.hex())
        elif isinstance(value, Mapping):
            items = [(str(k), v) for k, v in value.items() if k not in PROVENANCE]
            self.text("map", str(len(items)))
            for key, item in sorted(items, key=lambda kv: kv[0]):
                self.text("key", key)
                self.add(item)
        elif isinstance(value, (list, tuple)):
            self.text("seq", str(len(value)))
            for item in value:
                self.add(item)
        elif isinstance(value, pd.DataFrame):
            columns = [c for c in value.columns if c not in PROVENANCE]
            self.text("frame", str(len(columns)))
            for column in columns:
                self.text("column", str(column))
                self.add(value[column])
        elif isinstance(value, pd.Series):
            self.add(value.to_numpy())
        elif isinstance(value, np.ndarray):
            if value.dtype.hasobject:
                self.text("objects", str(value.shape))
                for item in value.ravel():
                    self.add(item)
            else:
                self.text("array", f"{value.dtype.str}{value.shape}")
                self.digest.update(np.ascontiguousarray(value).data)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            self.text("record", type(value).__qualname__)
            self.add({f.name: getattr(value, f.name) for f in dataclasses.fields(value)})
        else:  # an address in the text only means the plot is drawn again
            self.text(type(value).__qualname__, repr(value))


def _source(module: str) -> bytes:
    """The source file of an imported module ("" when there is none)."""
    path = getattr(sys.modules.get(module), "__file__", None)
    try:
        return Path(path).read_bytes() if path else b""
    except OSError:
        return b""


@functools.cache
def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


def fingerprint(function: Callable[..., Any], inputs: Any) -> str:
    """The fingerprint of the plot that ``function`` draws from ``inputs``."""
    hasher = _Hasher()
    module = getattr(function, "__module__", None) or type(function).__module__
    name = getattr(function, "__qualname__", None) or type(function).__qualname__
    hasher.text("function", f"{module}.{name}")
    for module in sorted({module, "numbergames.analysis.reports.report"}):
        hasher.text("source", _source(module))
    hasher.text("versions", f"{_version('numbergames')} {_version('matplotlib')}")
    hasher.add(inputs)
    return hasher.digest.hexdigest()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """The chunks of the PNG file ``data`` as ``(kind, body)``, in order (none when ``data``
    is not a PNG; a truncated last chunk ends the walk)."""
    if not data.startswith(_PNG):
        return
    at = len(_PNG)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 12 + length


def read_fingerprint(path: str | os.PathLike[str]) -> str | None:
    """The fingerprint kept in the PNG file ``path``, or None (none, not a PNG, unreadable)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    for kind, body in png_chunks(data):
        if kind in (b"IDAT", b"IEND"):
            return None
        if kind == b"tEXt" and body.startswith(KEYWORD + b"\0"):
            return body[len(KEYWORD) + 1:].decode("latin-1")
    return None


def write_fingerprint(path: str | os.PathLike[str], key: str) -> None:
    """Put ``key`` into the PNG file ``path`` as a ``tEXt`` chunk right after its header."""
    data = Path(path).read_bytes()
    if not data.startswith(_PNG):
        raise ValueError(f"{path} is not a PNG file")
    (length,) = struct.unpack(">I", data[8:12])
    end = 8 + 12 + length  # signature, then IHDR: length, type, data, CRC
    text = _chunk(b"tEXt", KEYWORD + b"\0" + key.encode("latin-1"))
    Path(path).write_bytes(data[:end] + text + data[end:])


def draw(path: Path, previous: str | os.PathLike[str] | None,
         function: Callable[..., None], *args: Any, inputs: Any = None) -> bool:
    """Write the plot ``path`` that ``function(*args, path)`` draws; returns True when it
    was copied instead from the folder ``previous`` (the one the new folder replaces),
    whose file of the same name was drawn from the same ``inputs`` (default: ``args``)."""
    key = fingerprint(function, args if inputs is None else inputs)
    if previous is not None:
        old = Path(previous) / path.name
        if read_fingerprint(old) == key:
            try:
                shutil.copyfile(old, path)
                return True
            except OSError:
                pass
    function(*args, path)
    write_fingerprint(path, key)
    if previous is not None and same_picture(Path(previous) / path.name, path):
        try:
            shutil.copyfile(Path(previous) / path.name, path)
            return True
        except OSError:
            pass
    return False


_TEXT_CHUNKS = frozenset({b"tEXt", b"zTXt", b"iTXt", b"tIME"})
"""PNG chunks that say things about a picture (a fingerprint, the software, a time), not
what it shows."""


def _picture(path: str | os.PathLike[str]) -> list[tuple[bytes, bytes]] | None:
    """The chunks of the PNG file ``path`` but the text ones (None: not a readable PNG)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if not data.startswith(_PNG):
        return None
    return [(kind, body) for kind, body in png_chunks(data) if kind not in _TEXT_CHUNKS]


def same_picture(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether the PNG files ``a`` and ``b`` hold the same picture, byte for byte, whatever
    their text chunks say."""
    first = _picture(a)
    return first is not None and first == _picture(b)
