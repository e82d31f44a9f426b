"""Writes ``tests/data/sumoku_games.json``: a few complete short Sumoku main games, turn by
turn, for ``tests/sumoku/test_recorded_games.py``.

Run it once from the repository root (``python -m tests.data.make_sumoku_games``, so that the
worktree's own ``solver`` is the one imported); the
games come from the reference engine (``solver/sumoku/state.py``), so the file says what
the engine did, not what the rulebook says. The test module's docstring says which games
were then checked by hand against the rulebook, play by play. Write the file again only for
a deliberate change of the rules; then check the hand-checked games by hand again.

Each game: its ``rules`` (parameters of ``SumokuRules`` that differ from the defaults), its
``players`` (one per seat, seat 0 the starter) and ``seed`` (the game key of
``numbergames.solver.dice.game_streams``); the ``key_number`` played; ``draw_order``, the tiles in the
order they left the bag (the hands were dealt whole, 'hand' tiles each, in dealing order;
``dealt`` maps each seat to its place in that order); ``turns``, each with its seat, the hand
it started with, its plays (tiles as ``[row, column, word]``, a "6" lying as 9 written with
9; the score and whether it earned a bonus turn) and the tiles it drew; the player's
``decisions`` as the engines trace them (seat, number of legal plays, index chosen); and
``final``: the hands left, every score (after the penalty), every penalty and the result
row of the engines.
"""
from __future__ import annotations

import json
from pathlib import Path

from numbergames.solver.sumoku.policies import make_policy
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.tiles import kind, text
from tests.sumoku.turns import Recorder, words

DATA = Path(__file__).resolve().parent / "sumoku_games.json"
GAMES = (
    ("two tiles a hand, key 5", {"hand": 2, "key": "5"}, ("greedy", "random"), 33),
    ("two tiles a hand, key 7, a tie", {"hand": 2, "key": "7"}, ("greedy", "random"), 288),
    ("three players, three tiles, key 8", {"hand": 3, "key": "8", "players": 3},
     ("greedy", "random", "lookahead"), 6),
    ("five tiles, key 6, a bonus turn", {"hand": 5, "key": "6"}, ("greedy", "random"), 312),
)
"""name, rules, players, seed."""


def record(name: str, values: dict, players: tuple[str, ...], seed: int) -> dict:
    rules = SumokuRules(**values)
    trace: list = []
    game = Recorder(rules, [make_policy(p, rules) for p in players], seed)
    game.state.trace = trace
    game.run()
    return {"name": name, "rules": values, "players": list(players), "seed": seed,
            "key_number": game.key, "dealt": game.dealt,
            "draw_order": [text(kind(t)) for t in game.drawn],
            "turns": game.log, "decisions": [list(d) for d in trace],
            "final": {"hands": [words(h) for h in game.hands], "scores": game.scores(),
                      "penalties": game.penalties, "row": game.row()}}


def main() -> None:
    games = [record(*g) for g in GAMES]
    DATA.write_text(json.dumps(games, indent=1) + "\n")


if __name__ == "__main__":
    main()
