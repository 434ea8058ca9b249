"""Typed refusals. Every message is one line a user can read."""

from __future__ import annotations


class ToteError(Exception):
    """Base of every error tote reports to a user."""


class IllegalMove(ToteError):
    """A move the rules forbid. ``rule`` names the rule (e.g. ``"WC 2.4 one bet per horse"``)."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")


class MalformedMove(IllegalMove):
    """A move that is not even well formed: unknown type, missing or wrong fields."""

    def __init__(self, message: str) -> None:
        super().__init__("move format", message)


class OptionsError(ToteError, ValueError):
    """Game options that cannot be used (bad player count, unknown variant, bad value).

    Also a :class:`ValueError` (issue 30, fix 4), so that code catching ``ValueError``
    for bad configuration, as Python's own functions raise it, catches it too."""


class RecordError(ToteError):
    """A record that cannot be replayed; says which move, which seat and why."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)
