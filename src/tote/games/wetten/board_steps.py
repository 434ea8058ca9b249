"""The steps of a Wetten! race on plain lists, for the board's quick world (issue 24).

Each is the step of :mod:`~tote.games.wetten.fast_race` of the same name (and so of the
rules' phase functions it writes out) on the lists
:func:`~tote.games.wetten.fast_board.quick_world` keeps instead of a state: the same
draws from ``rng`` in the same order, the same changes. Next: ``fast_board.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tote.core.draws import below
from tote.games.wetten.action_cards import FEE_FACTORS, LONG_ODDS
from tote.games.wetten.data import PLACES
from tote.games.wetten.fast_race import MODIFIERS
from tote.games.wetten.race import apply_modifier
from tote.games.wetten.stakes import STEP

if TYPE_CHECKING:
    from tote.games.wetten.phases import Grid
    from tote.games.wetten.state import WettenState

Cell = tuple[int, int]
"""A ticket cell: (horse, place)."""

Option = tuple[str, int | None, int | None, int | None, int | None]
"""An announcement (``action_cards.announcements``): the card (``""``: the ticket
shown, WT 9.1), the horse, the other horse, the opponent, the place."""


def shuffled(
    rng: random.Random, pool: Sequence[str], swaps: Sequence[tuple[int, int]]
) -> list[str]:
    """:func:`tote.core.draws.shuffle` on a copy of ``pool``, its ``swaps`` (from
    :func:`steps`) known: the same ``getrandbits`` calls, the same swaps."""
    getrandbits = rng.getrandbits
    dealt = list(pool)
    for i, bits in swaps:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        dealt[i], dealt[j] = dealt[j], dealt[i]
    return dealt


def steps(size: int) -> list[tuple[int, int]]:
    """The draws of :func:`tote.core.draws.shuffle` on a list of ``size``: per swap,
    the position filled and the bits ``getrandbits`` is asked for."""
    return [(i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]


def one_cell(total: int, horses: int, rng: random.Random) -> Grid:
    """``sampling._one_cell``: ``total`` on one random cell (nothing when it is 0)."""
    if total == 0:
        return {}
    return {(below(rng, horses), 1 + below(rng, PLACES)): total}


def usable(state: WettenState) -> dict[str, dict[str, str]]:
    """Per window timing, the action cards that may be announced then (WT 7.2): card
    -> effect, for ``action_cards.announcements``."""
    timings = ("stakes", "start_before", "start", "second_bet", "neck_and_neck")
    return {
        timing: {
            card: data.effect
            for card, data in state.action_cards.items()
            if timing in data.when or "any" in data.when
        }
        for timing in timings
    }


def announcements(
    seat: int,
    timing: str,
    shows: bool,
    no_chance: Sequence[Cell | None],
    stakes: Sequence[Grid],
    played: Sequence[int],
    cash: Sequence[int],
    min_stake: int,
    running: tuple[int, ...],
    position: Sequence[int],
    hand: Sequence[str],
    usable: dict[str, str],
    announced: Sequence[dict[str, Any]],
    players: int,
    targets: dict[tuple[str, tuple[int, ...]], list[Option]],
) -> list[Option]:
    """``action_cards.announcements`` in its order: the ticket shown on each of its bets
    (WT 9.1), then each action card playable now with each target it may take (WT 7, 8)."""
    options: list[Option] = []
    if shows and no_chance[seat] is None and stakes[seat]:
        options = [("", h, None, None, p) for h, p in sorted(stakes[seat])]
    count = played[seat]
    if count >= len(FEE_FACTORS) or FEE_FACTORS[count] * min_stake > cash[seat]:
        return options
    for card in hand:
        effect = usable.get(card)
        if effect is None:
            continue
        if effect in MODIFIERS and effect != "cap" and effect != "boost_last":
            key = (card, running)
            found = targets.get(key)
            if found is None:
                if effect == "swap":
                    found = [
                        (card, a, b, None, None)
                        for i, a in enumerate(running)
                        for b in running[i + 1 :]
                    ]
                else:  # move, halve
                    found = [(card, h, None, None, None) for h in running]
                targets[key] = found
            options.extend(found)
        elif effect == "boost_last":
            rear = min(position[h] for h in running)
            options.extend((card, h, None, None, None) for h in running if position[h] == rear)
        elif effect == "peek_hand":
            options.extend((card, None, None, o, None) for o in range(players) if o != seat)
        elif effect == "hedge":
            taken = {
                (e["horse"], e["place"])
                for e in announced
                if e["seat"] == seat and e["effect"] == "hedge"
            }
            options.extend(
                (card, h, None, None, p) for h, p in sorted(stakes[seat]) if (h, p) not in taken
            )
        elif effect == "cancel":
            if announced and announced[-1]["seat"] != seat:
                options.append((card, None, None, None, None))
        else:
            options.append((card, None, None, None, None))
    return options


def apply_action(
    entry: dict[str, Any],
    bank: int,
    unlimited: bool,
    movement: list[int],
    places: Sequence[int | None],
    cash: list[int],
    stakes: Sequence[Grid],
    no_chance: list[Cell | None],
    long_odds: list[bool],
    peeks: dict[int, dict[str, Any]],
    hands: Sequence[Sequence[str]],
    card_values: dict[str, tuple[int, int, int, int]],
) -> int:
    """``fast_race._apply_action``: one card that draws nothing (WT 8); the bank after."""
    seat, effect = entry["seat"], entry["effect"]
    if effect in MODIFIERS:
        running = [place is None for place in places]
        apply_modifier(effect, entry["amount"], movement, running, entry["horse"], entry["other"])
    elif effect == "peek_hand":
        opponent = entry["opponent"]
        seen = [{"card": c, "values": list(card_values[c])} for c in hands[opponent]]
        peeks[seat] = {"opponent": opponent, "cards": seen}
    elif effect == LONG_ODDS:
        long_odds[seat] = True
    elif effect == "hedge":
        cell = (entry["horse"], entry["place"])
        stake = stakes[seat].pop(cell, 0)
        refund = stake // 2 // STEP * STEP
        if not unlimited:
            refund = min(refund, bank)
        cash[seat] += refund
        bank -= refund
        if no_chance[seat] == cell:
            no_chance[seat] = None
    return bank


def tickets(
    rng: random.Random,
    second: bool,
    minimum: int,
    cells: Sequence[Cell],
    sample_bits: Sequence[tuple[int, int]],
    cash: list[int],
    bank: int,
    tickets: list[Grid],
    long_odds: Sequence[bool],
    long_odds_cell: list[Cell | None],
    places: Sequence[int | None],
    position: Sequence[int],
) -> int:
    """``fast_race._tickets``: every seat's random ticket in seat order (``below(4)``
    cells drawn by ``draws.sample``'s shrinking pool, then ``below(2)`` a stake), then
    written (WT 2.1, 2.5, 5.1; a Long Odds mark, WT 8.8); the bank after."""
    getrandbits = rng.getrandbits
    last: list[int] = []
    if second and any(long_odds):
        running = [h for h, p in enumerate(places) if p is None]
        rear = min(position[h] for h in running)
        last = [h for h in running if position[h] == rear]
    # each seat's draws read only its own cash, so each ticket is written as drawn
    for s, budget in enumerate(cash):
        k = getrandbits(3)
        while k >= 4:
            k = getrandbits(3)
        if not k:
            tickets[s] = {}
            continue
        pool = list(cells)
        chosen = []
        for m, bits in sample_bits[:k]:
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            chosen.append(pool[j])
            pool[j] = pool[m - 1]
        grid: Grid = {}
        left = budget
        for cell in chosen:
            j = getrandbits(2)  # below(rng, 2)
            while j >= 2:
                j = getrandbits(2)
            stake = minimum * (1 + j)
            if stake > left:
                break
            left -= stake
            grid[cell] = stake
        tickets[s] = grid
        cash[s] = left
        bank += budget - left
        if last and long_odds[s]:
            marked = next((cell for cell in grid if cell[0] in last), None)
            if marked is not None:
                long_odds_cell[s] = marked
    return bank
