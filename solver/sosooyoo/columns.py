"""So-Soo-Yoo's result columns:
the contract is :attr:`numbergames.solver.registry.GameSpec.columns`."""
from __future__ import annotations

from numbergames.solver.registry import Column

COLUMNS = (
    Column("win_kind", "how the game was won: 0 not won, 1 popsicle (six of one colour), 2 "
                       "rainbow"),
    Column("double_zeros", "placement rolls that read double zero (0), set-up included"),
    Column("bumps", "pieces bumped, all players together"),
    Column("swaps", "end-of-turn swaps, all players together"),
    Column("decided_by", "what the winner's last turn used: 0 plain, 1 a bump, 2 a swap, 3 a "
                         "double zero (RULES.md rule 36)"),
    Column("distinct_spaces", "different spaces landed on by the movers, all players together"),
    Column("rounds", "rounds begun (turns divided by players, rounded up)"),
    Column("rings", "rings on the piece at the end of the game", per_seat=True),
    Column("landings", "spaces landed on (each says its numbers)", per_seat=True),
    Column("bumps", "pieces this player bumped", per_seat=True),
    Column("swaps", "swaps this player made", per_seat=True),
    Column("spaces", "different spaces this player landed on (and said the numbers of)",
                     per_seat=True),
    Column("facts", "of those, spaces that state a multiplication fact (a product of two or "
                    "more primes, e.g. 2 x 2 x 3 x 5 = 60)",
                    per_seat=True),
)
"""The game's result columns, in the engines' order."""
