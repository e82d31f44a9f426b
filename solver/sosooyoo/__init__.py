"""So-Soo-Yoo: move around a spiral of numbers by their prime-factor bubbles, collecting
rings; the first to hold six of one colour or one of each colour wins.

Not yet registered as a game (the engine and the kernel come later): this package holds
the rules (``rules.py``, ``RULES.md``), the board (``board.py``) and the exact analysis of
the board alone (``exact.py``, ``exact_report.py``).
"""
