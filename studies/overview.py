"""``analyze report``: every registered game's standard reports, and one overview page.

For each game (from the registry, never named here) :func:`regenerate` writes

* the game's standard Monte Carlo reports (its study's ``standard_runs``, :mod:`numbergames.studies`) to
  ``<root>/<game>/<label>``, the first being the *headline* run;
* its standard what-if sweeps (``standard_whatifs``, :mod:`numbergames.analysis.searches.whatif`) to
  ``<root>/<game>/whatif-<varied names>``;
* its standard fair searches (``standard_fairs``, :mod:`numbergames.analysis.searches.fair`) to
  ``<root>/<game>/fair-<lever>...``;
* its skill ladder (:mod:`numbergames.analysis.searches.skill`) to ``<root>/<game>/skill``, when the game has one;
* with ``exact=True``, its exact analysis to ``<root>/<game>-exact``, when it has one;

then :func:`write_overview` writes ``<root>/README.md``: the games ranked by first-player
advantage (the headline run's seat-0 edge, most unfair first), by length (the headline
run's mean turns, shortest first) and by skill versus luck (the luck share, most skill
first), with links to every report folder found under ``<root>`` for the game (what-if
sweeps included). The overview is built from the reports' ``summary.json`` files, so it can
also be rebuilt alone (:func:`write_overview`) from reports already written.
"""
from __future__ import annotations

import json
import math
import os
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.folders import check_writable, describe_os_error, remove_leftovers
from numbergames.analysis.running.provenance import now
from numbergames.analysis.reports.formatting import md_table, md_text, num, p_short, p_text, pct, pct_range, turns_text
from numbergames.analysis.searches.fair import plan_fair
from numbergames.analysis.searches.fair_report import write_report as write_fair
from numbergames.analysis.searches.simulation import REPORTS_ROOT, plan, standard_label
from numbergames.analysis.searches.skill import default_folder, skill
from numbergames.analysis.searches.skill_report import write_report as write_skill
from numbergames.analysis.running.store import Store
from numbergames.analysis.searches.whatif import out_name, plan_sweep
from numbergames.analysis.searches.whatif_report import write_report as write_whatif
from numbergames.solver.params import value_text
from numbergames.solver.registry import GameSpec, games as registered_games
from numbergames.studies import find_study

OVERVIEW = "README.md"
"""The overview page's file name inside the reports root."""


def _run_command(game: str, sims: int, seed: int, options: Mapping[str, Any]) -> str:
    """The single ``analyze`` command that makes one standard report again."""
    argv = ["analyze", game, "--sims", str(sims)]
    for name, value in options.items():
        if name in ("players", "policy"):
            argv += [f"--{name}", str(value)]
        else:
            argv += ["--set", f"{name}={str(value).lower() if isinstance(value, bool) else value}"]
    return shlex.join(argv + ["--seed", str(seed)])


def check_games(games: Sequence[str] | None) -> list[str]:
    """The registered games named (all when None); UserError for an unknown name or one
    named twice."""
    known = registered_games()
    if games is None:
        return list(known)
    chosen = [name.strip() for name in games]
    for number, name in enumerate(chosen):
        if name not in known:
            raise UserError(f"unknown game {name!r}; known: {', '.join(sorted(known))}")
        if name in chosen[:number]:  # its reports would be played and written twice
            raise UserError(f"--games names {name} twice; give each game once")
    return chosen


def regenerate(root: str | Path = "reports", *, games: Sequence[str] | None = None,
               sims: int = 1_000_000, skill_sims: int = 100_000, search_sims: int = 4_000,
               whatif_sims: int = 200_000, seed: int = 0, workers: int | None = None,
               store: Store | None = None,
               scheduler: str | None = None, exact: bool = False,
               progress: bool = False, say: Callable[[str], None] = lambda text: None) -> Path:
    """Write every standard report of ``games`` (default: all registered) under ``root``,
    then the overview page; returns the page's path."""
    known = registered_games()
    chosen = check_games(games)
    root = Path(root)
    for folder in report_folders(root, [known[name] for name in chosen], exact):
        check_writable(folder)  # every folder before any game, so a refusal costs nothing
    _check_overview(root)
    for name in chosen:
        spec, study = known[name], find_study(name)
        for options in study.standard_runs:
            request = plan(name, sims, seed=seed, workers=workers, presentation=study,
                           scheduler=scheduler, **options)
            say(f"{spec.title}: {request.label}")
            result = request.execute(progress=progress, store=store,
                                     command=_run_command(name, sims, seed, options))
            result.write_report(root / name / request.label)
        strong = study.strong_run
        if strong is not None and strong_label(spec, study) not in {
                standard_label(spec, options) for options in study.standard_runs}:
            options = {k: v for k, v in strong.items() if k != "sims"}
            games = min(sims, int(strong.get("sims", sims)))
            request = plan(name, games, seed=seed, workers=workers, presentation=study,
                           scheduler=scheduler, **options)
            say(f"{spec.title}: {request.label} (the strongest affordable player)")
            result = request.execute(progress=progress, store=store,
                                     command=_run_command(name, games, seed, options))
            result.write_report(root / name / request.label)
        for vary in study.standard_whatifs:
            say(f"{spec.title}: what if {' × '.join(vary)}")
            request = plan_sweep(name, vary, whatif_sims, seed=seed, workers=workers,
                                 scheduler=scheduler)
            command = shlex.join(["analyze", "whatif", name]
                                 + [a for n, vs in vary.items()
                                    for a in ("--vary", f"{n}={','.join(map(value_text, vs))}")]
                                 + ["--sims", str(whatif_sims), "--seed", str(seed)])
            write_whatif(request.run(store=store, command=command, progress=progress),
                         root / name / out_name(vary))
        for options in study.standard_fairs:
            request = plan_fair(name, seed=seed, workers=workers, scheduler=scheduler,
                                **options)
            say(f"{spec.title}: fair {request.lever}")
            write_fair(request.run(store=store, command=fair_command(name, options, seed)),
                       fair_folder(root, name, options))
        if len(spec.players.ladder) >= 2:
            say(f"{spec.title}: the skill ladder")
            command = shlex.join(["analyze", "skill", name, "--sims", str(skill_sims),
                                  "--search-sims", str(search_sims), "--seed", str(seed)])
            ladder = skill(name, skill_sims, search_sims, seed=seed, workers=workers, store=store,
                           scheduler=scheduler, progress=progress, command=command,
                           presentation=study)
            write_skill(ladder, root / name / default_folder(spec, ladder.rules))
        for analysis in study.analyses if exact else ():
            say(f"{spec.title}: {analysis.title}")
            command = ["analyze", "exact", name, analysis.name]
            options: dict[str, Any] = {}
            if analysis.monte_carlo:
                options = {"sims": analysis.sims, "seed": seed, "workers": workers}
                command += ["--seed", str(seed)]
            elif analysis.parallel:
                options = {"workers": workers}
            if analysis.takes_rules:
                options["rules"] = spec.rules()
            analysis.load()(root / analysis.folder, command=shlex.join(command), say=say,
                            **{o.name: o.default for o in analysis.options}, **options)
    return write_overview(root)


def fair_command(game: str, options: Mapping[str, Any], seed: int) -> str:
    """The ``analyze fair`` command that makes one standard fair search again."""
    argv = ["analyze", "fair", game, "--lever", str(options["lever"])]
    for name, value in options.items():
        if name in ("players", "policy", "precision"):
            argv += [f"--{name}", str(value)]
        elif name != "lever":
            argv += ["--set", f"{name}={value}"]
    return shlex.join(argv + ["--seed", str(seed)])


def fair_folder(root: Path, game: str, options: Mapping[str, Any]) -> Path:
    """Where :func:`regenerate` writes a standard fair search under ``root``."""
    request = plan_fair(game, **options)
    return root / request.default_out().relative_to(REPORTS_ROOT)


def strong_label(spec: GameSpec, study: Any) -> str | None:
    """The folder of the game's run under strong play (:attr:`numbergames.studies.Study.strong_run`;
    without one, the headline run played by the ladder's strongest fixed player)."""
    if study.strong_run is not None:
        return standard_label(spec, {k: v for k, v in study.strong_run.items() if k != "sims"})
    runs = study.standard_runs
    if runs and spec.players.ladder:
        return standard_label(spec, {**runs[0], "policy": spec.players.ladder[-1]})
    return None


def report_folders(root: Path, specs: Sequence[GameSpec], exact: bool = False) -> list[Path]:
    """Every report folder :func:`regenerate` writes for ``specs`` under ``root``."""
    folders = []
    for spec in specs:
        study = find_study(spec.name)
        folders += [root / spec.name / standard_label(spec, options)
                    for options in study.standard_runs]
        label = strong_label(spec, study)
        if label is not None and root / spec.name / label not in folders:
            folders.append(root / spec.name / label)
        folders += [root / spec.name / out_name(vary) for vary in study.standard_whatifs]
        folders += [fair_folder(root, spec.name, options) for options in study.standard_fairs]
        if len(spec.players.ladder) >= 2:
            folders.append(root / spec.name / default_folder(spec, spec.rules()))
        if exact:
            folders += [root / analysis.folder for analysis in study.analyses]
    return folders


MARK = "<!-- written by `analyze report`; each run rewrites this page whole -->"
"""The first line of the overview page: a page without it is not replaced."""


def _check_overview(root: Path) -> None:
    """UserError unless ``<root>/README.md`` can be (re)written: the root a folder we can
    write, and the page absent or an overview written before (never a user's README)."""
    check_writable(root, replace=False)
    path = root / OVERVIEW
    if path.is_symlink() or path.exists():
        try:
            head = path.read_text(encoding="utf-8", errors="replace")[:200]
        except OSError as exc:
            raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
        if not (head.startswith(MARK) or head.startswith("# Number games at a glance")):
            raise UserError(f"cannot write {path}: it exists and is not an overview page "
                            "written by analyze report; choose another --out folder")


@dataclass
class GameReports:
    """What the overview knows of one game: its report folders and their summaries."""

    spec: GameSpec
    headline: tuple[Path, dict[str, Any]] | None = None
    strong: tuple[Path, dict[str, Any]] | None = None
    """The headline run's setting under strong play (:func:`strong_label`), if reported."""
    skill: tuple[Path, dict[str, Any]] | None = None
    exact: list[tuple[Path, str]] = field(default_factory=list)
    """The report folders of the game's own analyses that exist, with their titles."""
    whatifs: list[tuple[Path, dict[str, Any]]] = field(default_factory=list)
    """The what-if sweeps (also listed among :attr:`others`)."""
    fairs: list[tuple[Path, dict[str, Any]]] = field(default_factory=list)
    """The fair searches (also listed among :attr:`others`)."""
    others: list[tuple[Path, dict[str, Any]]] = field(default_factory=list)


def _summary(folder: Path) -> dict[str, Any] | None:
    try:
        return json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def collect(root: Path, specs: Mapping[str, GameSpec]) -> list[GameReports]:
    """The report folders under ``root`` of every game (those with a ``summary.json``)."""
    found = []
    for name, spec in specs.items():
        entry = GameReports(spec)
        runs = find_study(name).standard_runs
        headline = standard_label(spec, runs[0]) if runs else None
        strong = strong_label(spec, find_study(name))
        folder = root / name
        for sub in sorted(folder.iterdir()) if folder.is_dir() else []:
            summary = _summary(sub)
            if summary is None:
                continue
            if sub.name == headline:
                entry.headline = (sub, summary)
            elif sub.name == strong:
                entry.strong = (sub, summary)
                entry.others.append((sub, summary))
            elif sub.name == default_folder(spec, spec.rules()):
                entry.skill = (sub, summary)
            else:
                entry.others.append((sub, summary))
                if "variants" in summary and "varied" in summary:
                    entry.whatifs.append((sub, summary))
                if "lever" in summary and "status" in summary:
                    entry.fairs.append((sub, summary))
        entry.exact = [(root / a.folder, a.title) for a in find_study(name).analyses
                       if (root / a.folder / "report.md").is_file()]
        found.append(entry)
    return found


def _link(root: Path, folder: Path, text: str) -> str:
    return f"[{text}]({folder.relative_to(root).as_posix()}/report.md)"


def _advantage_rows(root: Path, entries: list[GameReports]) -> list[list[str]]:
    have = [e for e in entries if e.headline
            and e.headline[1].get("first_player_advantage") is not None]
    have.sort(key=lambda e: -abs(e.headline[1]["first_player_advantage"]))
    rows = []
    for rank, e in enumerate(have, 1):
        folder, s = e.headline
        lo, hi = s["first_player_advantage_ci"]
        seats = s["policies"][0] if len(set(s["policies"])) == 1 else " vs ".join(s["policies"])
        strong = "n/a"
        if e.strong and e.strong[1].get("first_player_advantage") is not None:
            t = e.strong[1]
            low, high = t["first_player_advantage_ci"]
            strong = (f"{t['first_player_advantage'] * 100:+.2f} ({low * 100:+.2f} to "
                      f"{high * 100:+.2f}), "
                      + _link(root, e.strong[0], f"`{t['policies'][0]}`, {t['games']:,} games"))
        draws = s.get("draw_rate") is not None
        fair = [(f, t) for f, t in e.fairs if t["players"] == s["players"]
                and t["policies"] == s["policies"] and not t.get("second")]
        fair_with = "; ".join(_link(root, f, _fair_text(t)) for f, t in fair) or "n/a"
        rows.append([str(rank), e.spec.title, f"{s['players']}, `{seats}`",
                     pct((s.get("points_by_seat") or s["win_rate_by_seat"])[0])
                     + (f" (draws {pct(s['draw_rate'])})" if draws else ""),
                     f"{s['first_player_advantage'] * 100:+.2f} ({lo * 100:+.2f} to {hi * 100:+.2f})",
                     p_text(s["first_player_p_value"]), strong, fair_with, f"{s['games']:,}",
                     _link(root, folder, folder.name)])
    return rows


def _fair_text(summary: Mapping[str, Any]) -> str:
    """A fair search's answer in a table cell: ``lever = value`` and the fair values."""
    text = f"{summary['lever']} = {value_text(summary['best'])}"
    if summary["status"] == "fair":
        lo, hi = summary["interval"]
        return text + (f" ({value_text(lo)}–{value_text(hi)})" if lo != hi else "")
    if summary["status"] == "no fair value":
        lo, hi = summary["neighbours"]
        return text + f" (none fair: {value_text(lo)} or {value_text(hi)})"
    return text + f" ({summary['status']})"


def _length_rows(root: Path, entries: list[GameReports]) -> list[list[str]]:
    have = [e for e in entries if e.headline and e.headline[1].get("turns_mean") is not None]
    have.sort(key=lambda e: e.headline[1]["turns_mean"])
    rows = []
    for rank, e in enumerate(have, 1):
        folder, s = e.headline
        finished = s.get("finished", s["games"] - s["unfinished"])
        half = 1.96 * s["turns_std"] / math.sqrt(finished) if finished > 1 else math.nan
        rows.append([str(rank), e.spec.title, f"{s['turns_mean']:.2f} ± {half:.2f}",
                     turns_text(s["turns_median"]), f"{turns_text(s['turns_p10'])}–{turns_text(s['turns_p90'])}",
                     f"{s['unfinished']:,}", _link(root, folder, folder.name)])
    return rows


def _luck_rows(root: Path, entries: list[GameReports]) -> list[list[str]]:
    have = [e for e in entries if e.skill and e.skill[1].get("luck_share") is not None]
    have.sort(key=lambda e: e.skill[1]["luck_share"])
    rows = []
    for rank, e in enumerate(have, 1):
        folder, s = e.skill
        rows.append([str(rank), e.spec.title,
                     f"**{pct(s['luck_share'])}** ({pct_range(s['luck_share_low'], s['luck_share_high'])})",
                     f"`{s['best_player']}`",
                     f"{pct(s['best_win_rate'])} ({pct_range(s['best_win_rate_low'], s['best_win_rate_high'])})"
                     f" vs `{s.get('baseline', 'random')}`",
                     _link(root, folder, folder.name)])
    return rows


def _largest(summary: Mapping[str, Any], measure: str) -> str:
    """The variant of a what-if that changes ``measure`` most, with its paired interval."""
    from numbergames.analysis.searches.whatif_report import measure_range, measure_value

    others = [v for v in summary["variants"] if not v.get("is_base")
              and num(v.get(f"{measure}_diff")) is not None]
    if not others:
        return "n/a"
    row = max(others, key=lambda v: abs(v[f"{measure}_diff"]))
    return (f"{md_text(row['variant'])}: **{measure_value(measure, row[f'{measure}_diff'], True)}** "
            f"({measure_range(measure, row[f'{measure}_diff_lo'], row[f'{measure}_diff_hi'], True)}), "
            f"Holm p {p_short(row[f'{measure}_p_holm'])}")


def _whatif_rows(root: Path, entries: list[GameReports]) -> list[list[str]]:
    rows = []
    for e in entries:
        for folder, s in e.whatifs:
            varied = " × ".join(f"`{n}`" for n in s["varied"]) or "variant files"
            rows.append([e.spec.title, varied, f"{len(s['variants']) - 1}",
                         f"{s['games_per_variant']:,}", _largest(s, "first_player_advantage"),
                         _largest(s, "turns_mean"), _link(root, folder, folder.name)])
    return rows


def _ranked(header: list[str], rows: list[list[str]], align: str) -> str:
    if not rows:
        return "_No game has this report yet: `analyze report` makes it._"
    return md_table(header, rows, align)


def render_overview(root: Path, entries: list[GameReports], created: str) -> str:
    """The overview page's Markdown."""
    names = ", ".join(e.spec.title for e in entries)
    parts = [
        f"{MARK}\n\n# Number games at a glance\n\n"
        f"Every game this toolkit analyses ({names}), ranked three ways, with links to each "
        f"report. Made by `analyze report` ({created}); each report's own page says how it was "
        "made and how to make it again. Every figure has its 95% confidence interval.",
        "## Ranked by first-player advantage\n\n"
        "The headline run of each game (its standard rules, the players and policy shown): "
        "how much more than the fair share seat 0 scores (a win 1, a draw its share), in "
        "percentage points, most unfair first (a game played alone has no first player); beside it the same advantage when the "
        "strongest player that affords 10,000 games in under an hour on 2 cores takes every "
        "seat, named with its budget (better play can make going first worth more or less); "
        "and the compensation rule that makes it fair, found by `analyze fair` for the same "
        "seats and players (the lever's fair value, with the values not rejected as fair).\n\n"
        + _ranked(["rank", "game", "players, policy", "seat 0 wins", "advantage (pts, 95% CI)",
                  "test", "with strong play (pts)", "fair with", "games", "report"],
                  _advantage_rows(root, entries), "rllrrrrlrl"),
        "## Ranked by length\n\n"
        "Mean turns of a finished game in the headline run (every turn of every player, extra "
        "turns included), shortest first.\n\n"
        + _ranked(["rank", "game", "mean turns (95% CI)", "median", "p10–p90", "unfinished",
                  "report"], _length_rows(root, entries), "rlrrrrl"),
        "## Ranked by skill versus luck\n\n"
        "The luck share: the share of results that would have to be decided by coin flips in a "
        "game of pure skill (where the stronger player always wins) to give the strongest "
        "player of the game's skill ladder the win rate it reaches against the ladder's weakest "
        "player (`random`, unless the game says why not). Most skill first; the definition is "
        "in each skill report.\n\n"
        + _ranked(["rank", "game", "luck share (95% CI)", "strongest player", "its wins vs the weakest",
                  "report"], _luck_rows(root, entries), "rlrlrl"),
        "## What rule changes do\n\n"
        "Each game's standard what-if sweeps: every variant plays the same dice as the base "
        "rules (common random numbers) and is compared with it game by game. Shown is the "
        "variant that moves the first-player advantage most and the one that moves the mean "
        "length most, each with its paired 95% interval and its Holm-adjusted p over all the "
        "sweep's tests; each report has every metric.\n\n"
        + _ranked(["game", "varied", "variants", "games each", "largest change of first-player "
                  "advantage", "largest change of length (turns)", "report"],
                  _whatif_rows(root, entries), "llrrlll"),
        "## Every report",
    ]
    for e in entries:
        lines = [f"### {e.spec.title} (`{e.spec.name}`)", "",
                 find_study(e.spec.name).description, ""]
        runs = ([e.headline] if e.headline else []) + e.others
        for folder, s in runs:
            if "win_rate_by_seat" in s:
                first = (f"solved {pct(s['solve_rate'])}" if s.get("solve_rate") is not None
                         else f"seat 0 wins {pct(s['win_rate_by_seat'][0])}")
                length = ("no game finished" if s.get("turns_mean") is None
                          else f"{s['turns_mean']:.1f} turns on average")
                lines.append(f"- {_link(root, folder, folder.name)} — {md_text(s.get('title', ''))}: "
                             f"{first}, {length}, {s['games']:,} games")
            else:
                lines.append(f"- {_link(root, folder, folder.name)} — "
                             f"{md_text(s.get('title') or 'report')}")
        if e.skill:
            lines.append(f"- {_link(root, e.skill[0], e.skill[0].name)} — skill versus luck: the "
                         "skill ladder and the luck share")
        for folder, title in e.exact:
            lines.append(f"- {_link(root, folder, folder.name)} — {title}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def write_overview(root: str | Path = "reports", existing: bool = False) -> Path:
    """Write ``<root>/README.md`` from the reports under ``root``; returns its path.

    ``existing`` (``analyze report --overview-only``): the page of reports written before,
    so a folder that holds none — a user's folder given as ``--out`` by mistake — is
    refused with one line rather than given a README.md about nothing."""
    root = Path(root)
    _check_overview(root)
    entries = collect(root, registered_games())
    if existing and not any(e.headline or e.strong or e.skill or e.others or e.exact
                            for e in entries):
        where = f"{root} does not exist" if not root.exists() else (
            f"{root} holds no reports of this toolkit")
        raise UserError(f"no overview written: {where} (a report folder holds summary.json; "
                        "they are written by analyze report and analyze <game>); give the "
                        "reports folder with --out")
    created = now()
    text = render_overview(root, entries, created)
    path = root / OVERVIEW
    remove_leftovers(path)
    staging = root / f".{OVERVIEW}.tmp-{os.getpid()}"
    try:
        root.mkdir(parents=True, exist_ok=True)
        staging.write_text(text, encoding="utf-8")
        os.replace(staging, path)
    except OSError as exc:
        staging.unlink(missing_ok=True)
        raise UserError(f"cannot write {path}: {describe_os_error(exc)}") from None
    return path
