"""Write ``tests/data/shoo_games.json``: five complete short games of Shoo with every move,
the position after it and the final result, for reading and checking by hand.

Run once from the repository root (``python tests/data/make_shoo_games.py``); the file is
then checked by hand against the rulebook (see the docstring of
``tests/shoo/test_known_answers.py``) and is *not* rewritten when the engines change: the
test replays it through both engines, so a change of behaviour fails the test instead of
silently rewriting the expected answers.

One game is played from the start by two ``greedy`` players from a key (``players``,
``key``), so that the kernel can replay it whole (``play_chunk``). The others are scripted
by hand (``moves``, in the move notation of ``solver/shoo/movetext.py``) from positions set
up by hand (``setup``, written as ``start`` in the notation of ``solver/shoo/notation.py``),
each to its end: a win, the move limit or a repetition.

A step records the ``move``, the ``position`` after it, and the shoo detection of that
position for the side to move then (``shooable``: its travellers the other side may shoo;
``shooed_off``: those of them a shoo would send off), squares by name; a move that begins
by hushing also records the position after the hush and before its action (``hushed``).
"""
from __future__ import annotations

import json
from pathlib import Path

from numbergames.solver.decision import play
from numbergames.solver.shoo.board import name
from numbergames.solver.shoo.moves import apply_hush, detect
from numbergames.solver.shoo.movetext import move_text, parse_move
from numbergames.solver.shoo.notation import arrange, write
from numbergames.solver.shoo.policies import make_policy
from numbergames.solver.shoo.position import start
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.state import ShooState

OUT = Path(__file__).with_name("shoo_games.json")
ENDED = ("win", "move limit", "repetition")

SCRIPTED = [
    # (name, rules, the position set up by numbergames.solver.shoo.notation.arrange: pieces, side to
    # move, horses in the stables, horses in the pastures; the moves)
    {"name": "shoo-off and Blue's win", "rules": {},
     "setup": ["B:a7,b7,c7,a8,c8,c9,d9,d8,d7 W:a9,g1,h1,i1,g2,h2,i2,g3,h3", "b", [0, 0],
               [5, 4]],
     "moves": ["c8-b8+a9", "a9>S", "d8-c8", "h3-i3", "b8-a9", "i3-h3", "c9-b9", "h3-i3",
               "d9-c9", "i3-h3", "c8-b8", "h3-i3", "d7-c8"]},
    {"name": "capture, call, mount, dismount, retire; the move limit",
     "rules": {"max_plies": 10},
     "setup": ["B:d4,e2,a7,b7,c7,a8,b8,c8,a9 w:e5 W:f7,g1,h1,i1,g2,h2,i2,g3 h:c4", "b",
               [1, 1], [3, 2]],
     "moves": ["d4xe5>f6-e8", "H@g6", "e2-e3", "f6^g6-i8", "e8>d8", "f7-f8", "H!e8",
               "i8-i4", "H@d5", "i4>i3"]},
    {"name": "a dismount hushed under shoo_off, then Blue's win", "rules": {"hush": "shoo_off"},
     "setup": ["B:a7,b7,c7,a8,b8,c8,a9,b9,e6 w:e8 W:g1,h1,i1,g2,h2,i2,g3,h3", "b", [0, 0],
               [4, 4]],
     "moves": ["e6-d7", "e8>d8", "hush:d7-d8", "T@e9", "d8-c9"]},
    {"name": "a step hushed under lose_move, its shoo lapsing; a draw by repetition",
     "rules": {"hush": "lose_move", "repetition": 2},
     "setup": ["B:b4,d4,a7,b7,c7,a8,b8,c8,a9 W:c6,e4,g1,h1,i1,g2,h2,i2,g3", "w", [0, 0],
               [5, 4]],
     "moves": ["c6-c5+d4", "hush:b4-b5", "e4-f4", "b5-b4", "f4-e4", "b4-b5"]},
]

KEYED = {"name": "greedy against greedy from the start (hush = lose_move)",
         "rules": {"hush": "lose_move", "odd_horse": "field", "max_plies": 16},
         "players": ["greedy", "greedy"], "key": 14903876974979881461}


def squares(bits: list[int]) -> list[str]:
    return [name(s) for s in bits]


def step(game: ShooState, move) -> dict:
    hushed = write(apply_hush(game.position)) if move.hush else None
    game.apply_move(move)
    shooable, off = detect(game.position)
    out = {"move": move_text(move), "position": write(game.position),
           "shooable": squares(shooable), "shooed_off": squares(off)}
    return out if hushed is None else {**out, "hushed": hushed}


def result(game: ShooState) -> dict:
    row = game.row()
    return {"winner": row["winner"], "ended_by": ENDED[row["ended_by"]], "plies": row["turns"],
            "hushes": row["hushes"], "shoos": row["seat_shoos"],
            "shoo_offs": row["seat_shoo_offs"], "captures": row["seat_captures"],
            "home": row["seat_home"]}


def scripted(case: dict) -> dict:
    rules = ShooRules(**case["rules"])
    pieces, side, stable, pasture = case["setup"]
    position = arrange(pieces, side, rules, tuple(stable), tuple(pasture))
    game = ShooState(position=position)
    steps = [step(game, parse_move(game.position, text)) for text in case["moves"]]
    assert game.winner is not None, f"{case['name']}: the game has not ended"
    return {"name": case["name"], "rules": case["rules"], "start": write(position),
            "steps": steps, "result": result(game)}


def keyed(case: dict) -> dict:
    rules = ShooRules(**case["rules"])
    players = [make_policy(p, rules) for p in case["players"]]
    trace: list = []
    game = play(ShooState(rules), players, case["key"], trace=trace)
    replay = ShooState(rules)
    steps = [step(replay, replay.move_of(action)) for _, action in trace]
    assert replay == game
    return {**case, "start": write(start(rules)), "steps": steps,
            "result": {**result(game), "decision_turns": game.decision_plies}}


def dumps(games: list[dict]) -> str:
    """JSON with one line per step, so that a game reads from top to bottom."""
    parts = []
    for game in games:
        head = {k: v for k, v in game.items() if k not in ("steps", "result", "moves")}
        lines = [json.dumps(head)[:-1] + ', "steps": [']
        lines += [" " + json.dumps(s) + "," for s in game["steps"]]
        lines[-1] = lines[-1][:-1]
        lines.append(' ], "result": ' + json.dumps(game["result"]) + "}")
        parts.append("\n".join(lines))
    return "[\n" + ",\n".join(parts) + "\n]\n"


def main() -> None:
    games = [keyed(KEYED)] + [scripted(case) for case in SCRIPTED]
    OUT.write_text(dumps(games))
    print(f"wrote {OUT}: {[len(g['steps']) for g in games]} moves")


if __name__ == "__main__":
    main()
