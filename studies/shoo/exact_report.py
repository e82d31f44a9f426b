"""``analyze exact shoo reduced``: reduced Shoo solved exactly, as a report.

For each reduced game of the plan (:mod:`numbergames.solver.shoo.reduced`) and each opening choice
(RULES.md rule 7), every reachable position is solved by retrograde analysis
(:mod:`numbergames.solver.shoo.exact`): who wins with perfect play and in how many moves, the state
counts, the time and memory. The growth of the state count with the field is measured on
the one-traveller games and extrapolated to say where the solver runs out; ``--larger``
also tries the larger games, each up to a cap on the positions. Then the players of
:mod:`numbergames.solver.shoo.policies` are compared with perfect play on the solved games
(:mod:`numbergames.solver.shoo.exact_play`), cut into parts (:func:`comparison_tasks`) that
``--workers`` processes play — the figures do not depend on how many; ``--games-of`` gives
some players other numbers of games (``search-64=0``: a drawn 3x3 game of ``search-64``
runs to the move limit at about 3 seconds a move). The folder is written whole or not at
all, through the one report-folder writer (:func:`numbergames.analysis.reports.writer.report_folder`).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.reports.formatting import count_text, md_code, md_table
from numbergames.analysis.statistics.stats import wilson_interval
from numbergames.analysis.running.runner import default_workers, run_tasks
from numbergames.analysis.reports.writer import report_folder
from numbergames.solver.shoo.exact import DRAW, LOSS, WIN, Solution, solve
from numbergames.solver.shoo.exact_play import GAMES_OF, PLAYER_NAMES, agreement, match, sample_positions
from numbergames.solver.shoo.opening import parse_games, parse_players
from numbergames.solver.shoo.policies import PLAYERS
from numbergames.solver.shoo.reduced import Reduced
from numbergames.solver.shoo.rules import OPENINGS, ShooRules

DEFAULT_OUT = Path("reports/shoo-exact")
SIZES = (Reduced(3, 1, 1), Reduced(4, 1, 1), Reduced(5, 1, 1))
"""The games solved by default (about a minute and a half here)."""
LARGER = (Reduced(6, 1, 1), Reduced(3, 1, 3), Reduced(4, 2, 1), Reduced(4, 1, 3))
"""The games ``--larger`` also tries, each up to :data:`LIMIT` positions."""
LIMIT = 300_000
"""The most positions a solve of ``--larger`` may enumerate before it is given up (about
2 KiB each: 300,000 is some 600 MiB; ``--limit`` changes it)."""
MEASURED_LARGER = (
    ("6x6, 1 traveller, 1 horse", "176,666 positions, the player with the odd horse wins "
     "in 16 moves; 120 s a solve, 360 MiB"),
    ("3x3, 1 traveller, 3 horses", "100,702 positions (43 times 3x3 with 1 horse), a draw; "
     "43–69 s"),
    ("4x4, 2 travellers, 1 horse", "more than 300,000 positions (20 times 4x4 with 1 "
     "traveller), given up after 71 s"),
    ("4x4, 1 traveller, 3 horses", "more than 300,000 positions, given up after 27 s"),
)
"""``--larger`` as measured once here (2026-11-23, 2 cores shared, load about 6; 9.5
minutes in all, 475 MiB peak), quoted by the default report."""
MAX_PLIES = 200
"""The move limit of the games against the perfect player (a draw when reached)."""
SEED = 20261123
VALUE_WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}
BUDGET_SECONDS = 600
"""A solve this long is where the solver "runs out" for a report (ten minutes)."""
BUDGET_MIB = 8 * 1024
"""Memory that counts as running out (8 GiB, the size of a laptop's free memory)."""


DEFAULT_GAMES_OF = {name: int(count) for name, _, count in
                    (part.partition("=") for part in GAMES_OF.split(","))}
"""``GAMES_OF`` read: the players that play other numbers of games by default."""


@dataclass(frozen=True)
class Plan:
    """What ``analyze exact shoo reduced`` solves and compares (tests use smaller plans)."""

    sizes: Sequence[Reduced] = SIZES
    larger: Sequence[Reduced] = ()
    limit: int = LIMIT
    players: Sequence[str] = tuple(PLAYER_NAMES.split(","))
    positions: int = 300
    """Positions sampled per game for the players' agreement with perfect play."""
    games: int = 10
    """Games of each player against the perfect player, in each seat, per game solved."""
    games_of: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_GAMES_OF))
    """Other numbers of games for some players (``--games-of search-64=0``, the default)."""
    workers: int = 1
    """Processes comparing the players (the figures do not depend on it)."""

    def games_for(self, player: str) -> int:
        return self.games_of.get(player, self.games)


def opening_rules(rules: ShooRules) -> list[tuple[str, ShooRules]]:
    return [(opening, rules.replace(opening=opening)) for opening in OPENINGS]


def size_row(game: Reduced, opening: str, solution: Solution | None, seconds: float,
             note: str = "") -> dict[str, Any]:
    row: dict[str, Any] = {"field": game.size, "travellers": game.travellers,
                           "horses": game.horses, "game": game.label, "opening": opening}
    if solution is None:
        return {**row, "solved": False, "states": None, "edges": None, "won": None,
                "drawn": None, "lost": None, "toss_winner": None, "first_mover": None,
                "plies": None, "seconds": round(seconds, 2),
                "states_per_second": None, "peak_mib": None, "note": note}
    first = solution.value_of_start
    return {**row, "solved": True, "states": solution.states, "edges": solution.graph.edges,
            **solution.counts(), "toss_winner": VALUE_WORDS[solution.value_for(0)],
            "first_mover": VALUE_WORDS[first],
            "plies": solution.depth_of_start if first != DRAW else None,
            "seconds": round(solution.seconds, 2),
            "states_per_second": round(solution.states / solution.seconds),
            "peak_mib": round(solution.peak_mib), "note": note}


def growth(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The state count of the one-traveller, one-horse games as ``a * size ** k`` (least
    squares on logs), the solver's measured speed on the largest of them, and the field
    size at which a solve
    would pass :data:`BUDGET_SECONDS` or :data:`BUDGET_MIB` at that speed."""
    series = [r for r in rows if r["solved"] and r["travellers"] == 1 and r["horses"] == 1
              and r["opening"] == OPENINGS[0]]
    if len(series) < 2:
        return None
    sizes = np.array([r["field"] for r in series], float)
    states = np.array([r["states"] for r in series], float)
    k, log_a = np.polyfit(np.log(sizes), np.log(states), 1)
    speed = float(series[int(np.argmax(states))]["states_per_second"])  # the largest: slowest
    mib_per_state = float(max(r["peak_mib"] for r in series) / max(states))
    predict = {n: float(np.exp(log_a) * n ** k) for n in range(3, 10)}
    too_slow = next((n for n, s in predict.items() if s / speed > BUDGET_SECONDS), None)
    too_big = next((n for n, s in predict.items() if s * mib_per_state > BUDGET_MIB), None)
    base = {r["field"]: r["states"] for r in series}
    factors = [{"game": r["game"], "factor": r["states"] / base[r["field"]]} for r in rows
               if r["solved"] and r["opening"] == OPENINGS[0] and r["field"] in base
               and (r["travellers"], r["horses"]) != (1, 1)]
    return {"exponent": float(k), "states_per_second": speed, "mib_per_state": mib_per_state,
            "predicted_states": predict, "too_slow_from": too_slow, "too_big_from": too_big,
            "factors": factors}


PART_POSITIONS = 50
"""Positions of one part of a player's agreement (a task of a worker process)."""
PART_GAMES = 5
"""Games of one part of a player's games in one colour."""


def comparison_tasks(solutions: Sequence[Solution], plan: Plan) -> list[tuple]:
    """The comparison cut into tasks for worker processes, the same for any number of
    them: ``(solution number, player, "agree", start, indices)`` for each
    :data:`PART_POSITIONS` positions of a game's sample and ``(solution number, player,
    seat, first, games)`` for each :data:`PART_GAMES` games in one colour."""
    tasks = []
    for k, solution in enumerate(solutions):
        indices = sample_positions(solution, plan.positions, SEED)
        for name in plan.players:
            tasks += [(k, name, "agree", start, indices[start:start + PART_POSITIONS])
                      for start in range(0, len(indices), PART_POSITIONS)]
            games = plan.games_for(name)
            tasks += [(k, name, seat, first, min(PART_GAMES, games - first))
                      for seat in (0, 1) for first in range(0, games, PART_GAMES)]
    return tasks


def _part(args: tuple) -> tuple[tuple, Any]:
    """One task of :func:`comparison_tasks` (its solution with it): its key and its result."""
    solution, (k, name, kind, start, what) = args
    if kind == "agree":
        return (k, name, kind, start), agreement(solution, name, what, SEED, start=start)
    return (k, name, kind, start), match(solution, name, kind, what, SEED + kind, MAX_PLIES,
                                         first=start)


def compare(solutions: Sequence[Solution], plan: Plan,
            say: Callable[[str], None]) -> list[dict]:
    """One row per game solved and player: its agreement with perfect play and its games
    against the perfect player in each colour, the parts played in ``plan.workers``
    processes and added up in order (:meth:`Agreement.__add__`, :meth:`Match.__add__`)."""
    tasks = comparison_tasks(solutions, plan)
    say(f"players: {len(tasks)} parts in {min(plan.workers, len(tasks))} process(es)")
    done = {}
    for key, result in run_tasks(_part, [(solutions[t[0]], t) for t in tasks], plan.workers):
        done[key] = result
        k, name, kind, _ = key
        what = "positions" if kind == "agree" else ("as Blue", "as White")[kind]
        say(f"players: {solutions[k].graph.game.label}, {name}, {what} "
            f"({len(done)} of {len(tasks)} parts)")
    rows = []
    for k, solution in enumerate(solutions):
        for name in plan.players:
            def total(kind):
                found = [done[t[:4]] for t in tasks if t[:3] == (k, name, kind)]
                return sum(found[1:], found[0]) if found else None

            agree = total("agree")
            low, high = wilson_interval(agree.kept, agree.positions)
            row: dict[str, Any] = {"game": solution.graph.game.label, "player": name,
                                   "positions": agree.positions,
                                   "kept": round(agree.share, 4), "kept_low": round(low, 4),
                                   "kept_high": round(high, 4),
                                   "won_positions": agree.won_positions,
                                   "won_kept": round(agree.won_share, 4),
                                   "games": plan.games_for(name)}
            for seat, colour in enumerate(("blue", "white")):
                m = total(seat)
                row.update({f"{colour}_wins": m and m.wins, f"{colour}_draws": m and m.draws,
                            f"{colour}_losses": m and m.losses,
                            f"{colour}_plies": m and round(m.mean_plies, 1)})
            rows.append(row)
    return rows


def frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """``rows`` as a table whose cells are written as they are (a whole number stays whole
    in a column that also holds a missing value)."""
    return pd.DataFrame(rows, dtype=object)


def own_games_of(text: str, players: Sequence[str]) -> str:
    """``--games-of`` as given, or the default's parts for the players compared.

    >>> own_games_of(GAMES_OF, ("random", "greedy"))
    ''
    >>> own_games_of("greedy=3", ("random", "greedy"))
    'greedy=3'
    """
    if text != GAMES_OF:
        return text
    return ",".join(f"{name}={count}" for name, count in DEFAULT_GAMES_OF.items()
                    if name in players)


def run(out: str | Path = DEFAULT_OUT, *, rules: ShooRules | None = None,
        command: str | None = None, say: Callable[[str], None] = lambda stage: None,
        larger: bool = False, players: str = PLAYER_NAMES, positions: int = 300,
        games: int = 10, games_of: str = GAMES_OF, limit: int = LIMIT, workers: int | None = 1,
        plan: Plan | None = None) -> Path:
    """Solve the plan's reduced games under ``rules`` (the ``horses`` of the rules is the
    reduced game's own), compare the players in ``workers`` processes (None: all the
    cores), and write the report folder ``out``."""
    rules = rules if rules is not None else ShooRules()
    if plan is None:
        if positions < 1 or games < 0 or limit < 1:
            raise ValueError(f"bad positions {positions}, games {games} or limit {limit}; "
                             "allowed: positions 1 or more, games 0 or more, limit 1 or "
                             "more")
        names = parse_players(players)
        games_of = own_games_of(games_of, names)
        plan = Plan(larger=LARGER if larger else (), limit=limit, players=names,
                    positions=positions, games=games,
                    games_of={name: count for name, count in parse_games(
                        games_of, names, games, "--games-of", 0, 10_000).items()
                        if count != games},
                    workers=default_workers() if workers is None else workers)
    started = time.perf_counter()
    rows, solved = [], []
    for game in (*plan.sizes, *plan.larger):
        limit = plan.limit if game in plan.larger else None
        for opening, variant in opening_rules(rules):
            say(f"solving {game.label}, {opening}")
            t0 = time.perf_counter()
            try:
                solution = solve(game, variant, limit)
            except OverflowError:
                rows.append(size_row(game, opening, None, time.perf_counter() - t0,
                                     f"more than {limit:,} positions: given up"))
                break       # the other opening is the same game mirrored: as large
            rows.append(size_row(game, opening, solution, 0.0))
            if opening == OPENINGS[0] and game in plan.sizes:
                solved.append(solution)
            else:
                del solution
    comparison = compare(solved, plan, say) if solved else []
    fit = growth(rows)
    elapsed = time.perf_counter() - started
    other = {name: count for name, count in plan.games_of.items()   # of the players compared
             if name in plan.players and count != plan.games}
    summary = {"game": "shoo", "analysis": "reduced", "command": command,
               "rules": rules.as_dict(), "changed": rules.changed(), "sizes": rows,
               "growth": fit, "players": comparison, "positions": plan.positions,
               "games": plan.games, "games_of": other, "max_plies": MAX_PLIES,
               "seconds": round(elapsed, 1)}
    out = Path(out)
    with report_folder(out) as report:
        report.table("sizes.csv", frame(rows))
        if comparison:
            report.table("players.csv", frame(comparison))
        report.summary(summary)
        report.markdown(render(summary))
    return out


# --------------------------------------------------------------------------- the text
def _cell(value: Any) -> str:
    """A table cell: ``n/a`` for a missing value, numbers with thousands separators."""
    if isinstance(value, float):
        return f"{value:,.2f}"
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return count_text(value)
    return str(value)


def table(rows: list[dict[str, Any]], columns: list[tuple[str, str]]) -> str:
    """The Markdown table of ``columns`` (key, title) of ``rows``."""
    return md_table([title for _, title in columns],
                    [[_cell(r[key]) for key, _ in columns] for r in rows], "l" * len(columns))


def verdict(rows: list[dict[str, Any]], odd_horse: str) -> str:
    """One sentence per solved game: who wins with perfect play (``odd_horse``: where the
    odd horse goes when the toss winner moves first, RULES.md rule 8)."""
    second = ("the player with the odd horse (moving second)" if odd_horse == "other"
              else "the second mover (the odd horse free on the centre square)")
    out = []
    for r in rows:
        if not r["solved"] or r["opening"] != OPENINGS[0]:
            continue
        if r["first_mover"] == "draw":
            what = "a **draw**: neither side can force a win"
        else:
            winner = "the first mover" if r["first_mover"] == "win" else second
            what = f"**{winner} wins**, in {r['plies']} moves with perfect play"
        out.append(f"- {r['game']}: {what}.")
    return "\n".join(out)


def other_games(summary: dict[str, Any]) -> str:
    """The players that played another number of games than the report's (``--games-of``),
    as words for the report's text."""
    other = summary.get("games_of") or {}
    return "".join(f" ({', '.join(f'`{name}` {count}' for name, count in other.items())} "
                   "games a colour instead; *n/a* where none)" if other else "")


def render(summary: dict[str, Any]) -> str:
    rows, fit, players = summary["sizes"], summary["growth"], summary["players"]
    changed = ", ".join(f"`{k}={v}`" for k, v in summary["changed"].items()) or "none"
    parts = [f"""# Shoo reduced: solved exactly

Reduced Shoo is Shoo's rules on a smaller field with fewer travellers and horses (RULES.md,
"Reduced Shoo", rules R1–R6), played by the same reference rules code as the full game.
Every position reachable from the start is enumerated and solved by retrograde analysis:
values are without the move limit and without a draw by repetition, so a *draw* means
neither side can force a win, and a win's length in moves says how many moves it needs
(rules 32, 33 can only turn a longer win into a draw). Rules changed from the pinned
reading: {changed} (`horses` is replaced by the reduced game's count).

Command: {md_code(summary["command"])}; {summary["seconds"]} s in all.

## Who wins with perfect play

Under `opening = first_move` the toss winner (Blue) moves first and the odd horse goes to
White's stable (rule 8); under `extra_horse` Blue takes the horse and White moves first.
With `odd_horse = other` both choices give the same game with the colours swapped, so the
toss winner's value under one is the other side's value under the other — the table shows
both as solved, a check; `--set odd_horse=field` leaves the odd horse free on the centre
square when the toss winner moves first, a different game.

{verdict(rows, summary["rules"]["odd_horse"])}

{table(rows, [("game", "game"), ("opening", "opening"), ("toss_winner", "toss winner"),
              ("first_mover", "first mover"), ("plies", "moves to the end"),
              ("states", "positions"), ("won", "won"), ("drawn", "drawn"),
              ("lost", "lost"), ("seconds", "seconds"), ("peak_mib", "peak MiB"),
              ("note", "note")])}

*won / drawn / lost*: reachable positions by their value for the side to move. *peak MiB*:
the process's peak memory after the solve (it includes the earlier, smaller solves).
Per-size figures are in `sizes.csv`.
"""]
    if fit is not None:
        predicted = ", ".join(f"{n}x{n}: {s:,.0f}" for n, s in fit["predicted_states"].items())
        slow = (f"from **{fit['too_slow_from']}x{fit['too_slow_from']}** on a solve would take "
                f"more than {BUDGET_SECONDS // 60} minutes" if fit["too_slow_from"]
                else f"no field up to 9x9 would take more than {BUDGET_SECONDS // 60} minutes")
        big = (f"from {fit['too_big_from']}x{fit['too_big_from']} on it would need more than "
               f"{BUDGET_MIB // 1024} GiB" if fit["too_big_from"]
               else f"none up to 9x9 would need more than {BUDGET_MIB // 1024} GiB")
        given_up = [r for r in rows if not r["solved"]]
        more = "; ".join(f"{f['game']} has {f['factor']:,.0f} times the positions of the "
                         "same field with 1 traveller and 1 horse" for f in fit["factors"])
        more = (f"Travellers and horses cost far more than field: {more}." if more else
                "Travellers and horses cost far more than field; `--larger` (not run "
                "here) measured once: " + "; ".join(f"{g}: {what}"
                                                    for g, what in MEASURED_LARGER) + ".")
        if given_up:
            more += " Given up at the cap of positions: " + ", ".join(
                f"{r['game']} (after {r['seconds']:,.0f} s)" for r in given_up) + "."
        parts.append(f"""## Where the solver runs out

On the one-traveller, one-horse games the positions grow as field size to the power
**{fit["exponent"]:.1f}** (least squares on the solved sizes). The solver, pure Python over
the reference rules, solved about {fit["states_per_second"]:,.0f} positions a second on the largest
and holds about {fit["mib_per_state"] * 1024:.1f} KiB a position (peak memory over the
largest solve). Extrapolated positions: {predicted}. At that speed {slow}; {big}.
{more}
The full game (9x9, 9 travellers, 9 horses) is far out of reach of this solver.
""")
    if players:
        winning = {r["game"]: {"win": "blue", "loss": "white"}.get(r["first_mover"])
                   for r in rows if r["solved"] and r["opening"] == OPENINGS[0]}
        tally = {}
        for p in players:
            colour = winning.get(p["game"])
            if colour and p["games"]:
                won, total = tally.get(p["player"], (0, 0))
                tally[p["player"]] = (won + p[f"{colour}_wins"], total + p["games"])
        converts = ("In the colour that wins with perfect play, the players won "
                    + ", ".join(f"{name} {w} of {n}" for name, (w, n) in tally.items())
                    + " games against the perfect player." if tally else "")
        parts.append(f"""## The players against perfect play

On each solved game (opening `first_move`), {summary["positions"]} positions drawn at random
from those won or drawn for the side to move — where a move can throw the value away: *kept*
is the share where the player's move keeps the perfect-play value (*won kept*: on the won
positions only, where keeping means still winning). Then {summary["games"]} games of the
player against the perfect player from the start in each colour (the perfect player keeps
the value, winning fastest and losing slowest), a draw at {summary["max_plies"]} moves:
the player's wins / draws / losses{other_games(summary)}. *kept (95%)*: the share with its
95% Wilson interval over the positions sampled. `players.csv` has the figures.

{table([{**p, "kept": f"{p['kept']:.2f} ({p['kept_low']:.2f}–{p['kept_high']:.2f})"}
        for p in players], [("game", "game"), ("player", "player"), ("kept", "kept (95%)"),
                 ("won_kept", "won kept"), ("blue_wins", "as Blue: W"),
                 ("blue_draws", "D"), ("blue_losses", "L"), ("white_wins", "as White: W"),
                 ("white_draws", "D"), ("white_losses", "L")])}

{converts}
""")
    return "\n".join(parts)
