"""What `analyze runs` and `analyze compare A B` print: the stored runs, and two
stored runs side by side with the difference B − A of each measure and its
95% interval.

Two runs of the same game with the same seed played their games from the same keys:
game *i* of A and game *i* of B rolled the same dice until their rules or policies first
made a difference. Such runs are compared **paired**, game by game, over the games both
hold (the first *n* of each), with the intervals of :mod:`numbergames.analysis.statistics.paired` — usually far
narrower than independent intervals; the output says by how much. A comparison reads the
games the store holds as rows (a run's first ``--keep-games``; beyond them the store keeps
chunk summaries, and the output says so).

Other runs are compared as independent samples: Newcombe's hybrid score interval for win
rates and the first-player advantage (:func:`numbergames.analysis.statistics.stats.difference_interval`),
Welch's t interval for the mean length of finished games, and a normal approximation for
``balance`` (the seats with the highest and lowest win rate taken as fixed, so
``Var(p_max − p_min) = (p_max + p_min − (p_max − p_min)²) / n`` in each run).

A run compared with itself is refused (every difference would be 0 by construction: a
mistyped id), and so are runs of two different games (a seat, a turn and an outcome mean
different things in each). Runs with different numbers of players are compared with a warning line: win
rates by seat and the first-player advantage are not comparable across player counts, so
the verdict leaves them out.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace

import pandas as pd

from numbergames.analysis.statistics.distributions import norm_ppf
from numbergames.analysis.reports.formatting import terminal_text
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.statistics.outcomes import finished as finished_games
from numbergames.analysis.statistics.paired import UNIT, paired_difference, paired_measures
from numbergames.analysis.statistics.stats import (CONFIDENCE, Summary, difference_interval, mean_difference_interval,
                            summarize)
from numbergames.analysis.running.store import Store, StoredRun
from numbergames.solver.registry import SEAT_PREFIX, STANDARD_COLUMNS, find_game

COLUMNS = STANDARD_COLUMNS
"""The columns every comparison reads; a game whose outcome is a score adds its score."""


def _table(rows: list[list[str]], right: set[int] = frozenset()) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.rjust(w) if i in right else c.ljust(w)
                      for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in rows]


def format_runs(runs: pd.DataFrame, path: str) -> str:
    """The table `analyze runs` prints."""
    if runs.empty:
        return f"no runs stored in {path}"
    rows = [["id", "game", "label", "policies", "seed", "games", "rows kept", "created"]]
    for r in runs.itertuples():
        rows.append([r.id, terminal_text(r.game), terminal_text(r.label or "-"),
                     terminal_text(r.policies), str(r.seed), f"{r.games:,}", f"{r.rows:,}",
                     r.created])
    return "\n".join([f"{len(runs)} run{'s' if len(runs) != 1 else ''} stored in {path}", "",
                      *_table(rows, right={4, 5, 6})])


@dataclass(frozen=True)
class Measure:
    """One row of a comparison: the value in A and B and the difference B − A."""

    name: str
    kind: str
    """``rate`` (a share, shown in %), ``turns`` or ``index`` (balance, 0..1)."""
    a: float
    b: float
    diff: float
    lo: float
    hi: float

    @property
    def clear(self) -> bool:
        """Whether the interval excludes 0."""
        return not (math.isnan(self.lo) or math.isnan(self.hi)) and (self.lo > 0 or self.hi < 0)


@dataclass(frozen=True)
class Comparison:
    a: StoredRun
    b: StoredRun
    summary_a: Summary
    summary_b: Summary
    measures: list[Measure]
    paired: int = 0
    """Games compared pair by pair (0: the runs were compared as independent samples)."""
    variance_reduction: dict[str, float] | None = None
    """For a paired comparison: independent variance / paired variance, by measure."""


def _spec(run: StoredRun):
    try:
        return find_game(run.game)
    except LookupError as exc:
        raise UserError(f"run {run.id} is of game {run.game!r}, which this version does not know") from exc


def _players(run: StoredRun) -> int:
    spec = _spec(run)
    return len(run.policies) if run.policies else spec.seats(SimpleNamespace(**run.rules))


def _balance_interval(a: Summary, b: Summary) -> tuple[float, float, float]:
    def variance(s: Summary) -> float:
        hi, lo = max(s.win_rate_by_seat), min(s.win_rate_by_seat)
        return max(hi + lo - (hi - lo) ** 2, 0.0) / s.finished
    diff = b.balance - a.balance
    half = norm_ppf(0.5 + CONFIDENCE / 2) * math.sqrt(variance(a) + variance(b))
    return diff, diff - half, diff + half


def compare(store: Store, id_a: str, id_b: str) -> Comparison:
    """Compare two stored runs (ids or id prefixes); UserError on unknown or empty runs.
    Runs of the same game with the same seed are compared game by game (paired) over the
    games both hold; others as independent samples."""
    runs = [store.find(id_a), store.find(id_b)]
    if runs[0].key == runs[1].key:
        raise UserError(f"A and B are the same run {runs[0].id}: every difference is 0 by "
                        "construction, so there is nothing to compare; give the ids of two "
                        "different runs (`analyze runs` lists them)")
    if runs[0].game != runs[1].game:
        raise UserError(f"A ({runs[0].id}) is a run of {runs[0].game} and B ({runs[1].id}) of "
                        f"{runs[1].game}: runs of different games are not compared (their "
                        "seats, lengths and outcomes mean different things); compare two runs "
                        "of one game, or see the games side by side in the overview page "
                        "(`analyze report --overview-only`)")
    for run in runs:
        if run.games == 0:
            raise UserError(f"run {run.id} has no stored games yet")
    paired = runs[0].seed == runs[1].seed
    n = min(r.games for r in runs)
    score = _spec(runs[0]).traits.score
    columns = [*COLUMNS, *([SEAT_PREFIX + score] if score else [])]
    games = [store.load_games(run, columns) for run in runs]
    if paired:  # the games both runs hold, key by key
        games = [frame.iloc[:n].reset_index(drop=True) for frame in games]
    summaries = [summarize(frame, _players(run), CONFIDENCE, traits=_spec(run).traits)
                 for frame, run in zip(games, runs)]
    if paired:
        return _paired_comparison(runs, games, summaries)
    (ga, gb), (sa, sb) = games, summaries
    measures = []
    for seat in range(max(sa.players, sb.players)):
        if seat < sa.players and seat < sb.players:
            diff, lo, hi = difference_interval(sb.wins_by_seat[seat], sb.finished,
                                               sa.wins_by_seat[seat], sa.finished, CONFIDENCE)
        else:
            diff = lo = hi = math.nan
        measures.append(Measure(f"win rate, seat {seat}", "rate",
                                sa.win_rate_by_seat[seat] if seat < sa.players else math.nan,
                                sb.win_rate_by_seat[seat] if seat < sb.players else math.nan,
                                diff, lo, hi))
    if sa.players > 1 and sb.players > 1 and sa.draws == sb.draws == 0:
        diff, lo, hi = difference_interval(sb.wins_by_seat[0], sb.finished, sa.wins_by_seat[0],
                                           sa.finished, CONFIDENCE)
        shift = 1 / sa.players - 1 / sb.players  # each advantage is seat 0's rate − 1/players
        measures.append(Measure("first-player advantage", "advantage", sa.first_player_advantage,
                                sb.first_player_advantage, diff + shift, lo + shift, hi + shift))
    finished_a = ga["turns"].to_numpy()[finished_games(ga["winner"].to_numpy())]
    finished_b = gb["turns"].to_numpy()[finished_games(gb["winner"].to_numpy())]
    measures.append(Measure("turns, mean (finished games)", "turns", sa.turns_mean, sb.turns_mean,
                            *mean_difference_interval(finished_a, finished_b, CONFIDENCE)))
    if sa.balance is not None and sb.balance is not None:
        measures.append(Measure("balance", "index", sa.balance, sb.balance,
                                *_balance_interval(sa, sb)))
    return Comparison(runs[0], runs[1], sa, sb, measures)


def _paired_comparison(runs: list[StoredRun], games: list[pd.DataFrame],
                       summaries: list[Summary]) -> Comparison:
    """Two runs with the same keys compared game by game (see the module docstring)."""
    (ga, gb), (sa, sb) = games, summaries
    wa, wb = ga["winner"].to_numpy(), gb["winner"].to_numpy()
    measures = []
    for seat in range(max(sa.players, sb.players)):
        both = seat < sa.players and seat < sb.players
        d = paired_difference(wb == seat, wa == seat, UNIT) if both else None
        measures.append(Measure(f"win rate, seat {seat}", "rate",
                                sa.win_rate_by_seat[seat] if seat < sa.players else math.nan,
                                sb.win_rate_by_seat[seat] if seat < sb.players else math.nan,
                                d.diff if d else math.nan, d.lo if d else math.nan,
                                d.hi if d else math.nan))
    found = paired_measures(gb, sb.players, ga, sa.players, _spec(runs[0]).traits)
    rows = [("first-player advantage", "advantage", "first_player_advantage"),
            ("turns, mean (finished games)", "turns", "turns_mean"),
            ("balance", "index", "balance")]
    for name, kind, measure in rows:
        if measure not in found:
            continue
        d, _ = found[measure]
        measures.append(Measure(name, kind, getattr(sa, measure), getattr(sb, measure),
                                d.diff, d.lo, d.hi))
    reduction = {m: found[m][0].variance_reduction if m in found else math.nan
                 for m in ("seat0_win_rate", "turns_mean", "balance")}
    return Comparison(runs[0], runs[1], sa, sb, measures, len(ga), reduction)


def _value(kind: str, value: float, signed: bool = False, unit: bool = True) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    sign = "+" if signed or kind == "advantage" else ""
    if kind in ("rate", "advantage"):
        return f"{value * 100:{sign}.2f}" + ("" if not unit else
                                            " pts" if signed or kind == "advantage" else "%")
    if kind == "turns":
        return f"{value:{sign}.2f}"
    return f"{value:{sign}.4f}"


def _describe(run: StoredRun, used: int) -> str:
    """The run's id, label and what it is; ``used`` is how many of its games are compared."""
    seats = run.policies[0] if len(set(run.policies)) == 1 else " vs ".join(run.policies)
    games = (f"{run.games:,} games" if used == run.games
             else f"the first {used:,} of its {run.games:,} games")
    return terminal_text(f"{run.id}  {run.label or '-'}  ({run.game}, {seats}, seed {run.seed}, "
                         f"{games})")


def _rules_difference(a: StoredRun, b: StoredRun) -> str:
    names = [n for n in dict.fromkeys([*a.rules, *b.rules]) if a.rules.get(n) != b.rules.get(n)]
    if not names:
        return "same rules"
    return "rules that differ: " + ", ".join(
        f"{n} {a.rules.get(n, '-')} → {b.rules.get(n, '-')}" for n in names)


SEAT_MEASURES = ("rate", "advantage")
"""The kinds of measure that belong to seats: not comparable across numbers of players."""


def verdict(measures: list[Measure], seats: bool = True) -> str:
    """The verdict line; ``seats=False`` leaves the seats' measures (win rate by seat,
    first-player advantage) out of it (runs with different numbers of players)."""
    left_out = "" if seats else " (the seats' measures left out: different numbers of players)"
    measures = [m for m in measures if seats or m.kind not in SEAT_MEASURES]
    clear = [m for m in measures if m.clear]
    if not clear:
        return (f"verdict: no clear difference between A and B at 95% "
                f"(every interval includes 0){left_out}")
    parts = [f"{m.name} {'higher' if m.diff > 0 else 'lower'} in B ({_value(m.kind, m.diff, True)})"
             for m in clear]
    return "verdict: B differs from A at 95%: " + "; ".join(parts) + left_out


def format_comparison(c: Comparison) -> str:
    """The text `analyze compare` prints."""
    rows = [["measure", "A", "B", "B − A", f"{CONFIDENCE:.0%} CI"]]
    for m in c.measures:
        interval = ("-" if math.isnan(m.lo) else
                    f"{_value(m.kind, m.lo, True, False)} to {_value(m.kind, m.hi, True, False)}")
        rows.append([m.name, _value(m.kind, m.a), _value(m.kind, m.b),
                     _value(m.kind, m.diff, True), interval])
    if c.paired:
        gains = ", ".join(f"{name} {value:.1f}x" for name, value in (
            ("seat 0", c.variance_reduction["seat0_win_rate"]),
            ("turns", c.variance_reduction["turns_mean"]),
            ("balance", c.variance_reduction["balance"])) if not math.isnan(value))
        note = (f"paired: A and B share the game and the seed, so game i of each rolled the "
                f"same dice; compared game by game over the {c.paired:,} games both hold"
                + (f" (variance reduction against independent runs: {gains})" if gains else ""))
    else:
        note = ("intervals: Newcombe for rates, Welch for mean turns, normal approximation "
                "for balance (independent runs: different seeds or games)")
    same_players = c.summary_a.players == c.summary_b.players
    warning = [] if same_players else [
        f"warning: A has {c.summary_a.players} players and B {c.summary_b.players} players: seat "
        f"win rates and the first-player advantage are not comparable across player counts, "
        f"so the verdict leaves them out"]
    rows_only = [f"{name} holds {run.total:,} games, its first {run.games:,} as rows (beyond "
                 f"--keep-games the store keeps chunk summaries): compared over those rows"
                 for name, run in (("A", c.a), ("B", c.b)) if run.total > run.games]
    lines = [f"A  {_describe(c.a, c.summary_a.games)}", f"B  {_describe(c.b, c.summary_b.games)}", _rules_difference(c.a, c.b), "",
             *_table(rows, right={1, 2, 3}), "", note, *rows_only, *warning,
             verdict(c.measures, seats=same_players)]
    return "\n".join(lines)

