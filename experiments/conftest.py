"""The experiments' tests: ``python -m pytest experiments`` (not in the suite: pyproject's
testpaths leave this folder out)."""
from pathlib import Path

import pytest

from tests.scripts import load_script


@pytest.fixture(scope="module")
def experiment_script(request):
    """``experiment_script(name)``: the module of ``<name>.py`` beside the requesting test."""
    folder = Path(request.path).parent
    return lambda name: load_script(folder, name)
