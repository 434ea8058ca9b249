"""The race (3.1-3.2): which Action cards take effect, and how far each horse moves.

Pure functions over plain lists, so that the rules and the tests share them.
Lanes are indexed 0..5 in board order (black, blue, green, red, yellow, white);
odds rows 0..5 stand for 1:2 .. 1:7. Rule ids refer to docs/rules/horse-fever.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tote.games.horse_fever.data import ActionCard, Effect

HIGHEST_ROW = 0
LOWEST_ROW = 5


@dataclass(slots=True)
class LaneEffects:
    """Everything that changes how one horse runs this race (HF 3.1, Horse cards).

    Built from the Horse card first and the Action cards after it, so that where
    both fix the same value race-fixing wins (game-data 4c, ruling R4).
    """

    start_set: int | None = None
    start_add: int = 0
    sprint_set: int | None = None
    sprint_add: int = 0
    sprint_never: bool = False
    finish_add: int = 0
    finish_stop: bool = False
    photo: str | None = None
    if_last: int | None = None
    if_first: int | None = None
    bet_money: int = 0
    bet_vp: int = 0

    def add(self, effect: Effect) -> None:
        if effect.start_set is not None:
            self.start_set = effect.start_set
        self.start_add += effect.start_add
        if effect.sprint_set is not None:
            self.sprint_set = effect.sprint_set
        self.sprint_add += effect.sprint_add
        self.sprint_never = self.sprint_never or effect.sprint_never
        self.finish_add += effect.finish_add
        self.finish_stop = self.finish_stop or effect.finish_stop
        if effect.photo is not None:
            self.photo = effect.photo
        if effect.if_last is not None:
            self.if_last = effect.if_last
        if effect.if_first is not None:
            self.if_first = effect.if_first
        self.bet_money += effect.bet_money
        self.bet_vp += effect.bet_vp

    def start_move(self, value: int) -> int:
        """HF 3.2a Start: a fixed value first, then the +/- cards; never backwards."""
        if self.start_set is not None:
            value = self.start_set
        value += self.start_add
        return value if value > 0 else 0

    def sprint_move(self) -> int:
        """HF 3.2b Sprint: one square, changed by the sprint cards; never backwards."""
        if self.sprint_never:
            return 0
        squares = (1 if self.sprint_set is None else self.sprint_set) + self.sprint_add
        return squares if squares > 0 else 0


NO_LANE_EFFECTS = LaneEffects()
"""A lane with no Horse card and no Action card (HF 3.1): shared by every such lane and
never changed (a state's effects are built afresh for each race, then only read; a clone
shares them too), so that a round's start and a race's reveal make no object for it."""


def surviving_cards(cards: Sequence[ActionCard]) -> tuple[list[ActionCard], list[ActionCard]]:
    """HF 3.1 on one lane: removal cards first, then same-letter cancellation.

    Returns (cards that take effect, cards discarded). Friz Finden removes every
    negative card, Rochelle Recherche every positive one (both if both lie there);
    then two cards with the same letter cancel each other (game-data 2a, ruling R1).
    """
    if not cards:
        return [], []
    removes = {c.effect.remove for c in cards if c.effect.remove is not None}
    kept = [c for c in cards if c.kind not in removes]
    gone = [c for c in cards if c.kind in removes]
    letters: dict[str, int] = {}
    for card in kept:
        if card.letter is not None:
            letters[card.letter] = letters.get(card.letter, 0) + 1
    cancelled = {letter for letter, count in letters.items() if count >= 2}
    survivors = [c for c in kept if c.letter not in cancelled]
    gone += [c for c in kept if c.letter in cancelled]
    return survivors, gone


def shift_row(row: int, rows_up: int) -> int:
    """An odds change: ``rows_up`` > 0 moves toward 1:2; clamped to 1:2 .. 1:7."""
    row -= rows_up
    return HIGHEST_ROW if row < HIGHEST_ROW else LOWEST_ROW if row > LOWEST_ROW else row


def unit_moves(
    values: Sequence[int],
    rows: Sequence[int],
    positions: Sequence[int],
    running: Sequence[bool],
    effects: Sequence[LaneEffects],
    start: bool,
) -> list[int]:
    """HF 3.2: squares each horse moves for one Movement card (0 for finished horses).

    Every horse moves the number next to its Stable's odds; at the Start the start
    cards change it; later, the first/last cards look at the positions before the
    move (ties count, finished horses included: ruling R5).
    """
    if not start:
        first = max(positions)
        last = min(positions)
    moves = [0] * len(rows)
    for lane, row in enumerate(rows):
        if not running[lane]:
            continue
        value = values[row]
        fx = effects[lane]
        if start:
            if fx is not NO_LANE_EFFECTS:  # no card: the value as printed, never below 0
                value = fx.start_move(value)
            elif value < 0:
                value = 0
        else:
            if fx.if_last is not None and positions[lane] == last:
                value = fx.if_last
            if fx.if_first is not None and positions[lane] == first:
                value = fx.if_first
        moves[lane] = value
    return moves


def photo_key(effects: LaneEffects, row: int) -> tuple[int, int]:
    """HF 3.2d Photo Finish among horses past the line by the same squares: In Igni
    Veritas wins, Mala Tempora loses, else the higher odds (lower row) wins."""
    card = 0 if effects.photo == "win" else 2 if effects.photo == "lose" else 1
    return (card, row)


def finishing_groups(
    lanes: Sequence[int],
    positions: Sequence[int],
    rows: Sequence[int],
    effects: Sequence[LaneEffects],
) -> list[list[int]]:
    """HF 3.2c-d: horses finishing in one Race Unit in ranking order, as groups.

    Farther past the line first, then the photo finish; a group of more than one
    horse is still tied and is ordered by the First Player. Within a group the horses
    are in lane order (every caller gives ``lanes`` so).
    """
    if len(lanes) == 1:
        return [[lanes[0]]]
    keyed = sorted(
        [((-positions[lane], photo_key(effects[lane], rows[lane])), lane) for lane in lanes]
    )
    groups: list[list[int]] = []
    last_key: tuple[int, tuple[int, int]] | None = None
    for key, lane in keyed:
        if key == last_key:
            groups[-1].append(lane)
        else:
            groups.append([lane])
            last_key = key
    return groups


def new_row(row: int, place: int) -> int:
    """HF 3.4: a horse placed higher than its Stable token's row moves it up one row,
    lower moves it down one, the same place leaves it (place 0 = first)."""
    if place < row:
        return row - 1
    if place > row:
        return row + 1
    return row
