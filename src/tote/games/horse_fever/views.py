"""What each seat may know of a Horse Fever game (the view of the Refusals, views and
records section of docs/rules/horse-fever.md): public Stables, bets and race; a seat's
own hand, Targets and drawn cards; Action cards face down until HF 3.1 shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    """What ``seat`` may know (``None``: a spectator); HF Refusals, views and records.
    The cards it shows are gathered as the view is written (issue 24: an environment
    writes a view every step, and reading them back out of it cost a fifth of it)."""
    colours = state.colours
    shown: set[str] = set()
    players = []
    characters, character_of, copied_of = state.characters, state.character, state.copied
    for s in range(state.num_players):
        character = character_of[s]
        assistants = list(state.owned_assistants[s])
        horses = list(state.owned_horses[s])
        copied = copied_of[s]
        shown.update(assistants, horses)
        if copied is not None:
            shown.add(copied)
        players.append(
            {
                "seat": s,
                "character": None if character is None else characters[character].name,
                "danari": state.money[s],
                "vp_tokens": state.vp[s],
                "vp": state.total_vp(s),
                "minimum_bet": state.minimum_bet(s),
                "stables": [colours[lane] for lane in state.stables_of(s)],
                "assistants": assistants,
                "copied": copied,
                "horses": horses,
                "targets": len(state.owned_targets[s]),
                "loans": list(state.loans[s]),
                "action_cards": len(state.hand[s]),
                "eliminated": state.eliminated[s],
            }
        )
    phase = state.phase
    revealed = phase not in FACE_DOWN_PHASES
    action_cards = [
        {"seat": s, "stable": colours[lane], "card": card if revealed or s == seat else None}
        for s, card, lane in state.played
    ]
    shown.update(card for s, card, _ in state.played if revealed or s == seat)
    lane_horse = state.lane_horse
    shown.update(horse for horse in lane_horse if horse is not None)
    row, owner, positions, ranking, tokens_left = (
        state.row,
        state.owner,
        state.positions,
        state.ranking,
        state.tokens_left,
    )
    view: dict[str, Any] = {
        "mode": state.options.mode,
        "round": state.round,
        "rounds": state.rounds,
        "phase": phase,
        "purchase_step": state.step,
        "first_player": state.first_player,
        "to_act": list(state.queue),
        "stables": [
            {
                "stable": colour,
                "odds": state.odds(lane) if row[lane] >= 0 else None,
                "price": state.stable_price(lane) if row[lane] >= 0 else None,
                "owner": owner[lane],
                "horse": lane_horse[lane],
                "position": positions[lane],
                "place": ranking.index(lane) + 1 if lane in ranking else None,
                "bet_tokens_left": tokens_left[lane],
            }
            for lane, colour in enumerate(colours)
        ],
        "players": players,
        "bank": state.bank,
        "vp_reserve": state.vp_reserve,
        "loans_left": state.loans_left,
        "decks": {name: len(deck) for name, deck in state.decks.items()},
        "bets": [
            {
                "seat": b.seat,
                "stable": colours[b.lane],
                "bet": b.kind,
                "amount": b.amount,
                "betting": b.betting,
            }
            for b in state.bets
        ],
        "action_cards": action_cards,
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
            "ranking": [colours[lane] for lane in ranking],
            "finish_line": state.finish,
            "tied": [colours[lane] for lane in state.photo_pending[0]] if phase == PHOTO else None,
        },
        "auction": {
            "price": state.auction_price,
            "active": list(state.auction_active),
            "best": state.auction_best,
            "best_price": state.auction_best_price,
        }
        if phase in (DUTCH, ENGLISH)
        else None,
        "history": list(state.history),
    }
    if seat is not None:
        hand = view["hand"] = sorted(state.hand[seat])
        targets = view["my_targets"] = sorted(state.owned_targets[seat])
        drawn = view["drawn"] = list(state.drawn) if drawing_seat(state) == seat else []
        shown.update(hand, targets, drawn)
    if phase == OVER:
        fulfilled = view["fulfilled_targets"] = {
            str(s): c for s, c in enumerate(state.fulfilled) if c
        }
        for cards in fulfilled.values():
            shown.update(cards)
    info = state.card_texts
    view["cards"] = {c: info[c] for c in sorted(shown) if c in info}
    return view
