"""Draws that are exactly `random.Random`'s, with fewer calls (private, for hot paths).

`random.Random.randrange(n)`, ``choice(seq)`` and ``shuffle(x)`` all draw through the
generator's ``_randbelow(n)``. The games' fused playouts and `resample` draw through it
directly, skipping the public methods' argument checks, so they consume a generator
exactly as the reference loop of `boardrules.playout` does (the conformance kit compares
the generators' states afterwards; tests compare every helper with its public twin).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

__all__ = ["below", "shuffle"]

_WITH_GETRANDBITS: Any = getattr(random.Random, "_randbelow_with_getrandbits", None)


def below(rng: random.Random) -> Callable[[int], int]:
    """Return the function ``n -> rng.randrange(n)`` (the same draw; n must be positive)."""
    draw: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    return draw


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place exactly as ``rng.shuffle(items)`` does.

    For a generator whose draws come from ``getrandbits`` (`random.Random` and most
    subclasses) the draw is inlined; any other generator shuffles by its own method.
    """
    if _WITH_GETRANDBITS is None or type(rng)._randbelow is not _WITH_GETRANDBITS:  # type: ignore[attr-defined]
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
