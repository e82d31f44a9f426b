"""``analyze exact manhome``: Man Home solved exactly where it can be, as a report.

Three exact analyses, each checked by Monte Carlo with the policy it solved for:

1. one man alone on the board (:func:`numbergames.solver.manhome.exact.lone_man_table`);
2. the solitaire race (:mod:`numbergames.solver.manhome.solitaire`);
3. two players under optimal play on reduced rules (:mod:`numbergames.solver.manhome.duel`);
4. the players against that optimal play: how often each one's decision keeps the exact
   value (:mod:`numbergames.solver.manhome.duel_play`).
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.running.chunks import chunk_keys
from numbergames.analysis.reports.formatting import count_text, md_block, md_table
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.searches.simulation import PLAIN, simulate
from numbergames.analysis.statistics.stats import wilson_interval
from numbergames.analysis.reports.writer import ReportFolder, report_folder
from numbergames.solver.manhome.duel_play import KEEP, PLAYER_NAMES, SAMPLING_MIX, agreement, sample_positions
from numbergames.solver.manhome.exact import lone_man_table
from numbergames.solver.manhome.policies import SOLITAIRE_CAP, policy_table
from numbergames.solver.manhome.rules import PRIME_FACTORS, ManHomeRules
from numbergames.studies.manhome.board_plot import draw_board, squares_frame

DEFAULT_OUT = Path("reports/manhome-exact")
STANDARD = ManHomeRules()
SOLITAIRE_SIZES = [(m, w) for m in range(1, 7) for w in range(1, min(m, 3) + 1)]
"""(men_per_player, men_to_win) of the solitaire table, on the full board."""
DUELS = [
    ManHomeRules(board_rows=2, men_per_player=2, men_to_win=1),
    ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2),
    ManHomeRules(board_rows=3, men_per_player=3, men_to_win=2),
    ManHomeRules(board_rows=12, men_per_player=1, men_to_win=1),
    ManHomeRules(board_rows=12, men_per_player=2, men_to_win=1),
    ManHomeRules(board_rows=12, men_per_player=2, men_to_win=2),
]
"""Reduced rules solved for two players."""
LARGEST_DUEL = ManHomeRules(board_rows=6, men_per_player=3, men_to_win=2)
"""The largest two-player solve, with ``--largest`` (5·10^7 pair states, minutes)."""
UNCAPPED = {"sides": 158_244_376, "turns": 13.182723214759042, "minutes": 24, "gib": 1.8}
"""The standard solitaire without a cap, as measured once here (2026-11-22, 56 sweeps);
too slow to solve on every report."""
STANDARD_CAPS = tuple(range(1, SOLITAIRE_CAP + 1))
"""Caps on the men on the board for which the standard solitaire (6 men, 3 home) is solved;
``--largest`` adds 5 (2.7·10^7 sides, about three minutes)."""
SOLITAIRE_CHECKS = ((2, 2), (3, 3), (6, 3))
"""(men_per_player, men_to_win) of the solitaire sizes checked by Monte Carlo."""
SPEED_SOLITAIRE = ManHomeRules(board_rows=3, men_per_player=3, men_to_win=3)
SPEED_DUEL = ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2)
AGREEMENT_DUELS = (ManHomeRules(board_rows=2, men_per_player=2, men_to_win=2),
                   ManHomeRules(board_rows=3, men_per_player=3, men_to_win=2),
                   ManHomeRules(board_rows=12, men_per_player=2, men_to_win=2))
"""The solved duels on which the players are compared with optimal play; ``--largest``
adds :data:`LARGEST_DUEL`."""
AGREEMENT_POSITIONS = 1000
"""Positions sampled per solved duel (one from each of as many games)."""


@dataclass(frozen=True)
class ExactPlan:
    """What ``analyze exact manhome`` solves and checks (tests use smaller plans)."""

    solitaire_sizes: Sequence[tuple[int, int]] = tuple(SOLITAIRE_SIZES)
    standard_caps: Sequence[int] = STANDARD_CAPS
    solitaire_checks: Sequence[tuple[int, int]] = SOLITAIRE_CHECKS
    duels: Sequence[ManHomeRules] = tuple(DUELS)
    agreement: Sequence[ManHomeRules] = AGREEMENT_DUELS
    players: Sequence[str] = tuple(PLAYER_NAMES.split(","))
    positions: int = AGREEMENT_POSITIONS


def rules_label(rules: ManHomeRules) -> str:
    men = "man" if rules.men_per_player == 1 else "men"
    return (f"{rules.board_rows * 6} squares, {rules.men_per_player} {men}, "
            f"{rules.men_to_win} home to win")


def z_score(estimate: float, exact: float, se: float) -> float:
    return (estimate - exact) / se if se > 0 else (0.0 if estimate == exact else math.inf)


# -- 1. one man alone ------------------------------------------------------------------
def lone_man(report: ReportFolder) -> tuple[str, dict[str, Any]]:
    frame = squares_frame(lone_man_table())
    report.table("squares.csv", frame)
    best = dict(zip(frame.square, frame.p_home_best))
    gain = dict(zip(frame.square, frame.p_home_best - frame.p_home_random))
    report.figure("board_p_home_best.png", draw_board, best,
                  "P(a lone man gets home), best play", "P(home)", "{:.3f}")
    report.figure("board_gain.png", draw_board, gain,
                  "How much best play adds to P(home) over random play", "gain in P(home)",
                  "{:.3f}")
    report.figure("board_actions_best.png", draw_board, dict(zip(frame.square, frame.actions_best)),
                  "Expected actions until Home or Death, best play", "actions", "{:.2f}")
    danger = frame.nsmallest(5, "p_home_best")
    safe = frame.nlargest(5, "p_home_best")
    gains = frame.assign(gain=frame.p_home_best - frame.p_home_random).nlargest(5, "gain")
    is_prime = frame.square.map(lambda q: PRIME_FACTORS[q] == (q,))
    worst_composite = frame.p_home_best[~is_prime].min()
    safest_prime = frame.p_home_best[is_prime & (frame.square >= 5)].max()

    def squares(rows: pd.DataFrame, column: str) -> str:
        return ", ".join(f"{int(r.square)} ({getattr(r, column):.3f})" for r in rows.itertuples())

    text = f"""## One man alone

A man alone on the board acts every turn; each action kind comes up one time in three
(subtract one; subtract a prime factor; divide by a prime factor), and for the prime kinds
the player picks the prime. Every move lowers the square, so the chance of reaching Home
before Death is solved exactly, square by square, as a fraction (`squares.csv` has the
fractions and the floats; *best* play maximises P(home) and, among equally good primes,
takes the one with fewer expected actions; *random* play picks each prime alike).

![P(home) over the board](board_p_home_best.png)

- **Most dangerous squares** (lowest P(home) under best play): {squares(danger, "p_home_best")}.
  They are primes: one action in three subtracts the square itself and lands on Death.
  {"Every" if safest_prime < worst_composite else "Not every"} prime from 5 up (at most
  {safest_prime:.3f}) is less safe than every composite square (at least {worst_composite:.3f}).
- **Safest squares**: {squares(safe, "p_home_best")}.
- **Best play against random play**: averaged over squares 2–71, P(home) is
  {frame.p_home_best.mean():.4f} with best play and {frame.p_home_random.mean():.4f} with
  random play (+{(frame.p_home_best - frame.p_home_random).mean():.4f}). The choice matters
  most on twice a large prime: {squares(gains, "gain")} (gain in P(home)).
- A man needs {frame.actions_best.mean():.2f} actions on average (squares 2–71, best play),
  at most {frame.actions_best.max():.2f} (square {int(frame.actions_best.idxmax()) + 2}).

![Gain of best over random play](board_gain.png)

![Expected actions](board_actions_best.png)
"""
    data = {"squares": len(frame), "p_home_best_mean": frame.p_home_best.mean(),
            "p_home_random_mean": frame.p_home_random.mean(),
            "most_dangerous": danger.square.tolist(), "safest": safe.square.tolist()}
    return text, data


# -- 2. solitaire ----------------------------------------------------------------------
@dataclass
class SolitaireRow:
    men_per_player: int
    men_to_win: int
    cap: int
    states: int
    expected_turns: float
    sweeps: int
    seconds: float

    @property
    def exact(self) -> bool:
        return self.cap >= self.men_per_player


def solve_solitaire_rows(plan: ExactPlan) -> list[SolitaireRow]:
    from numbergames.solver.manhome.solitaire import solve_solitaire

    rows = []
    caps = [(m, w, min(m, SOLITAIRE_CAP)) for m, w in plan.solitaire_sizes]
    caps += [(STANDARD.men_per_player, STANDARD.men_to_win, c) for c in plan.standard_caps]
    for m, w, cap in sorted(set(caps)):
        rules = ManHomeRules(men_per_player=m, men_to_win=w)
        solved = (policy_table("solitaire", rules) if cap == SOLITAIRE_CAP
                  else solve_solitaire(rules, cap=cap))
        rows.append(SolitaireRow(m, w, cap, solved.states, solved.expected_turns, solved.sweeps,
                                 solved.seconds))
    return rows


def solitaire(report: ReportFolder, sims: int, seed: int,
              plan: ExactPlan) -> tuple[str, dict[str, Any]]:
    from numbergames.solver.manhome.kernel import play_solitaire

    rows = solve_solitaire_rows(plan)
    report.table("solitaire.csv", [{**vars(r), "exact": r.exact} for r in rows])
    table = md_table(
        ["men", "to win", "most on board", "sides (states)", "expected turns", "sweeps", "seconds"],
        [[str(r.men_per_player), str(r.men_to_win), f"{r.cap}" + ("" if r.exact else " (capped)"),
          count_text(r.states), f"{r.expected_turns:.6f}", str(r.sweeps), f"{r.seconds:.2f}"]
         for r in rows], "rrrrrrr")
    standard = {r.cap: r for r in rows if (r.men_per_player, r.men_to_win) == (6, 3)}
    checks = []
    for m, w in plan.solitaire_checks:
        rules = ManHomeRules(men_per_player=m, men_to_win=w)
        turns = play_solitaire(rules, chunk_keys(seed, 0, sims)).astype(float)
        exact = policy_table("solitaire", rules).expected_turns
        se = turns.std(ddof=1) / math.sqrt(len(turns))
        checks.append({"men_per_player": m, "men_to_win": w, "exact": exact,
                       "monte_carlo": turns.mean(), "se": se,
                       "z": z_score(turns.mean(), exact, se), "games": len(turns)})
    check_table = md_table(
        ["men", "to win", "exact", "Monte Carlo (± 1 s.e.)", "z"],
        [[str(c["men_per_player"]), str(c["men_to_win"]), f"{c['exact']:.4f}",
          f"{c['monte_carlo']:.4f} ± {c['se']:.4f}", f"{c['z']:+.2f}"] for c in checks], "rrrrr")
    text = f"""## The solitaire race

One player alone, with every rule that applies without opponents (new men, collisions
with one's own men, extra turns), bringing `men_to_win` men home in as few turns as
possible. The state is the player's *side*: the men home and the squares of the men on the
board. Values are found by value iteration to a change below 10⁻¹² per sweep. Extra turns
do not change the optimum: exactly `men_to_win` turns bring a man home, so turns and
"goes" differ by a constant.

With six men the full state space has {UNCAPPED["sides"]:,} sides, so here the standard
game is solved among the policies that never put more than *c* men on the board at once
(column *most on board*; "capped" marks a bound below the number of men).
{_cap_sentence(standard)} {_uncapped_sentence(standard)} Every row without "capped" is
the exact optimum of its rules.

{table}

The optimal policy is a Monte Carlo player, `--policy solitaire` (it plays its own race and
ignores opponents; it keeps at most {SOLITAIRE_CAP} men on the board). Playing it alone
for {sims:,} games per size lands on the exact values:

{check_table}
"""
    return text, {"rows": [{**vars(r), "exact": r.exact} for r in rows], "checks": checks}


# -- 3. two players --------------------------------------------------------------------
def _cap_sentence(standard: dict[int, SolitaireRow]) -> str:
    """What the caps solved say about the standard solitaire."""
    if not standard:
        return ""
    caps = sorted(standard)
    steps = ", ".join(f"{standard[c].expected_turns:.4f} with at most {c}" for c in caps)
    text = f"For the standard rules (6 men, 3 home) the expected turns are {steps} on the board."
    if len(caps) >= 2:
        a, b = standard[caps[-2]], standard[caps[-1]]
        text += (f" The last step, from {a.cap} to {b.cap} men, saves "
                 f"{a.expected_turns - b.expected_turns:.4f} turns.")
    return text


def _uncapped_sentence(standard: dict[int, SolitaireRow]) -> str:
    """The measured uncapped optimum, against the cap the ``solitaire`` policy uses."""
    text = (f"The uncapped optimum, solved once with `python benchmarks/bench_exact.py "
            f"--largest` ({UNCAPPED['minutes']} minutes of one shared core, {UNCAPPED['gib']} "
            f"GiB), is {UNCAPPED['turns']:.6f} turns")
    if SOLITAIRE_CAP in standard:
        gap = standard[SOLITAIRE_CAP].expected_turns - UNCAPPED["turns"]
        text += (f", {gap:.4f} fewer than with at most {SOLITAIRE_CAP} men on the board "
                 f"(the cap of `--policy solitaire`)")
    return text + "."


def duels(report: ReportFolder, sims: int, seed: int, workers: int | None,
          plan: ExactPlan) -> tuple[str, dict[str, Any]]:
    results = []
    for rules in plan.duels:
        solved = policy_table("optimal", rules)
        optimal = simulate("manhome", sims, rules=rules, policy="optimal", seed=seed,
                           workers=workers, presentation=PLAIN).stats  # the figures alone
        greedy = simulate("manhome", sims, rules=rules, policy="greedy", seed=seed,
                          workers=workers, presentation=PLAIN).stats
        rate = optimal.win_rate_by_seat[0]
        se = math.sqrt(rate * (1 - rate) / optimal.games)
        results.append({
            "rules": rules_label(rules), "board_rows": rules.board_rows,
            "men_per_player": rules.men_per_player, "men_to_win": rules.men_to_win,
            "pairs": solved.states, "sweeps": solved.sweeps, "seconds": solved.seconds,
            "first_player_win": solved.first_player_win,
            "first_player_advantage": solved.first_player_win - 0.5,
            "mc_optimal_seat0": rate, "mc_optimal_se": se,
            "z": z_score(rate, solved.first_player_win, se),
            "mc_greedy_advantage": greedy.first_player_advantage,
            "mc_greedy_advantage_ci": list(greedy.first_player_advantage_ci),
            "games": optimal.games})
    report.table("duel.csv", results)
    table = md_table(
        ["rules", "pair states", "seconds", "seat 0 wins (exact)", "first-player edge (points)",
         "Monte Carlo, optimal (z)", "Monte Carlo greedy edge (95% CI)"],
        [[r["rules"], count_text(r["pairs"]), f"{r['seconds']:.2f}", f"{r['first_player_win']:.5f}",
          f"{100 * r['first_player_advantage']:+.2f}",
          f"{r['mc_optimal_seat0']:.5f} ± {r['mc_optimal_se']:.5f} ({r['z']:+.2f})",
          f"{100 * r['mc_greedy_advantage']:+.2f} ({100 * r['mc_greedy_advantage_ci'][0]:+.2f} "
          f"to {100 * r['mc_greedy_advantage_ci'][1]:+.2f})"] for r in results], "lrrrrrr")
    text = f"""## Two players under optimal play

Two players, each maximising their own chance of winning, on reduced rules (a smaller
board — `board_rows` rows of six squares, the new man's row rolled on a die with that many
faces — fewer men, fewer to bring home). A state is the pair of sides, the player to move
first; V is the chance that the player to move wins. Both players' choices — new man or
action, and which move after the roll — are maximised, face-offs and dice averaged, by
value iteration to a change below 10⁻¹² per sweep (men return to the reserve, so the state
graph has cycles). *Seat 0 wins* is V at the start: seat 0 to move, no man on the board.

Each row is checked by {sims:,} Monte Carlo games in which both seats play the solved
policy (`--policy optimal`): seat 0's win rate, with its standard error and its distance
from the exact value in standard errors (z). The last column is the first-player advantage
that the same number of games of `greedy` against `greedy` measures on the same rules.

{table}
"""
    return text, {"duels": results}


# -- 4. the players against optimal play ----------------------------------------------
def players_vs_optimal(report: ReportFolder, seed: int, plan: ExactPlan,
                       say: Callable[[str], None] = lambda text: None
                       ) -> tuple[str, dict[str, Any]]:
    rows = []
    for rules in plan.agreement:
        solution = policy_table("optimal", rules)
        positions = sample_positions(rules, plan.positions, seed)
        for name in plan.players:
            say(f"players against optimal play: {rules_label(rules)}, {name}")
            a = agreement(solution, name, positions, seed)
            low, high = wilson_interval(a.kept, a.positions) if a.positions else (math.nan,) * 2
            rows.append({"rules": rules_label(rules), "board_rows": rules.board_rows,
                         "men_per_player": rules.men_per_player, "men_to_win": rules.men_to_win,
                         "player": name, "sampled": plan.positions, "positions": a.positions,
                         "indifferent": a.indifferent, "kept": a.kept, "share": a.share,
                         "share_low": low, "share_high": high,
                         "option_positions": a.option_positions, "option_share": a.option_share,
                         "move_positions": a.positions - a.option_positions,
                         "move_share": a.move_share, "mean_loss": a.mean_loss})
    report.table("duel_players.csv", rows)

    def share(value: float) -> str:
        return "—" if math.isnan(value) else f"{value:.3f}"

    table = md_table(
        ["rules", "player", "kept (95% CI)", "option nodes kept", "move nodes kept",
         "chance lost a decision (points)"],
        [[r["rules"], f"`{r['player']}`",
          f"{r['share']:.3f} ({r['share_low']:.3f}–{r['share_high']:.3f})",
          share(r["option_share"]), share(r["move_share"]), f"{100 * r['mean_loss']:.2f}"]
         for r in rows], "llrrrr")
    counts = {r["rules"]: (r["positions"], r["option_positions"], r["indifferent"])
              for r in rows}
    compared = "; ".join(f"{label}: {n:,} ({o:,} option nodes, {i:,} indifferent left out)"
                            for label, (n, o, i) in counts.items())
    mix = ", ".join(f"`{name}`" for name in SAMPLING_MIX)
    closest = closest_players(rows)
    text = f"""## The players against optimal play

How close do the toolkit's players come to optimal play? On each solved duel,
{plan.positions:,} games are played from the start by players drawn at random for each
seat from {mix}, and one decision of each game is taken at random — new man or action, or
which move after the roll — so the positions are those that players of every strength
reach. At each, the exact values give the mover's chance to win after every legal action,
both players optimal from then on; a player *keeps the value* when the action it picks
is within {KEEP:g} of the best. Positions where every action is that close (nothing to get
wrong) are left out. *kept*: the share of the positions where the player keeps the value,
with its 95% Wilson interval, then the same on the option nodes (new man or action) and on
the move nodes alone; the last column is the mean chance of winning the player's decision
gives away, in points. `optimal` is the check (it keeps every value); the `search-N` and
`mcts-N` players decide in the kernel, which plays the reference engine's decisions bit
for bit. `duel_players.csv` has the figures.

Positions compared: {compared}.

{closest}

{table}
"""
    return text, {"players_vs_optimal": rows}


def closest_players(rows: Sequence[dict[str, Any]]) -> str:
    """A sentence per solved duel: the player other than ``optimal`` that keeps the value
    most often, and the best of the search families."""
    parts = []
    for label in dict.fromkeys(r["rules"] for r in rows):
        mine = [r for r in rows if r["rules"] == label and r["player"] != "optimal"]
        if not mine:
            continue
        best = max(mine, key=lambda r: r["share"])
        searches = [r for r in mine if "-" in r["player"]]
        text = f"on {label}, `{best['player']}` keeps the value most often ({best['share']:.3f})"
        if searches and best not in searches:
            top = max(searches, key=lambda r: r["share"])
            text += (f", the best search `{top['player']}` {top['share']:.3f} (option nodes "
                     f"{top['option_share']:.3f}, move nodes {top['move_share']:.3f})")
        parts.append(text)
    return ("Apart from `optimal`: " + "; ".join(parts) + ".") if parts else ""


# -- speed -----------------------------------------------------------------------------
def speed() -> tuple[str, dict[str, Any]]:
    from numbergames.solver.manhome.duel import solve_duel, solve_duel_reference
    from numbergames.solver.manhome.solitaire import solve_solitaire, solve_solitaire_reference

    pairs = [("solitaire", SPEED_SOLITAIRE, solve_solitaire_reference, solve_solitaire, "turns"),
             ("duel", SPEED_DUEL, solve_duel_reference, solve_duel, "values")]
    rows = []
    for name, rules, reference, kernel, field in pairs:
        ref, fast = reference(rules), kernel(rules)
        difference = np.nanmax(np.abs(getattr(ref, field) - getattr(fast, field)))
        rows.append({"search": name, "rules": rules_label(rules),
                     "reference_per_s": ref.updates / ref.seconds,
                     "kernel_per_s": fast.updates / fast.seconds,
                     "ratio": (fast.updates / fast.seconds) / (ref.updates / ref.seconds),
                     "largest_difference": float(difference)})
    table = md_table(
        ["search", "rules", "reference (updates/s)", "kernel (updates/s)", "kernel/reference",
         "difference"],
        [[r["search"], r["rules"], f"{r['reference_per_s']:,.0f}", f"{r['kernel_per_s']:,.0f}",
          f"{r['ratio']:,.0f}×", f"{r['largest_difference']:.1e}"] for r in rows], "llrrrr")
    text = f"""## Speed of the state search

State updates per second of the Cython kernels against the pure-Python reference
solvers, on the same small rules (one core); the last column is the largest difference
between their values.

{table}
"""
    return text, {"speed": rows}


def run(out: str | Path | None = None, *, sims: int = 200_000, seed: int = 0,
        workers: int | None = None, largest: bool = False, command: str | None = None,
        plan: ExactPlan | None = None, say: Callable[[str], None] = lambda text: None) -> Path:
    """Solve, check and write the exact report; returns its folder.

    ``largest`` adds the largest solves: the standard solitaire with at most 5 men on
    the board, and a two-player game of 36 squares, 3 men, 2 home. ``say`` hears what
    is being done (for progress).
    """
    out_dir = Path(out) if out is not None else DEFAULT_OUT
    plan = plan or (ExactPlan(standard_caps=STANDARD_CAPS + (5,), duels=(*DUELS, LARGEST_DUEL),
                              agreement=(*AGREEMENT_DUELS, LARGEST_DUEL))
                    if largest else ExactPlan())
    start = time.perf_counter()
    with report_folder(out_dir) as report:
        say("one man alone")
        parts = [lone_man(report)]
        say("the solitaire race")
        parts.append(solitaire(report, sims, seed, plan))
        say("two players under optimal play")
        parts.append(duels(report, sims, seed, workers, plan))
        say("the players against optimal play")
        parts.append(players_vs_optimal(report, seed, plan, say))
        say("speed of the state search")
        parts.append(speed())
        elapsed = time.perf_counter() - start
        summary = {"game": "manhome", "analysis": "exact", "seed": seed, "sims": sims,
                   "largest": largest, "version": package_version(), "command": command,
                   "elapsed_s": round(elapsed, 2)}
        for _, data in parts:
            summary.update(data)
        report.summary(summary)
        report.markdown(render(parts, summary))
    return out_dir


def render(parts: Sequence[tuple[str, dict[str, Any]]], summary: dict[str, Any]) -> str:
    largest_duel = max(summary["duels"], key=lambda r: r["pairs"])
    greedy_standard, expert_standard = _standard_edge("greedy"), _standard_edge("expert")
    intro = f"""# Man Home, solved exactly where it can be

Monte Carlo estimates; exact analysis proves. This report solves three versions of Man
Home exactly and checks each against Monte Carlo games played with the policy it found.

**In short.** The primes are the dangerous squares: a lone man on a prime is a third of
the time one action from Death. Choosing primes well raises a lone man's chance of getting
home by {100 * (summary['p_home_best_mean'] - summary['p_home_random_mean']):.1f} points on
average. Under optimal play by both sides the first player's edge on the largest solved
rules ({largest_duel['rules']}) is {100 * largest_duel['first_player_advantage']:+.2f}
points; `greedy` players on the same rules show {100 * largest_duel['mc_greedy_advantage']:+.2f}
points. On the standard game, by Monte Carlo, the edge is {greedy_standard} with `greedy`
and {expert_standard} with `expert`, the strongest player we can compute: better play
makes going first worth more.
"""
    reproduce = f"""## Reproduce

{md_block(summary['command'] or 'analyze exact manhome', 'sh')}

Seed {summary['seed']}, {summary['sims']:,} Monte Carlo games per check, toolkit version
{summary['version']}, {summary['elapsed_s']:.0f} s in all.
"""
    return "\n".join([intro] + [text for text, _ in parts] + [reproduce])


def _standard_edge(policy: str) -> str:
    """The first-player edge of the committed Monte Carlo report of ``policy``."""
    path = Path(f"reports/manhome/standard-2p-{policy}/summary.json")
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return f"in `{path.parent}` (not found)"
    lo, hi = data["first_player_advantage_ci"]
    return (f"{100 * data['first_player_advantage']:+.2f} points (95% CI {100 * lo:+.2f} to "
            f"{100 * hi:+.2f}, {data['games']:,} games)")
