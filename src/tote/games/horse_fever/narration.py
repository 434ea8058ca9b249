"""Horse Fever's log in words (issue 15): every entry as sentences, no card codes.

Cards are called by their printed names (the Action card "In Igni Veritas", the
Assistant "Justice Bros.", the Horse "Giumenta"), Targets by what they ask for, money
in Danari, victory points as VP, odds as printed on the board ("1:4"). A card someone
keeps secret is named only in its owner's log: the entry of that view holds it or not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tote.core.narration import (
    Sentence,
    Who,
    a_or_an,
    count_noun,
    join_words,
    narrate,
    ordinal,
)
from tote.games.horse_fever.data import TARGET_WORDS, cards

DECKS = {"action": "Action", "target": "Target", "assistant": "Assistant", "horse": "Horse"}
AUCTIONS = {"dutch_auction": "Dutch auction", "english_auction": "English auction"}
LABELS = ("Danari", "VP", "round", "rounds", "square", "squares", "row", "rows", "seat", "of")
"""The words a number may stand next to in this game's sentences (besides odds "1:4")."""


def danari(amount: int) -> str:
    return f"{amount:,} Danari"


def vp(points: int) -> str:
    return f"{points} VP"


def horse(colour: str) -> str:
    return f"the {colour} horse"


def stable(colour: str) -> str:
    return f"the {colour} Stable"


def card_words(card: str, article: bool = True) -> str:
    """A card by its printed name ("the Action card In Igni Veritas"), a Target by what
    it asks for, a Stable colour as that Stable; "target" alone: a Target card. Without
    ``article`` a named card reads "Action card In Igni Veritas" (for "Ann's ...")."""
    text = _card_words(card)
    return text if article else text.removeprefix("the ")


def _card_words(card: str) -> str:
    if card == "target":
        return "a Target card"
    data = cards()
    for group, noun in ((data.actions, "Action card"), (data.assistants, "Assistant")):
        for c in group:
            if c.id == card:
                return _named(noun, c.name)
    for h in data.horses:
        if h.id == card:
            return _named("Horse", h.name)
    for t in data.targets:
        if t.id == card:
            most = "the most" if t.sign == "+" else "the fewest"
            return f"the Target card for {most} {TARGET_WORDS.get(t.counts, t.counts)}"
    if card in _colours():
        return stable(card)
    return "a card"


def _named(noun: str, name: str) -> str:
    if name.startswith("("):
        return a_or_an(f"unnamed {noun}")
    return f"the {noun} {name}"


def _colours() -> set[str]:
    return {"black", "blue", "green", "red", "yellow", "white"}


def describe_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """One log entry as sentences; private details only in their owner's log."""
    return narrate(event, names, _SENTENCES)


def _draw(e: dict[str, Any], who: Who) -> str:
    card = e.get("card")
    if card:
        return f"{who(e['seat'])} draws {card_words(card)}"
    return f"{who(e['seat'])} draws {a_or_an(DECKS.get(e['deck'], 'hidden') + ' card')}"


def _keep(e: dict[str, Any], who: Who) -> str:
    card = e.get("card")
    what = card_words(card) if card else a_or_an(DECKS.get(e["deck"], "hidden") + " card")
    return f"{who(e['seat'])} keeps {what}"


def _buy(e: dict[str, Any], who: Who) -> str:
    if e["deck"] == "action":
        return f"{who(e['seat'])} buys two Action cards"
    return f"{who(e['seat'])} buys {a_or_an(DECKS.get(e['deck'], 'hidden') + ' card')}"


def _committed(e: dict[str, Any], who: Who) -> str:
    move = e.get("move")
    if isinstance(move, dict) and move.get("type") == "place_bet":
        return (
            f"Your secret bet: {danari(move['amount'])} on {horse(move['stable'])} to {move['bet']}"
        )
    if isinstance(move, dict) and move.get("type") == "play_action_card":
        return f"Your secret card: {card_words(move['card'])} behind {horse(move['stable'])}"
    return f"{who(e['seat'])} has made a secret move"


def _movement(e: dict[str, Any], who: Who) -> str:
    moved = join_words(f"{horse(c)} {count_noun(n, 'square')}" for c, n in e["moved"].items())
    when = "start" if e.get("start") else "race"
    return f"A {when} movement card is turned: {moved}"


def _sprint(e: dict[str, Any], who: Who) -> str:
    dice = join_words(e["dice"])
    sprinted = join_words(
        f"{horse(c)} sprints {count_noun(n, 'square')}" for c, n in e["sprinted"].items()
    )
    text = f"The sprint dice show {dice}"
    return f"{text}: {sprinted}" if sprinted else f"{text}; nobody sprints"


def _payoff_line(line: dict[str, Any], who: Who) -> str:
    if "prize" in line:
        return (
            f"{who(line['seat'])} gets {danari(line['prize'])} for owning {stable(line['stable'])}"
        )
    if "cards" in line:
        return f"{who(line['seat'])} gets {danari(line['cards'])} from Assistants and Horses"
    bet = f"{who(line['seat'])}'s bet on {horse(line['stable'])} to {line['bet']}"
    if not line["won"]:
        return f"{bet} loses"
    return f"{bet} wins {danari(line['danari'])} and {vp(line['vp'])}"


def _payoffs(e: dict[str, Any], who: Who) -> str:
    podium = join_words(f"{horse(c)} {ordinal(i)}" for i, c in enumerate(e["ranking"][:3], start=1))
    lines = [_payoff_line(line, who) for line in e["lines"]]
    return f"Payoffs, with {podium}: " + ("; ".join(lines) if lines else "nobody is paid")


def _final(e: dict[str, Any], who: Who) -> str:
    parts = [
        f"{who(loan['seat'])} repays {danari(loan['paid'])} of loans"
        if loan["paid"] is not None
        else f"{who(loan['seat'])} cannot repay the loans"
        for loan in e["loans"]
    ]
    for seat, held in (e.get("targets") or {}).items():
        parts.append(f"{who(int(seat))} fulfils {join_words(card_words(c) for c in held)}")
    points = join_words(f"{who(s)} {vp(p)}" for s, p in enumerate(e["vp"]))
    return "The final stage: " + "; ".join([*parts, f"in the end {points}"])


def _reveal(e: dict[str, Any], who: Who) -> str:
    if not e["cards"]:
        return "No Action cards were played this race"
    shown = join_words(
        f"{who(c['seat'])}'s {card_words(c['card'], article=False)} behind {horse(c['stable'])}"
        for c in e["cards"]
    )
    return f"The Action cards are revealed: {shown}"


def _auction(e: dict[str, Any], who: Who) -> str:
    name = AUCTIONS.get(e.get("auction", ""), "auction")
    if e["accept"]:
        price = f" at {danari(e['price'])}" if e.get("price") else ""
        return f"In the {name}, {who(e['seat'])} accepts{price}"
    return f"In the {name}, {who(e['seat'])} drops out"


def _offer_card(card: str) -> str:
    return card_words(card)


_SENTENCES: dict[str, Sentence] = {
    "stable_token": lambda e, who: f"{stable(e['stable'])} starts at odds of 1:{e['odds']}",
    "character": lambda e, who: (
        f"{who(e['seat'])} is {e['character']}, with {danari(e['danari'])}"
        + (f" and {stable(e['stable'])}" if e.get("stable") else " and no Stable")
    ),
    "committed": _committed,
    "first_player": lambda e, who: f"{who(e['seat'])} is the First Player",
    "round": lambda e, who: f"Round {e['round']} of {e['rounds']} begins, {who(e['first'])} first",
    "buy": _buy,
    "draw": _draw,
    "keep": _keep,
    "pass": lambda e, who: f"{who(e['seat'])} passes and takes {danari(e['received'])}",
    "buy_stable": lambda e, who: (
        f"{who(e['seat'])} buys {stable(e['stable'])} for {danari(e['price'])}"
    ),
    "loan": lambda e, who: (
        f"{who(e['seat'])} borrows {danari(e['received'])} from the"
        f" {'Mob' if e['side'] == 'mob' else 'Bank'}"
    ),
    "lineup": lambda e, who: (
        f"{who(e['seat'])} lines up {card_words(e['card'])} for {stable(e['stable'])}"
    ),
    "offer": lambda e, who: (
        f"{who(e['buyer'])} offers {who(e['seller'])} {danari(e['price'])}"
        f" for {_offer_card(e['card'])}"
    ),
    "offer_refused": lambda e, who: f"{who(e['seller'])} refuses {who(e['buyer'])}'s offer",
    "sold": lambda e, who: (
        f"{who(e['seller'])} sells {_offer_card(e['card'])} to {who(e['buyer'])}"
        f" for {danari(e['price'])}"
    ),
    "bet": lambda e, who: (
        f"{who(e['seat'])} bets {danari(e['amount'])} on {horse(e['stable'])} to {e['bet']}"
    ),
    "skip_bet": lambda e, who: f"{who(e['seat'])} makes no second bet",
    "action_card": lambda e, who: (
        f"{who(e['seat'])} plays "
        + (card_words(e["card"]) if e.get("card") else "an Action card")
        + f" face down behind {horse(e['stable'])}"
    ),
    "cannot_cover": lambda e, who: (
        f"{who(e['seat'])} cannot cover the Minimum Bet and loses {vp(e['vp_lost'])}"
    ),
    "eliminated": lambda e, who: f"{who(e['seat'])} is out of the game: they {e['why']}",
    "cards_cancelled": lambda e, who: (
        f"Cancelled: {join_words(card_words(card) for card in e['cards'])}"
    ),
    "reveal": _reveal,
    "odds_change": lambda e, who: (
        f"The odds of {horse(e['stable'])} go from 1:{e['from']} to 1:{e['to']}"
    ),
    "new_odds": lambda e, who: (
        "The new odds are "
        + join_words(f"1:{odds} for {horse(c)}" for c, odds in e["odds"].items())
    ),
    "eric_change": lambda e, who: (
        f"{who(e['seat'])} changes the odds of {horse(e['stable'])} to 1:{e['odds']}"
    ),
    "copy": lambda e, who: f"{who(e['seat'])} copies {card_words(e['card'])}",
    "auction": _auction,
    "dutch_auction": lambda e, who: (
        "In the Dutch auction nobody sells a VP"
        if e.get("seller") is None
        else f"In the Dutch auction {who(e['seller'])} sells a VP for {danari(e['price'])}"
    ),
    "english_auction": lambda e, who: (
        "In the English auction nobody buys a VP"
        if e.get("buyer") is None
        else f"In the English auction {who(e['buyer'])} buys a VP for {danari(e['price'])}"
    ),
    "movement": _movement,
    "sprint": _sprint,
    "ranked": lambda e, who: f"{horse(e['stable'])} finishes {ordinal(e['place'])}",
    "payoffs": _payoffs,
    "final": _final,
}


def describe_move(move: dict[str, Any]) -> str | None:
    """A move (its JSON form) in words; ``None`` for a kind told elsewhere."""
    kind = move["type"]
    phrases: dict[str, Callable[[dict[str, Any]], str]] = {
        "place_bet": lambda m: f"bet {danari(m['amount'])} on {horse(m['stable'])} to {m['bet']}",
        "keep_card": lambda m: f"keep {card_words(m['card'])}",
        "copy_assistant": lambda m: f"copy {card_words(m['card'])}",
        "play_action_card": lambda m: f"play {card_words(m['card'])} behind {horse(m['stable'])}",
        "line_up_horse": lambda m: f"line up {card_words(m['card'])} for {stable(m['stable'])}",
        "answer_offer": lambda m: (
            "refuse the offer" if m["card"] is None else f"sell {card_words(m['card'])}"
        ),
        "pass": lambda m: "pass",
        "buy_action_cards": lambda m: "buy two Action cards",
        "buy_card": lambda m: f"buy {a_or_an(DECKS.get(m['deck'], 'hidden') + ' card')}",
        "buy_stable": lambda m: f"buy {stable(m['stable'])}",
        "take_loan": lambda m: f"take a loan from the {'Mob' if m['side'] == 'mob' else 'Bank'}",
        "end_lineup": lambda m: "end the lineup",
        "skip_bet": lambda m: "make no second bet",
        "accept": lambda m: "accept the price",
        "refuse": lambda m: "refuse the price",
        "photo_finish": lambda m: f"place {horse(m['stable'])} next in the photo finish",
        "buy_from_player": lambda m: (
            f"offer to buy {card_words(m['card'])} from the player in seat {m['seller'] + 1}"
        ),
        "change_odds": lambda m: (
            f"move the odds of {horse(m['stable'])} {count_noun(abs(m['rows']), 'row')}"
            f" {'up' if m['rows'] > 0 else 'down'}"
        ),
    }
    phrase = phrases.get(kind)
    return phrase(move) if phrase else None
