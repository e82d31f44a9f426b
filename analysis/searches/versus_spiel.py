"""The toolkit's search against OpenSpiel's ``MCTSBot`` at equal simulations.

:func:`versus_openspiel` plays ``mcts-N`` (open-loop UCT in C, ``cext/common/mcts.pxi``)
against OpenSpiel's ``MCTSBot`` with ``max_simulations=N`` through the bridge
(:mod:`numbergames.solver.spiel`), on kernel-backed states (:func:`numbergames.solver.spiel.kernel_state`), so that
both bots' clones and applies run in C and only ``MCTSBot``'s own tree is Python.

**The match** mirrors the skill ladder's (:func:`numbergames.analysis.searches.skill.play_match`): in the game's
standard number of players (its pinned rules; ``players`` picks another), one seating per
seat, ``mcts-N`` in that seat and an ``MCTSBot`` in every other seat (for 3+ players a team
of independent bots, each with its own random state: the question is whether our search
takes more than its fair share ``1/n`` among equals). Every seating plays the same keys —
the skill ladder's keys of ``seed`` (:func:`numbergames.analysis.running.chunks.chunk_keys`) — so game *i* of
every seating rolls the same dice: chance outcomes are drawn from the kernel game's own dice
stream (``draw_chance``), never from a bot's; ``mcts-N`` decides with the kernel's
``decide`` (its own choice stream), and each ``MCTSBot`` with a ``numpy`` ``RandomState``
seeded from ``(seed, seating, game, seat)``. A forced action is applied without asking
either bot (as every engine of the toolkit does).

Per seat: the player's win rate among the finished games with its 95% Wilson interval,
and its share (a win 1, a draw its share, a loss 0; :mod:`numbergames.analysis.statistics.outcomes`) with a normal
interval and a z-test against ``1/n``. Over all seats: the mean over keys of the player's
share of the seatings of that key that finished, with the paired interval
``x̄ ± 1.96·sd(x)/√keys`` and a z-test against ``1/n``, as the skill ladder's. An unfinished
game (cut off at a turn limit) counts for neither side.

**The constant.** ``MCTSBot`` gets ``uct_c = 1.4``, the constant of our UCT
(:data:`numbergames.solver.mcts.C`, ``MCTS_C`` in C) where a game's returns are 0 or 1, so that the two
searches differ in what they are, not in how much they explore (a game whose search uses
another constant, for returns that are not 0 or 1, or none, as sequential halving does, is
compared as its own search against OpenSpiel's UCT as it ships): OpenSpiel closed-loop (a tree node per chance outcome, chance
nodes in the tree, MCTS-Solver backups, a uniform prior, unvisited children first in a
shuffled order), ours open-loop (chance outcomes and forced actions replayed per simulation,
not stored), with the game's candidate ordering.

**The rollout** (:func:`choose_rollout`): ``MCTSBot`` rolls out randomly when random play
ends the game — at least half of :data:`ROLLOUT_PROBE` random self-play games on the kernel
end with a winner — and else with the game's ``mcts`` rollout player in every seat, played
out in C as our own playouts are (:class:`numbergames.solver.spiel.KernelRolloutEvaluator`). Random
rollouts are played in C too (the game's ``random`` player, uniform over the legal actions,
chance outcomes by their probabilities: the rollouts of OpenSpiel's
``RandomRolloutEvaluator``, which ``rollout="openspiel-random"`` plays in Python, some
milliseconds to tens of milliseconds a rollout — minutes a game at a useful budget).

**Budgets**: each game registers the budget of its match (``Search.versus_budget``: the
largest tried at which ``MCTSBot`` plays a game in seconds, so that 100 games a seat take
minutes; ``benchmarks/bench_versus_spiel.py`` prints the seconds a game per budget), or a
note of why a match there would measure nothing (its study's ``versus_notes``); the skill report
(``analyze skill --openspiel N``) gives the match, the rollout and the seconds a game.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.running import interrupts
from numbergames.analysis.running.chunks import chunk_keys
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.runner import default_workers, run_tasks
from numbergames.analysis.statistics.stats import CONFIDENCE, _z_test, mean_interval, wilson_interval
from numbergames.solver.registry import UNFINISHED, GameSpec, find_game

UCT_C = 1.4
"""``MCTSBot``'s exploration constant: ours (:data:`numbergames.solver.mcts.C`), see the docstring."""
RANDOM = "random"
"""Random rollouts in C: :class:`numbergames.solver.spiel.KernelRolloutEvaluator` with the game's
``random`` player (uniform over the legal actions) in every seat."""
OPENSPIEL_RANDOM = "openspiel-random"
"""Random rollouts in Python: OpenSpiel's own ``RandomRolloutEvaluator`` (the same
rollouts as :data:`RANDOM`, 10 to 50 times slower: ``benchmarks/bench_versus_spiel.py``)."""
ROLLOUT_PROBE = 64
"""Random self-play games :func:`choose_rollout` plays to see whether random play ends the
game (the game keys of seed 0)."""
ALL_SEATS = "all seats"
COLUMNS = ("seat", "games", "finished", "wins", "draws", "losses", "win_rate",
           "win_rate_low", "win_rate_high", "share", "share_low", "share_high", "p_value",
           "above_fair")
"""The columns of :attr:`VersusSpiel.table`."""


@dataclass(frozen=True)
class VersusSpiel:
    """A match of ``mcts-<budget>`` against ``MCTSBot`` (the module docstring)."""

    game: str
    players: int
    budget: int
    uct_c: float
    rollout: str
    """``random`` (OpenSpiel's ``RandomRolloutEvaluator``) or the rollout player's name
    (:class:`numbergames.solver.spiel.KernelRolloutEvaluator`)."""
    rollout_reason: str
    games_per_seat: int
    seed: int
    table: pd.DataFrame
    """One row per seat of ``mcts-N`` and one ``all seats`` row (:data:`COLUMNS`)."""
    seconds_per_game: dict[str, float]
    """Per game, on average: ``mcts`` (our player's decisions), ``openspiel`` (every
    ``MCTSBot`` of the game together) and ``game`` (the whole game, one worker)."""
    elapsed_s: float
    workers: int
    fair: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fair", 1.0 / self.players)

    @property
    def player(self) -> str:
        return f"mcts-{self.budget}"

    @property
    def opponent(self) -> str:
        return f"OpenSpiel MCTSBot({self.budget} simulations, uct_c={self.uct_c})"

    @property
    def above_fair(self) -> bool:
        """Whether ``mcts-N`` beats the fair share with its interval excluding it from
        every seat and over all seats."""
        return bool(self.table["above_fair"].all())

    def summary(self) -> dict[str, Any]:
        """JSON-ready: the settings, the timing and the table's rows."""
        rows = [{k: (None if isinstance(v, float) and math.isnan(v) else
                     v.item() if hasattr(v, "item") else v) for k, v in row.items()}
                for row in self.table.to_dict("records")]
        return {"game": self.game, "players": self.players, "player": self.player,
                "opponent": self.opponent, "budget": self.budget, "uct_c": self.uct_c,
                "rollout": self.rollout, "rollout_reason": self.rollout_reason,
                "games_per_seat": self.games_per_seat, "seed": self.seed,
                "fair": self.fair, "above_fair": self.above_fair,
                "seconds_per_game": self.seconds_per_game,
                "elapsed_s": round(self.elapsed_s, 3), "workers": self.workers,
                "confidence": CONFIDENCE, "rows": rows}

    def markdown(self) -> str:
        """The table for people: one line per seat and the all-seats line."""
        lines = [f"{self.player} vs {self.opponent}, {self.players} players, rollouts: "
                 f"{self.rollout}, {self.games_per_seat} games a seat; fair share "
                 f"{self.fair:.3f}", "",
                 "| seat | finished | W / D / L | win rate (95%) | share (95%) | p |",
                 "|---|---|---|---|---|---|"]
        for row in self.table.itertuples():
            lines.append(
                f"| {row.seat} | {row.finished} | {row.wins} / {row.draws} / {row.losses} | "
                f"{row.win_rate:.3f} ({row.win_rate_low:.3f}–{row.win_rate_high:.3f}) | "
                f"{row.share:.3f} ({row.share_low:.3f}–{row.share_high:.3f}) | "
                f"{row.p_value:.2g} |")
        s = self.seconds_per_game
        lines += ["", f"Seconds per game: mcts-{self.budget} {s['mcts']:.3f}, MCTSBot "
                  f"{s['openspiel']:.3f}, whole game {s['game']:.3f} (one core)."]
        return "\n".join(lines)


def choose_rollout(spec: GameSpec, rules: Any, games: int = ROLLOUT_PROBE) -> tuple[str, str]:
    """``(rollout, reason)``: ``random`` if at least half of ``games`` random self-play
    games (seed 0's keys) end with a winner, else the game's ``mcts`` rollout player."""
    from numbergames.solver.spiel import rollout_player

    n = spec.seats(rules)
    result = spec.play_chunk(rules, [RANDOM] * n, chunk_keys(0, 0, games))
    winner = np.asarray(result["winner"])
    won = int((winner >= 0).sum())
    unfinished = int((winner == UNFINISHED).sum())
    base = rollout_player(spec.name)
    if 2 * won >= games:
        return RANDOM, (f"random play ends the game: {won} of {games} random games had a "
                        f"winner")
    return base, (f"random play cannot end the game: {won} of {games} random games had a "
                  f"winner ({unfinished} cut off unfinished, the rest drawn at a limit), so "
                  f"rollouts play {base} in every seat as mcts-N's own playouts do, cut off "
                  f"and valued where those are (the game's mcts-N docstring)")


# ------------------------------------------------------------------------------ a game

_GAMES: dict = {}


def _spiel(game: str, rules: Any):
    """The OpenSpiel game of ``(game, rules)``, built once per process."""
    from numbergames.solver.spiel import spiel_game

    key = (game, repr(rules))
    if key not in _GAMES:
        _GAMES[key] = spiel_game(game, rules)
    return _GAMES[key]


def _players(game: str, rules: Any):
    """The random players' kernel state of ``(game, rules)``, built once per process."""
    from numbergames.solver.spiel import rollout_players

    key = (game, repr(rules), RANDOM)
    if key not in _GAMES:
        _GAMES[key] = rollout_players(game, rules, RANDOM)
    return _GAMES[key]


def bot_seed(seed: int, seating: int, index: int, seat: int) -> int:
    """The seed of the ``RandomState`` of the ``MCTSBot`` in ``seat`` in game ``index`` of
    ``seating``."""
    return int(np.random.SeedSequence([seed, seating, index, seat]).generate_state(1)[0])


def play_game(game: str, rules: Any, budget: int, seat: int, key: int, rollout: str,
              seeds: Sequence[int], uct_c: float = UCT_C) -> dict[str, Any]:
    """One game: ``mcts-<budget>`` in ``seat``, an ``MCTSBot`` in every other seat
    (``seeds[s]`` seeds seat ``s``'s), the dice of ``key``. Returns the player's points
    (NaN when the game was cut off unfinished), the returns, the winner and turns of the
    result row, the chance outcomes drawn in order, and the seconds each side spent
    deciding."""
    from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

    from numbergames.solver.kernel_rows import layout
    from numbergames.solver.spiel import KernelRolloutEvaluator, kernel_state, rollout_player

    spec = find_game(game)
    spiel = _spiel(game, rules)
    n = spiel.num_players()
    base = rollout_player(game)
    player = f"mcts-{budget}"
    state = kernel_state(game, rules, [player if s == seat else base for s in range(n)],
                         key, spiel)
    bots = {}
    for s in range(n):
        if s != seat:
            random_state = np.random.RandomState(seeds[s])
            if rollout == OPENSPIEL_RANDOM:
                evaluator = RandomRolloutEvaluator(1, random_state)
            else:
                evaluator = KernelRolloutEvaluator(
                    1, random_state, _players(game, rules) if rollout == RANDOM else None)
            bots[s] = MCTSBot(spiel, uct_c, budget, evaluator, random_state=random_state)
    inner = state.inner
    chances: list[int] = []
    ours = theirs = 0.0
    start = time.perf_counter()
    while True:
        who = inner.current_player()
        if who < 0 and inner.is_terminal():
            break
        if inner.is_chance_node():
            action = inner.draw_chance()
            chances.append(action)
        elif who == seat:
            t = time.perf_counter()
            action = inner.decide()
            ours += time.perf_counter() - t
        else:
            actions = inner.legal_actions()
            if len(actions) == 1:
                action = actions[0]
            else:
                t = time.perf_counter()
                action = bots[who].step(state)
                theirs += time.perf_counter() - t
        state.apply_action(int(action))
    returns = inner.returns()
    row, columns = inner.row(), layout(spec)[0]
    winner = int(row[columns.index("winner")])
    points = math.nan if winner == UNFINISHED else float(returns[seat])
    return {"seat": seat, "key": key, "points": points, "returns": returns,
            "winner": winner, "turns": int(row[columns.index("turns")]),
            "chances": chances, "mcts_s": ours, "openspiel_s": theirs,
            "game_s": time.perf_counter() - start}


def _task(args: tuple) -> tuple[int, dict[str, Any]]:
    index, *rest = args
    return index, play_game(*rest)


# ------------------------------------------------------------------------------ a match

def _check(spec: GameSpec, budget: Any, games_per_seat: Any, workers: Any) -> None:
    from numbergames.solver.mcts import MAX_BUDGET

    if not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise UserError(f"the budget must be a whole number of simulations from 1 to "
                        f"{MAX_BUDGET}, got {budget!r}")
    if not isinstance(games_per_seat, int) or games_per_seat < 1:
        raise UserError(f"games per seat must be a whole number of at least 1, got "
                        f"{games_per_seat!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise UserError(f"workers must be a whole number of at least 1, got {workers!r}")
    if not any(f.name == "mcts" for f in spec.players.search):
        raise UserError(f"{spec.name} has no mcts-N player")


def versus_openspiel(game: str, rules: Any = None, budget: int = 100,
                     games_per_seat: int = 100, seed: int = 0, workers: int | None = None,
                     *, rollout: str | None = None, uct_c: float = UCT_C,
                     players: int | None = None, progress: bool = False) -> VersusSpiel:
    """``mcts-<budget>`` against ``MCTSBot(max_simulations=budget, uct_c=uct_c)`` from every
    seat, ``games_per_seat`` games a seating on the same keys (the module docstring).
    ``rules``: the game's rules (default: pinned, ``players`` seats if given); ``rollout``:
    ``random`` or the game's rollout player (default: :func:`choose_rollout`); ``workers``:
    processes (default: every core; 1 plays here). Raises UserError with one line on bad
    input; Ctrl-C stops the workers and raises KeyboardInterrupt."""
    try:
        spec = find_game(game)
    except LookupError as exc:
        raise UserError(str(exc).strip('"')) from None
    _check(spec, budget, games_per_seat, workers)
    if rules is None:
        try:
            rules = spec.rules.from_values({"players": players} if players else {})
        except ValueError as exc:
            raise UserError(str(exc)) from None
    from numbergames.solver.spiel import rollout_player

    if rollout is None:
        rollout, reason = choose_rollout(spec, rules)
    elif rollout in (RANDOM, OPENSPIEL_RANDOM, rollout_player(spec.name)):
        reason = "chosen by the caller"
    else:
        raise UserError(f"rollout must be {RANDOM}, {OPENSPIEL_RANDOM} or "
                        f"{rollout_player(spec.name)}, got {rollout!r}")
    n = spec.seats(rules)
    keys = [int(k) for k in chunk_keys(seed, 0, games_per_seat)]
    tasks = [(seating * games_per_seat + i, spec.name, rules, budget, seating, keys[i],
              rollout, [bot_seed(seed, seating, i, s) for s in range(n)], uct_c)
             for seating in range(n) for i in range(games_per_seat)]
    workers = min(default_workers() if workers is None else workers, len(tasks))
    start = time.perf_counter()
    results: list[dict[str, Any] | None] = [None] * len(tasks)
    for done, (index, result) in enumerate(run_tasks(_task, tasks, workers), 1):
        results[index] = result
        if progress:
            print(f"\r{spec.title}: {done}/{len(tasks)} games", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    elapsed = time.perf_counter() - start
    points = np.array([[results[s * games_per_seat + i]["points"] for s in range(n)]
                       for i in range(games_per_seat)])
    table = match_table(points, n)
    per_game = {name: float(np.mean([r[f"{name}_s"] for r in results]))
                for name in ("mcts", "openspiel", "game")}
    return VersusSpiel(spec.name, n, budget, uct_c, rollout, reason, games_per_seat, seed,
                       table, per_game, elapsed, workers)


def match_table(points: np.ndarray, players: int) -> pd.DataFrame:
    """The table of a match from ``points`` (keys × seatings: the player's points in the
    game of that key with the player in that seat; NaN for an unfinished game): one row per
    seat and the all-seats row (:data:`COLUMNS`; the module docstring)."""
    fair = 1.0 / players
    rows = []
    for seat in range(points.shape[1]):
        rows.append(_row(str(seat), points[:, seat], points[:, seat], fair))
    done = ~np.isnan(points)
    some = done.any(axis=1)
    shares = np.nanmean(points[some], axis=1) if some.any() else np.array([])
    rows.append(_row(ALL_SEATS, points.ravel(), shares, fair))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _row(seat: str, games: np.ndarray, shares: np.ndarray, fair: float) -> dict[str, Any]:
    """One row: win/draw/loss counts of ``games`` (NaN unfinished), the Wilson interval of
    the win rate among the finished, the mean of ``shares`` (one per game or per key)
    with its normal interval and z-test against ``fair``."""
    finished = games[~np.isnan(games)]
    wins, losses = int((finished == 1).sum()), int((finished == 0).sum())
    draws = len(finished) - wins - losses
    row: dict[str, Any] = {"seat": seat, "games": len(games), "finished": len(finished),
                           "wins": wins, "draws": draws, "losses": losses}
    if len(finished):
        low, high = wilson_interval(wins, len(finished), CONFIDENCE)
        row |= {"win_rate": wins / len(finished), "win_rate_low": low, "win_rate_high": high}
    else:
        row |= {"win_rate": math.nan, "win_rate_low": math.nan, "win_rate_high": math.nan}
    shares = shares[~np.isnan(shares)]
    k = len(shares)
    mean = float(shares.mean()) if k else math.nan
    sd = float(shares.std(ddof=1)) if k > 1 else math.nan
    if k > 1 and sd > 0:
        low, high = mean_interval(shares, CONFIDENCE, span=(0.0, 1.0))
    elif k:  # every share alike: the pooled binomial, as the skill ladder falls back on
        low, high = wilson_interval(int(round(mean * k)), k, CONFIDENCE)
    else:
        low = high = math.nan
    p_value = _z_test(mean, sd, k, fair) if k > 1 else math.nan
    return row | {"share": mean, "share_low": low, "share_high": high, "p_value": p_value,
                  "above_fair": bool(low > fair)}


# ------------------------------------------------------------------------------ command

def main(argv: Sequence[str] | None = None) -> int:
    """``python -m numbergames.analysis.searches.versus_spiel GAME --budget N --games G [--seed S] [--workers W]
    [--rollout R] [--json]``: one match, its table on stdout."""
    parser = argparse.ArgumentParser(prog="python -m numbergames.analysis.searches.versus_spiel",
                                     description="mcts-N against OpenSpiel's MCTSBot")
    parser.add_argument("game")
    parser.add_argument("--budget", type=int, default=100)
    parser.add_argument("--games", type=int, default=100, help="games per seat")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--rollout", default=None)
    parser.add_argument("--json", action="store_true")

    def error(message: str) -> None:   # one line, exit status 2
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)

    parser.error = error
    args = parser.parse_args(argv)
    try:
        result = versus_openspiel(args.game, None, args.budget, args.games, args.seed,
                                  args.workers, rollout=args.rollout,
                                  progress=sys.stderr.isatty())
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return interrupts.exit_status()
    if args.json:
        import json

        print(json.dumps(result.summary(), indent=1))
    else:
        print(result.markdown())
    return 0


if __name__ == "__main__":
    interrupts.install()   # Ctrl-C and SIGTERM stop the workers and end with 130 / 143
    sys.exit(main())
