"""Write ``tests/data/manhome_recorded.json``: a few short, complete Man Home games with
every die, every choice and every step written out, for reading and checking by hand.

Run once from the repository root (``python tests/data/make_manhome_recorded.py``); the file
is then checked by hand against the rulebook (see the docstring of
``tests/manhome/test_known_answers.py``) and is *not* rewritten when the engines change:
the test replays it through both engines, so a change of behaviour fails the test instead
of silently rewriting the expected answers.

Each game is the first key of ``numpy.random.PCG64(seed).random_raw`` whose game (played by
the reference engine, ``numbergames.solver.manhome.state``) is short and shows the events the game is
chosen for (``WANTS``). A step records:

``seat``, ``option`` (``new man`` or ``action``), ``option_draw`` (the policy's draw
``below(2)`` on the choice stream when both options were legal, 0 = new man, else null),
``roll`` (the dice of the option: the row die and the d6 of a new man, the d6 of an
action), ``moves`` (an action's legal moves in canonical order), ``pick`` (the index drawn
on the choice stream, null when one move was legal), ``from``/``to`` (``from`` -1: the
reserve), ``faceoff`` (the attacker's and the defender's d6, a pair per roll-off),
``outcome``, then the board after the step (``men`` by seat, ``reserve``, ``home``) and
``next`` (the seat to move after the step).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from numbergames.solver.dice import CHOICE_SALT, Stream
from numbergames.solver.manhome.state import Kind, ManHomeState, Outcome, action_moves
from numbergames.solver.manhome.policies import make_policy
from numbergames.solver.manhome.rules import ManHomeRules
from tests.manhome.scripted import play_turn

OUT = Path(__file__).with_name("manhome_recorded.json")
OUTCOMES = {Outcome.STAND: "stand", Outcome.HOME: "home", Outcome.DEATH: "death",
            Outcome.MERGE: "merge", Outcome.KILL: "kill", Outcome.KILLED: "killed"}


class Logged(Stream):
    """A stream that remembers what it gave: (n, value of below(n))."""

    def __init__(self, state: int) -> None:
        super().__init__(state)
        self.log: list[tuple[int, int]] = []

    def below(self, n: int) -> int:
        value = super().below(n)
        self.log.append((n, value))
        return value


def record(rules: ManHomeRules, players: list[str], key: int) -> dict:
    """Play the game with this key and write down everything."""
    policies = [make_policy(p, rules) for p in players]
    dice, choices = Logged(key), Logged(key ^ CHOICE_SALT)
    game = ManHomeState(rules)
    steps = []
    while not game.over:
        seat = game.to_move
        men_before = list(game.men[seat])
        dice.log.clear()
        choices.log.clear()
        both = game.reserve[seat] > 0 and len(game.men[seat]) > 0
        step = play_turn(game, policies[seat], dice, choices)
        rolls = [v + 1 for _, v in dice.log]
        drawn = list(choices.log)
        option_draw = drawn.pop(0)[1] if both and players[seat] == "random" else None
        new = step.kind == Kind.NEW_MAN
        roll, faceoff = (rolls[:2], rolls[2:]) if new else (rolls[:1], rolls[1:])
        moves = [] if new else [list(m) for m in action_moves(men_before, step.kind)]
        pick = None
        if len(moves) > 1:
            pick = moves.index([step.source, step.target])
            if players[seat] == "random":
                assert drawn.pop(0) == (len(moves), pick)
        assert not drawn and len(faceoff) % 2 == 0
        steps.append({
            "seat": seat, "option": "new man" if new else "action", "option_draw": option_draw,
            "roll": roll, "moves": moves, "pick": pick, "from": step.source,
            "to": step.target, "faceoff": [faceoff[i:i + 2] for i in range(0, len(faceoff), 2)],
            "outcome": OUTCOMES[step.outcome],
            "men": [list(m) for m in game.men], "reserve": list(game.reserve),
            "home": list(game.home), "next": game.to_move})
    return {"rules": rules.changed(), "players": players, "key": key, "steps": steps,
            "result": {"winner": game.winner, "turns": game.turns,
                       "decision_turns": game.decision_turns,
                       "turns_by_seat": game.turns_by_seat, "home": game.home,
                       "reserve": game.reserve, "men": game.men, "kills": game.kills,
                       "deaths": game.deaths, "killed": game.killed}}


def tied(step: dict) -> bool:
    return any(a == d for a, d in step["faceoff"])


WANTS = [
    # (name, rules, players, seed, most turns, what the game must show)
    ("defender wins ties", {"board_rows": 2, "men_per_player": 2, "men_to_win": 2},
     ["random", "random"], 1, 22,
     lambda g: any(tied(s) and s["outcome"] == "killed" for s in g["steps"])
     and any(s["outcome"] == "kill" for s in g["steps"])
     and any(s["outcome"] == "home" and s["next"] == s["seat"] for s in g["steps"])
     and g["result"]["winner"] >= 0),
    ("attacker wins ties", {"board_rows": 2, "men_per_player": 2, "men_to_win": 2,
                            "tie": "attacker"},
     ["random", "random"], 2, 22,
     lambda g: any(tied(s) and s["outcome"] == "kill" for s in g["steps"])
     and g["result"]["winner"] >= 0),
    ("three players, reroll, no extra turn", {"players": 3, "board_rows": 2,
                                              "men_per_player": 3, "men_to_win": 2,
                                              "tie": "reroll", "extra_turn": False},
     ["random", "greedy", "random"], 3, 30,
     lambda g: any(len(s["faceoff"]) > 1 for s in g["steps"])
     and any(s["outcome"] == "merge" for s in g["steps"])
     and any(s["outcome"] == "home" for s in g["steps"]) and g["result"]["winner"] >= 0),
    ("cut off at max_turns", {"board_rows": 3, "men_per_player": 3, "men_to_win": 3,
                              "max_turns": 12},
     ["greedy", "random"], 4, 12,
     lambda g: g["result"]["winner"] == -1 and any(s["outcome"] == "death"
                                                   for s in g["steps"])),
    ("the full board, first man home wins", {"men_to_win": 1},
     ["greedy", "random"], 5, 16,
     lambda g: g["result"]["winner"] >= 0 and any(len(s["moves"]) > 1 for s in g["steps"])),
]


def dumps(games: list[dict]) -> str:
    """JSON with one line per step, so that a game reads from top to bottom."""
    parts = []
    for game in games:
        head = {k: v for k, v in game.items() if k not in ("steps", "result")}
        lines = [json.dumps(head)[:-1] + ', "steps": [']
        lines += [" " + json.dumps(step) + "," for step in game["steps"]]
        lines[-1] = lines[-1][:-1]
        lines.append(' ], "result": ' + json.dumps(game["result"]) + "}")
        parts.append("\n".join(lines))
    return "[\n" + ",\n".join(parts) + "\n]\n"


def main() -> None:
    games = []
    for name, values, players, seed, most, wanted in WANTS:
        rules = ManHomeRules(**values)
        for key in np.random.PCG64(seed).random_raw(100_000):
            game = record(rules, players, int(key))
            if len(game["steps"]) <= most and wanted(game):
                games.append({"name": name, "seed": seed, **game})
                break
        else:
            raise SystemExit(f"no game found for {name!r}")
    OUT.write_text(dumps(games))
    print(f"wrote {OUT}: {[len(g['steps']) for g in games]} steps")


if __name__ == "__main__":
    main()
