"""A small text a user hands over in a file or on standard input (a variant file, a
position), read alike wherever it comes from: UTF-8, at most so many bytes, a leading
byte-order mark dropped; anything else refused in one line before it is parsed.

>>> import io
>>> read_utf8(io.BytesIO(b"\\xef\\xbb\\xbftie = 1"), "v.toml", 100)
'tie = 1'
>>> read_utf8(io.BytesIO(b"caf\\xe9"), "v.toml", 100)
Traceback (most recent call last):
...
numbergames.solver.textfile.TextError: v.toml is not UTF-8 text (byte 0xe9 at offset 3)
"""
from __future__ import annotations

from typing import BinaryIO


class TextError(ValueError):
    """A file or stream that is no small UTF-8 text; the message is one line."""


def read_utf8(handle: BinaryIO, name: str, limit: int, hint: str = "") -> str:
    """The text of the binary ``handle``, read up to ``limit`` bytes (so an endless
    ``/dev/zero`` or a stray multi-gigabyte file costs nothing); TextError naming it as
    ``name`` (``hint`` appended to the size refusal) when it is longer, UTF-16 or not
    UTF-8."""
    raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise TextError(f"{name} is larger than {_size(limit)}{hint}")
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise TextError(f"{name} is UTF-16 text; save it as UTF-8")
    try:  # a UTF-8 byte-order mark, as some editors write, is not part of the text
        return raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TextError(f"{name} is not UTF-8 text (byte {exc.object[exc.start]:#04x} at "
                        f"offset {exc.start})") from None


def _size(limit: int) -> str:
    """``65536`` as ``64 KiB``."""
    return f"{limit >> 10} KiB" if limit % 1024 == 0 else f"{limit:,} bytes"
