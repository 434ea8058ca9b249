"""The checks of issue 15 ("Words, not codes") on one line of text, shared by its tests.

A line passes when it has no raw ids or code words, every number in it stands next to
a label word (or is money, an ordinal, odds or a chip's face), it starts with a capital
and ends with punctuation, "a"/"an" agrees with the next word, and a count agrees with
its noun.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tote.core.narration import a_or_an

CODES = [
    (re.compile(r"\b[A-Z]{1,2}\d{1,3}g?\b"), "a card or tile id"),
    (re.compile(r"\b[a-z]{1,2}\d+\b"), "an id"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case word"),
    (re.compile(r"\b\w+="), "key=value"),
    (re.compile(r"[{}\[\]]"), "a bracket"),
    (re.compile(r"\b(None|True|False|null|undefined|NaN)\b(?! [A-Z])"), "a code value"),
    (re.compile(r"\b[a-z]+-\d\b"), "a card copy id"),
    (re.compile(r"\b[NESW][LR]?\.[NESW]"), "an edge label"),
    (re.compile(r"\b(city|road|field):"), "a feature label"),
    (re.compile(r"-?\d+ -?\d+ turned"), "coordinates"),
]
ACCEPTED = [
    re.compile(r"[-+]?\$[\d,]+"),  # money
    re.compile(r"\b\d+(st|nd|rd|th)\b"),  # ordinals
    re.compile(r"\b\d+:\d+\b"),  # odds as printed (Horse Fever)
    re.compile(r"\b\d+ to \d+\b"),  # odds (Wits & Wagers)
    re.compile(r"\b\d+/\d+\+?(?= chip\b)"),  # a betting chip's face (Carcassonne)
    re.compile(r"\b\d+-chips?\b"),  # a chip of Winner's Circle
]
NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
COUNT_NOUNS = {
    "tile", "point", "space", "square", "field", "chip", "card", "race card", "action card",
    "row", "pennant", "road", "city", "bet",
}  # fmt: skip
PLURALS = {n: ("cities" if n == "city" else n + "s") for n in COUNT_NOUNS}
ARTICLE = re.compile(r"\b([Aa]n?) ([\w$+-]+)")


def tokenize(text: str) -> list[str]:
    """Numbers, words and single other characters."""
    return re.findall(r"[-+]?\d[\d,]*(?:\.\d+)?|[\w$']+|[^\w\s]", text)


def problems(line: str, labels: Iterable[str]) -> list[str]:
    """What is wrong with ``line``; ``labels``: the words a number may stand next to."""
    found: list[str] = []
    text = re.sub(r'"[^"]*"', '"Q"', line)  # a quoted question is printed matter
    if not text or not (text[0].isupper() or text[0] in "\"'"):
        found.append("does not start with a capital letter")
    if not text.rstrip().endswith((".", "!", "?", '."', '?"')):
        found.append("does not end with punctuation")
    for pattern, what in CODES:
        match = pattern.search(text)
        if match:
            found.append(f"shows {what}: {match.group(0)!r}")
    words = {w.lower() for w in labels}
    plain = text
    for pattern in ACCEPTED:
        plain = pattern.sub("LABELLED", plain)
    tokens = tokenize(plain)
    for i, token in enumerate(tokens):
        if not NUMBER.fullmatch(token):
            continue
        before = tokens[i - 1].lower() if i > 0 else ""
        after = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if before not in words and after not in words:
            found.append(
                f"an unlabelled number: {token!r} in {' '.join(tokens[max(0, i - 2) : i + 3])!r}"
            )
    for article, word in ARTICLE.findall(text):
        if word == "LABELLED":
            continue
        want = a_or_an(word).split(" ", 1)[0]
        if want != article.lower():
            found.append(f"{article!r} before {word!r}")
    for noun, nouns in PLURALS.items():
        if re.search(rf"(?<![\d,.]){re.escape('1')} {nouns}\b", text):
            found.append(f"'1 {nouns}'")
        bad = re.search(rf"(?<![/\d])(?<!the )\b(0|[2-9]|\d{{2,}}) {noun}\b(?!s)", text)
        if bad and not re.search(rf"\b{bad.group(1)} {noun}['-]", text):
            found.append(f"{bad.group(0)!r}")
    return found
