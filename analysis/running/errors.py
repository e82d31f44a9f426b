"""The one error type the command line turns into a clear line and exit status 2."""


class UserError(ValueError):
    """Bad input from the user: a wrong flag, value, file or output folder.

    The message is one line that says what was wrong and what is allowed. It is a
    ValueError, so a caller of the Python API
    (``numbergames.load_game(name).simulate(sims="abc")``) catches it as the bad value it is.
    """


MAX_SEED = 2**64 - 1
"""The largest seed (numpy's SeedSequence takes any, but a seed is part of a folder's name
and of the store's key), checked where the command line parses ``--seed`` and where the
Python API takes it."""
MAX_WORKERS = 1024
"""The most local worker processes a run takes (``--workers 1`` to this), checked where the
command line parses it and where the Python API takes it."""
