"""Man Home's kernels: ``play`` (play_chunk, trace_game, play_solitaire), ``duel`` and
``solitaire`` (the exact solvers), with the numbering of sides ``sides.pxd``. The numbers
they share with their readable twins in solver/manhome/ (the board, the prime factors of
every square, the codes) are in ``constants.pxd``, written by setup.py from
solver/manhome/kernel.py; the toolkit calls them through solver/manhome/kernel.py and
solver/manhome/exact_kernels.py."""
