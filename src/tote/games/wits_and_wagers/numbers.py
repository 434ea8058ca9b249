"""Guesses are numbers written by hand: parse them exactly, refuse text clearly.

Rulebook, Step 1: "The answer to every question will be a number ... whole
numbers or decimals". We also take negatives, thousands separators
("1,200"), exponents ("1.5e3") and fractions ("3/4"), and compare exactly
(ruling B4-9): a guess is a :class:`fractions.Fraction`, never a float.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

_THOUSANDS = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$")
_SPACED = re.compile(r"^[+-]?\d{1,3}( \d{3})+(\.\d+)?$")
MAX_DIGITS = 40
LARGEST = 10**31
SMALLEST = Fraction(1, 10**30)


class NotANumber(ValueError):
    """The text is not a number tote can read; the message says why."""


def parse_number(text: str | int | float) -> Fraction:
    """Read ``text`` as an exact number within the limits of a guess (see :func:`_read`)."""
    value = _read(text)
    if value.denominator == 1:
        if abs(value.numerator) < LARGEST:
            return value
    elif SMALLEST <= abs(value) < LARGEST:
        return value
    if value == 0:
        return value
    raise NotANumber(f"{text!r} is too large or too small for a guess")


def _read(text: str | int | float) -> Fraction:
    """Read ``text`` as an exact number.

    Accepts ``42``, ``-3.5``, ``1,200``, ``1 200``, ``1.5e3``, ``3/4``, ``-1 1/2``
    is refused (ambiguous). Floats are taken by their shortest decimal form.
    """
    if isinstance(text, bool):
        raise NotANumber("a guess must be a number, not true or false")
    if isinstance(text, int):
        return Fraction(text)
    if isinstance(text, float):
        if text != text or text in (float("inf"), float("-inf")):
            raise NotANumber("a guess must be a finite number")
        return Fraction(Decimal(repr(text)))
    raw = text.strip().replace("\u2212", "-")
    if raw.isascii() and (raw.isdigit() or (raw[:1] == "-" and raw[1:].isdigit())):
        if len(raw) > MAX_DIGITS:
            raise NotANumber(f"a guess may have at most {MAX_DIGITS} characters")
        return Fraction(int(raw))
    if not raw:
        raise NotANumber("the guess is empty: write a number")
    if len(raw) > MAX_DIGITS:
        raise NotANumber(f"a guess may have at most {MAX_DIGITS} characters")
    if _THOUSANDS.match(raw):
        raw = raw.replace(",", "")
    elif _SPACED.match(raw):
        raw = raw.replace(" ", "")
    if raw.count("/") == 1:
        top, bottom = (part.strip() for part in raw.split("/"))
        numerator, denominator = _read(top), _read(bottom)
        if denominator == 0:
            raise NotANumber(f"{text!r} divides by zero")
        return numerator / denominator
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise NotANumber(
            f"{text!r} is not a number; write digits like 1969, -3.5, 1,200, 1.5e3 or 3/4"
        ) from None
    if not value.is_finite():
        raise NotANumber("a guess must be a finite number")
    if abs(value.adjusted()) > 60:
        raise NotANumber(f"{text!r} is too large or too small for a guess")
    return Fraction(value)


def format_number(value: Fraction) -> str:
    """Show an exact number as people write it: ``1969``, ``-3.5``, ``1/3``."""
    if value.denominator == 1:
        return str(value.numerator)
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(decimal) == value:
        return format(decimal.normalize(), "f")
    return f"{value.numerator}/{value.denominator}"
