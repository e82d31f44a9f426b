"""Write ``tests/data/sosooyoo_games.json``: seven complete, short So-Soo-Yoo games with
every step, for ``tests/sosooyoo/test_recorded_games.py``.

Run from the project root: ``python tests/data/make_sosooyoo_games.py``. The games are
played by the reference engine (``solver/sosooyoo/engine.py``, through its decision API
``solver/sosooyoo/state.py``); write the file again only
for a deliberate change of the rules or of the players, and then check the hand-checked
games again by hand (the test module's docstring says how they were checked), since the
file is only as right as that check.

A game is recorded as its rules (the values that differ from the defaults), its players
(one name a seat), its key, then steps: the set-up, and one step a turn. A step lists

* ``dice``: every die in the order it was drawn from the game's dice stream, as
  ``[sides, face]``: ``[6, 1..6]`` the moves die, ``[20, 0..19]`` and ``[10, 0..9]`` the two
  placement dice (tens, units: RULES.md rule 5), ``["say", 1]`` a say-the-numbers slip
  (``["say", 0]``: said right; drawn only when ``say_error > 0``);
* ``decisions``: every decision as ``[decision, chooser, subject, option]`` (the engine's
  ``trace``; decision 0 move, 1 where a bumped piece goes, 2 the ring a bump takes, 3 the
  ring a roller loses, 4 the ring an eleventh ring forces off, 5 the end-of-turn action:
  0 nothing, 1 + j swap with seat j, 7 + c discard colour c), forced ones included;
* ``moves``: the mover's moves, each with where from and where to and, after it (its ring
  collected, its bumps made, the rings returned placed again), everybody's spaces ``pos``
  and rings ``held`` and the rings on the board ``ring_space``; ``roll``: the moves die
  (``null`` when the player won without rolling, rule 33);
* ``state`` after the step: each seat's space ``pos``, rings ``held[seat][colour]``, each
  colour's ring on the board ``ring_space`` (0: none), the ``boneyard``, and ``winner``.

``result`` is the game's result row (``Game.row``: winner, turns, the per-seat counters).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:               # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from numbergames.solver.decision import play  # noqa: E402
from numbergames.solver.sosooyoo.engine import Game, says_wrong  # noqa: E402
from numbergames.solver.sosooyoo.policies import make_policy  # noqa: E402
from numbergames.solver.sosooyoo.rules import SoSooYooRules  # noqa: E402
from numbergames.solver.sosooyoo.state import SoSooYooState  # noqa: E402

DATA = Path(__file__).resolve().parent / "sosooyoo_games.json"

GAMES = [
    # name, rules values, players, key, hand-checked
    ("popsicles-24", {"board_size": 24, "players": 3}, ["popsicle"] * 3, 149, True),
    ("adaptive-popsicle-24", {"board_size": 24, "players": 2}, ["adaptive", "popsicle"], 20,
     False),
    ("adaptive-199", {"players": 2}, ["adaptive", "adaptive"], 16, True),
    ("exact-count-199", {"players": 2}, ["adaptive", "popsicle"], 106, True),
    ("exact-count-swap-199", {"players": 2}, ["adaptive", "popsicle"], 45, True),
    ("learners-40", {"board_size": 40, "players": 3, "say_error": 0.3,
                     "ring_on_ring": "share", "double_zero": "reroll"},
     ["adaptive", "rainbow", "popsicle"], 5, False),
    ("random-cut-off-30", {"board_size": 30, "players": 2, "max_turns": 6},
     ["random", "random"], 3, False),
]


class RecordingDice:
    """The game's dice stream, writing down every die it gives (module docstring): a
    chance node draws ``below`` for the dice and ``word`` only for a say-the-numbers slip."""

    def __init__(self, dice, log: list[list], say_threshold: int) -> None:
        self.dice, self.log, self.say_threshold = dice, log, say_threshold

    def below(self, n: int) -> int:
        value = self.dice.below(n)
        self.log.append([n, value + 1] if n == 6 else [n, value])
        return value

    def word(self) -> int:
        w = self.dice.word()
        self.log.append(["say", int(says_wrong(w, self.say_threshold))])
        return w


def state(game: Game) -> dict:
    return {"pos": list(game.pos), "held": [list(h) for h in game.held],
            "ring_space": list(game.ring_space), "boneyard": list(game.boneyard),
            "winner": game.winner}


class Recorded(Game):
    """The engine's game, writing down each step (the set-up, each turn) in ``steps`` and
    each of the mover's moves in ``moves_made``: where from, where to, and everybody's
    spaces and rings and the rings on the board after it."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.dice_log: list[list] = []
        self.moves_made: list[dict] = []
        self.steps: list[dict] = []

    def step(self, d0: int, t0: int, m0: int) -> dict:
        """What happened since the dice log had ``d0`` entries, the trace ``t0`` and the
        moves ``m0``."""
        return {"dice": self.dice_log[d0:], "decisions": [list(map(int, d)) for d in self.trace[t0:]],
                "moves": self.moves_made[m0:], "state": state(self)}

    def land(self, seat: int, space: int, last: bool):
        here = self.pos[seat]
        yield from super().land(seat, space, last)
        self.moves_made.append({"from": here, "to": space, "pos": list(self.pos),
                                "held": [list(h) for h in self.held],
                                "ring_space": list(self.ring_space)})

    def set_up(self):
        yield from super().set_up()
        self.steps.append({"setup": True, **self.step(0, 0, 0)})

    def play_turn(self):
        d0, t0, m0, mover = len(self.dice_log), len(self.trace), len(self.moves_made), self.to_move
        yield from super().play_turn()
        s = self.step(d0, t0, m0)
        rolled = s["dice"] and s["dice"][0][0] == 6
        self.steps.append({"turn": self.turns - 1, "mover": mover,
                           "roll": s["dice"][0][1] if rolled else None, **s})


class RecordingState(SoSooYooState):
    """The decision API over a :class:`Recorded` game, its dice written down."""

    def draw_chance(self, dice) -> int:
        return super().draw_chance(RecordingDice(dice, self.game.dice_log,
                                                 self.game.say_threshold))


def record(values: dict, names: list[str], key: int, policies=None) -> dict:
    """Play the game with this key (:func:`numbergames.solver.decision.play`) and write down every step.

    ``policies`` (one a seat) replace the named players, e.g. players that replay a
    record's decisions; the names are still recorded."""
    rules = SoSooYooRules(**values)
    if policies is None:
        policies = [make_policy(name, rules) for name in names]
    game = Recorded(rules, trace=[])
    play(RecordingState(rules, game=game), policies, key)
    return {"rules": dict(values), "players": list(names), "key": key, "steps": game.steps,
            "result": game.row()}


def write() -> None:
    games = []
    for name, values, names, key, checked in GAMES:
        games.append({"name": name, "hand_checked": checked, **record(values, names, key)})
    text = json.dumps({"about": __doc__.split("\n\n")[0].replace("\n", " "), "games": games},
                      indent=None, separators=(",", ":"))
    # one game step a line: readable in a diff, small on disk
    text = text.replace(',{"setup"', ',\n{"setup"').replace(',{"turn"', ',\n{"turn"')
    text = text.replace('[{"setup"', '[\n{"setup"').replace(',{"name"', ',\n\n{"name"')
    DATA.write_text(text + "\n")


if __name__ == "__main__":
    write()
    print(f"wrote {DATA}")
