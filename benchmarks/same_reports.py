"""Do the committed reports regenerate with the same figures? For each report folder under
reports/ (or the ones named), run the command its summary.json records into a scratch
folder (without the results store, so every game is played again) and compare: every
summary.json value and every CSV cell, leaving out what is measured rather than computed
(run time, speed, memory, the command's own --out). Prints one verdict a folder and the
differences; exit status 1 if a figure moved. A refactor that must not move figures is
checked with it (issue 18); some folders take half an hour (shoo-opening).

    python benchmarks/same_reports.py                       # every folder
    python benchmarks/same_reports.py shoo/skill shoo-opening
"""
from __future__ import annotations

import csv
import json
import math
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEASURED = {"elapsed_s", "created", "store", "run_id", "games_per_s", "games_loaded", "version",
            "command", "seconds", "states_per_second", "peak_mib", "mib_per_state",
            "too_big_from", "too_slow_from", "hands_per_s", "kernel_per_s", "reference_per_s",
            "ratio", "decide_s"}


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


def main(argv: list[str]) -> int:
    reports = ROOT / "reports"
    folders = [reports / name for name in argv] or sorted(
        p.parent for p in reports.rglob("summary.json"))
    moved = 0
    with tempfile.TemporaryDirectory(prefix="same-reports-") as scratch:
        for folder in folders:
            name = folder.relative_to(reports).as_posix()
            command = shlex.split(json.loads((folder / "summary.json").read_text())["command"])
            out = Path(scratch) / name
            extra = ["--out", str(out), "--quiet"]
            extra += [] if command[1] == "exact" else ["--no-store"]
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "analyze", *command[1:], *extra],
                                  cwd=ROOT, capture_output=True, text=True, check=False)
            took = time.perf_counter() - start
            if done.returncode:
                print(f"{name}: the command failed ({done.stderr.strip()[-300:]})")
                moved += 1
                continue
            found = compare(folder, out)
            moved += bool(found)
            print(f"{name}: {'same figures' if not found else f'{len(found)} differences'} "
                  f"({took:.0f} s: {' '.join(command)})", flush=True)
            for line in found[:20]:
                print("   ", line)
    return 1 if moved else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
