"""Horse Fever content as replaceable data files (``data/cards.json``, ``data/board.json``).

Every entry carries ``source``: ``original`` where the value is read from the
printed cards or rulebook, ``proposed`` where ``docs/data/horse-fever.md`` (after
the game-data file) proposes it. A user with other cards passes their own files
through the ``cards_file`` and ``board_file`` options.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from tote.core.data import M, load_data
from tote.core.data_changes import DataChanges

Source = Literal["original", "proposed"]
PurchaseKind = Literal["target", "assistant", "horse"]

ODDS_ROWS = 6
"""The odds rows 1:2 .. 1:7 of the Blackboard (HF 1, Game Material), one Stable each."""
MAX_SQUARES = 1_000
"""The most squares a data file may set for a finish line or a move: every input has a
bound, so a race ends in bounded time (issue 29 review)."""
MAX_COUNT = 1_000
"""The most cards, rounds, races or odds a data file may set: every input has a bound."""

Squares = Annotated[int, Field(ge=0, le=MAX_SQUARES)]
"""A move of a horse in squares: forward or not at all (HF 3.2)."""
Move = Annotated[int, Field(ge=-MAX_SQUARES, le=MAX_SQUARES)]
"""A change to a move, which may be negative (A cards' ``-1``, HF 3.2)."""
OddsN = Annotated[int, Field(ge=1, le=MAX_COUNT)]
"""The N of odds 1:N on the Blackboard (HF 1): a winning bet pays N times its stake."""
Count = Annotated[int, Field(ge=1, le=MAX_COUNT)]
"""A number of rounds, races or cards drawn: at least one, at most :data:`MAX_COUNT`."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Strict):
    """What a card does; every field is optional and a card sets only its own.

    Race fields (``start_*``, ``sprint_*``, ``finish_*``, ``photo``, ``if_*``,
    ``odds_rows``, ``remove``) serve Action and Horse cards; money fields serve
    Assistants, Horses and the starred Action cards.

    Bounds (issue 29 review): a set move (``start_set``, ``sprint_set``, ``if_*``) and
    ``finish_add`` are squares forward, a change to a move (``start_add``,
    ``sprint_add``) may be negative (A cards' -1), ``odds_rows`` moves a Stable at most
    across the six odds rows, and money (bonuses, discounts, loan repayments) is never
    negative; only ``bet_money`` and ``bet_vp`` are, as on the negative Action cards.
    """

    start_set: Squares | None = None
    start_add: Move = 0
    sprint_set: Squares | None = None
    sprint_add: Move = 0
    sprint_never: bool = False
    finish_add: Squares = 0
    finish_stop: bool = False
    photo: Literal["win", "lose"] | None = None
    if_last: Squares | None = None
    if_first: Squares | None = None
    odds_rows: int = Field(default=0, ge=1 - ODDS_ROWS, le=ODDS_ROWS - 1)
    remove: Literal["positive", "negative"] | None = None
    bet_money: int = 0
    bet_vp: int = 0
    payoff_money: NonNegativeInt = 0
    free_purchase: PurchaseKind | None = None
    stable_discount: NonNegativeInt = 0
    loan_repay: dict[Literal["bank", "mob"], NonNegativeInt] = {}
    pass_bonus: NonNegativeInt = 0
    counts_as: NonNegativeInt = 1
    win_bonus_first: NonNegativeInt = 0
    win_bonus_second: NonNegativeInt = 0
    win_bonus: NonNegativeInt = 0
    copies: bool = False


class MovementCard(_Strict):
    id: str
    scan: NonNegativeInt
    values: tuple[Squares, Squares, Squares, Squares, Squares, Squares]
    """Squares for the Stables on odds rows 1:2 .. 1:7: forward or not at all (HF 3.2)."""
    source: Source


class ActionCard(_Strict):
    id: str
    name: str
    kind: Literal["positive", "negative", "neutral"]
    letter: str | None
    effect: Effect
    starred: bool
    source: Source
    note: str = ""


class Character(_Strict):
    id: str
    name: str
    danari: NonNegativeInt
    stable_row: Annotated[int, Field(ge=0, le=ODDS_ROWS - 1)] | None
    """Row index (0 = 1:2 .. 5 = 1:7) of the Stable the character starts owning: a row
    of the Blackboard (issue 29 review: another row crashed the setup)."""
    skill: str | None
    starred: bool
    source: Source
    note: str = ""


class Stable(_Strict):
    colour: str
    name: str
    source: Source


class EffectCard(_Strict):
    """An Assistant or a Horse card."""

    id: str
    name: str
    effect: Effect
    source: Source
    note: str = ""


class TargetCard(_Strict):
    id: str
    sign: Literal["+", "-"]
    counts: Literal["stable", "assistant", "target", "horse", "danari", "vp"]
    vp: NonNegativeInt
    source: Source
    note: str = ""


class LoanSide(_Strict):
    """What a loan side pays out and what it costs to repay: never negative."""

    receive: NonNegativeInt
    repay: NonNegativeInt


class Loans(_Strict):
    cards: int = Field(ge=0, le=MAX_COUNT)
    sides: dict[Literal["bank", "mob"], LoanSide]
    source: Source
    note: str = ""


class Cards(_Strict):
    movement: tuple[MovementCard, ...]
    actions: tuple[ActionCard, ...]
    characters: tuple[Character, ...]
    stables: tuple[Stable, ...]
    assistants: tuple[EffectCard, ...]
    horses: tuple[EffectCard, ...]
    targets: tuple[TargetCard, ...]
    loans: Loans

    @model_validator(mode="after")
    def _consistent(self) -> Cards:
        if len(self.stables) != 6:
            raise ValueError("Horse Fever has exactly 6 Stables")
        ids = [
            c.id
            for group in (
                self.movement,
                self.actions,
                self.characters,
                self.assistants,
                self.horses,
                self.targets,
            )
            for c in group
        ]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        if len([c for c in self.characters if not c.starred]) < 5:
            raise ValueError("at least 5 basic characters are needed for 5 players")
        return self


class Valued(_Strict):
    value: int
    source: Source
    note: str = ""


class Amount(Valued):
    """An amount of Danari or VP (HF 2-5): never negative."""

    value: NonNegativeInt


class Drawn(Valued):
    """Cards drawn in the Purchase Phase (HF 2): at least one."""

    value: Count


class FinishLine(Valued):
    """The finish line's square (HF 3.2c): on the track, at most :data:`MAX_SQUARES`."""

    value: int = Field(ge=1, le=MAX_SQUARES)


class Values(_Strict):
    """Stable prices or prizes in Danari (HF 1, 3.3): never negative."""

    values: tuple[NonNegativeInt, ...]
    source: Source
    note: str = ""


class Auction(_Strict):
    """The Dutch auction's opening price and its step down (HF 4): the step at least
    1 Danaro, so the price falls, and the start at most 1,000 steps from 0 D."""

    start: NonNegativeInt
    step: int = Field(ge=1)

    @model_validator(mode="after")
    def _steps(self) -> Auction:
        if self.start > MAX_COUNT * self.step:
            raise ValueError(
                f"the auction starts at most {MAX_COUNT:,} steps from 0 D (HF 4.1: the"
                " price moves one step at each acceptance), so an auction ends in bounded"
                " time"
            )
        return self

    source: Source


class Rounds(_Strict):
    table: dict[str, dict[Literal["short", "medium", "long"], Count]]
    source: Source
    note: str = ""


class FamilyRounds(_Strict):
    table: dict[str, Count]
    source: Source
    note: str = ""


class Party(_Strict):
    chips: NonNegativeInt
    races: Count
    source: Source
    note: str = ""


class Lanes(_Strict):
    values: tuple[str, ...]
    source: Source


class Board(_Strict):
    """The Blackboard and the amounts of the rules. Odds are 1:N with N at least 1 (a
    winning bet pays its stake at least, HF 3.3); amounts are never negative; the finish
    line is at least one square away; at least one card is drawn (issue 29 review)."""

    odds_rows: tuple[OddsN, OddsN, OddsN, OddsN, OddsN, OddsN]
    stable_prices: Values
    finish_line: FinishLine
    stable_prizes: Values
    purchase_price: Amount
    pass_money: Amount
    draw_count: Drawn
    win_vp: Amount
    show_vp: Amount
    starting_vp: Amount
    minimum_bet_per_vp: Amount
    cannot_cover_vp: Amount
    auction: Auction
    rounds: Rounds
    family_rounds: FamilyRounds
    party: Party
    lanes: Lanes

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        if len(self.stable_prices.values) != 6:
            raise ValueError("one Stable price per odds row")
        if len(self.lanes.values) != 6:
            raise ValueError("six lanes")
        return self


def _load(model: type[M], path: str | None, default: str, changes: DataChanges) -> M:
    return load_data(model, "tote.games.horse_fever", default, path, changes)


@cache
def cards(path: str | None = None, changes: DataChanges = ()) -> Cards:
    """``cards.json`` (or the replacement ``path``), with the run's ``changes`` (issue
    29, what-if on the data)."""
    data = _load(Cards, path, "cards.json", changes)
    return data


@cache
def board(path: str | None = None, changes: DataChanges = ()) -> Board:
    """``board.json`` (or the replacement ``path``), with the run's ``changes``."""
    data = _load(Board, path, "board.json", changes)
    return data


def card_name(card_id: str) -> str:
    """``A05 In Igni Veritas``, ``T03 (+assistant Target)``; a Stable colour as is."""
    data = cards()
    for group in (data.actions, data.assistants, data.horses):
        for card in group:
            if card.id == card_id:
                return f"{card_id} {card.name}"
    for target in data.targets:
        if target.id == card_id:
            return f"{card_id} ({target.sign}{target.counts} Target)"
    return card_id


def effect_text(effect: Effect) -> str:
    """A card's effect in a few words (the meanings of ``cards.json``), for front ends."""
    parts: list[str] = []
    e = effect
    if e.start_set is not None:
        parts.append(f"start: moves {e.start_set}")
    if e.start_add:
        parts.append(f"start: {e.start_add:+d}")
    if e.sprint_set is not None:
        parts.append(f"sprint: {e.sprint_set} squares")
    if e.sprint_add:
        parts.append(f"sprint: {e.sprint_add:+d}")
    if e.sprint_never:
        parts.append("never sprints")
    if e.finish_add:
        parts.append(f"finish line: {e.finish_add:+d} squares")
    if e.finish_stop:
        parts.append("stops on the finish line")
    if e.photo is not None:
        parts.append(f"{e.photo}s a photo finish")
    if e.if_last is not None:
        parts.append(f"if last: moves {e.if_last}")
    if e.if_first is not None:
        parts.append(f"if first: moves {e.if_first}")
    if e.odds_rows:
        way = "toward 1:2" if e.odds_rows > 0 else "toward 1:7"
        parts.append(f"odds {abs(e.odds_rows)} rows {way}")
    if e.remove is not None:
        parts.append(f"removes the {e.remove} cards")
    if e.bet_money:
        parts.append(f"winning bets {e.bet_money:+d} D")
    if e.bet_vp:
        parts.append(f"winning bets {e.bet_vp:+d} VP")
    if e.payoff_money:
        parts.append(f"+{e.payoff_money} D at every payoff")
    if e.free_purchase is not None:
        parts.append(f"{e.free_purchase} cards free")
    if e.stable_discount:
        parts.append(f"Stables {e.stable_discount} D cheaper")
    for side, repay in e.loan_repay.items():
        parts.append(f"repay the {side} loan with {repay} D")
    if e.pass_bonus:
        parts.append(f"passing pays {e.pass_bonus} D more")
    if e.counts_as != 1:
        parts.append(f"counts as {e.counts_as} for Targets")
    if e.win_bonus_first:
        parts.append(f"+{e.win_bonus_first} D on a winning first bet")
    if e.win_bonus_second:
        parts.append(f"+{e.win_bonus_second} D on a winning second bet")
    if e.win_bonus:
        parts.append(f"+{e.win_bonus} D on every winning bet")
    if e.copies:
        parts.append("copies another player's Assistant")
    return "; ".join(parts)


TARGET_WORDS = {
    "stable": "Stables",
    "assistant": "Assistants",
    "target": "Targets",
    "horse": "Horses",
    "danari": "Danari",
    "vp": "VP",
}


@cache
def card_info(path: str | None = None, changes: DataChanges = ()) -> dict[str, dict[str, str]]:
    """Name, kind and effect text of every Action, Assistant, Horse and Target card by
    id: public knowledge (the card list), sent in a view only for the cards it shows."""
    data = cards(path, changes)
    info: dict[str, dict[str, str]] = {}
    for action in data.actions:
        letter = f" ({action.letter})" if action.letter else ""
        info[action.id] = {
            "name": action.name,
            "kind": f"{action.kind} action{letter}",
            "text": effect_text(action.effect),
        }
    for group, kind in ((data.assistants, "assistant"), (data.horses, "horse")):
        for card in group:
            info[card.id] = {"name": card.name, "kind": kind, "text": effect_text(card.effect)}
    for target in data.targets:
        what = TARGET_WORDS.get(target.counts, target.counts)
        most = "most" if target.sign == "+" else "fewest"
        other = "more" if target.sign == "+" else "fewer"
        info[target.id] = {
            "name": f"Target: {most} {what}",
            "kind": "target",
            "text": f"{target.vp} VP if no other player has {other} {what}",
        }
    return info


Tables = tuple[
    dict[str, int],
    dict[str, ActionCard],
    dict[str, Character],
    dict[str, EffectCard],
    dict[str, EffectCard],
    dict[str, TargetCard],
    dict[str, MovementCard],
]
"""A state's lanes by colour, Action cards, Characters, Assistants, Horses, Targets and
Movement cards by id."""
_TABLES: dict[tuple[int, int, bool], tuple[Cards, Board, Tables]] = {}
"""The tables of each set of cards and board met (they are cached by ``data`` too)."""


def tables(cards: Cards, board: Board, advanced: bool) -> Tables:
    """The lanes by colour and every card by id (the starred Action cards and Characters
    with the advanced game only), made once per cards, board and mode."""
    key = (id(cards), id(board), advanced)
    found = _TABLES.get(key)
    if found is None or found[0] is not cards or found[1] is not board:
        tables: Tables = (
            {c: i for i, c in enumerate(board.lanes.values)},
            {c.id: c for c in cards.actions if advanced or not c.starred},
            {c.id: c for c in cards.characters if advanced or not c.starred},
            {c.id: c for c in cards.assistants},
            {c.id: c for c in cards.horses},
            {c.id: c for c in cards.targets},
            {c.id: c for c in cards.movement},
        )
        found = _TABLES[key] = (cards, board, tables)
    return found[2]
