"""The game's own seeded random number generator.

Every random outcome of a game (shuffles, coins, dice) comes from the :class:`Rng` the game owns, so that the same
seed and the same actions always give the same game. It is a SplitMix64 generator: its whole state is one integer,
so cloning it is free and it never shares state with its clone.

>>> rng = Rng(42)
>>> [rng.randbelow(6) + 1 for _ in range(5)]
[2, 2, 1, 1, 5]
>>> twin = rng.clone()
>>> rng.randbelow(1000) == twin.randbelow(1000)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from tcgkit.core.compiled import mypyc_attr

T = TypeVar("T")

_MASK = (1 << 64) - 1


@mypyc_attr(allow_interpreted_subclasses=True)  # a scenario's ForcedRng builds on it
class Rng:
    """A SplitMix64 random number generator whose state is one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    # Each method below steps the generator inline (the same three lines as next64, with literal constants): a
    # call less per draw. ``tests/engine/test_core.py`` pins the output sequence of every method.
    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return an integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        # 64 bits against a small n: the modulo bias is below 2**-50, far under any statistic we compute.
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (z ^ (z >> 31)) % n

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return items[(z ^ (z >> 31)) % len(items)]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def coin(self) -> bool:
        """Flip a fair coin: True for heads."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return bool((z ^ (z >> 31)) & 1)

    def die(self, sides: int = 6) -> int:
        """Roll a die with ``sides`` faces: 1..sides."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (z ^ (z >> 31)) % sides + 1

    def clone(self) -> Rng:
        """Return an independent generator in the same state."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def fork(self, salt: int) -> Rng:
        """Return a new generator derived from this one's state and ``salt`` without advancing this one."""
        return Rng((self.state ^ (salt * 0xD1B54A32D192ED03)) & _MASK)


#: The key of :func:`salted_rng`'s hash.
_SALT = b"tcgkit: determinize"


def salted_rng(rng: Rng) -> Rng:
    """A generator seeded from a keyed hash (BLAKE2b) of ``rng``'s next number, advancing ``rng`` by one.

    Its stream has no usable relation to ``rng``'s: a caller who seeds ``rng`` with some game's seed does not get
    that game's shuffles back (determinization deals hidden cards from this, never from the caller's stream).

    >>> a, b = Rng(7), Rng(7)
    >>> salted_rng(a).next64() == b.next64()
    False
    """
    digest = hashlib.blake2b(rng.next64().to_bytes(8, "little"), digest_size=8, key=_SALT).digest()
    return Rng(int.from_bytes(digest, "little"))


def derive_seed(seed: int, index: int) -> int:
    """Derive the seed of game ``index`` of a run from the run's seed (independent of how the run is split).

    >>> derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    r = Rng(seed * 1_000_003 + index)
    r.next64()
    return r.next64() >> 1
