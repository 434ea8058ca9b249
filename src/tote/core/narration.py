"""Small helpers for writing log sentences in words, not codes (issue 15).

Every game narrates its log in its own ``narration`` module; these helpers keep the
grammar the same everywhere: "an assistant card", "1 tile" but "2 tiles", "1st",
"A, B and C", a sentence that starts with a capital and ends with a full stop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

Who = Callable[[int | None], str]
"""A seat number (``None``: nobody) as the name the table calls it."""

_VOWEL_SOUNDS = ("a", "e", "i", "o", "u")
_CONSONANT_SOUND_EXCEPTIONS = ("one", "once", "uni", "use", "usu", "eu", "ewe")
_VOWEL_SOUND_EXCEPTIONS = ("hour", "honest", "honour", "heir", "8", "11", "18")
_IRREGULAR_PLURALS = {"die": "dice", "VP": "VP", "Danari": "Danari", "D": "D", "$": "$"}


def a_or_an(phrase: str) -> str:
    """``phrase`` with its indefinite article: "a tile", "an assistant card", "an 8"."""
    word = phrase.lstrip().lower()
    if word.startswith(_VOWEL_SOUND_EXCEPTIONS):
        return f"an {phrase}"
    if word.startswith(_CONSONANT_SOUND_EXCEPTIONS):
        return f"a {phrase}"
    return f"{'an' if word.startswith(_VOWEL_SOUNDS) else 'a'} {phrase}"


def plural(noun: str) -> str:
    """The plural of a countable ``noun`` ("tile" -> "tiles", "die" -> "dice")."""
    if noun in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in _VOWEL_SOUNDS:
        return noun[:-1] + "ies"
    return noun + "s"


def count_noun(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` with ``noun`` agreeing: "1 tile", "2 tiles", "0 points", "1,000 points"."""
    word = noun if count in (1, -1) else (nouns or plural(noun))
    return f"{count:,} {word}"


def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def join_words(items: Iterable[str], conjunction: str = "and") -> str:
    """ "A", "A and B", "A, B and C" (no items: "")."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def sentence(text: str) -> str:
    """``text`` as a sentence: capital first letter, a full stop unless it already ends
    with one (``.``, ``!``, ``?``)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def seat_namer(names: Sequence[str]) -> Who:
    """The table's name of a seat; a seat past the list is "Seat N", ``None`` "nobody"."""

    def who(seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    return who


def neutral(event: dict[str, Any], names: Sequence[str]) -> str:
    """A sentence for an entry a game does not know (a newer engine's): no codes, only
    whose it is when it names a seat."""
    seat = event.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"Something happens for {seat_namer(names)(seat)}."
    return "Something happens in the game."


Sentence = Callable[[dict[str, Any], Who], str]
"""How a game tells one kind of log entry: the entry and the seats' names give the words."""


def narrate(event: dict[str, Any], names: Sequence[str], sentences: Mapping[str, Sentence]) -> str:
    """``event`` told by the game's sentence for its kind (``sentences``), as a sentence;
    a kind the game does not tell gets :func:`neutral`'s. Every game's ``narration``
    module answers ``describe_event`` with this."""
    told = sentences.get(event["kind"])
    if told is None:
        return neutral(event, names)
    return sentence(told(event, seat_namer(names)))


BOT_PLACEHOLDER_PREFIX = "Player "


def seat_names(
    seats: Sequence[tuple[str | None, str | None]], players: int | None = None
) -> list[str]:
    """What a table calls its seats, from each seat's ``(name, bot)`` (issue 15).

    A human is called by their name. A bot still wearing the placeholder name
    "Player N" (or none) is called by its bot, "Odds bot", numbered when a table has
    several of one kind ("Odds bot 1", "Odds bot 2"). A seat without either is
    "Seat N". ``players`` seats are named (default: as many as ``seats``). The browser
    (``static/js/table.js``, ``names()``) follows the same rule."""

    def unnamed(name: str | None, bot: str | None) -> bool:
        return bool(bot) and (not name or _is_placeholder(name))

    count = len(seats) if players is None else players
    kinds: dict[str, int] = {}
    for name, bot in seats:
        if bot and unnamed(name, bot):
            kinds[bot] = kinds.get(bot, 0) + 1
    counted: dict[str, int] = {}
    out = []
    for i in range(count):
        name, bot = seats[i] if i < len(seats) else (None, None)
        if bot and unnamed(name, bot):
            counted[bot] = counted.get(bot, 0) + 1
            number = f" {counted[bot]}" if kinds[bot] > 1 else ""
            out.append(f"{bot[:1].upper()}{bot[1:]} bot{number}")
        elif name:
            out.append(name)
        else:
            out.append(f"Seat {i + 1}")
    return out


def _is_placeholder(name: str) -> bool:
    rest = name.removeprefix(BOT_PLACEHOLDER_PREFIX)
    return rest != name and rest.isdigit() and rest.isascii()
