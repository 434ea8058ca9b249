"""What each seat may know of a Horse Fever game (the view of the Refusals, views and
records section of docs/rules/horse-fever.md): public Stables, bets and race; a seat's
own hand, Targets and drawn cards; Action cards face down until HF 3.1 shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.games.horse_fever.data import card_info
from tote.games.horse_fever.phases import (
    COPY,
    DRAW,
    DUTCH,
    ENGLISH,
    FIRST_BET,
    KEEP,
    LINEUP,
    OFFER,
    OVER,
    PHOTO,
    PURCHASE,
    RACE_FIXING,
    SECOND_BET,
    SECRET_BET,
)

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState

FACE_DOWN_PHASES = frozenset(
    {PURCHASE, DRAW, KEEP, OFFER, LINEUP, FIRST_BET, RACE_FIXING, SECOND_BET, SECRET_BET, COPY}
)
"""The phases in which Action cards played on the horses lie face down (HF 2.2), to be
shown when the race begins (HF 3.1)."""


def drawing_seat(state: HorseFeverState) -> int | None:
    """The seat looking at cards it has drawn (HF 1.1 draw four keep one), if any."""
    if state.drawing is not None:
        return state.drawing[0]
    return state.queue[0] if state.phase == KEEP and state.queue else None


def view(state: HorseFeverState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator); HF Refusals, views and records."""
    players = []
    for s in range(state.num_players):
        character = state.character[s]
        players.append(
            {
                "seat": s,
                "character": None if character is None else state.characters[character].name,
                "danari": state.money[s],
                "vp_tokens": state.vp[s],
                "vp": state.total_vp(s),
                "minimum_bet": state.minimum_bet(s),
                "stables": [state.colours[lane] for lane in state.stables_of(s)],
                "assistants": list(state.owned_assistants[s]),
                "copied": state.copied[s],
                "horses": list(state.owned_horses[s]),
                "targets": len(state.owned_targets[s]),
                "loans": list(state.loans[s]),
                "action_cards": len(state.hand[s]),
                "eliminated": state.eliminated[s],
            }
        )
    revealed = state.phase not in FACE_DOWN_PHASES
    view: dict[str, Any] = {
        "mode": state.options.mode,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "purchase_step": state.step,
        "first_player": state.first_player,
        "to_act": list(state.queue),
        "stables": [
            {
                "stable": colour,
                "odds": state.odds(lane) if state.row[lane] >= 0 else None,
                "price": state.stable_price(lane) if state.row[lane] >= 0 else None,
                "owner": state.owner[lane],
                "horse": state.lane_horse[lane],
                "position": state.positions[lane],
                "place": state.ranking.index(lane) + 1 if lane in state.ranking else None,
                "bet_tokens_left": state.tokens_left[lane],
            }
            for lane, colour in enumerate(state.colours)
        ],
        "players": players,
        "bank": state.bank,
        "vp_reserve": state.vp_reserve,
        "loans_left": state.loans_left,
        "decks": {name: len(deck) for name, deck in state.decks.items()},
        "bets": [
            {
                "seat": b.seat,
                "stable": state.colours[b.lane],
                "bet": b.kind,
                "amount": b.amount,
                "betting": b.betting,
            }
            for b in state.bets
        ],
        "action_cards": [
            {
                "seat": s,
                "stable": state.colours[lane],
                "card": card if revealed or s == seat else None,
            }
            for s, card, lane in state.played
        ],
        "offer": None
        if state.offer is None
        else {
            "buyer": state.offer[0],
            "seller": state.offer[1],
            "card": state.offer[2],
            "price": state.offer[3],
        },
        "race": {
            "unit": state.unit,
            "movement_card": state.movement_shown,
            "movement_values": None
            if state.movement_shown is None
            else list(state.movement[state.movement_shown].values),
            "dice": None if state.dice is None else list(state.dice),
            "ranking": [state.colours[lane] for lane in state.ranking],
            "finish_line": state.finish,
            "tied": [state.colours[lane] for lane in state.photo_pending[0]]
            if state.phase == PHOTO
            else None,
        },
        "auction": {
            "price": state.auction_price,
            "active": list(state.auction_active),
            "best": state.auction_best,
            "best_price": state.auction_best_price,
        }
        if state.phase in (DUTCH, ENGLISH)
        else None,
        "history": list(state.history),
    }
    if seat is not None:
        view["hand"] = sorted(state.hand[seat])
        view["my_targets"] = sorted(state.owned_targets[seat])
        view["drawn"] = list(state.drawn) if drawing_seat(state) == seat else []
    if state.phase == OVER:
        view["fulfilled_targets"] = {str(s): c for s, c in enumerate(state.fulfilled) if c}
    view["cards"] = _shown_cards(state, view)
    return view


def _shown_cards(state: HorseFeverState, view: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Name and meaning of every card this view shows (and of no other)."""
    ids: set[str] = set(view.get("hand", ())) | set(view.get("my_targets", ()))
    ids |= set(view.get("drawn", ()))
    ids |= {c["card"] for c in view["action_cards"] if c["card"] is not None}
    ids |= {s["horse"] for s in view["stables"] if s["horse"] is not None}
    for p in view["players"]:
        ids |= set(p["assistants"]) | set(p["horses"])
        if p["copied"] is not None:
            ids.add(p["copied"])
    for cards in view.get("fulfilled_targets", {}).values():
        ids |= set(cards)
    info = card_info(state.options.cards_file, state.options.changes_to("cards"))
    return {c: info[c] for c in sorted(ids) if c in info}
