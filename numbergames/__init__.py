"""The toolkit, installed as one namespace: the front door (:mod:`numbergames.door`,
``numbergames.load_game(name, **rules)`` -> a :class:`~numbergames.door.Game`, as
``pyspiel.load_game`` is OpenSpiel's), the command line (:mod:`numbergames.analyze`), the
studies, the analysis, the games (:mod:`numbergames.solver`) and their kernels
(:mod:`numbergames.cext`). The door is a module of its own so that it is one layer of the
architecture's contract (it stands on the studies, the analysis and the games; the command
line stands on it), not the package that holds every layer.
"""
import importlib

__all__ = ["Game", "UserError", "games", "load_game", "write_report", "DEFAULT_SIMS"]


def __getattr__(name: str):
    """The door's names, imported on first use: importing a part of the toolkit (a kernel in
    a worker, the game contract) runs this package first and must not pay for the door and
    the analysis under it, nor may the games depend on what stands above them."""
    if name in __all__:
        value = getattr(importlib.import_module("numbergames.door"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'numbergames' has no attribute {name!r}")
