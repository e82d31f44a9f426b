"""One game per command: ``analyze <game>`` imports that game only (no module of another
game's ``solver/``, ``studies/`` or ``cext/`` package), so a command pays for the game it
names; the overview and ``analyze report`` may load every game."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from numbergames.solver.registry import game_names

ROOT = Path(__file__).resolve().parents[1]
RUN = """
import json, sys
from numbergames.analyze.cli import main
status = main(sys.argv[2:])
print(json.dumps([status, sorted(m for m in sys.modules
                                 if m.split(".")[:2] in (["numbergames", "solver"], ["numbergames", "studies"], ["numbergames", "cext"]))]))
"""


def loaded(argv: list[str]) -> tuple[int, list[str]]:
    """The exit status of ``analyze argv`` in a fresh interpreter and the modules of the
    toolkit's packages it imported."""
    done = subprocess.run([sys.executable, "-c", RUN, "-", *argv], cwd=ROOT, text=True,
                          capture_output=True, timeout=300, check=False)
    status, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return status, modules


@pytest.mark.parametrize("game", game_names())
def test_a_run_of_one_game_imports_no_other_game(game, tmp_path):
    status, modules = loaded([game, "--sims", "20", "--workers", "1", "--no-store", "--quiet",
                              "--out", str(tmp_path / "run")])
    assert status == 0
    others = [m for m in modules for other in game_names() if other != game
              and m.split(".")[2:3] == [other]]
    assert not others, others
    assert f"numbergames.solver.{game}" in modules and f"numbergames.studies.{game}" in modules
