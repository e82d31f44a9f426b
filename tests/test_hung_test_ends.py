"""A hung test cannot hang the suite: under the project's own pytest options (pyproject.toml's
addopts, timeout method and reruns) a small suite with a test past its timeout ends, that
test failed after its one rerun and the others passed. Under pytest-xdist 3.8.0 the scope
schedulers (``--dist loadgroup``, ``loadscope``, ``loadfile``) never end once a timed-out
worker is replaced; this fails if the options go back to one of them."""
import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOY_TIMEOUT_S = 5
"""The small suite's timeout: far above what its passing tests take on a busy machine."""

SUITE = '''
import threading

def test_passes():
    assert True

def test_hangs():
    threading.Event().wait()   # for ever: only the timeout ends it

def test_passes_too():
    assert True

def test_and_this():
    assert True
'''


def test_a_test_past_its_timeout_fails_and_the_run_ends(tmp_path):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    options = project["tool"]["pytest"]["ini_options"]
    addopts = options["addopts"].replace("-n auto", "-n 2").replace("--doctest-modules", "")
    (tmp_path / "test_toy.py").write_text(SUITE)
    (tmp_path / "pytest.ini").write_text(
        f"[pytest]\naddopts = {addopts}\ntimeout = {TOY_TIMEOUT_S}\n"
        f"timeout_method = {options['timeout_method']}\n")
    process = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                                str(tmp_path)], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out = process.communicate(timeout=240)[0]   # only bounds a hang
    finally:   # a run that hangs: its workers too
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 1, out[-2000:]
    assert "1 failed, 3 passed, 1 rerun" in out, out[-2000:]
    assert "test_hangs" in out.split("short test summary info")[1]
