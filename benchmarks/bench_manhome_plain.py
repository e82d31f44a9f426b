"""Man Home's kernel against a plain C program of its rules, per player, before and after.

    python benchmarks/bench_manhome_plain.py (--old DIR | --rev REV) [--rounds 5]
                                             [--check 100000] [--players random,greedy,...]
                                             [--seats 2] [--scale 1]

Builds ``benchmarks/manhome_plain.c`` (one C99 file: the default rules, the ``random``,
``greedy``, ``solitaire`` and ``expert`` players, solver/dice.py's dice) with the compiler
and flags setup.py gives the kernels (Python's ``CC`` and ``CFLAGS``, then ``-O3
-ffp-contract=off``). Then, for every player in every seat of a game of ``--seats`` seats
(default 2):

1. **the same games**: the C program's result rows of ``--check`` games (game ``i`` has
   key ``(i + 1) * 0x9E3779B97F4A7C15``) must equal the rows of the kernel's ``play_chunk``
   on the same keys, in the old build and in this checkout — or nothing is timed;
2. **the speed**: ``--rounds`` alternating rounds (benchmarks/before_after.py), each timing
   the C program (the CPU time of its loop over the games, the rows kept in an array, as it
   reports it), the old build's kernel and this checkout's
   (``numbergames.cext.manhome.play.play_chunk(config, keys)``, its result array included,
   in CPU seconds, in a process of its own holding the configuration and the solved tables);
   each the best of two in a round (other users of the machine only ever slow it).

Prints the median games per CPU-second of each and the ratios kernel / plain C (the issue
asks for >= 1.0 for every player) and new / old.

The solved tables of ``solitaire`` and ``expert`` are written for the C program from this
checkout's solver (``numbergames.solver.manhome.policies``; each about 10 s to solve).
"""
from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import numpy as np

from before_after import HERE, Worker, add_build_options, alternate, builds, medians, old_name

SOURCE = HERE / "manhome_plain.c"
PLAYERS = ("random", "greedy", "solitaire", "expert")
GAMES = {"random": 200_000, "greedy": 400_000, "solitaire": 400_000, "expert": 40_000}
"""Games per measurement: about half a CPU-second."""
SEATS = 2
GOLDEN = 0x9E3779B97F4A7C15

WORKER = r"""
import json, sys, numpy as np
ManHomeRules = imported("solver.manhome.rules").ManHomeRules
config = imported("solver.manhome.kernel").config
play_chunk = imported("cext.manhome.play").play_chunk
rules, configs = ManHomeRules(players=int(sys.argv[1])), {}
def keys(n):
    return np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
def setup(player):
    if player not in configs:
        configs[player] = config(rules, [player] * rules.players)
        play_chunk(configs[player], keys(1000))     # warm
    return configs[player]
for line in sys.stdin:
    ask = json.loads(line)
    cfg = setup(ask["player"])
    if ask["op"] == "rows":
        np.save(ask["out"], play_chunk(cfg, keys(ask["n"])))
        answer = None
    elif ask["op"] == "table":
        if ask["player"] == "solitaire":
            table = next(iter(cfg["tables"].values()))
        else:
            table = cfg["goes"]
        space, values = table
        values.tofile(ask["out"])
        answer = space
    else:
        answer = best_cpu(play_chunk, cfg, keys(ask["n"]))[0]
    print(json.dumps(answer), flush=True)
"""


def compile_plain(out: Path) -> Path:
    """The C program, built with the compiler and flags of the kernels (setup.py)."""
    command = [*sysconfig.get_config_var("CC").split(),
               *sysconfig.get_config_var("CFLAGS").split(), "-O3", "-ffp-contract=off",
               "-o", str(out), str(SOURCE)]
    subprocess.run(command, check=True)
    print("built:", " ".join(command), flush=True)
    return out


def plain(program: Path, mode: str, player: str, n: int, table: Path | None,
          seats: int = SEATS) -> bytes:
    argv = [str(program), mode, player, str(n), str(seats)]
    if table is not None:
        argv.append(str(table))
    return subprocess.run(argv, check=True, capture_output=True).stdout


def plain_seconds(program: Path, player: str, n: int, table: Path | None, seats: int) -> float:
    """The least of two runs' CPU seconds, as the C program reports its loop's."""
    return min(float(plain(program, "time", player, n, table, seats).split()[0])
               for _ in range(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser)
    parser.add_argument("--check", type=int, default=100_000,
                        help="games checked the same before timing (default 100000)")
    parser.add_argument("--players", default=",".join(PLAYERS),
                        help="players, comma-separated (default all four)")
    parser.add_argument("--seats", type=int, default=SEATS, help="seats (default 2)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="times the default games per measurement")
    options = parser.parse_args()
    players = [p.strip() for p in options.players.split(",") if p.strip()]
    unknown = [p for p in players if p not in PLAYERS]
    if unknown:
        parser.error(f"unknown player {unknown[0]!r}; allowed: {', '.join(PLAYERS)}")

    with tempfile.TemporaryDirectory(prefix="bench-manhome-plain-") as tmp, \
            builds(options) as sources, contextlib.ExitStack() as stack:
        folder = Path(tmp)
        program = compile_plain(folder / "manhome_plain")
        seats = options.seats
        kernels = {name: stack.enter_context(Worker(source, WORKER, str(seats)))
                   for name, source in sources.items()}
        tables: dict[str, Path | None] = {}
        for player in players:
            table = None
            if player in ("solitaire", "expert"):
                table = folder / f"{player}.table"
                space = kernels["new"].ask(op="table", player=player, out=str(table))
                if space != {"board_rows": 12, "men_per_player": 6, "men_to_win": 3, "cap": 4}:
                    sys.exit(f"{player}: the C program numbers other sides than {space}")
            tables[player] = table
            rows_c = np.frombuffer(plain(program, "rows", player, options.check, table, seats),
                                   dtype=np.int32).reshape(options.check, -1)
            for name, kernel in kernels.items():
                out = folder / f"{name}-{player}.npy"
                kernel.ask(op="rows", player=player, n=options.check, out=str(out))
                rows_k = np.load(out)
                if rows_k.shape != rows_c.shape or not (rows_k == rows_c).all():
                    bad = int((rows_k != rows_c).any(axis=1).argmax())
                    sys.exit(f"{player}: the C program's games differ from the {name} "
                             f"kernel's (first at game {bad}: {rows_c[bad].tolist()} "
                             f"against {rows_k[bad].tolist()})")
            print(f"{player}: the same {options.check:,} games in plain C, old and new "
                  f"(rows of {rows_c.shape[1]} columns)", flush=True)

        def measure(who: str) -> dict[str, float]:
            rates = {}
            for player in players:
                n = max(1, int(GAMES[player] * options.scale))
                seconds = (plain_seconds(program, player, n, tables[player], seats)
                           if who == "plain" else kernels[who].ask(op="time", player=player, n=n))
                rates[player] = n / seconds
            return rates

        rates = medians(alternate({who: who for who in ("plain", "old", "new")}, options.rounds,
                                  measure))

    print(f"\nMan Home, {options.seats} seats, the default rules: games per CPU-second, "
          f"medians of {options.rounds} rounds; old = {old_name(options)}, new = this checkout")
    print(f"{'player':10} {'plain C':>11} {'old':>11} {'new':>11} {'old/C':>7} {'new/C':>7} "
          f"{'new/old':>8}")
    worst = None
    for player in players:
        c, old, new = (rates[player][who] for who in ("plain", "old", "new"))
        worst = new / c if worst is None else min(worst, new / c)
        print(f"{player:10} {c:11,.0f} {old:11,.0f} {new:11,.0f} {old / c:7.3f} {new / c:7.3f} "
              f"{new / old:8.3f}")
    print(f"\nslowest kernel / plain C (new): {worst:.3f} (the issue asks for none below 1.0)")


if __name__ == "__main__":
    sys.exit(main())
