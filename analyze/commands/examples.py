"""The examples and the rules parameters that the help texts show."""
from __future__ import annotations

from collections.abc import Sequence

from numbergames.solver.registry import GameSpec


def first_game(specs: Sequence[GameSpec]) -> str:
    """The first game's name, for the examples in ``--help``."""
    return specs[0].name if specs else "GAME"


def rules_help(spec: GameSpec) -> str:
    lines = [f"rules parameters of {spec.name} (--set name=value):"]
    for name, param in spec.rules.parameters().items():
        default = getattr(spec.rules(), name)
        lines.append(f"  {name} = {str(default).lower() if isinstance(default, bool) else default}"
                     f"   {param.doc}; allowed: {param.allowed()}")
    lines.append(f"policies: {spec.players.help()} (default {spec.players.default})")
    lines.append(f"example: {run_example(spec, rule=True)}")
    return "\n".join(lines)


EXAMPLE_SIMS = "1e4"
"""Games of the examples in the help texts: a run that takes at most a minute or so."""


def run_example(spec: GameSpec, rule: bool = False, seed: int = 1) -> str:
    """A command that runs a Monte Carlo analysis of ``spec`` as its help shows it: a valid
    number of players (three where the game allows it), its default player, and with
    ``rule`` a rules parameter set to another of its values."""
    words = ["analyze", spec.name, "--sims", EXAMPLE_SIMS]
    low, high = spec.traits.players
    if low < high:
        words += ["--players", str(3 if low <= 3 <= high else low)]
    words += ["--policy", spec.players.default]
    if rule:
        default = spec.rules()
        for name, param in spec.rules.parameters().items():
            others = [c for c in (param.choices or ()) if c != getattr(default, name)]
            if name != "players" and (others or param.kind is bool):
                value = others[-1] if others else not getattr(default, name)
                words += ["--set", f"{name}={str(value).lower()}"]
                break
    return " ".join(words + ["--seed", str(seed)])
