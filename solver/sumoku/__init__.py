"""Sumoku: lay numbered, coloured tiles in a crossword so that every row and column adds up
to a multiple of the key number.

The rules of all five ways to play (``RULES.md``) and the main game's parameters
(``rules.py``); the tiles and the key die (``tiles.py``), lines (``lines.py``) and whole
patterns (``pattern.py``).
"""
