"""JSON-ready values: what summary.json and the results store hold."""
from __future__ import annotations

import math
import os
from collections.abc import Mapping
from typing import Any

import numpy as np


def plain(value: Any) -> Any:
    """``value`` with numpy scalars, tuples and paths made plain; NaN and inf become None."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [plain(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return value
