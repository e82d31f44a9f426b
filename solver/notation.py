"""What every game's position notation takes as text, checked once before a game reads it.

A notation is lines of printable text. A leading UTF-8 byte-order mark (some editors begin a
file with one) is not part of it, and ``\\r\\n`` is a line break as ``\\n`` is. Any other
control character is refused in one line: Python's ``str.splitlines`` and ``str.split``
take ``\\x1c``..``\\x1f``, ``\\x0b``, ``\\x0c``, ``\\x85`` and the Unicode line and paragraph
separators for breaks, so ``'R3 O2\\x1cY5'`` was read as two rows of a Sumoku pattern.

>>> plain_text("\\ufeffR3 O2\\r\\nB2")
'R3 O2\\nB2'
>>> plain_text("R3 O2\\x1cY5")
Traceback (most recent call last):
...
ValueError: the position holds the control character \\x1c at offset 5; only a line feed separates its lines
"""
from __future__ import annotations

import unicodedata

BOM = "\ufeff"
"""The byte-order mark, as text."""
MAX_BYTES = 64 << 10
"""The longest position read from a file or standard input (a position is a few lines)."""


def plain_text(text: str, what: str = "position") -> str:
    """``text`` without a leading byte-order mark and with ``\\r\\n`` as ``\\n``; ValueError
    (one line, naming the character and where it is) for any other control character or
    line separator. A tab is a space."""
    text = text.removeprefix(BOM).replace("\r\n", "\n")
    for offset, char in enumerate(text):
        if char in "\n\t":
            continue
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            shown = f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
            raise ValueError(f"the {what} holds the control character {shown} at offset "
                             f"{offset}; only a line feed separates its lines")
    return text
