"""Scripts (benchmarks, experiments) imported by their tests: they are not a package."""
import importlib
import sys
from pathlib import Path


def load_script(folder: Path, name: str):
    """The module of ``folder/<name>.py``, imported by name with ``folder`` on the path for
    the import only (as they run, a script may import a sibling) and kept in ``sys.modules``
    so that their dataclasses resolve."""
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
