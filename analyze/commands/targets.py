"""Where a command's work goes: the report folder and the results store, checked before
any work, opened, and named in the one line after Ctrl-C."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from numbergames.analysis.running import interrupts
from numbergames.analysis.running.errors import UserError
from numbergames.solver.registry import GameSpec

from numbergames.analyze.commands.shared import print_text


def store_beside(out, args: argparse.Namespace, identity):
    """Check that the report folder ``out`` can take the report of ``identity`` and that
    the results store (of ``--store``, unless ``--no-store``) can be its store
    (:func:`check_targets`), then open the store (None with ``--no-store``)."""
    check_targets(out, None if args.no_store else args.store, identity, args.replace)
    return None if args.no_store else open_store(args.store, create=True)


def check_targets(out, store: str | None, identity, replace: bool) -> None:
    """Before any work: the report folder ``out`` can be written — and holds no report of
    another identity than ``identity`` (:class:`numbergames.analysis.running.folders.ReportIdentity`) unless
    ``replace`` — and the results store ``store`` (None: none) has a usable path
    (:func:`numbergames.analysis.running.store.check_store_path`) that is neither the report folder nor inside
    it — a report replaces its folder whole — nor holds it."""
    from numbergames.analysis.running.folders import check_writable
    from numbergames.analysis.running.store import check_store_path

    if store is not None:
        check_store_path(store)
    check_writable(out, identity=None if replace else identity)
    if store is None:
        return
    folder, path = Path(os.path.abspath(out)), Path(os.path.abspath(store))
    if folder == path or folder in path.parents:
        raise UserError(f"the results store {store} is {'inside ' if folder != path else ''}"
                        f"the report folder {out}, which the report replaces whole; keep the "
                        "store elsewhere")
    if path in folder.parents:
        raise UserError(f"the report folder {out} is inside the results store {store}, "
                        "which is a file; give --out a folder of its own")


def identity(spec: GameSpec, kind: str, rules=None):
    """The identity of the report a command writes (:class:`numbergames.analysis.running.folders.ReportIdentity`)."""
    from numbergames.analysis.running.folders import ReportIdentity

    return ReportIdentity(spec.name, kind, None if rules is None else spec.seats(rules))


def open_store(path: str, create: bool):
    from numbergames.analysis.running.store import Store

    return Store(path, create=create)


def interrupted(store, written: str = "no report was written") -> int:
    """The one line after Ctrl-C in a run that may use a results store; exit status 130."""
    if store is None:
        print_text(f"analyze: interrupted; {written} and no games were kept (--no-store): "
                   "the same command starts again from the first game", file=sys.stderr)
    else:
        print_text(f"analyze: interrupted; {written}; the chunks of games finished so far are "
                   f"kept in the results store {store.path}, and running the same command again "
                   f"resumes from them", file=sys.stderr)
    return interrupts.exit_status()
