"""What if the rules were different? Rules-variant sweeps with common random numbers.

:func:`sweep` plays the base rules and every variant of a grid (the cartesian product of
the values given for each varied rules parameter) with **the same seed**. Every game is
played from its own key (:func:`analysis.runner.chunk_keys`), so game *i* of every variant
starts from the same dice stream: common random numbers (CRN). The variants differ in
rules, so the games diverge after the first event where the rules differ, but until then
they are the same game, and comparing them game by game (paired) removes much of the noise.

Per variant: the standard metrics of :func:`analysis.stats.summarize` (seat 0's win rate
and first-player advantage with Wilson intervals, mean length of finished games with
``mean ± 1.96·sd/√n``, balance, completion, decision rate).

Per variant against the base, for two measures,

* ``seat0_win_rate``: ``x_i = 1`` when seat 0 wins game *i*, else 0 (all games);
* ``turns_mean``: ``x_i`` = turns of game *i* (games finished under both rules),

the paired difference ``d_i = x_i(variant) − x_i(base)``: its mean, ``SE = sd(d)/√n``, the
95% normal interval and the two-sided normal p-value; the SE an independent comparison of
the same games would have had, ``√(var_variant/n + var_base/n)``; and the variance
reduction ``(independent SE / paired SE)²``. The p-values of all variant × measure tests
are adjusted together with Holm's step-down method (:func:`holm`).

Nothing here names a game: the rules class, players and policies come from the registry.
"""
from __future__ import annotations

import datetime as _dt
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as sps

from analysis.errors import UserError
from analysis.plain import plain
from analysis.simulation import REPORTS_ROOT, Analysis, Plan, package_version, parse_sims, plan
from analysis.store import Store, as_store
from solver.params import RulesError, Variant, coerce

MAX_VARIANTS = 64
"""The most variants one sweep may hold (the grid, not counting a separate base)."""
CONFIDENCE = 0.95
Z = float(sps.norm.ppf(0.5 + CONFIDENCE / 2))
MEASURES: dict[str, str] = {"seat0_win_rate": "seat 0's win rate",
                            "turns_mean": "mean game length (turns)"}
"""The measures compared with the base, paired game by game."""
FILES: tuple[str, ...] = ("report.md", "summary.json", "variants.csv")
"""The files of a what-if folder besides one PNG per (measure, varied parameter)."""


# --------------------------------------------------------------------------- statistics


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (NaN stays NaN and is not counted).

    The k-th smallest of m p-values becomes ``max over j ≤ k of min(1, (m − j + 1)·p_(j))``.

    >>> [round(p, 6) for p in holm([0.01, 0.04, 0.03, 0.005])]
    [0.03, 0.06, 0.06, 0.02]
    """
    p = np.asarray(p_values, dtype=float)
    adjusted = np.full(p.shape, math.nan)
    valid = np.flatnonzero(~np.isnan(p))
    m = len(valid)
    running = 0.0
    for rank, index in enumerate(valid[np.argsort(p[valid], kind="stable")]):
        running = max(running, min(1.0, (m - rank) * p[index]))
        adjusted[index] = running
    return [float(v) for v in adjusted]


@dataclass(frozen=True)
class Paired:
    """A paired difference ``mean(variant − base)`` over the same games."""

    n: int
    diff: float
    lo: float
    hi: float
    se: float
    independent_se: float
    p_value: float

    @property
    def variance_reduction(self) -> float:
        """Independent variance / paired variance (NaN when the paired SE is 0)."""
        return (self.independent_se / self.se) ** 2 if self.se > 0 else math.nan


def paired_difference(variant: np.ndarray, base: np.ndarray) -> Paired:
    """Paired difference of two equally long samples, game ``i`` against game ``i``."""
    a, b = np.asarray(variant, dtype=float), np.asarray(base, dtype=float)
    if a.shape != b.shape:
        raise ValueError("paired samples must have the same length")
    n = len(a)
    if n < 2:
        return Paired(n, float(a.mean() - b.mean()) if n else math.nan,
                      math.nan, math.nan, math.nan, math.nan, math.nan)
    d = a - b
    diff = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(n)
    independent = math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / n)
    if se > 0:
        p = float(2 * sps.norm.sf(abs(diff) / se))
    else:
        p = 1.0 if diff == 0 else 0.0
    return Paired(n, diff, diff - Z * se, diff + Z * se, se, independent, p)


def _measures(games: pd.DataFrame) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per-game values of each measure and the mask of games it is defined on."""
    winner = games["winner"].to_numpy()
    return {"seat0_win_rate": ((winner == 0).astype(float), np.ones(len(winner), bool)),
            "turns_mean": (games["turns"].to_numpy().astype(float), winner >= 0)}


# --------------------------------------------------------------------------- the grid


def parse_vary(items: Sequence[str]) -> dict[str, list[str]]:
    """``["tie=defender,attacker", "men_to_win=3,4"]`` → ``{"tie": [...], "men_to_win": [...]}``."""
    vary: dict[str, list[str]] = {}
    for item in items:
        name, sep, values = item.partition("=")
        name = name.strip()
        listed = [v.strip() for v in values.split(",")]
        if not sep or not name or not any(listed):
            raise UserError(f"bad --vary {item!r}; expected name=value1,value2,...")
        if not all(listed):
            raise UserError(f"bad --vary {item!r}: an empty value in the list")
        if name in vary:
            raise UserError(f"--vary {name} is given twice; give all its values in one --vary")
        vary[name] = listed
    return vary


def _check_grid(rules_cls: type, base: Any, vary: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
    """The varied values, typed and checked one by one; UserError on any problem."""
    if not vary:
        raise UserError("whatif needs at least one --vary name=value1,value2,...")
    typed: dict[str, list[Any]] = {}
    for name, values in vary.items():
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise UserError(f"--vary {name} needs a list of values")
        typed[name] = []
        try:
            rules_cls.from_values({name: values[0]}, base=None)  # an unknown name lists the allowed
        except RulesError as exc:
            if name not in rules_cls.parameters():
                raise UserError(str(exc)) from None
        for value in values:
            try:  # the type here; ranges and cross-parameter checks per grid point, below
                one = coerce(name, rules_cls.parameters()[name], value)
            except RulesError as exc:
                raise UserError(str(exc)) from None
            if one in typed[name]:
                raise UserError(f"--vary {name} lists the value {value!r} twice")
            typed[name].append(one)
    size = math.prod(len(v) for v in typed.values())
    if size > MAX_VARIANTS:
        raise UserError(f"--vary gives {size} variants; at most {MAX_VARIANTS} are allowed")
    return typed


def expand(vary: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """The cartesian product of the varied values, first parameter slowest.

    >>> expand({"a": [1, 2], "b": ["x", "y"]})
    [{'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]
    """
    names = list(vary)
    return [dict(zip(names, combo)) for combo in itertools.product(*(vary[n] for n in names))]


# --------------------------------------------------------------------------- the sweep


def _fmt(value: Any) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    return str(value)


@dataclass
class Sweep:
    """A finished sweep: the base, the variants, and one table row per variant."""

    base: Analysis
    varied: dict[str, list[Any]]
    results: list[Analysis]
    """One per row of :attr:`table`; the base is the first."""
    sims: int
    seed: int
    elapsed_s: float
    command: str | None = None
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.timezone.utc)
                         .isoformat(timespec="seconds"))
    precision: float | None = None
    """The target paired 95% half-width of seat 0's win-rate difference, if one was set."""
    precision_steps: list[dict[str, Any]] = field(default_factory=list)

    @property
    def game(self):
        return self.base.game

    @property
    def games(self) -> int:
        return len(self.base.games)

    @property
    def table(self) -> pd.DataFrame:
        return self._table

    def __post_init__(self) -> None:
        self._table = self._build_table()

    def _build_table(self) -> pd.DataFrame:
        base = self.base
        base_values = _measures(base.games)
        rows = []
        for result in self.results:
            s = result.stats
            is_base = result.rules == base.rules
            row: dict[str, Any] = {name: getattr(result.rules, name) for name in self.varied}
            row["variant"] = ("base: " if is_base else "") + ", ".join(
                f"{n}={_fmt(getattr(result.rules, n))}" for n in self.varied)
            row["is_base"] = is_base
            row["games"] = s.games
            row["seat0_win_rate"] = s.win_rate_by_seat[0]
            row["seat0_win_rate_lo"], row["seat0_win_rate_hi"] = s.win_rate_ci_by_seat[0]
            row["first_player_advantage"] = s.first_player_advantage
            row["first_player_advantage_lo"], row["first_player_advantage_hi"] = \
                s.first_player_advantage_ci
            finished = s.games - s.unfinished
            half = Z * s.turns_std / math.sqrt(finished) if finished > 1 else math.nan
            row["turns_mean"] = s.turns_mean
            row["turns_mean_lo"], row["turns_mean_hi"] = s.turns_mean - half, s.turns_mean + half
            row["balance"], row["completion"] = s.balance, s.completion
            row["decision_rate"] = s.decision_rate
            values = _measures(result.games)
            for measure, (x, ok) in values.items():
                bx, bok = base_values[measure]
                both = ok & bok
                paired = paired_difference(x[both], bx[both])
                row[f"{measure}_diff"] = paired.diff
                row[f"{measure}_diff_lo"], row[f"{measure}_diff_hi"] = paired.lo, paired.hi
                row[f"{measure}_paired_se"] = paired.se
                row[f"{measure}_independent_se"] = paired.independent_se
                row[f"{measure}_variance_reduction"] = paired.variance_reduction
                row[f"{measure}_p"] = math.nan if is_base else paired.p_value
                row[f"{measure}_pairs"] = paired.n
            rows.append(row)
        table = pd.DataFrame(rows)
        keys = [f"{m}_p" for m in MEASURES]
        adjusted = holm(table[keys].to_numpy().ravel())
        table[[f"{m}_p_holm" for m in MEASURES]] = np.reshape(adjusted, (len(table), len(keys)))
        return table

    @property
    def tests(self) -> int:
        """How many variant × measure tests the Holm adjustment covers."""
        return int(self.table[[f"{m}_p" for m in MEASURES]].notna().to_numpy().sum())

    @property
    def summary(self) -> dict[str, Any]:
        """Everything ``summary.json`` holds."""
        base = self.base
        return plain({
            "game": self.game.name, "title": f"What if: {self.game.title}",
            "varied": self.varied, "base_rules": base.rules.as_dict(),
            "base_variant": base.variant, "policies": list(base.policies),
            "players": self.game.players(base.rules), "seed": self.seed,
            "games_per_variant": self.games, "sims": self.sims, "confidence": CONFIDENCE,
            "precision": self.precision, "precision_steps": self.precision_steps,
            "measures": MEASURES, "tests": self.tests, "adjustment": "holm",
            "variants": [{**{k: plain(v) for k, v in row.items()},
                          "rules": r.rules.as_dict(), "run_id": r.run_id}
                         for row, r in zip(self.table.to_dict("records"), self.results)],
            "store": base.store, "elapsed_s": round(self.elapsed_s, 3),
            "version": package_version(), "created": self.created, "command": self.command,
        })

    def default_out(self) -> Path:
        return REPORTS_ROOT / self.game.name / ("whatif-" + "-".join(self.varied))

    def write_report(self, out: str | Path | None = None) -> Path:
        """Write the report folder (default ``reports/<game>/whatif-<names>``); its path."""
        from analysis.folders import staged_folder

        out_dir = Path(out) if out is not None else self.default_out()
        with staged_folder(out_dir) as folder:
            plots = []
            for measure in MEASURES:
                for name in self.varied:
                    filename = f"{measure}_by_{name}.png"
                    _plot(self, measure, name, folder / filename)
                    plots.append((measure, name, filename))
            (folder / "summary.json").write_text(
                json.dumps(self.summary, indent=2, allow_nan=False) + "\n", encoding="utf-8")
            self.table.to_csv(folder / "variants.csv", index=False)
            (folder / "report.md").write_text(render_markdown(self, plots), encoding="utf-8")
        return out_dir


def _half_width(table: pd.DataFrame) -> float:
    """The widest paired 95% half-width of seat 0's win-rate difference among the variants."""
    others = table[~table["is_base"]]
    if others.empty:
        return 0.0
    return float((Z * others["seat0_win_rate_paired_se"]).max())


def sweep(game: str, vary: Mapping[str, Sequence[Any]], sims: int | str | float = 100_000, *,
          players: int | None = None, policy: str | Sequence[str] | None = None, seed: int = 0,
          workers: int | None = None, variant: str | Path | Variant | None = None,
          store: Store | str | Path | None = None, precision: float | None = None,
          command: str | None = None, say: Callable[[str], None] | None = None,
          **rule_values: Any) -> Sweep:
    """Play the base rules and every variant of the ``vary`` grid with the same seed.

    The base is the defaults, then ``variant`` (a TOML file), then ``rule_values``, then
    ``players``; each grid point changes the base by the values it names. Every variant's
    rules are checked before any game is played (UserError with one line otherwise).
    With ``precision`` (e.g. 0.002) the games per variant grow from one chunk, doubling,
    until the paired 95% half-width of seat 0's win-rate difference is at most
    ``precision`` for every variant, ``sims`` being the most; with a ``store`` the
    games already played are loaded rather than played again.
    """
    sims = parse_sims(sims)
    base_plan = plan(game, sims, players=players, policy=policy, seed=seed, workers=workers,
                     variant=variant, **rule_values)
    spec = base_plan.game
    typed = _check_grid(spec.rules, base_plan.rules, vary)
    plans: list[Plan] = [base_plan]
    for combo in expand(typed):
        try:
            point = plan(game, sims, policy=policy, seed=seed, workers=workers,
                         rules=base_plan.rules, **combo)
        except UserError as exc:
            where = ", ".join(f"{k}={_fmt(v)}" for k, v in combo.items())
            raise UserError(f"variant {where}: {exc}") from None
        point = Plan(point.game, point.rules, point.policies, sims, seed, workers,
                     base_plan.variant)
        if point.rules == base_plan.rules:
            continue  # the base is already the first row
        if any(p.rules == point.rules for p in plans):
            continue
        plans.append(point)
    if precision is not None and not (isinstance(precision, (int, float))
                                      and math.isfinite(precision) and precision > 0):
        raise UserError(f"--precision must be a positive number, e.g. 0.002, not {precision!r}")

    opened = as_store(store)
    start = time.perf_counter()
    steps: list[dict[str, Any]] = []

    def run_all(games: int) -> list[Analysis]:
        done = []
        for i, p in enumerate(plans):
            if say:
                say(f"[{i + 1}/{len(plans)}] {games:,} games of {p.label}")
            done.append(Plan(p.game, p.rules, p.policies, games, seed, workers, p.variant)
                         .execute(store=opened, command=command))
        return done

    if precision is None:
        results = run_all(sims)
        return Sweep(results[0], typed, results, sims, seed, time.perf_counter() - start,
                     command)
    from analysis.runner import CHUNK_SIZE

    games = min(sims, CHUNK_SIZE)
    while True:
        results = run_all(games)
        result = Sweep(results[0], typed, results, sims, seed, 0.0, command, precision=precision)
        width = _half_width(result.table)
        steps.append({"games": games, "half_width": width})
        if width <= precision or games >= sims:
            break
        # the half-width shrinks as 1/√n: aim for the target, at least doubling
        wanted = math.ceil(games * (width / precision) ** 2 * 1.05)
        games = min(sims, max(2 * games, math.ceil(wanted / CHUNK_SIZE) * CHUNK_SIZE))
    result.precision_steps = steps
    result.elapsed_s = time.perf_counter() - start
    return result


# --------------------------------------------------------------------------- report


def _num(value: Any) -> float | None:
    if value is None:
        return None
    number = float(value)
    return None if math.isnan(number) else number


def _value(measure: str, value: Any, signed: bool = False) -> str:
    number = _num(value)
    if number is None:
        return "n/a"
    if measure == "seat0_win_rate":
        return f"{number * 100:+.2f} pts" if signed else f"{number * 100:.2f}%"
    return f"{number:+.2f}" if signed else f"{number:.2f}"


def _range(measure: str, lo: Any, hi: Any, signed: bool = False) -> str:
    a, b = _num(lo), _num(hi)
    if a is None or b is None:
        return "n/a"
    if measure == "seat0_win_rate":
        scale, unit = 100, (" pts" if signed else "%")
    else:
        scale, unit = 1, ""
    sign = "+" if signed else ""
    return f"{a * scale:{sign}.2f} to {b * scale:{sign}.2f}{unit}"


def _pv(value: Any) -> str:
    p = _num(value)
    if p is None:
        return "—"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _vr(value: Any) -> str:
    v = _num(value)
    return "—" if v is None else f"{v:.2f}×"


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [header, ["---"] + ["---:"] * (len(header) - 1), *rows]
    return "\n".join("| " + " | ".join(str(c).replace("|", "\\|") for c in line) + " |"
                     for line in lines)


def _reading(sweep: Sweep) -> str:
    """One line on the biggest clear effect of each measure."""
    table = sweep.table[~sweep.table["is_base"]]
    if table.empty:
        return ("Every variant of the grid is the base itself, so there is nothing to compare "
                "(every difference is exactly 0).")
    parts = []
    for measure, words in MEASURES.items():
        biggest = table.loc[table[f"{measure}_diff"].abs().idxmax()]
        p = _num(biggest[f"{measure}_p_holm"])
        clear = p is not None and p < 1 - CONFIDENCE
        parts.append(
            f"the largest change in {words} is {_value(measure, biggest[f'{measure}_diff'], True)} "
            f"with {biggest['variant']} (paired 95% CI "
            f"{_range(measure, biggest[f'{measure}_diff_lo'], biggest[f'{measure}_diff_hi'], True)}, "
            f"Holm-adjusted p {_pv(p)}: "
            + ("a clear effect" if clear else "not distinguishable from no change") + ")")
    return "**Reading:** " + "; ".join(parts) + "."


def render_markdown(sweep: Sweep, plots: Sequence[tuple[str, str, str]] = ()) -> str:
    """The text of ``report.md``."""
    base = sweep.base
    table = sweep.table
    varied = ", ".join(f"`{n}` ∈ {{{', '.join(_fmt(v) for v in vs)}}}"
                       for n, vs in sweep.varied.items())
    base_rules = ", ".join(f"`{k}={_fmt(v)}`" for k, v in base.rules.as_dict().items())
    seats = base.policies[0] if len(set(base.policies)) == 1 else " vs ".join(base.policies)
    n_variants = int((~table["is_base"]).sum())
    intro = (
        f"# What if: {sweep.game.title}\n\n"
        f"This report changes the rules of **{sweep.game.name}** and measures what each change "
        f"does. Varied: {varied} — {n_variants} variant{'s' if n_variants != 1 else ''} against "
        f"the base rules ({base_rules}), every seat played by `{seats}`. Each variant plays "
        f"{sweep.games:,} games with seed {sweep.seed}: **the same seed for every variant**, so "
        "game *i* of every variant rolls the same dice until the changed rule first makes a "
        "difference (common random numbers). The difference from the base is then measured "
        "game by game (paired), which is usually more precise than comparing two independent "
        "runs; the *variance reduction* column says by how much (independent variance / "
        "paired variance; 1× means pairing did not help).\n\n"
        f"Intervals are {CONFIDENCE * 100:g}%. The p-values test 'no difference from the "
        f"base'; they are adjusted with Holm's method over all {sweep.tests} variant × measure "
        "tests, so a value below 0.05 is a clear effect even after looking at them all.\n\n"
        + _reading(sweep))
    sections = [intro]
    if sweep.precision is not None:
        steps = sweep.precision_steps
        last = steps[-1]
        met = last["half_width"] <= sweep.precision
        sections.append(
            "## Precision\n\nGames per variant grew "
            + " → ".join(f"{s['games']:,}" for s in steps)
            + f" until the paired 95% half-width of seat 0's win-rate difference was at most "
            f"{sweep.precision * 100:.2f} points for every variant. "
            + (f"It stopped at {last['games']:,} games, with a widest half-width of "
               f"{last['half_width'] * 100:.3f} points." if met else
               f"It stopped at the ceiling of {sweep.sims:,} games with the target **not** met: "
               f"the widest half-width is {last['half_width'] * 100:.3f} points."))
    for measure, words in MEASURES.items():
        rows = []
        for row in table.to_dict("records"):
            base_row = row["is_base"]
            rows.append([
                row["variant"], _value(measure, row[measure]),
                _range(measure, row[f"{measure}_lo"], row[f"{measure}_hi"]),
                _value(measure, row[f"{measure}_diff"], True),
                "—" if base_row else _range(measure, row[f"{measure}_diff_lo"],
                                            row[f"{measure}_diff_hi"], True),
                _pv(row[f"{measure}_p_holm"]),
                "—" if base_row else _vr(row[f"{measure}_variance_reduction"])])
        note = ("Counted over all games (an unfinished game is a win for nobody)."
                if measure == "seat0_win_rate" else
                "Finished games only; the paired difference uses the games finished under "
                "both rules.")
        pictures = "\n\n".join(f"![{words} by {name}]({file})" for m, name, file in plots
                               if m == measure)
        sections.append(
            f"## {words[0].upper() + words[1:]}\n\n{note}\n\n"
            + _md_table(["Variant", "Value", "95% CI", "Difference from base",
                         "Paired 95% CI", "Holm-adjusted p", "Variance reduction"], rows)
            + ("\n\n" + pictures if pictures else ""))
    others = [[row["variant"], _value("seat0_win_rate", row["first_player_advantage"], True),
               f"{row['balance']:.3f}", f"{row['completion'] * 100:.2f}%",
               f"{row['decision_rate'] * 100:.1f}%"] for row in table.to_dict("records")]
    sections.append("## Other standard metrics\n\nFirst-player advantage is seat 0's win rate "
                    "minus the fair share; balance is 1 − (highest − lowest seat win rate).\n\n"
                    + _md_table(["Variant", "First-player advantage", "Balance", "Completion",
                                 "Decision rate"], others))
    command = sweep.command
    reproduce = (f"```sh\n{command}\n```" if command else
                 "The command line was not recorded; the same rules, policies, seed and number "
                 "of games give exactly the same games again.")
    sections.append(f"## Reproduce\n\n{reproduce}\n\n- Seed: `{sweep.seed}`\n"
                    f"- Games per variant: {sweep.games:,}\n"
                    f"- Data: `variants.csv` (one row per variant), `summary.json`\n"
                    f"- Toolkit version: `{package_version()}`; created {sweep.created}; "
                    f"run time {sweep.elapsed_s:,.2f} s")
    return "\n\n".join(sections) + "\n"


MAX_LINES = 6


def _plot(sweep: Sweep, measure: str, name: str, path: Path) -> None:
    """``measure`` against the values of ``name`` with 95% error bars; one line per
    combination of the other varied parameters (at most :data:`MAX_LINES`)."""
    from analysis.report import new_figure

    table = sweep.table
    values = sweep.varied[name]
    others = [n for n in sweep.varied if n != name]
    combos = expand({n: sweep.varied[n] for n in others})
    shown = combos[:MAX_LINES]
    scale = 100 if measure == "seat0_win_rate" else 1
    figure = new_figure(6.4, 4.2)
    ax = figure.add_subplot()
    x = np.arange(len(values), dtype=float)
    width = 0.25 / max(1, len(shown))
    for k, combo in enumerate(shown):
        ys, lo, hi = [], [], []
        for value in values:
            match = table[(table[name] == value)
                          & np.logical_and.reduce([table[n] == v for n, v in combo.items()]
                                                  or [np.ones(len(table), bool)])]
            if match.empty:  # the point equal to the base
                match = table[table["is_base"]]
            row = match.iloc[0]
            ys.append(row[measure] * scale)
            lo.append(row[f"{measure}_lo"] * scale)
            hi.append(row[f"{measure}_hi"] * scale)
        ys, lo, hi = map(np.asarray, (ys, lo, hi))
        label = ", ".join(f"{n}={_fmt(v)}" for n, v in combo.items()) or None
        offset = (k - (len(shown) - 1) / 2) * width
        ax.errorbar(x + offset, ys, yerr=np.nan_to_num(np.abs(np.stack([ys - lo, hi - ys]))),
                    marker="o", capsize=4, linewidth=1.2, label=label)
    base = table[table["is_base"]].iloc[0]
    ax.axhline(base[measure] * scale, color="dimgray", linestyle="--", linewidth=1,
               label="base rules")
    ax.set_xticks(x, [_fmt(v) for v in values])
    ax.set_xlabel(name)
    ax.set_ylabel(("seat 0 win rate (%)" if measure == "seat0_win_rate"
                   else "mean turns (finished games)"))
    title = f"{MEASURES[measure]} by {name}, 95% CI"
    if len(combos) > len(shown):
        title += f" (first {len(shown)} of {len(combos)} lines)"
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    figure.savefig(path, format="png")


def format_table(sweep: Sweep) -> str:
    """A short plain-text table for the terminal."""
    rows = [["variant", "seat 0 wins", "diff (pts)", "p (Holm)", "turns", "diff", "p (Holm)"]]
    for r in sweep.table.to_dict("records"):
        rows.append([r["variant"], f"{r['seat0_win_rate'] * 100:.2f}%",
                     f"{r['seat0_win_rate_diff'] * 100:+.2f}", _pv(r["seat0_win_rate_p_holm"]),
                     f"{r['turns_mean']:.2f}", f"{r['turns_mean_diff']:+.2f}",
                     _pv(r["turns_mean_p_holm"])])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))) for row in rows)


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
