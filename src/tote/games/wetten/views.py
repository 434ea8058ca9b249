"""What each seat may know (WT 2.6, 8.7, 9.1 and the core's hidden information).

A seat sees its own race and action cards and tickets, everyone's money and the
totals on the tickets, the horses and the announced cards (a Hedge's cancelled bet
only by its owner); the pile is shown as a count only, never its order.

Last in reading order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tote.games.wetten.data import RACES
from tote.games.wetten.payout import SECOND_BET, SET_THE_STAKES
from tote.games.wetten.phases import RESOLVE, WINDOW, Grid

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState


def grid_view(state: WettenState, grid: Grid) -> list[dict[str, Any]]:
    """A ticket's bets, by horse name."""
    return [
        {"horse": state.horse_names[h], "place": p, "stake": stake}
        for (h, p), stake in sorted(grid.items())
    ]


def cell_view(state: WettenState, cell: tuple[int, int] | None) -> dict[str, Any] | None:
    return None if cell is None else {"horse": state.horse_names[cell[0]], "place": cell[1]}


def cards_view(state: WettenState, cards: Sequence[str]) -> list[dict[str, Any]]:
    """Race cards with their movement numbers."""
    return [{"card": c, "values": list(state.card_values[c])} for c in cards]


def announcement_view(
    state: WettenState, entry: Mapping[str, Any], seat: int | None
) -> dict[str, Any]:
    """An announced card as ``seat`` may see it: a Hedge's cancelled bet is
    known only to its owner (it would show part of a face-down ticket)."""
    card = state.action_cards[entry["card"]]
    hidden = entry["effect"] == "hedge" and entry["seat"] != seat
    horse, other = entry["horse"], entry["other"]
    return {
        "seat": entry["seat"],
        "card": entry["card"],
        "name": card.name,
        "effect": card.effect,
        "amount": card.amount,
        "horse": None if horse is None or hidden else state.horse_names[horse],
        "other_horse": None if other is None else state.horse_names[other],
        "opponent": entry["opponent"],
        "place": None if hidden else entry["place"],
        "cancelled": entry["cancelled"],
    }


def _tickets_view(state: WettenState, seat: int | None) -> list[dict[str, Any]]:
    """WT 2.6: a ticket's cells are seen by its owner (or by everyone once shown
    under "No chance..."); everyone sees the money on it."""
    tickets = []
    for s in range(state.num_players):
        shown = s == seat or state.no_chance[s] is not None
        tickets.append(
            {
                "seat": s,
                "stakes_total": sum(state.stakes[s].values()),
                "second_total": sum(state.second[s].values()),
                SET_THE_STAKES: grid_view(state, state.stakes[s]) if shown else None,
                SECOND_BET: grid_view(state, state.second[s]) if s == seat else None,
                "no_chance": cell_view(state, state.no_chance[s]),
                "long_odds": state.long_odds[s] if s == seat else None,
                "long_odds_cell": cell_view(state, state.long_odds_cell[s]) if s == seat else None,
            }
        )
    return tickets


def view(state: WettenState, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` (``None``: a spectator) may see it."""
    looking = state.looking
    return {
        "race": state.race,
        "races": RACES,
        "stage": state.stage,
        "timing": state.timing if state.stage in (WINDOW, RESOLVE) else None,
        "round": state.rounds,
        "track": state.track,
        "minimum_stake": state.min_stake,
        "pro_rules": state.pro_rules,
        "variant": state.options.pro_rules,
        "priority": state.priority if state.stage == WINDOW else None,
        "horses": [
            {
                "number": h + 1,
                "name": name,
                "position": state.position[h],
                "field": state.position[h] - state.track
                if state.places[h] is not None
                else state.position[h],
                "moved": state.moved[h],
                "movement": state.movement[h],
                "place": state.places[h],
            }
            for h, name in enumerate(state.horse_names)
        ],
        "cash": list(state.cash),
        "bank": None if state.unlimited else state.bank,
        "card_price": [state.price(s) for s in range(state.num_players)],
        "action_fee": [state.fee(s) for s in range(state.num_players)],
        "hand_sizes": [len(h) for h in state.hands],
        "action_counts": [len(a) for a in state.actions],
        "hand": cards_view(state, state.hands[seat]) if seat is not None else None,
        "action_cards": [dict(state.action_card_views[c]) for c in state.actions[seat]]
        if seat is not None
        else None,
        "tickets": _tickets_view(state, seat),
        "announced": [announcement_view(state, e, seat) for e in state.announced],
        "revealed": list(state.revealed),
        "insider_tip": state.peeks.get(seat) if seat is not None else None,
        "looking_at": cards_view(state, looking[1])
        if looking is not None and looking[0] == seat
        else None,
        "pile": len(state.pile),
        "discard": len(state.discard),
        "history": list(state.history),
        "ended_early": state.ended_early,
    }
