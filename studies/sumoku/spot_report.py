"""``analyze exact sumoku spot``: spot sumoku counted exactly and played out, as a report.

1. Per key 3..10, the 4-tile sets that make a spot, counted exactly and checked on all
   C(96, 4) sets (:func:`numbergames.solver.sumoku.spot.spot_sets`,
   :func:`~numbergames.solver.sumoku.spot.spot_sets_brute`).
2. Per key, the exact chance that a display of 10 holds a spot (the dynamic programme
   over colours of :mod:`numbergames.solver.sumoku.spot`), checked by Monte Carlo displays.
3. The game simulated (:mod:`numbergames.solver.sumoku.spot_game`) for 2 to 8 players: seat balance,
   length, and what a faster player gains.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports.formatting import md_block, md_table, pct
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.statistics.stats import mean_interval, wilson_interval
from numbergames.analysis.reports.writer import report_folder
from numbergames.analysis.running.folders import folder_path
from numbergames.solver.sumoku.spot import (ALL_SETS, DISPLAY, SPOT_KEYS, display_spot_ways_fast,
                                display_spots, sample_displays, spot_reading,
                                spot_sets)
from numbergames.solver.sumoku.spot_game import NO_SPOT, PLAYERS, SpotGame, SpotModel, simulate_spot, target
from numbergames.solver.sumoku.tiles import COLOURS, KEY_FACES, LETTERS, NTILES, colour, number

DEFAULT_OUT = Path("reports/sumoku-spot")
COLUMNS = ("key", "spot_sets", "all_sets", "p_display_has_spot")
"""The columns of ``spot.csv``."""
DISPLAY_KEY = 5
"""The key of the display pictured."""


def spot_table(keys: Sequence[int] = SPOT_KEYS, six_is_nine: bool = True) -> pd.DataFrame:
    """Per key: the spot sets out of C(96, 4) and the exact chance that a display of 10
    holds a spot (no interval: nothing is sampled)."""
    rows = []
    for key in keys:
        ways = display_spot_ways_fast(key, DISPLAY, six_is_nine)
        rows.append({"key": key, "spot_sets": spot_sets(key, six_is_nine), "all_sets": ALL_SETS,
                     "p_display_has_spot": ways / math.comb(NTILES, DISPLAY)})
    return pd.DataFrame(rows, columns=list(COLUMNS))


def display_check(table: pd.DataFrame, sims: int, seed: int) -> pd.DataFrame:
    """Monte Carlo displays against the exact chances: ``sims`` displays a key."""
    rng = np.random.default_rng(np.random.SeedSequence([seed, 1]))
    rows = []
    for key, exact in zip(table["key"], table["p_display_has_spot"]):
        hits = sample_displays(int(key), sims, rng)
        lo, hi = wilson_interval(hits, sims)
        se = math.sqrt(exact * (1 - exact) / sims)
        rows.append({"key": int(key), "displays": sims, "with_spot": hits,
                     "estimate": hits / sims, "ci_low": lo, "ci_high": hi,
                     "z": (hits / sims - exact) / se if se > 0 else 0.0})
    return pd.DataFrame(rows)


def win_shares(games: Sequence[SpotGame], players: int) -> np.ndarray:
    """(games, seats): each game's win, shared by the tied."""
    shares = np.zeros((len(games), players))
    for i, g in enumerate(games):
        for w in g.winners:
            shares[i, w] = 1 / len(g.winners)
    return shares


def game_rows(model_of: Callable[[int], SpotModel], games: int, seed: int,
              say: Callable[[str], None]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The simulation for every number of players: one row per number of players
    (length and events), and one row per seat (wins with intervals)."""
    rows, seats = [], []
    for n in range(PLAYERS[0], PLAYERS[1] + 1):
        say(f"spot games, {n} players")
        played = simulate_spot(model_of(n), games, seed + n)
        rounds = np.array([g.rounds for g in played])
        shares = win_shares(played, n)
        rows.append({"players": n, "games": games, "target": target(n),
                     "rounds_mean": rounds.mean(), "rounds_p10": np.percentile(rounds, 10),
                     "rounds_median": np.median(rounds), "rounds_p90": np.percentile(rounds, 90),
                     "rounds_max": int(rounds.max()),
                     "wrong_per_game": np.mean([g.wrong for g in played]),
                     "no_spot_per_game": np.mean([g.no_spot for g in played]),
                     "bag_out": float(np.mean([g.bag_out for g in played])),
                     "unfinished": sum(not g.winners for g in played)})
        for s in range(n):
            lo, hi = mean_interval(shares[:, s], span=(0.0, 1.0))
            seats.append({"players": n, "seat": s, "speed": model_of(n).speeds[s],
                          "error": model_of(n).errors[s], "wins": shares[:, s].mean(),
                          "ci_low": lo, "ci_high": hi, "fair": 1 / n})
    return pd.DataFrame(rows), pd.DataFrame(seats)


def example_display(seed: int, key: int = 5) -> tuple[list[int], list[tuple[int, ...]]]:
    """A random display of 10 that holds a spot on ``key``, and its spots."""
    rng = np.random.default_rng(np.random.SeedSequence([seed, 2]))
    while True:
        shown = [int(t) for t in rng.permutation(NTILES)[:DISPLAY]]
        spots = display_spots(shown, key)
        if spots:
            return shown, spots


def draw_display(shown: Sequence[int], spots: Sequence[tuple[int, ...]], key: int,
                 path: Path) -> None:
    """A picture of the display ``shown`` with the first of its ``spots`` outlined."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    spot = spots[0]
    face = {"red": "#d62728", "orange": "#ff7f0e", "yellow": "#e8c100", "green": "#2ca02c",
            "blue": "#1f77b4", "purple": "#9467bd"}
    fig = Figure(figsize=(7.5, 2.2))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    for i, t in enumerate(shown):
        picked = t in spot
        ax.add_patch(FancyBboxPatch((i * 1.1, 0), 0.9, 0.9, boxstyle="round,pad=0.02",
                                    facecolor="white", edgecolor="black" if picked else "#bbbbbb",
                                    linewidth=3 if picked else 1))
        ax.text(i * 1.1 + 0.45, 0.45, str(number(t)), ha="center", va="center", fontsize=20,
                fontweight="bold", color=face[COLOURS[colour(t)]])
    reading = spot_reading([number(t) for t in spot], key) or ()
    ax.set_title(f"A display of 10 on key {key}: the outlined spot "
                 f"{' + '.join(str(v) for v in reading)} = {sum(reading)} "
                 f"({len(spots)} spots in all)", fontsize=10)
    ax.set_xlim(-0.2, DISPLAY * 1.1)
    ax.set_ylim(-0.2, 1.1)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.savefig(path, dpi=110, bbox_inches="tight")


def run(out: str | Path | None = None, *, sims: int = 200_000, seed: int = 0,
        workers: int | None = None, games: int = 2000, error_rate: float = 0.05,
        fast_speed: float = 1.5, no_spot: str = "add", command: str | None = None,
        say: Callable[[str], None] = lambda text: None,
        keys: Sequence[int] = SPOT_KEYS) -> Path:
    """Count, check, simulate and write the spot report; returns its folder. ``sims``
    displays in all check the exact chances (split evenly over the keys); ``games`` games
    a row are simulated in one process (``workers`` is not used: every part is fast)."""
    if games < 1:
        raise ValueError(f"bad --games {games}; at least 1")
    if sims < len(keys):
        raise ValueError(f"bad --sims {sims}; at least {len(keys)} (one display a key)")
    if not fast_speed > 0 or not math.isfinite(fast_speed):
        raise ValueError(f"bad --fast-speed {fast_speed}; a speed is a positive number")
    SpotModel.alike(2, error=error_rate, no_spot=no_spot)    # checks the model's values
    out_dir = folder_path(out) or DEFAULT_OUT
    start = time.perf_counter()
    with report_folder(out_dir) as report:
        say("spot sets and displays, exactly")
        table = spot_table(keys)
        report.table("spot.csv", table)
        say("displays by Monte Carlo")
        check = display_check(table, sims // len(keys), seed)
        report.table("spot_check.csv", check)
        alike, alike_seats = game_rows(
            lambda n: SpotModel.alike(n, error=error_rate, no_spot=no_spot), games, seed, say)
        report.table("spot_games.csv", alike)
        report.table("spot_seats.csv", alike_seats)
        _, fast_seats = game_rows(
            lambda n: SpotModel((fast_speed,) + (1.0,) * (n - 1), (error_rate,) * n,
                                no_spot=no_spot), games, seed + 100, say)
        report.table("spot_fast_seats.csv", fast_seats)
        shown, spots = example_display(seed, DISPLAY_KEY)
        report.figure("display.png", draw_display, shown, spots, DISPLAY_KEY)
        spot = spots[0]
        summary = {"game": "sumoku", "analysis": "spot", "seed": seed, "sims": sims,
                   "games": games, "error_rate": error_rate, "fast_speed": fast_speed,
                   "no_spot": no_spot, "version": package_version(), "command": command,
                   "spot": table.to_dict("records"), "check": check.to_dict("records"),
                   "spot_games": alike.to_dict("records"),
                   "elapsed_s": round(time.perf_counter() - start, 2)}
        report.summary(summary)
        report.markdown(render(table, check, alike, alike_seats, fast_seats, summary, shown,
                               spot))
    return out_dir


def render(table: pd.DataFrame, check: pd.DataFrame, games: pd.DataFrame,
           seats: pd.DataFrame, fast: pd.DataFrame, summary: dict[str, Any],
           shown: Sequence[int], spot: Sequence[int]) -> str:
    low = table.loc[table["p_display_has_spot"].idxmin()]
    high = table.loc[table["p_display_has_spot"].idxmax()]
    worst_z = float(check["z"].abs().max())
    die = table[table["key"].isin(set(KEY_FACES))]
    lines = [f"""# Spot sumoku, counted exactly and played out

Spot sumoku (RULES.md rules 33 to 36, 41 to 46): 10 tiles lie face up; the first player to
spot 4 of them in four different colours whose sum is a multiple of the key keeps them.

**In short.** A display of 10 almost always holds a spot: from
{pct(float(low['p_display_has_spot']))} (key {int(low['key'])}) to
{pct(float(high['p_display_has_spot']))} (key {int(high['key'])}), computed exactly, so
the rule for a display without a spot (rule 42) comes into play about once in
{1 / (1 - float(die['p_display_has_spot'].mean())):.0f} displays on the die's keys. Of the
C(96, 4) = {ALL_SETS:,} sets of 4 tiles, between {int(table['spot_sets'].min()):,} and
{int(table['spot_sets'].max()):,} are spots. With players alike the game is fair by
construction (nobody moves first); what decides it is speed: a player
{summary['fast_speed']:g} times as fast as the others wins
{pct(float(fast[(fast['players'] == 2) & (fast['seat'] == 0)]['wins'].iloc[0]))} of
two-player games.

## Spots per key (`spot.csv`)

A set of 4 tiles is a spot when its tiles have four colours and some reading of its "6"s
(6 or 9) makes the sum a multiple of the key (rule 41). The count is combinatorial
(15 colour sets × 2^4 copies × the number tuples that work, `spot.py`) and equals a
brute-force check of all {ALL_SETS:,} sets, run in the tests. The chance that a display
of 10 holds a spot is exact: a dynamic programme over the six colours that carries, for
1, 2 and 3 colours, the sums reachable modulo the key (`spot.py`), counted out of
C(96, 10) = {math.comb(NTILES, DISPLAY):,} displays.
"""]
    lines.append(md_table(
        ["key", "spot sets", "of all sets", "P(display of 10 holds a spot)"],
        [[str(r.key), f"{r.spot_sets:,}", f"{r.spot_sets / r.all_sets:.4f}",
          f"{r.p_display_has_spot:.6f}"] for r in table.itertuples()], "rrrr"))
    lines.append(f"""
**Check.** {int(check['displays'].iloc[0]):,} random displays a key (`spot_check.csv`):
every estimate lies within {worst_z:.1f} standard errors of the exact chance.
""")
    lines.append(md_table(
        ["key", "displays", "estimate", "95% interval", "exact", "z"],
        [[str(r.key), f"{r.displays:,}", f"{r.estimate:.4f}",
          f"[{r.ci_low:.4f}, {r.ci_high:.4f}]", f"{exact:.4f}", f"{r.z:+.2f}"]
         for r, exact in zip(check.itertuples(), table["p_display_has_spot"])], "rrrlrr"))
    spot_text = " ".join(f"{LETTERS[colour(t)]}{number(t)}" for t in spot)
    lines.append(f"""
![A display with a spot](display.png)

The display drawn above: {' '.join(f'{LETTERS[colour(t)]}{number(t)}' for t in shown)};
the spot outlined is {spot_text}.

## The game simulated

**The model (rule 43).** Each player has a spotting speed; while the display holds m
spots, a player would shout after an exponential time with rate m × speed, so the first
shout comes from a player with chance proportional to speed. A shout is wrong with
chance {summary['error_rate']:g} (the error rate); a right one takes one of the spots
present, each alike. A wrong shout returns 4 of the shouter's tiles to the bag, or, with
fewer than 4, the shouter sits out the next round (rule 35). A display with no spot
`{summary['no_spot']}`s (rule 42: `add` draws 4 more tiles into it, `redeal` deals a new
display of 10). The first to hold 16 tiles (2 to 4 players) or 12 (5 to 8) wins; if the
display holds no spot and the bag is empty, the most tiles win, a tie shared (rule 44).
A round is one shout or one display found empty. The key is rolled on the die (3, 4, 5).
{summary['games']:,} games a row.

### Length (`spot_games.csv`)
""")
    lines.append(md_table(
        ["players", "target", "rounds: mean", "p10", "median", "p90", "max", "wrong shouts",
         "displays without a spot", "ended by the empty bag", "unfinished"],
        [[str(r.players), str(r.target), f"{r.rounds_mean:.1f}", f"{r.rounds_p10:.0f}",
          f"{r.rounds_median:.0f}", f"{r.rounds_p90:.0f}", str(r.rounds_max),
          f"{r.wrong_per_game:.2f}", f"{r.no_spot_per_game:.2f}", pct(r.bag_out),
          str(r.unfinished)] for r in games.itertuples()], "r" * 11))
    lines.append("""
With 5 or more players the target falls to 12 tiles, three spots, so games get shorter
than with 4 players.

### Seat balance with players alike (`spot_seats.csv`)

Every player the same speed and error rate: each seat's share of the wins (a tie
shared) with its 95% interval, against the fair share 1/players. The seats are alike by
construction, so this checks the simulation rather than the game.
""")
    balance = []
    for n, group in seats.groupby("players"):
        lo_row = group.loc[group["wins"].idxmin()]
        hi_row = group.loc[group["wins"].idxmax()]
        holds = bool(((group["ci_low"] <= group["fair"])
                      & (group["fair"] <= group["ci_high"])).all())
        balance.append([str(n), f"{1 / n:.3f}",
                        f"seat {int(lo_row['seat'])}: {lo_row['wins']:.3f} "
                        f"[{lo_row['ci_low']:.3f}, {lo_row['ci_high']:.3f}]",
                        f"seat {int(hi_row['seat'])}: {hi_row['wins']:.3f} "
                        f"[{hi_row['ci_low']:.3f}, {hi_row['ci_high']:.3f}]",
                        "yes" if holds else "no"])
    lines.append(md_table(["players", "fair share", "lowest seat", "highest seat",
                           "every interval holds the fair share"], balance, "rrlll"))
    lines.append(f"""
### A faster player (`spot_fast_seats.csv`)

Seat 0 spots {summary['fast_speed']:g} times as fast as the others (same error rate).
""")
    faster = []
    for n, group in fast.groupby("players"):
        me = group[group["seat"] == 0].iloc[0]
        others = group[group["seat"] != 0]["wins"].mean()
        faster.append([str(n), f"{1 / n:.3f}", f"{me['wins']:.3f}",
                       f"[{me['ci_low']:.3f}, {me['ci_high']:.3f}]", f"{others:.3f}"])
    lines.append(md_table(["players", "fair share", "the fast player's wins", "95% interval",
                           "each other player"], faster, "rrrlr"))
    lines.append(f"""
## Reproduce

{md_block(summary['command'] or 'analyze exact sumoku spot', 'sh')}

Seed {summary['seed']}, toolkit version {summary['version']}, {summary['elapsed_s']:.0f} s
in all. Options: `--games` (games a row), `--error-rate`, `--fast-speed`, `--no-spot`
({' or '.join(NO_SPOT)}), `--sims` (displays checked, split over the keys).
""")
    return "\n".join(lines)
