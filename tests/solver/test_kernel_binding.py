"""A game binds its kernel by a declared field (:class:`KernelBinding`, an import statement
in a function of the game's package), not a string, and lazily: importing the games loads
neither the binding modules nor the compiled kernels."""
import subprocess
import sys

import pytest
from numbergames.solver.registry import (KERNEL_FUNCTIONS, GameSpec, KernelBinding, Players,
                                         Traits, games)
from numbergames.solver.params import Rules

LAZY = r"""
import sys
from numbergames.solver.registry import games
games()
loaded = sorted(m for m in sys.modules
                if m.startswith("numbergames.cext") or m.endswith(".kernel"))
print(",".join(loaded))
"""


def test_importing_the_games_loads_no_kernel():
    done = subprocess.run([sys.executable, "-c", LAZY], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == ""


@pytest.mark.parametrize("game", sorted(games()))
def test_every_binding_loads_its_kernel(game):
    spec = games()[game]
    assert isinstance(spec.kernel, KernelBinding)
    module = spec.kernel.module()
    assert module.__name__ == f"numbergames.solver.{game}.kernel"
    assert all(callable(getattr(module, name)) for name in KERNEL_FUNCTIONS)
    assert spec.load_kernel() is module.play_chunk


def test_a_string_is_no_binding():
    with pytest.raises(TypeError, match="KernelBinding"):
        GameSpec("g", "G", Rules, Traits(False, (2, 2)), Players(("a",), "a"),
                 kernel="numbergames.solver.g.kernel:play_chunk")


def test_a_binding_without_play_chunk_is_refused():
    with pytest.raises(TypeError, match="play_chunk"):
        KernelBinding(lambda: sys).module()
