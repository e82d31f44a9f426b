"""solver/sumoku/ is what the game is: pure computation returning plain data. Importing all
of it loads neither the analysis nor the studies, nor pandas, matplotlib or scipy (what is
shown of it lives in studies/sumoku/)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("analysis", "studies", "pandas", "matplotlib", "scipy")

PROGRAM = f"""
import importlib, pkgutil, sys
import numbergames.solver.sumoku
for module in pkgutil.iter_modules(numbergames.solver.sumoku.__path__):
    importlib.import_module("numbergames.solver.sumoku." + module.name)
print(" ".join(sorted({{n.split(".")[0] for n in sys.modules}} & set({FORBIDDEN!r}))))
"""


def test_importing_every_solver_module_loads_no_reporting_package():
    done = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == []


def test_the_plain_data_functions_return_no_tables():
    from numbergames.solver.sumoku.puzzles import team_rows
    from numbergames.solver.sumoku.rounds import rounds_rows
    from numbergames.solver.sumoku.speed import solvable_counts

    counts = solvable_counts(keys=(5,), hands=3, seed=1, budget=50_000)
    teams = team_rows(keys=(5,), teams=(4,), deals=1, seed=1, budget=5_000)
    rounds = rounds_rows((2,), games=1, seed=1, budget=20_000)
    for rows in (counts, teams, rounds):
        assert type(rows) is list and all(type(row) is dict for row in rows)
