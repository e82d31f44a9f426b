"""The widest reference-engine nets, left out of the suite to keep it within five minutes
(tests/conftest.py's ``WIDE``: each with its measured seconds): runs every one of them and
checks that each is still there.

    python benchmarks/wide_nets.py           # exit status 0 when all pass

Run it with benchmarks/same_reference_games.py before a change to a kernel or a reference
engine lands.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import WIDE  # noqa: E402


def main() -> int:
    print(f"{len(WIDE)} wide tests, {sum(WIDE.values()):.0f} s measured", flush=True)
    files = sorted({node.split("::")[0] for node in WIDE})
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "wide",
                           "-q", "-rA", *files], cwd=ROOT, capture_output=True, text=True)
    print(done.stdout[-3000:])
    passed = {line.split()[1] for line in done.stdout.splitlines()
              if line.startswith("PASSED ")}
    missing = sorted(set(WIDE) - passed)
    for node in missing:
        print("not passed (or no longer there):", node)
    return 1 if done.returncode or missing else 0


if __name__ == "__main__":
    sys.exit(main())
