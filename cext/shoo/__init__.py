"""Shoo's kernels: the 9 x 9 field as bit sets (field.pxd) and whole games (play.pyx)."""
