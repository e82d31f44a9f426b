"""Stepping a :class:`numbergames.solver.sumoku.state.SumokuState` through the decision API a turn at a
time, for the tests that look at a game between turns (the games themselves are played by
:func:`numbergames.solver.decision.play`)."""
from __future__ import annotations

from numbergames.solver.dice import game_streams
from numbergames.solver.sumoku.state import SumokuState
from numbergames.solver.sumoku.tiles import LETTERS, kind, kind_colour, text


class Stepper:
    """A seeded game, advanced node by node as :func:`numbergames.solver.decision.play` does: chance
    outcomes from the dice stream, decisions from the players (asked only between two or
    more actions), from the streams of ``seed``."""

    def __init__(self, rules, players, seed: int = 0, state: SumokuState | None = None,
                 draws=()) -> None:
        self.state = state if state is not None else SumokuState(rules)
        self.players = players
        self.dice, self.choices = game_streams(seed)
        self.draws = list(draws)
        """Kinds to draw at the next chance nodes (a position set up by hand), before the
        dice's."""
        self.start()

    def __getattr__(self, name: str):
        """The state's attributes, read through the stepper."""
        return getattr(self.__dict__["state"], name)

    def next_action(self) -> int:
        """The action or outcome to apply at this node."""
        state = self.state
        if state.is_chance_node():
            return self.draws.pop(0) if self.draws else state.draw_chance(self.dice)
        actions = state.legal_actions()
        return (actions[0] if len(actions) == 1
                else self.players[state.current_player()].choose(state, self.choices))

    def step(self) -> None:
        self.state.apply_action(self.next_action())

    def start(self) -> SumokuState:
        """Through the chance nodes to the first decision (or the end)."""
        while self.state.is_chance_node():
            self.step()
        return self.state

    def play_turn(self) -> SumokuState:
        """The turn of the seat to move, its refill included."""
        state = self.state
        turns = state.turns
        while not state.over and state.turns == turns:
            self.step()
        return state

    def run(self) -> SumokuState:
        """To the end, turn by turn."""
        while not self.state.over:
            self.play_turn()
        return self.state


def placed_word(k: int, value: int) -> str:
    """A placed tile: colour letter and the value it lies with (a "6" as 9: ``G9``)."""
    return f"{LETTERS[kind_colour(k)]}{value}"


def words(tiles) -> list[str]:
    return [text(kind(t)) for t in sorted(tiles)]


class Recorder(Stepper):
    """A stepper writing every turn down as ``tests/data/sumoku_games.json`` does: the seat,
    the hand it started with, each play (tiles, score, bonus) and the tiles it drew; and
    every tile in the order it left the bag (``drawn``)."""

    def __init__(self, *args, **kwargs) -> None:
        self.log: list[dict] = []
        self.drawn: list[int] = []
        self.open = False
        self.drew: list[int] = []
        super().__init__(*args, **kwargs)

    def step(self) -> None:
        state = self.state
        turns, bag = state.turns, set(state.bag)
        if not state.is_chance_node() and not self.open:
            self.log.append({"seat": state.to_move,
                             "hand": words(state.hands[state.to_move]), "plays": []})
            self.open, self.drew = True, []
        chance, action = state.is_chance_node(), self.next_action()
        if not chance and state.plays():
            play = state.plays()[action]
            self.log[-1]["plays"].append({
                "tiles": [[r, c, placed_word(k, v)] for r, c, k, v in play.tiles],
                "score": play.score, "bonus": play.bonus})
        state.apply_action(action)
        taken = sorted(bag - set(state.bag))
        self.drawn += taken
        self.drew += taken
        if self.open and (state.turns != turns or state.over):
            self.log[-1]["drew"] = words(self.drew)
            self.open = False


def kernel_game(rules, players, key: int) -> tuple[list[tuple[int, int, int]], dict]:
    """One game by the kernel, node by node through its decision API (``KernelState``),
    with ``players``: every play made as ``(seat, number of plays, chosen index)`` (the
    reference engine's ``trace``) and where its tiles are at the end
    (``numbergames.cext.sumoku.play.game_tiles``)."""
    from numbergames.cext.sumoku.play import game_tiles
    from numbergames.solver.sumoku.kernel import kernel_state

    state = kernel_state(rules, list(players), key)
    trace = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.draw_chance())
            continue
        seat = state.current_player()
        plays = len(state.legal_actions())
        before = game_tiles(state)["board"]
        action = state.decide()
        state.apply_action(action)
        if len(game_tiles(state)["board"]) > len(before):   # a play, not a pass
            trace.append((seat, plays, action))
    return trace, game_tiles(state)
