"""The betting mat (Step 2: Sort the Guesses; Step 4: the winning guess).

Eight payout slots, left to right: All Guesses Too High (6 to 1), then
5, 4, 3, 2, 3, 4, 5 to 1. Slot 0 is All Guesses Too High; slot 4 is the
middle "Pays 2 to 1" slot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

ALL_TOO_HIGH = 0
MIDDLE = 4
SLOT_ODDS: tuple[int, ...] = (6, 5, 4, 3, 2, 3, 4, 5)
SLOTS = len(SLOT_ODDS)
MAX_UNIQUE_GUESSES = 7

Number = TypeVar("Number", Fraction, int)
"""A guess: exact (a ``Fraction``, as the state keeps it), or a whole number as ``int``
(the quiet loop of ``fast_game`` sorts whole guesses as plain numbers; issue 24)."""


def guess_slots(unique_guesses: int) -> tuple[int, ...]:
    """The slots taken by ``n`` unique guesses, smallest guess first (WW 2.3-2.4).

    An odd number puts the middle guess on 2 to 1; an even number leaves 2 to 1
    open and puts the two middle guesses on the two 3 to 1 slots.
    """
    n = unique_guesses
    if not 0 <= n <= MAX_UNIQUE_GUESSES:
        raise ValueError(f"the mat holds 0 to {MAX_UNIQUE_GUESSES} unique guesses, not {n}")
    half = n // 2
    if n % 2:
        return tuple(range(MIDDLE - half, MIDDLE + half + 1))
    return tuple(range(MIDDLE - half, MIDDLE)) + tuple(range(MIDDLE + 1, MIDDLE + half + 1))


def place_guesses(guesses: Mapping[int, Number]) -> dict[int, tuple[Number, tuple[int, ...]]]:
    """Sort the guesses onto the mat: slot -> (guess, the seats that wrote it).

    WW 2.3: increasing order, identical guesses sharing one slot.
    """
    writers: dict[Number, list[int]] = {}
    for seat in sorted(guesses):
        writers.setdefault(guesses[seat], []).append(seat)
    unique = sorted(writers)
    return {
        slot: (value, tuple(writers[value]))
        for slot, value in zip(guess_slots(len(unique)), unique, strict=True)
    }


def winning_slot(mat: Mapping[int, tuple[Number, Sequence[int]]], answer: Number) -> int:
    """WW 4.1: the slot of the guess closest to the answer without going over
    (equal is not over); WW 4.2: All Guesses Too High when every guess is over,
    or when there is no guess at all (ruling)."""
    best: tuple[Number, int] | None = None
    for slot, (value, _) in mat.items():
        if value <= answer and (best is None or value > best[0]):
            best = (value, slot)
    return ALL_TOO_HIGH if best is None else best[1]
