"""Skill versus luck: a game's skill ladder and its luck share.

The **skill ladder** of a game comes from its registration (``ladder``, ``search``,
``luck_baseline``) and has a chain of players for the fixed policies and one for each
budgeted search family:

* the fixed policies from weakest to strongest (e.g. random → greedy → expert);
* each search family at doubling budgets, starting from the policy its playouts use
  (e.g. greedy → search-4 → search-8 → … → search-128, and greedy → mcts-16 → … → mcts-1024).

Every player on a chain meets the one below it (a *step*); every fixed player and the top
of every search chain meet the ladder's *baseline*, the first fixed policy (normally
``random``), and the luck baseline when a game names another; the tops of the chains meet
each other (the strongest fixed player against every search chain's top, and those against
each other), so that the **strongest player measured** is the winner of that round robin
(:attr:`Ladder.strongest`). A match is played from every seat: with ``n``
players, ``n`` seatings, the player in seat ``s`` and its opponent in every other seat.
Every seating plays the same game keys (the same seed), so game *i* of each seating rolls
the same dice at the start — a *duplicate* match, as in duplicate bridge, which cancels
much of the luck of the seats. Per match:

* the player's win rate from each seat, with its 95% Wilson interval;
* its win rate over all seats ``x̄``, the mean over keys of ``x_i`` (the share of the ``n``
  seatings of key *i* that the player won), with the interval ``x̄ ± 1.96·sd(x)/√games``,
  which counts the pairing of the seatings, and a z-test against the fair share ``1/n``;
* for two players, the Elo difference ``400·log10(x̄ / (1 − x̄))``.

**Luck share.** In a game of pure skill the stronger player always wins. If a share ``L``
of the results were instead drawn by a fair lottery among the ``n`` seats, the strongest
player would win ``w = (1 − L) + L/n`` of its games against the weakest. So

    L = (1 − w) / (1 − 1/n)

is the share of results that would have to be replaced by coin flips to make a pure-skill
game look like this one: 0 for pure skill (chess, nearly), 1 for pure luck (the best player
does no better than chance). ``w`` is the win rate over all seats of the strongest player
measured against the (luck) baseline — the widest gap of skill measured, as far as strength
is transitive — so ``L`` is an upper bound: a stronger player would lower it. Its interval
is the interval of that ``w`` mapped through the same formula.

Nothing here names a game: players, rules and engines come from the registry, and the games
are played by :func:`numbergames.analysis.running.runner.run` (workers, a results store, a Dask cluster).
"""
from __future__ import annotations

import math
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.statistics.distributions import norm_sf
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.statistics.plain import plain
from numbergames.analysis.running.runner import Run, together
from numbergames.analysis.running.provenance import now, package_version
from numbergames.analysis.running.request import PLAIN, Common, find_spec
from numbergames.analysis.searches.simulation import KEEP_GAMES, REPORTS_ROOT, build_rules, parse_sims, run_label
from numbergames.analysis.statistics.outcomes import points
from numbergames.analysis.statistics.stats import CONFIDENCE, MIN_JUDGED, Z, wilson_interval
from numbergames.analysis.statistics.tally import count, point_scale
from numbergames.analysis.running.store import Store
from numbergames.solver.params import Rules, Variant
from numbergames.solver.registry import GameSpec

FILES = ("report.md", "summary.json", "ladder.csv", "players.csv", "ladder.png")
"""The files of a skill report folder."""
POLICIES = "policies"
"""The fixed players' chain of the ladder (each search chain is named for its family)."""


def luck_share(win_rate: float, players: int) -> float:
    """The share of results that coin flips would have to decide in a pure-skill game to
    give the stronger player this win rate (clipped to 0..1).

    >>> luck_share(1.0, 2), luck_share(0.5, 2), luck_share(0.75, 2), round(luck_share(0.7, 3), 6)
    (0.0, 1.0, 0.5, 0.45)
    """
    return min(1.0, max(0.0, (1.0 - win_rate) / (1.0 - 1.0 / players)))


def elo(win_rate: float) -> float | None:
    """The Elo difference that predicts this two-player win rate (None at 0 or 1).

    >>> round(elo(0.64), 1), elo(1.0)
    (100.0, None)
    """
    if not 0.0 < win_rate < 1.0:
        return None
    return 400.0 * math.log10(win_rate / (1.0 - win_rate))


@dataclass(frozen=True)
class SeatEdge:
    """How much more a player scores from one seat than its opponent scores there itself.

    A seat has its own advantage (moving first, say), so a player's rate from a seat is
    compared with the rate the *opponent* gets from that seat when it plays itself (every
    seat) on the same keys: ``edge`` is the mean over keys of the player's points in that
    seat minus the opponent's points in that seat in self-play (keys where both games
    finished), with the paired interval ``d̄ ± 1.96·sd(d)/√keys`` and a z-test against 0.
    An edge whose interval lies above 0 means the player beats the opponent from that seat,
    whatever the seat is worth."""

    seat: int
    games: int
    """Keys where both games finished."""
    points: float
    """The player's mean points from the seat (a win 1, a draw its share)."""
    self_play: float
    """The opponent's mean points from the seat in self-play, on the same keys."""
    edge: float
    low: float
    high: float
    p_value: float


def _seat_edge(seat: int, pairs: Counter, scale: int) -> SeatEdge:
    """The :class:`SeatEdge` of ``pairs`` (``(player units, self-play units) -> keys``)."""
    n = sum(pairs.values())
    if not n:
        return SeatEdge(seat, 0, *(math.nan,) * 6)
    mine = Fraction(sum(a * c for (a, _), c in pairs.items()), n * scale)
    theirs = Fraction(sum(b * c for (_, b), c in pairs.items()), n * scale)
    first = sum((a - b) * c for (a, b), c in pairs.items())
    second = sum((a - b) ** 2 * c for (a, b), c in pairs.items())
    var = Fraction(n * second - first * first, n * (n - 1) * scale * scale) if n > 1 else 0
    edge = float(mine - theirs)
    se = math.sqrt(var / n) if n > 1 else math.nan
    if se > 0:
        low, high, p = edge - Z * se, edge + Z * se, 2 * norm_sf(abs(edge) / se)
    else:  # every key gave the same difference
        low = high = edge
        p = 1.0 if edge == 0 else 0.0
    return SeatEdge(seat, n, float(mine), float(theirs), edge, low, high, p)


@dataclass(frozen=True)
class Match:
    """A duplicate match of ``player`` against ``opponent`` from every seat."""

    player: str
    opponent: str
    chain: str
    """``policies`` or ``search``: the chain of the ladder the player is on."""
    kind: str
    """``step`` (against the one below on its chain) or ``baseline``."""
    games: int
    """Games per seating."""
    wins_by_seat: tuple[int, ...]
    """The player's wins when it sits in seat 0, 1, …"""
    unfinished: int
    mean: float
    """The player's win rate over all seats."""
    low: float
    high: float
    p_value: float
    """Two-sided test of ``mean`` against the fair share."""
    elapsed_s: float
    games_loaded: int
    judged: bool = True
    """Whether enough games finished for a verdict (:data:`numbergames.analysis.statistics.stats.MIN_JUDGED`)."""
    opponent_rate: float | None = None
    """Alone (a puzzle): the opponent's solve rate on the same games."""
    seat_edges: tuple[SeatEdge, ...] = ()
    """From each seat, the player's points against the opponent's own in that seat when it
    plays itself on the same keys (:class:`SeatEdge`); empty unless asked for
    (``play_match(..., seat_edges=True)``: the matches of the search chains' tops against
    the strongest fixed player)."""

    @property
    def players(self) -> int:
        return len(self.wins_by_seat) if self.opponent_rate is None else 1

    @property
    def elo(self) -> float | None:
        return elo(self.mean) if self.players == 2 else None

    def row(self) -> dict[str, Any]:
        """The match as one row of ``ladder.csv``."""
        row: dict[str, Any] = {"chain": self.chain, "kind": self.kind, "player": self.player,
                               "opponent": self.opponent, "games_per_seat": self.games}
        for seat, wins in enumerate(self.wins_by_seat):
            low, high = wilson_interval(wins, self.games, CONFIDENCE)
            row |= {f"win_rate_seat{seat}": wins / self.games,
                    f"win_rate_seat{seat}_low": low, f"win_rate_seat{seat}_high": high}
        row |= {"win_rate": self.mean, "win_rate_low": self.low, "win_rate_high": self.high,
                "p_value": self.p_value, "elo": self.elo, "unfinished": self.unfinished,
                "judged": self.judged, "opponent_rate": self.opponent_rate,
                "elapsed_s": round(self.elapsed_s, 3), "games_loaded": self.games_loaded}
        for e in self.seat_edges:
            row |= {f"points_seat{e.seat}": e.points, f"self_play_seat{e.seat}": e.self_play,
                    f"edge_seat{e.seat}": e.edge, f"edge_seat{e.seat}_low": e.low,
                    f"edge_seat{e.seat}_high": e.high, f"edge_seat{e.seat}_p": e.p_value}
        return row

    @property
    def every_seat(self) -> bool | None:
        """Whether the player scores more than the opponent's self-play from every seat,
        each interval above 0 (None: not measured)."""
        return all(e.low > 0 for e in self.seat_edges) if self.seat_edges else None


def _shares(pairs: Counter, scale: int) -> tuple[int, Fraction, Fraction]:
    """Games, mean and sample variance (ddof=1; 0 for fewer than two) of the shares
    ``total / (finished · scale)`` that ``pairs`` counts (``(total, finished) -> keys``),
    exactly."""
    n = sum(pairs.values())
    if not n:
        return 0, Fraction(0), Fraction(0)
    values = {Fraction(total, finished * scale): 0 for total, finished in pairs}
    for (total, finished), count in pairs.items():
        values[Fraction(total, finished * scale)] += count
    first = sum(v * c for v, c in values.items())
    second = sum(v * v * c for v, c in values.items())
    mean = first / n
    return n, mean, (n * second - first * first) / (n * (n - 1)) if n > 1 else Fraction(0)


def play_match(spec: GameSpec, rules: Rules, player: str, opponent: str, games: int, seed: int,
               *, chain: str = POLICIES, kind: str = "step", workers: int | None = None,
               store: Store | None = None, scheduler: str | None = None,
               progress: bool = False, seat_edges: bool = False) -> Match:
    """Play ``player`` against ``opponent`` from every seat, ``games`` games per seating,
    every seating with the same ``seed`` (see the module docstring). A draw counts as the
    player's share of it; an unfinished game counts for neither. Alone (a puzzle), the
    player and the opponent each play the same games, and the player's share is its solve
    rate, tested against the opponent's game by game.

    The seatings are played side by side, chunk by chunk (:func:`numbergames.analysis.running.runner.together`):
    per key, the player's points over the seatings that finished, in units of
    1/:func:`numbergames.analysis.statistics.tally.point_scale`, are counted in a histogram, from which every figure
    follows exactly — memory grows with the chunks, not the games.

    With ``seat_edges`` (two or more players) the opponent also plays itself in every seat
    on the same keys, and the match gets the player's :class:`SeatEdge` from each seat."""
    n = spec.seats(rules)
    seatings = [[player], [opponent]] if n == 1 else [
        [player if s == seat else opponent for s in range(n)] for seat in range(n)]
    edges = seat_edges and n > 1
    if edges:
        seatings.append([opponent] * n)
    seat_pairs: list[Counter] = [Counter() for _ in range(n)] if edges else []
    scale = point_scale(n)
    runs = [Run(spec, rules, policies, seed, capacity=games, store=store,
                label=run_label(spec, rules, policies), keep_games=KEEP_GAMES, tally=True,
                hold_rows=False) for policies in seatings]
    wins, unfinished = [0] * n, 0
    pairs: Counter = Counter()
    title = f"{spec.title}: {player} vs {opponent}"
    for chunk in together(runs, games, workers, scheduler, progress, title):
        if edges:
            mirror = points(pd.DataFrame(chunk[-1], copy=False), n, spec.traits)
            chunk = chunk[:-1]
        got = []
        for seat, columns in enumerate(chunk):
            mine = points(pd.DataFrame(columns, copy=False), n, spec.traits)[:, 0 if n == 1 else seat]
            got.append(mine)
            if n > 1 or seat == 0:
                wins[seat] += count(mine == 1)
                unfinished += count(np.isnan(mine))
        table = np.stack(got, axis=1)
        done = ~np.isnan(table)
        units = np.rint(np.where(done, table, 0.0) * scale).astype(np.int64)
        if edges:
            both = done & ~np.isnan(mirror)
            theirs = np.rint(np.where(both, mirror, 0.0) * scale).astype(np.int64)
            for seat in range(n):
                keep = both[:, seat]
                seat_pairs[seat].update(zip(units[keep, seat].tolist(),
                                            theirs[keep, seat].tolist()))
        if n == 1:  # the player's solve and the opponent's, on the keys both finished
            both = done.all(axis=1)
            pairs.update(zip(units[both, 0].tolist(), units[both, 1].tolist()))
        else:  # the player's points over the seatings that finished, and how many did
            finished = done.sum(axis=1)
            some = finished > 0
            pairs.update(zip(units[some].sum(axis=1).tolist(), finished[some].tolist()))
    if n == 1:
        solves = Counter()
        differences = Counter()
        for (x, fair), c in pairs.items():
            solves[(x, 1)] += c
            differences[(x - fair + scale, 1)] += c  # shifted: shares must not be negative
        games_done, mean, var_x = _shares(solves, scale)
        _, shifted, var_d = _shares(differences, scale)
        baseline = float(mean - (shifted - 1)) if games_done else math.nan
        d_mean = shifted - 1
    else:
        games_done, mean, var_x = _shares(pairs, scale)
        var_d, baseline = var_x, 1 / n
        d_mean = mean - Fraction(1, n)
    judged = games_done >= MIN_JUDGED
    se = math.sqrt(var_d / games_done) if games_done > 1 else math.nan
    mean_f = float(mean) if games_done else math.nan
    if se > 0:
        half = Z * math.sqrt(var_x / games_done)
        low, high = max(0.0, mean_f - half), min(1.0, mean_f + half)
        p_value = 2 * norm_sf(abs(float(d_mean)) / se)
    elif games_done:  # every key gave the same difference: fall back on the pooled binomial
        low, high = wilson_interval(int(round(mean * games_done)), games_done, CONFIDENCE)
        p_value = 1.0 if mean_f == baseline else 0.0
    else:
        low = high = p_value = math.nan
    return Match(player, opponent, chain, kind, games, tuple(wins), unfinished, mean_f, low,
                 high, p_value, sum(r.elapsed_s for r in runs), sum(r.loaded for r in runs),
                 judged=judged, opponent_rate=baseline if n == 1 else None,
                 seat_edges=tuple(_seat_edge(seat, pairs_s, scale)
                                  for seat, pairs_s in enumerate(seat_pairs)))


@dataclass(frozen=True)
class Rungs:
    """The players of a ladder: the fixed chain and one chain per search family on it."""

    fixed: tuple[str, ...]
    chains: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each search family on the ladder: ``(family, (base, family-b1, family-b2, …))``,
    its base the fixed player its playouts use."""
    luck_base: str = ""
    """The player the luck share is measured against (default: :attr:`baseline`)."""

    @property
    def baseline(self) -> str:
        return self.fixed[0]

    @property
    def luck_baseline(self) -> str:
        return self.luck_base or self.baseline

    @property
    def search(self) -> tuple[str, ...]:
        """Every search player on the ladder, chain by chain, smallest budget first."""
        return tuple(p for _, players in self.chains for p in players[1:])

    @property
    def tops(self) -> dict[str, str]:
        """The strongest-by-budget player of every chain: ``{chain: player}``."""
        out = {POLICIES: self.fixed[-1]}
        out |= {name: players[-1] for name, players in self.chains if len(players) > 1}
        return out

    def top_match(self, player: str, kind: str) -> bool:
        """Whether a match of ``player`` of this ``kind`` is one of a search chain's top
        beyond its steps (against the baseline or the luck baseline, the strongest fixed
        player, another top): the matches the luck share and the strongest player's
        verdicts rest on (``--top-sims``)."""
        return kind in ("baseline", "luck", "best", "head") and player in self.tops.values() \
            and player not in self.fixed

    def matches(self) -> list[tuple[str, str, str, str]]:
        """``(player, opponent, chain, kind)`` of every match, in playing order:

        * ``step``: every player against the one below it on its chain;
        * ``baseline``: every fixed player and the top of every search chain against the
          baseline (a search chain's other players are rated through their steps);
        * ``top``: the strongest fixed player against each fixed player it has not met;
        * ``luck``: the top of every chain against the luck baseline, when that is not the
          baseline (and they have not met);
        * ``best``: the top of every search chain against the strongest fixed player;
        * ``head``: the tops of the search chains against each other.

        A pair of players meets once."""
        out: list[tuple[str, str, str, str]] = []
        met: set[frozenset[str]] = set()

        def add(player: str, opponent: str, chain: str, kind: str) -> None:
            pair = frozenset((player, opponent))
            if player != opponent and pair not in met:
                met.add(pair)
                out.append((player, opponent, chain, kind))

        for below, p in zip(self.fixed, self.fixed[1:]):
            add(p, below, POLICIES, "step")
        for name, players in self.chains:
            for below, p in zip(players, players[1:]):
                add(p, below, name, "step")
        for p in self.fixed[2:]:
            add(p, self.baseline, POLICIES, "baseline")
        tops = self.tops
        for name, top in tops.items():
            if name != POLICIES:
                add(top, self.baseline, name, "baseline")
        for p in self.fixed[1:-2]:
            add(self.fixed[-1], p, POLICIES, "top")
        if self.luck_baseline != self.baseline:
            for name, top in tops.items():
                add(top, self.luck_baseline, name, "luck")
        for name, top in tops.items():
            if name != POLICIES:
                add(top, self.fixed[-1], name, "best")
        searching = [(name, top) for name, top in tops.items() if name != POLICIES]
        for i, (name, top) in enumerate(searching):
            for _, other in searching[:i]:
                add(top, other, name, "head")
        return out


def rungs(spec: GameSpec, budgets: Sequence[int] | Mapping[str, Sequence[int]] | None = None
          ) -> Rungs:
    """The ladder of a registered game. ``budgets`` replace the search families' budgets:
    a sequence gives the first family's and leaves the others off the ladder; a mapping
    ``{family: budgets}`` gives the families named (an empty sequence leaves one off) and
    keeps the others' registered budgets."""
    ladder = spec.players.ladder
    if len(ladder) < 2:
        raise UserError(f"{spec.name} has no skill ladder (it registers fewer than two players)")
    families = spec.players.search
    if budgets is None:
        chosen = {f.name: tuple(f.budgets) for f in families}
    elif isinstance(budgets, Mapping):
        names = {f.name for f in families}
        for name in budgets:
            if name not in names:
                raise UserError(f"{spec.name} has no search family {name!r}; its families: "
                                + (", ".join(sorted(names)) or "none"))
        chosen = {f.name: tuple(budgets.get(f.name, f.budgets)) for f in families}
    else:
        if budgets and not families:
            raise UserError(f"{spec.name} has no search player, so --budgets cannot be used")
        chosen = {f.name: (tuple(budgets) if i == 0 else ()) for i, f in enumerate(families)}
    chains = []
    for family in families:
        these = chosen[family.name]
        if not these:
            continue
        if list(these) != sorted(set(these)):
            raise UserError(f"--budgets must increase, got {','.join(map(str, these))}")
        names = tuple(f"{family.name}-{b}" for b in these)
        for name in names:
            if not spec.players.knows(name):
                raise UserError(f"bad search budget in {name!r}; allowed: {spec.players.help()}")
        chains.append((family.name, (family.base, *names)))
    return Rungs(tuple(ladder), tuple(chains), spec.players.luck_baseline)


def _budget_list(text: str) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        budgets = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise UserError(f"--budgets must be whole numbers separated by commas, not {text!r}") from None
    if any(b < 1 for b in budgets):
        raise UserError(f"--budgets must be positive, not {text!r}")
    return budgets


def parse_budgets(texts: str | Sequence[str]) -> tuple[int, ...] | dict[str, tuple[int, ...]]:
    """``--budgets`` as :func:`rungs` takes it: ``"4,8,16"`` is the first search family's
    budgets (the other families stay off the ladder); ``FAMILY=N,N,...`` (repeatable) gives
    that family's, ``FAMILY=`` leaves it off; UserError on anything else."""
    texts = [texts] if isinstance(texts, str) else list(texts)
    named = [t for t in texts if "=" in t]
    if named and len(named) != len(texts):
        raise UserError("--budgets takes either N,N,... once or FAMILY=N,N,... for each family, "
                        "not both")
    if not named:
        if len(texts) != 1:
            raise UserError("--budgets N,N,... can be given once (use FAMILY=N,N,... for "
                            "several families)")
        budgets = _budget_list(texts[0])
        if not budgets:
            raise UserError("--budgets must be whole numbers separated by commas, not ''")
        return budgets
    out: dict[str, tuple[int, ...]] = {}
    for text in named:
        family, _, values = text.partition("=")
        if family in out:
            raise UserError(f"--budgets names the family {family!r} twice")
        out[family] = _budget_list(values)
    return out


@dataclass
class Ladder:
    """A finished skill ladder: every match, and what they say about skill and luck."""

    game: GameSpec
    rules: Rules
    variant: str | None
    seed: int
    sims: int
    search_sims: int
    rungs: Rungs
    matches: list[Match]
    elapsed_s: float
    command: str | None = None
    created: str = field(default_factory=now)
    top_sims: int = 0
    """Games per seat of the search chains' tops beyond their steps (0: ``search_sims``)."""
    versus: dict[str, Any] | None = None
    """The match against OpenSpiel's ``MCTSBot`` (:meth:`numbergames.analysis.searches.versus_spiel.VersusSpiel.summary`
    with its ``markdown``), or ``{"family", "note"}`` when the game's search has none; None
    when not asked for."""
    presentation: Any = PLAIN
    """What the report adds to the figures (:class:`numbergames.analysis.running.request.Presentation`:
    the game's study): its luck and flat notes."""

    @property
    def players(self) -> int:
        return self.game.seats(self.rules)

    @property
    def table(self) -> pd.DataFrame:
        """One row per match (``ladder.csv``)."""
        return pd.DataFrame([m.row() for m in self.matches])

    def _against(self, player: str, opponent: str) -> Match | None:
        for m in self.matches:
            if m.player == player and m.opponent == opponent:
                return m
        return None

    @property
    def players_table(self) -> pd.DataFrame:
        """One row per player: its win rate against the baseline and its Elo (two players),
        directly and summed along its chain's steps (``players.csv``)."""
        base = self.rungs.baseline
        base_rate = 1 / self.players
        if self.players == 1:
            first = next((m for m in self.matches if m.opponent == base), None)
            base_rate = first.opponent_rate if first is not None else None
        rows = [{"player": base, "chain": POLICIES, "win_rate_vs_baseline": base_rate,
                 "low": None, "high": None, "elo_direct": 0.0, "elo_steps": 0.0}]
        steps = {base: 0.0}
        chains = ((POLICIES, self.rungs.fixed), *self.rungs.chains)
        for chain, chain_players in chains:
            for below, player in zip(chain_players, chain_players[1:]):
                step = self._against(player, below)
                if step is not None and steps.get(below) is not None and step.elo is not None:
                    steps[player] = steps[below] + step.elo
                else:
                    steps[player] = None
                direct = self._against(player, base)
                rows.append({"player": player, "chain": chain,
                             "win_rate_vs_baseline": direct.mean if direct else None,
                             "low": direct.low if direct else None,
                             "high": direct.high if direct else None,
                             "elo_direct": direct.elo if direct else None,
                             "elo_steps": steps[player]})
        return pd.DataFrame(rows)

    @property
    def strongest(self) -> str:
        """The strongest player measured, among the tops of the chains (the strongest fixed
        player and every search chain's largest budget), which all meet each other: the one
        with the highest mean edge over its matches against the other tops (a round robin;
        the edge of a share ``x`` is ``n·x − 1``, negated for the opponent); ties go to the higher share against the baseline, then to the earlier
        chain. Only the fixed chain: its top."""
        tops = list(dict.fromkeys(self.rungs.tops.values()))

        def edge(player: str, other: str) -> float:
            """How far above the fair share ``player`` scored against ``other``, in units
            of the fair share (``n·share − 1``; the opponent's is the negative)."""
            m = next((m for m in self.matches if {m.player, m.opponent} == {player, other}), None)
            if m is None or not m.judged or m.mean != m.mean:
                return math.nan
            e = self.players * m.mean - 1
            return e if m.player == player else -e

        def rank(i: int) -> tuple:
            shares = [x for other in tops if other != tops[i]
                      if (x := edge(tops[i], other)) == x]
            base = self._against(tops[i], self.rungs.baseline)
            return (sum(shares) / len(shares) if shares else 0.0,
                    base.mean if base is not None and base.judged else -1.0, -i)

        return tops[max(range(len(tops)), key=rank)]

    def _every_seat(self) -> bool | None:
        """Whether the strongest player beats the strongest fixed player from every seat
        (:attr:`Match.every_seat`); None when it is that player or was not measured so."""
        m = self._against(self.strongest, self.rungs.fixed[-1])
        return m.every_seat if m is not None else None

    @property
    def luck(self) -> dict[str, Any]:
        """The luck share (module docstring) from the strongest player's win rate against
        the luck baseline (normally the ladder's baseline); when that match could not be
        judged, from the best judged win rate against it."""
        base = self.rungs.luck_baseline
        against = [m for m in self.matches if m.opponent == base and m.judged]
        n = self.players
        if n == 1 or not against:
            reason = ("a puzzle has no opponent whose results luck could decide: the ladder "
                      "shows how much more often better play solves it" if n == 1 else
                      "too few games finished to judge")
            return {"best_player": None, "baseline": base, "best_win_rate": None,
                    "best_win_rate_low": None, "best_win_rate_high": None, "luck_share": None,
                    "luck_share_low": None, "luck_share_high": None, "skill_share": None,
                    "no_luck_share": reason}
        strongest = [m for m in against if m.player == self.strongest]
        best = strongest[0] if strongest else max(against, key=lambda m: m.mean)
        return {"best_player": best.player, "baseline": base,
                "best_win_rate": best.mean, "best_win_rate_low": best.low,
                "best_win_rate_high": best.high, "luck_share": luck_share(best.mean, n),
                "luck_share_low": luck_share(best.high, n),
                "luck_share_high": luck_share(best.low, n),
                "skill_share": 1 - luck_share(best.mean, n)}

    @property
    def summary(self) -> dict[str, Any]:
        """Everything ``summary.json`` holds."""
        return plain({
            "game": self.game.name, "title": self.game.title, "variant": self.variant,
            "rules": self.rules.as_dict(), "players": self.players, "seed": self.seed,
            "games_per_seat": self.sims, "games_per_seat_search": self.search_sims,
            "games_per_seat_top": self.top_sims or self.search_sims,
            "confidence": CONFIDENCE, "ladder": {POLICIES: list(self.rungs.fixed),
                                                 **{name: list(players)
                                                    for name, players in self.rungs.chains}},
            "strongest": self.strongest,
            "strongest_every_seat": self._every_seat(),
            **self.luck,
            "matches": self.table.to_dict(orient="records"),
            "players_table": self.players_table.to_dict(orient="records"),
            "versus_openspiel": self.versus,
            "elapsed_s": round(self.elapsed_s, 3), "version": package_version(),
            "created": self.created, "command": self.command,
        })

    def default_out(self) -> Path:
        return REPORTS_ROOT / self.game.name / default_folder(self.game, self.rules, self.variant)


def default_folder(spec: GameSpec, rules: Rules, variant: str | None = None) -> str:
    """``skill`` for the standard rules, else ``skill-<variant, changed rules, players>``
    (e.g. ``skill-standard-3p``)."""
    seats = ["x"] * spec.seats(rules)
    label = run_label(spec, rules, seats, variant)
    if variant is None and rules == spec.rules():
        return "skill"
    return "skill-" + label.removesuffix("-x")


@dataclass(frozen=True, kw_only=True)
class SkillPlan(Common):
    """A checked request for a skill ladder, everything but the playing: a request
    (:class:`numbergames.analysis.running.request.Common`: the game, rules, variant, games per
    seat of the fixed players' matches (``sims``), seed, workers, scheduler, checked when it
    is made) and its own fields, checked then too (:meth:`_check_own`)."""

    rungs: Rungs
    search_sims: int = 4_000
    """Games per seat of the matches with a search player (``--search-sims``)."""
    versus_games: int = 0
    """Games a seat against OpenSpiel's ``MCTSBot`` (0: no such match; ``--openspiel``)."""
    top_sims: int | None = None
    """Games per seat of the matches of the search chains' tops other than their steps
    (against the baseline and the luck baseline, the strongest fixed player and each other;
    :meth:`Rungs.top_match`); None: :attr:`search_sims` (``--top-sims``)."""
    presentation: Any = PLAIN
    """What the report adds to the figures (the game's study, from the caller: the analysis
    never looks it up): its notes (:class:`numbergames.analysis.running.request.Presentation`)."""

    def _check_own(self) -> dict[str, Any]:
        search_sims = parse_sims(self.search_sims, "--search-sims")
        top_sims = (search_sims if self.top_sims is None
                    else parse_sims(self.top_sims, "--top-sims"))
        try:
            self.game.players.check(self.rules, [*self.rungs.fixed, *self.rungs.search])
        except ValueError as exc:
            raise UserError(str(exc)) from None
        versus = self.versus_games
        versus = 0 if versus in (0, "0", None) else parse_sims(versus, "--openspiel")
        if versus and any(f.versus_budget for f in self.game.players.search):
            try:
                import pyspiel  # noqa: F401
            except ImportError:
                raise UserError("--openspiel needs the open-spiel package: pip install -e "
                                "\".[openspiel]\"") from None
        return {"search_sims": search_sims, "top_sims": top_sims, "versus_games": versus}

    def execute(self, store: Store | None = None, progress: bool = False,
                command: str | None = None) -> Ladder:
        spec, scheduler = self.game, self.scheduler
        start = time.perf_counter()
        matches = []
        for player, opponent, chain, kind in self.rungs.matches():
            searching = any(spec.players.is_search(p) for p in (player, opponent))
            games = self.search_sims if searching else self.sims
            if searching and self.top_sims and self.rungs.top_match(player, kind):
                games = self.top_sims
            if progress and sys.stderr.isatty():
                print(f"{spec.title}: {player} against {opponent}, {games:,} games per seat",
                      file=sys.stderr)
            matches.append(play_match(spec, self.rules, player, opponent, games, self.seed,
                                      chain=chain, kind=kind, workers=self.workers, store=store,
                                      scheduler=scheduler, progress=progress,
                                      seat_edges=kind == "best"))
        versus = self.versus(progress) if self.versus_games else None
        return Ladder(spec, self.rules, self.variant, self.seed, self.sims, self.search_sims,
                      self.rungs, matches, time.perf_counter() - start, command,
                      top_sims=self.top_sims, versus=versus, presentation=self.presentation)

    def versus(self, progress: bool = False) -> dict[str, Any]:
        """The match of the first search family with a :attr:`~numbergames.solver.registry.Search.versus_budget`
        against OpenSpiel's ``MCTSBot`` (:func:`numbergames.analysis.searches.versus_spiel.versus_openspiel`), or
        the note of why the game's search has none (:attr:`presentation`'s ``versus_notes``)."""
        families = self.game.players.search
        family = next((f for f in families if f.versus_budget), None)
        if family is None:
            notes = [(f.name, self.presentation.versus_notes[f.name]) for f in families
                     if self.presentation.versus_notes.get(f.name)]
            return {"family": notes[0][0] if notes else None,
                    "note": notes[0][1] if notes else "the game has no search player"}
        from numbergames.analysis.searches.versus_spiel import versus_openspiel

        if progress and sys.stderr.isatty():
            print(f"{self.game.title}: {family.name}-{family.versus_budget} against OpenSpiel's "
                  f"MCTSBot, {self.versus_games:,} games per seat", file=sys.stderr)
        match = versus_openspiel(self.game.name, self.rules, family.versus_budget,
                                 self.versus_games, self.seed, self.workers, progress=progress)
        return {"family": family.name, **match.summary(), "markdown": match.markdown()}


def plan_skill(game: str, sims: int | str | float = 100_000,
               search_sims: int | str | float = 4_000, *, budgets: Sequence[int] | None = None,
               seed: int = 0, workers: int | None = None, players: int | None = None,
               variant: str | Path | Variant | None = None, openspiel: int = 0,
               top_sims: int | str | float | None = None, scheduler: str | None = None,
               presentation: Any = PLAIN, **rule_values: Any) -> SkillPlan:
    """Check a request (see :func:`skill`): the rungs and the rules built, then every value
    checked once, when the :class:`SkillPlan` is made; UserError with one line on bad input.
    ``presentation``: what the report adds to the figures, the game's study
    (:func:`numbergames.studies.find_study`) as the front door and the command line pass it;
    :data:`~numbergames.analysis.running.request.PLAIN`: the figures alone."""
    spec = find_spec(game)
    ladder_rungs = rungs(spec, budgets)
    rules, variant_name = build_rules(spec, variant, rule_values, players)
    return SkillPlan(spec, rules, sims, seed, workers, scheduler, variant_name,
                     rungs=ladder_rungs, search_sims=search_sims, versus_games=openspiel,
                     top_sims=top_sims, presentation=presentation)


def skill(game: str, sims: int | str | float = 100_000, search_sims: int | str | float = 4_000, *,
          budgets: Sequence[int] | None = None, seed: int = 0, workers: int | None = None,
          players: int | None = None, variant: str | Path | Variant | None = None,
          store: Store | None = None, scheduler: str | None = None, progress: bool = False,
          command: str | None = None, openspiel: int = 0,
          top_sims: int | str | float | None = None, presentation: Any = PLAIN,
          **rule_values: Any) -> Ladder:
    """Play the skill ladder of ``game``: ``sims`` games per seating for matches of fixed
    policies, ``search_sims`` for matches with a search player, ``top_sims`` (default
    ``search_sims``) for the search chains' tops beyond their steps (see the module
    docstring; ``tests/analysis/test_skill.py`` shows the matches of a ladder)."""
    return plan_skill(game, sims, search_sims, budgets=budgets, seed=seed, workers=workers,
                      players=players, variant=variant, openspiel=openspiel,
                      top_sims=top_sims, scheduler=scheduler, presentation=presentation,
                      **rule_values).execute(
        store=store, progress=progress, command=command)


def format_ladder(ladder: Ladder) -> str:
    """The ladder as a short terminal table."""
    lines = [f"{'player':>12}  {'against':>12}  {'win rate (all seats)':>26}  {'Elo':>6}"]
    for m in ladder.matches:
        e = "" if m.elo is None else f"{m.elo:+.0f}"
        lines.append(f"{m.player:>12}  {m.opponent:>12}  {m.mean * 100:6.2f}% "
                     f"({m.low * 100:5.2f}–{m.high * 100:5.2f}%)  {e:>6}")
    luck = ladder.luck
    if luck["luck_share"] is None:
        lines.append(f"no luck share: {luck['no_luck_share']}")
        return "\n".join(lines)
    lines.append(f"luck share {luck['luck_share'] * 100:.1f}% "
                 f"(95% CI {luck['luck_share_low'] * 100:.1f}–{luck['luck_share_high'] * 100:.1f}%): "
                 f"{luck['best_player']} wins {luck['best_win_rate'] * 100:.1f}% against "
                 f"{luck['baseline']}")
    return "\n".join(lines)

