"""Pig, the dice game, written from nothing with the reference engine alone (no kernel):
the README's "Writing a game" walks through it. ``import examples.pig`` registers it.

The rules (``rules.py``), the game through the decision API (``state.py``), its players
(``players.py``) and here what the game is, for every analysis of the toolkit.
"""
from numbergames.solver.registry import Column, GameSpec, Traits, register

from examples.pig.players import PLAYERS, make_player
from examples.pig.rules import PigRules
from examples.pig.state import PigState, size

SPEC = register(GameSpec(
    name="pig",
    title="Pig",
    rules=PigRules,
    traits=Traits(chance=True, players=(2, 4)),
    players=PLAYERS,
    columns=(Column("score", "points banked at the end", per_seat=True),
             Column("busts", "turns that ended on a 1", per_seat=True)),
    new_state=PigState,
    make_player=make_player,
    size=size,
    small_rules={"target": 20},
))
