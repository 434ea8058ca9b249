"""WT 7 Action cards and WT 8 their effects: announced, paid for, resolved in order.

In a priority turn of an action window (``windows.py``) a player announces one of
their own action cards at its named time (WT 7.1-7.2), paying its fee (WT 7.5).
When the window closes, cancellations (Stewards' Inquiry, WT 8.11) are settled and
the cards resolve in the order announced (WT 7.4), each on the movement as it
stands then (``race.apply_modifier``); played cards go to the discard (WT 7.6).

Next in reading order: ``pro_rule.py`` (WT 9, the Pro-Rule "No chance...").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wetten import pro_rule, setup, stakes, views, windows
from tote.games.wetten.moves import KeepCard, NoChance, PlayActionCard
from tote.games.wetten.phases import RESOLVE, shared_move
from tote.games.wetten.race import apply_modifier

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState

FEE_FACTORS = (0, 3, 5)
"""WT 7.5: the first action card of a race is free, the second costs 3 times the
minimum stake, the third 5 times."""
LONG_ODDS = "long_odds"


def announcements(state: WettenState, seat: int) -> list[Move]:
    """The window moves besides passing and buying: showing the ticket (WT 9.1)
    and every action card with each target it may take (WT 7, 8). Moves are
    immutable values, so each is built once and shared (:func:`shared_move`)."""
    move = shared_move
    moves: list[Move] = []
    if state.timing == "second_bet" and pro_rule.may_show_ticket(state, seat):
        moves.extend(move(NoChance, state.horse_names[h], p) for h, p in sorted(state.stakes[seat]))
    fee = state.fee(seat)
    if fee is None or fee > state.cash[seat]:
        return moves
    names = state.horse_names
    running = [names[h] for h, p in enumerate(state.places) if p is None]
    timing = state.timing
    for card_id in state.actions[seat]:
        card = state.action_cards[card_id]
        if timing not in card.when and "any" not in card.when:
            continue
        effect = card.effect
        if effect in ("move", "halve"):
            moves.extend(move(PlayActionCard, card_id, h) for h in running)
        elif effect == "swap":
            moves.extend(
                move(PlayActionCard, card_id, a, b)
                for i, a in enumerate(running)
                for b in running[i + 1 :]
            )
        elif effect == "boost_last":
            moves.extend(move(PlayActionCard, card_id, names[h]) for h in state.last_place())
        elif effect == "peek_hand":
            moves.extend(
                move(PlayActionCard, card_id, None, None, o)
                for o in range(state.num_players)
                if o != seat
            )
        elif effect == "hedge":
            taken = {
                (e["horse"], e["place"])
                for e in state.announced
                if e["seat"] == seat and e["effect"] == "hedge"
            }
            moves.extend(
                move(PlayActionCard, card_id, names[h], None, None, p)
                for h, p in sorted(state.stakes[seat])
                if (h, p) not in taken
            )
        elif effect == "cancel":
            if state.announced and state.announced[-1]["seat"] != seat:
                moves.append(move(PlayActionCard, card_id))
        else:
            moves.append(move(PlayActionCard, card_id))
    return moves


def check_action(state: WettenState, seat: int, move: PlayActionCard) -> None:
    """WT 7.2, 7.5 and the targets each effect needs (WT 8)."""
    if move.card not in state.actions[seat]:
        raise IllegalMove("WT 7.1 your action cards", f"you hold no action card {move.card!r}")
    card = state.action_cards[move.card]
    if "any" not in card.when and state.timing not in card.when:
        raise IllegalMove(
            "WT 7.2 the named time",
            f"{card.name} is played in {', '.join(card.when)}, not now ({state.timing})",
        )
    fee = state.fee(seat)
    if fee is None or fee > state.cash[seat]:
        raise IllegalMove(
            "WT 7.5 action card fees",
            f"your next action card this race costs {fee}; you have {state.cash[seat]}",
        )
    effect = card.effect
    running = state.running()
    needs_horse = effect in ("move", "halve", "swap", "boost_last", "hedge")
    for name in (move.horse, move.other_horse):
        if name is not None and name not in state.horse_index:
            raise IllegalMove("WT 8 targets", f"there is no horse {name!r}")
    if needs_horse != (move.horse is not None):
        raise IllegalMove(
            "WT 8 targets",
            f"{card.name} {'needs' if needs_horse else 'takes no'} target horse",
        )
    if (effect == "swap") != (move.other_horse is not None):
        raise IllegalMove("WT 8.4 Jockey Swap", "only Jockey Swap names a second horse")
    if (effect == "peek_hand") != (move.opponent is not None):
        raise IllegalMove("WT 8.7 Insider Tip", "only Insider Tip names an opponent")
    if (effect == "hedge") != (move.place is not None):
        raise IllegalMove("WT 8.9 Hedge", "only Hedge names a place (the cancelled bet)")
    horse = None if move.horse is None else state.horse_index[move.horse]
    if effect in ("move", "halve", "swap", "boost_last"):
        assert horse is not None
        if not running[horse]:
            raise IllegalMove(
                "WT 3.6 finished horses", f"{move.horse} has finished; it cannot be targeted"
            )
    if effect == "swap":
        assert move.other_horse is not None
        other = state.horse_index[move.other_horse]
        if other == horse or not running[other]:
            raise IllegalMove("WT 8.4 Jockey Swap", "swap two different running horses")
    if effect == "boost_last" and horse not in state.last_place():
        raise IllegalMove(
            "WT 8.5 Second Wind", f"{move.horse} is not in last place among running horses"
        )
    if effect == "peek_hand" and (
        move.opponent == seat or not 0 <= (move.opponent or 0) < state.num_players
    ):
        raise IllegalMove("WT 8.7 Insider Tip", "name another player at the table")
    if effect == "hedge":
        assert horse is not None and move.place is not None
        cell = (horse, move.place)
        taken = [
            (e["horse"], e["place"])
            for e in state.announced
            if e["seat"] == seat and e["effect"] == "hedge"
        ]
        if cell not in state.stakes[seat] or cell in taken:
            raise IllegalMove(
                "WT 8.9 Hedge", "name one of your own Set-the-Stakes bets (horse and place)"
            )
    if effect == "cancel":
        last = state.announced[-1] if state.announced else None
        if last is None or last["seat"] == seat:
            raise IllegalMove(
                "WT 8.11 Stewards' Inquiry",
                "it answers another player's action card announced just before",
            )


def announce(state: WettenState, seat: int, move: PlayActionCard) -> None:
    """WT 7.3-7.5: pay the fee, lay the card out; it resolves when the window
    closes, in the order of announcement. Priority moves on (ruling 12)."""
    fee = state.fee(seat)
    assert fee is not None
    state.cash[seat] -= fee
    state.bank += fee
    state.played_actions[seat] += 1
    state.actions[seat].remove(move.card)
    card = state.action_cards[move.card]
    entry: dict[str, Any] = {
        "seat": seat,
        "card": move.card,
        "effect": card.effect,
        "amount": card.amount,
        "horse": None if move.horse is None else state.horse_index[move.horse],
        "other": None if move.other_horse is None else state.horse_index[move.other_horse],
        "opponent": move.opponent,
        "place": move.place,
        "target": len(state.announced) - 1 if card.effect == "cancel" else None,
        "cancelled": False,
    }
    state.announced.append(entry)
    public = views.announcement_view(state, entry, None)
    # Only a Hedge shows its owner more than everyone sees (views.announcement_view).
    mine = views.announcement_view(state, entry, seat) if card.effect == "hedge" else public
    state.log.append(Event("action_announced", {**public, "fee": fee}, {seat: mine}))
    windows.after_announcement(state)


def close_window(state: WettenState) -> None:
    """WT 7.4 / 8.11: cancellations first (a later Inquiry may cancel an earlier
    one), then the remaining cards in announcement order."""
    state.stage = RESOLVE
    announced = state.announced
    if not announced:
        windows.after_window(state)
        return
    for entry in reversed(announced):
        if entry["effect"] == "cancel" and not entry["cancelled"]:
            announced[entry["target"]]["cancelled"] = True
    state.to_resolve = list(announced)
    state.action_discard.extend(e["card"] for e in announced)
    resolve(state)


def resolve(state: WettenState) -> None:
    """WT 7.4: the next announced cards in order, until one must wait for draws (or
    a Paddock Tip's choice); then the window's phase goes on."""
    while state.to_resolve:
        entry = state.to_resolve.pop(0)
        if entry["cancelled"]:
            state.log.append(Event("action_cancelled", views.announcement_view(state, entry, None)))
            continue
        _apply_action(state, entry)
        if state.draws:
            setup.draw_pending(state)
            return
        state.looking = None
    windows.after_window(state)


def _apply_action(state: WettenState, entry: dict[str, Any]) -> None:
    """WT 8: one card's effect, in announcement order."""
    seat, effect, amount = entry["seat"], entry["effect"], entry["amount"]
    data: dict[str, Any] = views.announcement_view(state, entry, None)
    private: dict[int, Mapping[str, Any]] | None = None
    if effect in ("move", "halve", "cap", "swap", "boost_last"):
        apply_modifier(
            effect, amount, state.movement, state.running(), entry["horse"], entry["other"]
        )
        data["movement"] = list(state.movement)
    elif effect == "peek_deck":
        state.looking = (seat, [])
        state.draws.extend([(seat, "look")] * amount)
    elif effect == "peek_hand":
        opponent = entry["opponent"]
        seen = views.cards_view(state, state.hands[opponent])
        state.peeks[seat] = {"opponent": opponent, "cards": seen}
        private = {seat: {"cards": seen}}
    elif effect == LONG_ODDS:
        state.long_odds[seat] = True
    elif effect == "hedge":
        cell = (entry["horse"], entry["place"])
        stake = state.stakes[seat].pop(cell, 0)
        refund = stake // 2 // stakes.STEP * stakes.STEP
        if not state.unlimited:
            refund = min(refund, state.bank)
        state.cash[seat] += refund
        state.bank -= refund
        if state.no_chance[seat] == cell:
            state.no_chance[seat] = None
        data["refund"] = refund
        private = {seat: {"horse_name": state.horse_names[cell[0]], "place": cell[1]}}
    elif effect == "draw":
        state.draws.extend([(seat, "free")] * amount)
    state.log.append(Event("action_resolved", data, private))


# ============================================================ Paddock Tip
def keep_moves(state: WettenState) -> list[Move]:
    """WT 8.6: keep one of the race cards looked at."""
    assert state.looking is not None
    return [KeepCard(c) for c in state.looking[1]]


def check_keep(state: WettenState, move: Move) -> None:
    """WT 8.6: only one of the race cards looked at is kept."""
    assert state.looking is not None
    if not isinstance(move, KeepCard) or move.card not in state.looking[1]:
        raise IllegalMove("WT 8.6 Paddock Tip", "keep one of the race cards you are looking at")


def keep(state: WettenState, seat: int, card: str) -> None:
    """WT 8.6 Paddock Tip: one looked-at card into the hand, the rest under the pile."""
    assert state.looking is not None
    cards = state.looking[1]
    cards.remove(card)
    state.hands[seat].append(card)
    state.pile[:0] = reversed(cards)
    state.log.append(
        Event(
            "paddock_tip_kept",
            {"seat": seat, "under_the_pile": len(cards)},
            {seat: {"card": card}},
        )
    )
    state.looking = None
    resolve(state)
