"""The fixed cost of a command, before and after, in one run (the machines are shared).

    python benchmarks/bench_overhead.py [--rev 1d2de15] [--repeats 5] [--sims 1e6]

Builds the toolkit at git revision ``--rev`` (default 1d2de15, the state before issue 9)
into a temporary folder (``git archive`` + ``setup.py build_ext --inplace``), then measures
that build and this checkout (as it is, built in place) in alternating rounds, each in
subprocesses whose PYTHONPATH points at the build measured:

* the Man Home kernel's games/s on one core (``play_chunk`` on 2**16 keys, greedy and
  random; CPU time, the best of three in each round);
* ``analyze manhome --sims N --workers 2 --no-store`` end to end (wall, into a new folder:
  start-up, games, statistics, games.npz, plots, report);
* a stored repeat: ``analyze manhome --sims 1e5 --seed 8`` run again in a folder that holds
  its results store and report (wall; every game loaded, the report rewritten).

Prints the median of each and the ratio new/old (below 1: the current checkout is faster).
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ANALYZE = "import sys; from numbergames.analyze.entry import main; sys.exit(main())"
KERNEL = """
import sys, time, numpy as np
from numbergames.solver.registry import find_game
play_chunk = find_game("manhome").load_kernel()  # the kernel wherever the build keeps it
from numbergames.solver.manhome.policies import prepare
from numbergames.solver.manhome.rules import ManHomeRules
rules, keys = ManHomeRules(), np.random.PCG64(1).random_raw(2 ** 16)
for policy in sys.argv[1:]:
    seats = (policy, policy)
    prepare(rules, seats)
    play_chunk(rules, seats, keys[:1024])  # warm
    best = float("inf")
    for _ in range(3):  # the best of three: other users of the machine only ever slow it
        cpu = time.process_time()
        play_chunk(rules, seats, keys)
        best = min(best, time.process_time() - cpu)
    print(len(keys) / best)
"""
POLICIES = ("greedy", "random")


def build(rev: str, folder: Path) -> Path:
    """The toolkit at ``rev``, compiled in place in ``folder``."""
    archive = subprocess.run(["git", "-C", str(HERE), "archive", "--format=tar", rev],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], cwd=folder,
                   check=True, capture_output=True)
    return folder


def env(source: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(source)}


def python(*argv: str) -> list[str]:
    """A Python command that imports from PYTHONPATH, not from its current folder (-P)."""
    return [sys.executable, "-P", *argv]


def measured_json(source: Path, code: str, *argv: str) -> dict:
    """The JSON object that ``python -c code argv`` prints, run with the build ``source``."""
    import json

    done = subprocess.run(python("-c", code, *argv), env=env(source), check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def alternate(builds: dict[str, Path], rounds: int, measure) -> dict:
    """``measure(source)`` (a dict: figure -> rate) for each build in turn, ``rounds``
    times, so that a burst of load from other users of the machine hits them alike;
    returns ``{figure: {build: [rate of each round]}}``."""
    figures: dict = {}
    for round_ in range(rounds):
        for name, source in builds.items():
            for what, rate in measure(source).items():
                figures.setdefault(what, {}).setdefault(name, []).append(rate)
        print(f"round {round_ + 1} of {rounds} done", flush=True)
    return figures


def print_ratios(figures: dict, label=str, width: int = 32) -> float | None:
    """One line a figure: the medians of the old and new builds' rounds and new/old;
    returns the smallest ratio (None when no figure has both builds)."""
    import statistics

    print(f"{'':{width}} {'old':>14} {'new':>14} {'new/old':>8}")
    worst = None
    for what, kept in figures.items():
        if set(kept) != {"old", "new"}:
            print(f"{label(what):{width}} (in one build only)")
            continue
        old, new = (statistics.median(kept[name]) for name in ("old", "new"))
        worst = new / old if worst is None else min(worst, new / old)
        print(f"{label(what):{width}} {old:14,.0f} {new:14,.0f} {new / old:8.3f}")
    return worst


def check(source: Path) -> str:
    """Where ``analysis`` is imported from with this build (it must be the build itself)."""
    done = subprocess.run(python("-c", "import analysis, numbergames.cext.manhome; "
                                 "print(analysis.__file__)"), env=env(source), check=True,
                          capture_output=True, text=True)
    return done.stdout.strip()


def kernel_rates(source: Path) -> list[float]:
    done = subprocess.run(python("-c", KERNEL, *POLICIES), env=env(source), check=True,
                          capture_output=True, text=True)
    return [float(line) for line in done.stdout.split()]


def analyze(source: Path, cwd: Path, *argv: str) -> float:
    """Wall seconds of ``analyze argv`` run with ``source``, in ``cwd``."""
    start = time.perf_counter()
    subprocess.run(python("-c", ANALYZE, *argv, "--quiet"), cwd=cwd, env=env(source),
                   check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="1d2de15", help="the old revision (default 1d2de15)")
    parser.add_argument("--repeats", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--sims", default="1e6", help="games of the end-to-end run (default 1e6)")
    options = parser.parse_args()
    sims = str(int(float(options.sims)))

    with tempfile.TemporaryDirectory(prefix="bench-overhead-") as tmp:
        root = Path(tmp)
        print(f"building {options.rev} in {root / 'old'} ...", flush=True)
        start = time.perf_counter()
        builds = {"old": build(options.rev, root / "old"), "new": HERE}
        print(f"built in {time.perf_counter() - start:.0f} s")
        for name, source in builds.items():
            print(f"{name}: analysis from {check(source)}")
            (root / name / "scratch").mkdir(parents=True, exist_ok=True)
            # the stored run the repeats answer from (and a warm-up of everything)
            analyze(source, root / name / "scratch", "manhome", "--sims", "1e5", "--seed", "8")

        figures: dict[str, dict[str, list[float]]] = {name: {} for name in builds}
        for round_ in range(options.repeats):
            for name, source in builds.items():
                kept = figures[name]
                for policy, rate in zip(POLICIES, kernel_rates(source)):
                    kept.setdefault(f"kernel {policy}", []).append(rate)
                out = root / name / f"run-{round_}"
                kept.setdefault("end to end", []).append(analyze(
                    source, root / name, "manhome", "--sims", sims, "--workers", "2",
                    "--no-store", "--out", str(out)))
                kept.setdefault("stored repeat", []).append(analyze(
                    source, root / name / "scratch", "manhome", "--sims", "1e5", "--seed", "8"))
            print(f"round {round_ + 1} of {options.repeats}: " + "; ".join(
                f"{name} {figures[name]['end to end'][-1]:.2f} s, stored "
                f"{figures[name]['stored repeat'][-1]:.2f} s" for name in builds), flush=True)

    rows = [(f"kernel games/s, one core, greedy (2**16 games)", "kernel greedy", "{:,.0f}"),
            (f"kernel games/s, one core, random (2**16 games)", "kernel random", "{:,.0f}"),
            (f"analyze manhome --sims {float(sims):.0e} --workers 2 --no-store, s", "end to end",
             "{:.2f}"),
            ("stored repeat of analyze manhome --sims 1e5 --seed 8, s", "stored repeat", "{:.2f}")]
    print(f"\nmedians of {options.repeats} rounds; old = {options.rev}, new = this checkout")
    width = max(len(label) for label, _, _ in rows)
    print(f"{'':{width}}  {'old':>12}  {'new':>12}  {'new/old':>7}")
    for label, key, spec in rows:
        old, new = (statistics.median(figures[name][key]) for name in ("old", "new"))
        print(f"{label:{width}}  {spec.format(old):>12}  {spec.format(new):>12}  {new / old:7.2f}")


if __name__ == "__main__":
    main()
