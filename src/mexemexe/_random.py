"""Seeded shuffling that gives the same order on every platform and Python version.

`random.shuffle` has kept its algorithm for years, but nothing promises it;
the deal is part of the game record, so the library owns its shuffle: a
Fisher-Yates shuffle driven only by `random.Random.getrandbits`, whose
Mersenne Twister output for an integer seed is fixed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Seed", "make_rng", "shuffled"]

T = TypeVar("T")

#: A seed: an integer, or a `random.Random` to draw from.
Seed = int | random.Random


def make_rng(seed: Seed) -> random.Random:
    """Return a `random.Random` for ``seed`` (an int, or an existing generator used as is).

    Raises:
        TypeError: If ``seed`` is neither an int nor a `random.Random` (for
            instance ``None``: randomness is always explicit).
    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        return random.Random(seed)
    raise TypeError(f"seed must be an int or a random.Random, got {seed!r}")


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A new list with ``items`` in a uniformly random order drawn from ``rng``."""
    out = list(items)
    getrandbits = rng.getrandbits
    n = len(out)
    widths = _WIDTHS if n <= len(_WIDTHS) else [(i + 1).bit_length() for i in range(n)]
    for i in range(n - 1, 0, -1):
        # A uniform j in [0, i]: rejection sampling on as many bits as i + 1 has.
        bits = widths[i]
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        out[i], out[j] = out[j], out[i]
    return out


#: ``(i + 1).bit_length()`` for each index ``i`` of a shuffle of up to two decks and more.
_WIDTHS = [(i + 1).bit_length() for i in range(256)]
