"""Man Home's kernels: ``play`` (play_chunk, trace_game, play_solitaire), ``duel`` and
``solitaire`` (the exact solvers), with the board's tables ``primes.pxd`` and the
numbering of sides ``sides.pxd``. Their readable twins are in solver/manhome/."""
