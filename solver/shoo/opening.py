"""The opening question's pieces that need no games: the two choices, the colour mirror
that makes them one game under the pinned reading, the players of the study (the skill
ladder from :data:`numbergames.solver.shoo.policies.PLAYERS`, or names given), their game counts, and
which choice a difference favours.

Under ``odd_horse = other`` (RULES.md rule 8) the toss winner's two choices give the same
game with the colours swapped: ``opening = extra_horse`` (Blue has five horses, White moves
first) is ``opening = first_move`` (Blue moves first, White has five horses) turned half
round (square ``s`` to ``80 - s``, which takes each starting corner and first row to the
other's) with Blue and White exchanged (:func:`mirror`). So there the opening question is
the first mover's score. Under ``odd_horse = field`` the choices differ (the first move
with the odd horse free on e5, or the extra horse) and the choice is a real one.

The games themselves are played and read by :mod:`numbergames.studies.shoo.opening_report`.
"""
from __future__ import annotations

from numbergames.solver.shoo.policies import PLAYERS
from numbergames.solver.shoo.position import NONE, Hush, Position, is_traveller

OPENINGS = ("first_move", "extra_horse")
"""The toss winner's two choices (values of the rules parameter ``opening``)."""
CHOICE_WORDS = {"first_move": "the first move", "extra_horse": "the extra horse"}


def ladder(budgets: int = 1) -> tuple[str, ...]:
    """The skill ladder's players, weakest first: the fixed players and the first
    ``budgets`` search budgets of the ladder's search family (all of them when ``budgets``
    is negative).

    >>> ladder(0) == PLAYERS.ladder
    True
    """
    if not PLAYERS.search:
        return tuple(PLAYERS.ladder)
    family = PLAYERS.search[0]
    chosen = family.budgets if budgets < 0 else family.budgets[:budgets]
    return (*PLAYERS.ladder, *(f"{family.name}-{b}" for b in chosen))


def parse_players(text: str) -> tuple[str, ...]:
    """Players from ``"random,greedy,search-4"``; ValueError with one line for an unknown,
    repeated or missing name."""
    names = tuple(name.strip() for name in text.split(","))
    if not text.strip() or not all(names):
        raise ValueError(f"--players needs comma-separated player names, got {text!r}")
    for name in names:
        if not PLAYERS.knows(name):
            raise ValueError(f"unknown player {name!r}; allowed: {PLAYERS.help()}")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"--players names {', '.join(repeated)} more than once")
    return names


def verdict(lo: float, hi: float) -> str:
    """Which choice a difference *extra horse − first move* with the 95% interval ``lo`` to
    ``hi`` favours: ``"horse"``, ``"move"``, or ``"neither"`` when the interval holds 0.

    >>> verdict(0.01, 0.05), verdict(-0.05, -0.01), verdict(-0.01, 0.05)
    ('horse', 'move', 'neither')
    """
    if lo > 0:
        return "horse"
    if hi < 0:
        return "move"
    return "neither"


def mirror(position: Position) -> Position:
    """``position`` turned half round with the colours exchanged: the piece on square ``s``
    stands on ``squares - 1 - s`` with the other seat's colour, each seat's stable,
    stabled travellers and pasture become the other's, and the other seat is to move.

    >>> from numbergames.solver.shoo.position import start
    >>> from numbergames.solver.shoo.rules import ShooRules
    >>> mirror(start(ShooRules())).key() == start(ShooRules(opening="extra_horse")).key()
    True
    """
    last = position.field.squares - 1

    def turned(s: int) -> int:
        return NONE if s == NONE else last - s

    board = [0] * len(position.board)
    for s, piece in enumerate(position.board):
        board[last - s] = (piece ^ 1) if is_traveller(piece) else piece
    other = position.copy()
    other.board = board
    other.stable_horses = position.stable_horses[::-1]
    other.stabled = position.stabled[::-1]
    other.pasture = position.pasture[::-1]
    other.side = 1 - position.side
    other.held, other.shoo = turned(position.held), turned(position.shoo)
    h = position.hush
    other.hush = None if h is None else Hush(turned(h.to), h.how, turned(h.origin))
    return other


def parse_games(text: str, players: tuple[str, ...], sims: int, flag: str = "--sims-of",
                low: int = 1, high: int = 1_000_000) -> dict[str, int]:
    """Games per player: ``sims`` each, but as ``"search-16=2000,random=4000"`` says for the
    players it names; ValueError with one line (naming ``flag``) for a player not in
    ``players`` or a count that is not a whole number from ``low`` to ``high``.

    >>> parse_games("greedy=30", ("random", "greedy"), 10)
    {'random': 10, 'greedy': 30}
    """
    games, named = {p: sims for p in players}, set()
    for part in (x.strip() for x in text.split(",") if text.strip()):
        name, _, count = part.partition("=")
        name = name.strip()
        if name not in games:
            raise ValueError(f"{flag} names {name!r}, not one of the players "
                             f"({', '.join(players)}); write player=N,...")
        if name in named:
            raise ValueError(f"{flag} names {name!r} twice; give each player's games once")
        named.add(name)
        try:
            games[name] = int(count.strip().replace("_", ""))
        except ValueError:
            games[name] = low - 1
        if not low <= games[name] <= high:
            raise ValueError(f"{flag} needs player=N with N a whole number from {low:,} to "
                             f"{high:,}, not {part!r}")
    return games
