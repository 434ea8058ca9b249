"""tote.core.draws: each draw is exactly the standard library's draw of the same
name on the same stream (so seeded games keep their outcomes), whatever the size."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tote.core import draws


@given(seed=st.integers(0, 2**64), n=st.integers(1, 10**12))
def test_below_is_randrange(seed: int, n: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    assert [draws.below(mine, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
    assert mine.random() == theirs.random()  # the streams are left at the same point


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="no integer"):
        draws.below(random.Random(0), 0)


@given(seed=st.integers(0, 2**64), size=st.integers(0, 120))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    mine, theirs = list(range(size)), list(range(size))
    first, second = random.Random(seed), random.Random(seed)
    draws.shuffle(first, mine)
    second.shuffle(theirs)
    assert mine == theirs
    assert first.random() == second.random()


@given(seed=st.integers(0, 2**64), size=st.integers(0, 200), data=st.data())
def test_sample_is_random_sample(seed: int, size: int, data: st.DataObject) -> None:
    """Both of the library's methods: a shrinking pool for small populations (or
    large samples), redrawn positions for large populations."""
    k = data.draw(st.integers(0, size))
    population = [f"item {i}" for i in range(size)]
    first, second = random.Random(seed), random.Random(seed)
    assert draws.sample(first, population, k) == second.sample(population, k)
    assert first.random() == second.random()


def test_sample_refuses_more_than_the_population() -> None:
    with pytest.raises(ValueError, match="cannot draw 4 of 3"):
        draws.sample(random.Random(0), "abc", 4)
