"""Shoo rules parameters.

Defaults follow the pinned reading of the rulebook (RULES.md, "The pinned reading"); every rule,
and every decision where the story and the spec are silent or could be read two ways, is
numbered in ``solver/shoo/RULES.md`` with the parameter that flips it. The field itself
(squares, neighbours, lines, home areas) is in :mod:`numbergames.solver.shoo.board`.
"""
from __future__ import annotations

import dataclasses

from numbergames.solver.params import GRADED, Rules, RulesError, param

REPETITION_PLIES = 1000
"""The longest game (``max_plies``) under a draw by repetition: the kernel's state holds
every position of the game so far, room for this many moves (RULES.md, rule 33)."""

TRAVELLERS = 9
"""Travellers of each player."""
HORSE_COUNTS = (7, 9)
"""The numbers of horses the rulebook plays with: 9, or 7 in its first variant."""
CORNERS = ("diagonal", "same_side")
"""Where White starts: the corner diagonally opposite Blue's (a7..c9), or straight across
(g7..i9). Each player's home area is the other's starting corner."""
OPENINGS = ("first_move", "extra_horse")
"""What the winner of the coin toss (seat 0, Blue) takes: the first move or the odd horse."""
ODD_HORSES = ("other", "field")
"""What becomes of the odd horse when the toss winner takes the first move: it goes to the
other player's stable (each player has a benefit), or stays free on e5."""
HUSHES = ("illegal", "lose_move", "shoo_off", "off")
"""Hushing: a foot move into a shooable square is not allowed; or it is, and the opponent
may hush it at the start of their move, undoing it (the mover loses the move) or sending the
traveller to its stable; or there is no hushing."""
HEAD_START = 40
"""The longest ``head_start`` either way, in moves (RULES.md rule 36)."""
HORSE_ODDS = 4
"""The most horses ``horse_odds`` moves from one stable to the other (RULES.md rule 34): a
stable's four in the standard game."""


@dataclasses.dataclass(frozen=True)
class ShooRules(Rules):
    """Every Shoo parameter a variant may change (RULES.md gives each its rule)."""

    game = "shoo"

    horses: int = param(9, "horses in the game: 4 (or 3) in each stable and the odd one on "
                        "e5", low=min(HORSE_COUNTS), high=max(HORSE_COUNTS),
                        choices=HORSE_COUNTS)
    corners: str = param("diagonal", "White starts in the corner diagonally opposite Blue's "
                         "or straight across; each home area is the other's start",
                         choices=CORNERS)
    opening: str = param("first_move", "what the toss winner (seat 0, Blue) takes: the first "
                         "move or the odd horse", choices=OPENINGS)
    odd_horse: str = param("other", "the odd horse, when the toss winner takes the first "
                           "move: to the other player's stable, or left free on e5",
                           choices=ODD_HORSES)
    hush: str = param("illegal", "a foot move into a shooable square: not allowed; hushed by "
                      "the opponent, losing the move; hushed, the traveller shooed off; "
                      "allowed", choices=HUSHES)
    leave_home: bool = param(False, "a traveller in its home area may leave it again (it is "
                             "still safe from shooing while inside)")
    call_next_to: bool = param(False, "a horse called up from the stable must come to a "
                               "square next to one of the caller's travellers")
    hold_move: bool = param(True, "a move may consist of holding a free horse next to one of "
                            "the mover's travellers")
    escape_by_horse: bool = param(True, "a shooed traveller may get out of the shoo by "
                                  "mounting a free horse next to it")
    max_plies: int = param(600, "moves of both players together after which the game is a "
                           "draw by the move limit", low=1, high=100_000)
    repetition: int = param(0, "the same position for the n-th time is a draw (0: no draw "
                            "by repetition)", low=0, high=10)
    horse_odds: int = param(0, "designer variant: horses moved from Blue's stable (seat 0) "
                            "to White's before the game (negative: from White's to Blue's)",
                            low=-HORSE_ODDS, high=HORSE_ODDS, lever=GRADED)
    head_start: int = param(0, "designer variant: Blue (seat 0) passes its first this many "
                            "turns, a head start in moves for White (negative: White passes, "
                            "for Blue)", low=-HEAD_START, high=HEAD_START, lever=GRADED)

    def check(self) -> None:
        self.stables(self.stable_horses)
        if self.repetition == 1:
            raise RulesError("bad value 1 for repetition; allowed: 0 (off) or an integer "
                             "in 2..10")
        if self.repetition and self.max_plies > REPETITION_PLIES:
            raise RulesError(f"bad value {self.max_plies} for max_plies with a draw by "
                             f"repetition; allowed: 1..{REPETITION_PLIES} (with repetition "
                             f"= 0: up to 100000)")

    @property
    def stable_horses(self) -> int:
        """Horses in each stable before the odd one is given: 4 (3 with 7 horses)."""
        return (self.horses - 1) // 2

    def stables(self, each: int) -> list[int]:
        """The horses in Blue's and White's stables at the start, with ``each`` in a stable
        before the odd horse is given (rules 3, 7, 8 and 34); RulesError when ``horse_odds``
        takes more horses than a stable holds.

        >>> ShooRules().stables(4), ShooRules(horse_odds=2).stables(4)
        ([4, 5], [2, 7])
        >>> ShooRules(horse_odds=-3, opening="extra_horse").stables(4)
        [8, 1]
        """
        stable = [each, each]
        if self.odd_horse_seat is not None:
            stable[self.odd_horse_seat] += 1
        giver = 0 if self.horse_odds > 0 else 1
        if abs(self.horse_odds) > stable[giver]:
            raise RulesError(f"bad value {self.horse_odds} for horse_odds with "
                             f"{stable[0]} + {stable[1]} horses in the stables; allowed: "
                             f"{-min(stable[1], HORSE_ODDS)}..{min(stable[0], HORSE_ODDS)}")
        stable[giver] -= abs(self.horse_odds)
        stable[1 - giver] += abs(self.horse_odds)
        return stable

    def waits(self, side: int, ply: int) -> bool:
        """Whether ``side``, to move after ``ply`` moves, passes for the other's head start
        (rule 36): one of its first ``|head_start|`` turns.

        >>> r = ShooRules(head_start=2)
        >>> [r.waits(ply % 2, ply) for ply in range(6)]
        [True, False, True, False, False, False]
        >>> r = ShooRules(head_start=-1, opening="extra_horse")   # White moves first
        >>> [r.waits(1 - ply % 2, ply) for ply in range(4)]
        [True, False, False, False]
        """
        k = self.head_start
        if not k:
            return False
        waiting = 0 if k > 0 else 1
        return side == waiting and ply < 2 * abs(k) + (waiting != self.first)

    @property
    def first(self) -> int:
        """The seat that moves first: 0 unless the toss winner took the odd horse.

        >>> ShooRules().first, ShooRules(opening="extra_horse").first
        (0, 1)
        """
        return 0 if self.opening == "first_move" else 1

    @property
    def odd_horse_seat(self) -> int | None:
        """The seat whose stable the odd horse starts in (None: it stays free on e5).

        >>> ShooRules().odd_horse_seat, ShooRules(opening="extra_horse").odd_horse_seat
        (1, 0)
        >>> ShooRules(odd_horse="field").odd_horse_seat is None
        True
        """
        if self.opening == "extra_horse":
            return 0
        return 1 if self.odd_horse == "other" else None
