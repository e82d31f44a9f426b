"""Standard output on a full device (``analyze games > /dev/full``): one line on stderr and
exit status 2, never ``OSError: [Errno 28]`` in a traceback (nor Python's "Exception
ignored" when it flushes at exit)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

COMMANDS = [
    ["games"],                                       # much text: the writes fail
    ["manhome", "--sims", "100", "--workers", "1", "--no-store", "--out", "o"],  # a summary
    ["position", "shoo", "--json"],
    ["manhome", "--help"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_a_full_standard_output_is_one_line(argv, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "analyze", *argv], cwd=tmp_path, env=env,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "standard output" in done.stderr and "full" in done.stderr, done.stderr
