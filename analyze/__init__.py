"""The command line ``analyze``: the face of the toolkit, above the studies of the games
(:mod:`numbergames.studies`) and the analysis (:mod:`numbergames.analysis`). ``python -m numbergames.analyze`` is the same
command (:mod:`numbergames.analyze.cli`; the console script is :func:`numbergames.analyze.entry.main`)."""
