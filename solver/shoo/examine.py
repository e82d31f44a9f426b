"""One Shoo position examined, for ``analyze position shoo ["<notation>"]``: the board as
text, the legal moves, the shooable travellers, and on request the search player's best
move with its value and the perft counts (the kernel's, depth by depth).

:func:`describe` returns plain data (what ``--json`` prints);
:func:`numbergames.studies.shoo.position.render` writes it for a terminal. A malformed or impossible
position, or an impossible request (a search of a position without a legal move: a won
game), raises a :class:`numbergames.solver.params.RulesError` with one
line.
"""
from __future__ import annotations

from typing import Any

from numbergames.solver.dice import Stream
from numbergames.solver.params import RulesError
from numbergames.solver.progress import reporter
from numbergames.solver.shoo.board import COLOUR_NAMES, SIZE, name, square
from numbergames.solver.shoo.moves import detect, legal_moves
from numbergames.solver.shoo.movetext import move_text
from numbergames.solver.shoo.notation import PIECE_LETTER, read, write
from numbergames.solver.shoo.position import EMPTY, Position, start
from numbergames.solver.shoo.policies import PLAYERS, SearchPolicy
from numbergames.solver.shoo.rules import ShooRules

FILES = "abcdefghi"
MAX_PERFT = 5
"""The deepest ``--perft``: depth 5 from the start is some 10^10 move sequences."""


def board_rows(position: Position) -> list[str]:
    """The field as text, rank 9 first: the notation's letters, ``.`` for an empty square."""
    return [f"{rank + 1} " + " ".join(
        "." if position.board[square(f, rank)] == EMPTY else PIECE_LETTER[position.board[square(f, rank)]]
        for f in range(SIZE)) for rank in range(SIZE - 1, -1, -1)] + ["  " + " ".join(FILES)]


def describe(rules: ShooRules, text: str | None = None, search: int = 0,
             perft: int = 0) -> dict[str, Any]:
    """Everything shown of the position ``text`` (the start when None) under ``rules``;
    ``search`` > 0 adds the best move of ``search-<search>`` and its value, ``perft`` > 0
    the number of move sequences of every depth 1..``perft``."""
    if search:
        PLAYERS.parse(f"search-{search}")       # a budget out of range: one line
    if not 0 <= perft <= MAX_PERFT:
        raise RulesError(f"--perft must be a depth from 1 to {MAX_PERFT}, not {perft}")
    position = start(rules) if text is None else read(text, rules)
    winner = position.winner()
    moves = [] if winner is not None else legal_moves(position)  # a won game has no move
    if search and not moves:
        raise RulesError(f"search-{search} has no legal move to search: " + (
            f"the game is over, won by {COLOUR_NAMES[winner]}" if winner is not None else
            f"{COLOUR_NAMES[position.side]} has no legal move"))
    shooable, off = detect(position)
    info: dict[str, Any] = {
        "notation": write(position), "side": COLOUR_NAMES[position.side], "ply": position.ply,
        "winner": None if winner is None else COLOUR_NAMES[winner],
        "board": board_rows(position),
        "legal_moves": [move_text(m) for m in moves],
        "shooable": [name(s) for s in shooable], "shooed_off": [name(s) for s in off]}
    if search:
        index, value = SearchPolicy(search).best(position, moves, Stream(0))
        info["search"] = {"player": f"search-{search}", "move": move_text(moves[index]),
                          "value": value}
    if perft:
        from numbergames.solver.shoo.kernel import perft as kernel_perft

        info["perft"] = [{"depth": d, "nodes": kernel_perft(rules, position, d, reporter(
            lambda done, d=d: f"perft {d} of {perft}: {done:,} positions generated"))}
                         for d in range(1, perft + 1)]
    return info
