"""The opening question, measured: is the extra horse worth as much as the first move?

The toss winner (seat 0, Blue) takes either the first move or the odd horse (rules
parameter ``opening``, RULES.md). For every ordered pair of players (the toss winner *A*
and the other *B*, a player against itself included) and both choices, :func:`play`
runs the same number of games with the same seed through the project's runner
(:func:`analysis.simulation.simulate`), so game *i* of one choice and game *i* of the
other share their key: the key breaks ties between equal moves and picks openings, and
the two choices are compared game by game (:func:`analysis.paired.paired_difference`).

A *score* is a seat's mean points: a win 1, a draw ½ (no Shoo game is cut off: the move
limit is a draw). Its 95% interval is the Wilson interval of the score taken as a share of
``n`` games (:func:`score_interval`): exact Wilson without draws, wider than needed with
them (a game's points vary less when some are ½), and never of width 0 — where
``mean ± 1.96·sd/√n`` would say 100.0–100.0% after 20 games won of 20. Win, draw and loss
rates have Wilson intervals; the difference between the two choices is
``mean ± 1.96·sd/√n`` of the paired per-game differences. The answer to the question pools the
games of equal players (every player against itself); the table of who beats whom reads
each pair's games in both colours: *B*'s score against *A* as Blue is the toss winner's
score of cell (B, A), as White one minus that of cell (A, B).

Nothing is written here; :mod:`solver.shoo.opening_report` renders the study.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from analysis.paired import Paired, paired_difference
from analysis.stats import Z, Summary
from solver.registry import DRAW, UNFINISHED
from solver.shoo.policies import PLAYERS
from solver.shoo.rules import ShooRules

OPENINGS = ("first_move", "extra_horse")
"""The toss winner's two choices (values of the rules parameter ``opening``)."""
CHOICE_WORDS = {"first_move": "the first move", "extra_horse": "the extra horse"}


def score_interval(points: np.ndarray) -> tuple[float, float]:
    """The 95% Wilson interval of the mean of ``points`` (each 0, ½ or 1) as a share of
    ``len(points)`` trials; NaN for no games.

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


def ladder(budgets: int = 1) -> tuple[str, ...]:
    """The skill ladder's players, weakest first: the fixed players and the first
    ``budgets`` search budgets of the ladder's search family (all of them when ``budgets``
    is negative).

    >>> ladder(0) == PLAYERS.ladder
    True
    """
    if not PLAYERS.search:
        return tuple(PLAYERS.ladder)
    family = PLAYERS.search[0]
    chosen = family.budgets if budgets < 0 else family.budgets[:budgets]
    return (*PLAYERS.ladder, *(f"{family.name}-{b}" for b in chosen))


def parse_players(text: str) -> tuple[str, ...]:
    """Players from ``"random,greedy,search-4"``; ValueError with one line for an unknown,
    repeated or missing name."""
    names = tuple(name.strip() for name in text.split(","))
    if not text.strip() or not all(names):
        raise ValueError(f"--players needs comma-separated player names, got {text!r}")
    for name in names:
        if not PLAYERS.knows(name):
            raise ValueError(f"unknown player {name!r}; allowed: {PLAYERS.help()}")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"--players names {', '.join(repeated)} more than once")
    return names


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
                                 self.cell(blue, white, "first_move").points)

    def pooled(self, pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
        """The toss winner's score over the games of ``pairs`` under each choice (with
        intervals) and the paired difference extra horse − first move."""
        found: dict[str, Any] = {}
        for opening in OPENINGS:
            points = np.concatenate([self.cell(a, b, opening).points for a, b in pairs])
            found[opening] = (float(points.mean()), score_interval(points))
        found["difference"] = paired_difference(
            np.concatenate([self.cell(a, b, "extra_horse").points for a, b in pairs]),
            np.concatenate([self.cell(a, b, "first_move").points for a, b in pairs]))
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
    from analysis.simulation import simulate

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


def verdict(difference: Paired) -> str:
    """Which choice the paired difference (extra horse − first move) favours: ``"horse"``,
    ``"move"``, or ``"neither"`` when its interval holds 0."""
    if difference.lo > 0:
        return "horse"
    if difference.hi < 0:
        return "move"
    return "neither"
