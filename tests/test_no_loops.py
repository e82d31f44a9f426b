"""No player loops (issue 21, point 3): every registered player of every game, under every
registered variant, plays games that do not go round in circles.

**The players and variants.** Every game's fixed players and each of its search families
at budget 1 (``search-1``, ``mcts-1``), each in every seat, under the game's small rules
(``spec.small_rules``) and, one at a time, every value of each rules parameter with a set
of values (``Param.choices``, and both values of a yes/no parameter) — the variants a
what-if varies; ``studies/`` holds no variant files. The kernel plays (the reference plays
the same games: ``tests/test_kernel_decisions.py``).

**A loop** is one of:

1. *Cut off at the limit* (every game): a game ended at its turn or move limit — ``winner``
   :data:`~numbergames.solver.registry.UNFINISHED`, or Shoo's draw at ``max_plies`` — while it still
   had moves to make. Counted per player over all its variants, it fails above
   :data:`CUT_TOLERANCE` of its games. ``random`` is exempt: uniform play is aimless, not a
   loop (So-Soo-Yoo's random games on 24 spaces reach 300 turns), and is checked by 2 and 3.
   Shoo is played here at its full ``max_plies`` (600) by ``greedy`` and ``search-1``
   (``mcts-1`` and ``random`` by 2 and 3 only: a Shoo game of mcts-1 takes seconds).
2. *A repeated position* (Shoo, the one game without chance, where a repeat is the same
   rest of the game on offer): a position — pieces, stables, pastures, side to move, held
   horse, pending shoo and hush — occurring more than :data:`REPEATS` times in one game.
   In a dice game a position comes back with other dice, which is no loop.
3. *A hushed move replayed* (Shoo under ``hush = lose_move`` and ``shoo_off``): a move
   whose action (kind and squares) is the mover's own move that the opponent's last move
   hushed back, while a move with another action was legal.

2 and 3 are read from the moves as played (action ids decoded by the reference's
:func:`numbergames.solver.shoo.state.encoder`, positions from the kernel's ``view()``), not from the
players' own bookkeeping; :func:`test_the_detector_knows_a_loop` shows that they fire on a
shuffled horse and on the hushed replay of the recorded game ``tests/data/shoo_games.json``
(recorded with the greedy of before issue 21, which replayed a hushed dismount at move 11).

What was found when this test was written: before issue 21's point 3, Shoo's greedy
replayed hushed moves (515 hushes in 600 moves under ``lose_move``, 2 and 3) and, choosing
among distinct moves only, cycled positions (a position 147 times in a game; 2). Shoo's
players now leave out the replay and moves that remake one of the game's 16 latest
positions (RULES.md, players). So-Soo-Yoo, Sumoku and Man Home showed no loop: nothing of
theirs was changed. Cost: 3.3 s of test time on one core of the loaded 2-core machine
(Shoo's full games and So-Soo-Yoo's planners most of it).
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from numbergames.solver.params import RulesError
from numbergames.solver.registry import UNFINISHED, games

SPECS = games()
GAMES = 2
"""Games per player and variant (keys 1..GAMES)."""
CUT_TOLERANCE = 0.1
"""The share of a player's games (over all variants) that may be cut off at the limit."""
REPEATS = 3
"""The most times a position may occur in a Shoo game."""
SHOO_PLIES = 120
"""Shoo's move limit in the position-by-position games (2, 3)."""


def variants(spec) -> list[dict]:
    """The small rules, then each value of each parameter with a set of values, one at a
    time (those equal to the small rules' once; those the small rules refuse, such as an
    order of play for two seats, left out)."""
    base = spec.rules.from_values(dict(spec.small_rules))
    out, seen = [dict(spec.small_rules)], {base}
    for name, param in spec.rules.parameters().items():
        values = param.choices if param.choices is not None else (
            (False, True) if param.kind is bool else ())
        for value in values:
            try:
                rules = spec.rules.from_values({**spec.small_rules, name: value})
            except RulesError:
                continue
            if rules not in seen:
                seen.add(rules)
                out.append({**spec.small_rules, name: value})
    return out


def players(spec) -> list[str]:
    return [*spec.players.fixed, *(f"{family.name}-1" for family in spec.players.search)]


def cut_off(spec, rows) -> np.ndarray:
    """Which games ended at the turn or move limit (loop 1)."""
    winner = np.asarray(rows["winner"])
    cut = winner == UNFINISHED
    if spec.name == "shoo":
        from numbergames.solver.shoo.state import ENDED_BY_LIMIT
        cut |= np.asarray(rows["ended_by"]) == ENDED_BY_LIMIT
    return cut


CUT_CASES = [(name, player) for name, spec in SPECS.items() for player in players(spec)
             if player != "random" and not (name == "shoo" and player.startswith("mcts"))]


@pytest.mark.parametrize("game, player", CUT_CASES, ids=[f"{g}-{p}" for g, p in CUT_CASES])
def test_no_player_is_cut_off_at_the_limit(game, player):
    spec = SPECS[game]
    cut, played, where = 0, 0, []
    for values in variants(spec):
        if game == "shoo":
            values = {**values, "max_plies": 600}
        rules = spec.rules.from_values(values)
        rows = spec.play_chunk(rules, [player] * spec.seats(rules),
                               np.arange(1, GAMES + 1, dtype=np.uint64))
        n = int(cut_off(spec, rows).sum())
        cut, played = cut + n, played + GAMES
        if n:
            where.append(f"{values}: {n}")
    assert cut <= CUT_TOLERANCE * played, f"{game} {player}: cut off {cut}/{played} " + \
        "; ".join(where)


# -- Shoo, position by position --------------------------------------------------------------
def shoo_loops(actions: list[int], positions: list, legal: list[list[int]]) -> list[str]:
    """Loops 2 and 3 in one Shoo game: ``actions`` as played, ``positions[i]`` the position
    (its key, the move count aside) after action i, ``legal[i]`` the legal actions where
    action i was chosen."""
    from numbergames.solver.shoo.state import encoder

    decode = encoder().decode
    found = [f"a position {n} times" for n in Counter(positions).values() if n > REPEATS]
    moves = [decode(a) for a in actions]
    for i in range(2, len(moves)):
        if not moves[i - 1].hush or moves[i][1:6] != moves[i - 2][1:6]:
            continue
        if any(decode(a)[1:6] != moves[i][1:6] for a in legal[i]):
            found.append(f"move {i + 1} replays the hushed move {i - 1}")
    return found


def play_shoo(values: dict, names: tuple[str, str], key: int) -> list[str]:
    from numbergames.solver.shoo.kernel import kernel_state
    from numbergames.solver.shoo.rules import ShooRules

    state = kernel_state(ShooRules(**values), names, key)
    actions, positions, legal = [], [], []
    while state.current_player() >= 0:
        here = state.legal_actions()
        action = here[0] if len(here) == 1 else state.decide()
        state.apply_action(action)
        actions.append(action)
        legal.append(here)
        positions.append(state.view()[0])
    return shoo_loops(actions, positions, legal)


SHOO = SPECS["shoo"]
SHOO_CASES = [(values, player) for values in variants(SHOO) for player in players(SHOO)
              if not player.startswith("mcts") or values.get("hush") in (None, "lose_move",
                                                                         "shoo_off")]


@pytest.mark.parametrize("values, player", SHOO_CASES,
                         ids=[f"{v}-{p}" for v, p in SHOO_CASES])
def test_no_shoo_player_repeats_a_position_or_replays_a_hushed_move(values, player):
    values = {**values, "max_plies": SHOO_PLIES if not player.startswith("mcts") else 40}
    for key in range(1, (GAMES if not player.startswith("mcts") else 1) + 1):
        found = play_shoo(values, (player, player), key)
        assert not found, f"{values} {player} key {key}: {found}"


def test_the_detector_knows_a_loop():
    # A traveller of each side stepping out and back: the start comes back every 4 moves.
    import json
    from pathlib import Path

    from numbergames.solver.shoo.moves import legal_moves, make_move
    from numbergames.solver.shoo.movetext import parse_move
    from numbergames.solver.shoo.position import start
    from numbergames.solver.shoo.rules import ShooRules
    from numbergames.solver.shoo.state import encoder

    encode = encoder().encode

    def replay(rules, texts):
        # the moves made on the reference's positions (make_move), the legal moves listed
        # only after a hushing move, where shoo_loops reads them
        position, move = start(rules), None
        actions, positions, legal = [], [], []
        for text in texts:
            hushed = move is not None and move.hush
            legal.append([encode(m) for m in legal_moves(position)] if hushed else [])
            move = parse_move(position, text)
            actions.append(encode(move))
            position = make_move(position, move)
            positions.append(position.key())
        return actions, positions, legal

    rules = ShooRules()
    shuffle = ["g3-f4", "c7-d6", "f4-g3", "d6-c7"] * 4
    assert shoo_loops(*replay(rules, shuffle)) == [f"a position {REPEATS + 1} times"] * 4
    assert shoo_loops(*replay(rules, shuffle[:2 * REPEATS])) == []
    recorded = [g for g in json.loads((Path(__file__).parent / "data" / "shoo_games.json")
                                      .read_text()) if "key" in g][0]
    moves = [step["move"] for step in recorded["steps"]]
    found = shoo_loops(*replay(ShooRules(**recorded["rules"]), moves))
    assert found == ["move 11 replays the hushed move 9"]
