"""The opening question as a report folder (``analyze exact shoo opening``): what is moving
first worth, and — under the other reading of rule 8 — the first move or the extra horse?

The toss winner (seat 0, Blue) takes either the first move or the odd horse (rules
parameter ``opening``, RULES.md rules 7 and 8). Under the pinned reading
(``odd_horse = other``) the other player gets the benefit not chosen, so both choices give
the same game with the colours swapped (:func:`numbergames.solver.shoo.opening.mirror`; tested move by
move in ``tests/shoo/test_opening.py``): the question is the **first mover's score** (a win
1, a draw ½). :func:`first_movers` plays each player against itself under the pinned
opening (the first mover is seat 0) as a standard run (:func:`numbergames.analysis.searches.simulation.simulate`
through the project's runner and results store) and reads seat 0's points, their 95%
interval and the test against ½ from the run's statistics (:mod:`numbergames.analysis.statistics.stats`).

Under ``odd_horse = field`` the odd horse stays free on e5 when the toss winner takes the
first move, and the choice is a real one. :func:`field_choice` plays, for each what-if
player against itself, the toss winner's three openings — the first move under each reading
and the extra horse (the same game under both readings) — with the same seed, so game *i*
of each shares its key, and compares them game by game
(:func:`numbergames.analysis.statistics.paired.paired_difference`).

:func:`run` writes, through the one report-folder writer (a failed run never leaves half a
report): ``report.md`` (the answer in its first line), ``first_mover.csv`` (one row per
player), ``field.csv`` (one row per what-if player and opening), ``differences.csv`` (one
row per what-if player: extra horse − first move under ``field``) and ``summary.json``.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports.formatting import md_block, md_table, p_text, pct, pct_range
from numbergames.analysis.statistics.paired import UNIT, Paired, paired_difference
from numbergames.analysis.statistics.plain import plain
from numbergames.analysis.running.provenance import package_version
from numbergames.analysis.searches.simulation import PLAIN, simulate
from numbergames.analysis.statistics.stats import Summary
from numbergames.analysis.running.store import Store, as_store
from numbergames.analysis.reports.writer import ReportFolder, report_folder
from numbergames.solver.params import value_text
from numbergames.solver.registry import DRAW, UNFINISHED
from numbergames.solver.shoo.opening import CHOICE_WORDS, ladder, parse_games, parse_players, verdict
from numbergames.solver.shoo.rules import ShooRules

DEFAULT_OUT = Path("reports/shoo-opening")
FIXED = ("opening", "odd_horse")
"""The rules parameters the study plays itself (``--set`` may not fix them)."""
FIELD_CELLS = (("other", "first_move"), ("field", "first_move"), ("other", "extra_horse"))
"""The what-if's openings as (odd_horse, opening): the extra horse is one game under both
readings (``odd_horse`` says where the odd horse goes only when the toss winner moves first)."""


@dataclass(frozen=True)
class Seat0:
    """Seat 0's (the first mover's, or the toss winner's) results in one run."""

    player: str
    games: int
    stats: Summary
    points: np.ndarray | None = None
    """Seat 0's points per game, in key order (kept for the paired what-if)."""

    @property
    def score(self) -> float:
        return float(self.stats.points_by_seat[0])

    @property
    def score_ci(self) -> tuple[float, float]:
        return tuple(self.stats.points_ci_by_seat[0])

    @property
    def p_value(self) -> float:
        """The run's test of seat 0's points against ½ (exact binomial without draws, a
        z-test with them)."""
        return float(self.stats.first_player_p_value)

    def rates(self) -> dict[str, tuple[float, tuple[float, float]]]:
        """Seat 0's win, draw and loss rates with their 95% Wilson intervals."""
        s = self.stats
        return {"win": (s.win_rate_by_seat[0], tuple(s.win_rate_ci_by_seat[0])),
                "draw": (s.draw_rate or 0.0, tuple(s.draw_rate_ci or (0.0, 0.0))),
                "loss": (s.win_rate_by_seat[1], tuple(s.win_rate_ci_by_seat[1]))}


def _seat0(player: str, games: int, rules: ShooRules, seed: int, workers: int | None,
           store: Store | str | None, keep: bool) -> Seat0:
    result = simulate("shoo", games, rules=rules, policy=(player, player), seed=seed,
                      workers=workers, store=store or None, presentation=PLAIN)
    if result.stats.unfinished:
        raise RuntimeError("a Shoo game was cut off; the move limit should draw it")
    points = None
    if keep:
        winner = result.games["winner"].to_numpy()
        if (winner == UNFINISHED).any():
            raise RuntimeError("a Shoo game was cut off; the move limit should draw it")
        points = np.where(winner == 0, 1.0, np.where(winner == DRAW, 0.5, 0.0))
    return Seat0(player, games, result.stats, points)


def first_movers(rules: ShooRules, games: dict[str, int], *, seed: int = 0,
                 workers: int | None = None, store: Store | str | None = None,
                 say: Callable[[str], None] = lambda stage: None) -> dict[str, Seat0]:
    """Each player against itself, ``games[player]`` games under the pinned opening (the
    first mover is seat 0, the odd horse White's): the first mover's results."""
    rules = rules.replace(opening="first_move", odd_horse="other")
    found = {}
    for player, n in games.items():
        say(f"{player} against itself, {n:,} games")
        found[player] = _seat0(player, n, rules, seed, workers, store, keep=False)
    return found


@dataclass(frozen=True)
class FieldChoice:
    """One what-if player's three openings and the choice under ``odd_horse = field``."""

    player: str
    cells: dict[tuple[str, str], Seat0]
    """``cells[(odd_horse, opening)]``: the toss winner's results."""

    @property
    def difference(self) -> Paired:
        """The toss winner's score with the extra horse minus with the first move under
        ``odd_horse = field``, paired by key."""
        return paired_difference(self.cells[("other", "extra_horse")].points,
                                 self.cells[("field", "first_move")].points, UNIT)

    @property
    def free_horse(self) -> Paired:
        """What leaving the odd horse free on e5 (``field``) rather than giving it to White
        (``other``) is worth to the first mover, paired by key."""
        return paired_difference(self.cells[("field", "first_move")].points,
                                 self.cells[("other", "first_move")].points, UNIT)


def parse_whatif(text: str, sims: int) -> dict[str, int]:
    """The what-if's players and their games per opening from ``"greedy=10000,search-10"``
    (``sims`` for a player without ``=N``; ``""`` or ``"none"``: no what-if); ValueError
    with one line otherwise."""
    if text.strip() in ("", "none"):
        return {}
    parts = [part.strip() for part in text.split(",")]
    try:
        names = parse_players(",".join(part.partition("=")[0] for part in parts))
        counts = parse_games(",".join(part for part in parts if "=" in part), names, sims)
    except ValueError as exc:
        raise ValueError(str(exc).replace("--players", "--whatif")
                         .replace("--sims-of", "--whatif")) from None
    if min(counts.values()) < 2:
        raise ValueError(f"--whatif needs at least 2 games a player, not {text!r}")
    return counts


def field_choice(rules: ShooRules, games: dict[str, int], *, seed: int = 0,
                 workers: int | None = None, store: Store | str | None = None,
                 say: Callable[[str], None] = lambda stage: None) -> list[FieldChoice]:
    """For each player against itself, ``games[player]`` games of each of
    :data:`FIELD_CELLS` with the same seed (so the same keys)."""
    found = []
    for player, sims in games.items():
        cells = {}
        for odd, opening in FIELD_CELLS:
            say(f"what-if: {player} against itself, odd_horse={odd}, opening={opening}")
            cells[(odd, opening)] = _seat0(player, sims,
                                           rules.replace(odd_horse=odd, opening=opening),
                                           seed, workers, store, keep=True)
        found.append(FieldChoice(player, cells))
    return found


# --------------------------------------------------------------------------- the answer


def _score(mean: float, ci: Sequence[float]) -> str:
    return f"{pct(mean)} ({pct_range(*ci)})"


def _points(diff: float, lo: float, hi: float) -> str:
    return f"{100 * diff:+.1f} percentage points ({100 * lo:+.1f} to {100 * hi:+.1f})"


def lead(movers: dict[str, Seat0]) -> str:
    """The player the answer quotes: the one with the most games, the strongest (last) of
    those."""
    most = max(m.games for m in movers.values())
    return [p for p, m in movers.items() if m.games == most][-1]


def answer(movers: dict[str, Seat0], choices: Sequence[FieldChoice]) -> dict[str, Any]:
    """The answer's figures: every player's first-mover score and the what-if's choices."""
    top = lead(movers)
    m = movers[top]
    return {"player": top, "games": m.games, "score": m.score, "ci": list(m.score_ci),
            "worth": m.score - 0.5, "worth_ci": [m.score_ci[0] - 0.5, m.score_ci[1] - 0.5],
            "p": m.p_value,
            "first_mover": {p: {"games": x.games, "score": x.score, "ci": list(x.score_ci),
                                "p": x.p_value} for p, x in movers.items()},
            "field": {c.player: {"games": c.difference.n,
                                 **{f"{odd}/{opening}": [cell.score, list(cell.score_ci)]
                                    for (odd, opening), cell in c.cells.items()},
                                 "horse_minus_move": [c.difference.diff, c.difference.lo,
                                                      c.difference.hi, c.difference.p_value],
                                 "verdict": verdict(c.difference.lo, c.difference.hi)}
                      for c in choices}}


def _significant(lo: float, hi: float) -> bool:
    return lo > 0.5 or hi < 0.5


def answer_sentence(figures: dict[str, Any]) -> str:
    """The report's first line, from :func:`answer`'s figures."""
    worth = _points(figures["worth"], *figures["worth_ci"])
    score = _score(figures["score"], figures["ci"])
    lo, hi = figures["ci"]
    if _significant(lo, hi):
        head = (f"Moving first in Shoo is worth {worth} of score: the first mover "
                f"scores {score}, {p_text(figures['p'])},")
    else:
        head = (f"Moving first in Shoo is worth nothing that {figures['games']:,} games can "
                f"show ({worth} of score): the first mover scores {score}, "
                f"{p_text(figures['p'])},")
    side = ("so the toss winner should move first" if lo > 0.5 else
            "so the toss winner should take the extra horse and let the other move first"
            if hi < 0.5 else "so neither choice is clearly better")
    text = (f"{head} with `{figures['player']}` on both sides, {figures['games']:,} games; "
            f"under the pinned reading (`odd_horse=other`) the toss winner's choice is only "
            f"whether to move first, {side}.")
    for player, f in figures["field"].items():
        d = f["horse_minus_move"]
        choice = {"horse": "the extra horse scores more for the toss winner",
                  "move": "the first move scores more for the toss winner",
                  "neither": "neither choice scores clearly more for the toss winner"}
        text += (f" Under `odd_horse=field` (`{player}`, {f['games']:,} games a choice) "
                 f"{choice[f['verdict']]}: extra horse − first move "
                 f"{_points(d[0], d[1], d[2])}.")
    return text


# --------------------------------------------------------------------------- files


def _write_csv(report: ReportFolder, name: str, header: Sequence[str],
               rows: Sequence[Sequence[Any]]) -> None:
    """The table ``name``: plain values (NaN empty), written as they are."""
    report.table(name, pd.DataFrame([[plain(x) for x in row] for row in rows],
                                    columns=list(header), dtype=object))


def _rate_values(cell: Seat0) -> list[float]:
    rates = cell.rates()
    return [x for name in ("win", "draw", "loss") for x in (rates[name][0], *rates[name][1])]


RATE_HEADER = ["win", "win_lo", "win_hi", "draw", "draw_lo", "draw_hi", "loss", "loss_lo",
               "loss_hi"]


def write_tables(report: ReportFolder, movers: dict[str, Seat0],
                 choices: Sequence[FieldChoice]) -> None:
    """first_mover.csv, field.csv and differences.csv."""
    _write_csv(report, "first_mover.csv",
               ["player", "games", "score", "score_lo", "score_hi", "p", *RATE_HEADER,
                "turns_mean"],
               [[p, m.games, m.score, *m.score_ci, m.p_value, *_rate_values(m),
                 m.stats.turns_mean] for p, m in movers.items()])
    _write_csv(report, "field.csv",
               ["player", "odd_horse", "opening", "games", "score", "score_lo", "score_hi",
                *RATE_HEADER, "turns_mean"],
               [[c.player, odd, opening, cell.games, cell.score, *cell.score_ci,
                 *_rate_values(cell), cell.stats.turns_mean]
                for c in choices for (odd, opening), cell in c.cells.items()])
    _write_csv(report, "differences.csv",
               ["player", "comparison", "games", "diff", "lo", "hi", "paired_se",
                "independent_se", "p"],
               [[c.player, name, d.n, d.diff, d.lo, d.hi, d.se, d.independent_se, d.p_value]
                for c in choices
                for name, d in (("field: extra_horse - first_move", c.difference),
                                ("first_move: field - other", c.free_horse))])


# --------------------------------------------------------------------------- the run


def run(out: str | Path = DEFAULT_OUT, *, rules: ShooRules | None = None, sims: int = 500,
        seed: int = 0, workers: int | None = None, players: str = "", budgets: int = -1,
        sims_of: str = "", whatif: str = "greedy", whatif_sims: int = 1000,
        store: Store | str = "",
        command: str | None = None, say: Callable[[str], None] = lambda stage: None) -> Path:
    """Play the opening study and write the report folder ``out``; returns its path.

    ``players``: comma-separated names (default: the ladder, :func:`numbergames.solver.shoo.opening.ladder`
    with ``budgets`` search budgets, all of them when ``budgets`` is negative), each played
    against itself ``sims`` games or as ``sims_of`` says (``"search-16=2000"``); ``whatif``:
    the players of the ``odd_horse = field`` what-if, ``whatif_sims`` games per opening each
    or as ``"greedy=10000"`` says (``"none"`` for no what-if); ``store``: a results store to load and keep the games ("" for none).
    ``rules`` sets every parameter but ``opening`` and ``odd_horse``, which the study varies
    (rules that set them are refused). Bad options raise ValueError before any game.
    """
    rules = rules if rules is not None else ShooRules()
    fixed = [name for name in FIXED if name in rules.changed()]
    if fixed:
        raise ValueError(f"the opening analysis plays {' and '.join(fixed)} itself; "
                         f"do not set {', '.join(fixed)}")
    chosen = parse_players(players) if players else ladder(budgets)
    if sims < 1:
        raise ValueError(f"--sims must be at least 1, got {sims}")
    counts = parse_games(sims_of, chosen, sims)
    if whatif_sims < 2:
        raise ValueError(f"--whatif-sims must be at least 2, got {whatif_sims}")
    whatif_counts = parse_whatif(whatif, whatif_sims)
    store = as_store(store or None)  # a path that is no store is refused before any game
    started = time.perf_counter()
    movers = first_movers(rules, counts, seed=seed, workers=workers, store=store, say=say)
    choices = field_choice(rules, whatif_counts, seed=seed, workers=workers, store=store,
                           say=say)
    elapsed = time.perf_counter() - started
    figures = answer(movers, choices)
    out = Path(out)
    with report_folder(out) as report:
        say("tables")
        write_tables(report, movers, choices)
        summary = {"game": "shoo", "analysis": "opening", "command": command,
                   "rules": rules.as_dict(), "players": list(chosen), "games": counts,
                   "whatif": whatif_counts,
                   "seed": seed, "answer": figures, "sentence": answer_sentence(figures),
                   "version": package_version(), "elapsed_s": round(elapsed, 2)}
        report.summary(summary)
        report.markdown(render(rules, movers, choices, summary))
    return out


# --------------------------------------------------------------------------- the text


def _mover_rows(movers: dict[str, Seat0]) -> list[list[str]]:
    rows = []
    for p, m in movers.items():
        rates = m.rates()
        if m.stats.draws == m.games:  # no spread: an interval of width 0 would mislead
            rows.append([f"`{p}`", f"{m.games:,}", "50.0% (every game drawn)", "none shown",
                         "—", "0% / 100% / 0%", f"{m.stats.turns_mean:.0f}"])
            continue
        rows.append([f"`{p}`", f"{m.games:,}", _score(m.score, m.score_ci),
                     _points(m.score - 0.5, m.score_ci[0] - 0.5, m.score_ci[1] - 0.5),
                     p_text(m.p_value),
                     " / ".join(pct(rates[k][0], 1) for k in ("win", "draw", "loss")),
                     f"{m.stats.turns_mean:.0f}"])
    return rows


def _field_rows(choices: Sequence[FieldChoice]) -> list[list[str]]:
    rows = []
    for c in choices:
        for (odd, opening), cell in c.cells.items():
            rates = cell.rates()
            rows.append([f"`{c.player}`", f"`{odd}`", CHOICE_WORDS[opening], f"{cell.games:,}",
                         _score(cell.score, cell.score_ci),
                         " / ".join(pct(rates[k][0], 1) for k in ("win", "draw", "loss"))])
    return rows


def _difference_rows(choices: Sequence[FieldChoice]) -> list[list[str]]:
    return [[f"`{c.player}`", name, _points(d.diff, d.lo, d.hi), p_text(d.p_value)]
            for c in choices
            for name, d in (("under `field`: extra horse − first move", c.difference),
                            ("first move: `field` − `other`", c.free_horse))]


def render(rules: ShooRules, movers: dict[str, Seat0], choices: Sequence[FieldChoice],
           summary: dict[str, Any]) -> str:
    changed = {k: v for k, v in rules.changed().items() if k not in FIXED}
    rules_text = (", ".join(f"`{k}={value_text(v)}`" for k, v in changed.items())
                  or "the pinned rules")
    a = summary["answer"]
    total = sum(m.games for m in movers.values())
    counts = ", ".join(f"`{p}` {m.games:,}" for p, m in movers.items())
    strongest = list(movers)[-1]
    strongest_note = ("" if strongest == a["player"] else
                      f", not to the strongest here, `{strongest}` ({movers[strongest].games:,} "
                      f"games): a search player's games take longer the larger its budget, "
                      f"and {a['games']:,} of them did not fit this run's time")
    max_plies = f"{rules.max_plies:,}"
    field_text = ""
    if choices:
        field_text = f"""
## The other reading: `odd_horse=field`, a what-if

Under `odd_horse=field` the odd horse stays free on e5 when the toss winner takes the first
move (RULES.md rule 8: "the story's photograph of the start shows it there"), so the two
choices are no longer one game: the first move with 4 + 4 horses in the stables and one
free, or the extra horse (5 against 4, White moves first — the same game under both
readings). Each player below played itself under each opening
({', '.join(f"`{p}` {n:,} games" for p, n in summary['whatif'].items())}) with the same seed, so game *i* of each shares its key and the differences are
paired game by game. Scores are the toss winner's (seat 0, Blue).

{md_table(['player', '`odd_horse`', 'toss winner takes', 'games', 'toss winner scores', 'W / D / L'], _field_rows(choices), 'lllrrr')}

{md_table(['player', 'comparison', 'difference', 'test'], _difference_rows(choices), 'llrl')}

Under `other` the extra horse's score is one minus the first mover's score of the same
player in distribution: the mirror game, though not key by key (a key orders a player's
choices among moves that the mirror reorders). The second difference says what leaving the odd horse on
the field rather than giving it to the second player is worth to the first mover.
"""
    return f"""# Shoo: what is moving first worth?

**{summary['sentence']}**

The toss winner (seat 0, Blue) takes either the first move or the odd horse (rules
parameter `opening`, RULES.md rule 7). Under the pinned reading of rule 8
(`odd_horse=other`) the other player gets the benefit not chosen, so both choices give the
same game with the colours swapped — one side moves first, the other has five horses in
its stable — and the only question is what moving first is worth. That the two choices
are one game is checked move by move (`tests/shoo/test_opening.py`: the start and every
position of a game turned half round with the colours exchanged, the same legal moves and
evaluation, and the kernel's first mover scoring alike under both choices).

## The first mover's score, per player

Each player played itself under the pinned opening (the first mover is Blue, White has
the odd horse), on {rules_text}: {counts} games, {total:,} in all. A *score* is the first
mover's mean points (a win 1, a draw ½) with its 95% interval and the test against ½, as
the standard run (`analyze shoo --policy P`) gives them; *worth* is the score minus ½. The
ladder's players are `solver/shoo/policies.py`'s (`search-N`: alpha-beta, N hundred nodes a
move); the most games, {a['games']:,}, went to `{a['player']}`{strongest_note}.

{md_table(['player (both sides)', 'games', 'first mover scores', 'worth', 'test against ½', 'W / D / L', 'moves a game'], _mover_rows(movers), 'lrrrlrr')}

A figure here is a statement about these players: the stronger the player, the closer the
score is to what moving first is worth between good players. A player whose every game
reached the move limit ({max_plies} moves, a draw) says nothing about moving first.
{field_text}
## Files

- `first_mover.csv`: per player: games, the first mover's score with its interval and
  p-value, win, draw and loss rates with their Wilson intervals, mean length.
- `field.csv`: per what-if player, `odd_horse` and opening: the toss winner's score and
  rates with intervals.
- `differences.csv`: per what-if player: the paired differences with their intervals,
  paired and independent standard errors, p-values.
- `summary.json`: the answer's figures, the options, the rules.

## Reproduce

{md_block(summary['command'] or 'analyze exact shoo opening', 'sh')}

Seed {summary['seed']}, toolkit version {summary['version']}, {summary['elapsed_s']:.0f} s
of play (games found in the results store are loaded, not played again).
"""
