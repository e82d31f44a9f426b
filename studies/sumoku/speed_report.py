"""``analyze exact sumoku speed``: speed sumoku's hands decided by the layout search, as a
report: P(a 10-tile hand is solvable) per key with intervals (``speed.csv``), example
layouts as pictures, a hand proven impossible, and the swaps (swapoku) the stated strategy
needs until the hand is solvable.

The hands are decided by :mod:`numbergames.solver.sumoku.speed`, which counts them per key; this module
adds each share's 95% Wilson interval (:func:`wilson`) and writes the tables.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports.formatting import md_block, md_table, pct, pct_range
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.reports.writer import report_folder
from numbergames.analysis.running.folders import folder_path
from numbergames.solver.sumoku.cover import valid_lines
from numbergames.solver.sumoku.layout import DEFAULT_BUDGET, FOUND, GAVE_UP, IMPOSSIBLE, widths
from numbergames.solver.sumoku.rounds import (MAX_SWAPS as ROUND_SWAPS, NODE_SCALE, PLAYERS, SWAP_TIME,
                                  rounds_rows)
from numbergames.solver.sumoku.speed import (HAND, SPEED_KEYS, Decided, check_key, counts_of,
                                 decide_hands, random_hands, solvable_counts)
from numbergames.solver.sumoku.swapoku import MAX_SWAPS, play_swaps
from numbergames.solver.sumoku.tiles import text
from numbergames.studies.sumoku.picture import draw_layout

DEFAULT_OUT = Path("reports/sumoku-speed")
DEFAULT_HANDS = 1000
"""Hands per key by default (``--hands``; ``--sims`` lowers it)."""
PICTURE_KEYS = (3, 5, 7, 10)
"""Keys whose first solvable hand is drawn."""
SWAP_SHARE = 10
"""Swapoku is played on a tenth as many hands as the table decides."""
DEFAULT_GAMES = 60
"""Games of speed rounds per number of players."""
DEFAULT_ERROR = 0.05
"""A player's chance of calling a wrong pattern (tubadoku)."""
CONFIDENCE = 0.95


def wilson(successes: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a proportion (scipy's ``binomtest``, imported when a
    table is made).

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    from scipy.stats import binomtest

    interval = binomtest(successes, trials).proportion_ci(confidence, method="wilson")
    return float(interval.low), float(interval.high)


def with_share(row: dict[str, Any], successes: str, trials: str, name: str) -> dict[str, Any]:
    """``row`` with the share ``name`` = ``row[successes] / row[trials]`` and its Wilson
    interval (``ci_low``, ``ci_high``) right after the column ``successes``.

    >>> row = with_share({"key": 3, "hands": 10, "solvable": 5, "gave_up": 0}, "solvable",
    ...                  "hands", "p_solvable")
    >>> list(row), row["p_solvable"], round(row["ci_low"], 4)
    (['key', 'hands', 'solvable', 'p_solvable', 'ci_low', 'ci_high', 'gave_up'], 0.5, 0.2366)
    """
    out: dict[str, Any] = {}
    for column, value in row.items():
        out[column] = value
        if column == successes:
            low, high = wilson(row[successes], row[trials])
            out.update({name: row[successes] / row[trials], "ci_low": low, "ci_high": high})
    return out


def table_of(decided: Iterable[Decided]) -> pd.DataFrame:
    """The table of :func:`solvable_table` from decided hands."""
    return pd.DataFrame([with_share(row, "solvable", "hands", "p_solvable")
                         for row in counts_of(decided)])


def solvable_table(keys: Sequence[int] = SPEED_KEYS, hands: int = 1000, seed: int = 0, *,
                   size: int = HAND, budget: int = DEFAULT_BUDGET) -> pd.DataFrame:
    """Per key: of ``hands`` random hands of ``size`` tiles (the same hands for every key),
    how many are solvable, the proportion and its 95% Wilson interval, and how many were
    proven impossible or given up (:func:`numbergames.solver.sumoku.speed.solvable_counts`).

    >>> list(solvable_table(keys=(5,), hands=20, seed=1).columns)
    ['key', 'hands', 'solvable', 'p_solvable', 'ci_low', 'ci_high', 'impossible', 'gave_up']
    """
    return pd.DataFrame([with_share(row, "solvable", "hands", "p_solvable") for row in
                         solvable_counts(keys, hands, seed, size=size, budget=budget)])


def _hand_text(hand: Sequence[int]) -> str:
    return " ".join(text(k) for k in hand)


def swap_table(keys: Sequence[int], hands: int, seed: int, budget: int) -> pd.DataFrame:
    """Per key: the distribution of swaps the strategy needs (RULES.md rule 48)."""
    rows = []
    for key in keys:
        rng = np.random.default_rng([seed, key])
        swaps = [play_swaps(rng, key, budget=budget) for _ in range(hands)]
        counts = np.bincount([s.swaps for s in swaps], minlength=MAX_SWAPS + 1)
        rows.append({"key": key, "hands": hands,
                     "mean_swaps": float(np.mean([s.swaps for s in swaps])),
                     "p0": counts[0] / hands, "p1": counts[1] / hands, "p2": counts[2] / hands,
                     "p3_or_more": counts[3:].sum() / hands,
                     "most_swaps": int(max(s.swaps for s in swaps)),
                     "still_stuck": sum(not s.solved for s in swaps),
                     "stuck_gave_up": sum(not s.solved and s.result.status == GAVE_UP
                                          for s in swaps)})
    return pd.DataFrame(rows)


def run(out: str | Path | None = None, *, sims: int = DEFAULT_HANDS, seed: int = 0,
        workers: int | None = None, hands: int = DEFAULT_HANDS,
        budget: int = DEFAULT_BUDGET, keys: Sequence[int] = SPEED_KEYS,
        games: int = DEFAULT_GAMES, error: float = DEFAULT_ERROR,
        players: Sequence[int] = tuple(PLAYERS), command: str | None = None,
        say: Callable[[str], None] = lambda text: None) -> Path:
    """Decide ``min(hands, sims)`` random hands per key and write the report; returns its
    folder. ``workers`` is accepted for the contract; the hands are decided in this
    process."""
    keys = [check_key(k) for k in keys]
    count = min(hands, sims)
    if count < 1:
        raise ValueError(f"hands per key must be at least 1, got {count}")
    if budget < 1:
        raise ValueError(f"the node budget must be at least 1, got {budget}")
    if not 0 <= error < 1:
        raise ValueError(f"error must be in [0, 1), got {error}")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    out_dir = folder_path(out) or DEFAULT_OUT
    start = time.perf_counter()
    drawn = random_hands(count, HAND, seed)
    decided: list[Decided] = []
    for key in keys:
        say(f"speed sumoku: {count} hands on key {key}")
        decided += decide_hands(drawn, key, budget=budget)
    decide_s = time.perf_counter() - start
    table = table_of(decided)
    swap_hands = max(1, count // SWAP_SHARE)
    say(f"swapoku: {swap_hands} hands per key")
    swaps = swap_table(keys, swap_hands, seed, budget)
    say(f"speed rounds: {games} games per number of players")
    rounds = pd.DataFrame(rounds_rows(players, games, seed, error=error, budget=budget))
    with report_folder(out_dir) as report:
        report.table("speed.csv", table)
        report.table("swapoku.csv", swaps)
        report.table("rounds.csv", rounds)
        pictures = []
        for key in PICTURE_KEYS:
            example = next((d for d in decided if d.key == key and d.result.status == FOUND),
                           None)
            if example is not None:
                name = f"layout-key-{key}.png"
                report.figure(name, draw_layout, example.result.layout, key,
                              example.result.cell_values, _hand_text(example.hand[:5]) + " …")
                pictures.append((key, name, example))
        impossible = next((d for d in decided if d.result.status == IMPOSSIBLE), None)
        nodes = sum(d.result.nodes for d in decided)
        summary = {"game": "sumoku", "analysis": "speed", "seed": seed, "hands_per_key": count,
                   "budget": budget, "version": package_version(), "command": command,
                   "decided": len(decided), "decide_s": round(decide_s, 2),
                   "hands_per_s": round(len(decided) / decide_s, 1) if decide_s else None,
                   "nodes": nodes, "gave_up": int(table["gave_up"].sum()),
                   "elapsed_s": round(time.perf_counter() - start, 2)}
        report.summary(summary)
        report.markdown(render(table, swaps, rounds, pictures, impossible,
                               {**summary, "games": games, "error": error}))
    return out_dir


def _impossible_text(d: Decided | None) -> str:
    if d is None:
        return "No hand in this sample was proven impossible.\n"
    key, hand = d.key, list(d.hand)
    lines = valid_lines(hand, key)
    alone = [text(k) for i, k in enumerate(hand) if not any(line >> i & 1 for line in lines)]
    if d.result.proof == "cover":
        why = (f"No family of valid lines covers it (RULES.md rule 47): {len(lines)} valid "
               "lines can be made from its tiles, but none of their families puts every tile "
               "in one or two lines, two lines sharing at most one tile, all connected.")
        if alone:
            why += f" Indeed {', '.join(alone)} lies in no valid line at all."
    else:
        why = ("The complete strip search tried every cell set of every width "
               f"({', '.join(map(str, widths(len(hand))))}) and found no pattern "
               f"({d.result.nodes:,} nodes).")
    return f"On key {key}, the hand **{_hand_text(hand)}** has no layout. {why}\n"


def render(table: pd.DataFrame, swaps: pd.DataFrame, rounds: pd.DataFrame,
           pictures: Sequence[tuple[int, str, Decided]], impossible: Decided | None,
           summary: dict[str, Any]) -> str:
    rows = [[str(r.key), f"{r.hands:,}", f"{r.solvable:,}", pct(r.p_solvable),
             pct_range(r.ci_low, r.ci_high), f"{r.impossible:,}", f"{r.gave_up:,}"]
            for r in table.itertuples()]
    speed_table = md_table(["key", "hands", "solvable", "P(solvable)", "95% interval",
                            "proven impossible", "gave up"], rows, "rrrrrrr")
    swap_rows = [[str(r.key), f"{r.hands:,}", f"{r.mean_swaps:.2f}", pct(r.p0), pct(r.p1),
                  pct(r.p2), pct(r.p3_or_more), str(r.most_swaps),
                  f"{r.still_stuck} ({r.stuck_gave_up} gave up)"]
                 for r in swaps.itertuples()]
    swap_md = md_table(["key", "hands", "mean swaps", "0", "1", "2", "3 or more", "most",
                        f"stuck after {MAX_SWAPS}"], swap_rows, "rrrrrrrrr")
    round_rows = [[str(r.players), str(r.games), r.seat_wins, pct(r.max_seat_share),
                   f"{r.rounds_per_game:.2f}", f"{r.swaps_per_round:.2f}",
                   f"{r.tubadokus_per_round:.3f}", pct(r.void_share), f"{r.round_length:.2f}",
                   str(r.cut_off)] for r in rounds.itertuples()]
    rounds_md = md_table(["players", "games", "game wins by seat", "most by one seat",
                          "rounds a game", "swaps a round", "tubadokus a round", "void rounds",
                          "round length", "cut off"], round_rows, "rrlrrrrrrr")
    best = table.loc[table["p_solvable"].idxmax()]
    worst = table.loc[table["p_solvable"].idxmin()]
    shown = "\n\n".join(
        f"Key {key}, hand {_hand_text(d.hand)} ({d.result.nodes:,} nodes):\n\n"
        f"```\n{d.result.text()}\n```\n\n![a layout on key {key}]({name})"
        for key, name, d in pictures)
    gave = summary["gave_up"]
    return f"""# Speed sumoku: can a hand of 10 be laid out?

In speed sumoku every player draws 10 tiles and races to lay them all out as one pattern
(RULES.md rules 28 to 32). The toolkit's layout search (rule 47) decides each hand exactly:
a layout found (and checked by the pattern validator), proven impossible, or — past its
budget of {summary['budget']:,} nodes — given up.

**In short.** Of {summary['hands_per_key']:,} random hands per key, the most are solvable
on key {int(best['key'])} ({pct(best['p_solvable'])}), the fewest on key
{int(worst['key'])} ({pct(worst['p_solvable'])}). {gave} of {summary['decided']:,}
decisions gave up; those hands count as not solvable here, so each P(solvable) is a lower
bound, at most the "gave up" share below the truth.

## P(a 10-tile hand is solvable), per key

The same hands (seed {summary['seed']}) on every key; keys 3–5 are the key die's, 6–10 the
challenge's. Intervals are 95% Wilson intervals. In `speed.csv`.

{speed_table}

## Example layouts

{shown or 'No solvable hand on the pictured keys in this sample.'}

## A hand proven impossible

{_impossible_text(impossible)}
## Swapoku: swaps until the hand is solvable

The strategy (RULES.md rule 48): while the search finds no layout, give back the tile that
lies in the fewest valid lines made of the hand's tiles (ties: the higher number), shuffle
it into the draw pile and draw two. Fresh hands, {int(swaps['hands'].iloc[0]):,} per key,
at most {MAX_SWAPS} swaps. The share of hands needing 0, 1, 2, 3 or more swaps (in
`swapoku.csv`). Each swap grows the hand by one tile; on the larger hands the search gives
up more often, and a hand it gave up on is swapped again as if stuck, so the tail (and
"stuck") counts the search's limits as well as the hands'.

{swap_md}

## Rounds: 2 to 8 players

The model of a player (RULES.md rule 50, `rounds.py`): the time to lay out a hand is
(1 + nodes / {NODE_SCALE:,}) × an exponential draw of mean 1 time units, *nodes* the layout
search's effort on the hand; a hand the search does not lay out costs its search time and
then a swap ({SWAP_TIME} units, the strategy above, at most {ROUND_SWAPS} a round). A call
is wrong with chance {summary['error']}: tubadoku — the player is out of the round, their
tiles go back, everyone left takes 2 more and starts over. A new key on the key die every
round; a game ends when a player wins 2 rounds in a row or 3 in all. All players equal, so
the seats should win alike: the table shows whether they do. {summary['games']} games per
number of players (in `rounds.csv`).

{rounds_md}

## Speed

{summary['decided']:,} hands decided in {summary['decide_s']:.1f} s
({summary['hands_per_s']} hands/s, {summary['nodes']:,} nodes searched in all) by the
kernel `cext/sumoku/layout.pyx`; `benchmarks/bench_sumoku_speed.py` measures it against the
reference.

## Reproduce

{md_block(summary['command'] or 'analyze exact sumoku speed', 'sh')}

Seed {summary['seed']}, toolkit version {summary['version']}, {summary['elapsed_s']:.0f} s
in all.
"""
