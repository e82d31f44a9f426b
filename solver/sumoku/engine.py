"""The Sumoku main-game reference engine: every rule of RULES.md (8 to 25), in plain Python.

This engine is the specification in code; a kernel must play the same games from the same
keys. The game itself is :class:`numbergames.solver.sumoku.state.SumokuState`, the decision API's
state (:mod:`numbergames.solver.decision`): its chance nodes deal and refill the hands, break a tie for
the start and roll the key, its decision nodes are the plays and bonus plays; the one game
loop is :func:`numbergames.solver.decision.play`. Its randomness comes from :mod:`numbergames.solver.dice`: the
game's **dice** stream shuffles the bag, breaks a tie for the start and rolls the key
(rule 24); the **choice** stream gives the players' choices.

A turn: the player's legal plays are listed in canonical order
(:func:`numbergames.solver.sumoku.moves.legal_plays`); with two or more the player picks one
(``choose(state, stream) -> action``, the action being the index into that list), with
one it is played, with none the player is stuck (rule 20). A play that earns a bonus lets
the player play again from the hand, without drawing (rule 19); the refill comes at the
end of the turn. The game ends after a full round of turns that placed no tile and drew
none (rule 21), or with ``out_ends`` when the bag is empty and the player who just played
holds nothing.

Here: :func:`play_game` (the result columns are declared in ``columns.py``); the bag's shuffle and a hand's value are
the state's (:func:`numbergames.solver.sumoku.state.shuffled_bag`, :func:`~numbergames.solver.sumoku.state.hand_total`).
"""
from __future__ import annotations

from collections.abc import Sequence

from numbergames.solver.decision import Key, Player, play
from numbergames.solver.sumoku.rules import SumokuRules
from numbergames.solver.sumoku.state import SumokuState



def play_game(rules: SumokuRules, players: Sequence[Player], key: Key,
              trace: list | None = None) -> SumokuState:
    """One whole game from its key: :func:`numbergames.solver.decision.play` from the start. ``trace``,
    if a list, gets every play made as ``(seat, number of plays, chosen index)`` (the
    kernel's decision trace)."""
    state = SumokuState(rules)
    state.trace = trace
    return play(state, players, key)
