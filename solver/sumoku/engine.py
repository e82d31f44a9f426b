"""The Sumoku main-game reference engine: every rule of RULES.md (8 to 25), in plain Python.

This engine is the specification in code; a kernel must play the same games from the same
keys. Its randomness comes from :mod:`solver.dice`: the game's **dice** stream shuffles the
bag, breaks a tie for the start and rolls the key (rule 24); the **choice** stream gives
the random player's choices.

A turn: the player's legal plays are listed in canonical order
(:func:`solver.sumoku.moves.legal_plays`); with two or more the player picks one by index
(:class:`Policy`), with one it is played, with none the player is stuck (rule 20). A play
that earns a bonus lets the player play again from the hand, without drawing (rule 19);
the refill comes at the end of the turn. The game ends after a full round of turns that
placed no tile and drew none (rule 21), or with ``out_ends`` when the bag is empty and the
player who just played holds nothing.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from solver.dice import Stream, game_streams
from solver.registry import DRAW
from solver.sumoku.board import Board
from solver.sumoku.moves import Play, legal_plays
from solver.sumoku.rules import SumokuRules
from solver.sumoku.tiles import NTILES, Kind, Tile, kind, number, roll_key


GAME_COLUMNS = {
    "key": "the key number played",
    "bonus_turns": "bonus plays made, all players together",
    "passes": "turns with no play",
    "bag_left": "tiles in the bag at the end",
    "tiles_left": "tiles in the bag and the hands at the end",
    "margin": "the highest score minus the next",
}
"""The game-level result columns (RULES.md rule 26), in the engines' order."""
SEAT_COLUMNS = {
    "score": "points at the end, the hand penalty deducted",
    "penalty": "the value of the tiles left in hand, deducted at the end",
    "tiles": "tiles placed",
    "bonus_turns": "bonus plays made",
}
"""The per-seat result columns, in the engines' order."""


class Policy(Protocol):
    """How a seat plays."""

    name: str

    def choose(self, game: "Game", seat: int, plays: list[Play], choices: Stream) -> int:
        """The index of the chosen play (there are two or more)."""


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


@dataclass
class Game:
    """A Sumoku main game in progress. Seats are numbered in playing order from the
    starter (rule 10); ``dealt[s]`` is seat s's place in the dealing order."""

    rules: SumokuRules
    policies: Sequence[Policy]
    dice: Stream
    choices: Stream
    bag: list[Tile] = field(default_factory=list)
    drawn: int = 0
    """Tiles drawn from the bag so far (the bag is ``bag[drawn:]``)."""
    hands: list[list[Tile]] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    key: int = 0
    board: Board = field(default_factory=Board)
    scores: list[int] = field(default_factory=list)
    to_move: int = 0
    idle: int = 0
    """Turns in a row that placed no tile and drew none."""
    over: bool = False
    turns: int = 0
    decision_turns: int = 0
    passes: int = 0
    penalties: list[int] = field(default_factory=list)
    placed: list[int] = field(default_factory=list)
    bonuses: list[int] = field(default_factory=list)
    trace: list[tuple[int, int, int]] | None = None
    """When a list: every choice as ``(seat, number of plays, chosen index)``."""

    def __post_init__(self) -> None:
        r = self.rules
        n = r.players
        self.bag = shuffled_bag(self.dice)
        by_deal = [self.draw(r.hand) for _ in range(n)]
        starter = self.starter(by_deal)
        self.dealt = [(starter + s) % n for s in range(n)]
        self.hands = [by_deal[d] for d in self.dealt]
        self.key = roll_key(r.key, self.dice)
        self.scores, self.penalties = [0] * n, [0] * n
        self.placed, self.bonuses = [0] * n, [0] * n

    # -- tiles -----------------------------------------------------------------------------
    @property
    def bag_left(self) -> int:
        return NTILES - self.drawn

    def draw(self, count: int) -> list[Tile]:
        """Up to ``count`` tiles from the bag, sorted."""
        take = self.bag[self.drawn:self.drawn + count]
        self.drawn += len(take)
        return sorted(take)

    def starter(self, by_deal: list[list[Tile]]) -> int:
        """The dealing place of the player who starts (rules 10, 11)."""
        if self.rules.start == "seat0":
            return 0
        totals = [hand_total(h) for h in by_deal]
        tied = [d for d, t in enumerate(totals) if t == min(totals)]
        if len(tied) == 1 or self.rules.start_tie == "first":
            return tied[0]
        return tied[self.dice.below(len(tied))]

    def hand_kinds(self, seat: int) -> list[Kind]:
        return [kind(t) for t in self.hands[seat]]

    # -- turns -----------------------------------------------------------------------------
    def plays(self, seat: int) -> list[Play]:
        return legal_plays(self.board, self.hand_kinds(seat), self.key, self.rules)

    def apply(self, seat: int, play: Play) -> None:
        """Lay the play's tiles (the lowest tile of each kind from the hand) and score it."""
        self.board.place(play.tiles)
        hand = self.hands[seat]
        for k in play.kinds:
            hand.remove(next(t for t in hand if kind(t) == k))
        self.scores[seat] += play.score
        self.placed[seat] += len(play.tiles)

    def play_turn(self, first: Play | None = None) -> None:
        """The turn of the player to move; ``first``, if given, is its first play (a search
        player's playout, which must be legal)."""
        seat = self.to_move
        r = self.rules
        decided = acted = False
        bonus = False
        while self.hands[seat]:
            if first is not None:
                play, first = first, None
            else:
                plays = self.plays(seat)
                if not plays:
                    break
                index = 0
                if len(plays) > 1:
                    decided = True
                    index = self.policies[seat].choose(self, seat, plays, self.choices)
                if self.trace is not None:
                    self.trace.append((seat, len(plays), index))
                play = plays[index]
            self.apply(seat, play)
            self.bonuses[seat] += bonus
            acted = True
            if not (r.bonus and play.bonus):
                break
            bonus = True
        if acted:
            self.hands[seat] = sorted(self.hands[seat] + self.draw(r.hand - len(self.hands[seat])))
        else:
            self.passes += 1
            if r.stuck == "draw" and self.bag_left:
                self.hands[seat] = sorted(self.hands[seat] + self.draw(1))
                acted = True
        self.idle = 0 if acted else self.idle + 1
        self.turns += 1
        self.decision_turns += decided
        self.to_move = (seat + 1) % r.players
        if self.idle >= r.players or (r.out_ends and not self.bag_left and not self.hands[seat]):
            self.finish()

    def playout(self, policies: Sequence[Policy], dice: Stream) -> "Game":
        """A copy of the game for a search's playout, played by ``policies``: hands lie
        face up, so only the order of the bag is unknown; the copy's bag holds the same
        tiles, shuffled by ``dice`` (Fisher–Yates over the tiles still in it, from the
        last)."""
        rest = self.bag[self.drawn:]
        for i in range(len(rest) - 1, 0, -1):
            j = dice.below(i + 1)
            rest[i], rest[j] = rest[j], rest[i]
        twin = copy.copy(self)
        twin.policies, twin.dice, twin.trace = policies, dice, None
        twin.bag = self.bag[:self.drawn] + rest
        twin.board = Board(dict(self.board.cells))
        twin.hands = [list(h) for h in self.hands]
        for name in ("scores", "penalties", "placed", "bonuses"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    def finish(self) -> None:
        """The hand penalty (rule 22) and the end."""
        for seat, hand in enumerate(self.hands):
            if self.rules.penalty:
                self.penalties[seat] = hand_total(hand)
                self.scores[seat] -= self.penalties[seat]
        self.over = True

    def run(self) -> "Game":
        while not self.over:
            self.play_turn()
        return self

    # -- results ---------------------------------------------------------------------------
    @property
    def winner(self) -> int:
        """The seat with the highest score, or DRAW for a tie for it (rule 23)."""
        best = max(self.scores)
        top = [s for s, score in enumerate(self.scores) if score == best]
        return top[0] if len(top) == 1 else DRAW

    def row(self) -> dict[str, Any]:
        """The game's result as the kernel reports it."""
        ordered = sorted(self.scores, reverse=True)
        return {
            "winner": self.winner, "turns": self.turns, "decision_turns": self.decision_turns,
            "key": self.key, "bonus_turns": sum(self.bonuses), "passes": self.passes,
            "bag_left": self.bag_left,
            "tiles_left": self.bag_left + sum(len(h) for h in self.hands),
            "margin": ordered[0] - ordered[1],
            "seat_score": list(self.scores), "seat_penalty": list(self.penalties),
            "seat_tiles": list(self.placed), "seat_bonus_turns": list(self.bonuses),
        }


def play_game(rules: SumokuRules, policies: Sequence[Policy], key: int,
              trace: list | None = None) -> Game:
    """One whole game from its key."""
    dice, choices = game_streams(key)
    game = Game(rules, policies, dice, choices, trace=trace)
    return game.run()
