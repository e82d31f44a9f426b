"""The command line ``analyze``: the face of the toolkit, above the studies of the games
(:mod:`studies`) and the analysis (:mod:`analysis`). ``python -m analyze`` is the same
command (:mod:`analyze.cli`; the console script is :func:`analyze.entry.main`)."""
