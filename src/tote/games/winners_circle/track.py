"""The 36-space loop (game-data A4): lap-aware progress, never raw space numbers.

A horse's *progress* counts spaces travelled from the start/finish line:
space 36 (the first space behind the line) is progress 0, space 30 is -6.
Space numbers grow in the direction of travel (rulebook example 2), so a horse
needs to reach progress 37 to cross the line again and finish. The pace
space 18 is reached at progress 18 on the first lap.
"""

from __future__ import annotations

TRACK_SPACES = 36
FINISH_PROGRESS = TRACK_SPACES + 1


def space_of(progress: int, spaces: int = TRACK_SPACES) -> int:
    """The physical space a horse at ``progress`` stands on (used for blocking)."""
    if progress <= 0:
        return spaces + progress
    return (progress - 1) % spaces + 1


def progress_of_start(space: int, spaces: int = TRACK_SPACES) -> int:
    """Progress of a start space (30..36 -> -6..0)."""
    return space - spaces


def blocked_landing(start: int, target: int, occupied: set[int], spaces: int = TRACK_SPACES) -> int:
    """Where a horse moving from ``start`` towards ``target`` stops (rule WC 4.6).

    If the target space is occupied, the horse goes on the first free space
    behind it; if every space back to where it stood is taken, it stays.
    Passing over horses is allowed (rule WC 4.7): only landing spaces count.
    """
    for candidate in range(target, start, -1):
        if space_of(candidate, spaces) not in occupied:
            return candidate
    return start
