"""Do the reference engines play every recorded game as before? The widest net of
``tests/test_same_reference_games.py``: every case of ``tests/data/same_reference_games.json``
in full — the suite leaves the slowest cases and the games beyond a short prefix to this
script (issue 18: a suite within five minutes). Prints one verdict and the seconds a case;
exit status 1 if a case moved.

    python benchmarks/same_reference_games.py            (from the project's root)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_same_reference_games import RECORDED, case_id, digest, in_suite, play_reference  # noqa: E402


def main() -> int:
    moved = 0
    for case in RECORDED:
        start = time.process_time()
        same = digest(play_reference(case)) == case["sha256"]
        suite = in_suite(case)
        where = ("here only" if suite is None else "suite" if suite[0] is None
                 else f"suite: first {suite[0]} games")
        print(f"{'same ' if same else 'MOVED'}  {time.process_time() - start:6.1f} s  "
              f"({where})  {case_id(case)}", flush=True)
        moved += not same
    print(f"{len(RECORDED) - moved} of {len(RECORDED)} cases play the recorded games")
    return 1 if moved or not stale_bound_games() else 0


def stale_bound_games() -> bool:
    """The Sumoku games tests/sumoku/test_stale_bounds.py holds the kernel to: the
    reference engine plays each as recorded there."""
    from solver.registry import find_game
    from tests.sumoku.test_stale_bounds import RECORDED as GAMES, key_of

    spec, same = find_game("sumoku"), 0
    for seats, index, winner, turns, decisions, scores in GAMES:
        row = dict(spec.reference(spec.rules(), list(seats), int(key_of(index))))
        same += ((row["winner"], row["turns"], row["decision_turns"]) == (winner, turns, decisions)
                 and list(map(int, row["seat_score"])) == scores)
    print(f"{same} of {len(GAMES)} of tests/sumoku/test_stale_bounds.py's games are the "
          "reference engine's")
    return same == len(GAMES)


if __name__ == "__main__":
    sys.exit(main())
