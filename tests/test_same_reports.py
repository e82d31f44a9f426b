"""The committed reports regenerate with the same figures (issue 18): for each report folder
under reports/, the command its summary.json records runs again into a scratch folder
(without the results store, so every game is played again), and every summary.json value
and every CSV cell must be the same, leaving out what is measured rather than computed
(run time, speed, memory, the command's own --out). A refactor that must not move figures
is checked with it. Behind the ``slow`` marker: the folders take what their summary.json's
``elapsed_s`` says, from a second to about an hour (3.7 h in all on the 2-core machine).

    python -m pytest -m slow tests/test_same_reports.py                 # every folder
    python -m pytest -m slow tests/test_same_reports.py -k shoo-opening
"""
from __future__ import annotations

import csv
import json
import math
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
FOLDERS = sorted(p.parent.relative_to(REPORTS).as_posix() for p in REPORTS.rglob("summary.json"))
MEASURED = {"elapsed_s", "created", "store", "run_id", "games_per_s", "games_loaded", "version",
            "command", "seconds", "states_per_second", "peak_mib", "mib_per_state",
            "too_big_from", "too_slow_from", "hands_per_s", "kernel_per_s", "reference_per_s",
            "ratio", "decide_s"}
"""Keys and CSV columns that are measured, not computed: left out of the comparison."""


def differences(old, new, path: str = "") -> list[str]:
    """Where two parsed summaries differ, measured keys left out."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [line for key in sorted(set(old) | set(new)) if key not in MEASURED
                for line in (differences(old.get(key), new.get(key), f"{path}.{key}")
                             if key in old and key in new else [f"{path}.{key}: only in one"])]
    if isinstance(old, list) and isinstance(new, list):
        head = [] if len(old) == len(new) else [f"{path}: {len(old)} vs {len(new)} items"]
        return head + [line for i, (a, b) in enumerate(zip(old, new))
                       for line in differences(a, b, f"{path}[{i}]")]
    both_nan = all(isinstance(v, float) and math.isnan(v) for v in (old, new))
    return [] if old == new or both_nan else [f"{path}: {old!r} -> {new!r}"]


def csv_cells(path: Path) -> list[list[str]]:
    rows = list(csv.reader(path.open(encoding="utf-8")))
    keep = [i for i, name in enumerate(rows[0] if rows else []) if name not in MEASURED]
    return [[row[i] for i in keep if i < len(row)] for row in rows]


def compare(old: Path, new: Path) -> list[str]:
    """Every difference of the JSON and CSV files of folder ``old`` from their twins in ``new``."""
    found = []
    for path in sorted(old.rglob("*")):
        twin = new / path.relative_to(old)
        if path.suffix not in (".json", ".csv"):
            continue
        if not twin.exists():
            found.append(f"{path.relative_to(old)}: not written again")
        elif path.suffix == ".json":
            found += differences(json.loads(path.read_text(encoding="utf-8")),
                                 json.loads(twin.read_text(encoding="utf-8")), path.name)
        elif csv_cells(path) != csv_cells(twin):
            found.append(f"{path.relative_to(old)}: cells differ")
    return found


@pytest.mark.slow
@pytest.mark.timeout(2 * 3600)  # the slowest folder took 3,127 s when it was made
@pytest.mark.parametrize("name", FOLDERS)
def test_the_report_regenerates_with_the_same_figures(name, tmp_path):
    folder = REPORTS / name
    command = shlex.split(json.loads((folder / "summary.json").read_text())["command"])
    out = tmp_path / "out"
    extra = ["--out", str(out), "--quiet"] + ([] if command[1] == "exact" else ["--no-store"])
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze", *command[1:], *extra],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}"
    found = compare(folder, out)
    assert not found, f"{len(found)} differences:\n" + "\n".join(found[:20])
