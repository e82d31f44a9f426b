"""So-Soo-Yoo's board alone, exactly, as a report folder.

:func:`run` computes every figure of :mod:`numbergames.solver.sosooyoo.exact` for the board the rules
describe and for the same board without jumps, without warps, without prime bubbles and
with simple moves only, and writes:

- ``summary.json``: the headline figures, the rules, the variants, the command;
- ``distances.csv``: fewest moves, one row per start space (column ``from``), one column
  per target;
- ``reach.csv``: per space, the spaces a walk of exactly k moves can end on, and the other
  spaces at most k moves away, k = 1..6;
- ``turns_to_target.csv``: per space, the expected turns to collect a ring lying there from
  a uniformly random other space (on any move; by exact count);
- ``spaces.csv``: every per-space figure in one table; ``variants.csv``: the board figures
  per variant;
- ``board_*.png``: the board drawn as the real board, a spiral from 1 in the middle,
  coloured by a figure;
- ``report.md``: what the figures say, hubs and traps, and how the variants move them.

The folder is written through the one report writer (:func:`numbergames.analysis.reports.writer.report_folder`):
built in a hidden sibling and swapped in whole, so a failed run never leaves half a report,
and each figure drawn through the plot cache.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from numbergames.analysis.reports.formatting import md_block, md_table
from numbergames.analysis.statistics.plain import plain
from numbergames.analysis.reports.writer import ReportFolder, report_folder
from numbergames.solver.params import value_text
from numbergames.solver.sosooyoo.board import bubbles, is_prime, spiral_layout
from numbergames.solver.sosooyoo.exact import MAX_K, TOLERANCE, BoardAnalysis, analyse, ranked
from numbergames.solver.sosooyoo.rules import SoSooYooRules

DEFAULT_OUT = Path("reports/sosooyoo-board")
HUBS = 10
"""How many hubs and traps the report names (about the best and worst 5% of 199)."""
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("no jumps", {"jumps": False}),
    ("no warps", {"warps": False}),
    ("no prime bubbles", {"prime_bubble": False}),
    ("simple moves only", {"jumps": False, "warps": False}),
)
"""The board switched off piece by piece: (name, changes to the rules)."""
LEARNER = 0.1
"""The ``say_error`` of the learner row of the variant table (when the rules have none)."""
FIGURES = (
    ("mean_degree", "moves from a space (mean)", "{:.2f}"),
    ("diameter", "diameter", "{:d}"),
    ("radius", "radius", "{:d}"),
    ("mean_distance", "mean fewest moves", "{:.3f}"),
    ("mean_exactly_6", "spaces a 6-move turn can end on (mean)", "{:.1f}"),
    ("mean_within_6", "spaces within 6 moves (mean)", "{:.1f}"),
    ("turns_collect", "turns to a ring, any move", "{:.3f}"),
    ("turns_exact", "turns to a ring, exact count", "{:.3f}"),
)
"""The board figures of the variant table: (key, words, format)."""


# --------------------------------------------------------------------------- files


def _rows(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """Rows of cells as mappings for :meth:`ReportFolder.table`, each cell plain."""
    return [dict(zip(header, (plain(x) for x in row), strict=True)) for row in rows]


def write_tables(report: ReportFolder, a: BoardAnalysis) -> None:
    """distances.csv, reach.csv, turns_to_target.csv and spaces.csv."""
    spaces = a.spaces.tolist()
    report.table("distances.csv", _rows(["from", *map(str, spaces)],
                 [[s, *a.distances.table[s - 1].tolist()] for s in spaces]))
    reach = [f"exactly_{k}" for k in range(1, MAX_K + 1)] + [f"within_{k}" for k in range(1, MAX_K + 1)]
    report.table("reach.csv", _rows(["space", *reach],
                 [[s, *(a.reach[c][s - 1] for c in reach)] for s in spaces]))
    collect, exact = a.collect.mean_to(), a.exact.mean_to()
    report.table("turns_to_target.csv", _rows(["space", "turns_collect", "turns_exact"],
                 [[s, collect[s - 1], exact[s - 1]] for s in spaces]))
    table = a.spaces_table()
    columns = [c for c in table if c != "space"]
    report.table("spaces.csv", _rows(["space", "prime", "bubbles", *columns],
                 [[s, is_prime(s), "*".join(map(str, bubbles(s, a.rules.prime_bubble))),
                   *(table[c][s - 1] for c in columns)] for s in spaces]))


# --------------------------------------------------------------------------- the board


def _text_colour(rgba: Sequence[float]) -> str:
    """Black on light faces, white on dark ones (relative luminance)."""
    r, g, b = rgba[:3]
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "white"


def plot_spiral(values: np.ndarray, path: Path, title: str, label: str, *,
                cmap: str = "viridis",
                marks: dict[str, tuple[Sequence[int], str]] | None = None,
                note: str = "", gamma: float = 1.0) -> None:
    """Draw the board as the real board — a spiral from 1 in the middle — with each space
    coloured by ``values[space - 1]`` on ``cmap`` and a colorbar labelled ``label``.

    Prime spaces are round and composite spaces square, as on the real board; every space
    shows its number. ``marks`` outlines groups of spaces: ``{legend: (spaces, colour)}``.
    ``gamma`` below 1 stretches the low end of the colour scale (for a skewed figure).
    """
    from matplotlib import colormaps
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize, PowerNorm
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    n = len(values)
    xy = spiral_layout(n)
    low, high = float(np.min(values)), float(np.max(values))
    if low == high:
        low, high = low - 0.5, high + 0.5
    norm = Normalize(low, high) if gamma == 1.0 else PowerNorm(gamma, low, high)
    colours = colormaps[cmap]
    figure = Figure(figsize=(9.4, 8.6), dpi=130, layout="constrained")
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    path_x, path_y = zip(*(xy[s] for s in range(1, n + 1)))
    ax.plot(path_x, path_y, color="#c8c8c8", linewidth=0.8, zorder=0)
    outline = {}
    for legend, (spaces, colour) in (marks or {}).items():
        for s in spaces:
            outline[s] = colour
    size = 0.88
    shapes, faces, edges, widths = [], [], [], []
    for s in range(1, n + 1):
        x, y = xy[s]
        face = colours(norm(float(values[s - 1])))
        if is_prime(s):
            shapes.append(Circle((x, y), size / 2))
        else:
            shapes.append(Rectangle((x - size / 2, y - size / 2), size, size))
        faces.append(face)
        edges.append(outline.get(s, "white"))
        widths.append(2.6 if s in outline else 0.6)
        ax.text(x, y, str(s), ha="center", va="center", fontsize=6.3 if s < 100 else 5.6,
                color=_text_colour(face), fontweight="bold" if s == 1 else "normal")
    ax.add_collection(PatchCollection(shapes, facecolors=faces, edgecolors=edges,
                                      linewidths=widths, match_original=False))
    reach = max(math.hypot(*p) for p in xy.values()) + 0.8
    ax.set_xlim(-reach, reach)
    ax.set_ylim(-reach, reach)
    ax.set_aspect("equal")
    ax.axis("off")
    handles = [Line2D([], [], marker="o", linestyle="", markerfacecolor="#dddddd",
                      markeredgecolor="gray", markersize=8, label="prime (round)"),
               Line2D([], [], marker="s", linestyle="", markerfacecolor="#dddddd",
                      markeredgecolor="gray", markersize=8, label="composite (square)")]
    handles += [Line2D([], [], marker="s", linestyle="", markerfacecolor="white",
                       markeredgecolor=colour, markeredgewidth=2.4, markersize=9, label=legend)
                for legend, (_, colour) in (marks or {}).items()]
    ax.legend(handles=handles, loc="lower left", fontsize=8, frameon=False,
              bbox_to_anchor=(-0.02, -0.02))
    ax.set_title(title + (f"\n{note}" if note else ""), fontsize=12)
    colorbar = figure.colorbar(ScalarMappable(norm=norm, cmap=colours), ax=ax, shrink=0.7,
                               pad=0.01)
    colorbar.set_label(label)
    figure.savefig(path)


def draw_board(values: np.ndarray, title: str, label: str, cmap: str,
               marks: dict[str, tuple[Sequence[int], str]] | None, note: str, gamma: float,
               path: Path) -> None:
    """:func:`plot_spiral` with the path last, as :meth:`ReportFolder.figure` calls it."""
    plot_spiral(values, path, title, label, cmap=cmap, marks=marks, note=note, gamma=gamma)


def draw_figures(report: ReportFolder, a: BoardAnalysis, hubs: list[int],
                 traps: list[int]) -> list[str]:
    """The board PNGs (through the plot cache); returns their file names."""
    table = a.spaces_table()
    marks = {f"hub (best {len(hubs)})": (hubs, "#1f77b4"),
             f"trap (worst {len(traps)})": (traps, "#d62728")}
    plots = [
        ("board_turns.png", table["turns_collect"],
         "Expected turns to collect a ring lying on each space",
         "turns (from a random other space, collecting on any move)", "magma_r", marks),
        ("board_exact_cost.png", table["turns_exact"] - table["turns_collect"],
         "What exact count costs: extra turns when the ring must be the last move",
         "turns by exact count − turns on any move (square-root scale)", "cividis", None),
        ("board_mean_distance.png", table["mean_distance"],
         "Mean fewest moves from each space to the others", "moves", "magma_r", None),
        ("board_moves.png", table["exactly_1"],
         "Moves from each space (simple moves, jumps and warps)", "spaces one move away",
         "viridis", None),
    ]
    note = f"space 1 in the middle; the spiral runs out to {a.rules.board_size}"
    for name, values, title, label, cmap, group in plots:
        report.figure(name, draw_board, np.asarray(values, dtype=float), title, label, cmap,
                      group, note, 0.5 if name == "board_exact_cost.png" else 1.0)
    return [p[0] for p in plots]


# --------------------------------------------------------------------------- the run


def variant_rules(rules: SoSooYooRules) -> list[tuple[str, SoSooYooRules]]:
    """The rules and their variants, named; a variant equal to the rules is left out."""
    out = [("these rules", rules)]
    for name, changes in VARIANTS:
        other = rules.replace(**changes)
        if other != rules and all(other != r for _, r in out):
            out.append((name, other))
    if rules.say_error == 0:
        out.append((f"a learner (say_error {value_text(LEARNER)})", rules.replace(say_error=LEARNER)))
    return out


def run(out: str | Path = DEFAULT_OUT, *, rules: SoSooYooRules | None = None,
        command: str | None = None, say: Callable[[str], None] = lambda stage: None) -> Path:
    """Compute the exact board analysis for ``rules`` (default: the pinned rules) and its
    variants, and write the report folder ``out``; returns its path.

    ``say(stage)`` is called as each stage starts (for progress on a terminal).
    """
    rules = rules if rules is not None else SoSooYooRules()
    started = time.perf_counter()
    analyses: list[tuple[str, BoardAnalysis, float]] = []
    for name, variant in variant_rules(rules):
        say(f"board: {name}")
        t0 = time.perf_counter()
        analyses.append((name, analyse(variant), time.perf_counter() - t0))
    base = analyses[0][1]
    table = base.spaces_table()
    count = min(HUBS, max(1, round(rules.board_size / 20)))
    hubs = ranked(table["turns_from_collect"], count)
    traps = ranked(table["turns_from_collect"], count, largest=True)
    out = Path(out)
    with report_folder(out) as report:
        say("tables")
        write_tables(report, base)
        report.table("variants.csv", _rows(
            ["variant", "changes", *(k for k, _, _ in FIGURES), "seconds"],
            [[name, " ".join(f"{k}={value_text(v)}" for k, v in a.rules.changed().items()),
              *(a.figures()[k] for k, _, _ in FIGURES), seconds]
             for name, a, seconds in analyses]))
        say("figures")
        pictures = draw_figures(report, base, hubs, traps)
        elapsed = time.perf_counter() - started
        summary = build_summary(rules, analyses, hubs, traps, command, elapsed)
        report.summary(summary)
        report.markdown(render(summary, analyses, pictures))
    return out


def build_summary(rules: SoSooYooRules, analyses: list[tuple[str, BoardAnalysis, float]],
                  hubs: list[int], traps: list[int], command: str | None,
                  elapsed: float) -> dict[str, Any]:
    base = analyses[0][1]
    d = base.distances
    table = base.spaces_table()
    collect, exact = base.collect.mean_to(), base.exact.mean_to()
    return {
        "game": "sosooyoo",
        "analysis": "board",
        "command": command,
        "rules": rules.as_dict(),
        "changed": rules.changed(),
        "spaces": rules.board_size,
        "edges": base.graph.number_of_edges(),
        "diameter": d.diameter,
        "radius": d.radius,
        "mean_distance": d.mean_distance,
        "center": d.center,
        "periphery": d.periphery,
        "mean_exactly": {k: float(base.reach[f"exactly_{k}"].mean()) for k in range(1, MAX_K + 1)},
        "mean_within": {k: float(base.reach[f"within_{k}"].mean()) for k in range(1, MAX_K + 1)},
        "turns_collect_mean": float(collect.mean()),
        "turns_exact_mean": float(exact.mean()),
        "turns_collect_max": {"space": int(np.argmax(collect)) + 1, "turns": float(collect.max())},
        "turns_exact_max": {"space": int(np.argmax(exact)) + 1, "turns": float(exact.max())},
        "hubs": [{"space": s, "turns_from": float(table["turns_from_collect"][s - 1]),
                  "moves": int(table["exactly_1"][s - 1]),
                  "mean_distance": float(table["mean_distance"][s - 1])} for s in hubs],
        "traps": [{"space": s, "turns_from": float(table["turns_from_collect"][s - 1]),
                   "moves": int(table["exactly_1"][s - 1]),
                   "mean_distance": float(table["mean_distance"][s - 1])} for s in traps],
        "value_iteration": {"tolerance": TOLERANCE,
                            "sweeps_collect": base.collect.sweeps,
                            "sweeps_exact": base.exact.sweeps},
        "variants": [{"name": name, "changed": a.rules.changed(), "seconds": seconds,
                      **a.figures()} for name, a, seconds in analyses],
        "elapsed_s": elapsed,
    }


# --------------------------------------------------------------------------- the text


def _spaces(items: Sequence[dict[str, Any]], key: str = "turns_from") -> str:
    return ", ".join(f"{r['space']} ({r[key]:.3f})" for r in items)


def _rules_line(rules: dict[str, Any]) -> str:
    return ", ".join(f"`{k}={value_text(v)}`" for k, v in rules.items()) or "the pinned defaults"


def _move(base: float, other: float, fmt: str) -> str:
    if fmt == "{:d}":
        return f"{other:d} ({other - base:+d})"
    change = (other - base) / base if base else 0.0
    return f"{fmt.format(other)} ({100 * change:+.0f}%)"


def variant_table(analyses: list[tuple[str, BoardAnalysis, float]]) -> str:
    base = analyses[0][1].figures()
    rows = [[words, fmt.format(base[key]),
             *(_move(base[key], a.figures()[key], fmt) for _, a, _ in analyses[1:])]
            for key, words, fmt in FIGURES]
    return md_table(["figure", *(name for name, _, _ in analyses)], rows,
                    "l" + "r" * len(analyses))


def _variant_sentences(analyses: list[tuple[str, BoardAnalysis, float]]) -> str:
    base = analyses[0][1].figures()
    lines = []
    for name, a, _ in analyses[1:]:
        f = a.figures()
        board = set(a.rules.changed()) - set(analyses[0][1].rules.changed()) != {"say_error"}
        moves = (f"diameter {base['diameter']} → {f['diameter']}, mean fewest moves "
                 f"{base['mean_distance']:.2f} → {f['mean_distance']:.2f}, " if board else "")
        lines.append(
            f"- **{name}** ({_rules_line(a.rules.changed())}): {moves}turns to a ring "
            f"{base['turns_collect']:.3f} → {f['turns_collect']:.3f} (any move) and "
            f"{base['turns_exact']:.3f} → {f['turns_exact']:.3f} (exact count).")
    single = [(name, a.figures()["turns_collect"]) for name, a, _ in analyses[1:]
              if len(set(a.rules.changed()) - set(analyses[0][1].rules.changed())) == 1
              and "say_error" not in a.rules.changed()]
    if single:
        name, turns = max(single, key=lambda item: item[1])
        lines.append(f"\nOf the single switches, **{name}** slows the board most: a ring "
                     f"takes {100 * (turns / base['turns_collect'] - 1):+.0f}% turns.")
    return "\n".join(lines)


def _places_table(kind: str, places: Sequence[dict[str, Any]]) -> str:
    """The hubs or the traps as a table: turns, moves from the space, mean fewest moves."""
    return md_table([kind, "turns", "moves from it", "mean fewest moves"],
                    [[str(r["space"]), f"{r['turns_from']:.3f}", str(r["moves"]),
                      f"{r['mean_distance']:.2f}"] for r in places], "rrrr")


def _trap_place(s: dict[str, Any]) -> str:
    """A sentence on where the traps lie, when they are all in the middle of the spiral."""
    traps = [r["space"] for r in s["traps"]]
    if max(traps) <= s["spaces"] // 10:
        return (f" The traps all lie at the middle of the spiral, among the first {max(traps)}"
                " spaces.")
    return ""


def _diameter_note(a: BoardAnalysis) -> str:
    """Which space every pair at the largest distance shares, if one does."""
    table = a.distances.table
    starts, ends = np.nonzero(table == a.distances.diameter)
    common = set(starts + 1)
    for x, y in zip(starts + 1, ends + 1):
        common &= {int(x), int(y)}
    if len(common) != 1:
        return ""
    (space,) = common
    others = np.delete(np.delete(table, space - 1, axis=0), space - 1, axis=1)
    moves = ", ".join(map(str, a.collect.table[space]))
    return (f" Every pair of spaces {a.distances.diameter} moves apart includes space {space},"
            f" which can move only to {moves}; among the other spaces the largest distance is"
            f" {int(others.max())}.")


def _hub_note(a: BoardAnalysis, s: dict[str, Any]) -> str:
    """How hubs and traps differ in bubbles and moves."""
    pb = a.rules.prime_bubble

    def mean(key: str, f: Callable[[int], float]) -> float:
        return float(np.mean([f(r["space"]) for r in s[key]]))

    return (f"The hubs carry {mean('hubs', lambda x: len(bubbles(x, pb))):.1f} bubbles and have"
            f" {mean('hubs', lambda x: len(a.collect.table[x])):.1f} moves on average; the traps"
            f" {mean('traps', lambda x: len(bubbles(x, pb))):.1f} bubbles and"
            f" {mean('traps', lambda x: len(a.collect.table[x])):.1f} moves (the board's mean:"
            f" {a.figures()['mean_degree']:.1f} moves).")


def render(summary: dict[str, Any], analyses: list[tuple[str, BoardAnalysis, float]],
           pictures: list[str]) -> str:
    s = summary
    base = analyses[0][1]
    n = s["spaces"]
    reach_table = md_table(
        ["k", "reachable in exactly k moves (mean)", "(fewest, any space)",
         "within k moves (mean)", "(fewest)"],
        [[str(k), f"{s['mean_exactly'][k]:.1f}", str(int(base.reach[f'exactly_{k}'].min())),
          f"{s['mean_within'][k]:.1f}", str(int(base.reach[f'within_{k}'].min()))]
         for k in range(1, MAX_K + 1)], "rrrrr")
    cost = base.exact.mean_to() - base.collect.mean_to()
    worst_cost = ranked(cost, 5, largest=True)
    learner = [a for name, a, _ in analyses if name.startswith("a learner")]
    learner_line = ""
    if learner:
        f = learner[0].figures()
        learner_line = (
            f" A learner who fails to say the numbers one landing in "
            f"{round(1 / learner[0].rules.say_error)} needs {f['turns_collect']:.3f} turns "
            f"(any move) and {f['turns_exact']:.3f} (exact count): a failed say on the way "
            "ends the turn early, which exact count cannot afford.")
    center = ", ".join(map(str, s["center"]))
    periphery = s["periphery"]
    periphery_text = ", ".join(map(str, periphery))
    return f"""# So-Soo-Yoo's board, exactly

The board alone — one piece, no opponents — solved exactly: how far apart the spaces are,
where a turn can end, and how many turns a ring takes to collect. These figures need no
simulation and carry no uncertainty; they describe the ground every game is played on.
Rules: {_rules_line(s['changed'])} ({n} spaces; RULES.md rules 10-15 give the moves).

**In short.** From any space every other is at most {s['diameter']} moves away (the
diameter) and {s['mean_distance']:.2f} moves on average; space {center} is the center
(every space within {s['radius']} moves). A lone player collects a ring lying on a random
space in {s['turns_collect_mean']:.3f} turns on average (on any move of a turn), and
{s['turns_exact_mean']:.3f} by exact count: exact count costs
{s['turns_exact_mean'] - s['turns_collect_mean']:.4f} turns. The **hubs** — the best
places to stand — are {_spaces(s['hubs'])} (expected turns to collect a ring on a random
other space); the **traps** — the worst — are {_spaces(s['traps'])}.{_trap_place(s)}{learner_line}

![Turns to collect a ring on each space](board_turns.png)

## Fewest moves

The distance between two spaces is the fewest moves from one to the other (each move a
simple move, a jump or a warp); `distances.csv` has the whole table, one row per start
space and one column per target. A space's *eccentricity* is its largest distance.

| figure | value |
|---|---:|
| spaces | {n} |
| one-move links (edges) | {s['edges']} |
| diameter (largest eccentricity) | {s['diameter']} |
| radius (smallest eccentricity) | {s['radius']} |
| mean fewest moves (ordered pairs of distinct spaces) | {s['mean_distance']:.4f} |
| center (eccentricity = radius) | {center} |
| periphery (eccentricity = diameter) | {len(periphery)} spaces |

The periphery: {periphery_text}.{_diameter_note(base)}

![Mean fewest moves](board_mean_distance.png)

![Moves from each space](board_moves.png)

## Where a turn can end

A turn makes exactly as many moves as the d6 shows. A space is *reachable in exactly k
moves* from s when some walk of exactly k moves from s ends there; a walk may revisit
spaces and step back and forth (RULES.md rule 15), so the start itself is reachable for
every even k and whatever k moves reach, k + 2 moves reach too. *Within k moves* counts
the other spaces at most k moves away. `reach.csv` has both counts for every space.

{reach_table}

## Turns to collect a ring

`turns_to_target.csv` gives, for each space, the expected number of turns a player alone
on the board needs to collect a ring lying on it, starting on a uniformly random other
space and playing as well as possible: each turn a d6 roll and exactly that many moves,
each move chosen knowing the roll and the moves left. `turns_collect` collects the ring on
any move of the turn (rule 16); `turns_exact` only on the last move (rule 17, the ring that
completes a win; landing on it earlier leaves it there). They are computed exactly, as a
Markov decision process solved by value iteration for all targets at once until no value
changes by more than {TOLERANCE:g} turns ({s['value_iteration']['sweeps_collect']} and
{s['value_iteration']['sweeps_exact']} sweeps); the tests check them against values worked
by hand, a plain-Python twin, the exact value of the policy found, and Monte Carlo.

- Averaged over the spaces: {s['turns_collect_mean']:.4f} turns on any move,
  {s['turns_exact_mean']:.4f} by exact count. The hardest ring to reach lies on
  {s['turns_collect_max']['space']} ({s['turns_collect_max']['turns']:.3f} turns;
  {s['turns_exact_max']['turns']:.3f} by exact count on {s['turns_exact_max']['space']}).
- Collecting on any move, the turns depend on the distance alone: the best a turn of k
  moves can do is k steps along a shortest path, so d moves away the turns are the number
  of d6 rolls needed for a total of d or more (1 turn for d = 1, 7/6 for 2, …). So the
  figure is also symmetric: a ring on t from s takes as long as a ring on s from t.
- Exact count adds little on this board: a 6-move turn can end on
  {s['mean_exactly'][6]:.0f} of the {n} spaces on average, so a player can nearly always
  arrange to arrive on the last move. It costs most where few walks lead in: spaces
  {', '.join(f'{t} (+{cost[t - 1]:.3f})' for t in worst_cost)}.

![What exact count costs](board_exact_cost.png)

## Hubs and traps

A **hub** is a space from which a ring on a uniformly random other space is collected in
the fewest expected turns (on any move, playing as well as possible); a **trap** is one
from which it takes the most. The report names the best and worst {len(s['hubs'])} of the
{n} spaces (outlined on the first figure). Because the turns are symmetric, hubs are also
the spaces where a ring is quickest to reach, and traps where it is slowest.

{_places_table('hubs', s['hubs'])}

{_places_table('traps', s['traps'])}

{_hub_note(base, s)} For a bumper (RULES.md rule 22), who sends a piece to one of the
targets of its space, the traps are the places to send an opponent, and the hubs the
places to avoid sending them.

## Without jumps, warps or prime bubbles

The same figures with parts of the move rules switched off (each column changes only what
its name says; percentages and differences are against the first column):

{variant_table(analyses)}

{_variant_sentences(analyses)}

`variants.csv` has these figures with full precision.

## Files

- `summary.json`: the figures above, the rules, the variants, the command.
- `distances.csv`, `reach.csv`, `turns_to_target.csv`: the tables described above.
- `spaces.csv`: every per-space figure (moves, eccentricity, mean distance, turns to and
  from, reach) with the space's bubbles.
- `variants.csv`: the variant table.
- {', '.join(f'`{p}`' for p in pictures)}: the board drawn as the real board, a spiral
  from space 1 in the middle (round spaces prime, square ones composite; which way the
  real board turns, the rulebook does not say).

## How this was made

{md_block(s['command'] or 'python -m numbergames.studies.sosooyoo.exact_report')}

{s['elapsed_s']:.1f} s in all, every variant included.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m numbergames.studies.sosooyoo.exact_report [OUT] [name=value ...]``."""
    import sys

    from numbergames.solver.params import RulesError, parse_assignments
    args = list(sys.argv[1:] if argv is None else argv)
    out = DEFAULT_OUT
    if args and "=" not in args[0]:
        out = Path(args.pop(0))
    try:
        rules = SoSooYooRules.from_values(parse_assignments(args))
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    command = " ".join(["python -m numbergames.studies.sosooyoo.exact_report", str(out), *args])
    path = run(out, rules=rules, command=command,
               say=lambda stage: print(stage, file=sys.stderr) if sys.stderr.isatty() else None)
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
