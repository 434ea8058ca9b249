"""Wetten!'s log and moves in words (issue 15): every entry as sentences, no card codes.

Horses are called by name, places as ordinals ("Queen in 2nd place"), money in dollars
("$2,000"), race cards by what they show ("a race card moving Queen 3 fields, ..."),
action cards by their printed names. A card in someone's hand or ticket is told only
in its owner's log: the entry of that view holds it or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tote.core.narration import (
    Sentence,
    Who,
    count_noun,
    join_words,
    narrate,
    ordinal,
    seat_namer,
)
from tote.games.wetten.data import action_deck, race_deck

WINDOWS = {
    "stakes": "before Set the Stakes",
    "start_before": "at the Start, before the race cards are chosen",
    "start": "at the Start, with the race cards revealed",
    "second_bet": "before the Second Bet",
    "neck_and_neck": "in a Neck-and-Neck round, with the race cards revealed",
}
TICKETS = {"set_the_stakes": "Set the Stakes", "second_bet": "Second Bet"}
DRAW_REASONS = {
    "buy": "a bought race card",
    "free": "a free race card",
    "look": "a race card to look at",
}
LABELS = ("race", "round", "field", "fields", "card", "cards", "action", "times", "seat")
"""The words a number may stand next to in this game's sentences (besides money and
places)."""


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


@cache
def _horses() -> tuple[str, ...]:
    return tuple(h.name for h in sorted(race_deck().horses, key=lambda h: h.number))


@cache
def _action_names() -> dict[str, str]:
    return {copy: card.name for copy, card in action_deck().copies.items()}


def action_card(card: str, article: str = "the") -> str:
    """An action card by its printed name: "the Doping card" (``article`` ""
    for "Ann's Doping card")."""
    name = _action_names().get(card)
    if not name:
        return "an action card" if article else "action card"
    return f"{article} {name} card".lstrip()


def moving(values: Sequence[int]) -> str:
    """Movement numbers for horses #1 to #4 in words: "Queen 3 fields, Raider 1 field..."."""
    horses = _horses()
    return join_words(
        f"{horses[i] if i < len(horses) else f'horse {i + 1}'} {count_noun(v, 'field')}"
        for i, v in enumerate(values)
    )


def race_card(values: Sequence[int]) -> str:
    return f"a race card moving {moving(values)}"


def bet_words(bet: dict[str, Any]) -> str:
    return f"{money(bet['stake'])} on {bet['horse']} in {ordinal(bet['place'])} place"


def bets_words(bets: Sequence[dict[str, Any]]) -> str:
    return join_words(bet_words(b) for b in bets) if bets else "no bets"


def describe_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """One log entry as sentences."""
    return narrate(event, names, _SENTENCES)


def _dealt(e: dict[str, Any], who: Who) -> str:
    hand = e.get("race_cards")
    if not isinstance(hand, list):
        return (
            f"The decks are shuffled; everyone is dealt {count_noun(e['race_cards'], 'race card')}"
            f" and {count_noun(e['action_cards'], 'action card')}"
        )
    dealt = [count_noun(len(hand), "race card"), *(action_card(c) for c in e["action_cards"])]
    return f"You are dealt {join_words(dealt)}"


@cache
def _deck_values() -> dict[str, tuple[int, int, int, int]]:
    return dict(race_deck().values)


def _drawn(e: dict[str, Any], who: Who) -> str:
    what = DRAW_REASONS.get(e["reason"], "a race card")
    if "values" in e:
        return f"{who(e['seat'])} draws {what}: {race_card(e['values'])}"
    return f"{who(e['seat'])} draws {what}"


def _tickets(e: dict[str, Any], who: Who) -> str:
    what = TICKETS.get(e["ticket"], "betting")
    totals = join_words(f"{who(s)} {money(t)}" for s, t in enumerate(e["totals"]))
    text = f"The {what} tickets lie face down, with {totals} on them"
    if "bets" in e:
        text += f"; yours holds {bets_words(e['bets'])}"
    return text


def _target(e: dict[str, Any], who: Who) -> str:
    parts = []
    place = f" in {ordinal(e['place'])} place" if e.get("place") else ""
    if e.get("horse"):
        parts.append(e["horse"] + place)
    elif place:
        parts.append(f"the bet{place}")
    if e.get("other_horse"):
        parts.append(e["other_horse"])
    if e.get("opponent") is not None:
        parts.append(who(e["opponent"]))
    return f" on {join_words(parts)}" if parts else ""


def _announced(e: dict[str, Any], who: Who) -> str:
    fee = f" and pays a fee of {money(e['fee'])}" if e.get("fee") else ""
    return f"{who(e['seat'])} announces {action_card(e['card'])}{_target(e, who)}{fee}"


def _resolved(e: dict[str, Any], who: Who) -> str:
    text = f"{who(e['seat'])}'s {action_card(e['card'], '')} takes effect"
    if "movement" in e:
        text += f": this round the horses move {moving(e['movement'])}"
    if "refund" in e:
        text += f": the bank refunds {money(e['refund'])}"
    if "horse_name" in e:
        text += f" (your bet on {e['horse_name']} in {ordinal(e['place'])} place)"
    if "cards" in e:
        seen = "; ".join(race_card(c["values"]) for c in e["cards"]) or "no race cards"
        text += f"; you see {seen}"
    return text


def _no_chance(e: dict[str, Any], who: Who) -> str:
    marked = e["marked"]
    return (
        f"{who(e['seat'])} shows the Set the Stakes ticket ({bets_words(e['bets'])}) and marks"
        f" {marked['horse']} in {ordinal(marked['place'])} place to pay 8 times the stake"
    )


def _revealed(e: dict[str, Any], who: Who) -> str:
    return (
        f"In round {e['round']} the race cards are revealed: the horses move"
        f" {moving(e['movement'])}"
    )


def _moved(e: dict[str, Any], who: Who) -> str:
    horses = _horses()
    finished = [
        f"{horses[i] if i < len(horses) else f'horse {i + 1}'} {ordinal(p)}"
        for i, p in enumerate(e["places"])
        if p is not None
    ]
    where = join_words(
        f"{horses[i] if i < len(horses) else f'horse {i + 1}'} on field {p}"
        for i, p in enumerate(e["positions"])
    )
    text = f"The horses stand with {where}"
    return text + (f"; finished: {join_words(finished)}" if finished else "")


def _payout(e: dict[str, Any], who: Who) -> str:
    paid = join_words(
        f"{who(p['seat'])} {money(p['amount'])} for {p['horse']} in {ordinal(p['place'])}"
        f" place at {p['quota']} times"
        for p in e["paid"]
    )
    text = f"Race {e['race']} is paid out: {paid or 'nobody wins'}"
    if e.get("ended_early"):
        text += "; the bank cannot pay everything, so the game ends"
    return text


def _game_over(e: dict[str, Any], who: Who) -> str:
    cash = join_words(f"{who(s)} {money(c)}" for s, c in enumerate(e["cash"]))
    return f"The game is over: {cash}"


def _committed(e: dict[str, Any], who: Who) -> str:
    move = e.get("move")
    if isinstance(move, dict) and move.get("type") in TICKETS:
        return f"Your secret {TICKETS[move['type']]} ticket: {bets_words(move.get('bets', []))}"
    if isinstance(move, dict) and move.get("type") == "play_race_card":
        values = _deck_values().get(move.get("card") or "")
        card = race_card(values) if values else "no race card"
        return f"Your secret card: {card}"
    return f"{who(e['seat'])} has made a secret move"


def _kept(e: dict[str, Any], who: Who) -> str:
    values = _deck_values().get(e.get("card") or "")
    card = f" ({race_card(values)})" if values else ""
    under = count_noun(e.get("under_the_pile", 0), "card")
    return f"{who(e['seat'])} keeps a looked-at race card{card} and puts {under} under the pile"


_SENTENCES: dict[str, Sentence] = {
    "race": lambda e, who: (
        f"Race {e['race']} begins, with a minimum stake of {money(e['minimum_stake'])}"
    ),
    "dealt": _dealt,
    "race_card_drawn": _drawn,
    "tickets": _tickets,
    "window": lambda e, who: (
        f"A window for action cards opens {WINDOWS.get(e['timing'], 'now')},"
        f" {who(e['priority'])} first"
    ),
    "pass": lambda e, who: f"{who(e['seat'])} passes",
    "race_card_bought": lambda e, who: f"{who(e['seat'])} buys a race card for {money(e['price'])}",
    "action_announced": _announced,
    "action_resolved": _resolved,
    "action_cancelled": lambda e, who: (
        f"{who(e['seat'])}'s {action_card(e['card'], '')} is cancelled"
    ),
    "no_chance": _no_chance,
    "race_cards_revealed": _revealed,
    "horses_moved": _moved,
    "payout": _payout,
    "committed": _committed,
    "game_over": _game_over,
    "reshuffled": lambda e, who: (
        f"The discards are reshuffled into a new pile of {count_noun(e['cards'], 'race card')}"
    ),
    "no_card_left": lambda e, who: f"No race card is left for {who(e['seat'])}",
    "paddock_tip_kept": _kept,
}


def describe_move(move: dict[str, Any]) -> str | None:
    """A move (its JSON form) in words; ``None`` for a kind told elsewhere."""
    kind = move["type"]
    if kind in TICKETS:
        text = f"{TICKETS[kind]}: {bets_words(move['bets'])}"
        marked = move.get("long_odds")
        if marked:
            text += f", with Long Odds on {marked['horse']} in {ordinal(marked['place'])} place"
        return text
    if kind == "play_race_card":
        values = _deck_values().get(move.get("card") or "")
        if move.get("card") is None:
            return "play no race card (your hand is empty)"
        return f"play {race_card(values)}" if values else "play this race card"
    if kind == "buy_race_card":
        return "buy a race card"
    if kind == "pass":
        return "pass"
    if kind == "no_chance":
        return (
            f"No chance: show the ticket, {move['horse']} in {ordinal(move['place'])} place"
            " pays 8 times"
        )
    if kind == "keep_card":
        values = _deck_values().get(move["card"])
        return f"keep {race_card(values)}" if values else "keep this race card"
    if kind == "play_action_card":
        target = dict(move)
        opponent = target.pop("opponent", None)
        text = f"play {action_card(move['card'])}{_target(target, seat_namer([]))}"
        if opponent is not None:
            text += f" against the player in seat {opponent + 1}"
        return text
    return None
