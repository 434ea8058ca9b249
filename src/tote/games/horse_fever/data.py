"""Horse Fever content as replaceable data files (``data/cards.json``, ``data/board.json``).

Every entry carries ``source``: ``original`` where the value is read from the
printed cards or rulebook, ``proposed`` where ``docs/data/horse-fever.md`` (after
the game-data file) proposes it. A user with other cards passes their own files
through the ``cards_file`` and ``board_file`` options.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from tote.core.data import M, load_data

Source = Literal["original", "proposed"]
PurchaseKind = Literal["target", "assistant", "horse"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Strict):
    """What a card does; every field is optional and a card sets only its own.

    Race fields (``start_*``, ``sprint_*``, ``finish_*``, ``photo``, ``if_*``,
    ``odds_rows``, ``remove``) serve Action and Horse cards; money fields serve
    Assistants, Horses and the starred Action cards.
    """

    start_set: int | None = None
    start_add: int = 0
    sprint_set: int | None = None
    sprint_add: int = 0
    sprint_never: bool = False
    finish_add: int = 0
    finish_stop: bool = False
    photo: Literal["win", "lose"] | None = None
    if_last: int | None = None
    if_first: int | None = None
    odds_rows: int = 0
    remove: Literal["positive", "negative"] | None = None
    bet_money: int = 0
    bet_vp: int = 0
    payoff_money: int = 0
    free_purchase: PurchaseKind | None = None
    stable_discount: int = 0
    loan_repay: dict[Literal["bank", "mob"], int] = {}
    pass_bonus: int = 0
    counts_as: int = 1
    win_bonus_first: int = 0
    win_bonus_second: int = 0
    win_bonus: int = 0
    copies: bool = False


class MovementCard(_Strict):
    id: str
    scan: int
    values: tuple[int, int, int, int, int, int]
    """Squares for the Stables on odds rows 1:2 .. 1:7."""
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
    danari: int
    stable_row: int | None
    """Row index (0 = 1:2) of the Stable the character starts owning."""
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
    vp: int
    source: Source
    note: str = ""


class LoanSide(_Strict):
    receive: int
    repay: int


class Loans(_Strict):
    cards: int
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


class Values(_Strict):
    values: tuple[int, ...]
    source: Source
    note: str = ""


class Auction(_Strict):
    start: int
    step: int
    source: Source


class Rounds(_Strict):
    table: dict[str, dict[Literal["short", "medium", "long"], int]]
    source: Source
    note: str = ""


class FamilyRounds(_Strict):
    table: dict[str, int]
    source: Source
    note: str = ""


class Party(_Strict):
    chips: int
    races: int
    source: Source
    note: str = ""


class Lanes(_Strict):
    values: tuple[str, ...]
    source: Source


class Board(_Strict):
    odds_rows: tuple[int, int, int, int, int, int]
    stable_prices: Values
    finish_line: Valued
    stable_prizes: Values
    purchase_price: Valued
    pass_money: Valued
    draw_count: Valued
    win_vp: Valued
    show_vp: Valued
    starting_vp: Valued
    minimum_bet_per_vp: Valued
    cannot_cover_vp: Valued
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


def _load(model: type[M], path: str | None, default: str) -> M:
    return load_data(model, "tote.games.horse_fever", default, path)


@cache
def cards(path: str | None = None) -> Cards:
    data = _load(Cards, path, "cards.json")
    return data


@cache
def board(path: str | None = None) -> Board:
    data = _load(Board, path, "board.json")
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
def card_info(path: str | None = None) -> dict[str, dict[str, str]]:
    """Name, kind and effect text of every Action, Assistant, Horse and Target card by
    id: public knowledge (the card list), sent in a view only for the cards it shows."""
    data = cards(path)
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
