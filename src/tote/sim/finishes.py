"""Finish shares with their intervals: how often each horse (or gate, or odds row)
finishes in each place, read from a game's own numbers (:mod:`tote.sim.games`).

A share is the places counted over the races the horse ran, with its 95% Wilson
score interval (:func:`tote.core.tote_board.wilson`; issue 29, Fix: "finish shares
have no intervals"). ``tote simulate --json`` carries them as ``finish_shares``, the
terminal tables show the interval beside every share, and ``tote plot --kind
finishes`` (``odds`` for Horse Fever's odds rows) draws them with error bars.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tote.core.tote_board import wilson

PLACES: dict[str, tuple[str, ...]] = {
    "winners-circle": ("win", "place", "show", "last"),
    "wetten": ("1st", "2nd", "3rd", "4th"),
    "horse-fever": ("win", "show"),
}
"""The places counted per race, per game with horses."""
GROUPS: dict[str, tuple[str, ...]] = {
    "winners-circle": ("horse", "gate"),
    "wetten": ("horse",),
    "horse-fever": ("colour", "odds"),
}
"""The groups of the game's numbers whose rows finish in those places: the horses,
Winner's Circle's gates (draw order), Horse Fever's odds rows."""


def races_of(counts: Mapping[str, int]) -> int:
    """The races a row ran: its ``races`` count, else the sum of its places (a group
    ``runs`` of the counts, where there is one, gives them instead)."""
    return int(counts.get("races") or sum(v for k, v in counts.items() if k != "races"))


def finish_shares(game: str, numbers: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """``{group: {row: {place: {value, low, high}, "races": n}}}``, or None for a game
    without horses (or without numbers)."""
    if game not in PLACES or not numbers:
        return None
    shares: dict[str, Any] = {}
    counted = numbers.get("counts", {})
    for group in GROUPS[game]:
        rows: dict[str, dict[str, int]] = counted.get(group, {})
        runs: dict[str, int] = counted.get("runs", {}).get(group, {})
        shares[group] = {}
        for row, counts in rows.items():
            races = int(runs.get(row) or races_of(counts))
            entry: dict[str, Any] = {"races": races}
            for place in PLACES[game]:
                entry[place] = wilson(int(counts.get(place, 0)), races).to_json()
            shares[group][row] = entry
    return shares
