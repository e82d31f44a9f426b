"""``python -m analyze``: the ``analyze`` command (:func:`analyze.entry.main`)."""
import sys

from analyze.entry import main

sys.exit(main())
