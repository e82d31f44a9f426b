"""``python -m numbergames.analyze``: the ``analyze`` command (:func:`numbergames.analyze.entry.main`)."""
import sys

from numbergames.analyze.entry import main

sys.exit(main())
