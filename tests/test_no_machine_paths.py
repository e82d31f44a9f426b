"""No committed file names a path of one machine (``/work/...``, ``/home/me/...``,
``/tmp/...``, ``C:\\Users\\...``): a recorded command, a benchmark's default or a docstring
that does is wrong on every other machine. Every tracked file is read (``git ls-files``):
text files whole, PNG files by their text chunks (where a writer records metadata); other
binary files (compressed data) are not read, as a chance match of a few bytes there would
mean nothing."""
import re
import zlib
from pathlib import Path

import pytest

from numbergames.analysis.reports.plotcache import png_chunks
from tests.tracked import tracked_files

ROOT = Path(__file__).resolve().parents[1]

MACHINE_PATH = re.compile(
    r"(?<![\w./:~-])/(?:work|home|root|tmp|Users|mnt|srv|scratch|private|var/folders)/"
    r"|(?<![\w])[A-Za-z]:\\(?:Users|Documents and Settings)\\")
"""An absolute path under a folder of one machine's users or scratch space. A path
within a URL (``https://host/home/...``) or relative (``./tmp/``, ``~/.cache``) is not one:
the character before it is part of a word, a path or a URL."""

ALLOWED = {(".gitignore", "/tmp/")}
"""Legitimate matches, each allowed explicitly: ``/tmp/`` in .gitignore is the pattern of
the checkout's own ``tmp`` folder (a leading slash anchors a pattern at the root)."""
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()
"""This test, whose examples of what it looks for are paths of one machine."""


def _png_text(data: bytes) -> str:
    """The text of a PNG's tEXt, zTXt and iTXt chunks."""
    texts = []
    for kind, body in png_chunks(data):
        if kind == b"tEXt":
            texts.append(body.decode("latin-1"))
        elif kind == b"zTXt":
            keyword, _, rest = body.partition(b"\0")
            texts.append(keyword.decode("latin-1") + " " + zlib.decompress(rest[1:]).decode("latin-1"))
        elif kind == b"iTXt":
            texts.append(body.decode("utf-8", "replace"))
    return "\n".join(texts)


def _text(path: Path) -> str | None:
    data = path.read_bytes()
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return _png_text(data)
    if b"\0" in data[:8192]:
        return None  # other binary data
    return data.decode("utf-8", "replace")


def test_no_tracked_file_names_a_path_of_one_machine():
    found = []
    for name in tracked_files():
        path = ROOT / name
        if name == THIS_FILE or not path.is_file() or path.is_symlink():
            continue
        text = _text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in MACHINE_PATH.finditer(line):
                if (name, match.group()) not in ALLOWED:
                    found.append(f"{name}:{number}: {line.strip()[:120]}")
    assert not found, "paths of one machine in committed files:\n" + "\n".join(found)


@pytest.mark.parametrize("text, machine", [
    ("--store /work/store/manhome.sqlite", True), ("see /home/ann/x.py", True),
    ("`/tmp/scratch.py`", True), (r"C:\Users\ann\x", True), ('"/root/.cache"', True),
    ("https://example.org/home/page", False), ("~/.cache/numbergames", False),
    ("reports/tmp/x", False), ("./tmp/x", False), ("/dev/full", False),
])
def test_what_counts_as_a_path_of_one_machine(text, machine):
    assert bool(MACHINE_PATH.search(text)) is machine


@pytest.mark.parametrize("store", [["--store", "{tmp}/s.sqlite"], ["--store={tmp}/s.sqlite"],
                                   ["--sto", "{tmp}/s.sqlite"]])
def test_a_recorded_command_names_no_store(store, tmp_path, monkeypatch):
    """A report records the command that made it, to be run again anywhere: without the
    results store (where the games were kept changes no figure), so never a store's
    absolute path (``analyze skill manhome ... --store /work/store/manhome.sqlite`` was
    committed in reports/manhome/skill)."""
    import json

    from numbergames.analyze.cli import main

    monkeypatch.chdir(tmp_path)
    store = [word.format(tmp=tmp_path) for word in store]
    assert main(["manhome", "--sims", "20", "--workers", "1", "--quiet", *store,
                 "--out", "o"]) == 0
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert summary["command"] == "analyze manhome --sims 20 --workers 1 --quiet --out o"
    assert str(tmp_path) not in (tmp_path / "o" / "report.md").read_text().split("## Reproduce")[1]
