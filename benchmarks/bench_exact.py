"""Man Home state search: kernel against reference, and the largest solves here.

    python benchmarks/bench_exact.py [--largest]

Prints state updates per second of the Cython kernels and of the pure-Python reference
solvers on the same small rules (and their ratio), then time and peak memory of bigger
solves, each in a fresh process (benchmarks/before_after.py): the standard solitaire with at
most 4 (and, with --largest, 5 and 6) men on the board, and two-player games up to 36
squares with 3 men.
"""
from __future__ import annotations

import argparse
import json

from before_after import ROOT, run_json
from numbergames.solver.manhome.duel import solve_duel, solve_duel_reference
from numbergames.solver.manhome.rules import ManHomeRules
from numbergames.solver.manhome.solitaire import solve_solitaire, solve_solitaire_reference

ONE = """
import json, re, sys
from pathlib import Path
ManHomeRules = imported("solver.manhome.rules").ManHomeRules
kind, cap, values = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
rules = ManHomeRules(**values)
if kind == "solitaire":
    solve_solitaire = imported("solver.manhome.solitaire").solve_solitaire
    s = solve_solitaire(rules, cap=cap)
    answer = s.expected_turns
else:
    solve_duel = imported("solver.manhome.duel").solve_duel
    s = solve_duel(rules)
    answer = s.first_player_win
peak = int(re.search(r"VmHWM:\\s+(\\d+) kB", Path("/proc/self/status").read_text()).group(1))
print(json.dumps({"states": int(s.states), "sweeps": s.sweeps, "seconds": s.seconds,
                  "updates": s.updates, "answer": answer, "peak_mib": peak / 1024}))
"""


def solve_apart(kind: str, values: dict, cap: int = 0) -> dict:
    return run_json(ROOT, ONE, kind, str(cap), json.dumps(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", action="store_true", help="also the solves of minutes")
    largest = parser.parse_args().largest

    print("== kernel against reference (state updates per second, one core)")
    for name, rules, reference, kernel in (
            ("solitaire", ManHomeRules(board_rows=3, men_per_player=3, men_to_win=3),
             solve_solitaire_reference, solve_solitaire),
            ("duel", ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2),
             solve_duel_reference, solve_duel)):
        ref, fast = reference(rules), kernel(rules)
        r, k = ref.updates / ref.seconds, fast.updates / fast.seconds
        print(f"{name:>9}: reference {r:>12,.0f}/s  kernel {k:>14,.0f}/s  ratio {k / r:,.0f}x")

    print("== larger solves, each in a fresh process")
    jobs = [("solitaire", {}, cap) for cap in (3, 4)]
    jobs += [("duel", dict(board_rows=4, men_per_player=3, men_to_win=2), 0),
             ("duel", dict(board_rows=12, men_per_player=2, men_to_win=2), 0)]
    if largest:
        jobs += [("solitaire", {}, 5), ("duel", dict(board_rows=6, men_per_player=3, men_to_win=2), 0),
                 ("solitaire", {}, 6)]
    for kind, values, cap in jobs:
        label = f"{kind} {values or 'standard rules'}" + (f" cap {cap}" if cap else "")
        r = solve_apart(kind, values, cap)
        print(f"{label}: {r['states']:,} states, {r['sweeps']} sweeps, {r['seconds']:.1f} s, "
              f"{r['updates'] / r['seconds']:,.0f} updates/s, peak {r['peak_mib']:,.0f} MiB, "
              f"answer {r['answer']:.6f}")


if __name__ == "__main__":
    main()
