"""Sumoku's kernels: line validity (``lines.pyx``)."""
