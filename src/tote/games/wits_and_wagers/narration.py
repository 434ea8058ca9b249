"""Wits & Wagers' log and moves in words (issue 15): every entry as sentences, no codes.

Guesses and answers carry the question's unit ("763 mph"), slots their number and odds
("slot 4, paying 2 to 1"), scores are points. The question itself is quoted as printed.
A guess or bet still secret is told only in its owner's log: the entry of that view
holds it or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tote.core.narration import (
    Sentence,
    Who,
    a_or_an,
    count_noun,
    join_words,
    narrate,
)
from tote.core.narration import sentence as finish
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS, SLOTS
from tote.games.wits_and_wagers.paying_out import BONUS

LABELS = ("question", "slot", "point", "points", "guess", "guessed", "year", "number")
CATEGORIES = {"arts-culture": "arts and culture", "us-facts": "US facts"}
"""The words a number may stand next to in this game's sentences (besides the units of
the questions, and the quoted question)."""


def number(text: str | None) -> str:
    """A guess or answer as people read it: ``1969``, ``4,294,967,296``, ``-3.5``."""
    if text is None:
        return ""
    digits = text.lstrip("-")
    if digits.isdigit() and len(digits) > 4:
        return f"{int(text):,}"
    return text


def with_unit(text: str | None, unit: str | None) -> str:
    """A guess or answer with its unit where it has one: "763 mph", "1969"."""
    unit = unit or ""
    if unit == "year":
        return f"the year {number(text)}"
    if unit in ("", "count", "number"):
        return f"the number {number(text)}"
    if unit.startswith("year "):
        unit = unit[len("year ") :]
    return f"{number(text)} {unit}"


def slot_words(slot: int, guess: str | None = None) -> str:
    """A slot of the mat: "slot 4 (2 to 1, the guess 710)", "All Guesses Too High"."""
    odds = SLOT_ODDS[slot] if 0 <= slot < SLOTS else 1
    if slot == ALL_TOO_HIGH:
        return f"All Guesses Too High ({odds} to 1)"
    shown = f", the guess {number(guess)}" if guess is not None else ""
    return f"slot {slot} ({odds} to 1{shown})"


def bets_words(bets: Sequence[dict[str, Any]]) -> str:
    """Bets on the mat in words: "slot 3 (3 to 1) with 2 chips more and slot 0 (6 to 1)"."""
    if not bets:
        return "nothing"
    slots = {bet["slot"] for bet in bets}
    if len(bets) > 1 and len(slots) == 1 and not any(bet.get("chips") for bet in bets):
        return f"both betting chips on {slot_words(bets[0]['slot'], bets[0].get('guess'))}"
    parts = []
    for bet in bets:
        part = slot_words(bet["slot"], bet.get("guess"))
        if bet.get("chips"):
            part += f" with {count_noun(bet['chips'], 'point')} of poker chips"
        parts.append(part)
    return join_words(parts)


def describe_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """One log entry as sentences. A secret move shows only in its owner's log."""
    return narrate(event, names, _SENTENCES)


def _question(e: dict[str, Any], who: Who) -> str:
    category = CATEGORIES.get(e.get("category") or "", str(e.get("category")).replace("-", " "))
    about = f" ({a_or_an(category)} question)" if e.get("category") else ""
    return f'Question {e["number"]}{about}: "{e["text"]}"'


def _committed(e: dict[str, Any], who: Who) -> str:
    move = e.get("move")
    if not isinstance(move, dict):
        return f"{who(e['seat'])} is done (secret until everyone is)"
    if move.get("type") == "guess":
        secret = f"You wrote the guess {number(str(move.get('value')))}"
    elif move.get("type") == "no_guess":
        secret = "You left your answer card blank"
    elif move.get("type") == "place_bets":
        secret = f"You bet on {bets_words(move.get('bets', []))}"
    else:
        secret = "You made a secret move"
    return f"{secret} (secret until everyone is done)"


def _guesses(e: dict[str, Any], who: Who) -> str:
    shown = join_words(f"{who(int(s))} guessed {number(g)}" for s, g in e["guesses"].items())
    text = f"The guesses are revealed: {shown or 'nobody guessed'}"
    if e.get("blank"):
        text += f"; {join_words(who(s) for s in e['blank'])} left the card blank"
    return text


def _bets(e: dict[str, Any], who: Who) -> str:
    if not e["bets"]:
        return f"{who(e['seat'])} places no bets"
    return f"{who(e['seat'])} bets on {bets_words(e['bets'])}"


def _changes(e: dict[str, Any], seat: int) -> list[str]:
    parts = []
    if seat in e.get("bonus", []):
        parts.append(f"wins a bonus of {count_noun(BONUS, 'point')}")
    for bet in e.get("bets", []):
        if bet["seat"] != seat:
            continue
        if "won" in bet:
            parts.append(f"wins {count_noun(bet['won'], 'point')} on slot {bet['slot']}")
        elif bet.get("lost"):
            parts.append(f"loses {count_noun(bet['lost'], 'point')} on slot {bet['slot']}")
    return parts


def _answer(e: dict[str, Any], who: Who) -> str:
    slot = e["winning_slot"]
    if slot == ALL_TOO_HIGH:
        winning = f"All Guesses Too High wins, paying {e['odds']} to 1"
    else:
        winners = []
        for entry in e.get("mat", []):
            if entry["slot"] == slot:
                winners = entry["seats"]
        by = f" by {join_words(who(s) for s in winners)}" if winners else ""
        winning = (
            f"the guess {number(e['winning_guess'])}{by} wins on slot {slot},"
            f" paying {e['odds']} to 1"
        )
    source = f' (source: "{e["source"]}")' if e.get("source") else ""
    parts = [
        finish(
            f"The answer to question {e['number']} is {with_unit(e['answer'], e.get('unit'))}"
            f"{source}; {winning}"
        )
    ]
    for seat in range(len(e["points"])):
        changes = _changes(e, seat)
        if changes:
            parts.append(finish(f"{who(seat)} {join_words(changes)}"))
    standing = join_words(
        f"{who(s)} has {count_noun(p, 'point')}" for s, p in enumerate(e["points"])
    )
    parts.append(f"Now {standing}")
    return " ".join(parts)


_SENTENCES: dict[str, Sentence] = {
    "question": _question,
    "committed": _committed,
    "guesses": _guesses,
    "bets": _bets,
    "bets_locked": lambda e, who: f"{who(e['seat'])} locks their bets",
    "answer": _answer,
}


def describe_move(move: dict[str, Any]) -> str | None:
    """A move (its JSON form) in words; ``None`` for a kind told elsewhere."""
    kind = move["type"]
    if kind == "guess":
        return f"write the guess {number(str(move['value']))}"
    if kind == "no_guess":
        return "leave the answer card blank"
    if kind == "place_bets":
        return "place no bets" if not move["bets"] else f"bet on {bets_words(move['bets'])}"
    if kind == "lock_bets":
        return "lock your bets"
    return None
