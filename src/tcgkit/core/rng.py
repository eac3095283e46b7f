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
from typing import TYPE_CHECKING, Final, TypeVar

from tcgkit.core.compiled import mypyc_attr

if TYPE_CHECKING:  # the compiled build's native 64-bit integer; plain Python never runs the code that uses it
    from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _probe() -> None:
    """A function, to tell whether this module runs compiled."""


#: True when this module runs compiled (``make fast``): each draw is then worked out in native 64-bit arithmetic,
#: which wraps around as SplitMix64 needs; plain Python works it out on its own integers, masked. Both give the same
#: numbers (``tests/engine/test_core.py`` checks every method against the reference, on both builds).
NATIVE: Final = type(_probe).__name__ != "function"

# SplitMix64's constants as signed 64-bit values (the same bits), for the native path
_GOLDEN: Final = 0x9E3779B97F4A7C15 - 2**64
_MIX1: Final = 0xBF58476D1CE4E5B9 - 2**64
_MIX2: Final = 0x94D049BB133111EB - 2**64


def _signed(u: int) -> i64:
    """The signed 64-bit value with the bits of ``u`` (0 <= u < 2**64)."""
    return i64(u - 2**64) if u >= 2**63 else i64(u)


def _unsigned(x: i64) -> int:
    """The integer (0 <= n < 2**64) with the bits of the signed 64-bit ``x``."""
    return int(x) + 2**64 if x < 0 else int(x)


def _mix(s: i64) -> i64:
    """SplitMix64's output for the (already advanced) state ``s``, in signed 64-bit arithmetic (shifts logical)."""
    z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _draw(rng: Rng) -> i64:
    """Step ``rng`` once and return the step's output, in native 64-bit arithmetic (the compiled build only)."""
    t = _signed(rng.state) + _GOLDEN
    rng.state = _unsigned(t)
    return _mix(t)


def _below(z: i64, n: i64) -> i64:
    """The unsigned value of ``z``'s bits modulo ``n`` (0 < n < 2**62)."""
    if z >= 0:
        return z % n
    return (((z >> 1) & 0x7FFFFFFFFFFFFFFF) % n * 2 + (z & 1)) % n


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
        if NATIVE:
            return _unsigned(_draw(self))
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return an integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        # 64 bits against a small n: the modulo bias is below 2**-50, far under any statistic we compute.
        if NATIVE and n < 2**62:
            return int(_below(_draw(self), n))
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (z ^ (z >> 31)) % n

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        if NATIVE:
            return items[_below(_draw(self), len(items))]
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return items[(z ^ (z >> 31)) % len(items)]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        if NATIVE:
            t = _signed(self.state)  # (not ``s``: below, s is the plain code's int; t is a native integer)
            for k in range(len(items) - 1, 0, -1):
                t += _GOLDEN
                j = _below(_mix(t), k + 1)
                items[k], items[j] = items[j], items[k]
            self.state = _unsigned(t)
            return
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
        if NATIVE:
            return bool(_draw(self) & 1)
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return bool((z ^ (z >> 31)) & 1)

    def die(self, sides: int = 6) -> int:
        """Roll a die with ``sides`` faces: 1..sides."""
        if NATIVE and 0 < sides < 2**62:
            return int(_below(_draw(self), sides)) + 1
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
