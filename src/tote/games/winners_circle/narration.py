"""Winner's Circle's log in words (issue 15): every entry as sentences, no codes.

Horses are called by their colour, chips by their face ("a 2-chip"), money in dollars
("$300", the board's money), die faces by their symbol. A face-down chip (WC 6.1)
stays "face down" unless the view shows its owner its value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tote.core.narration import Who, a_or_an, count_noun, join_words, neutral, seat_namer
from tote.core.narration import sentence as finish

PLACES = {"win": "1st (win)", "place": "2nd (place)", "show": "3rd (show)"}
REASONS = {
    "win": "on {horse} to win",
    "place": "on {horse} to place",
    "show": "on {horse} to show",
    "pace": "as the pace horse bonus on {horse}",
    "last": "for {horse} coming last",
}
LABELS = ("race", "races", "gate", "space", "spaces", "chip", "chips", "of", "times")
"""The words a number may stand next to in this game's sentences (besides money)."""


def money(amount: int) -> str:
    """An amount of the game's money: "$1,200"."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def horse(name: str) -> str:
    """A horse by its colour: "the red horse"."""
    return f"the {name} horse"


def chip(value: int) -> str:
    return f"{value}-chip"


def describe_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """One log entry as sentences (face-down chips stay hidden unless the view shows them)."""
    who = seat_namer(names)
    kind = event["kind"]
    if kind == "horse_card":
        return finish(
            f"A horse card is drawn for {horse(event['horse'])}: it takes gate"
            f" {event['gate']} and starts on space {event['space']}"
        )
    if kind == "card_set_aside":
        return finish(
            f"A Royal Turf card of {horse(event['horse'])} is put aside,"
            f" as {horse(event['horse'])} already runs"
        )
    if kind == "first_bettor":
        return finish(f"In race {event['race']}, {who(event['seat'])} places the first bet")
    if kind == "bet":
        return _bet(event, who)
    if kind == "die":
        return finish(f"{who(event['seat'])} rolls {a_or_an(event['symbol'])}")
    if kind == "horse_moved":
        return _moved(event, who)
    if kind == "payout":
        return _payout(event, who)
    if kind == "committed":
        return finish(f"{who(event['seat'])} has made a secret move")
    return neutral(event, names)


def _bet(event: dict[str, Any], who: Who) -> str:
    if event.get("face_down"):
        value = event.get("chip")
        secret = "" if value is None else f" (your {chip(value)})"
        return finish(
            f"{who(event['seat'])} places a chip face down on {horse(event['horse'])}{secret}"
        )
    return finish(
        f"{who(event['seat'])} bets {a_or_an(chip(event['chip']))} on {horse(event['horse'])}"
    )


def _moved(event: dict[str, Any], who: Who) -> str:
    name = horse(event["horse"])
    text = f"{who(event['seat'])} moves {name} {count_noun(event['moved'], 'space')}"
    if event["moved"] != event["value"]:
        text += f" (of {count_noun(event['value'], 'space')}: the way is blocked)"
    if event.get("finished"):
        text += f" across the finish line, and it comes {PLACES[event['finished']]}"
    else:
        text += f" to space {event['space']}"
    if event.get("pace_horse"):
        text += f"; {name} is now the pace horse"
    return finish(text)


def _payout(event: dict[str, Any], who: Who) -> str:
    last = join_words(horse(h) for h in event["last"])
    parts = [
        finish(
            f"Race {event['race']} is over: {horse(event['win'])} wins,"
            f" {horse(event['place'])} places, {horse(event['show'])} shows and {last}"
            f" {'comes' if len(event['last']) == 1 else 'come'} last"
        )
    ]
    if event["multiplier"] != 1:
        parts.append(finish(f"This race pays {event['multiplier']} times the table"))
    by_seat: dict[int, list[str]] = {}
    for p in event["payments"]:
        reason = REASONS.get(p["reason"], "on {horse}").format(horse=horse(p["horse"]))
        verb = "wins" if p["amount"] >= 0 else "pays"
        by_seat.setdefault(p["seat"], []).append(f"{verb} {money(abs(p['amount']))} {reason}")
    for seat in sorted(by_seat):
        parts.append(finish(f"{who(seat)} {join_words(by_seat[seat])}"))
    if not by_seat:
        parts.append("Nobody is paid.")
    standing = join_words(f"{who(s)} has {money(m)}" for s, m in enumerate(event["money"]))
    parts.append(finish(f"Now {standing}"))
    return " ".join(parts)
