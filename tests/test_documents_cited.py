"""No file cites a document the repository lacks, and the README's layout table is true
(issue 42: six modules cited a DESIGN.md the repository never had, and the table left out
folders it holds).

A *document* is a hand-written ``NAME.md`` (capitals: README, RULES, RELIABILITY,
FINDINGS) or any ``.md`` path with a folder in it; a generated report (``report.md``, its
links between report folders) is checked by the reports' own tests. A citation is found
when it names a tracked file: as a path from the root or from the citing file's folder, a
bare name anywhere in the repository (``RULES.md`` in a game's tests is that game's
``solver/<game>/RULES.md``), ``<game>`` standing for any one folder."""
import fnmatch
import posixpath
import re
from pathlib import Path

import pytest

from tests.tracked import tracked_files

ROOT = Path(__file__).resolve().parents[1]
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()
"""This test, whose examples cite documents that are not there."""

CITATION = re.compile(r"(?<![\w.>/-])((?:(?:\.\.|[\w.<>-]+)/)*[\w.-]*\w\.md)\b")
"""A ``.md`` name, with the folders before it."""

TEXT = (".py", ".md", ".toml", ".pyx", ".pxd", ".pxi", ".txt", ".cfg")
"""The suffixes of the files read; the generated reports under reports/ are not read."""


def is_document(citation: str) -> bool:
    name = posixpath.basename(citation)
    return name != "report.md" and ("/" in citation or name[:-3].isupper())


def found(citation: str, folder: str, tracked: list[str]) -> bool:
    """Whether ``citation``, written in a file of ``folder``, names a tracked file."""
    if "/" not in citation:
        return any(posixpath.basename(name) == citation for name in tracked)
    patterns = {re.sub(r"<[^>]+>", "*", posixpath.normpath(path))
                for path in (citation, posixpath.join(folder, citation))}
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns for name in tracked)


def citations(text: str):
    """(line number, citation) of every document ``text`` cites."""
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            if is_document(match.group(1)):
                yield number, match.group(1)


@pytest.mark.parametrize("text, cited", [
    ("the kernels import nothing (DESIGN.md).", ["DESIGN.md"]),
    ("see ``solver/<game>/RULES.md`` and experiments/manhome-leaf/FINDINGS.md",
     ["solver/<game>/RULES.md", "experiments/manhome-leaf/FINDINGS.md"]),
    ('writes report.md and "../../shoo-opening/report.md"; notes.md', []),
])
def test_what_counts_as_a_cited_document(text, cited):
    assert [c for _, c in citations(text)] == cited


def test_a_citation_is_found_only_when_the_file_is_tracked():
    tracked = ["README.md", "solver/shoo/RULES.md", "experiments/x/FINDINGS.md"]
    assert found("RULES.md", "tests/shoo", tracked)
    assert found("solver/<game>/RULES.md", "", tracked)
    assert found("../x/FINDINGS.md", "experiments/y", tracked)
    assert not found("DESIGN.md", "solver", tracked)
    assert not found("solver/manhome/RULES.md", "", tracked)


def test_no_file_cites_a_document_the_repository_lacks():
    tracked = tracked_files()
    missing = []
    for name in tracked:
        if name.startswith("reports/") or not name.endswith(TEXT) or name == THIS_FILE:
            continue
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        for number, citation in citations(text):
            if not found(citation, posixpath.dirname(name), tracked):
                missing.append(f"{name}:{number}: {citation}")
    assert not missing, "documents cited but not in the repository:\n" + "\n".join(missing)


def layout_rows() -> dict[str, str]:
    """The README's layout table: {folder: the row's text}."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        match = re.match(r"\| `([^`]+)/` \|(.*)\|$", line)
        if match:
            rows[match.group(1)] = match.group(2)
    return rows


def test_the_layout_table_names_every_folder_and_only_paths_there_are():
    tracked = tracked_files()
    rows = layout_rows()
    folders = {name.split("/")[0] for name in tracked if "/" in name}
    left_out = sorted(folders - rows.keys())
    assert not left_out, f"folders the README's layout table leaves out: {left_out}"
    missing = []
    for folder, row in rows.items():
        if folder not in folders:
            missing.append(f"{folder}/")
        for path in re.findall(r"`([^`\s]+)`", row):
            if "/" in path:
                pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
                ok = any(fnmatch.fnmatchcase(name, pattern) or
                         fnmatch.fnmatchcase(name, pattern + "/*") for name in tracked)
            elif re.fullmatch(r"[\w-]+\.\w+", path):  # a file of the row's folder
                ok = any(name.startswith(folder + "/") and posixpath.basename(name) == path
                         for name in tracked)
            else:
                continue
            if not ok:
                missing.append(f"{folder}/: {path}")
    assert not missing, "paths the README's layout table names but the repository lacks:\n" \
        + "\n".join(missing)
