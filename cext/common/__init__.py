"""Shared C pieces for every game's kernels, as Cython ``.pxd`` contracts (no modules):
``dice.pxd``, the one dice routine (its readable twin: solver/dice.py), and
``bits.pxd``, bit sets in 64-bit words. A kernel cimports them, e.g.
``from cext.common.dice cimport dice_below``."""
