"""Doctests of the product's folders run on the modules as installed: numbergames.solver.
registry, not solver.registry. The folders install under the numbergames namespace
(setup.py's package_dir); imported by its folder's name, as pytest would, a module would be
a second copy (its game registered twice, its classes not the installed ones)."""
import importlib
from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule

ROOT = Path(__file__).resolve().parent
FOLDERS = ("numbergames", "solver", "cext", "analysis", "studies", "analyze")


def installed_name(path: Path) -> str | None:
    """The installed module name of the product's file ``path`` (None for any other file)."""
    try:
        parts = Path(path).resolve().relative_to(ROOT).with_suffix("").parts
    except ValueError:
        return None
    if len(parts) < 2 or parts[0] not in FOLDERS:
        return None
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join(parts if parts[0] == "numbergames" else ("numbergames", *parts))


class InstalledDoctests(DoctestModule):
    """A module's doctests, the module imported by its installed name."""

    def _getobj(self):
        return importlib.import_module(installed_name(self.path))


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path, parent):
    collectors = yield
    if installed_name(file_path) is None:
        return collectors
    return [InstalledDoctests.from_parent(parent, path=file_path)
            if type(collector) is DoctestModule else collector for collector in collectors]
