"""Output folders that appear whole or not at all.

A report folder is built in a hidden sibling ``.<name>.tmp-<pid>`` and swapped in only
when complete; on any error the sibling is removed and an existing folder is left as it
was, so an interrupted or failed run never leaves a half-written folder that looks
finished, and never destroys an earlier good one.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from analysis.errors import UserError


def _cannot_write(out_dir: str | os.PathLike[str], reason: str | OSError) -> UserError:
    """The one-line error for an output folder that cannot be written."""
    if isinstance(reason, OSError):
        text = reason.strerror or str(reason)
        reason = f"{text} ({reason.filename})" if reason.filename else text
    return UserError(f"cannot write to {os.fspath(out_dir)}: {reason}".replace("\n", " "))


def _target(out_dir: str | os.PathLike[str]) -> Path:
    """``out_dir`` as a normalised absolute path with a name of its own."""
    target = Path(os.path.abspath(os.fspath(out_dir)))
    if not target.name:
        raise _cannot_write(out_dir, "the file-system root cannot be a report folder")
    return target


def check_writable(out_dir: str | os.PathLike[str]) -> None:
    """Raise UserError unless :func:`write_report` could create ``out_dir``.

    ``out_dir`` must be a folder if it exists, and its nearest existing ancestor
    must be a folder we can create files in (checked by creating and removing a
    probe file). Nothing is left behind: missing folders are not created.
    """
    target = _target(out_dir)
    try:
        if target.exists() and not target.is_dir():
            raise _cannot_write(out_dir, "it exists and is not a folder")
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


@contextmanager
def staged_folder(out_dir: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield an empty staging folder; on leaving without error it replaces ``out_dir``.

    Raises UserError when ``out_dir`` cannot be written.
    """
    check_writable(out_dir)
    target = _target(out_dir)
    staging = target.parent / f".{target.name}.tmp-{os.getpid()}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if staging.exists() or staging.is_symlink():
            _remove(staging)
        staging.mkdir()
        yield staging
        _swap_in(staging, target)
    except BaseException as exc:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError):
            raise _cannot_write(out_dir, exc) from exc
        raise
