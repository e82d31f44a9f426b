"""So-Soo-Yoo's kernel: ``play``, the game's decision API in C (play_chunk, KernelState;
cext/common/decisions.pxi); its readable twin is solver/sosooyoo/state.py with the players
of solver/sosooyoo/policies.py."""
