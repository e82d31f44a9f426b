"""What Man Home's per-seat result columns count (the game's registered columns)."""
from __future__ import annotations

COUNTERS = {
    "home": "men brought home",
    "kills": "opponents' men killed in face-offs won as attacker",
    "killed": "own men lost in face-offs",
    "deaths": "own men that reached 0 (Death)",
    "turns": "turns taken, extra turns included",
}
"""Each per-seat counter and what it counts, in the order reports show them."""
