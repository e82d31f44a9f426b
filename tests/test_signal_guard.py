"""The suite's guard (tests/conftest.py's ``no_signal_reaches_the_test_process``): a test
whose own process receives SIGINT or SIGTERM fails with a message naming the signal, and a
test that signals a child process it started passes. The Shoo exact report's Ctrl-C test
once sent SIGINT to its own process: its xdist worker crashed, twice, on a busy machine.

A small suite run by pytest in a child process, with the guard as the suite's fixture."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SUITE = '''
import os
import signal
import subprocess
import sys


def test_ctrl_c_to_itself():
    os.kill(os.getpid(), signal.SIGINT)


def test_sigterm_to_itself():
    os.kill(os.getpid(), signal.SIGTERM)


def test_ctrl_c_to_a_child():
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                             stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
    child.send_signal(signal.SIGINT)
    assert child.wait() != 0
'''


def test_the_guard_fails_a_test_that_signals_itself_and_passes_one_that_signals_a_child(
        tmp_path):
    (tmp_path / "test_toy.py").write_text(SUITE)
    (tmp_path / "conftest.py").write_text(
        "from tests.conftest import no_signal_reaches_the_test_process  # noqa: F401\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "-n", "0", "-rA", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": path})
    out = done.stdout
    assert done.returncode == 1, out[-3000:]
    assert "3 passed, 2 errors" in out, out[-3000:]
    errors = [line for line in out.splitlines() if line.startswith("ERROR ")]
    assert len(errors) == 2, out[-3000:]
    assert "test_ctrl_c_to_itself" in errors[0] and "SIGINT reached the test process" in out
    assert "test_sigterm_to_itself" in errors[1] and "SIGTERM reached the test process" in out
    assert "PASSED test_toy.py::test_ctrl_c_to_a_child" in out
