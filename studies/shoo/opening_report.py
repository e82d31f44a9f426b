"""The opening question as a report folder (``analyze exact shoo opening``): is the extra
horse worth as much as the first move?

The toss winner (seat 0, Blue) takes either the first move or the odd horse (rules
parameter ``opening``, RULES.md). For every ordered pair of players (the toss winner *A*
and the other *B*, a player against itself included) and both choices, :func:`play` runs
the same number of games with the same seed through the project's runner
(:func:`analysis.simulation.simulate`), so game *i* of one choice and game *i* of the other
share their key: the key breaks ties between equal moves and picks openings, and the two
choices are compared game by game (:func:`analysis.paired.paired_difference`:
``mean ± 1.96·sd/√n`` of the per-game differences). Scores are the toss winner's mean
points, with the interval of :func:`score_interval`; win, draw and loss rates have Wilson
intervals. No Shoo game
is cut off (the move limit is a draw). The answer to the question pools the games of equal
players (every player against itself); the table of who beats whom reads each pair's games
in both colours: *B*'s score against *A* as Blue is the toss winner's score of cell
(B, A), as White one minus that of cell (A, B).

:func:`run` plays the study and writes, through the one report-folder writer
:func:`analysis.writer.report_folder` (a failed run never leaves half a report):

- ``report.md``: the answer in one sentence, computed from the games; the toss winner's
  score, win/draw/loss with 95% intervals under both choices and their paired difference
  for every ordered pair of players; who beats whom in both colours;
- ``cells.csv``: one row per toss winner, opponent and choice; ``differences.csv``: one row
  per ordered pair; ``colours.csv``: one row per pair of players and choice;
- ``summary.json``: the answer's figures, the options, the rules, the command.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analysis.formatting import md_block, md_table, pct, pct_range
from analysis.paired import UNIT, Paired, paired_difference
from analysis.plain import plain
from analysis.provenance import package_version
from analysis.simulation import simulate
from analysis.stats import Z, Summary
from analysis.writer import ReportFolder, report_folder
from solver.params import value_text
from solver.registry import DRAW, UNFINISHED
from solver.shoo.opening import CHOICE_WORDS, OPENINGS, ladder, parse_players, verdict
from solver.shoo.rules import ShooRules

DEFAULT_OUT = Path("reports/shoo-opening")


def score_interval(points: np.ndarray) -> tuple[float, float]:
    """The 95% Wilson interval of the mean of ``points`` (each 0, ½ or 1) as a share of
    ``len(points)`` trials; NaN for no games.

    A *score* is a seat's mean points: a win 1, a draw ½. Its interval is exact Wilson
    without draws (:func:`analysis.stats.wilson_interval` of the wins), wider than needed
    with them (a game's points vary less when some are ½), and never of width 0 — where
    ``mean ± 1.96·sd/√n`` would say 100.0–100.0% after 20 games won of 20. (The shared
    :func:`analysis.stats.wilson_interval` takes a whole number of successes, so a score
    with draws cannot go through it.)

    >>> [round(x, 4) for x in score_interval(np.ones(20))]
    [0.8389, 1.0]
    >>> [round(x, 4) for x in score_interval(np.full(20, 0.5))]
    [0.2993, 0.7007]
    """
    n = len(points)
    if n == 0:
        return float("nan"), float("nan")
    p = float(np.mean(points))
    denom = 2 * (n + Z ** 2)
    centre = (2 * n * p + Z ** 2) / denom
    half = Z / denom * float(np.sqrt(4 * n * p * (1 - p) + Z ** 2))
    return (0.0 if p == 0 else centre - half), (1.0 if p == 1 else centre + half)


@dataclass(frozen=True)
class Cell:
    """The games of one ordered pair under one opening choice."""

    blue: str
    """The toss winner (seat 0)."""
    white: str
    opening: str
    points: np.ndarray
    """The toss winner's points per game, in key order."""
    stats: Summary

    @property
    def score(self) -> float:
        return float(self.points.mean())

    @property
    def score_ci(self) -> tuple[float, float]:
        return score_interval(self.points)

    def rates(self) -> dict[str, tuple[float, tuple[float, float]]]:
        """The toss winner's win, draw and loss rates with their 95% intervals."""
        s = self.stats
        return {"win": (s.win_rate_by_seat[0], tuple(s.win_rate_ci_by_seat[0])),
                "draw": (s.draw_rate or 0.0, tuple(s.draw_rate_ci or (0.0, 0.0))),
                "loss": (s.win_rate_by_seat[1], tuple(s.win_rate_ci_by_seat[1]))}


@dataclass(frozen=True)
class Study:
    """Every cell: ``cells[(blue, white, opening)]``."""

    rules: ShooRules
    players: tuple[str, ...]
    sims: int
    seed: int
    cells: dict[tuple[str, str, str], Cell]

    def cell(self, blue: str, white: str, opening: str) -> Cell:
        return self.cells[(blue, white, opening)]

    def difference(self, blue: str, white: str) -> Paired:
        """The toss winner's score with the extra horse minus with the first move, paired
        by key."""
        return paired_difference(self.cell(blue, white, "extra_horse").points,
                                 self.cell(blue, white, "first_move").points, UNIT)

    def pooled(self, pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
        """The toss winner's score over the games of ``pairs`` under each choice (with
        intervals) and the paired difference extra horse − first move."""
        found: dict[str, Any] = {}
        for opening in OPENINGS:
            points = np.concatenate([self.cell(a, b, opening).points for a, b in pairs])
            found[opening] = (float(points.mean()), score_interval(points))
        found["difference"] = paired_difference(
            np.concatenate([self.cell(a, b, "extra_horse").points for a, b in pairs]),
            np.concatenate([self.cell(a, b, "first_move").points for a, b in pairs]), UNIT)
        found["games"] = len(pairs) * self.sims
        return found

    def colours(self, first: str, second: str, opening: str) -> dict[str, Any]:
        """``second``'s score against ``first`` as Blue (the toss winner) and as White under
        ``opening``, each with its 95% interval."""
        blue = self.cell(second, first, opening).points
        white = 1.0 - self.cell(first, second, opening).points
        return {"blue": (float(blue.mean()), score_interval(blue)),
                "white": (float(white.mean()), score_interval(white))}


def play(rules: ShooRules, players: Sequence[str], sims: int, *, seed: int = 0,
         workers: int | None = None, say: Callable[[str], None] = lambda stage: None) -> Study:
    """Play every ordered pair of ``players`` under both opening choices, ``sims`` games
    each with the same seed (so the same keys); the other rules as ``rules`` says."""
    if sims < 1:
        raise ValueError(f"--sims must be at least 1, got {sims}")
    cells: dict[tuple[str, str, str], Cell] = {}
    for blue in players:
        for white in players:
            for opening in OPENINGS:
                say(f"{blue} (toss winner, {CHOICE_WORDS[opening]}) against {white}")
                result = simulate("shoo", sims, rules=rules.replace(opening=opening),
                                  policy=(blue, white), seed=seed, workers=workers)
                winner = result.games["winner"].to_numpy()
                points = np.where(winner == 0, 1.0, np.where(winner == DRAW, 0.5, 0.0))
                if (winner == UNFINISHED).any():
                    raise RuntimeError("a Shoo game was cut off; the move limit should draw it")
                cells[(blue, white, opening)] = Cell(blue, white, opening, points, result.stats)
    return Study(rules, tuple(players), sims, seed, cells)


def _score(value: tuple[float, tuple[float, float]]) -> str:
    mean, (lo, hi) = value
    return f"{pct(mean)} ({pct_range(lo, hi)})"


def _points(diff: float, lo: float, hi: float) -> str:
    return f"{100 * diff:+.1f} points ({100 * lo:+.1f} to {100 * hi:+.1f})"


def answer(study: Study) -> dict[str, Any]:
    """The answer's figures: the games of every player against itself pooled."""
    pooled = study.pooled([(p, p) for p in study.players])
    d = pooled["difference"]
    return {"pairs": "equal players", "games_per_choice": pooled["games"],
            "first_move": pooled["first_move"], "extra_horse": pooled["extra_horse"],
            "difference": {"diff": d.diff, "lo": d.lo, "hi": d.hi, "se": d.se,
                           "independent_se": d.independent_se, "p": d.p_value},
            "verdict": verdict(d.lo, d.hi)}


def answer_sentence(figures: dict[str, Any]) -> str:
    """The answer in one sentence, from :func:`answer`'s figures."""
    move, horse = _score(figures["first_move"]), _score(figures["extra_horse"])
    d = figures["difference"]
    gap = _points(d["diff"], d["lo"], d["hi"])
    if figures["verdict"] == "move":
        return (f"With equal players the first move is worth more than the extra horse: the "
                f"toss winner scores {move} with it against {horse} with the horse "
                f"(difference {gap}).")
    if figures["verdict"] == "horse":
        return (f"With equal players the extra horse is worth more than the first move: the "
                f"toss winner scores {horse} with it against {move} with the first move "
                f"(difference {gap}).")
    return (f"With equal players no difference between the extra horse and the first move "
            f"shows in {figures['games_per_choice']:,} games per choice: the toss winner "
            f"scores {move} with the first move and {horse} with the horse (difference "
            f"{gap}, an interval that holds 0).")


def relation(study: Study, weaker: str, stronger: str, opening: str) -> str:
    """``>`` when ``stronger`` scores clearly above half against ``weaker`` in both colours
    (both intervals above 50%), ``<`` when clearly below in both, else ``~``."""
    c = study.colours(weaker, stronger, opening)
    lows = [c[side][1][0] for side in ("blue", "white")]
    highs = [c[side][1][1] for side in ("blue", "white")]
    if min(lows) > 0.5:
        return ">"
    if max(highs) < 0.5:
        return "<"
    return "~"


def ladder_chain(study: Study, opening: str) -> str:
    """The players strongest first with the relation of each to the next, e.g.
    ``search-2 > greedy > random``."""
    names = list(reversed(study.players))
    text = f"`{names[0]}`"
    for stronger, weaker in zip(names, names[1:]):
        text += f" {relation(study, weaker, stronger, opening)} `{weaker}`"
    return text


# --------------------------------------------------------------------------- files


def _write_csv(report: ReportFolder, name: str, header: Sequence[str],
               rows: Sequence[Sequence[Any]]) -> None:
    """The table ``name``: plain values (NaN empty), written as they are."""
    report.table(name, pd.DataFrame([[plain(x) for x in row] for row in rows],
                                    columns=list(header), dtype=object))


def write_tables(report: ReportFolder, study: Study) -> None:
    """cells.csv, differences.csv and colours.csv."""
    rows = []
    for (blue, white, opening), cell in study.cells.items():
        rates = cell.rates()
        rows.append([blue, white, opening, len(cell.points), cell.score, *cell.score_ci,
                     *(x for name in ("win", "draw", "loss")
                       for x in (rates[name][0], *rates[name][1])),
                     cell.stats.turns_mean])
    _write_csv(report, "cells.csv",
               ["toss_winner", "opponent", "opening", "games", "score", "score_lo", "score_hi",
                "win", "win_lo", "win_hi", "draw", "draw_lo", "draw_hi", "loss", "loss_lo",
                "loss_hi", "turns_mean"], rows)
    rows = []
    for blue in study.players:
        for white in study.players:
            d = study.difference(blue, white)
            rows.append([blue, white, study.cell(blue, white, "first_move").score,
                         study.cell(blue, white, "extra_horse").score, d.diff, d.lo, d.hi,
                         d.se, d.independent_se, d.p_value])
    _write_csv(report, "differences.csv",
               ["toss_winner", "opponent", "score_first_move", "score_extra_horse",
                "horse_minus_move", "lo", "hi", "paired_se", "independent_se", "p"], rows)
    rows = []
    for i, weaker in enumerate(study.players):
        for stronger in study.players[i + 1:]:
            for opening in OPENINGS:
                c = study.colours(weaker, stronger, opening)
                rows.append([stronger, weaker, opening,
                             c["blue"][0], *c["blue"][1], c["white"][0], *c["white"][1],
                             relation(study, weaker, stronger, opening)])
    _write_csv(report, "colours.csv",
               ["player", "opponent", "opening", "score_as_blue", "blue_lo", "blue_hi",
                "score_as_white", "white_lo", "white_hi", "relation"], rows)


# --------------------------------------------------------------------------- the run


def run(out: str | Path = DEFAULT_OUT, *, rules: ShooRules | None = None, sims: int = 60,
        seed: int = 0, workers: int | None = None, players: str = "", budgets: int = -1,
        command: str | None = None, say: Callable[[str], None] = lambda stage: None) -> Path:
    """Play the opening study and write the report folder ``out``; returns its path.

    ``players``: comma-separated names (default: the ladder, :func:`solver.shoo.opening.ladder`
    with ``budgets`` search budgets, all of them when ``budgets`` is negative); ``sims``
    games per toss winner, opponent and choice. ``rules`` sets every parameter but
    ``opening``, which the study varies (rules that set it are refused). Bad options raise ValueError before any game.
    """
    rules = rules if rules is not None else ShooRules()
    if "opening" in rules.changed():
        raise ValueError("the opening analysis plays both values of opening; do not set it")
    chosen = parse_players(players) if players else ladder(budgets)
    if sims < 1:
        raise ValueError(f"--sims must be at least 1, got {sims}")
    started = time.perf_counter()
    study = play(rules, chosen, sims, seed=seed, workers=workers, say=say)
    elapsed = time.perf_counter() - started
    figures = answer(study)
    out = Path(out)
    with report_folder(out) as report:
        say("tables")
        write_tables(report, study)
        summary = {"game": "shoo", "analysis": "opening", "command": command,
                   "rules": rules.as_dict(), "players": list(chosen), "sims": sims,
                   "seed": seed, "answer": figures, "sentence": answer_sentence(figures),
                   "ladder": {o: ladder_chain(study, o) for o in OPENINGS},
                   "version": package_version(), "elapsed_s": round(elapsed, 2)}
        report.summary(summary)
        report.markdown(render(study, summary))
    return out


# --------------------------------------------------------------------------- the text


def _pair_rows(study: Study) -> list[list[str]]:
    rows = []
    for blue in study.players:
        for white in study.players:
            cells = [study.cell(blue, white, o) for o in OPENINGS]
            d = study.difference(blue, white)
            row = [f"`{blue}`", f"`{white}`"]
            for cell in cells:
                rates = cell.rates()
                row.append(_score((cell.score, cell.score_ci)))
                row.append(" / ".join(f"{pct(rates[k][0], 0)}" for k in ("win", "draw", "loss")))
            row.append(_points(d.diff, d.lo, d.hi))
            rows.append(row)
    return rows


def _wdl_rows(study: Study) -> list[list[str]]:
    rows = []
    for blue in study.players:
        for white in study.players:
            for opening in OPENINGS:
                rates = study.cell(blue, white, opening).rates()
                rows.append([f"`{blue}`", f"`{white}`", CHOICE_WORDS[opening],
                             *(_score(rates[k]) for k in ("win", "draw", "loss"))])
    return rows


def _colour_rows(study: Study) -> list[list[str]]:
    rows = []
    for i, weaker in enumerate(study.players):
        for stronger in study.players[i + 1:]:
            row = [f"`{stronger}` against `{weaker}`"]
            for opening in OPENINGS:
                c = study.colours(weaker, stronger, opening)
                row += [_score(c["blue"]), _score(c["white"]),
                        relation(study, weaker, stronger, opening)]
            rows.append(row)
    return rows


def render(study: Study, summary: dict[str, Any]) -> str:
    rules = study.rules
    changed = {k: v for k, v in rules.changed().items() if k != "opening"}
    rules_text = (", ".join(f"`{k}={value_text(v)}`" for k, v in changed.items())
                  or "the pinned rules")
    a = summary["answer"]
    d = a["difference"]
    variance = (d["independent_se"] / d["se"]) ** 2 if d["se"] else float("nan")
    pinned = ShooRules().opening
    strongest = study.players[-1]
    top = study.difference(strongest, strongest)
    top_move = study.cell(strongest, strongest, "first_move")
    top_horse = study.cell(strongest, strongest, "extra_horse")
    sims = study.sims
    equal_rows = [[f"`{p}`", _score((study.cell(p, p, 'first_move').score,
                                     study.cell(p, p, 'first_move').score_ci)),
                   _score((study.cell(p, p, 'extra_horse').score,
                           study.cell(p, p, 'extra_horse').score_ci)),
                   _points(*(lambda x: (x.diff, x.lo, x.hi))(study.difference(p, p)))]
                  for p in study.players]
    pairs = len(study.players) ** 2
    diffs = [study.difference(b, w) for b in study.players for w in study.players]
    favours = {k: sum(verdict(d.lo, d.hi) == k for d in diffs)
               for k in ("move", "horse", "neither")}
    return f"""# Shoo: the first move or the extra horse?

**{summary['sentence']}**

The toss winner (seat 0, Blue) takes either the first move or the odd horse (rules
parameter `opening`; the pinned reading is `{pinned}`). Here every ordered pair of the players
{', '.join(f'`{p}`' for p in study.players)} — the toss winner first, a player against itself
included — played {sims:,} games under each choice with the same keys, {2 * pairs * sims:,}
games in all, on {rules_text}. A *score* is the toss winner's mean points (a win 1, a draw
½); intervals are 95% (a score's is the Wilson interval of the score as a share of the
games, wider than needed when there are draws).

Between the strongest players here (`{strongest}` against itself) the toss winner scores
{_score((top_move.score, top_move.score_ci))} with the first move and
{_score((top_horse.score, top_horse.score_ci))} with the extra horse (difference
{_points(top.diff, top.lo, top.hi)}). Over all {pairs} ordered pairs the first move scores
clearly more in {favours['move']}, the extra horse in {favours['horse']}, neither clearly in
{favours['neither']}.

## Equal players

The sentence above pools these games ({a['games_per_choice']:,} per choice). The difference
is *extra horse − first move*, paired game by game (the same key under both choices; a key
only breaks ties between equal moves, so pairing helps little: the variance of an
independent comparison of these games over the paired one is {variance:.2f}).

{md_table(['player', 'first move', 'extra horse', 'difference'], equal_rows, 'lrrr')}

## Every pair

The toss winner's score and its win / draw / loss shares under each choice, and the paired
difference of the scores (*extra horse − first move*); the intervals of the win, draw and
loss rates follow below and are in `cells.csv`.

{md_table(['toss winner', 'opponent', 'score, first move', 'W / D / L', 'score, extra horse', 'W / D / L', 'difference'], _pair_rows(study), 'llrrrrr')}

## Who beats whom, in both colours

From the same games: the first-named player's score against the second as Blue (the toss
winner) and as White, under each choice. `>`: it scores clearly more than half in both
colours (both intervals above 50%); `<`: clearly less in both; `~`: not clearly in both.

{md_table(['pair', 'as Blue, first move', 'as White, first move', '', 'as Blue, extra horse', 'as White, extra horse', ''], _colour_rows(study), 'lrrlrrl')}

The ladder, strongest first: with the first move to the toss winner
{summary['ladder']['first_move']}; with the extra horse {summary['ladder']['extra_horse']}.

## Win, draw and loss rates

The toss winner's rates with their 95% Wilson intervals.

{md_table(['toss winner', 'opponent', 'choice', 'win', 'draw', 'loss'], _wdl_rows(study), 'lllrrr')}

## Files

- `cells.csv`: per toss winner, opponent and choice: games, score, win, draw and loss rates
  with their intervals, mean length.
- `differences.csv`: per ordered pair: the scores under both choices, their paired
  difference with its interval, paired and independent standard errors, p-value.
- `colours.csv`: per pair and choice: the stronger-listed player's score as Blue and as
  White with intervals.
- `summary.json`: the answer's figures, the options, the rules.

## Reproduce

{md_block(summary['command'] or 'analyze exact shoo opening', 'sh')}

Seed {study.seed}, {sims:,} games per cell, toolkit version {summary['version']},
{summary['elapsed_s']:.0f} s of play.
"""
