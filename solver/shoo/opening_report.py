"""The opening question as a report folder (``analyze exact shoo opening``).

:func:`run` plays the study of :mod:`solver.shoo.opening` and writes, through
:func:`analysis.folders.staged_folder` (a failed run never leaves half a report):

- ``report.md``: the answer in one sentence, computed from the games; the toss winner's
  score, win/draw/loss with 95% intervals under both choices and their paired difference
  for every ordered pair of players; who beats whom in both colours;
- ``cells.csv``: one row per toss winner, opponent and choice; ``differences.csv``: one row
  per ordered pair; ``colours.csv``: one row per pair of players and choice;
- ``summary.json``: the answer's figures, the options, the rules, the command.
"""
from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from analysis.folders import staged_folder
from analysis.formatting import md_table, pct, pct_range
from analysis.plain import plain
from analysis.provenance import package_version
from solver.params import value_text
from solver.shoo.opening import (CHOICE_WORDS, OPENINGS, Study, ladder, parse_players, play,
                                 verdict)
from solver.shoo.rules import ShooRules

DEFAULT_OUT = Path("reports/shoo-opening")


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
            "verdict": verdict(d)}


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


def _write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows([["" if plain(x) is None else plain(x) for x in row] for row in rows])


def write_tables(folder: Path, study: Study) -> None:
    """cells.csv, differences.csv and colours.csv."""
    rows = []
    for (blue, white, opening), cell in study.cells.items():
        rates = cell.rates()
        rows.append([blue, white, opening, len(cell.points), cell.score, *cell.score_ci,
                     *(x for name in ("win", "draw", "loss")
                       for x in (rates[name][0], *rates[name][1])),
                     cell.stats.turns_mean])
    _write_csv(folder / "cells.csv",
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
    _write_csv(folder / "differences.csv",
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
    _write_csv(folder / "colours.csv",
               ["player", "opponent", "opening", "score_as_blue", "blue_lo", "blue_hi",
                "score_as_white", "white_lo", "white_hi", "relation"], rows)


# --------------------------------------------------------------------------- the run


def run(out: str | Path = DEFAULT_OUT, *, rules: ShooRules | None = None, sims: int = 400,
        seed: int = 0, workers: int | None = None, players: str = "", budgets: int = 1,
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
    with staged_folder(out) as folder:
        say("tables")
        write_tables(folder, study)
        summary = {"game": "shoo", "analysis": "opening", "command": command,
                   "rules": rules.as_dict(), "players": list(chosen), "sims": sims,
                   "seed": seed, "answer": figures, "sentence": answer_sentence(figures),
                   "ladder": {o: ladder_chain(study, o) for o in OPENINGS},
                   "version": package_version(), "elapsed_s": round(elapsed, 2)}
        (folder / "summary.json").write_text(
            json.dumps(plain(summary), indent=2, allow_nan=False) + "\n", encoding="utf-8")
        (folder / "report.md").write_text(render(study, summary), encoding="utf-8")
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
    favours = {k: sum(verdict(study.difference(b, w)) == k
                      for b in study.players for w in study.players)
               for k in ("move", "horse", "neither")}
    return f"""# Shoo: the first move or the extra horse?

**{summary['sentence']}**

The toss winner (seat 0, Blue) takes either the first move or the odd horse (rules
parameter `opening`; the pinned reading is `{pinned}`). Here every ordered pair of the players
{', '.join(f'`{p}`' for p in study.players)} — the toss winner first, a player against itself
included — played {sims:,} games under each choice with the same keys, {2 * pairs * sims:,}
games in all, on {rules_text}. A *score* is the toss winner's mean points (a win 1, a draw
½); intervals are 95%.

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

```sh
{summary['command'] or 'analyze exact shoo opening'}
```

Seed {study.seed}, {sims:,} games per cell, toolkit version {summary['version']},
{summary['elapsed_s']:.0f} s of play.
"""
