"""Horse Fever moves, named in the rulebook's words.

Stables are named by colour (``"red"``), cards by their id in ``data/cards.json``.
Chance moves are the rulebook's shuffles, draws and die rolls, one draw at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from tote.core.moves import Move, MoveCodec

BetKind = Literal["win", "show"]
LoanSide = Literal["bank", "mob"]


# ------------------------------------------------------------------ chance
@dataclass(frozen=True, slots=True)
class PlaceStableToken(Move):
    """Chance (Preparation): the next Stable token drawn, placed on the next odds row
    from 1:7 up to 1:2."""

    kind: ClassVar[str] = "place_stable_token"
    stable: str


@dataclass(frozen=True, slots=True)
class DealCharacter(Move):
    """Chance (Preparation): the Character card the next player draws."""

    kind: ClassVar[str] = "deal_character"
    character: str


@dataclass(frozen=True, slots=True)
class ChooseFirstPlayer(Move):
    """Chance (Preparation): the First Player (the rulebook's Sprint die and tie-breaker
    table, or any other method)."""

    kind: ClassVar[str] = "choose_first_player"
    seat: int


@dataclass(frozen=True, slots=True)
class DrawCard(Move):
    """Chance: the next card drawn from the deck a purchase draws from."""

    kind: ClassVar[str] = "draw_card"
    card: str


@dataclass(frozen=True, slots=True)
class RevealMovementCard(Move):
    """Chance (3.2): the First Player reveals the next Movement card."""

    kind: ClassVar[str] = "reveal_movement_card"
    card: str


@dataclass(frozen=True, slots=True)
class RollSprintDice(Move):
    """Chance (3.2 Sprint): the colours the two Sprint dice show."""

    kind: ClassVar[str] = "roll_sprint_dice"
    first: str
    second: str


# -------------------------------------------------------------- purchases
@dataclass(frozen=True, slots=True)
class BuyActionCards(Move):
    """1.1: pay 400 D and draw two Action cards."""

    kind: ClassVar[str] = "buy_action_cards"


@dataclass(frozen=True, slots=True)
class BuyCard(Move):
    """1.1: pay 400 D for a Target, Assistant or Horse card: draw four, keep one."""

    kind: ClassVar[str] = "buy_card"
    deck: Literal["target", "assistant", "horse"]


@dataclass(frozen=True, slots=True)
class KeepCard(Move):
    """1.1: keep one of the four cards drawn; the others go under the deck."""

    kind: ClassVar[str] = "keep_card"
    card: str


@dataclass(frozen=True, slots=True)
class BuyStable(Move):
    """1.1: buy a Stable Owner card at its Blackboard price."""

    kind: ClassVar[str] = "buy_stable"
    stable: str


@dataclass(frozen=True, slots=True)
class TakeLoan(Move):
    """1.1: take a Loan card from the Bank or the Mob."""

    kind: ClassVar[str] = "take_loan"
    side: LoanSide


@dataclass(frozen=True, slots=True)
class BuyFromPlayer(Move):
    """1.1: offer to buy a card from another player at twice its value. ``card`` is a
    Stable colour, an Assistant or Horse id, or ``"target"`` (the seller picks which)."""

    kind: ClassVar[str] = "buy_from_player"
    seller: int
    card: str


@dataclass(frozen=True, slots=True)
class AnswerOffer(Move):
    """1.1: the seller agrees (naming the card, which for Targets they choose) or
    refuses (``card`` is ``None``)."""

    kind: ClassVar[str] = "answer_offer"
    card: str | None


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """1.1 Passing: buy nothing and take 400 D from the Bank."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class CopyAssistant(Move):
    """Cédric Copieur (proposed): choose the other player's Assistant copied this round."""

    kind: ClassVar[str] = "copy_assistant"
    card: str


@dataclass(frozen=True, slots=True)
class LineUpHorse(Move):
    """1.3: place a Horse card on the lane of a Stable you own."""

    kind: ClassVar[str] = "line_up_horse"
    card: str
    stable: str


@dataclass(frozen=True, slots=True)
class EndLineup(Move):
    """1.3: place no (more) Horse cards."""

    kind: ClassVar[str] = "end_lineup"


# ---------------------------------------------------------------- betting
@dataclass(frozen=True, slots=True)
class PlaceBet(Move):
    """2.1 / 2.3: stake ``amount`` D on a Stable's horse, to Win or to Show."""

    kind: ClassVar[str] = "place_bet"
    stable: str
    bet: BetKind
    amount: int


@dataclass(frozen=True, slots=True)
class SkipBet(Move):
    """2.3: skip the second bet."""

    kind: ClassVar[str] = "skip_bet"


@dataclass(frozen=True, slots=True)
class PlayActionCard(Move):
    """2.2: play an Action card face down behind a horse's lane."""

    kind: ClassVar[str] = "play_action_card"
    card: str
    stable: str


@dataclass(frozen=True, slots=True)
class ChangeOdds(Move):
    """Eric Change (proposed skill): move one Stable up (+) or down (-) by up to 2 rows."""

    kind: ClassVar[str] = "change_odds"
    stable: str
    rows: int


@dataclass(frozen=True, slots=True)
class PhotoFinish(Move):
    """3.2 Photo Finish: the First Player places this horse next among tied horses."""

    kind: ClassVar[str] = "photo_finish"
    stable: str


# ---------------------------------------------------------------- auctions
@dataclass(frozen=True, slots=True)
class Accept(Move):
    """4.1 / 4.2: accept the Bank's offer (Dutch) or bid the asked amount (English)."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Refuse(Move):
    """4.1 / 4.2: refuse or pass; out of this auction for good."""

    kind: ClassVar[str] = "refuse"


CODEC = MoveCodec(
    [
        PlaceStableToken,
        DealCharacter,
        ChooseFirstPlayer,
        DrawCard,
        RevealMovementCard,
        RollSprintDice,
        BuyActionCards,
        BuyCard,
        KeepCard,
        BuyStable,
        TakeLoan,
        BuyFromPlayer,
        AnswerOffer,
        Pass,
        CopyAssistant,
        LineUpHorse,
        EndLineup,
        PlaceBet,
        SkipBet,
        PlayActionCard,
        ChangeOdds,
        PhotoFinish,
        Accept,
        Refuse,
    ]
)
