"""So-Soo-Yoo's kernel: ``play`` (play_chunk, trace_game); its readable twin is
solver/sosooyoo/engine.py with the players of solver/sosooyoo/policies.py."""
