"""benchmarks/manhome_plain.c, the plain C program the kernel's speed is measured against
(benchmarks/bench_manhome_plain.py), plays the kernel's games: built as the benchmark builds
it, its result rows equal ``play_chunk``'s on the same keys (the random and greedy players,
2 and 4 seats; the solitaire and expert, which read solved tables of the standard rules,
are checked by the benchmark on 100,000 games before it times them)."""
import shutil
import subprocess

import numpy as np
import pytest

from numbergames.cext.manhome.play import play_chunk
from numbergames.solver.manhome.kernel import config
from numbergames.solver.manhome.rules import ManHomeRules


@pytest.fixture(scope="module")
def program(tmp_path_factory, benchmark_script):
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler")
    compile_plain = benchmark_script("bench_manhome_plain").compile_plain
    return compile_plain(tmp_path_factory.mktemp("plain") / "manhome_plain")


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("player", ["random", "greedy"])
def test_the_plain_program_plays_the_kernels_games(program, player, seats):
    n = 5_000
    out = subprocess.run([str(program), "rows", player, str(n), str(seats)], check=True,
                         capture_output=True).stdout
    plain = np.frombuffer(out, dtype=np.int32).reshape(n, -1)
    keys = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    kernel = play_chunk(config(ManHomeRules(players=seats), [player] * seats), keys)
    assert np.array_equal(plain, kernel)
