"""Shoo: two players race nine travellers across a 9 x 9 field to the far corner, on foot or
on horseback, shooing each other's travellers out of the way.

The rules (``rules.py``, ``RULES.md``), the field (``board.py``), positions and their
notation (``position.py``, ``notation.py``), the moves (``moves.py``) and the reference
engine (``engine.py``). Not registered yet: the game contract asks for a kernel.
"""
