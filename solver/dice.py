"""The one dice routine every engine shares.

Each game has a 64-bit *key*. The chunk's numpy bit generator (PCG64 from a
``SeedSequence`` child) gives the keys: game ``i`` of a chunk has the ``i``-th
64-bit word of that stream (``bit_generator.random_raw()``). From its key a game
draws from two independent streams of 64-bit words:

* the **dice** stream (every physical die: new-man squares, actions, face-offs),
  a SplitMix64 sequence starting at state ``key``;
* the **choice** stream (random choices made by policies), a SplitMix64 sequence
  starting at state ``key ^ CHOICE_SALT``.

Keeping the streams apart means a policy's coin flips never shift the dice, and
keying each game means a game's dice do not depend on how long earlier games
lasted. Both matter for comparing rules variants with common random numbers and
for replaying one game from its key alone.

A die with ``n`` faces, or a choice among ``n`` entries, is an unbiased integer
in ``[0, n)`` by Lemire's multiply-and-reject method: multiply a 64-bit word by
``n`` as a 128-bit product; the high 64 bits are the result unless the low 64
bits fall below ``2**64 mod n``, in which case draw again. A choice among one
entry draws nothing. The Cython kernels implement exactly this in C
(``cext/common/dice.pxd``); tests check the two produce the same words and rolls.
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's state increment (2**64 divided by the golden ratio, odd)."""
CHOICE_SALT = 0xD1B54A32D192ED03
"""XORed into a game's key to start its choice stream."""


def splitmix64_mix(z: int) -> int:
    """SplitMix64's output function of a 64-bit state."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Stream:
    """A SplitMix64 stream of 64-bit words with Lemire's bounded integers.

    >>> s = Stream(0)
    >>> [s.below(6) + 1 for _ in range(5)]
    [6, 3, 1, 6, 1]
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def word(self) -> int:
        """The next 64-bit word."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return splitmix64_mix(self.state)

    def below(self, n: int) -> int:
        """An unbiased integer in ``[0, n)`` (Lemire's multiply-and-reject)."""
        product = self.word() * n
        low = product & MASK64
        if low < n:
            threshold = (1 << 64) % n
            while low < threshold:
                product = self.word() * n
                low = product & MASK64
        return product >> 64

    def roll(self, sides: int) -> int:
        """A fair die with faces ``1..sides``."""
        return self.below(sides) + 1

    def choose(self, n: int) -> int:
        """A uniform choice among ``n`` entries; draws nothing when ``n == 1``."""
        return 0 if n == 1 else self.below(n)


def game_streams(key: int) -> tuple[Stream, Stream]:
    """The (dice, choice) streams of the game with this key."""
    return Stream(key), Stream(key ^ CHOICE_SALT)
