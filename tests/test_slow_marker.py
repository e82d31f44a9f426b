"""The slow marker's lists (and the list of the heaviest, run first) name tests that are
there: a test renamed or moved would leave its entry marking nothing, and the wide case would
come back into the suite unnoticed."""
import re
from pathlib import Path

from tests.conftest import HEAVY_CASES, SLOW, cases, slow_cases

ROOT = Path(__file__).resolve().parents[1]


def test_every_slow_entry_names_a_test_function_that_exists():
    missing = []
    for nodeid in [*SLOW, *slow_cases(), *cases(HEAVY_CASES)]:
        path, _, rest = nodeid.partition("::")
        function = re.match(r"[A-Za-z_0-9]+", rest.split("::")[-1]).group(0)
        file = ROOT / path
        if not file.exists() or not re.search(rf"^def {function}\(", file.read_text(), re.M):
            missing.append(nodeid)
    assert not missing, "slow entries that mark nothing:\n" + "\n".join(missing)


def test_the_slow_cases_file_is_read_whole():
    cases = slow_cases()
    lines = [line for line in (ROOT / "tests" / "slow_cases.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    assert len(cases) == len(lines) > 100 and all(seconds > 0 for seconds in cases.values())
