"""Output folders that appear whole or not at all.

A report folder is built in a hidden sibling ``.<name>.tmp-<pid>`` and swapped in only
when complete; on any error the sibling is removed (and the folders made to hold it, when
they are still empty) and an existing folder is left as it was, so an interrupted or failed
run never leaves a half-written folder that looks finished, and never destroys an earlier
good one. What a writer killed outright (SIGKILL) left behind is removed by the next writer
of the same folder (:func:`remove_leftovers`).

Only a report folder is ever replaced: a folder that does not exist yet, an empty one, or
one this toolkit wrote and that holds nothing else — the marker file :data:`MARKER` (or,
from before the marker, ``report.md`` and ``summary.json``) among nothing but report
files (:data:`REPORT_SUFFIXES`, no subfolders). Any other folder given as ``--out`` — the
reports root with its results store, the current folder, a report folder into which a
store, a variant file or a folder of the user's was put — is refused with one line, so a
wrong ``--out`` never deletes data. Nor does a command replace a report of another kind
unless told to (``--replace``): a report's identity — its game, the command that wrote it
and its number of players — is read from its ``summary.json`` (:func:`report_identity`).
"""
from __future__ import annotations

import errno
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from numbergames.analysis.running import interrupts
from numbergames.analysis.running.errors import UserError


FULL = frozenset({errno.ENOSPC, errno.EDQUOT})
"""The errors of a file system with no room left (the disk, or the user's quota)."""
FREE_MIN_BYTES = 1 << 20
"""A file system with less room than this is full for a writer of reports or stores."""


def disk_full(folder: str | os.PathLike[str]) -> bool:
    """Whether the file system of ``folder`` (or of its nearest existing ancestor) has less
    than :data:`FREE_MIN_BYTES` left for this user."""
    path = Path(os.path.abspath(os.fspath(folder)))
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        stat = os.statvfs(path)
    except (OSError, AttributeError):
        return False
    return stat.f_bavail * stat.f_frsize < FREE_MIN_BYTES


def describe_os_error(exc: OSError) -> str:
    """An OSError in words for one line, a full disk said plainly."""
    text = exc.strerror or str(exc)
    if exc.errno in FULL:
        text = f"the disk is full ({text})"
    return text


def _cannot_write(out_dir: str | os.PathLike[str], reason: str | OSError) -> UserError:
    """The one-line error for an output folder that cannot be written."""
    if isinstance(reason, OSError):
        text = describe_os_error(reason)
        reason = f"{text} ({reason.filename})" if reason.filename else text
    return UserError(f"cannot write to {os.fspath(out_dir)}: {reason}".replace("\n", " "))


MARKER = ".analyze-report"
"""The file every report folder holds: this folder may be replaced by a newer report."""
REPORT_SUFFIXES = frozenset({".md", ".json", ".csv", ".png", ".npz"})
"""The files a report folder written before the marker existed may hold."""


def _not_a_report(target: Path) -> str | None:
    """Why the existing folder ``target`` must not be replaced by a report, or None."""
    if not target.exists():
        return None
    cwd = Path(os.getcwd()).resolve()
    real = target.resolve()
    if real == cwd or real in cwd.parents:
        return "it holds the current folder"
    entries = list(real.iterdir())
    if not entries:
        return None
    names = {e.name for e in entries}
    foreign = [e.name for e in entries if e.name != MARKER and not (
        e.is_file() and not e.is_symlink() and e.suffix in REPORT_SUFFIXES)]
    if not foreign and (MARKER in names or {"report.md", "summary.json"} <= names):
        return None
    if foreign and (MARKER in names or "summary.json" in names):
        return (f"it holds {foreign[0]!r}, which is not part of a report (writing the report "
                "would delete it); move it away or choose another folder")
    return ("it is a folder that does not hold a report of this toolkit, and writing the "
            "report would replace it with everything in it; choose a new or empty folder")


@dataclass(frozen=True)
class ReportIdentity:
    """What a report folder is a report of: a game, the kind of command that wrote it
    (``run``, ``what-if``, ``skill ladder``, ``exact <analysis>``) and, where the kind has
    one, its number of players (None: any)."""

    game: str
    kind: str
    players: int | None = None

    def __str__(self) -> str:
        seats = f", {self.players} players" if self.players is not None else ""
        return f"{'an' if self.kind[0] in 'aeiou' else 'a'} {self.kind} of {self.game}{seats}"

    def differs(self, other: "ReportIdentity") -> bool:
        """Whether a report of ``other`` is not a report of the same run as this one."""
        return (self.game, self.kind) != (other.game, other.kind) or (
            None not in (self.players, other.players) and self.players != other.players)


def report_identity(summary: dict) -> ReportIdentity | None:
    """The identity of the report whose ``summary.json`` holds ``summary`` (None when it
    says no game): an exact analysis names itself (``analysis``), a skill ladder has its
    ``ladder``, a what-if its ``varied`` parameters, a Monte Carlo run its ``run_id``.

    >>> str(report_identity({"game": "race", "players": 2, "run_id": "7ef677fac4"}))
    'a run of race, 2 players'
    """
    game = summary.get("game")
    if not isinstance(game, str):
        return None
    if isinstance(summary.get("analysis"), str):
        return ReportIdentity(game, f"exact {summary['analysis']}")
    kind = ("skill ladder" if "ladder" in summary else "what-if" if "varied" in summary
            else "run" if "run_id" in summary else None)
    if kind is None:
        return None
    players = summary.get("players")
    return ReportIdentity(game, kind, players if type(players) is int else None)


def _identity_of(folder: Path) -> ReportIdentity | None:
    try:
        summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return report_identity(summary) if isinstance(summary, dict) else None


def folder_name(text: str) -> str:
    """``text`` as a safe, visible folder name: letters, digits and ``_.=-`` only, no
    leading dot (a hidden folder) and never empty.

    >>> folder_name("../../my variant")
    'my_variant'
    """
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", text).strip("._") or "variant"


def _target(out_dir: str | os.PathLike[str]) -> Path:
    """``out_dir`` as a normalised absolute path with a name of its own."""
    target = Path(os.path.abspath(os.fspath(out_dir)))
    if not target.name:
        raise _cannot_write(out_dir, "the file-system root cannot be a report folder")
    return target


def folder_path(out: Any) -> Path | None:
    """``out`` (a report folder's path; None: the default, which the caller picks) as a Path;
    UserError for anything else (``write_report(5)`` was Python's "expected str, bytes or
    os.PathLike object, not int")."""
    if out is None:
        return None
    if not isinstance(out, (str, os.PathLike)):
        raise UserError(f"out must be a report folder's path, not {out!r:.40}")
    return Path(out)


def check_writable(out_dir: str | os.PathLike[str], replace: bool = True,
                   identity: ReportIdentity | None = None) -> None:
    """Raise UserError unless :func:`staged_folder` could write ``out_dir``.

    ``out_dir`` must be a folder if it exists — with ``replace`` (a report folder, to be
    replaced whole) one that holds a report or nothing (see the module docstring), and
    with ``identity`` (what is to be written) no report of another identity — and
    its nearest existing ancestor must be a folder we can create files in (checked by
    creating and removing a probe file). Nothing is left behind: missing folders are not
    created.
    """
    target = _target(out_dir)
    try:
        if target.exists() and not target.is_dir():
            raise _cannot_write(out_dir, "it exists and is not a folder")
        if replace and (reason := _not_a_report(target)) is not None:
            raise _cannot_write(out_dir, reason)
        if (replace and identity is not None and target.is_dir()
                and (there := _identity_of(target)) is not None and there.differs(identity)):
            raise _cannot_write(out_dir, f"it holds {there}, and this is {identity}; give "
                                         "--replace to replace it, or choose another folder")
        ancestor = target.parent
        while not ancestor.exists():
            ancestor = ancestor.parent
        if not ancestor.is_dir():
            raise _cannot_write(out_dir, f"{ancestor} is not a folder")
        if not os.access(ancestor, os.W_OK | os.X_OK):
            raise _cannot_write(out_dir, f"{ancestor} is not writable")
        handle, probe = tempfile.mkstemp(prefix=f".{target.name}.probe-", dir=ancestor)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise _cannot_write(out_dir, exc) from exc


def _remove(path: Path) -> None:
    """Delete a folder tree, or just the link when ``path`` is a symbolic link."""
    if path.is_symlink():
        path.unlink()
    else:
        shutil.rmtree(path, ignore_errors=True)


_LEFTOVER = re.compile(r"\.(?P<name>.+)\.(?P<kind>tmp|old|new)-(?P<pid>\d+)(?:-\d+)?"
                       r"(?P<suffix>-journal|-wal|-shm)?")
"""The hidden siblings a writer makes beside ``name`` while it works: ``.<name>.tmp-<pid>``
(a report folder or page being written), ``.<name>.old-<pid>`` (the report it replaces,
during the swap) and ``.<name>.new-<pid>-<thread>`` (a results store being created, with
SQLite's own ``-journal``, ``-wal`` and ``-shm`` files)."""


def _process_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (on this machine)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):  # another user's process: alive
        return True
    return True


def remove_leftovers(target: str | os.PathLike[str]) -> list[Path]:
    """Remove what writers of ``target`` that died (SIGKILL, a power cut) left beside it —
    see :data:`_LEFTOVER` — and return what was removed. A process that still runs keeps
    its files. A previous report caught in the middle of its swap (``.old-<pid>`` while
    ``target`` itself is missing) is put back, not removed."""
    target = Path(os.path.abspath(os.fspath(target)))
    removed: list[Path] = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        found = _LEFTOVER.fullmatch(entry.name)
        if not found or found["name"] != target.name or _process_alive(int(found["pid"])):
            continue
        try:
            if found["kind"] == "old" and not (target.exists() or target.is_symlink()):
                os.rename(entry, target)
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
            removed.append(entry)
        except OSError:
            continue
    return removed


def _swap_in(staging: Path, target: Path) -> None:
    """Replace ``target`` by the complete folder ``staging``; the old one goes last."""
    if not target.exists():
        os.rename(staging, target)
        return
    old = target.parent / f".{target.name}.old-{os.getpid()}"
    if old.exists() or old.is_symlink():
        _remove(old)
    os.rename(target, old)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(old, target)
        raise
    _remove(old)


def _missing_folders(folder: Path) -> list[Path]:
    """``folder`` and those of its ancestors that do not exist yet, deepest first."""
    missing = []
    while not (folder.exists() or folder.is_symlink()) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


@contextmanager
def staged_folder(out_dir: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield an empty staging folder; on leaving without error it replaces ``out_dir``.

    Raises UserError when ``out_dir`` cannot be written.
    """
    check_writable(out_dir)
    target = _target(out_dir)
    remove_leftovers(target)
    staging = target.parent / f".{target.name}.tmp-{os.getpid()}"
    made = _missing_folders(target.parent)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if staging.exists() or staging.is_symlink():
            _remove(staging)
        staging.mkdir()
        (staging / MARKER).write_text("a report folder written by analyze; a newer report "
                                      "may replace it whole\n", encoding="utf-8")
        yield staging
        interrupts.check()  # a Ctrl-C lost on the way still means: no report
        _swap_in(staging, target)
    except BaseException as exc:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        for folder in made:  # the folders made for it, deepest first, if still empty
            try:
                folder.rmdir()
            except OSError:
                break
        if isinstance(exc, OSError):
            raise _cannot_write(out_dir, exc) from exc
        raise
