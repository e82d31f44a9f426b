"""Standard output on a full device (``analyze games > /dev/full``) or closed (``>&-``):
one line on stderr and exit status 2, never ``OSError: [Errno 28]`` in a traceback (nor
Python's "Exception ignored" when it flushes at exit)."""
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
        done = subprocess.run([sys.executable, "-m", "numbergames.analyze", *argv], cwd=tmp_path, env=env,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "standard output" in done.stderr and "full" in done.stderr, done.stderr


def _closed(stream: int) -> None:
    """In the child before it runs: close its standard output or input (``>&-``, ``<&-``)."""
    os.close(stream)


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_a_closed_standard_output_is_one_line(argv, tmp_path):
    """``analyze games >&-``: Python then has no sys.stdout, and every command ended in
    "AttributeError: 'NoneType' object has no attribute 'flush'" (status 1)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze", *argv], cwd=tmp_path, env=env,
                          stderr=subprocess.PIPE, text=True, timeout=300,
                          preexec_fn=lambda: _closed(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "cannot write to standard output: it is closed" in done.stderr, done.stderr


@pytest.mark.parametrize("argv, stream, status, words", [
    (["manhome", "--sims", "0"], 1, 2, "--sims must be a whole number"),  # bad input, said
    (["manhome", "--sims", "100", "--workers", "1", "--no-store", "--out", "o", "--quiet"],
     1, 0, ""),                                    # nothing to print: the run is done
    (["position", "shoo", "--file", "-"], 0, 2, "standard input is closed"),
], ids=["bad-input", "quiet-run", "stdin"])
def test_a_closed_stream_the_command_needs_not_is_no_error(argv, stream, status, words,
                                                           tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze", *argv], cwd=tmp_path, env=env,
                          stdout=None if stream == 1 else subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=300,
                          preexec_fn=lambda: _closed(stream))
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == (1 if words else 0)
    assert words in done.stderr


@pytest.mark.parametrize("argv", [["games"], ["manhome", "--help"],
                                  ["position", "sumoku", "--set", "key=5", "hand: R3 O1"]],
                         ids=lambda argv: " ".join(argv[:2]))
def test_a_standard_output_that_cannot_encode_the_text_is_no_error(argv, tmp_path):
    """``PYTHONIOENCODING=ascii analyze games``: a character the output's encoding lacks
    (the em dash of every title) ended in a UnicodeEncodeError traceback (status 1); it
    is written as an escape (``\\u2014``) instead."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.strip()
