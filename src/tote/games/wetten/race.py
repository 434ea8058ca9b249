"""The race itself: movement this round, action-card modifiers, finishing order.

Pure functions on plain lists, so the rulebook's worked examples can be checked
on their own (``tests/wetten/test_finishing.py``). Rule numbers refer to
``docs/rules/wetten.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def round_movement(cards: Iterable[Sequence[int]], running: Sequence[bool]) -> list[int]:
    """WT 3.2: each running horse moves the sum of its numbers on all revealed
    cards; a finished horse's numbers are ignored (WT 3.6, ruling 17)."""
    movement = [0] * len(running)
    for values in cards:
        for horse, value in enumerate(values):
            if running[horse]:
                movement[horse] += value
    return movement


def apply_modifier(
    effect: str,
    amount: int,
    movement: list[int],
    running: Sequence[bool],
    horse: int | None = None,
    other: int | None = None,
) -> None:
    """WT 8.1-8.5: one action card's change to this round's movement, applied at
    the moment it resolves (first announced, first applied; ruling 12). Movement
    never drops below 0 (ruling 16)."""
    if effect in ("move", "boost_last"):
        assert horse is not None
        moved = movement[horse] + amount
        movement[horse] = moved if moved > 0 else 0
    elif effect == "halve":
        assert horse is not None
        movement[horse] //= 2
    elif effect == "cap":
        for h, runs in enumerate(running):
            if runs and movement[h] > amount:
                movement[h] = amount
    elif effect == "swap":
        assert horse is not None and other is not None
        movement[horse], movement[other] = movement[other], movement[horse]


def finishing_groups(
    finishers: Iterable[int], position: Sequence[int], moved: Sequence[int]
) -> list[list[int]]:
    """WT 4.3-4.5: horses crossing the line in the same round, best first: farther
    past the line first; on the same field, the larger movement this round
    (action cards included) first; equal in both, they share (one group)."""
    finishers = list(finishers)
    if len(finishers) == 1:
        return [finishers]
    ordered = sorted(finishers, key=lambda h: (position[h], moved[h]), reverse=True)
    groups: list[list[int]] = []
    for h in ordered:
        if groups and (position[groups[-1][0]], moved[groups[-1][0]]) == (position[h], moved[h]):
            groups[-1].append(h)
        else:
            groups.append([h])
    return groups


def assign_places(groups: Sequence[Sequence[int]], places: list[int | None]) -> None:
    """WT 4.2, 4.5, 4.6: places after those already taken; a shared place forfeits
    the places after it (competition ranking 1, 2, 2, 4; ruling 6); when one horse
    is left running it takes the last place at once (ruling 7)."""
    placed = len(places) - places.count(None)
    for group in groups:
        for h in group:
            places[h] = placed + 1
        placed += len(group)
    running = [h for h, p in enumerate(places) if p is None]
    if len(running) == 1:
        places[running[0]] = placed + 1
