"""Sumoku's main game as a decision API state (:mod:`numbergames.solver.decision`): the reference engine.

:class:`SumokuState` is the whole of RULES.md rules 8 to 25 as a chain of chance and
decision nodes; :func:`numbergames.solver.decision.play` plays it from a game's key, and that is the
reference engine's one game loop (:func:`play_game`).

**Nodes**, in the order a game passes them:

* **deal** (CHANCE, ``players × hand`` nodes): one tile drawn into the hand being dealt
  (rule 9: dealt whole, in dealing order); the outcomes are the kinds left in the bag,
  each with probability count / tiles in the bag;
* **start tie** (CHANCE; only with ``start = smallest_hand``, ``start_tie = random`` and two
  or more hands tied for the smallest total, rules 10, 11): the dealing place of the
  starter, the tied equally likely;
* **key** (CHANCE; only for a rolled key, rule 3): the key number, 3 to 5 (``die``) or 6 to
  10 (``challenge``: one node for both rolls), with the dice's chances;
* **play** (the seat to move): the first play of a turn, one action per legal play; a seat
  with no play (or no tile) has one action, :data:`PASS` (rule 20);
* **bonus play** (the same seat; after a play that earned a bonus while the hand holds
  tiles, rule 19): its plays from the hand left; with none, :data:`PASS` ends the turn;
* **refill** (CHANCE, one node per tile): the tiles drawn at the end of the turn (rule 18:
  up to a full hand while the bag lasts; with ``stuck = draw`` one tile after a pass,
  rule 20), the kinds left in the bag, probability count / size. Then the next seat's
  play, or the end (rule 21).

**Action ids.** A play's id is its index in the canonical list of the node's legal plays,
so ascending ids are exactly the order the engine always listed them in and
``actions[choices.choose(len(actions))]`` picks what the old engine picked by index. No
stable encoding keeps that order ascending with small ids (a play of up to six tiles is a
cell, a direction and up to six kinds with values: far too many for a table), so the same
id means different plays in different states (:meth:`SumokuState.action_to_string` says
which). At a node without a play the one action is :data:`PASS` (also 0: the node's only
option). A chance outcome is a kind ``0..47`` (a tile drawn; the state takes the lowest
copy of that kind left in the bag, or the one the seeded bag holds next), a dealing place
``0..players-1`` (start tie) or a key number ``3..10``.

**Seeded games** (:meth:`SumokuState.draw_chance`): the first tile drawn shuffles the
whole bag by Fisher–Yates from the dice stream exactly as the engine always did (rule 24),
and the state keeps that order (a position read from text shuffles the tiles left,
ascending, the same way); every later tile is the next one of it, the start tie
draws ``below(k)`` and the key ``below(6)`` (twice for the challenge), in that order.

**What a player may read.** The hands lie face up (rule 9): every seat sees every hand,
the board and the scores, so Sumoku is a game of perfect information with chance (OpenSpiel's
``PERFECT_INFORMATION``, ``EXPLICIT_STOCHASTIC``), as its players assume — ``lookahead``
reads the next seat's hand and ``search-N`` every hand. What no player may read is the
bag's shuffled order (``_order``: the dice's, a chance event still to come). ``search-N``
reshuffles the bag for its playouts starting from that order, as the kernel does, so that
its games stay the kernel's; its playouts are uniform whatever order they start from, so it
learns nothing from it.

**Notation** (:meth:`SumokuState.to_text`, :meth:`SumokuState.from_text`): a position at
the start of a turn as the pattern and hands ``analyze position sumoku`` reads (rows of
tiles, ``.`` an empty cell, ``G9`` a "6" lying as 9; ``hand: R3 O1 ...``), after a header
line with the key number, the seat to play, the scores and the board's top-left cell.
"""
from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import perm
from typing import Any

from numbergames.solver.decision import (CHANCE, TERMINAL, Action, Key, Player, Seat, Size, State,
                                         play, win_returns)
from numbergames.solver.dice import Stream
from numbergames.solver.notation import plain_text
from numbergames.solver.registry import DRAW
from numbergames.solver.sumoku.board import FREE, Board
from numbergames.solver.sumoku.moves import Play, legal_plays
from numbergames.solver.sumoku.pattern import format_pattern, parse_pattern
from numbergames.solver.sumoku.rules import KEY_CHALLENGE, KEY_DIE, SumokuRules
from numbergames.solver.sumoku.tiles import (KEY_FACES, NINE, NKINDS, NTILES, SIX, Kind, Tile, is_six,
                                 key_chances, kind, kind_number, number, parse, text)

def shuffled_bag(dice: Stream) -> list[Tile]:
    """The 96 tiles in drawing order: Fisher–Yates from the top (rule 24)."""
    bag = list(range(NTILES))
    for i in range(NTILES - 1, 0, -1):
        j = dice.below(i + 1)
        bag[i], bag[j] = bag[j], bag[i]
    return bag


def hand_total(hand: Sequence[Tile]) -> int:
    """The face value of a hand (a "6" counts 6; rules 10, 22)."""
    return sum(number(t) for t in hand)


PASS = 0
"""The one action of a node where the seat has no play: pass (rule 20), or end a turn whose
bonus play cannot be made (rule 19)."""

MAX_ACTIONS = (1 << 31) - 1
"""The most actions :func:`size` declares: OpenSpiel's ``GameInfo`` takes a 32-bit int."""

DEAL, START, KEY, PLAY, BONUS, REFILL, OVER = range(7)
"""The phases of a game: the node the state stands at."""
_PHASES = ("deal", "start tie", "key", "play", "bonus play", "refill", "over")


class SumokuState(State):
    """One Sumoku main game in progress (module docstring). Seats are numbered in playing
    order from the starter (rule 10); ``dealt[s]`` is seat s's place in the dealing order.
    Hands are sorted lists of tiles ``0..95`` (:mod:`numbergames.solver.sumoku.tiles`)."""

    perfect_information = True
    """The hands lie face up (rule 9); only the bag's order is hidden, and that is chance."""

    def __init__(self, rules: SumokuRules | None = None) -> None:
        r = self.rules = rules if rules is not None else SumokuRules()
        n = self.num_players = r.players
        self.bag: list[Tile] = list(range(NTILES))
        """The tiles in the bag, ascending (what it holds is public, not its order)."""
        self._order: list[Tile] | None = None
        """The bag in drawing order, once the dice have shuffled it (hidden)."""
        self.hands: list[list[Tile]] = [[] for _ in range(n)]
        """By seat; while dealing, by dealing place."""
        self.dealt: list[int] = list(range(n))
        self.key = r.fixed_key or 0
        self.board = Board()
        self.points, self.penalties = [0] * n, [0] * n
        """Each seat's score so far (:meth:`scores`)."""
        self.placed, self.bonuses = [0] * n, [0] * n
        self.to_move = 0
        self.idle = 0
        """Turns in a row that placed no tile and drew none."""
        self.turns = self.decision_turns = self.passes = 0
        self.phase = DEAL
        self.pending = n * r.hand
        """Tiles still to draw at this deal or refill."""
        self.decided = self.acted = False
        """Within the turn: a choice among two or more plays was made; a tile was placed (or
        drawn by a stuck player)."""
        self._tied: list[int] = []
        self._plays: list[Play] | None = None
        self.trace: list[tuple[int, int, int]] | None = None
        """When a list: every play made as ``(seat, number of plays, index)`` (the kernel's
        decision trace; :func:`play_game`)."""

    # -- the decision API ------------------------------------------------------------------
    def current_player(self) -> Seat:
        if self.phase in (PLAY, BONUS):
            return self.to_move
        return TERMINAL if self.phase == OVER else CHANCE

    def plays(self) -> list[Play]:
        """The legal plays at this decision node, in canonical order (none: a pass)."""
        if self._plays is None:
            seat = self.to_move
            self._plays = legal_plays(self.board, self.hand_kinds(seat), self.key, self.rules) \
                if self.hands[seat] else []
        return self._plays

    def legal_actions(self) -> list[Action]:
        if self.phase in (PLAY, BONUS):
            return list(range(len(self.plays()))) or [PASS]
        if self.phase == OVER:
            return []
        return [outcome for outcome, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase in (DEAL, REFILL):
            counts = Counter(kind(t) for t in self.bag)
            size = len(self.bag)
            return [(k, float(Fraction(c, size))) for k, c in sorted(counts.items())]
        if self.phase == START:
            return [(d, 1.0 / len(self._tied)) for d in self._tied]
        if self.phase == KEY:
            return [(k, float(p)) for k, p in key_chances(self.rules.key).items()]
        raise ValueError("not a chance node")

    def draw_chance(self, dice: Stream) -> Action:
        if self.phase in (DEAL, REFILL):
            if self._order is None:
                if len(self.bag) == NTILES:
                    self._order = shuffled_bag(dice)
                else:
                    self._order = _fisher_yates(list(self.bag), dice)
            return kind(self._order[0])
        if self.phase == START:
            return self._tied[dice.below(len(self._tied))]
        if self.phase == KEY:
            if self.rules.key == KEY_DIE:
                return KEY_FACES[dice.below(len(KEY_FACES))]
            if self.rules.key == KEY_CHALLENGE:
                first = KEY_FACES[dice.below(len(KEY_FACES))]
                return first + KEY_FACES[dice.below(len(KEY_FACES))]
        raise ValueError("not a chance node")

    def apply_action(self, action: Action) -> None:
        phase = self.phase
        if phase in (PLAY, BONUS):
            self._decide(action)
        elif phase in (DEAL, REFILL):
            self._draw(action)
        elif phase == START:
            if action not in self._tied:
                raise ValueError(f"{action} is not a tied dealing place {self._tied}")
            self._start(action)
        elif phase == KEY:
            if action not in key_chances(self.rules.key):
                raise ValueError(f"{action} is no key number of key={self.rules.key}")
            self.key = action
            self.phase = PLAY
        else:
            raise ValueError("the game is over")

    def clone(self) -> "SumokuState":
        twin = object.__new__(SumokuState)
        twin.__dict__.update(self.__dict__)
        twin.bag = list(self.bag)
        twin._order = None if self._order is None else list(self._order)
        twin.hands = [list(h) for h in self.hands]
        twin.dealt = list(self.dealt)
        twin.board = Board(dict(self.board.cells))
        for name in ("points", "penalties", "placed", "bonuses"):
            setattr(twin, name, list(getattr(self, name)))
        twin._tied = list(self._tied)
        twin.trace = None
        return twin

    def _signature(self) -> tuple:
        """What matters for the rest of the game (the bag's hidden order does not: it is
        the dice's; nor which copy of a kind a hand holds)."""
        return (self.rules, self.phase, self.to_move, self.key, self.pending, self.idle,
                self.decided, self.acted, self.turns, self.decision_turns, self.passes,
                tuple(self._tied), tuple(sorted(Counter(kind(t) for t in self.bag).items())),
                tuple(tuple(kind(t) for t in h) for h in self.hands),
                tuple(sorted(self.board.cells.items())), tuple(self.points),
                tuple(self.penalties), tuple(self.placed), tuple(self.bonuses))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SumokuState):
            return NotImplemented
        return self._signature() == other._signature()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        best = max(self.points)
        return win_returns(self.num_players,
                           [s for s, score in enumerate(self.points) if score == best])

    def scores(self) -> list[int]:
        """Each seat's score (the row's ``seat_score``; the hand penalty deducted once the
        game is over)."""
        return list(self.points)

    def action_to_string(self, action: Action) -> str:
        if self.phase in (PLAY, BONUS):
            plays = self.plays()
            if not plays:
                return "pass" if self.phase == PLAY else "end the turn"
            play = plays[action]
            tiles = " ".join(f"{_word(k, v)}@{r},{c}" for r, c, k, v in play.tiles)
            return f"{tiles} ({play.score}{', bonus' if play.bonus else ''})"
        if self.phase in (DEAL, REFILL):
            return f"draw {text(action)}"
        if self.phase == START:
            return f"dealing place {action} starts"
        if self.phase == KEY:
            return f"key {action}"
        return "none"

    def __str__(self) -> str:
        head = (f"{_PHASES[self.phase]}; key {self.key or '?'}; seat {self.to_move} to move; "
                f"scores {' '.join(map(str, self.points))}; turn {self.turns}; "
                f"bag {len(self.bag)}")
        pattern = format_pattern({c: k for c, (k, _) in self.board.cells.items()},
                                 {c: v for c, (_, v) in self.board.cells.items()}) \
            if self.board.cells else "(no tiles laid)"
        hands = [f"hand {s}: {' '.join(text(kind(t)) for t in h)}"
                 for s, h in enumerate(self.hands)]
        return "\n".join([head, pattern, *hands])

    # -- what players read -----------------------------------------------------------------
    def hand_kinds(self, seat: int) -> list[Kind]:
        return [kind(t) for t in self.hands[seat]]

    @property
    def bag_left(self) -> int:
        return len(self.bag)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> int:
        """The seat with the highest score, or DRAW for a tie for it (rule 23)."""
        best = max(self.points)
        top = [s for s, score in enumerate(self.points) if score == best]
        return top[0] if len(top) == 1 else DRAW

    def row(self) -> dict[str, Any]:
        """The game's result as the kernel reports it."""
        ordered = sorted(self.points, reverse=True)
        return {
            "winner": self.winner, "turns": self.turns, "decision_turns": self.decision_turns,
            "key": self.key, "bonus_turns": sum(self.bonuses), "passes": self.passes,
            "bag_left": self.bag_left,
            "tiles_left": self.bag_left + sum(len(h) for h in self.hands),
            "margin": ordered[0] - ordered[1],
            "seat_score": list(self.points), "seat_penalty": list(self.penalties),
            "seat_tiles": list(self.placed), "seat_bonus_turns": list(self.bonuses),
        }

    def playout(self, dice: Stream) -> "SumokuState":
        """A copy for a search's playout: hands lie face up, so only the order of the bag is
        unknown; the copy's bag holds the same tiles, shuffled by ``dice`` (Fisher–Yates
        over the tiles still in it, from the last, starting from the order the state keeps,
        else ascending — the kernel's playouts)."""
        twin = self.clone()
        twin._order = _fisher_yates(list(self._order if self._order is not None else self.bag),
                                    dice)
        return twin

    # -- the moves -------------------------------------------------------------------------
    def _decide(self, action: int) -> None:
        seat = self.to_move
        plays = self.plays()
        self._plays = None
        if not plays:
            if action != PASS:
                raise ValueError(f"seat {seat} has no play: the one action is {PASS}")
            if self.phase == BONUS:   # the bonus play cannot be made: the turn ends
                self._refill(max(self.rules.hand - len(self.hands[seat]), 0))
                return
            self.passes += 1
            if self.rules.stuck == "draw" and self.bag:
                self.acted = True
                self._refill(1)
                return
            self._refill(0)
            return
        if not 0 <= action < len(plays):
            raise ValueError(f"no play {action}: {len(plays)} legal plays")
        if len(plays) > 1:
            self.decided = True
        if self.trace is not None:
            self.trace.append((seat, len(plays), action))
        play = plays[action]
        self.board.place(play.tiles)
        hand = self.hands[seat]
        for k in play.kinds:
            hand.remove(next(t for t in hand if kind(t) == k))
        self.points[seat] += play.score
        self.placed[seat] += len(play.tiles)
        self.bonuses[seat] += self.phase == BONUS
        self.acted = True
        if self.rules.bonus and play.bonus and hand:
            self.phase = BONUS
        else:
            self._refill(max(self.rules.hand - len(hand), 0))

    def _refill(self, count: int) -> None:
        """The end of the turn: ``count`` tiles to draw while the bag lasts."""
        self.pending = min(count, len(self.bag))
        if self.pending:
            self.phase = REFILL
        else:
            self._end_turn()

    def _take(self, k: Kind) -> Tile:
        """The tile of kind ``k`` drawn from the bag: the one the shuffled bag holds next,
        else (or if that is another kind) the lowest copy of ``k`` left."""
        order = self._order
        if order is not None:
            j = next((i for i, t in enumerate(order) if kind(t) == k), None)
            if j is None:
                raise ValueError(f"no {text(k)} left in the bag")
            order[0], order[j] = order[j], order[0]
            tile = order.pop(0)
        else:
            tile = next((t for t in self.bag if kind(t) == k), None)
            if tile is None:
                raise ValueError(f"no {text(k)} left in the bag")
        self.bag.remove(tile)
        return tile

    def _draw(self, k: int) -> None:
        tile = self._take(k)
        self.pending -= 1
        if self.phase == DEAL:
            n, hand = self.num_players, self.rules.hand
            place = (n * hand - self.pending - 1) // hand
            insort(self.hands[place], tile)
            if not self.pending:
                self._deal_done()
        else:
            insort(self.hands[self.to_move], tile)
            if not self.pending:
                self._end_turn()

    def _deal_done(self) -> None:
        """Who starts (rules 10, 11)."""
        r = self.rules
        if r.start == "seat0":
            self._start(0)
            return
        totals = [hand_total(h) for h in self.hands]
        tied = [d for d, t in enumerate(totals) if t == min(totals)]
        if len(tied) == 1 or r.start_tie == "first":
            self._start(tied[0])
        else:
            self._tied = tied
            self.phase = START

    def _start(self, starter: int) -> None:
        n = self.num_players
        self._tied = []
        self.dealt = [(starter + s) % n for s in range(n)]
        self.hands = [self.hands[d] for d in self.dealt]
        self.points = [self.rules.starter_points] + [0] * (n - 1)   # rule 52
        self.phase = KEY if self.rules.fixed_key is None else PLAY

    def _end_turn(self) -> None:
        r = self.rules
        seat = self.to_move
        self.idle = 0 if self.acted else self.idle + 1
        self.turns += 1
        self.decision_turns += self.decided
        self.decided = self.acted = False
        self.pending = 0
        self.to_move = r.next_seat(seat, self.turns - 1)
        self.phase = PLAY
        if (r.all_idle(self.turns, self.idle)
                or (r.out_ends and not self.bag and not self.hands[seat])):
            self._finish()

    def _finish(self) -> None:
        """The hand penalty (rule 22) and the end."""
        for seat, hand in enumerate(self.hands):
            if self.rules.penalty:
                self.penalties[seat] = hand_total(hand)
                self.points[seat] -= self.penalties[seat]
        self.phase = OVER

    # -- notation --------------------------------------------------------------------------
    def to_text(self) -> str:
        """The position at the start of a turn (module docstring): a header, the pattern,
        one ``hand:`` line per seat. The counters (turns, passes, ...) are not written."""
        if self.phase != PLAY or self.decided or self.acted:
            raise ValueError("a position is written at the start of a turn")
        head = (f"key: {self.key}; to move: {self.to_move}; "
                f"scores: {' '.join(map(str, self.points))}")
        lines = []
        if self.board.cells:
            min_r, _, min_c, _ = self.board.bounds()
            head += f"; at: {min_r} {min_c}"
            lines = format_pattern({c: k for c, (k, _) in self.board.cells.items()},
                                   {c: v for c, (_, v) in self.board.cells.items()}
                                   ).split("\n")
        hands = [("hand: " + " ".join(text(kind(t)) for t in h)).rstrip() for h in self.hands]
        return "\n".join([head, *lines, *hands])

    @classmethod
    def from_text(cls, source: str, rules: SumokuRules | None = None) -> "SumokuState":
        """The position written by :meth:`to_text` (the key, seat to move, scores and
        top-left cell may be left out: key of the rules, seat 0, no points, cell (0, 0));
        the number of ``hand:`` lines is the number of players. The bag holds every other
        tile; the board and the hands take the lowest copies of each kind."""
        rows = plain_text(source).strip("\n").split("\n")
        header: dict[str, str] = {}
        if rows and ":" in rows[0] and not rows[0].strip().lower().startswith("hand:"):
            for part in rows.pop(0).split(";"):
                name, _, value = part.partition(":")
                header[name.strip().lower()] = value.strip()
        hand_rows = [row for row in rows if row.strip().lower().startswith("hand:")]
        pattern_rows = [row for row in rows if not row.strip().lower().startswith("hand:")]
        base = rules if rules is not None else SumokuRules()
        rules = base.replace(players=len(hand_rows)) if len(hand_rows) != base.players else base
        key = int(header["key"]) if "key" in header else rules.fixed_key
        if key is None:
            raise ValueError("no key number: write 'key: N' or fix the rules' key")
        state = cls(rules)
        pool = list(range(NTILES))

        def take(k: Kind) -> Tile:
            tile = next((t for t in pool if kind(t) == k), None)
            if tile is None:
                raise ValueError(f"tile {text(k)} appears more than twice (there are two)")
            pool.remove(tile)
            return tile

        if any(row.strip() for row in pattern_rows):
            pattern, pinned = parse_pattern("\n".join(pattern_rows))
            top, left = (int(x) for x in header.get("at", "0 0").split())
            for (r, c), k in sorted(pattern.items()):
                take(k)
                if is_six(k) and rules.six_is_nine:
                    value = FREE if rules.six_value == "per_line" else pinned.get((r, c), SIX)
                else:
                    value = kind_number(k)
                state.board.cells[(r + top, c + left)] = (k, value)
        state.hands = [sorted(take(parse(w)) for w in row.split(":", 1)[1].split())
                       for row in hand_rows]
        state.bag = pool
        state.key = key
        state.to_move = int(header.get("to move", 0))
        if "scores" in header:
            state.points = [int(x) for x in header["scores"].split()]
            if len(state.points) != rules.players:
                raise ValueError(f"{len(state.points)} scores for {rules.players} players")
        state.pending = 0
        state.phase = PLAY
        return state


def _word(k: Kind, value: int) -> str:
    return text(k)[0] + str(NINE) if value == NINE and is_six(k) else text(k)


def _fisher_yates(tiles: list[Tile], dice: Stream) -> list[Tile]:
    """``tiles`` shuffled in place from the last (rule 24's shuffle, on any bag)."""
    for i in range(len(tiles) - 1, 0, -1):
        j = dice.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def size(rules: SumokuRules) -> Size:
    """The bounds a bridge declares for ``rules`` (:class:`numbergames.solver.decision.Size`).

    Actions: a play is at most six new tiles of distinct colours in one window of a line;
    a window must hold a tile of the pattern or a cell beside one (at most 96 + 4 × 96
    cells, each in at most 2 × (2 + 3 + 4 + 5 + 6) windows) or, on an empty board, be one
    of the 5 first lines; its empty cells take distinct kinds of the hand in order, each a
    "6" with at most two values. A hand holds at most ``hand`` tiles (``stuck = draw``: up
    to every tile). The bound is loose (an honest ceiling on an index, not a count), and
    past :data:`MAX_ACTIONS` it is that: a position with more legal plays could not be
    listed (the list alone would fill hundreds of gigabytes; a full hand of 8 has about
    3,000 plays on average).
    Chance: 48 kinds, 5 dealing places or key numbers up to 10. Length: every tile is
    drawn at most once (96 nodes), every play lays a tile (96), the start tie and the key
    (2), and every turn has at most one pass or ended bonus — at most 2 × 96 turns lay or draw
    tiles, and at most ``players`` idle turns come before each of them and at the end
    (``2 × players − 1`` under the snake order)."""
    most = NTILES if rules.stuck == "draw" else rules.hand
    kinds = min(NKINDS, most)
    windows = (NTILES + 4 * NTILES) * 2 * sum(range(2, 7))
    per_window = sum(perm(kinds, e) * 2 ** e for e in range(1, min(6, kinds) + 1))
    actions = min(windows * per_window, MAX_ACTIONS)
    idle = rules.players if rules.order == "fixed" else 2 * rules.players - 1
    turns = 2 * NTILES + (2 * NTILES + 1) * idle
    return Size(num_distinct_actions=actions, max_chance_outcomes=NKINDS,
                max_game_length=NTILES + NTILES + 2 + 2 * turns)


def play_game(rules: SumokuRules, players: Sequence[Player], key: Key,
              trace: list | None = None) -> SumokuState:
    """One whole game from its key: :func:`numbergames.solver.decision.play` from the start.
    ``trace``, if a list, gets every play made as ``(seat, number of plays, chosen index)``
    (the kernel's decision trace)."""
    state = SumokuState(rules)
    state.trace = trace
    return play(state, players, key)
