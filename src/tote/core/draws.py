"""Random draws whose algorithm belongs to tote, not to the Python version.

Python promises a stable stream for a seed only from ``Random.random()``;
``randrange``, ``shuffle`` and ``sample`` may change algorithm from one version
to the next, and every seeded game would change with them. These functions fix
the algorithms, built on ``getrandbits`` alone. They are CPython 3.11's own, so
each draws exactly what the ``Random`` method of the same name draws there
(``tests/core/test_draws.py``), and games seeded before them play out the same.

They are also faster: the standard methods make a Python call per item drawn,
which counts when a simulator shuffles decks millions of times.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import ceil, log
from typing import Any, TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)``, ``n >= 1``: ``rng.randrange(n)``.

    Rejection sampling on ``n.bit_length()`` random bits, so every value is
    exactly equally likely."""
    if n < 1:
        raise ValueError(f"no integer lies in [0, {n})")
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place: ``rng.shuffle(items)`` (Fisher-Yates, from the end)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``k`` distinct positions of ``population``, in the order drawn:
    ``rng.sample(population, k)``."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n} items")
    getrandbits = rng.getrandbits
    result: list[T] = []
    small_table = 21
    if k > 5:
        small_table += 4 ** ceil(log(k * 3, 4))
    if n <= small_table:
        # Draw from a shrinking pool: the last undrawn item fills each gap.
        pool = list(population)
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
        return result
    # A large population: draw positions, redrawing those already taken.
    taken: set[int] = set()
    bits = n.bit_length()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in taken:
            j = getrandbits(bits)
        taken.add(j)
        result.append(population[j])
    return result


def redeal(
    rng: random.Random, slots: Sequence[Sequence[T]], key: Callable[[T], Any]
) -> list[list[T]]:
    """The items of ``slots`` dealt afresh into slots of the same sizes, uniformly.

    The tool of information-set sampling (:meth:`tote.core.state.State.sample_world`):
    ``slots`` are the places a seat cannot see into (other hands, face-down cards, a
    deck), holding between them a multiset the seat can work out from what it has seen
    (the whole deck minus the cards shown to it). The items are pooled and sorted by
    ``key`` first, so that which slot held what does not matter: two states differing
    only in what is hidden give the same deal for the same ``rng``."""
    pool = sorted((item for slot in slots for item in slot), key=key)
    shuffle(rng, pool)
    dealt: list[list[T]] = []
    at = 0
    for slot in slots:
        dealt.append(pool[at : at + len(slot)])
        at += len(slot)
    return dealt
